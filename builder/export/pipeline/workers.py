"""Run a batch of writes in a forked worker process while this one does others: the pack's
documents (WeasyPrint) and its sheets (ReportLab) are independent, and the machine has more
than one core.

The worker is forked after the libraries are imported, so it starts at once and shares their
pages; it sends each result back as it finishes (a length-prefixed pickle on a pipe) and dies
with this process (``PR_SET_PDEATHSIG`` on Linux), so a killed export leaves no worker writing
behind it. Forking is only done from a process with one thread: a thread holding a lock at the
fork would leave the worker waiting on it for ever.
"""

from __future__ import annotations

import ctypes
import os
import pickle
import select
import signal
import struct
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Generic, TypeVar

from builder.export.job import ExportError

T = TypeVar("T")
_HEADER = struct.Struct("!I")


def _cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def can_fork() -> bool:
    """Whether a worker may be forked here: fork exists, there is a second core, and this
    process runs one thread (the builder exports from a worker thread: no fork there)."""
    return hasattr(os, "fork") and _cores() > 1 and threading.active_count() == 1


def spare_cores() -> int:
    """The cores beside this process's own, where :func:`can_fork` allows workers: one worker
    for each keeps a worker from sharing a core with another (on two cores, three processes
    left the longest file with two thirds of one)."""
    return max(1, _cores() - 1)


def _die_with_parent() -> None:
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass


class Worker(Generic[T]):
    """A forked process running ``jobs`` in order; :meth:`ready` and :meth:`rest` give back
    their results (or raise the ExportError or OSError one of them raised)."""

    def __init__(self, jobs: Sequence[Callable[[], T]]) -> None:
        self._left = len(jobs)
        read, write = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # the worker
            os.close(read)
            _die_with_parent()
            code = 0
            try:
                for job in jobs:
                    try:
                        frame = pickle.dumps(("ok", job()))
                    except ExportError as exc:
                        frame, code = pickle.dumps(("export", str(exc))), 1
                    except OSError as exc:  # a full disk: the parent reports it as its own
                        frame = pickle.dumps(("os", (exc.errno, exc.strerror, exc.filename)))
                        code = 1
                    except BaseException as exc:  # noqa: BLE001 - reported to the parent
                        frame, code = pickle.dumps(("error", f"{type(exc).__name__}: {exc}")), 1
                    os.write(write, _HEADER.pack(len(frame)))
                    view = memoryview(frame)
                    while view:
                        view = view[os.write(write, view) :]
                    if code:
                        break
            finally:
                # No atexit handlers, no flushing of the parent's buffers: just go.
                os._exit(code)
        os.close(write)
        self._pipe = read
        self._buffer = b""

    def _frames(self, block: bool) -> Iterator[T]:
        while self._left:
            if len(self._buffer) >= _HEADER.size:
                (size,) = _HEADER.unpack_from(self._buffer)
                if len(self._buffer) >= _HEADER.size + size:
                    frame = self._buffer[_HEADER.size : _HEADER.size + size]
                    self._buffer = self._buffer[_HEADER.size + size :]
                    self._left -= 1
                    status, value = pickle.loads(frame)  # noqa: S301 - our own child's bytes
                    if status == "export":
                        raise ExportError(value)
                    if status == "os":
                        raise OSError(*value)
                    if status == "error":
                        raise RuntimeError(value)
                    yield value
                    continue
            if not block and not select.select([self._pipe], [], [], 0)[0]:
                return
            chunk = os.read(self._pipe, 1 << 16)
            if not chunk:
                _, status = os.waitpid(self.pid, 0)
                self.pid = 0
                raise ExportError(f"the worker writing the documents stopped (status {status})")
            self._buffer += chunk

    def ready(self) -> list[T]:
        """The results finished so far, without waiting."""
        return list(self._frames(block=False))

    def rest(self) -> list[T]:
        """Every result not yet given back, waiting for them."""
        return list(self._frames(block=True))

    def close(self) -> None:
        """Stop the worker if it still runs, and reap it."""
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(self.pid, 0)
            self.pid = 0
        os.close(self._pipe)
