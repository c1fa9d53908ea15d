"""Reading and writing the user's files safely (core: standard library only).

* :func:`read_bytes` reads only regular files, never blocks on a FIFO or device, and caps what
  it reads, so a hostile path is a message instead of a hang.
* :func:`atomic_write` writes one file so a crash leaves the old file or the new one; through a
  symlink, the file it points to is written (in its own folder) and the link stays, the file's
  mode kept.
* :func:`commit` moves several finished temporary files into place, the last one (a pack's
  manifest) last.
* :func:`printable` (from :mod:`builder.core.text`) escapes what a terminal would obey.

Writing trusts nothing it finds on the disk (issue 38.1). A file that arrives with an army (an
unpacked zip, in the army's folder or anywhere in the home folder) may be named like anything
billhooks ever wrote, signed with any key it likes, or be a link; so billhooks never obeys,
moves or deletes a file it did not make in this run, but for replacing the outputs it was
asked to write. Every write is: a new temporary file in the output's own folder
(``tempfile.mkstemp``: a random name, opened with ``O_CREAT | O_EXCL``, so a file or link
already at that name is never opened, and mode 0600 until finished), the data written and
flushed to disk through that same descriptor, then one ``os.replace`` onto the output's name
(which replaces a link there, never the file it points to), then the folder flushed. The only
names a run changes are the outputs it was asked to write, and its own temporary files, which
it removes itself if anything fails.

There is no journal: a run killed (SIGKILL, power cut) between the renames of a commit
leaves each output either old or new, and at most its own temporary files (``.NAME.bh<pid>-
<random>.tmp``), which nothing ever reads or acts on and the user may delete. An export's
manifest, renamed last, records each file's SHA-256, so a reader tells which files belong to
it until the next export writes a whole pack again. (Until issue 38 a killed commit was
finished by the next run from a signed journal in the output folder; a zip could bring both
the journal and its key, so journals, their key and the sweep of other runs' temporary files
are gone. Old ``.billhooks-journal.*`` files and ``journal.key`` are now ignored.)
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from collections.abc import Iterable
from pathlib import Path

from builder.core.text import printable as printable

#: Most bytes an army, collection or events file may hold (a large collection is ~1 MB).
READ_MAX = 4 * 1024 * 1024
#: Most bytes a photo may hold.
PHOTO_MAX = 64 * 1024 * 1024
#: Temporary names carry the writer's process id (".roster.pdf.bh1234-x8k2.tmp"): a person
#: finding one left by a killed run can tell what it was.
_TAG = ".bh"
#: A dead process's folder in billhooks' private temporary folder is removed once this old
#: even if its process id is in use again (seconds).
_STALE_AGE = 24 * 3600


class FileProblem(ValueError):
    """A file that cannot be read as asked; ``str()`` says why, without the path."""


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
            raise FileProblem(
                f"is {_size(st.st_size)} ({st.st_size:,} bytes); at most {_size(limit)} is read"
            )
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


def _new_temp(folder: Path, name: str) -> tuple[int, Path]:
    """A new empty temporary file in ``folder`` for ``name`` (random name, O_EXCL, mode 0600),
    open for writing."""
    import tempfile  # writers only: `check` reads

    fd, tmp = tempfile.mkstemp(prefix=f".{name}{_TAG}{os.getpid()}-", suffix=".tmp", dir=folder)
    return fd, Path(tmp)


def temp_file(folder: Path, name: str) -> Path:
    """A new empty temporary file in ``folder`` for ``name``, for a writer that opens it by
    name (a PDF library); the caller removes it if the write fails."""
    fd, tmp = _new_temp(folder, name)
    os.close(fd)
    return tmp


def temp_dir(folder: Path) -> Path:
    """A new temporary folder in ``folder`` (random name, mode 0700)."""
    import tempfile

    return Path(tempfile.mkdtemp(prefix=f".tmp{_TAG}{os.getpid()}-", suffix=".tmp", dir=folder))


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_temp(folder: Path, name: str, data: bytes, mode: int = 0o644) -> Path:
    """``data`` in a new temporary file in ``folder``, flushed to disk (written through the
    descriptor that created it: nothing else is ever opened)."""
    fd, tmp = _new_temp(folder, name)
    try:
        with open(fd, "wb", closefd=True) as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
            if hasattr(os, "fchmod"):
                os.fchmod(fh.fileno(), mode)
            else:  # Windows: no fchmod; the name is still ours alone
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


def atomic_write(path: str | Path, data: bytes | str, follow: bool = True) -> Path:
    """Write ``data`` to ``path`` so a crash leaves the old file or the new one. Through a
    symlink, the file it points to is written (in its own folder) and the link stays: the
    file a player opened and saves. With ``follow`` False (billhooks' own settings and cache,
    at names anyone can know) a link there is replaced instead. Returns the file written. An
    OSError (a full disk) names ``path``, not the temporary file."""
    target = real_target(path) if follow else Path(os.path.abspath(path))
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        tmp = write_temp(target.parent, target.name, raw, _mode_of(target))
        try:
            os.replace(tmp, target)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from None
    _fsync_dir(target.parent)
    return target


def _is_folder(path: Path) -> bool:
    return path.is_dir() and not path.is_symlink()


def _remove(path: Path) -> None:
    """Remove a file or link, or a folder and what it holds (links in it are removed, never
    followed)."""
    if _is_folder(path):
        import shutil

        shutil.rmtree(path, ignore_errors=True)
    else:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()


def commit(moves: Iterable[tuple[Path, Path]]) -> None:
    """Rename each finished temporary file (or folder) of this run onto its final name, in
    order (a pack's manifest last). A folder replaces the folder of its name (the caller
    refuses a file or link there first): that is moved aside onto an empty folder made for it
    here (so no other name is taken) and removed once the new one is in place. If a rename
    fails, the outputs moved so far stay new, the one that failed is put back as it was, and
    the error is raised; the temporary files not moved are the caller's to remove."""
    pairs = [(Path(tmp), Path(final)) for tmp, final in moves]
    aside: list[tuple[Path, Path]] = []
    try:
        for tmp, final in pairs:
            if _is_folder(tmp) and _is_folder(final):
                hold = temp_dir(final.parent)
                os.replace(final, hold)  # a folder may take the name of an empty one
                aside.append((final, hold))
            os.replace(tmp, final)
    except BaseException:
        # The folder whose new one did not get in goes back; those replaced are done with.
        for final, hold in aside:
            if os.path.lexists(final):
                _remove(hold)
                continue
            with contextlib.suppress(OSError):  # else the old one stays at its hidden name
                os.replace(hold, final)
        raise
    for _, hold in aside:
        _remove(hold)
    for folder in {final.parent for _, final in pairs}:
        _fsync_dir(folder)


def config_folder() -> Path:
    """The user's billhooks settings folder: ``$XDG_CONFIG_HOME/billhooks`` (default
    ``~/.config/billhooks``)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "billhooks"


# --- Billhooks' private temporary folder ------------------------------------------------------


def private_folder(base: Path) -> bool:
    """Whether ``base`` is (made here, or found as) a folder of this user's alone: a real
    folder, not a link, owned by this user, mode 0700. Only such a folder is swept of dead
    runs' folders (:func:`sweep_private`)."""
    try:
        base.mkdir(mode=0o700, exist_ok=True)
        st = os.lstat(base)
    except OSError:
        return False
    ours = not hasattr(os, "getuid") or st.st_uid == os.getuid()
    return stat.S_ISDIR(st.st_mode) and ours and not st.st_mode & 0o077


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


def sweep_private(base: Path) -> None:
    """Remove the temporary folders that runs which died left in ``base``, billhooks' private
    temporary folder (checked by :func:`private_folder`; outside the home folder and any army's
    folder). Nothing else is ever swept."""
    try:
        entries = list(base.iterdir())
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if not (name.startswith(f".tmp{_TAG}") and name.endswith(".tmp")):
            continue
        pid_text = name[len(f".tmp{_TAG}") :].split("-", 1)[0]
        if not pid_text.isdigit():
            continue
        pid = int(pid_text)
        try:
            old = time.time() - entry.lstat().st_mtime > _STALE_AGE
        except OSError:
            continue
        if pid != os.getpid() and (not _alive(pid) or old):
            _remove(entry)


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


#: Why a photo outside its file's folder is not printed, and how to print it anyway.
OUTSIDE_PHOTO = (
    "lies outside the file's folder: keep photos in that folder or under it "
    "(photos/x.jpg), or export with --allow-photos-anywhere"
)


def outside(path: str | Path, folder: str) -> bool:
    """Whether the photo at ``path``, its symlinks followed, lies outside ``folder`` (a real
    path, as :func:`file_folder` gives): a shared army file must not print a file from
    elsewhere on the disk (``../../.ssh/id.png``)."""
    real = os.path.realpath(path)
    try:
        return os.path.commonpath([real, folder]) != folder
    except ValueError:  # another drive (Windows)
        return True


def file_folder(path: str | Path) -> str:
    """The folder paths in the file at ``path`` are relative to: the real file's (at the end
    of any symlinks), which is also the file a save writes."""
    return os.path.dirname(os.path.realpath(path))
