"""Compiled variants kept for the process: the same merged rules compile once.

A process loads the same variant many times: the web server for every table, a record's
replay, each test. Compiling (the scoring table above all: every outcome, every award) is most
of a load's time, and a compiled :class:`~engine.rules.variant.Variant` is immutable, so a
valid variant's compile is kept, keyed by everything the compiler reads:

- the merged data, defaults filled in (as JSON text, as the variant's ``rules_json``);
- the name and the file (the variant carries both);
- which settings the file being checked writes itself (``Resolved.written_here``: a few
  checks depend on it, such as a child's ``game.hands`` beside an inherited target);
- whether dead scoring rows are allowed (a record's rules).

The files are read and merged again at every load, so an edited file is seen at once: only its
compile is reused, and only while the merged result is the same. A variant with errors is not
kept (its errors name lines, which the key does not hold). The shipped variants are all kept
(a few megabytes in all); of other files (a user's, an upload) the :data:`KEPT` last loaded.

>>> from engine import load_variant
>>> load_variant("standard") is load_variant("standard")
True
"""

from __future__ import annotations

import functools
import json
from collections import OrderedDict

from engine.core.errors import VariantError
from engine.rules.compiler import compile_variant
from engine.rules.resolved import Resolved
from engine.rules.resources import variants_dir
from engine.rules.variant import Variant

KEPT = 8
"""How many variants of other files than the shipped ones a process keeps (the least recently
loaded goes first): a server that checks uploads keeps a bounded few."""

_Key = tuple[str, str, bool, str, frozenset[object]]
_KEPT: OrderedDict[_Key, Variant] = OrderedDict()
_SHIPPED: dict[str, tuple[_Key, Variant]] = {}
"""By shipped file: its one compile (an edited file's new compile takes the old one's place)."""


def compiled(resolved: Resolved, *, allow_dead_rows: bool
             ) -> tuple[Variant | None, list[VariantError]]:
    """``compile_variant(resolved, allow_dead_rows=...)``, or the variant it gave before for
    the same key."""
    key = _key(resolved, allow_dead_rows)
    if key is None:
        return compile_variant(resolved, allow_dead_rows=allow_dead_rows)
    shipped = _SHIPPED.get(resolved.file)
    if shipped is not None and shipped[0] == key:
        return shipped[1], []
    if key in _KEPT:
        _KEPT.move_to_end(key)
        return _KEPT[key], []
    variant, errors = compile_variant(resolved, allow_dead_rows=allow_dead_rows)
    if variant is not None and not errors:
        if resolved.file in _shipped_files():
            _SHIPPED[resolved.file] = (key, variant)
        else:
            _KEPT[key] = variant
            if len(_KEPT) > KEPT:
                _KEPT.popitem(last=False)
    return variant, errors


@functools.cache
def _shipped_files() -> frozenset[str]:
    """How the shipped files are named in a variant (``variants/standard.yaml``)."""
    return frozenset(f"variants/{path.name}" for path in variants_dir().glob("*.yaml"))


def _key(resolved: Resolved, allow_dead_rows: bool) -> _Key | None:
    """What the compile depends on; None when the data is not JSON (then nothing is kept)."""
    try:
        data = json.dumps(resolved.data, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return None
    here = frozenset(path for path, where in resolved.values.items()
                     if where.file == resolved.file)
    return (resolved.name, resolved.file, allow_dead_rows, data, here)


def forget() -> None:
    """Drop every kept compile: the next load of each variant compiles it again (for a check
    that must watch a compile happen)."""
    _SHIPPED.clear()
    _KEPT.clear()
