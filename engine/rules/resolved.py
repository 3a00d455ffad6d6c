"""A variant's merged data, with where each value came from, and the merging itself.

``extends`` overlays each file onto its parents: mappings merge key by key, lists and scalars
replace what was inherited, ``!delete`` removes an inherited key, and a key of
:data:`ALTERNATIVES` replaces its inherited alternative. :class:`Resolved` keeps, for
every value and key of the result, the file, line and column it was written at, so that an
error in an inherited value is located in the parent file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import Location, VariantError
from engine.rules.yamlsource import DELETE, Path_, SourceDoc

__all__ = ["ALTERNATIVES", "Resolved", "forget", "merge", "paths_in"]

ALTERNATIVES: dict[Path_, Path_] = {("deck", "ranks"): ("deck", "size"),
                                    ("deck", "size"): ("deck", "ranks")}
"""Keys that say the same thing two ways: a file that writes one replaces the other it
inherits (a child's ``deck.ranks`` replaces an inherited ``deck.size``, and the other way
round), as it would replace the key itself. One file may write both only if they agree."""


@dataclass(slots=True)
class Resolved:
    """A variant's merged data before compiling, with where each value came from."""

    name: str
    file: str
    data: dict[str, Any]
    values: dict[Path_, Location] = field(default_factory=dict)
    keys: dict[Path_, Location] = field(default_factory=dict)
    inline: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    chain: tuple[str, ...] = ()
    replaced: dict[Path_, Location] = field(default_factory=dict)
    """Inherited lists a later file replaced whole (lists replace): where each was written,
    so that an error can say that the inherited items are gone."""
    row_origins: dict[Path_, Location] = field(default_factory=dict)
    """Rows of a list edited by name (:mod:`engine.rules.source_rows`) that a later file added
    or changed: where (the edit's line). A row not listed comes whole from where it is."""
    removed: dict[Path_, Location] = field(default_factory=dict)
    """Lists edited by name from which a file removed a row: the line of the last removal, in the
    last file that removed one, which a gap in the table is blamed on."""
    removed_names: dict[str, tuple[Location, str]] = field(default_factory=dict)
    """Items removed by name (``big_pepper: !delete``): where, and what an item is called
    (``special bid``), so that an inherited condition still naming one is blamed on the
    removal, in the file that made it."""

    def locate(self, path: Path_, *, key: bool = False) -> Location:
        """Where the value at ``path`` (or its key) was written; the nearest written ancestor
        for defaults and missing values."""
        if key and path in self.keys:
            return self.keys[path]
        probe = tuple(path)
        while probe:
            if probe in self.values:
                return self.values[probe]
            probe = probe[:-1]
        return Location(self.file, 1, 1)

    def data_at(self, path: Path_) -> Any:
        """The merged value at ``path``, or None when there is none."""
        node: Any = self.data
        for part in path:
            in_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
            if not (in_list or (isinstance(node, dict) and part in node)):
                return None
            node = node[part]
        return node

    def set_at(self, path: Path_, value: Any) -> None:
        """Replace the merged value at ``path`` (its parent exists)."""
        parent = self.data_at(path[:-1])
        parent[path[-1]] = value

    def written_here(self, path: Path_) -> Location | None:
        """Where the file being checked itself writes the value at ``path``; None when the
        value is inherited through ``extends`` or is a default."""
        where = self.values.get(path)
        return where if where is not None and where.file == self.file else None

    def origin(self, path: Path_) -> str:
        """`` (`deal.hand_size` is inherited from variants/standard.yaml:42:14)`` for a value
        written in a parent file; empty for one written in this file or a default."""
        where = self.values.get(path)
        if where is None or where.file == self.file:
            return ""
        dotted = ".".join(str(part) for part in path)
        return f" (`{dotted}` is inherited from {where})"


def merge(base: Resolved, doc: SourceDoc, data: dict[str, Any], path: Path_) -> None:
    """Overlay ``data`` (from ``doc``, at ``path``) onto ``base`` in place; a block's edits
    of an inherited list by name (:mod:`engine.rules.source_rows`) apply after the rest."""
    # source_rows builds on this module, so it is imported here, when merging
    from engine.rules.source_rows import apply_edits, edits_of  # noqa: PLC0415

    written = data
    data, edits = edits_of(path, data)
    target: Any = base.data
    for part in path:
        target = target[part]
    for key, value in data.items():
        here = (*path, key)
        other = ALTERNATIVES.get(here)
        if other is not None and other[-1] in target and _inherited(base, doc, other):
            forget(base, other, target.pop(other[-1]))
        if value is DELETE:
            if key not in target:
                raise VariantError(
                    f"`!delete` removes an inherited key, but `{key}` is not inherited",
                    location=doc.keys.get(here), path=here, hint="remove this line",
                )
            forget(base, here, target.pop(key))
            continue
        if isinstance(value, dict) and not isinstance(target.get(key), dict) and (
                edits_of(here, value)[1]):
            target[key] = {}  # edits of a list that no parent has: apply_edits says so
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            for table in ("values", "keys"):
                if here in getattr(doc, table):
                    getattr(base, table)[here] = getattr(doc, table)[here]
            merge(base, doc, value, here)
            continue
        if key in target:
            if isinstance(target[key], list) and here in base.values:
                base.replaced[here] = base.values[here]
            forget(base, here, target[key])
        target[key] = _strip_deletes(doc, value, here)
        inside = paths_in(value, here)
        for table in ("values", "keys", "inline"):
            src, dst = getattr(doc, table), getattr(base, table)
            dst.update({p: src[p] for p in inside if p in src})
    if edits:
        apply_edits(base, doc, path, edits, written)


def _inherited(base: Resolved, doc: SourceDoc, path: Path_) -> bool:
    """The value at ``path`` of ``base`` was written by another file than ``doc``."""
    where = base.values.get(path)
    return where is None or where.file != doc.file


def _strip_deletes(doc: SourceDoc, value: Any, path: Path_) -> Any:
    if value is DELETE:
        raise VariantError(
            "`!delete` can only remove a key inherited through `extends`",
            location=doc.values.get(path), path=path,
        )
    if isinstance(value, dict):
        return {k: _strip_deletes(doc, v, (*path, k)) for k, v in value.items()}
    if isinstance(value, list):
        return [_strip_deletes(doc, v, (*path, i)) for i, v in enumerate(value)]
    return value


def paths_in(value: Any, path: Path_) -> list[Path_]:
    """``path`` and the path of every value inside ``value``, found by walking the value
    (iteratively) rather than by scanning every recorded path: a file of thousands of keys
    would otherwise take quadratic time."""
    out = [path]
    stack = [(value, path)]
    while stack:
        node, at = stack.pop()
        items = node.items() if isinstance(node, dict) else (
            enumerate(node) if isinstance(node, list) else ())
        for part, child in items:
            out.append((*at, part))
            stack.append((child, (*at, part)))
    return out


def forget(base: Resolved, path: Path_, value: Any) -> None:
    """Drop the recorded sources of ``value``, which was at ``path`` (the tables hold paths
    of values in the data only)."""
    for p in paths_in(value, path):
        for table in (base.values, base.keys, base.inline, base.row_origins, base.removed):
            table.pop(p, None)
