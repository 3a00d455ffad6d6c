"""A mechanic's settings declared once, on its frozen config record.

Each field of a mechanic's config record that a variant file sets is declared with
:func:`option`: its default, its description, and the keywords of its schema the default's
type does not give (``minimum``, ``maxLength``...). A :class:`Block` names the record's YAML key
and the block's description, and makes from the record:

- its JSON-schema fragment (:attr:`Block.schema`): the type follows the default (a
  :class:`~enum.StrEnum` member: its values; ``bool``: boolean; ``int``: integer; ``str``:
  string), the description ends with ``Default: <value>.`` unless it says its default itself;
- its compile step (:meth:`Block.compile`): each plain setting read from the resolved block
  (a StrEnum setting becomes its member), then the mechanic's ``check`` hook, which reads the
  typed record, reports located errors through the
  :class:`~engine.rules.mechanic_rules.CompileContext` (cross-field checks) and returns the
  record with what is not plain filled in (expressions, values found from other blocks);
- what ``euchre show`` adds to the block (:meth:`Block.supplied`): the defaults the loader
  does not write in (``fill=False``), which the compiler supplies, as comments.

A default that the loader writes into the document (``fill=True``, the usual case) is part of
the rules hash of every variant; a setting added later says ``fill=False``, so that the hash of
files that leave it out stays what it was before it existed (the compiler supplies it).

>>> from dataclasses import dataclass
>>> from enum import StrEnum
>>> class Mode(StrEnum):
...     MUST = "must"
...     OPTIONAL = "optional"
>>> @dataclass(frozen=True, slots=True, kw_only=True)
... class Rules:
...     mode: Mode = option(Mode.MUST, doc="Whether he must.")
...     cards: int = option(1, doc="How many.", minimum=1)
>>> block = Block(key="toy", record=Rules, doc="Phase `toy`.")
>>> block.schema["properties"]["mode"]
{'description': 'Whether he must. Default: must.', 'enum': ['must', 'optional'], \
'default': 'must'}
>>> block.schema["properties"]["cards"]
{'description': 'How many. Default: 1.', 'type': 'integer', 'minimum': 1, 'default': 1}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from engine.rules.mechanic_rules import CompileContext

__all__ = ["Block", "Setting", "option", "record_schema", "required"]

_META = "euchrekit.setting"
_T = TypeVar("_T")
_R = TypeVar("_R")


@dataclass(frozen=True, slots=True, kw_only=True)
class Setting:
    """What :func:`option` declares about one field (kept in the field's metadata)."""

    doc: str
    schema: Mapping[str, Any]
    """The schema keywords beside ``description``, ``type``/``enum`` and ``default``."""
    fill: bool
    """The loader writes the default into the document (the schema says ``default``)."""
    plain: bool
    """Read from the block as it is (a StrEnum setting as its member); else the mechanic's
    ``check`` hook makes the value and the schema is ``schema`` alone."""
    required: bool = False
    """A block (or an item of a list of records) that is written must write it."""


def option(default: _T, *, doc: str, minimum: int | None = None, maximum: int | None = None,
           schema: Mapping[str, Any] | None = None, fill: bool = True, plain: bool = True,
           required: bool = False) -> _T:
    """A field of a config record that a variant sets (see the module docstring).

    ``schema``: more keywords of its schema (for a setting that is not ``plain``, its whole
    schema but the description). ``fill=False``: the compiler supplies the default, the
    loader does not write it in. ``plain=False``: the mechanic's ``check`` makes the value
    (``default`` is then only the record's default, not a YAML value). ``required``: a
    block that is written must write it."""
    extra = dict(schema or {})
    if minimum is not None:
        extra["minimum"] = minimum
    if maximum is not None:
        extra["maximum"] = maximum
    meta = {_META: Setting(doc=doc, schema=extra, fill=fill and plain, plain=plain,
                           required=required)}
    return dataclasses.field(default=default, metadata=meta)


def required(*, doc: str, schema: Mapping[str, Any]) -> Any:
    """A field that every written item must set, with no default (so ``schema`` gives its
    type): a field of a record that is an item of a list (``declare.shows``), made by the
    mechanic's hook."""
    meta = {_META: Setting(doc=doc, schema=dict(schema), fill=False, plain=False,
                           required=True)}
    return dataclasses.field(metadata=meta)


def _declared(record: type) -> tuple[tuple[str, Any, Setting], ...]:
    return tuple((f.name, f.default, f.metadata[_META])
                 for f in dataclasses.fields(record) if _META in f.metadata)


def _object(declared: tuple[tuple[str, Any, Setting], ...]) -> dict[str, Any]:
    node: dict[str, Any] = {"type": "object", "additionalProperties": False}
    names = [name for name, _, s in declared if s.required]
    if names:
        node["required"] = names
    return node


def record_schema(record: type, only: tuple[str, ...] = ()) -> dict[str, Any]:
    """The schema of a record that is an item of a list of records (``declare.shows``), or a
    block inside a block (``auction.swap``); ``only``: these of its settings alone."""
    declared = tuple(d for d in _declared(record) if not only or d[0] in only)
    return {**_object(declared), "properties": {
        name: _fragment(name, default, s) for name, default, s in declared}}


def _yaml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _type_of(value: object) -> dict[str, Any]:
    if isinstance(value, StrEnum):
        return {"enum": [member.value for member in type(value)]}
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, int):
        return {"type": "integer"}
    if isinstance(value, str):
        return {"type": "string"}
    raise TypeError(f"a plain setting's default is a StrEnum, bool, int or str: {value!r}")


def _fragment(name: str, default: object, declared: Setting) -> dict[str, Any]:
    doc = declared.doc
    if not declared.plain:
        return {"description": doc, **declared.schema}
    if "Default" not in doc:
        doc = f"{doc} Default: {_yaml(default)}."
    node: dict[str, Any] = {"description": doc, **_type_of(default), **declared.schema}
    if declared.fill:
        node["default"] = default.value if isinstance(default, StrEnum) else default
    return node


@dataclass(frozen=True, slots=True, kw_only=True)
class Block(Generic[_R]):
    """A mechanic's YAML block, made from its config record (see the module docstring).

    ``check(ctx, record)``: the mechanic's hook after the plain settings are read; it
    reports errors with ``ctx.fail`` and returns the record (``dataclasses.replace`` fills
    in what is not plain)."""

    key: str
    record: type[_R]
    doc: str
    check: Callable[[CompileContext, _R], _R] | None = None
    fill: bool = True
    """The loader fills in the block (``default: {}``) when the file leaves it out; false
    for a block whose required settings have no default."""
    older: Mapping[str, tuple[str, Mapping[str, Any]]] = dataclasses.field(
        default_factory=dict)
    """Keys of an older form that no field holds, which the ``check`` hook reads: by key,
    the setting it is an older form of (its schema goes just before) and its schema."""
    settings: tuple[tuple[str, Any, Setting], ...] = ()
    """``(name, default, setting)`` of each declared field, in order (filled in)."""
    schema: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    """The block's JSON-schema fragment (filled in)."""

    def __post_init__(self) -> None:
        declared = _declared(self.record)
        object.__setattr__(self, "settings", declared)
        node = {"description": self.doc, **_object(declared)}
        if self.fill:
            node["default"] = {}
        properties: dict[str, Any] = {}
        before = {setting: (key, fragment) for key, (setting, fragment) in self.older.items()}
        for name, default, declared_as in declared:
            if name in before:
                properties[before[name][0]] = before[name][1]
            properties[name] = _fragment(name, default, declared_as)
        node["properties"] = properties
        object.__setattr__(self, "schema", node)

    def compile(self, ctx: CompileContext) -> _R:
        """The block's config record: its plain settings as the resolved block has them
        (defaults for those it leaves out), then the ``check`` hook."""
        spec = ctx.data.get(self.key, {})
        values: dict[str, Any] = {}
        for name, default, declared in self.settings:
            if not declared.plain:
                continue
            raw = spec.get(name, default)
            values[name] = type(default)(raw) if isinstance(default, StrEnum) else raw
        record = self.record(**values)
        return self.check(ctx, record) if self.check is not None else record

    def supplied(self, spec: Mapping[str, Any]) -> dict[str, Any]:
        """The plain settings the block leaves out whose default the compiler supplies
        (``fill=False``), with that default: what ``euchre show`` adds as comments."""
        return {name: default.value if isinstance(default, StrEnum) else default
                for name, default, declared in self.settings
                if declared.plain and not declared.fill and name not in spec}
