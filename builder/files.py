"""Reading and writing the user's files safely (core: standard library only).

* :func:`read_bytes` reads only regular files, never blocks on a FIFO or device, and caps what
  it reads, so a hostile path is a message instead of a hang.
* :func:`atomic_write` writes through a symlink to the file it points to (temporary file in that
  file's folder, then rename), keeping the file's mode.
* :func:`commit` moves several finished temporary files into place under a journal, so a run
  killed half-way is completed by the next run that writes into that folder (:func:`recover`:
  only a journal this program wrote, signed with the user's key), and :func:`sweep` removes
  the temporary files a killed run left there. Commands that only read never replay one.
* :func:`printable` (from :mod:`builder.core.text`) escapes what a terminal would obey.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import hmac
import json
import os
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

from builder.core.text import printable as printable

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


def temp_file(folder: Path, name: str) -> Path:
    """A new empty temporary file in ``folder`` for ``name``, tagged with this process."""
    fd, tmp = tempfile.mkstemp(prefix=f".{name}{_TAG}{os.getpid()}-", suffix=".tmp", dir=folder)
    os.close(fd)
    return Path(tmp)


def temp_dir(folder: Path) -> Path:
    """A new temporary folder in ``folder``, tagged with this process (swept like files)."""
    return Path(tempfile.mkdtemp(prefix=f".tmp{_TAG}{os.getpid()}-", suffix=".tmp", dir=folder))


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
#: The manifest a pack commit moves last; its ``files`` list names the pack's other outputs.
_MANIFEST = "manifest.json"


# --- The journal key --------------------------------------------------------------------------
#
# A journal is replayed only when it was written by this program for this user: it carries an
# HMAC under a random key kept (0600) in the user's config folder, so a journal planted beside
# a file (a zip unpacked in a home folder) is never obeyed.

_KEY_BYTES = 32
#: Each key file's key (None: unusable), read once a process.
_keys: dict[Path, bytes | None] = {}
_told: set[str] = set()


def config_folder() -> Path:
    """The user's billhooks settings folder: ``$XDG_CONFIG_HOME/billhooks`` (default
    ``~/.config/billhooks``)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "billhooks"


def key_path() -> Path:
    return config_folder() / "journal.key"


def _tell(line: str) -> None:
    """``line`` on stderr, once per process."""
    if line not in _told:
        _told.add(line)
        print(f"billhooks: {printable(line)}", file=sys.stderr)


def _read_key(path: Path) -> bytes:
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        ours = not hasattr(os, "getuid") or st.st_uid == os.getuid()
        if not stat.S_ISREG(st.st_mode) or not ours or st.st_mode & 0o077:
            raise OSError(errno.EPERM, "not a private file of this user's (mode 0600)")
        key = os.read(fd, _KEY_BYTES + 1)
    finally:
        os.close(fd)
    if len(key) != _KEY_BYTES:
        raise OSError(errno.EINVAL, f"not {_KEY_BYTES} bytes")
    return key


def _make_key(path: Path) -> None:
    """A new random key at ``path``, created whole or not at all (linked into place, so a
    second process making one at once keeps the first)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    tmp = temp_file(path.parent, path.name)  # mkstemp: mode 0600
    try:
        with open(tmp, "wb") as fh:
            fh.write(os.urandom(_KEY_BYTES))
            fh.flush()
            os.fsync(fh.fileno())
        with contextlib.suppress(FileExistsError):
            os.link(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    _fsync_dir(path.parent)


def journal_key() -> bytes | None:
    """This user's journal key (made on first use), or None when it cannot be read or made:
    journals are then still written, but none is replayed."""
    try:
        path, key = key_path(), None
    except RuntimeError:  # no home folder to hold it
        _tell(
            "no journal key (no home folder): an unfinished save or export will not be "
            "finished by the next run"
        )
        return None
    if path in _keys:
        return _keys[path]
    try:
        try:
            key = _read_key(path)
        except FileNotFoundError:
            _make_key(path)
            key = _read_key(path)
    except OSError as exc:
        _tell(
            f"no journal key ({path}: {exc.strerror or exc}): an unfinished save or export "
            "will not be finished by the next run"
        )
    _keys[path] = key
    return key


def _mac(key: bytes, body: dict[str, object]) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hmac.new(key, text.encode("ascii"), hashlib.sha256).hexdigest()


# --- Committing under a journal ---------------------------------------------------------------


def _is_folder(path: Path) -> bool:
    return path.is_dir() and not path.is_symlink()


def commit(moves: Iterable[tuple[Path, Path]]) -> None:
    """Rename each finished temporary file (or folder, which replaces a folder of that name)
    onto its final name (all in one folder), all or nothing under a kill: a journal listing
    the moves is written first, so a run killed (or failing) between two renames is rolled
    forward (or, while only old folders were moved aside, back) by :func:`recover` in the next
    run that writes into that folder. The temporary files must stay where they are if this
    raises."""
    pairs = [(Path(tmp), Path(final)) for tmp, final in moves]
    if not pairs:
        return
    folder = pairs[0][1].parent
    pid = os.getpid()
    # Old folders go aside (all of them, before any move), so a replay never has to remove a
    # folder: it finds every target free, or (killed among the asides) puts them back.
    aside = [
        (f.name, f".{f.name}{_TAG}{pid}-{os.urandom(4).hex()}.tmp")
        for _, f in pairs
        if _is_folder(folder / f.name)
    ]
    body: dict[str, object] = {
        "v": 2,
        "pid": pid,
        "folder": os.path.realpath(folder),
        "moves": [[t.name, f.name] for t, f in pairs],
        "aside": aside,
    }
    key = journal_key()
    record = json.dumps({**body, "mac": _mac(key, body) if key else None}).encode("utf-8")
    journal_tmp = write_temp(folder, "journal", record)
    journal = folder / f"{_JOURNAL}{pid}.{journal_tmp.name.rsplit('-', 1)[1]}"
    _active.add(journal)
    try:
        os.replace(journal_tmp, journal)
        _fsync_dir(folder)
        for name, old in aside:
            os.replace(folder / name, folder / old)
        for tmp, final in pairs:
            os.replace(folder / tmp.name, folder / final.name)
        for _, old in aside:
            shutil.rmtree(folder / old, ignore_errors=True)
        journal.unlink()
        _fsync_dir(folder)
    finally:
        _active.discard(journal)


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


class _Untrusted(ValueError):
    """A journal this program did not write (or not for this folder); ``str()`` says why."""


def _plain(name: object) -> str:
    if (
        not isinstance(name, str)
        or not name
        or Path(name).name != name
        or name in (".", "..")
        or "\0" in name
        or "\\" in name
    ):
        raise _Untrusted(f"{name!r} is not a plain name in the folder")
    return name


def _own_temp(name: object, pid: int) -> str:
    text = _plain(name)
    if not (text.startswith(".") and text.endswith(".tmp") and f"{_TAG}{pid}-" in text):
        raise _Untrusted(f"{text!r} is not one of its own temporary names")
    return text


def _output(name: object) -> str:
    text = _plain(name)
    if text.startswith("."):
        raise _Untrusted(f"{text!r} is a hidden file, never an output")
    return text


def _outputs_listed(folder: Path, moves: list[tuple[str, str]]) -> None:
    """A pack's moves may name only the outputs its manifest (still at its temporary name:
    moved last) lists."""
    temp = next((t for t, f in moves if f == _MANIFEST), None)
    if temp is None or not (folder / temp).exists():
        return
    try:
        listed = {e["file"] for e in json.loads(read_bytes(folder / temp))["files"]}
    except (FileProblem, ValueError, KeyError, TypeError, RecursionError) as exc:
        raise _Untrusted("its manifest cannot be read") from exc
    strays = [f for _, f in moves if f != _MANIFEST and f not in listed]
    if strays:
        raise _Untrusted(f"{strays[0]!r} is not an output its manifest lists")


def _trusted(
    journal: Path, pid: int, key: bytes
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The moves and asides of ``journal`` if this program wrote it, for this folder, with
    only its own temporary names and its outputs in it; else _Untrusted."""
    try:
        record = json.loads(read_bytes(journal, 1024 * 1024))
    except (FileProblem, ValueError, RecursionError) as exc:
        raise _Untrusted("it cannot be read as a journal") from exc
    if not isinstance(record, dict) or not isinstance(record.get("mac"), str):
        raise _Untrusted("it carries no signature")
    body = {k: v for k, v in record.items() if k != "mac"}
    if not hmac.compare_digest(_mac(key, body), record["mac"]):
        raise _Untrusted("its signature is not this user's")
    folder = journal.parent
    if body.get("pid") != pid or body.get("folder") != os.path.realpath(folder):
        raise _Untrusted("it names another folder or process")
    try:
        moves = [(_own_temp(t, pid), _output(f)) for t, f in body["moves"]]
        aside = [(_output(f), _own_temp(a, pid)) for f, a in body["aside"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise _Untrusted(str(exc) if isinstance(exc, _Untrusted) else "it is damaged") from exc
    finals = [f for _, f in moves]
    if len(set(finals)) != len(finals) or any(f not in finals for f, _ in aside):
        raise _Untrusted("it is damaged")
    _outputs_listed(folder, moves)
    return moves, aside


def _replay(folder: Path, moves: list[tuple[str, str]], aside: list[tuple[str, str]]) -> None:
    """Finish a dead run's commit: forward when every old folder is aside (or some move is
    done), else back (the asides put back). Only renames: nothing is removed here, and a
    folder is never renamed over (the temporary files left are :func:`sweep`'s)."""
    pending = [(t, f) for t, f in moves if os.path.lexists(folder / t)]
    if len(pending) == len(moves) and any(_is_folder(folder / f) for _, f in pending):
        for final, old in aside:
            if os.path.lexists(folder / old) and not os.path.lexists(folder / final):
                os.replace(folder / old, folder / final)
        return
    for tmp, final in pending:
        if not _is_folder(folder / final):
            os.replace(folder / tmp, folder / final)


def recover(folder: Path) -> None:
    """Finish (or undo) the commit of a run into ``folder`` that was killed (or failed) while
    committing, if its journal is one this program wrote for this user and folder. Any other
    journal is left where it is, untouched, and named on stderr."""
    try:
        journals = sorted(e for e in folder.iterdir() if e.name.startswith(_JOURNAL))
    except OSError:
        return
    for journal in journals:
        if journal in _active:
            continue
        pid_text = journal.name[len(_JOURNAL) :].split(".")[0]
        if not pid_text.isdigit():
            _tell(f"left {journal} alone: not a journal this program wrote (its name)")
            continue
        pid = int(pid_text)
        if pid == os.getpid() or not _stale(journal, pid):
            continue
        key = journal_key()
        if key is None:
            _tell(f"left {journal} alone: without the journal key it cannot be checked")
            continue
        try:
            moves, aside = _trusted(journal, pid, key)
        except _Untrusted as exc:
            _tell(f"left {journal} alone: not a journal this program wrote ({exc})")
            continue
        with contextlib.suppress(OSError):
            _replay(folder, moves, aside)
            journal.unlink()
            _fsync_dir(folder)


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
        tail = name[name.rfind(_TAG) + len(_TAG) :]
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
