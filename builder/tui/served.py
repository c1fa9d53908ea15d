"""The driver of a builder that ``billhooks serve`` runs for a browser tab.

textual-serve talks to each tab's builder through its stdin and stdout pipes. Textual's own
web driver carries on when stdin ends, so a server killed outright (``kill -9``, a crash)
would leave its builders running with nobody to talk to. The server holds the only write end
of stdin: its end of file means the server is gone, and the builder quits, its unsaved work
in a recovery file beside the army (``<name>.recovered.toml``); the army's own file stays as
last saved.
"""

from __future__ import annotations

import contextlib
import gc
from functools import partial
from typing import Any

from textual import messages
from textual.drivers.web_driver import WebDriver


class ServedDriver(WebDriver):
    """Textual's web driver, quitting when its server goes away."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        write = self._write
        #: Set once stdout's reader (the server) has gone: output is dropped from then on.
        self.orphaned = False

        def write_unless_orphaned(data: bytes) -> int:
            if self.orphaned:
                return len(data)
            try:
                return write(data)
            except OSError:  # the server went while the builder was drawing
                self.orphaned = True
                return len(data)

        self._write = partial(write_unless_orphaned)

    def stop_application_mode(self) -> None:
        super().stop_application_mode()
        # The app is done: the process ends next. Its objects are not garbage-collected one
        # by one on the way out (a second or more after an export), as the server waits for
        # each builder to end before it stops.
        gc.freeze()

    def run_input_thread(self) -> None:
        super().run_input_thread()
        # The loop also ends when the app stops (exit_event): only an end of stdin before
        # that means the server has gone.
        if not self.exit_event.is_set():
            self.orphaned = True
            keep = getattr(self._app, "save_for_lost_server", None)
            if keep is not None:
                # On the app's own thread, between two of its events; an app already
                # stopping has nothing left to keep.
                with contextlib.suppress(Exception):
                    self._app.call_from_thread(keep)
            self._app.post_message(messages.ExitApp())
