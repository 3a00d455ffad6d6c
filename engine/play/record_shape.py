"""The shape of a game record: the keys it may hold, and the small checks and quoting that
:mod:`engine.play.records` applies before it replays anything.

>>> from engine.core.errors import RecordError
>>> try:
...     only_known_keys({"format": "euchrekit-record", "colour": "red"})
... except RecordError as exc:
...     print(str(exc).split(" (")[0])
the record holds an unknown key `colour`
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.core.errors import RecordError
from engine.rules.variant import Variant

__all__ = ["DEAL_KEYS", "RECORD_KEYS", "cut", "extra_hands_known", "field", "nests_within",
           "only_known_keys", "quote", "shown"]

RECORD_KEYS: dict[str, frozenset[str]] = {
    "": frozenset({"format", "version", "variant", "seed", "actions", "result", "deals",
                   "scores", "table", "digest"}),
    "variant": frozenset({"name", "hash", "rules"}),
    "result": frozenset({"actions", "scores", "winners", "hands", "over"}),
    "table": frozenset({"human", "bots"}),
}
"""The keys of a record, and of each object in it, by the key that holds the object (``""``:
the record itself); each deal of ``deals`` holds :data:`DEAL_KEYS`. Any other key is refused:
a record is not a place to carry other data (a megabyte of it would be kept with the game)."""
DEAL_KEYS = frozenset({"dealer", "hands", "upcard", "kitty", "extra"})


def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def quote(value: object, limit: int = 60) -> str:
    """A value from the record as a message quotes it: its repr, cut short (a record may hold
    megabytes)."""
    return cut(repr(value), limit)


def shown(text: str, limit: int = 60) -> str:
    """Text from the record as a message shows it: bare when printable, else as a repr (no
    escape sequences reach the terminal); cut short."""
    return cut(text if text.isprintable() else repr(text), limit)


def nests_within(value: object, limit: int) -> bool:
    """Whether lists and objects in ``value`` nest at most ``limit`` deep; walked with one
    iterator per level, so neither recursion nor memory grows with the size of the data."""
    stack: list[Iterator[object]] = [iter([value])]
    while stack:
        for node in stack[-1]:
            if isinstance(node, dict | list):
                if len(stack) > limit:
                    return False
                stack.append(iter(node.values() if isinstance(node, dict) else node))
                break
        else:
            stack.pop()
    return True


def field(record: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in record:
        raise RecordError(f"the record has no `{key}`")
    value = record[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"the record's `{key}` has the wrong type")
    return value


def only_known_keys(record: Mapping[str, Any]) -> None:
    """Refuse a key the record format does not define, at each level it defines."""
    for holder, allowed in RECORD_KEYS.items():
        place = record.get(holder) if holder else record
        if isinstance(place, Mapping):
            _only(place, allowed, f"the record's `{holder}`" if holder else "the record")
    deals = record.get("deals")
    for k, deal in enumerate(deals if isinstance(deals, list) else [], start=1):
        if isinstance(deal, Mapping):
            _only(deal, DEAL_KEYS, f"deal {k} of the record")


def _only(place: Mapping[str, Any], allowed: frozenset[str], what: str) -> None:
    unknown = [key for key in place if key not in allowed]
    if unknown:
        raise RecordError(f"{what} holds an unknown key `{shown(str(unknown[0]), 40)}` (it "
                          f"may hold {', '.join(sorted(allowed))}): the record was edited or "
                          "is not a euchrekit record")


def extra_hands_known(variant: Variant, deals: list[Any]) -> None:
    """A deal's ``extra`` names the variant's extra hands only."""
    for k, deal in enumerate(deals, start=1):
        extra = deal.get("extra")
        if isinstance(extra, Mapping):
            for name in extra:
                if name not in variant.deal.extra_hands:
                    raise RecordError(
                        f"deal {k} of the record holds an unknown extra hand "
                        f"`{shown(str(name), 40)}` (this variant has "
                        f"{', '.join(variant.deal.extra_hands) or 'none'})")
