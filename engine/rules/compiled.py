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
kept (its errors name lines, which the key does not hold). The newest :data:`KEPT` are kept.

>>> from engine import load_variant
>>> load_variant("standard") is load_variant("standard")
True
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable

from engine.core.errors import VariantError
from engine.rules.resolved import Resolved
from engine.rules.variant import Variant

KEPT = 64
"""How many compiled variants a process keeps (the least recently loaded goes first)."""

_Key = tuple[str, str, bool, str, frozenset[object]]
_KEPT: OrderedDict[_Key, Variant] = OrderedDict()

Compile = Callable[..., tuple[Variant | None, list[VariantError]]]


def compiled(resolved: Resolved, compile_variant: Compile, *, allow_dead_rows: bool
             ) -> tuple[Variant | None, list[VariantError]]:
    """``compile_variant(resolved, allow_dead_rows=...)``, or the variant it gave before for
    the same key."""
    key = _key(resolved, allow_dead_rows)
    if key is not None and key in _KEPT:
        _KEPT.move_to_end(key)
        return _KEPT[key], []
    variant, errors = compile_variant(resolved, allow_dead_rows=allow_dead_rows)
    if key is not None and variant is not None and not errors:
        _KEPT[key] = variant
        if len(_KEPT) > KEPT:
            _KEPT.popitem(last=False)
    return variant, errors


def _key(resolved: Resolved, allow_dead_rows: bool) -> _Key | None:
    """What the compile depends on; None when the data is not JSON (then nothing is kept)."""
    try:
        data = json.dumps(resolved.data, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return None
    here = frozenset(path for path, where in resolved.values.items()
                     if where.file == resolved.file)
    return (resolved.name, resolved.file, allow_dead_rows, data, here)

