"""The preflight of a shop export: each of the shop's rules checked against what was written,
PASS or FAIL with the figure measured, and what to change on a FAIL.

The shop writers (:mod:`builder.export.images.shopcards`) measure each deck's file as they write it
(sizes and resolution read back from the written files, the safe zone and ink from the
rendered pixels); this module words the results, for ``preflight.txt`` and the manifest, and
needs no imaging library.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from builder.export.shops import SHOPS, Shop
from builder.files import printable

PREFLIGHT = "preflight.txt"


@dataclass(frozen=True)
class Check:
    """One rule checked on one file: its name, what the shop asks, what was measured, and,
    when it failed, what to change."""

    file: str
    rule: str
    passed: bool
    required: str
    measured: str
    fix: str = ""

    def line(self) -> str:
        """The check as one line of ``preflight.txt``."""
        verdict = "PASS" if self.passed else "FAIL"
        text = f"{verdict}  {self.file}  {self.rule}: {self.measured} (needs {self.required})"
        return text + (f"; to fix: {self.fix}" if self.fix else "")


def check(file: str, rule: str, passed: bool, required: str, measured: str, fix: str) -> Check:
    """A check, keeping its ``fix`` only when it failed."""
    return Check(file, rule, passed, required, measured, "" if passed else fix)


def px_mm(px: float, shop: Shop) -> str:
    """``px`` at the shop's resolution, with its millimetres."""
    return f"{px:g} px ({px / shop.dpi * 25.4:.2f} mm)"


def summary(shop: Shop, checks: list[Check], decks: list[dict[str, Any]]) -> dict[str, Any]:
    """The preflight as the manifest records it."""
    return {
        "shop": shop.name,
        "title": shop.title,
        "passed": all(c.passed for c in checks),
        "decks": decks,
        "checks": [asdict(c) for c in checks],
    }


def report(data: dict[str, Any]) -> str:
    """``preflight.txt``: the verdict, each deck with its cards (what to order), then one
    line a rule and file."""
    checks = [Check(**c) for c in data["checks"]]
    failed = failures(data)
    verdict = (
        "every rule PASSES: upload as it is"
        if not failed
        else f"{len(failed)} rule(s) FAIL: change what each FAIL line says, then export again"
    )
    lines = [f"Preflight for {data['title']} ({data['shop']}): {verdict}.", "", "Decks to order:"]
    for deck in data["decks"]:
        lines.append(
            f"  {deck['file']}: {deck['cards']} cards, {deck['size']} "
            f"({deck['px'][0]} x {deck['px'][1]} px), {deck['backs']}"
        )
    lines += ["", "Rules:"]
    lines += [f"  {c.line()}" for c in checks]
    return "\n".join(lines) + "\n"


def shop_step(out: Path, data: dict[str, Any]) -> str:
    """What to do with a shop's files in ``out`` (``export`` and the Print screen say it): the
    decks to order, then upload, or that the preflight failed."""
    shop = SHOPS[data["shop"]]
    decks = "; ".join(f"{d['file']}: {d['cards']} cards" for d in data["decks"])
    where = printable(str(out / PREFLIGHT))
    if not data["passed"]:
        return f"The preflight FAILED for {shop.title}: see {where}. Decks: {decks}."
    return (
        f"Preflight passed ({where}). At {shop.title} ({shop.site}), {shop.upload}. "
        f"Decks: {decks}. The roster, crib sheet and token sheets print at home."
    )


def failures(data: dict[str, Any]) -> list[Check]:
    """The checks of the preflight ``data`` (the manifest's) that failed, in order."""
    return [check for check in (Check(**c) for c in data["checks"]) if not check.passed]
