"""Editing an inherited list by its items' names: a child file changes, adds or removes one
scoring row by its label (or one item of a mechanic's list, such as the auction's special bids
by name) without repeating the rest of the list.

A list written whole replaces the inherited list (``extends`` merging). Beside the list, a
child may instead write edits of the inherited one::

    scoring:
      rows:                      # edits of the inherited table, by label
        march: {makers: 3}       # change fields of the row labelled `march`
        lone_march: !delete      # remove that row
      add:                       # new rows, each before/after a label (default: at the end)
        - {label: set_alone, when: "...", defenders: 4, before: euchre}

Edits apply first, in the order written, then additions. A file writes either the whole list
or edits of it, not both. A mechanic declares its own lists (``keyed_lists`` of its
``Mechanic`` record, :class:`~engine.rules.mechanic_rules.MechanicRules`), each in its block:
this layer names no mechanic. Each row keeps the source of each of its fields (``euchre show``),
and :attr:`Resolved.row_origins` says which file added or last changed a row.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from engine.core.errors import Location, VariantError
from engine.rules.mechanic_rules import REGISTRY
from engine.rules.resolved import Resolved, paths_in
from engine.rules.yamlsource import DELETE, Path_, SourceDoc

__all__ = ["SCORING", "KeyedList", "apply_edits", "edits_of", "keyed_lists"]


@dataclass(frozen=True, slots=True, kw_only=True)
class KeyedList:
    """A list of records named by one field, with the keys of its edits beside it."""

    items: str
    """The list's key in its block (``table``)."""
    key: str
    """The field that names an item (``label``)."""
    edits: str
    """The key of the edits by name (``rows``)."""
    add: str
    """The key of the items to add (``add``)."""
    noun: str
    """What an item is called in messages (``row``)."""
    named: str
    """How an item's name is said (``labelled``)."""
    example: str
    """An item's name in the hints' examples (``set_alone``)."""
    change: str
    """An edit of one field in the hints' examples (``{makers: 3}``)."""


SCORING = KeyedList(items="table", key="label", edits="rows", add="add", noun="row",
                    named="labelled", example="set_alone", change="{makers: 3}")
"""The scoring table, edited by label (``scoring.rows``, ``scoring.add``)."""

_LISTS: list[tuple[int, dict[Path_, KeyedList]]] = []


def keyed_lists() -> dict[Path_, KeyedList]:
    """The blocks holding a list that a child may edit by name, by the block's path: the
    scoring table, then each registered mechanic's lists in its block (``(key,)``)."""
    version = REGISTRY.version
    if not _LISTS or _LISTS[0][0] != version:
        found: dict[Path_, KeyedList] = {("scoring",): SCORING}
        for mechanic in REGISTRY:
            for spec in mechanic.keyed_lists:
                found[(mechanic.key,)] = spec
        _LISTS[:] = [(version, found)]
    return _LISTS[0][1]


PLACES = ("before", "after")


def edits_of(block: Path_, value: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``value`` (a block a file writes) split into what merges as usual and its list edits
    (empty when the block has no edits)."""
    spec = keyed_lists().get(block)
    if spec is None or not (spec.edits in value or spec.add in value):
        return value, {}
    rest = {k: v for k, v in value.items() if k not in (spec.edits, spec.add)}
    return rest, {k: value[k] for k in (spec.edits, spec.add) if k in value}


def _dotted(path: Path_) -> str:
    return ".".join(str(part) for part in path)


def _labels_hint(names: list[str], wrong: str, spec: KeyedList) -> str:
    close = difflib.get_close_matches(wrong, names, n=1)
    mean = f"did you mean `{close[0]}`? " if close else ""
    listed = ", ".join(f"`{n}`" for n in names) or "none"
    return f"{mean}the inherited {spec.noun}s' {spec.key}s: {listed}"


class _Table:
    """The inherited list being edited: its items, each with the sources of its parts (paths
    inside the item), and where each item was added or last changed."""

    def __init__(self, base: Resolved, at: Path_, spec: KeyedList) -> None:
        self.at, self.spec = at, spec
        self.items: list[dict[str, Any]] = []
        self.sources: list[dict[str, dict[Path_, Any]]] = []
        self.origins: list[Location | None] = []
        for i, item in enumerate(base.data_at(at)):
            here = (*at, i)
            taken: dict[str, dict[Path_, Any]] = {"values": {}, "keys": {}, "inline": {}}
            for p in paths_in(item, here):
                for name, found in taken.items():
                    table = getattr(base, name)
                    if p in table:
                        found[p[len(here):]] = table.pop(p)
            self.items.append(dict(item) if isinstance(item, dict) else item)
            self.sources.append(taken)
            self.origins.append(base.row_origins.pop(here, None))

    def names(self) -> list[str]:
        return [str(item.get(self.spec.key)) for item in self.items
                if isinstance(item, dict) and self.spec.key in item]

    def index(self, name: str) -> int:
        return next(i for i, item in enumerate(self.items)
                    if isinstance(item, dict) and item.get(self.spec.key) == name)

    def store(self, base: Resolved) -> None:
        base.set_at(self.at, self.items)
        for i, taken in enumerate(self.sources):
            here = (*self.at, i)
            for name, found in taken.items():
                getattr(base, name).update({(*here, *p): loc for p, loc in found.items()})
            origin = self.origins[i]
            if origin is not None:
                base.row_origins[here] = origin


def _copy_sources(doc: SourceDoc, value: Any, src: Path_, into: dict[str, dict[Path_, Any]],
                  prefix: Path_) -> None:
    """The sources ``doc`` has for ``value`` (at ``src``), stored under ``prefix``."""
    for p in paths_in(value, src):
        for name, found in into.items():
            table = getattr(doc, name)
            if p in table:
                found[(*prefix, *p[len(src):])] = table[p]


def apply_edits(base: Resolved, doc: SourceDoc, block: Path_, edits: dict[str, Any],
                written: dict[str, Any]) -> None:
    """Apply one file's ``edits`` of the list in ``block`` (``written``: the block as the file
    writes it) to ``base``, located in ``doc``."""
    spec = keyed_lists()[block]
    first = next(iter(edits))
    if spec.items in written:
        raise VariantError(
            f"this file writes the whole `{spec.items}` and also `{first}`",
            location=doc.keys.get((*block, first)), path=(*block, first),
            hint=f"write either the whole `{spec.items}` (it replaces the inherited one) or "
                 f"`{spec.edits}:`/`{spec.add}:` (edits of the inherited one), not both")
    at = (*block, spec.items)
    if not isinstance(base.data_at(at), list):
        raise VariantError(
            f"`{first}` edits an inherited `{spec.items}`, but none is inherited",
            location=doc.keys.get((*block, first)), path=(*block, first),
            hint=f"write the whole `{spec.items}:` here, or `extends:` a variant that has one")
    for key, kind, example in ((spec.edits, dict, f"{{NAME: {spec.change}}}"),
                               (spec.add, list, f"[{{{spec.key}: {spec.example}, ...}}]")):
        if key in edits and not isinstance(edits[key], kind):
            raise VariantError(
                f"`{key}` takes a {'mapping' if kind is dict else 'list'}",
                location=doc.values.get((*block, key)), path=(*block, key),
                hint=f"e.g. `{key}: {example}`")
    table = _Table(base, at, spec)
    changed = edits.get(spec.edits, {})
    for name, patch in (changed.items() if isinstance(changed, dict) else ()):
        _edit(table, doc, (*block, spec.edits, name), name, patch, base=base)
    added = edits.get(spec.add, [])
    for j, item in enumerate(added if isinstance(added, list) else ()):
        _add(table, doc, (*block, spec.add, j), item)
    table.store(base)


def _edit(table: _Table, doc: SourceDoc, src: Path_, name: str, patch: Any, *,
          base: Resolved) -> None:
    spec = table.spec
    where = doc.keys.get(src) or doc.values.get(src)
    if name not in table.names():
        raise VariantError(
            f"`{spec.edits}` edits the {spec.noun} {spec.named} `{name}`, but the inherited "
            f"`{_dotted(table.at)}` has no such {spec.noun}", location=where, path=src,
            hint=_labels_hint(table.names(), name, spec))
    i = table.index(name)
    if patch is DELETE:
        del table.items[i], table.sources[i], table.origins[i]
        base.removed[table.at] = where or Location(doc.file, 1, 1)
        base.removed_names[name] = (where or Location(doc.file, 1, 1), spec.noun)
        return
    if not isinstance(patch, dict) or not patch:
        raise VariantError(
            f"the edit of the {spec.noun} `{name}` must be a mapping of the fields it changes, "
            "or `!delete`", location=doc.values.get(src) or where, path=src,
            hint=f"e.g. `{name}: {spec.change}`")
    item, sources = table.items[i], table.sources[i]
    for field, value in patch.items():
        if value is DELETE:
            if field not in item:
                raise VariantError(
                    f"`!delete` removes a field of the {spec.noun} `{name}`, but it has no "
                    f"`{field}`", location=doc.keys.get((*src, field)), path=(*src, field),
                    hint="remove this line")
            del item[field]
            for found in sources.values():
                for p in [p for p in found if p[:1] == (field,)]:
                    del found[p]
            continue
        for found in sources.values():
            for p in [p for p in found if p[:1] == (field,)]:
                del found[p]
        item[field] = value
        _copy_sources(doc, value, (*src, field), sources, (field,))
    if spec.key in patch and patch[spec.key] != name:
        _check_new_name(table, doc, (*src, spec.key), patch[spec.key], skip=i)
    table.origins[i] = where


def _check_new_name(table: _Table, doc: SourceDoc, src: Path_, name: Any, *,
                    skip: int) -> None:
    spec = table.spec
    others = [n for k, n in enumerate(table.names()) if k != skip]
    if name in others:
        raise VariantError(
            f"the inherited `{_dotted(table.at)}` already has a {spec.noun} {spec.named} "
            f"`{name}`",
            location=doc.values.get(src), path=src,
            hint=f"edit it under `{spec.edits}: {{{name}: ...}}`, or choose another "
                 f"{spec.key}")


def _add(table: _Table, doc: SourceDoc, src: Path_, item: Any) -> None:
    spec = table.spec
    where = doc.values.get(src)
    if not isinstance(item, dict) or spec.key not in item:
        raise VariantError(
            f"a {spec.noun} in `{spec.add}` needs a `{spec.key}`", location=where, path=src,
            hint=f"later files name the {spec.noun} by it (`{spec.key}: {spec.example}`)")
    _check_new_name(table, doc, (*src, spec.key), item[spec.key], skip=-1)
    places = [p for p in PLACES if p in item]
    if len(places) > 1:
        raise VariantError(
            f"a {spec.noun} is placed either `before:` or `after:` another, not both",
            location=doc.keys.get((*src, places[1])), path=(*src, places[1]),
            hint="keep one of them")
    position = len(table.items)
    if places:
        other = item[places[0]]
        if other not in table.names():
            loc = doc.values.get((*src, places[0]))
            raise VariantError(
                f"`{places[0]}: {other}` names no {spec.noun} of `{_dotted(table.at)}`",
                location=loc, path=(*src, places[0]),
                hint=_labels_hint(table.names(), str(other), spec))
        position = table.index(other) + (places[0] == "after")
    row = {k: v for k, v in item.items() if k not in PLACES}
    sources: dict[str, dict[Path_, Any]] = {"values": {}, "keys": {}, "inline": {}}
    _copy_sources(doc, row, src, sources, ())
    for found in sources.values():
        for p in [p for p in found if p[:1] in (("before",), ("after",))]:
            del found[p]
    table.items.insert(position, row)
    table.sources.insert(position, sources)
    table.origins.insert(position, where)
