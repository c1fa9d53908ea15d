"""A larger fuzz campaign, run by hand (not collected by pytest):

    .venv/bin/python tests/fuzz_campaign.py [--armies N] [--collections N] [--seed S]

Mutated example files (lines deleted, duplicated, garbled, values swapped), the hostile classes
of ``tests/hostile.py`` and random bytes, each army through ``check`` and ``check --json`` and
each collection through ``muster`` (one side and ``--both --json``), in process. Prints the
number of inputs and of tracebacks (any exception out of ``main``, or an exit code other than
0, 1, 2), with the first few inputs that gave one.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import string
import sys
import tempfile
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from hostile import HOSTILE, place, work_in  # noqa: E402

from builder.cli import main  # noqa: E402
from builder.resources import examples_dir  # noqa: E402

ARMIES = [(examples_dir() / n).read_text(encoding="utf-8") for n in ("lancaster.toml", "york.toml")]
COLLECTION = (examples_dir() / "collection.toml").read_text(encoding="utf-8")
VALUES = [
    '"x"',
    "4",
    "true",
    "[1]",
    "{a=1}",
    '""',
    "-1",
    "0",
    "1e9",
    '"../../etc/passwd"',
    "99999999",
    '"/etc/hostname"',
    '"\u200b"',
    "[[1]]",
    '"archers"',
    "inf",
]


def mutate(rng: random.Random, text: str) -> bytes:
    lines = text.splitlines()
    for _ in range(rng.randint(1, 6)):
        i = rng.randrange(len(lines))
        action = rng.choice(["delete", "dup", "garble", "value", "swap"])
        if action == "delete" and len(lines) > 1:
            lines.pop(i)
        elif action == "dup":
            lines.insert(i, lines[i])
        elif action == "garble":
            pos = rng.randint(0, len(lines[i]))
            lines[i] = lines[i][:pos] + rng.choice(string.printable) + lines[i][pos:]
        elif action == "value" and "=" in lines[i]:
            lines[i] = lines[i].split("=")[0] + "= " + rng.choice(VALUES)
        elif action == "swap":
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
    return ("\n".join(lines) + "\n").encode("utf-8")


def inputs(rng: random.Random, text: str, n: int) -> list[tuple[str, bytes]]:
    out: list[tuple[str, bytes]] = []
    for i in range(n):
        pick = i % 10
        if pick < 6:
            out.append(("mutated", mutate(rng, text)))
        elif pick < 9:
            kind = rng.choice(HOSTILE)
            out.append((kind, work_in(kind, text, rng.randint, rng.choice)))
        else:
            out.append(("bytes", rng.randbytes(rng.randint(0, 400))))
    return out


def run(argv: list[str]) -> str | None:
    """None for a clean end, else the traceback or bad exit code."""
    try:
        with (
            contextlib.redirect_stdout(io.StringIO()),
            contextlib.redirect_stderr(io.StringIO()) as err,
        ):
            code = main(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 2
    except BaseException:  # noqa: BLE001 - what the campaign is looking for
        return traceback.format_exc()
    if code not in (0, 1, 2) or "Traceback" in err.getvalue():
        return f"exit {code}: {err.getvalue()}"
    return None


def main_campaign() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--armies", type=int, default=6000)
    parser.add_argument("--collections", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    runs = failures = 0
    shown: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        jobs = [
            (kind, data, "army.toml", (["check"], ["check", "--json"]))
            for kind, data in inputs(rng, rng.choice(ARMIES), args.armies)
        ]
        jobs += [
            (
                kind,
                data,
                "collection.toml",
                (
                    ["muster", "--troops", str(rng.choice([1, 60, 100, 400])), "--seed", "3"],
                    ["muster", "--troops", "100", "--seed", "4", "--both", "--json"],
                ),
            )
            for kind, data in inputs(rng, COLLECTION, args.collections)
        ]
        for n, (kind, data, name, commands) in enumerate(jobs, 1):
            path = place(folder, kind, data, name)
            for command in commands:
                runs += 1
                problem = run([*command[:1], str(path), *command[1:]])
                if problem is not None:
                    failures += 1
                    if len(shown) < 5:
                        shown.append(f"--- {kind} {command}\n{data[:300]!r}\n{problem}")
            if n % 1000 == 0:
                print(f"{n} inputs, {failures} tracebacks", file=sys.stderr)
    print(
        f"inputs: {len(jobs)} ({args.armies} army files, {args.collections} collections); "
        f"command runs: {runs}; tracebacks: {failures}"
    )
    for text in shown:
        print(text)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main_campaign())
