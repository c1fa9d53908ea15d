"""Small army builders for tests: hand-made armies without going through files."""

from __future__ import annotations

from builder.rules.billhooks.model import Army, Leader, Muster, RearCompany, Unit, Ward


def unit(troop: str, **kw: object) -> Unit:
    rear = kw.pop("rear", None)
    u = Unit(troop, **kw)  # type: ignore[arg-type]
    if isinstance(rear, str):
        u.rear = RearCompany(rear)
    elif isinstance(rear, tuple):
        u.rear = RearCompany(*rear)
    return u


def army(*wards: list[Unit], english: bool = True, points: int | None = None,
         muster: int | None = None, classes: tuple[int, ...] | None = None,
         side: str = "york") -> Army:
    """An army with one ward per list of units; the first leader is the C-in-C."""
    built = []
    for i, units in enumerate(wards):
        cls = classes[i] if classes else 2
        built.append(Ward(Leader(f"Leader {i + 1}", c_in_c=(i == 0), command_class=cls),
                          list(units)))
    return Army("billhooks", "Test army", side=side, english=english, points=points,
                muster=Muster(muster, 1) if muster else None, wards=built)


def codes(findings: list) -> list[str]:  # type: ignore[type-arg]
    return [f.code for f in findings]
