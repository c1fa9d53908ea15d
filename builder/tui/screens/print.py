"""The Print screen: paper, card size, print shop, bleed, layout, large print, format and
which files; with the session's event (``tui --event``) the pack has the event's house rules,
as ``export --event`` prints it, and the screen says which. The pack is written in a thread
worker with a progress bar, then the screen lists what went where (and for a print shop, the
preflight's verdict and the decks to order). In a browser (``billhooks serve``) the pack is
written on the server's disk, so the screen then offers it to the browser as one zip file
too."""

from __future__ import annotations

import copy
import io
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.validation import Number
from textual.widgets import (
    Button,
    Checkbox,
    Footer,
    Header,
    Input,
    Label,
    ProgressBar,
    Select,
    SelectionList,
    Static,
)

from builder import armyfile
from builder.core.base import Ruleset
from builder.core.event import Event, rules_of
from builder.export.images.preflight import shop_step
from builder.export.job import (
    BLEED_MAX_MM,
    CARD_MM,
    DPI,
    FORMAT_NAMES,
    NEXT_STEP,
    PAPER_MM,
    ArmyInput,
    ExportError,
    ExportJob,
    ExportOptions,
)
from builder.export.pipeline.bundle import pack_zip, zip_name
from builder.export.pipeline.pack import (
    default_out_dir,
    export_pack,
    files_for,
)
from builder.export.pipeline.packsize import check_size
from builder.export.shops import HOME, SHOPS, Settled, settle, shop_format
from builder.tui.actions import bindings
from builder.tui.modals.base import row
from builder.tui.print_settings import PrintSettings
from builder.tui.screens.base import BuilderScreen
from builder.tui.screens.printreport import (
    files_table,
    files_written,
    missing_tools,
    mm_words,
    pack_files,
    plan_table,
    preflight_table,
    shop_note,
    size_words,
)
from builder.tui.widgets.lists import Choices
from builder.tui.widgets.ticks import Tick, TickList


def house_rules(event: Event | None, ruleset: Ruleset) -> tuple[frozenset[str], str]:
    """The house rules ``event`` turns off for an army of ``ruleset`` (as ``export --event``
    prints them) and the screen's line saying so ("" without an event). An event of another
    system turns none off here: ``export --event`` refuses it; the builder says so instead."""
    if event is None:
        return frozenset(), ""
    if event.ruleset != ruleset.name:
        return frozenset(), (
            f"None applied: {event.name} is an event for {event.system or event.ruleset}"
        )
    off = event.off()
    titles = [rule.title for rule in rules_of(ruleset).house_rules if rule.key in off]
    if not titles:
        return off, f"As written: {event.name} turns none off"
    return off, f"{', '.join(titles)} off, for {event.name}"


#: The bound the CLI's ``--bleed`` has, checked as it is typed.
BLEED = Number(0, BLEED_MAX_MM, failure_description=f"Bleed must be 0-{BLEED_MAX_MM:g} mm.")


class PrintScreen(BuilderScreen):
    """Exports the army being edited (as it stands, saved or not)."""

    #: The actions of this screen in the action table (its keys, the palette, its help).
    SCOPE = "print"
    STYLES = "print.tcss"

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back to the army"),
        *bindings("print"),
        Binding("D", "download", "Download the pack"),
    ]
    #: Whether the status line shows the bleed field's error.
    _bleed_shown = False
    #: The last pack written, as (folder, manifest), while the browser may download it.
    _written: tuple[Path, dict[str, Any]] | None = None
    #: The files the Files list offers (each file's kinds), as last listed.
    _files: dict[str, tuple[str, ...]]
    #: What each of those files holds, in words.
    _holds: dict[str, str]
    #: The format and bleed (as typed) the player set for home, kept while a shop sets them.
    _home: tuple[str, str]

    def _job_armies(self) -> tuple[ArmyInput, ...]:
        session = self.builder.session
        path = session.path or Path(f"{session.army.name}.toml")
        text = armyfile.dumps(session.army, session.text)
        return (ArmyInput(copy.deepcopy(session.army), path, text),)

    def default_folder(self, job: ExportJob) -> Path:
        """``output/<army>/`` beside the army's file (the current folder's for an army with
        none), whole: not wherever the shell happened to be."""
        path = self.builder.session.path
        return (path.resolve().parent if path else Path.cwd()) / default_out_dir(job)

    def compose(self) -> ComposeResult:
        # What the player set last time (this session), else the defaults.
        kept = self.builder.print_settings
        self._home = (kept.format, kept.bleed)
        job = ExportJob(self._job_armies())
        yield Header(icon="⚔")
        with Horizontal(id="print-body"):
            with Vertical(id="print-form"):
                yield row(
                    "Paper",
                    Choices(
                        [
                            (f"{k.upper() if k == 'a4' else k.capitalize()} ({mm_words(v)})", k)
                            for k, v in PAPER_MM.items()
                        ],
                        value=kept.paper,
                        allow_blank=False,
                        id="print-paper",
                        compact=True,
                    ),
                )
                yield row(
                    "Card size",
                    Choices(
                        [(f"{k.capitalize()} ({mm_words(v)})", k) for k, v in CARD_MM.items()],
                        value=kept.card_size,
                        allow_blank=False,
                        id="print-card-size",
                        compact=True,
                    ),
                )
                yield row(
                    "Shop",
                    Choices(
                        [("Home (sheets to print)", HOME)]
                        + [(shop.title, name) for name, shop in SHOPS.items()],
                        value=kept.shop,
                        allow_blank=False,
                        id="print-shop",
                        compact=True,
                    ),
                )
                yield row("", Label("", id="print-shop-note"), row_id="print-shop-note-row")
                yield row(
                    "Bleed (mm)",
                    Input(
                        kept.bleed,
                        id="print-bleed",
                        type="number",
                        validators=[BLEED],
                        valid_empty=True,
                        compact=True,
                    ),
                )
                yield row(
                    "",
                    Tick(
                        "Bleed per card, with gutters",
                        id="print-gutter",
                        value=kept.gutter,
                        compact=True,
                    ),
                )
                yield row(
                    "",
                    Tick(
                        "Gutter-fold (single-sided)", id="print-fold", value=kept.fold, compact=True
                    ),
                )
                yield row(
                    "",
                    Tick(
                        "Ink saver (home printers)",
                        id="print-ink-saver",
                        value=kept.ink_saver,
                        compact=True,
                    ),
                )
                yield row(
                    "",
                    Tick(
                        "Large print (8 pt or more)",
                        id="print-large-print",
                        value=kept.large_print,
                        compact=True,
                    ),
                )
                _, rules = house_rules(self.builder.session.event, self.builder.session.ruleset)
                yield row(
                    "House rules",
                    Label(rules, id="print-house-rules"),
                    row_id="print-house-rules-row",
                )
                yield row(
                    "Format",
                    Choices(
                        [(name, key) for key, name in FORMAT_NAMES.items()],
                        value=kept.format,
                        allow_blank=False,
                        id="print-format",
                        compact=True,
                    ),
                )
                # The folder last exported to (this session), else the army's own default.
                folder = self.builder.print_folder or str(self.default_folder(job))
                yield row("Folder", Input(folder, id="print-out", compact=True))
                with Horizontal(id="print-buttons"):
                    yield Button("Export", id="print-export", variant="primary", compact=True)
                    yield Button("Download", id="print-download", compact=True)
            home = kept.shop == HOME
            listed = ExportJob(
                job.armies,
                ExportOptions(
                    format=settle(kept.shop, kept.format if home else None, None, None).format,
                    shop=kept.shop,
                ),
            )
            yield TickList(*self._ticks(listed, kept.unticked), id="print-kinds")
        yield ProgressBar(id="print-progress", show_eta=False)
        yield Label("", id="print-status")
        yield Static(id="print-files")
        yield Footer()

    def _ticks(self, job: ExportJob, unticked: frozenset[str]) -> list[tuple[str, str, bool]]:
        """The Files list's lines for ``job``: one a file, ticked unless each kind it holds
        is one of ``unticked``."""
        files = pack_files(job)
        self._files = {name: kinds for name, kinds, _ in files}
        self._holds = {name: holds for name, _, holds in files}
        return [(name, name, not set(kinds) <= unticked) for name, kinds, _ in files]

    @on(SelectionList.SelectedChanged, "#print-kinds")
    def _show_plan(self) -> None:
        """Under the form: the files ticked, each with what it holds."""
        ticked = self.query_one("#print-kinds", SelectionList).selected
        files = [(n, self._files[n], self._holds[n]) for n in self._files if n in ticked]
        self.query_one("#print-files", Static).update(plan_table(files) if files else "")

    def _chosen_kinds(self) -> set[str]:
        """The kinds of the files ticked: what the export is asked to write."""
        ticked = self.query_one("#print-kinds", SelectionList).selected
        return {kind for name in ticked for kind in self._files.get(name, ())}

    @on(Select.Changed, "#print-format")
    @on(Select.Changed, "#print-shop")
    def _relist(self) -> None:
        """The files change with the format and the shop (a deck is a PDF or a folder of
        images): list them again, each kind ticked as it was."""
        settled = self._settled(None)
        job = ExportJob(self._job_armies(), ExportOptions(format=settled.format, shop=self._shop()))
        if [name for name, _, _ in pack_files(job)] == list(self._files):
            return
        unticked = frozenset({k for ks in self._files.values() for k in ks} - self._chosen_kinds())
        files = self.query_one("#print-kinds", SelectionList)
        files.clear_options()
        files.add_options(self._ticks(job, unticked))
        self._show_plan()

    def _format(self) -> str:
        return str(self.query_one("#print-format", Select).value)

    def _shop(self) -> str:
        return str(self.query_one("#print-shop", Select).value)

    def _settled(self, bleed: float | None) -> Settled:
        """The format, resolution and bleed of the export, settled as ``export --shop`` settles
        them: the fields a shop sets are locked, so only home's are given."""
        home = self._shop() == HOME
        return settle(self._shop(), self._format() if home else None, None, bleed if home else None)

    @on(Select.Changed, "#print-shop")
    @on(Select.Changed, "#print-card-size")
    def _lock(self) -> None:
        """A shop sets the format and the bleed: show its values, locked, and say what it
        sets (or what to install first); back at home, the player's own come back."""
        shop = SHOPS.get(self._shop())
        fmt = self.query_one("#print-format", Select)
        bleed = self.query_one("#print-bleed", Input)
        note = self.query_one("#print-shop-note", Label)
        self.query_one("#print-shop-note-row").display = shop is not None
        if shop is None:
            if fmt.disabled:
                fmt.value, bleed.value = self._home
            fmt.disabled = bleed.disabled = False
            return
        if not fmt.disabled:
            self._home = (self._format(), bleed.value)
        fmt.value = shop_format(shop)
        bleed.value = f"{shop.bleed_mm:.2f}"
        fmt.disabled = bleed.disabled = True
        card_size = str(self.query_one("#print-card-size", Select).value)
        missing = missing_tools(shop)
        note.update(Text(missing, "bold red") if missing else shop_note(shop, card_size))

    def on_mount(self) -> None:
        self.sub_title = "Print"
        # Only with an event (``tui --event``): without one the rules are as written.
        self.query_one("#print-house-rules-row").display = self.builder.session.event is not None
        self.query_one("#print-kinds").border_title = "Files to write"
        self._lock()
        self._show_plan()
        self.query_one("#print-paper").focus()
        # Hidden until there is something to count (an idle bar pulses).
        self.query_one("#print-progress").display = False
        self.query_one("#print-download").display = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Download is for a browser, once there is a pack (on a terminal the files are at hand).
        if action == "download":
            return self._written is not None
        if action == "export":  # shown but idle while a pack is being written
            return None if self.query_one("#print-export", Button).disabled else True
        return True

    def action_export(self) -> None:
        self.start()

    @on(Input.Submitted)
    @on(Button.Pressed, "#print-export")
    def start(self) -> None:
        status = self.query_one("#print-status", Label)
        field = self.query_one("#print-bleed", Input)
        result = field.validate(field.value)
        if result is not None and not result.is_valid:
            status.update(Text(result.failure_descriptions[0], "bold red"))
            field.focus()
            return
        settled = self._settled(float(field.value or 0))
        only = self._chosen_kinds()
        if not only:
            status.update(Text("Choose at least one file.", "bold red"))
            return
        shop = SHOPS.get(self._shop())
        missing = None if shop is None else missing_tools(shop)
        if missing:  # said at once, with what to install: nothing is written
            status.update(Text(missing, "bold red"))
            return
        session = self.builder.session
        off, _ = house_rules(session.event, session.ruleset)
        options = ExportOptions(
            paper=str(self.query_one("#print-paper", Select).value),
            card_size=str(self.query_one("#print-card-size", Select).value),
            bleed=settled.bleed,
            gutter=self.query_one("#print-gutter", Checkbox).value,
            fold=self.query_one("#print-fold", Checkbox).value,
            ink_saver=self.query_one("#print-ink-saver", Checkbox).value,
            large_print=self.query_one("#print-large-print", Checkbox).value,
            format=settled.format,
            dpi=settled.dpi if settled.dpi is not None else DPI,
            shop=self._shop(),
            house_rules_off=off,
        )
        typed = self.query_one("#print-out", Input).value.strip()
        out = (
            Path(typed).expanduser()
            if typed
            else self.default_folder(ExportJob(self._job_armies()))
        )
        self.builder.print_folder = typed
        job = ExportJob(self._job_armies(), options)
        try:
            check_size(job)  # the export's own first check, said at once
            # The single-sided kinds share one PDF: count files, not kinds.
            count = len(files_for(job, only))
        except ExportError as exc:
            status.update(Text(f"Export failed: {exc}", "bold red"))
            return
        bar = self.query_one("#print-progress", ProgressBar)
        bar.update(total=count, progress=0)
        bar.display = True
        self.query_one("#print-files", Static).update("")
        self._offer(None)
        status.update(f"Writing {count} file{'s' if count != 1 else ''} ...")
        self._busy(True)
        # The app runs the worker, not this screen: leaving the screen does not stop the
        # export, and the result is still reported.
        self.app.run_worker(
            partial(self.export, self.app, job, out, only),
            thread=True,
            exclusive=True,
            group="export",
            name="export",
        )

    @on(Select.Changed)
    @on(Checkbox.Changed)
    @on(Input.Changed)
    @on(SelectionList.SelectedChanged)
    def _remember(self) -> None:
        """Keep the settings for the next visit to this screen, this session (while a shop
        sets the format and bleed, the player's own for home)."""
        bleed = self.query_one("#print-bleed", Input)
        home_format, home_bleed = self._home if bleed.disabled else (self._format(), bleed.value)
        self.builder.print_settings = PrintSettings(
            paper=str(self.query_one("#print-paper", Select).value),
            card_size=str(self.query_one("#print-card-size", Select).value),
            bleed=home_bleed,
            gutter=self.query_one("#print-gutter", Checkbox).value,
            fold=self.query_one("#print-fold", Checkbox).value,
            ink_saver=self.query_one("#print-ink-saver", Checkbox).value,
            large_print=self.query_one("#print-large-print", Checkbox).value,
            format=home_format,
            shop=self._shop(),
            unticked=frozenset({k for ks in self._files.values() for k in ks})
            - self._chosen_kinds(),
        )

    @on(Input.Changed, "#print-bleed")
    def _bleed_changed(self, event: Input.Changed) -> None:
        # Said in the status line as it is typed; cleared once fixed, other news left alone.
        result = event.validation_result
        status = self.query_one("#print-status", Label)
        if result is not None and not result.is_valid:
            status.update(Text(result.failure_descriptions[0], "bold red"))
            self._bleed_shown = True
        elif self._bleed_shown:
            status.update("")
            self._bleed_shown = False

    def export(self, app: App[object], job: ExportJob, out: Path, only: set[str]) -> None:
        """Write the pack off the UI thread; progress comes back through call_from_thread.

        ``app`` is passed in: a screen that has been left cannot find its app from a thread.
        """

        def progress(kind: str, done: int, total: int) -> None:
            app.call_from_thread(self._progress, kind, done, total)

        try:
            manifest = export_pack(job, out, only, progress)
        except ExportError as exc:
            app.call_from_thread(self._failed, app, str(exc))
            return
        except Exception as exc:  # noqa: BLE001 - a writer's bug must not lose unsaved edits
            app.call_from_thread(self._failed, app, f"{type(exc).__name__}: {exc}")
            return
        app.call_from_thread(self._done, app, out, manifest)

    def _progress(self, kind: str, done: int, total: int) -> None:
        if not self.is_attached:
            return
        self.query_one("#print-progress", ProgressBar).update(progress=done)
        self.query_one("#print-status", Label).update(f"Wrote {kind} ({done} of {total})")

    def _failed(self, app: App[object], message: str) -> None:
        if not self.is_attached:  # the player left the screen while it ran
            app.notify(message, title="Export failed", severity="error", timeout=10)
            return
        self._busy(False)
        self.query_one("#print-status", Label).update(Text(f"Export failed: {message}", "bold red"))

    def _done(self, app: App[object], out: Path, manifest: dict[str, Any]) -> None:
        if not self.is_attached:
            app.notify(f"Wrote {files_written(manifest)} in {out.resolve()}", title="Print pack")
            return
        self._busy(False)
        flight = manifest.get("preflight")
        done = f"Done: {files_written(manifest)} in {out.resolve()}. "
        shown: RenderableType = files_table(out, manifest)
        if flight is None:
            news = Text(done + NEXT_STEP[manifest.get("format", "pdf")], "bold")
        else:
            news = Text(done + shop_step(out, flight), "bold" if flight["passed"] else "bold red")
            shown = Group(shown, preflight_table(flight))
        self.query_one("#print-status", Label).update(news)
        self.query_one("#print-files", Static).update(shown)
        if app.is_web:
            self._offer((out, manifest))

    def _busy(self, writing: bool) -> None:
        """While a pack is being written, Export (its button and key) waits."""
        self.query_one("#print-export", Button).disabled = writing
        self.refresh_bindings()

    def _offer(self, written: tuple[Path, dict[str, Any]] | None) -> None:
        """Offer ``written`` (a pack) for download, or nothing (None)."""
        self._written = written
        self.query_one("#print-download", Button).display = written is not None
        self.refresh_bindings()

    @on(Button.Pressed, "#print-download")
    def action_download(self) -> None:
        """Send the pack to the browser as one zip (made off the UI thread)."""
        if self._written is not None:
            self.app.run_worker(
                partial(self._deliver, self.app, *self._written),
                thread=True,
                group="download",
                name="download",
            )

    def _deliver(self, app: App[object], out: Path, manifest: dict[str, Any]) -> None:
        name = zip_name(out)
        try:
            data = pack_zip(out, manifest)
        except (OSError, ValueError) as exc:
            app.call_from_thread(self._said, Text(f"Could not make {name}: {exc}", "bold red"))
            return
        app.call_from_thread(
            app.deliver_binary, io.BytesIO(data), save_filename=name, mime_type="application/zip"
        )
        files = len(manifest["files"]) + 1  # and the manifest
        app.call_from_thread(
            self._said,
            Text(f"Sent {name} to the browser: {files} files, {size_words(len(data))}.", "bold"),
        )

    def _said(self, news: Text) -> None:
        if self.is_attached:
            self.query_one("#print-status", Label).update(news)
