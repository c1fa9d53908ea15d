"""Reading and writing the user's files safely (core: standard library only).

* :func:`read_bytes` reads only regular files, never blocks on a FIFO or device, and caps what
  it reads, so a hostile path is a message instead of a hang.
* :func:`atomic_write` writes through a symlink to the file it points to (temporary file in that
  file's folder, then rename), keeping the file's mode.
* :func:`commit` moves several finished temporary files into place under a journal, so a run
  killed half-way is completed by the next run into that folder (:func:`recover`), and
  :func:`sweep` removes the temporary files a killed run left there.
* :func:`printable` escapes what a terminal would obey (escape sequences in a file name).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

#: Most bytes an army, collection or events file may hold (a large collection is ~1 MB).
READ_MAX = 4 * 1024 * 1024
#: Most bytes a photo may hold.
PHOTO_MAX = 64 * 1024 * 1024
#: Temporary names carry the writer's process id (".roster.pdf.bh1234-x8k2.tmp"), so the next
#: run can tell a dead run's litter from a live run's work.
_TAG = ".bh"
_JOURNAL = ".billhooks-journal."
#: Litter of a process id that may have been reused is still swept once this old (seconds).
_STALE_AGE = 24 * 3600


class FileProblem(ValueError):
    """A file that cannot be read as asked; ``str()`` says why, without the path."""


def printable(text: str) -> str:
    """``text`` with every character a terminal could act on shown as an escape (``\\x1b``)."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)


def _size(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MB" if n >= 1024 * 1024 else f"{n} bytes"


def _why(exc: OSError) -> str:
    if exc.errno == errno.ENOENT:
        return "no such file"
    if exc.errno == errno.ELOOP:
        return "is a symlink loop (the link points back to itself)"
    if exc.errno == errno.EACCES:
        return "cannot read: permission denied"
    if exc.errno == errno.ENOTDIR:
        return "no such file (a part of the path is not a folder)"
    return f"cannot read: {exc.strerror or exc}"


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "is a pipe (FIFO), not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a regular file"
    return "is not a regular file"


def check_regular(path: str | Path) -> None:
    """FileProblem unless ``path`` is (or links to) a readable regular file."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise FileProblem(_why(exc)) from None
    except ValueError:  # an embedded NUL byte
        raise FileProblem("is not a valid file name") from None
    if not stat.S_ISREG(st.st_mode):
        raise FileProblem(_kind(st.st_mode))


def read_bytes(path: str | Path, limit: int = READ_MAX) -> bytes:
    """The bytes of the regular file at ``path``; FileProblem for anything else (a folder, a
    FIFO, a device, a symlink loop) or for a file over ``limit`` bytes (its size named)."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        if exc.errno == errno.EISDIR:
            raise FileProblem("is a folder, not a file") from None
        raise FileProblem(_why(exc)) from None
    except ValueError:
        raise FileProblem("is not a valid file name") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileProblem(_kind(st.st_mode))
        if st.st_size > limit:
            raise FileProblem(f"is {_size(st.st_size)} ({st.st_size:,} bytes); at most "
                              f"{_size(limit)} is read")
        chunks, total = [], 0
        while chunk := os.read(fd, min(1 << 20, limit + 1 - total)):
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise FileProblem(f"is over {_size(limit)} (it grew while being read)")
        return b"".join(chunks)
    except OSError as exc:
        raise FileProblem(_why(exc)) from None
    finally:
        os.close(fd)


# --- Writing ----------------------------------------------------------------------------------


def real_target(path: str | Path) -> Path:
    """The file a write to ``path`` must change: the end of its symlinks, if any."""
    return Path(os.path.realpath(path))


def temp_file(folder: Path, name: str) -> Path:
    """A new empty temporary file in ``folder`` for ``name``, tagged with this process."""
    fd, tmp = tempfile.mkstemp(prefix=f".{name}{_TAG}{os.getpid()}-", suffix=".tmp",
                               dir=folder)
    os.close(fd)
    return Path(tmp)


def temp_dir(folder: Path) -> Path:
    """A new temporary folder in ``folder``, tagged with this process (swept like files)."""
    return Path(tempfile.mkdtemp(prefix=f".tmp{_TAG}{os.getpid()}-", suffix=".tmp",
                                 dir=folder))


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_temp(folder: Path, name: str, data: bytes, mode: int = 0o644) -> Path:
    """``data`` in a new temporary file in ``folder``, flushed to disk."""
    tmp = temp_file(folder, name)
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


def _mode_of(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        return 0o644


def atomic_write(path: str | Path, data: bytes | str) -> Path:
    """Write ``data`` to ``path`` so a crash leaves the old file or the new one. Through a
    symlink, the file it points to is written (in its own folder) and the link stays. Returns
    the file written."""
    target = real_target(path)
    folder = target.parent
    sweep(folder)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    tmp = write_temp(folder, target.name, raw, _mode_of(target))
    try:
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_dir(folder)
    return target


#: Journals of commits running in this process (another thread's are not recovered).
_active: set[Path] = set()


def commit(moves: Iterable[tuple[Path, Path]]) -> None:
    """Rename each finished temporary file (or folder, which replaces a folder of that name)
    onto its final name (all in one folder), all or nothing under a kill: a journal listing
    the moves is written first, so a run killed (or failing) between two renames is completed
    by :func:`recover` in the next run into that folder. The temporary files must stay where
    they are if this raises."""
    pairs = [(Path(tmp), Path(final)) for tmp, final in moves]
    if not pairs:
        return
    folder = pairs[0][1].parent
    record = json.dumps({"moves": [[t.name, f.name] for t, f in pairs]}).encode("utf-8")
    journal_tmp = write_temp(folder, "journal", record)
    journal = folder / f"{_JOURNAL}{os.getpid()}.{journal_tmp.name.rsplit('-', 1)[1]}"
    _active.add(journal)
    try:
        os.replace(journal_tmp, journal)
        _fsync_dir(folder)
        _play(folder, pairs)
        journal.unlink()
        _fsync_dir(folder)
    finally:
        _active.discard(journal)


def _play(folder: Path, pairs: list[tuple[Path, Path]]) -> None:
    for tmp, final in pairs:
        if not (folder / tmp.name).exists():
            continue  # moved already (a run replaying a killed one's journal)
        target = folder / final.name
        old = None
        if target.is_dir() and not target.is_symlink():
            # A folder cannot be renamed over a folder holding files: the old one is moved
            # aside under a temporary name first (a kill here leaves it for :func:`sweep`,
            # and the replay finds the target free).
            old = folder / f".{final.name}{_TAG}{os.getpid()}-{os.urandom(4).hex()}.tmp"
            os.replace(target, old)
        os.replace(folder / tmp.name, target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def _stale(entry: Path, pid: int) -> bool:
    if not _alive(pid):
        return True
    try:
        return pid != os.getpid() and time.time() - entry.lstat().st_mtime > _STALE_AGE
    except OSError:
        return False


def recover(folder: Path) -> None:
    """Finish the moves of a run into ``folder`` that was killed (or failed) while committing."""
    try:
        journals = [e for e in folder.iterdir() if e.name.startswith(_JOURNAL)]
    except OSError:
        return
    for journal in journals:
        if journal in _active:
            continue
        try:
            pid = int(journal.name[len(_JOURNAL):].split(".")[0])
            if pid != os.getpid() and not _stale(journal, pid):
                continue
            record = json.loads(journal.read_bytes())
            pairs = [(Path(t), Path(f)) for t, f in record["moves"]]
            # Only plain names inside this folder: the journal is ours, but may be damaged.
            if any(Path(n).name != n for p in pairs for n in (str(p[0]), str(p[1]))):
                raise ValueError("bad journal")
        except (OSError, ValueError, KeyError, TypeError):
            with contextlib.suppress(OSError):
                journal.unlink()
            continue
        with contextlib.suppress(OSError):
            _play(folder, pairs)
            journal.unlink()


def recover_beside(path: str | Path) -> None:
    """:func:`recover` in the folder of the file ``path`` is (or links to), if it has one."""
    try:
        folder = real_target(path).parent
    except (OSError, ValueError):
        return
    recover(folder)


def sweep(folder: Path) -> None:
    """Finish a killed run's commit in ``folder``, then remove the temporary files and folders
    that runs which died there left behind (never a live run's)."""
    recover(folder)
    try:
        entries = list(folder.iterdir())
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(".tmp") and _TAG in name):
            continue
        tail = name[name.rfind(_TAG) + len(_TAG):]
        pid_text = tail.split("-", 1)[0]
        if not pid_text.isdigit() or not _stale(entry, int(pid_text)):
            continue
        with contextlib.suppress(OSError):
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()


# --- Photos -----------------------------------------------------------------------------------

#: Image types both print pipelines (ReportLab and WeasyPrint) read.
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png")


def photo_problem(path: str | Path) -> str | None:
    """Why the photo at ``path`` cannot be printed (missing, a folder, a FIFO, a symlink loop,
    unreadable, not a JPEG or PNG name), or None when it is a readable regular image file."""
    try:
        check_regular(path)
        if not os.access(path, os.R_OK):
            return "cannot read: permission denied"
    except FileProblem as exc:
        return str(exc)
    if Path(path).suffix.lower() not in PHOTO_SUFFIXES:
        return "is not a JPEG or PNG image (expected " + ", ".join(PHOTO_SUFFIXES) + ")"
    return None


def file_folder(path: str | Path) -> str:
    """The folder paths in the file at ``path`` are relative to: the real file's (at the end
    of any symlinks), which is also the file a save writes."""
    return os.path.dirname(os.path.realpath(path))
