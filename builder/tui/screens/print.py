"""The Print screen: paper, card size, bleed, layout, format and which files; the pack is
written in a thread worker with a progress bar, then the screen lists what went where. In a
browser (``billhooks serve``) the pack is written on the server's disk, so the screen then
offers it to the browser as one zip file too."""

from __future__ import annotations

import copy
import io
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.table import Table
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
from builder.export.base import (
    BLEED_MAX_MM,
    CARD_MM,
    FORMAT_NAMES,
    NEXT_STEP,
    PAPER_MM,
    ArmyInput,
    ExportError,
    ExportJob,
    ExportOptions,
)
from builder.export.bundle import pack_zip, zip_name
from builder.export.pack import default_out_dir, export_pack, files_for, offered_kinds
from builder.export.size import check_size
from builder.tui.modals.base import row
from builder.tui.print_settings import PrintSettings
from builder.tui.screens.base import BuilderScreen
from builder.tui.widgets.ticks import Tick, TickList

if TYPE_CHECKING:
    pass


def _mm(size: tuple[float, float]) -> str:
    return f"{size[0]:g} x {size[1]:g} mm"


def files_table(out_dir: Path, manifest: dict[str, Any]) -> Table:
    """The files written, their pages and what they hold, from the manifest."""
    table = Table(box=None, padding=(0, 2), expand=True)
    table.add_column("file", no_wrap=True)
    table.add_column("pages", justify="right")
    table.add_column("holds")
    for entry in manifest["files"]:
        holds = ", ".join(f"{n} {label}" for label, n in entry["counts"].items())
        folder = "images" in entry  # a folder of images: its files, not pages
        table.add_row(
            entry["file"] + ("/" if folder else ""),
            f"{entry['pages']} files" if folder else str(entry["pages"]),
            holds,
        )
    table.add_row("manifest.json", "", "what is in each file")
    return table


def _files(manifest: dict[str, Any]) -> str:
    """How many files the manifest lists: "3 PDF files", or with folders of images "3 files"."""
    n = len(manifest["files"])
    noun = "PDF file" if manifest.get("format", "pdf") == "pdf" else "file"
    return f"{n} {noun}{'s' if n != 1 else ''}"


def _size(n: int) -> str:
    """A byte count as a person reads it: "840 kB", "12.5 MB"."""
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{max(n / 1e3, 1):.0f} kB"


#: The bound the CLI's ``--bleed`` has, checked as it is typed.
BLEED = Number(0, BLEED_MAX_MM, failure_description=f"Bleed must be 0-{BLEED_MAX_MM:g} mm.")


class PrintScreen(BuilderScreen):
    """Exports the army being edited (as it stands, saved or not)."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back to the army"),
        Binding("D", "download", "Download the pack"),
    ]
    #: Whether the status line shows the bleed field's error.
    _bleed_shown = False
    #: The last pack written, as (folder, manifest), while the browser may download it.
    _written: tuple[Path, dict[str, Any]] | None = None

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
        job = ExportJob(self._job_armies())
        yield Header(icon="⚔")
        with Horizontal(id="print-body"):
            with Vertical(id="print-form"):
                yield row(
                    "Paper",
                    Select(
                        [
                            (f"{k.upper() if k == 'a4' else k.capitalize()} ({_mm(v)})", k)
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
                    Select(
                        [(f"{k.capitalize()} ({_mm(v)})", k) for k, v in CARD_MM.items()],
                        value=kept.card_size,
                        allow_blank=False,
                        id="print-card-size",
                        compact=True,
                    ),
                )
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
                    "Format",
                    Select(
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
            yield TickList(
                *[(kind, kind, kind not in kept.unticked) for kind in offered_kinds(job)],
                id="print-kinds",
            )
        yield ProgressBar(id="print-progress", show_eta=False)
        yield Label("", id="print-status")
        yield Static(id="print-files")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Print"
        self.query_one("#print-kinds").border_title = "Files"
        self.query_one("#print-paper").focus()
        # Hidden until there is something to count (an idle bar pulses).
        self.query_one("#print-progress").display = False
        self.query_one("#print-download").display = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Download is for a browser, once there is a pack (on a terminal the files are at hand).
        return self._written is not None if action == "download" else True

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
        bleed = float(field.value or 0)
        only = set(self.query_one("#print-kinds", SelectionList).selected)
        if not only:
            status.update(Text("Choose at least one file.", "bold red"))
            return
        options = ExportOptions(
            paper=str(self.query_one("#print-paper", Select).value),
            card_size=str(self.query_one("#print-card-size", Select).value),
            bleed=bleed,
            gutter=self.query_one("#print-gutter", Checkbox).value,
            fold=self.query_one("#print-fold", Checkbox).value,
            ink_saver=self.query_one("#print-ink-saver", Checkbox).value,
            format=str(self.query_one("#print-format", Select).value),
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
        self.query_one("#print-export", Button).disabled = True
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
        """Keep the settings for the next visit to this screen, this session."""
        kinds = self.query_one("#print-kinds", SelectionList)
        self.builder.print_settings = PrintSettings(
            paper=str(self.query_one("#print-paper", Select).value),
            card_size=str(self.query_one("#print-card-size", Select).value),
            bleed=self.query_one("#print-bleed", Input).value,
            gutter=self.query_one("#print-gutter", Checkbox).value,
            fold=self.query_one("#print-fold", Checkbox).value,
            ink_saver=self.query_one("#print-ink-saver", Checkbox).value,
            format=str(self.query_one("#print-format", Select).value),
            unticked=frozenset(
                {str(kinds.get_option_at_index(i).value) for i in range(kinds.option_count)}
                - set(kinds.selected)
            ),
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
        self.query_one("#print-export", Button).disabled = False
        self.query_one("#print-status", Label).update(Text(f"Export failed: {message}", "bold red"))

    def _done(self, app: App[object], out: Path, manifest: dict[str, Any]) -> None:
        if not self.is_attached:
            app.notify(f"Wrote {_files(manifest)} in {out.resolve()}", title="Print pack")
            return
        self.query_one("#print-export", Button).disabled = False
        self.query_one("#print-status", Label).update(
            Text(
                f"Done: {_files(manifest)} in {out.resolve()}. "
                f"{NEXT_STEP[manifest.get('format', 'pdf')]}",
                "bold",
            )
        )
        self.query_one("#print-files", Static).update(files_table(out, manifest))
        if app.is_web:
            self._offer((out, manifest))

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
            Text(f"Sent {name} to the browser: {files} files, {_size(len(data))}.", "bold"),
        )

    def _said(self, news: Text) -> None:
        if self.is_attached:
            self.query_one("#print-status", Label).update(news)
