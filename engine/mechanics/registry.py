"""The registered mechanics, in order: adding a mechanic = one module + one line here.

The order is the order of the blocks in the schema and of the ``flow`` enum. Tests and
plug-ins add one with :func:`register` (a context manager that undoes it).

>>> [m.key for m in MECHANICS][:3]
['deal', 'upcard_bidding', 'dealer_pickup']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from engine.mechanics import (
    auction,
    call_partner,
    deal,
    dealer_draw,
    dealer_pickup,
    declare,
    dummy_merge,
    go_alone,
    kitty_exchange,
    name_trump,
    pass_cards,
    piles,
    play,
    redeal,
    score,
    stay_or_drop,
    upcard_bidding,
    upcard_trump,
)
from engine.mechanics.base import Mechanic, Words
from engine.rules.mechanic_rules import REGISTRY

if TYPE_CHECKING:
    from engine.mechanics.dealer_draw import Drawing
    from engine.rules.variant import Variant

__all__ = ["MECHANICS", "first_dealer", "flow_words", "mechanic", "mechanics", "offer_order",
           "register", "trumpless_contracts", "verb_for"]

MECHANICS: tuple[Mechanic, ...] = (
    deal.MECHANIC,
    upcard_bidding.MECHANIC,
    dealer_pickup.MECHANIC,
    auction.MECHANIC,
    name_trump.MECHANIC,
    go_alone.MECHANIC,
    dummy_merge.MECHANIC,
    pass_cards.MECHANIC,
    play.MECHANIC,
    score.MECHANIC,
    upcard_trump.MECHANIC,
    stay_or_drop.MECHANIC,
    kitty_exchange.MECHANIC,
    call_partner.MECHANIC,
    redeal.MECHANIC,
    declare.MECHANIC,
    piles.MECHANIC,
)

_ALL: dict[str, Mechanic] = {}


def _add(m: Mechanic) -> None:
    REGISTRY.add(m)
    _ALL[m.key] = m


for _m in MECHANICS:
    _add(_m)


def mechanic(key: str) -> Mechanic:
    """The registered mechanic of ``key``; raises ``KeyError``."""
    return _ALL[key]


def mechanics() -> tuple[Mechanic, ...]:
    """Every registered mechanic, in order."""
    return tuple(_ALL[m.key] for m in REGISTRY)


def verb_for(kind: str, phase: str = "", *, dealer: bool = False) -> str | None:
    """The narration template of an action kind: the verb of the mechanic of ``phase`` when
    it lists the kind, else of the first registered mechanic that does (None: nobody does);
    taken by the dealer (``dealer``), the mechanic's dealer's verb where it has one.

    >>> verb_for("pass", "go_alone"), verb_for("pass"), verb_for("keep")
    ('does not go alone', 'passes', 'leaves the upcard')
    >>> verb_for("order_up", "upcard_bidding"), verb_for("order_up", dealer=True)
    ('orders up', 'picks it up')
    """
    found = _ALL.get(phase)
    for table in ("dealer_verbs", "verbs") if dealer else ("verbs",):
        if found is not None and kind in getattr(found.words, table):
            return str(getattr(found.words, table)[kind])
        for m in mechanics():
            if kind in getattr(m.words, table):
                return str(getattr(m.words, table)[kind])
    return None


def flow_words(variant: Variant) -> list[Words]:
    """The words of each mechanic of ``variant``'s flow, in flow order."""
    return [_ALL[key].words for key in variant.flow]


def offer_order(variant: Variant, phase: str, names: Sequence[str]) -> list[str]:
    """The legal actions' names in the order a player reads them: the running mechanic's
    (``Words.order``: a bid table's rank order), else as given (the engine's id order); the
    terminal numbers its options and the browser draws its buttons in this order.

    >>> from engine import load_variant
    >>> v = load_variant("five-hundred")
    >>> offer_order(v, "auction", ["pass", "bid:misere", "bid:6C", "bid:6S"])
    ['pass', 'bid:6S', 'bid:6C', 'bid:misere']
    """
    found = _ALL.get(phase)
    key = found.words.order if found is not None else None
    if key is None:
        return list(names)
    return sorted(names, key=lambda name: key(variant, name))


def trumpless_contracts(variant: Variant) -> tuple[int, ...]:
    """The trumpless contracts (``NO_TRUMP``, ``LOW_NO_TRUMP``) the flow's mechanics let a
    maker make, ascending (each mechanic says its own through ``Words.trumpless``).

    >>> from engine import load_variant
    >>> trumpless_contracts(load_variant("standard")), trumpless_contracts(load_variant("no-trump"))
    ((), (4,))
    """
    return tuple(sorted({c for words in flow_words(variant) if words.trumpless
                         for c in words.trumpless(variant)}))


def first_dealer(variant: Variant, s: Drawing) -> int:
    """The game's first dealer as ``variant.dealer`` says (at random, or by a draw that may
    also seat the players): a step of the game's start, no mechanic of the flow, so the state
    asks it here (:mod:`engine.mechanics.dealer_draw`)."""
    return dealer_draw.first_dealer(variant, s)


@contextmanager
def register(m: Mechanic) -> Iterator[Mechanic]:
    """Register ``m`` for the duration of a ``with`` block (tests, plug-ins): its block
    validates, its key may appear in a flow, its actions are named and narrated."""
    _add(m)
    try:
        yield m
    finally:
        REGISTRY.remove(m.key)
        del _ALL[m.key]
