"""Command-line parsing only: each command lives in ``builder.commands`` and calls the core.

Exit codes (docs/contracts.md#exit-codes): 0 done, 1 the army breaks a rule or the draw could not be
completed, 2 unreadable input or bad usage. Messages go to stderr; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import TYPE_CHECKING, NoReturn

import builder
from builder.commands.usage import EXIT_INPUT, INPUT_DEST, UsageError, lower, port, seed
from builder.core.base import Ruleset
from builder.files import printable
from builder.registry import DEFAULT

if TYPE_CHECKING:
    from builder.core.commands import Command


def _bleed(text: str) -> float:
    from builder.export.job import BLEED_MAX_MM

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected millimetres, got {text!r}") from None
    if not 0 <= value <= BLEED_MAX_MM:
        raise argparse.ArgumentTypeError(f"bleed must be 0-{BLEED_MAX_MM:g} mm, got {value:g}")
    return value


def _dpi(text: str) -> int:
    from builder.export.job import DPI_RANGE

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    low, high = DPI_RANGE
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"dpi must be {low}-{high}, got {value}")
    return value


EXIT_CODES = (
    "exit codes: 0 done (check: the army is legal; warnings allowed), 1 the army "
    "breaks a rule or the draw could not be completed, 2 unreadable input or bad "
    "usage (the message names the file, line and key)"
)


class _Parser(argparse.ArgumentParser):
    """argparse with a "did you mean" for a mistyped command."""

    def error(self, message: str) -> NoReturn:
        m = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if m and self.prog == "billhooks":
            import difflib

            choices = re.findall(r"'([^']+)'", m.group(2))
            close = difflib.get_close_matches(m.group(1), choices, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            message = (
                f"unknown command {printable(repr(m.group(1)))}{hint}; commands: "
                + ", ".join(choices)
            )
        super().error(message)


class _Version(argparse.Action):
    """``--version``: the installed version is looked up only when asked for."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> NoReturn:
        print(f"billhooks {builder.__version__}")
        parser.exit()


#: The commands the command line has of its own, and those of them that import no rule system
#: to parse (the export's parser asks every system for its input-file options).
CORE_COMMANDS = (
    "tui",
    "serve",
    "check",
    "roll",
    "export",
    "share",
    "verify",
    "import",
    "catalogue",
    "muster",
    "event",
)
_LIGHT = frozenset(CORE_COMMANDS) - {"export"}


def _rulesets() -> list[Ruleset]:
    """Every registered rule system. Importing them all takes a third of a second, so only a
    parser that needs what they declare does (`check` stays a blink)."""
    from builder.registry import get_ruleset, names

    return [get_ruleset(name) for name in names()]


def _input_options(rulesets: list[Ruleset]) -> dict[str, tuple[str, list[str]]]:
    """Each input-file option a rule system declares, with what the file holds and the
    systems that read one."""
    found: dict[str, tuple[str, list[str]]] = {}
    for ruleset in rulesets:
        for spec in ruleset.inputs:
            found.setdefault(spec.option, (spec.noun, []))[1].append(ruleset.title)
    return found


def _system_commands(rulesets: list[Ruleset]) -> dict[str, Command]:
    """The commands the rule systems declare, by name; one two systems share is listed once,
    and one that would take the name of another is left out with a warning."""
    found: dict[str, Command] = {}
    for ruleset in rulesets:
        for cmd in ruleset.commands:
            if cmd.name in CORE_COMMANDS or found.get(cmd.name, cmd) != cmd:
                print(
                    f"billhooks: the {ruleset.title} command {cmd.name!r} is left out: "
                    "another command has that name",
                    file=sys.stderr,
                )
                continue
            found[cmd.name] = cmd
    return found


def _draws(rulesets: list[Ruleset]) -> str:
    """Each rule system's draw as it says it (an installed system's too)."""
    found = (r.muster for r in rulesets)
    return " ".join(f"{m.summary} Size in {m.measure}, usually {m.usual_size}." for m in found if m)


def _export_arguments(p: argparse.ArgumentParser, rulesets: list[Ruleset]) -> None:
    """The export's options. Its sizes are the print engine's, imported only to parse an
    export: the other commands never load it."""
    from builder.export.job import CARD_MM, DPI, DPI_RANGE, FORMATS, PAPER_MM
    from builder.export.shops import HOME, SHOP_NAMES

    p.add_argument(
        "armies",
        nargs="+",
        metavar="ARMY",
        help="army files (.toml); a Mustering collection prints what its rule system prints of one",
    )
    p.add_argument(
        "--out", metavar="DIR", help="output folder (default output/<first army's file stem>/)"
    )
    p.add_argument(
        "--paper",
        choices=tuple(PAPER_MM),
        default="a4",
        type=lower,
        help=f"paper size: {' or '.join(PAPER_MM)} (default a4)",
    )
    p.add_argument(
        "--card-size",
        choices=tuple(CARD_MM),
        default="poker",
        type=lower,
        help="card size: "
        + ", ".join(f"{k} {w:g} x {h:g} mm" for k, (w, h) in CARD_MM.items())
        + " (default poker)",
    )
    p.add_argument(
        "--bleed",
        type=_bleed,
        metavar="MM",
        help="bleed around every card and token in mm, 0-10 (default 0)",
    )
    p.add_argument(
        "--gutter",
        action="store_true",
        help="a 2 mm gap between cards, each cut on its own lines (with --bleed: "
        "bleed all round each card; fewer per sheet)",
    )
    p.add_argument(
        "--fold",
        action="store_true",
        help="gutter-fold sheets for single-sided printers: each card's back beside "
        "its front with a fold line between (decks with backs; not with "
        "--gutter)",
    )
    p.add_argument(
        "--ink-saver",
        action="store_true",
        help="for home printers: pale fills instead of solid grounds, black text",
    )
    p.add_argument(
        "--large-print",
        action="store_true",
        help="the roster, crib sheets and packing list set larger, no type under 8 pt "
        "(they may take more pages)",
    )
    p.add_argument(
        "--only",
        metavar="KIND,...",
        help="write only these kinds of the ruleset's pack, comma-separated (roster, "
        "tokens, ...; an unknown kind lists them all)",
    )
    for option, (noun, titles) in _input_options(rulesets).items():
        p.add_argument(
            f"--{option}",
            metavar="FILE",
            dest=INPUT_DEST + option,
            help=f"{noun} (.toml) to print instead of the one shipped; read by "
            + ", ".join(titles),
        )
    p.add_argument(
        "--shop",
        choices=SHOP_NAMES,
        default=HOME,
        type=lower,
        help="the cards as a print shop takes them, with a preflight: mpc "
        "(MakePlayingCards), tgc (The Game Crafter), dtc (DriveThruCards), or home "
        "(default: sheets to print); sets --format, --dpi and --bleed",
    )
    p.add_argument(
        "--format",
        choices=FORMATS,
        type=lower,
        help="cards and tokens as pdf sheets to print (default), png: an image "
        "per card and token for a print shop, or tts: decks for Tabletop "
        "Simulator (the roster and crib sheet stay PDFs)",
    )
    p.add_argument(
        "--dpi",
        type=_dpi,
        metavar="N",
        help=f"resolution of the images with --format png or tts, "
        f"{DPI_RANGE[0]}-{DPI_RANGE[1]} (default {DPI})",
    )
    p.add_argument(
        "--event",
        metavar="EVENT",
        help="an event file: print the kit with its house rules (a rule it turns off is "
        "left off the crib sheet)",
    )
    p.add_argument(
        "--allow-photos-anywhere",
        action="store_true",
        help="print photos from outside the army file's folder too (by default "
        "an army file, which may come from anyone, prints only photos in or "
        "under its own folder)",
    )


def _share_formats(p: argparse.ArgumentParser) -> tuple[str, ...]:
    """The share list's formats, its module loaded only when ``share``'s parser is built."""
    if isinstance(p, _Unbuilt):
        return ()
    from builder.listfacts import FORMATS

    return FORMATS


def _either(names: list[str]) -> str:
    """The rule systems' names for help ("a, b or c"). Only a parser built to show help loads
    the systems; one built to run a light command names none (its help is never shown)."""
    if not names:
        return "any this program knows"
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


class _Unbuilt(argparse.ArgumentParser):
    """Takes the arguments of a command that is not being run and keeps none of them."""

    def add_argument(self, *args: object, **kwargs: object) -> argparse.Action:
        return argparse.Action([], argparse.SUPPRESS)

    def add_mutually_exclusive_group(self, **kwargs: object) -> _Unbuilt:  # type: ignore[override]
        return self

    def set_defaults(self, **kwargs: object) -> None:
        pass


def _arguments(module: str, p: argparse.ArgumentParser) -> None:
    """A command's arguments, declared by its module (imported only to build them)."""
    if not isinstance(p, _Unbuilt):
        import_module(module).arguments(p)


def build_parser(systems: bool = True, only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line. ``systems``: add what the rule systems declare, their own
    commands and the export's input-file options (which imports them all; not needed to run
    a core command but ``export``). ``only``: the command being run, the only one whose
    arguments are added (every command keeps its name and summary, for a mistyped one's
    message)."""
    rulesets = _rulesets() if systems else []
    known = _either([r.name for r in rulesets])
    parser = _Parser(
        prog="billhooks",
        description="Build, check and print wargame armies, for every rule system it knows "
        "(`billhooks catalogue --help` names them).",
        epilog=EXIT_CODES + ". `billhooks COMMAND --help` says more about each command.",
    )
    parser.add_argument("--version", action=_Version, nargs=0, help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    unbuilt = _Unbuilt(add_help=False)

    def command(name: str, summary: str, description: str) -> argparse.ArgumentParser:
        if only is not None and name != only:
            sub.add_parser(name, help=summary, add_help=False)
            return unbuilt
        return sub.add_parser(name, help=summary, description=description, epilog=EXIT_CODES)

    p = command(
        "tui",
        "the builder (TUI) on an army file (created if missing)",
        "Open the builder on ARMY; a file that does not exist yet is created when you save.",
    )
    p.add_argument("army", nargs="?", help="army file (default: the sample army, not saved)")
    p.add_argument(
        "--ruleset",
        help=f"the rule system of a new army: {known} (default: the file's own; a file that "
        "does not exist yet asks)",
    )
    p.add_argument(
        "--event",
        metavar="EVENT",
        help="an event file: check the army against its size and limits while you build "
        "(for the session; nothing of it is written into the army file)",
    )

    p = command(
        "serve",
        "the builder in a web browser, on this computer only",
        "Serve the builder (as `tui` runs it) as a web page at http://127.0.0.1:PORT/, "
        "reachable from this computer only; each browser tab runs its own builder. "
        "Ctrl+C stops.",
    )
    p.add_argument("army", nargs="?", help="army file (default: the sample army, not saved)")
    p.add_argument(
        "--port",
        type=port,
        default=8000,
        help="the port to listen on (default 8000; 0: any free port, printed)",
    )
    p.add_argument(
        "--ruleset",
        help=f"the rule system of a new army, as `tui --ruleset` ({known})",
    )
    p.add_argument(
        "--event",
        metavar="EVENT",
        help="an event file: each tab's builder checks the army against it, as `tui --event`",
    )

    p = command(
        "check",
        "the army's numbers, points and findings",
        "Price an army unit by unit, give the totals its rule system counts and list "
        "what the rules forbid (errors) or advise against (warnings).",
    )
    p.add_argument("army", help="army file (.toml)")
    p.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object (name, points, units, findings) instead",
    )
    p.add_argument(
        "--event",
        metavar="EVENT",
        help="an event file: check the army at the event's size and add its limits to the "
        "findings (the army file is not changed)",
    )

    p = command(
        "roll",
        "roll the dice an army rolls before the battle, each die shown",
        "Roll what the army's rule system rolls when an army is made (its leaders' "
        "qualities), showing each die and re-roll and how to read it.",
    )
    p.add_argument("army", help="army file (.toml)")
    p.add_argument(
        "--seed",
        type=seed,
        help="seed for the dice, to repeat a roll (default: random, and printed)",
    )
    p.add_argument(
        "--write",
        action="store_true",
        help="write what was rolled into the army file (nothing else changes)",
    )

    p = command(
        "export",
        "the print pack: rosters, cards, tokens, crib sheet",
        "Write the print pack PDFs and manifest.json into one folder. Print at 100% (actual size).",
    )
    if systems:
        _export_arguments(p, rulesets)

    p = command(
        "share",
        "the army as a short list for a forum post or an organiser",
        "Print the army's groups, records with their key numbers, totals and LEGAL or "
        "its broken rules, ending with the army file's short hash (the roster's QR "
        "code holds the same list; `billhooks verify` checks it). Exit 1 when the army "
        "breaks a rule (the list is still printed).",
    )
    p.add_argument("army", nargs="?", help="army file (.toml)")
    p.add_argument(
        "--format",
        choices=(*_share_formats(p), "json"),
        default="text",
        type=lower,
        help="text (default), markdown (GitHub, Discord), bbcode (forums) or json (the "
        "open list format, for other programs)",
    )
    p.add_argument(
        "--schema",
        action="store_true",
        help="print the JSON Schema (draft 2020-12) of --format json, and nothing else",
    )

    p = command(
        "verify",
        "whether an army file still matches a printed roster's QR code",
        "Compare ARMY with the list a roster's QR code holds (the text a phone reads "
        "off it): 'matches', or 'changed' with the records added, removed and changed, "
        "the totals, the legality and any record whose game values changed. Exit 1 "
        "when it changed, 2 when the code is not one billhooks printed, 3 on an "
        "error of billhooks' own.",
    )
    p.add_argument("army", help="army file (.toml)")
    code = p.add_mutually_exclusive_group(required=True)
    code.add_argument(
        "--code",
        metavar="TEXT",
        help="the code's text, as a phone reads it ('-': read it from stdin)",
    )
    code.add_argument("--code-file", metavar="FILE", help="a file holding the code's text")

    p = command(
        "import",
        "make an army file from a list someone shared",
        "Read a list `billhooks share` wrote (text, Markdown or BBCode, as a forum post or "
        "a chat shows it: quoting, code fences and tags are read past) and write it as an "
        "army file of its rule system, checked against the list's Facts hash. Without --out "
        "the file is named after the army, in the current folder. A file already there is "
        "kept unless --force.",
    )
    p.add_argument("source", help="a file holding the list ('-': read it from stdin)")
    p.add_argument("--out", metavar="FILE", help="the army file to write")
    p.add_argument("--force", action="store_true", help="replace a file already there")
    p.set_defaults(module="builder.commands.import_list")

    p = command(
        "catalogue",
        "troop types, costs and options",
        "List every troop type with its unit size, points and the options it takes.",
    )
    p.add_argument("--ruleset", default=DEFAULT, help=f"rule system (default {DEFAULT})")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p = command(
        "muster",
        "deal an army from a figure collection (Mustering, or our own draw)",
        "Deal an army from a figure collection, narrating every card and die, by the draw of "
        "the collection's rule system. " + _draws(rulesets),
    )
    _arguments("builder.commands.muster", p)
    p = command(
        "event",
        "an organiser's intake: every list checked against an event file, printed",
        "Check each LIST (army files, shared lists or their codes, FILE=CODEFILE) at the "
        "event's size and against its limits, one line a list, and write into DIR the "
        "organiser's summary.pdf, every list's roster, results-slips.pdf and lists.csv. "
        "Exit 1 when any list fails (an unreadable one included).",
    )
    _arguments("builder.commands.event", p)
    for cmd in _system_commands(rulesets).values():
        p = command(cmd.name, cmd.summary, cmd.description)
        _arguments(cmd.module, p)
        p.set_defaults(module=cmd.module)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    named = next((a for a in argv if not a.startswith("-")), None)
    # No command runs the builder, unless asked for help, which lists every command.
    # Help lists what the systems declare (each one's draw), so it loads them all.
    asks_help = bool({"-h", "--help"} & set(argv))
    light = named in _LIGHT and not asks_help or (named is None and not asks_help)
    # A light command's parser is built alone: building every command's costs a tenth of
    # `check`.
    only = named if light and named in _LIGHT else None
    args = build_parser(systems=not light, only=only).parse_args(argv)
    command = args.command or "tui"
    if command == "tui" and not hasattr(args, "army"):
        args.army, args.ruleset, args.event = None, None, None
    from builder.core.validate import ArmyFileError

    try:
        module = import_module(getattr(args, "module", f"builder.commands.{command}"))
        code: int = module.run(args)
        return code
    except ArmyFileError as exc:
        print(f"billhooks: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except UsageError as exc:
        print(f"billhooks {command}: {printable(str(exc))}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        return 130
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"billhooks: {printable(f'{where}{exc.strerror or exc}')}", file=sys.stderr)
        return EXIT_INPUT


if __name__ == "__main__":
    sys.exit(main())
