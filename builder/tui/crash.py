"""An unexpected error in the builder (a bug): unsaved work is saved to a recovery file beside
the army's own and the player told where, in words and the error's place for a bug report.
With nothing unsaved no file is written (a copy of the army's own file would only be litter)."""

from __future__ import annotations

import traceback

from builder.tui.session import Session


def place(error: BaseException) -> str:
    """The innermost line the error came from ("edits.py:42")."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f"{last.filename.rsplit('/', 1)[-1]}:{last.lineno}"


def recover(session: Session, error: BaseException) -> str:
    """Save ``session``'s army to its recovery file if it has unsaved work; what to tell the
    player."""
    where = place(error)
    what = f"{type(error).__name__}: {error}" + (f" (at {where})" if where else "")
    if not session.dirty or session.untouched:
        return (
            f"The builder met an unexpected error: {what}. Nothing was unsaved, so no "
            "recovery file was written."
        )
    try:
        saved = session.save_recovery()
    except Exception as failed:  # noqa: BLE001 - the report must be made whatever went wrong
        return (
            f"The builder met an unexpected error: {what}. The army could not be saved "
            f"to a recovery file either ({type(failed).__name__}: {failed})."
        )
    own = f"; {session.path.name} is left as it was" if session.path is not None else ""
    return (
        f"The builder met an unexpected error: {what}. The army as it was is saved in {saved}{own}."
    )
