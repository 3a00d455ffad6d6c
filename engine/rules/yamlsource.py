"""Reading one YAML file safely, remembering where every value was written.

The result is plain data (dicts, lists, str, int, float, bool, None) plus a map from each
value's path inside the document to its :class:`~engine.core.errors.Location`. Nothing is
constructed from tags except the core scalars and ``!delete`` (used by ``extends`` to remove
an inherited key).

Hostile files are refused with a located :class:`~engine.core.errors.VariantError`, in bounded time
and memory: files over :data:`MAX_FILE_BYTES`, bytes that are not UTF-8, nesting deeper than
:data:`MAX_DEPTH`, documents that hold or (through aliases) expand to more than
:data:`MAX_VALUES` values, integers over :data:`MAX_INT_DIGITS` digits, duplicate keys and
non-string keys, lists of more than :data:`MAX_LIST_ITEMS` items.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.core.errors import Location, VariantError
from engine.rules.known_shipped import KNOWN_TEXTS
from engine.rules.yamltokens import (
    MAX_DEPTH,
    MAX_LIST_ITEMS,
    MAX_VALUES,
    check_tokens,
    loc,
    yaml_error,
)

__all__ = [
    "DELETE",
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_INT_DIGITS",
    "MAX_LIST_ITEMS",
    "MAX_VALUES",
    "Path_",
    "SourceDoc",
    "read_yaml",
    "read_yaml_with",
    "text_digest",
    "variant_text",
]

MAX_FILE_BYTES = 256 * 1024
"""A variant file is a few kilobytes; anything past this is refused before parsing."""
MAX_INT_DIGITS = 12
"""Longest integer literal accepted."""
Path_ = tuple[str | int, ...]
"""A path inside a document: mapping keys and list indices."""


class _Delete:
    """The value of ``!delete``: remove this key from what ``extends`` inherited."""

    _instance: _Delete | None = None

    def __new__(cls) -> _Delete:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "!delete"


DELETE = _Delete()

_LIBYAML: type[yaml.CSafeLoader] | None = getattr(yaml, "CSafeLoader", None)
"""PyYAML's reader written in C, when PyYAML was built with libyaml (its wheels are)."""


@dataclass(slots=True)
class SourceDoc:
    """One file's data and where each value (and each mapping key) was written."""

    file: str
    data: dict[str, Any]
    values: dict[Path_, Location] = field(default_factory=dict)
    keys: dict[Path_, Location] = field(default_factory=dict)
    inline: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    """For one-line scalars: (line, column) of the first character of the content."""


def _tag_name(tag: str) -> str:
    """A tag as it is written: ``!!python/object`` rather than ``tag:yaml.org,2002:...``."""
    return tag.replace("tag:yaml.org,2002:", "!!", 1)


def _offset_to_location(file: str, raw: bytes, offset: int) -> Location:
    before = raw[:offset]
    line = before.count(b"\n") + 1
    column = offset - (before.rfind(b"\n") + 1) + 1
    return Location(file, line, column)


def _read_text(path: Path, display: str) -> str:
    try:
        path.stat()
    except (FileNotFoundError, NotADirectoryError):
        pass  # said below
    except (OSError, ValueError) as exc:  # a name too long, a symlink loop, a NUL byte
        raise VariantError(
            f"cannot read {display}: {getattr(exc, 'strerror', None) or exc}",
            location=Location(display, 1, 1), hint="check the path",
        ) from None
    if not path.exists():
        raise VariantError(
            f"no such file: {display}", location=Location(display, 1, 1),
            hint="check the path, or give a shipped variant's name (see `euchre list`)",
        )
    if path.is_dir():
        raise VariantError(
            f"{display} is a directory, not a variant file", location=Location(display, 1, 1),
            hint="give the path of a .yaml file inside it",
        )
    if not path.is_file():  # a pipe or a device would block or never end
        raise VariantError(
            f"{display} is not a regular file", location=Location(display, 1, 1),
            hint="give the path of a .yaml file",
        )
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise VariantError(
            f"cannot read {display}: {exc.strerror or exc}", location=Location(display, 1, 1)
        ) from None
    if len(raw) > MAX_FILE_BYTES:
        raise VariantError(
            f"the file is larger than {MAX_FILE_BYTES // 1024} KiB; variant files are small",
            location=Location(display, 1, 1),
            hint="a variant file needs a few kilobytes; split data out or check the path",
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise VariantError(
            f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x} cannot be decoded)",
            location=_offset_to_location(display, raw, exc.start),
            hint="save the file as UTF-8; binary files are not variant files",
        ) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise VariantError(
            "the file is empty", location=Location(display, 1, 1),
            hint="a variant file needs at least `description:`, or `extends:` and a description",
        )
    return text


class _Converter:
    """Turns a composed YAML node graph into plain data, recording locations."""

    def __init__(self, doc: SourceDoc) -> None:
        self.doc = doc
        self.count = 0
        self.scalars = yaml.constructor.SafeConstructor()
        self.seen: set[int] = set()
        self.written: list[Location] = []
        """Where the collections being converted were written (aliases repeat a node without
        writing it again): a document that expands too far is reported at the innermost one."""

    def convert(self, node: yaml.Node, path: Path_) -> Any:
        self.count += 1
        if len(path) > MAX_DEPTH:  # only reachable through a recursive alias
            raise VariantError(
                f"the document nests deeper than {MAX_DEPTH} levels (a recursive alias?)",
                location=self._site(node),
                hint="an alias may not refer to the value that contains it",
            )
        if self.count > MAX_VALUES:
            raise VariantError(
                f"the document expands to more than {MAX_VALUES:,} values "
                "(YAML aliases repeat whole subtrees)",
                location=self._site(node),
                hint="do not use anchors and aliases to build large documents",
            )
        here = loc(self.doc.file, node.start_mark)
        self.doc.values[path] = here
        if not isinstance(node, yaml.MappingNode | yaml.SequenceNode):
            return self._scalar(node, path)
        if node.tag not in ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"):
            raise VariantError(
                f"unknown YAML tag `{_tag_name(node.tag)}` on a mapping or list", location=here,
                path=path,
                hint="write plain mappings and lists; the only tag variant files use is "
                "`!delete`, alone as a key's value",
            )
        first = id(node) not in self.seen
        if first:
            self.seen.add(id(node))
            self.written.append(here)
        try:
            if isinstance(node, yaml.MappingNode):
                return self._mapping(node, path)
            return [self.convert(item, (*path, i)) for i, item in enumerate(node.value)]
        finally:
            if first:
                self.written.pop()

    def _site(self, node: yaml.Node) -> Location:
        """Where a value that grew too large or too deep was written."""
        return self.written[-1] if self.written else loc(self.doc.file, node.start_mark)

    def _mapping(self, node: yaml.MappingNode, path: Path_) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key_loc = loc(self.doc.file, key_node.start_mark)
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise VariantError(
                    "YAML merge keys (`<<`) are not supported", location=key_loc,
                    hint="use `extends:` to build on another variant",
                )
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag != "tag:yaml.org,2002:str":
                raise VariantError(
                    "mapping keys must be plain words", location=key_loc,
                    hint="write the key as a name, e.g. `target:`",
                )
            key = key_node.value
            if key in out:
                raise VariantError(
                    f"duplicate key `{key}`", location=key_loc, path=(*path, key),
                    hint="each key may appear once in a mapping; remove one of them",
                )
            self.doc.keys[(*path, key)] = key_loc
            out[key] = self.convert(value_node, (*path, key))
        return out

    def _scalar(self, node: yaml.Node, path: Path_) -> Any:
        assert isinstance(node, yaml.ScalarNode)
        if node.tag == "!delete":
            return DELETE
        if node.tag.startswith("!"):
            raise VariantError(
                f"unknown YAML tag `{node.tag}`", location=loc(self.doc.file, node.start_mark),
                hint="the only tag variant files use is `!delete`",
            )
        start, end = node.start_mark, node.end_mark
        if start is not None and end is not None and start.line == end.line:
            quoted = 1 if node.style in ("'", '"') else 0
            self.doc.inline[path] = (start.line + 1, start.column + 1 + quoted)
        if node.tag == "tag:yaml.org,2002:int":
            digits = node.value.lstrip("+-").replace("_", "")
            if len(digits) > MAX_INT_DIGITS:
                raise VariantError(
                    f"the number has {len(digits)} digits; at most {MAX_INT_DIGITS} are allowed",
                    location=loc(self.doc.file, node.start_mark), path=path,
                    hint="variant numbers are small: points, targets, trick counts",
                )
        try:
            return self.scalars.construct_object(node)
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            raise VariantError(
                f"cannot read the value {node.value!r}: {exc}",
                location=loc(self.doc.file, node.start_mark), path=path,
            ) from None


def variant_text(path: Path, display: str) -> str:
    """The text of a variant file as :func:`read_yaml` reads it (at most
    :data:`MAX_FILE_BYTES`, UTF-8, without a byte-order mark), or a located error."""
    return _read_text(path, display)


def text_digest(text: str) -> str:
    """The digest of a variant file's text, and of the PyYAML that reads it: the key of
    :data:`engine.rules.known_shipped.KNOWN_TEXTS`."""
    return hashlib.sha256(f"{yaml.__version__}\n{text}".encode()).hexdigest()


def read_yaml(path: Path, display: str | None = None) -> SourceDoc:
    """Read, check and convert one variant file; ``display`` is the name used in messages.

    A shipped file's text (:data:`~engine.rules.known_shipped.KNOWN_TEXTS`: the text of each
    shipped file, which ``tools/build_schema.py`` read both ways and found the same) is read
    by libyaml, ten times faster than the Python reader; any other text, an edited copy of a
    shipped file included, by the Python reader after the token checks, as always."""
    return read_yaml_with(path, display, libyaml=None)


def read_yaml_with(path: Path, display: str | None = None, *, libyaml: bool | None) -> SourceDoc:
    """:func:`read_yaml`, reading with libyaml (True), with the Python reader and the token
    checks (False), or with libyaml for a shipped file's text only (None)."""
    shown = display if display is not None else str(path)
    text = _read_text(path, shown)
    known = text_digest(text) in KNOWN_TEXTS if libyaml is None else libyaml
    fast = _LIBYAML if known else None
    if fast is None:
        check_tokens(text, shown)
    try:
        loader = fast(text) if fast is not None else yaml.SafeLoader(text)
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        raise yaml_error(shown, exc, text) from None
    except RecursionError:  # pragma: no cover - _check_tokens bounds the nesting first
        raise VariantError(
            "the document nests too deeply", location=Location(shown, 1, 1)
        ) from None
    if node is None:
        raise VariantError(
            "the file holds no YAML document", location=Location(shown, 1, 1),
            hint="a variant file is a mapping, e.g. `description: ...`",
        )
    doc = SourceDoc(file=shown, data={})
    data = _Converter(doc).convert(node, ())
    if not isinstance(data, dict):
        raise VariantError(
            "a variant file must be a mapping of keys to values",
            location=loc(shown, node.start_mark),
            hint="start with `description: ...` or `extends: standard`",
        )
    doc.data = data
    return doc
