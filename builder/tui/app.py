"""The builder app: holds the editing session; files, undo, themes, help and quitting.

Attributes go down (the army screen reads ``app.session``), messages come up (widgets post,
screens handle). The app holds no rules: the session asks the ruleset.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.notifications import Notify, SeverityLevel
from textual.widgets import Header
from textual.widgets._header import HeaderTitle

from builder.core.validate import ArmyFileError
from builder.tui import config, crash
from builder.tui.actions import Action, bindings, key_label, ruleset_actions
from builder.tui.screens.army import ArmyScreen
from builder.tui.screens.base import add_styles
from builder.tui.session import ChangedOnDisk, Session

#: The choice after the rule systems on Ctrl+N that imports a list instead.
IMPORT_CHOICE = "import a list"

if TYPE_CHECKING:
    from textual.actions import ActionParseResult
    from textual.dom import DOMNode

    from builder.core.base import ArmyRecord
    from builder.core.mustering import Deal, Mustering
    from builder.share import ShareList
    from builder.tui.print_settings import PrintSettings
    from builder.tui.screens.muster import MusterScreen

#: The most toasts shown at once.
MAX_TOASTS = 2

#: Actions that change or replace the army: only on the army screen, not under a dialog.
_ARMY_ONLY = {"undo", "redo", "save", "save_as", "open", "new", "muster", "print"}


class BuilderCommands(Provider):
    """Every action of the builder in the command palette."""

    def _commands(self) -> Iterable[tuple[Action, Callable[[], object]]]:
        screen = self.screen
        app = self.app
        assert isinstance(app, BuilderApp)
        for action in ruleset_actions(app.session.ruleset):
            target = app if action.scope == "app" else screen
            if action.scope != "app" and getattr(screen, "SCOPE", "") != action.scope:
                continue  # a key of another screen
            if action.action in _ARMY_ONLY and not isinstance(screen, ArmyScreen):
                continue
            name, _, args = action.action.partition("(")
            params = (args.rstrip(")"),) if args else ()
            if target is screen and screen.check_action(name, params) is False:
                continue  # nothing to do for what is selected
            yield action, partial(app.run_action, action.action, target)

    @staticmethod
    def _title(action: Action) -> str:
        """The palette shows each action with its key: "Save (Ctrl+S)"."""
        return f"{action.title} ({key_label(action.keys.split(',')[0])})"

    async def discover(self) -> Hits:
        for action, method in self._commands():
            yield DiscoveryHit(self._title(action), method, help=action.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for action, method in self._commands():
            title = self._title(action)
            score = max(matcher.match(title), matcher.match(action.help) * 0.5)
            if score > 0:
                yield Hit(score, matcher.highlight(title), method, help=action.help)


class BuilderApp(App[None]):
    """The army builder."""

    CSS_PATH = "builder.tcss"
    TITLE = "billhooks"
    BINDINGS = bindings("app")
    COMMANDS = App.COMMANDS | {BuilderCommands}

    def __init__(
        self,
        session: Session,
        seed: int | None = None,
        problem: ArmyFileError | None = None,
        ask_ruleset: bool = False,
        new: bool = False,
        started: Callable[[], object] | None = None,
    ) -> None:
        """``seed`` fixes the dice (tests); by default every roll gets a fresh random seed.
        ``problem``: the file asked for could not be read; it is shown over ``session``.
        ``ask_ruleset``: ``session`` is a new file whose rule system nobody named: ask it.
        ``new``: ``session`` is a new army (its rule system named): ask its name and side.
        ``started``: called once the first screen is drawn."""
        super().__init__()
        self.session = session
        self.problem = problem
        self.ask_ruleset = ask_ruleset
        self.new = new
        self._started = started
        self._seeds: random.Random = (
            random.Random(seed) if seed is not None else random.SystemRandom()
        )
        self.army_screen = ArmyScreen()
        #: Kept once opened, so going back to Mustering finds the last draw (both sides).
        self.muster_screen: MusterScreen | None = None
        #: The session a dealt army replaced, for Ctrl+Z.
        self.replaced: Session | None = None
        #: What went wrong when an unexpected error closed the builder, and where the army
        #: was saved ("": nothing went wrong).
        self.crash: str | None = None
        #: Set once the builder has been told to quit (Ctrl+Q, a browser tab closed).
        self.quitting = False
        #: The folder the Print screen last exported to ("": its default).
        self.print_folder = ""
        self._print_settings: PrintSettings | None = None
        remembered = config.load().get("theme", "")
        if remembered in self.available_themes:
            self.theme = remembered

    @property
    def print_settings(self) -> PrintSettings:
        """The Print screen's other settings as last set, kept for the session (the defaults,
        made when the Print screen first asks: the first screen does without them)."""
        if self._print_settings is None:
            from builder.tui.print_settings import PrintSettings

            self._print_settings = PrintSettings()
        return self._print_settings

    @print_settings.setter
    def print_settings(self, settings: PrintSettings) -> None:
        self._print_settings = settings

    # --- unexpected errors -------------------------------------------------------------------

    async def run_action(
        self,
        action: str | ActionParseResult,
        default_namespace: DOMNode | None = None,
        namespaces: Mapping[str, DOMNode] | None = None,
    ) -> bool:
        """Every key and palette command comes here: once quitting, keys typed after ``q`` in
        the same burst do nothing (they would open a screen on an app that is closing); an
        action that fails (a bug) is caught here, so the builder goes on (see :meth:`recover`)."""
        if self._exit:
            return True
        try:
            return await super().run_action(action, default_namespace, namespaces)
        except Exception as error:  # noqa: BLE001 - any bug: the work is saved, the app goes on
            self.recover(error)
            return True

    def push_screen(
        self,
        screen: Any,
        callback: Any = None,
        wait_for_dismiss: bool = False,
        *,
        mode: str | None = None,
    ) -> Any:
        """A dialog's answer that fails (a bug) is caught as a failing key is. A screen's own
        stylesheet is added when the first of its kind is shown."""
        add_styles(self, self.get_screen(screen))
        guarded = None if callback is None else partial(self._answer, callback)
        if wait_for_dismiss:
            return super().push_screen(screen, guarded, True, mode=mode)
        return super().push_screen(screen, guarded, mode=mode)

    def _answer(self, callback: Callable[[Any], object], result: object) -> None:
        try:
            callback(result)
        except Exception as error:  # noqa: BLE001 - as in run_action
            self.recover(error)

    def recover(self, error: BaseException) -> None:
        """An unexpected error the builder survives: the army is saved to a recovery file
        and a dialog says so; what was pressed is not done (a failed edit is undone)."""
        from builder.tui.modals.confirm import Confirm

        told = crash.recover(self.session, error)
        self._reshow()
        self.push_screen(
            Confirm(
                f"{told} What you pressed was not done; you may go on.",
                [("ok", "Go on", "primary")],
            )
        )

    def save_for_lost_server(self) -> None:
        """The server this builder ran under is gone (``serve`` killed outright): unsaved work
        goes to a recovery file beside the army, never over its file."""
        if self.session.dirty and not self.session.untouched:
            self.session.save_recovery()

    async def _on_exit_app(self) -> None:
        self.quitting = True
        # Callbacks of widgets that never finished mounting are dropped, unawaited: noise
        # (in `serve`, on the server's terminal), not news.
        warnings.filterwarnings("ignore", "coroutine .* was never awaited", RuntimeWarning)
        await super()._on_exit_app()

    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error the builder cannot survive (Textual quits, with status 1):
        unsaved work is saved to a recovery file first, and :attr:`crash` says where (the
        command line prints it after the traceback). Once quitting (a browser tab closed as
        its builder started), widgets still mounting find their parts gone (Textual's own
        Header among them): that is no bug to report, and the builder quits as asked."""
        if self.quitting:
            if self.session.dirty and not self.session.untouched and self.crash is None:
                self.crash = crash.recover(self.session, error)
            return
        if self.crash is None:
            self.crash = crash.recover(self.session, error)
        super()._handle_exception(error)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A toast. Messages carry user text (names, paths, file errors): plain, not markup."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def _on_notify(self, event: Notify) -> None:
        # At most MAX_TOASTS at once, the newest kept: a run of edits does not pile toasts up
        # over the tree.
        super()._on_notify(event)
        shown = list(self._notifications)
        for old in shown[:-MAX_TOASTS]:
            self._unnotify(old)

    def get_default_screen(self) -> ArmyScreen:
        # The army screen is the bottom of the stack: there is nothing to go back to.
        return self.army_screen

    def on_mount(self) -> None:
        if self.problem is not None:
            self._show_problem(self.problem)
        elif self.ask_ruleset and self.session.path is not None:
            path = self.session.path
            self._ask_ruleset(
                f"{path.name} is a new file: which rule system is its army for?",
                lambda name: Session.new(path, name),
            )
        elif self.new:
            self._ask_settings()

    def on_ready(self) -> None:
        if self._started is not None:
            self._started()

    def _ask_settings(self) -> None:
        """A new army: its settings form first, so its side is chosen, not assumed (the
        first of the sides), in every system with sides; Escape keeps what the new army has."""
        ruleset = self.session.ruleset
        if any(f.key == ruleset.sides.field for f in ruleset.schema.fields):
            self.army_screen.settings("A new army: its name and side")

    def _ask_ruleset(
        self,
        heading: str,
        make: Callable[[str], Session],
        extra: tuple[tuple[str, str], ...] = (),
    ) -> None:
        """Ask which rule system, then edit the new army ``make`` starts in it (Escape: keep
        the army shown); ``extra``: other ways to start offered after the systems (importing
        a list)."""
        from builder.tui.modals.ruleset import RulesetDialog

        def chosen(name: str | None) -> None:
            if name == IMPORT_CHOICE:
                self._ask_list()
            elif name is not None:
                self.load(make(name))
                self._ask_settings()

        self.push_screen(RulesetDialog(heading, self.session.ruleset.name, extra), chosen)

    def _show_problem(self, problem: ArmyFileError) -> None:
        from builder.tui.modals.broken import BrokenFileDialog

        def answered(answer: str | None) -> None:
            if answer == "open":
                self.action_open(suggestion=problem.path)
            elif answer == "new":
                self.action_new()
            elif answer == "quit":
                self.exit()

        self.push_screen(BrokenFileDialog(problem), answered)

    # --- shared -------------------------------------------------------------------------

    def next_seed(self) -> int:
        """A seed for the next roll or draw, shown to the player with its dice."""
        return self._seeds.randrange(1_000_000)

    def update_title(self) -> None:
        session = self.session
        name = session.file_name
        title, sub_title = session.army.name, f"{name} ●" if session.dirty else name
        if (title, sub_title) == (self.title, self.sub_title):
            return
        # Setting the app's title repaints every line of the screen, and the unsaved mark
        # comes and goes with an edit: set it quietly and redraw the headers' titles alone.
        self.set_reactive(BuilderApp.title, title)
        self.set_reactive(BuilderApp.sub_title, sub_title)
        for screen in self.screen_stack:
            for header in screen.query(Header):
                header.query_one(HeaderTitle).update(header.format_title())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in _ARMY_ONLY and self.screen is not self.army_screen:
            return False
        return True

    def _reshow(self, select: str | None = None) -> None:
        self.army_screen.show_army(select)

    def watch_theme(self, theme: str) -> None:
        # Rich text in the widgets takes its colours from the theme: redraw it.
        if self.army_screen.is_mounted:
            self.army_screen.show_army()

    # --- edit history ---------------------------------------------------------------------

    def action_undo(self) -> None:
        label = self.session.undo()
        if label is None and self.replaced is not None:
            # The army a Mustering draw replaced comes back as it was, unsaved edits and all.
            self.session, self.replaced = self.replaced, None
            self.army_screen.show_army(self.army_screen.first_place())
            self.notify(f"Back to {self.session.army.name}")
            return
        if label is None:
            self.notify("Nothing to undo.", severity="warning")
            return
        self._reshow(self.session.changed)  # on the record the undo changed
        self.notify(f"Undid: {label}")

    def action_redo(self) -> None:
        label = self.session.redo()
        if label is None:
            self.notify("Nothing to redo.", severity="warning")
            return
        self._reshow(self.session.changed)
        self.notify(f"Redid: {label}")

    # --- files ------------------------------------------------------------------------------

    def _write(self, path: Path, then: object = None, overwrite: bool = False) -> bool:
        """Save to ``path``; a failure is said in a dialog that offers Save as, and a file
        changed on disk since it was read is never written over without asking."""
        from builder.tui.modals.confirm import Confirm

        try:
            written = self.session.save(path, overwrite=overwrite)
        except ChangedOnDisk as changed:
            self._ask_changed(changed, then)
            return False
        except OSError as exc:
            problem = f"Could not save {path}: {exc.strerror or exc}"

            def answered(answer: str | None) -> None:
                if answer == "save_as":
                    self.action_save_as(then=then, error=problem, suggestion=str(path))

            self.push_screen(
                Confirm(
                    problem, [("save_as", "Save as...", "primary"), ("cancel", "Cancel", "default")]
                ),
                answered,
            )
            return False
        self._reshow()
        self.notify(f"Saved {written}")
        return True

    def _ask_changed(self, changed: ChangedOnDisk, then: object) -> None:
        """The file changed on disk: reload it, overwrite it, or save as another file."""
        from builder.tui.modals.changed import ChangedOnDiskDialog

        path = changed.path

        def answered(answer: str | None) -> None:
            if answer == "overwrite":
                if self._write(path, then, overwrite=True) and callable(then):
                    then()
            elif answer == "save_as":
                self.action_save_as(then=then, suggestion=str(path))
            elif answer == "reload":
                try:
                    session = Session.open(path)
                except ArmyFileError as exc:
                    self.notify(f"Could not reload: {exc}", severity="error")
                    return
                self.load(session)
                self.notify(f"Reloaded {path}: your changes were dropped")

        self.push_screen(ChangedOnDiskDialog(path, changed.now.mtime_ns), answered)

    def action_save(self) -> None:
        if self.session.path is None:
            self.action_save_as()
        else:
            self._write(self.session.path)

    def action_save_as(self, then: object = None, error: str = "", suggestion: str = "") -> None:
        from builder.tui.modals.confirm import Confirm
        from builder.tui.modals.path import PathDialog

        current = self.session.path
        suggestion = suggestion or (str(current) if current is not None else "my-army.toml")

        def chosen(path: Path | None) -> None:
            if path is None:
                return
            if path.exists() and path != current:

                def overwrite(answer: str | None) -> None:
                    if answer == "yes" and self._write(path, then) and callable(then):
                        then()

                self.push_screen(
                    Confirm(
                        f"{path} exists. Replace it?",
                        [("yes", "Replace", "error"), ("no", "Cancel", "default")],
                    ),
                    overwrite,
                )
            elif self._write(path, then) and callable(then):
                then()

        self.push_screen(
            PathDialog("Save the army as", suggestion, action="Save", error=error), chosen
        )

    def _unless_unsaved(self, what: str, proceed: object) -> None:
        """Run ``proceed`` now, or after asking what to do with unsaved changes."""
        from builder.tui.modals.confirm import Confirm

        assert callable(proceed)
        if not self.session.dirty or self.session.untouched:
            proceed()
            return

        def answered(answer: str | None) -> None:
            if answer == "discard":
                proceed()
            elif answer == "save":
                if self.session.path is None:
                    self.action_save_as(then=proceed)
                elif self._write(self.session.path, proceed):
                    proceed()

        name = self.session.path.name if self.session.path else "The army"
        self.push_screen(
            Confirm(
                f"{name} has unsaved changes. Save them before you {what}?",
                [
                    ("save", "Save", "primary"),
                    ("discard", "Don't save", "error"),
                    ("cancel", "Cancel", "default"),
                ],
            ),
            answered,
        )

    def load(self, session: Session) -> None:
        """Make ``session`` the army being edited."""
        self.session = session
        self.replaced = None
        self.army_screen.show_army(self.army_screen.first_place())

    def action_open(self, suggestion: str = "") -> None:
        self._unless_unsaved("open another army", lambda: self._ask_open(suggestion))

    def _ask_open(self, suggestion: str = "", error: str = "") -> None:
        """The Open dialog; a file that cannot be read brings it back, the error in it."""
        from builder.tui.modals.path import PathDialog

        def chosen(path: Path | None) -> None:
            if path is None:
                return
            try:
                session = Session.open(path)
            except ArmyFileError as exc:
                self._ask_open(str(path), str(exc))
                return
            self.load(session)
            self.notify(f"Opened {path}")

        self.push_screen(
            PathDialog(
                "Open an army file", suggestion, must_exist=True, action="Open", error=error
            ),
            chosen,
        )

    def action_new(self) -> None:
        self._unless_unsaved(
            "start a new army",
            lambda: self._ask_ruleset(
                "Which rule system is the new army for?",
                lambda name: Session.new(None, name),
                extra=((IMPORT_CHOICE, "Import a list (paste one someone shared)"),),
            ),
        )

    def action_import_list(self) -> None:
        self._unless_unsaved("import a list", self._ask_list)

    def _ask_list(self) -> None:
        """Ask for a pasted list, then edit its army as a new, unsaved one."""
        from builder import listimport
        from builder.tui.modals.import_list import ImportDialog

        def read(found: tuple[ArmyRecord, ShareList] | None) -> None:
            if found is None:
                return
            army, listed = found
            text = listimport.file_text(army, listed)
            self.load(Session(army, None, text=text, saved=False, untitled="imported army"))
            self.notify(f"Imported {army.name}. Save it with Ctrl+S.")

        self.push_screen(ImportDialog(), read)

    async def action_quit(self) -> None:
        self._unless_unsaved("quit", self.exit)

    # --- screens -----------------------------------------------------------------------------

    def action_muster(self) -> None:
        # The Mustering, Print and help screens load on first use: a quicker start.
        from builder.tui.screens.muster import MusterScreen

        ruleset = self.session.ruleset
        if ruleset.muster is None:
            # The key stays bound where there is no draw, to say so rather than do nothing.
            self.notify(
                f"{ruleset.title} has no Mustering draw: M deals an army from a collection "
                "only in a rule system that has one.",
                title="No Mustering",
                severity="warning",
            )
            return
        if self.muster_screen is None or self.muster_screen.ruleset is not ruleset:
            # Installed, so leaving it keeps the last draw (both sides of a club draft).
            if self.muster_screen is not None:
                self.uninstall_screen("muster")
            self.muster_screen = MusterScreen(
                ruleset, ruleset.muster, ruleset.muster.side_of(self.session.army)
            )
            self.install_screen(self.muster_screen, name="muster")
        self.push_screen("muster")

    def open_mustered(self, muster: Mustering, deal: Deal, side: str) -> None:
        """Make one side of ``deal`` the army being edited (a new, unsaved file); Ctrl+Z
        brings back the army it replaced."""
        from builder import armyfile

        text = armyfile.dumps(deal.army(side).army, muster.header(deal, side))
        if self.screen is self.muster_screen:
            self.pop_screen()
        replaced = self.session
        self.load(
            Session(deal.army(side).army, None, text=text, saved=False, untitled="mustered army")
        )
        self.replaced = replaced
        self.notify(
            f"The {self.session.ruleset.sides.name_of(side)} army from the draw (seed "
            f"{deal.seed}). Save it with Ctrl+S; Ctrl+Z brings back "
            f"{replaced.army.name}."
        )

    def action_print(self) -> None:
        # The print code takes a moment to load the first time: say so first, then open.
        self.sub_title = "Opening Print..."
        self.call_after_refresh(self._open_print)

    def _open_print(self) -> None:
        from builder.tui.screens.print import PrintScreen

        self.push_screen(PrintScreen())
        self.update_title()

    # --- view -------------------------------------------------------------------------------

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.theme == "textual-dark" else "textual-dark"
        config.save({"theme": self.theme})  # remembered for the next session

    def action_help(self) -> None:
        from builder.tui.modals.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            # On a screen with keys of its own (Print), those come first.
            self.push_screen(HelpScreen(getattr(self.screen, "SCOPE", "")))
