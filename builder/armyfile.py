"""Army files: TOML <-> any ruleset's records, driven only by the ruleset's declared schema.

Reading uses :mod:`tomllib` (fast, strict) and validates every key against the ruleset's
:class:`~builder.core.schema.Table` tree (:mod:`builder.core.validate`), so a typo is an error
that names the file, the line and the key. Writing goes through :mod:`tomlkit` on top of the
file already on disk and touches only the values that changed, so comments, key order, line
endings and every other byte survive; it writes only declared keys and leaves defaults out; it
lands atomically through :mod:`builder.files` (temporary file, then rename; through a symlink,
the file it points to). Path fields (photos) are relative to the file; records hold them
absolute.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder import files
from builder.core.base import ArmyRecord, Finding, Ruleset
from builder.core.schema import Table, walk
from builder.core.validate import BOM, ArmyFileError, Ctx, array, build, parse_toml, short
from builder.files import file_folder
from builder.registry import get_ruleset, known, names

if TYPE_CHECKING:
    from builder.core.inputs import Input, InputFile
    from builder.core.mustering import Collection

# --- Reading ----------------------------------------------------------------------------------


def ruleset_of(data: dict[str, Any], ctx: Ctx) -> Ruleset:
    """The ruleset a parsed army or collection file names, or an error at ``ruleset``."""
    if "ruleset" not in data:
        raise ctx.error("", "missing required key 'ruleset' (e.g. ruleset = \"billhooks\")")
    name = data["ruleset"]
    if not isinstance(name, str) or not known(name):
        raise ctx.error(
            "ruleset", f"unknown ruleset {short(name)}: expected one of " + ", ".join(names())
        )
    return get_ruleset(name)


def read_text(path: str | Path) -> str:
    """The file's text (a UTF-8 byte-order mark dropped), or an ArmyFileError for a missing
    file, a folder, a FIFO or device, a file over :data:`builder.files.READ_MAX` bytes, or bad
    UTF-8."""
    try:
        data = files.read_bytes(path)
    except files.FileProblem as exc:
        raise ArmyFileError(path, str(exc)) from None
    try:
        return data.decode("utf-8").removeprefix(BOM)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ArmyFileError(path, f"not UTF-8 text (byte {exc.start})", line) from None


@dataclass(frozen=True)
class Read:
    """A file of a ruleset read and parsed: an army file or a Mustering collection, with
    everything an error needs to name its place (``ctx``)."""

    text: str
    data: dict[str, Any]
    ctx: Ctx
    ruleset: Ruleset

    @property
    def is_collection(self) -> bool:
        return is_collection(self.ruleset, self.data)

    def army(self) -> ArmyRecord:
        """The army the file holds (an ArmyFileError for a collection, an event file or a bad
        file)."""
        if is_event(self.ruleset, self.data):
            raise ArmyFileError(
                self.ctx.path,
                "this is an event file, not an army file: check a list against it with "
                "`billhooks check ARMY --event EVENT`, or take the lists in with "
                "`billhooks event`",
            )
        if self.is_collection:
            raise ArmyFileError(
                self.ctx.path,
                "this is a Mustering collection, not an army "
                "file: deal an army from it with `billhooks "
                "muster`",
            )
        army: ArmyRecord = build(self.ctx, self.ruleset.schema, self.data)
        return army

    def collection(self) -> Collection:
        """The Mustering collection the file holds; an ArmyFileError for a bad file, or for one
        whose rule system has no Mustering draw."""
        muster = self.ruleset.muster
        if muster is None:
            raise ArmyFileError(
                self.ctx.path, f"{self.ruleset.title} has no Mustering draw, so no collection"
            )
        return muster.collection(self.data, self.ctx)


def reads(text: str, path: str = "<army>", photos_anywhere: bool = False) -> Read:
    """File text parsed (``path`` names the file in messages; paths in it are relative to its
    folder, and the photos it names are looked for on the disk)."""
    data = parse_toml(path, text)
    ctx = Ctx(path, text, file_folder(path), photos_anywhere, files)
    return Read(text, data, ctx, ruleset_of(data, ctx))


def read(path: str | Path, photos_anywhere: bool = False) -> Read:
    """The one way in for an army file or a collection: every command, the builder and the
    export read through it."""
    return reads(read_text(path), str(path), photos_anywhere)


def load(path: str | Path) -> ArmyRecord:
    """Read and validate an army file."""
    return read(path).army()


def loads(text: str, path: str = "<army>") -> ArmyRecord:
    """Parse army-file text (``path`` names the file in messages; paths in it are relative
    to its folder)."""
    return reads(text, path).army()


def is_collection(ruleset: Ruleset, data: dict[str, Any]) -> bool:
    """Whether a parsed file of ``ruleset`` is a Mustering collection: its cards and no army."""
    muster = ruleset.muster
    return (
        muster is not None
        and muster.collection_key in data
        and not any(child.key in data for child in ruleset.schema.children)
    )


def is_event(ruleset: Ruleset, data: dict[str, Any]) -> bool:
    """Whether a parsed file is an event file: keys only an event has, and no army's records."""
    if any(child.key in data for child in ruleset.schema.children):
        return False  # an army's records: the event's keys need not even be loaded
    from builder.core.event import EVENT_ONLY

    return any(key in data for key in EVENT_ONLY)


def load_collection(path: str | Path) -> tuple[Ruleset, Collection]:
    """The Mustering collection file at ``path`` and its ruleset."""
    found = read(path)
    return found.ruleset, found.collection()


def loads_collection(text: str, path: str = "<collection>") -> Collection:
    """Collection text parsed; ``path`` names the file in messages and anchors photo paths."""
    return reads(text, path).collection()


def read_input(spec: InputFile, path: str | Path) -> Input:
    """A rule system's input file read against the shape it declares; an
    ArmyFileError naming the file, line and key."""
    from builder.core.inputs import Input  # an export's: opening an army needs none

    text = read_text(path)
    data = parse_toml(path, text)
    ctx = Ctx(str(path), text, file_folder(path), disk=files)
    for key, most in spec.most.items():
        if len(array(ctx, key, data.get(key, []))) > most:
            raise ctx.error(key, f"{len(data[key])} {key}; at most {most}")
    return Input(spec.finish(build(ctx, spec.schema, data), ctx), Path(path))


def path_findings(army: ArmyRecord, path: str | Path) -> list[Finding]:
    """A ``missing-<key>`` warning (``missing-photo``) for each path field whose file cannot
    be read, and an ``outside-<key>`` one for each outside the file's folder (export refuses
    it). It reads the disk, so it lives here with the file code and ``check`` adds it: the
    rules stay pure."""
    folder = file_folder(path)
    schema = get_ruleset(army.ruleset).schema
    found = []
    for node in walk(army, schema):
        for spec in node.table.fields:
            value = getattr(node.record, spec.key) if spec.path else None
            if not isinstance(value, str):
                continue
            if files.outside(value, folder):
                found.append(
                    Finding(
                        "warning",
                        f"outside-{spec.key}",
                        f"{spec.key} {_relative(value, folder)!r} {files.OUTSIDE_PHOTO}",
                        node.where,
                    )
                )
            elif problem := files.photo_problem(value):
                found.append(
                    Finding(
                        "warning",
                        f"missing-{spec.key}",
                        f"{spec.key} {_relative(value, folder)!r} {problem}",
                        node.where,
                    )
                )
    return found


# --- Writing ----------------------------------------------------------------------------------


def _relative(path: str, folder: str) -> str:
    """A path as written in a file in ``folder``: relative to it (``../photos/x.jpg`` is
    fine), so the file can be shared."""
    try:
        return Path(os.path.relpath(path, folder)).as_posix()
    except ValueError:  # another drive (Windows): no relative path exists
        return path


def _toml_value(table: Table, record: object, key: str, folder: str, old: Any) -> Any:
    """A record's value for ``key`` as the file writes it; None for "leave the key out"."""
    spec = table.field(key)
    value = getattr(record, key)
    if value is None:
        return None
    if spec.path:
        assert isinstance(value, str)
        if (
            isinstance(old, str)
            and not os.path.isabs(old)
            and os.path.normpath(os.path.join(folder, old)) == value
        ):
            return str(old)  # the same file, however it was spelt: keep it
        return _relative(value, folder)
    if spec.type == "table":
        assert spec.table is not None
        nested = {
            f.key: _toml_value(spec.table, value, f.key, folder, None) for f in spec.table.fields
        }
        return {k: v for k, v in nested.items() if v is not None}
    return list(value) if isinstance(value, list) else value


def _inline(values: dict[str, Any]) -> Any:
    """A nested table written on one line, as army files write them: ``rear = {troop = ...}``."""
    import tomlkit

    inline = tomlkit.inline_table()
    inline.update(values)
    return inline


def _update(doc: Any, table: Table, record: object, fresh: bool, folder: str) -> None:
    """Bring a tomlkit table in line with ``record``'s fields in place, keeping comments and
    order. Only keys whose value changed are touched. A key written with its default value
    (``mounted = false``) stays written; a new key is added only when it differs from the
    default, or in a ``fresh`` table for a field marked ``written``."""
    for spec in table.fields:
        key = spec.key
        new = _toml_value(table, record, key, folder, doc.get(key))
        if key in doc and new is None:
            del doc[key]
        elif (
            key in doc
            and doc[key] != new
            or key not in doc
            and new is not None
            and (new != table.default(key) or (fresh and spec.written))
        ):
            doc[key] = _inline(new) if isinstance(new, dict) else new


def _write(doc: Any, table: Table, record: object, fresh: bool, folder: str) -> None:
    """Write ``record`` and every record under it into the tomlkit table ``doc``."""
    import tomlkit

    _update(doc, table, record, fresh, folder)
    for child in table.children:
        value = getattr(record, child.key)
        if not child.many:
            if value is None:
                if child.key in doc:
                    del doc[child.key]
                continue
            new = child.key not in doc
            if new:
                doc.append(child.key, tomlkit.table())
            _write(doc[child.key], child.table, value, new, folder)
            continue
        assert isinstance(value, list)
        if not value:
            if child.key in doc:
                del doc[child.key]
            continue
        if child.key not in doc:
            doc.append(child.key, tomlkit.aot())
        items = doc[child.key]
        while len(items) > len(value):
            del items[len(items) - 1]
        for i, item in enumerate(value):
            new = i >= len(items)
            if new:
                items.append(tomlkit.table())
            _write(items[i], child.table, item, new, folder)


def _line_endings(text: str, base_text: str | None) -> str:
    """``text`` with the line endings of ``base_text``: tomlkit keeps CRLF on the lines it
    read but ends the lines it adds with LF."""
    if base_text and base_text.count("\r\n") * 2 > base_text.count("\n"):
        return re.sub(r"(?<!\r)\n", "\r\n", text)
    return text


#: An array table straight after a key or value line, with no blank line between.
_JAMMED = re.compile(r"(^[ \t]*[^\s\[#][^\n]*\n)([ \t]*\[\[)", re.MULTILINE)


def dumps(army: ArmyRecord, base_text: str | None = None, folder: str | Path | None = None) -> str:
    """The army as TOML text, written over ``base_text`` (an earlier version of the same file)
    so its comments, key order, line endings and layout stay wherever the army did not change.
    Paths are written relative to ``folder``, the folder of the file to be written (default:
    the current folder, where :func:`loads` without a file resolves them)."""
    import tomlkit

    ruleset = get_ruleset(army.ruleset)
    where = os.path.abspath(folder if folder is not None else ".")
    doc: Any = tomlkit.parse(base_text) if base_text else tomlkit.document()
    if base_text is None:
        doc.add(tomlkit.comment(ruleset.file_comment))
    _write(doc, ruleset.schema, army, False, where)
    text = str(tomlkit.dumps(doc))
    if not any(line.lstrip().startswith("[") for line in (base_text or "").splitlines()):
        # Written from nothing: a blank line before each array table, as a person lays it out.
        text = re.sub(r"\n+(\[\[)", r"\n\n\1", text)
    elif not _JAMMED.search(base_text or ""):
        # Tables added to a file laid out so get their blank line too (a file of the user's
        # with tables jammed together is left as laid out).
        text = _JAMMED.sub(r"\1\n\2", text)
    return _line_endings(text, base_text)


def read_base(path: str | Path) -> str | None:
    """The text of the army file at ``path`` as a save writes over it (byte-order mark kept),
    or None when there is no readable TOML file there."""
    try:
        base = files.read_bytes(path).decode("utf-8")
        tomllib.loads(base.removeprefix(BOM))
    except (
        files.FileProblem,
        UnicodeDecodeError,
        tomllib.TOMLDecodeError,
        RecursionError,
        ValueError,
    ):
        return None
    return base


def save(army: ArmyRecord, path: str | Path, base: str | None = None) -> None:
    """Save atomically, over the file already at ``path`` (or over ``base``, the text it was
    read from): comments, layout, line endings and byte-order mark are kept, and only the
    values that changed are rewritten. Through a symlink, the file it points to is written."""
    if base is None:
        base = read_base(path)
    bom = BOM if base is not None and base.startswith(BOM) else ""
    body = base.removeprefix(BOM) if base is not None else None
    files.atomic_write(path, bom + dumps(army, body, file_folder(path)))
