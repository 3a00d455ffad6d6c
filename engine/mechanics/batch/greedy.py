"""The ``greedy`` bot in batch form: the orders of :mod:`engine.bots.greedy`, for every row
(its numbers, such as the trumps to order up, come in a ``GreedySeats``; each mechanic's
batch form applies the bot's rule for its phase).

"The least card of a set by some order" is one step over an ``(n, D)`` array: the deck's
cards in that order (a table per trump and suit led, built once per variant), a bit test of
each against the row's mask, and the first hit. The scalar bot breaks ties by card id, and so
do the tables, so both choose the same card (``--verify`` checks it action by action).

>>> import numpy as np
>>> from engine import load_variant
>>> from engine.core import cards as C
>>> greedy = GreedyTables(load_variant("standard"))
>>> hand = np.array([C.mask_of(["9H", "JD", "AS"])], dtype=np.uint64)
>>> C.card_name(int(greedy.lead(hand, np.array([C.HEARTS]))[0]))
'JD'
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.mechanics.batch.hand import Ints
from engine.mechanics.batch.tables import (
    EFFECTIVE,
    ONE,
    SUIT_MASK,
    U64,
    batch_cards,
    power_table,
)
from engine.rules.variant import Variant

__all__ = ["GreedyTables", "counts_by_suit", "trumps"]

_MAX_POWER = 128


def trumps(hands: U64, trump: Ints) -> Ints:
    """Trumps held per row (bowers included)."""
    counted: Ints = np.bitwise_count(hands & SUIT_MASK[trump, trump]).astype(np.int64)
    return counted


class GreedyTables:
    """The orders the greedy rules pick by, over the variant's deck."""

    def __init__(self, variant: Variant) -> None:
        deck = np.array(batch_cards(variant.deck.cards), dtype=np.int64)
        power = power_table(variant.deck.cards, list(variant.deck.all_tables()))
        own = power[np.arange(6)[:, None], EFFECTIVE[:, deck], deck[None, :]]  # (6, D)
        self.own_up = np.stack([deck[np.lexsort((deck, own[t]))] for t in range(6)])
        self.own_down = np.stack([deck[np.lexsort((deck, -own[t]))] for t in range(6)])
        self.by_led = np.stack([deck[np.lexsort((deck, power[t, led, deck]))]
                                for t in range(6) for led in range(5)])
        beats = np.zeros((6, 5, _MAX_POWER), dtype=np.uint64)
        for t in range(6):
            for led in range(5):
                for c in deck.tolist():
                    beats[t, led, :power[t, led, c]] |= ONE << np.uint64(c)
        self.beats = beats
        """``beats[t, led, b]``: the cards of power above ``b`` in a trick led in ``led``."""

    @staticmethod
    def first(masks: U64, order: Ints) -> Ints:
        """Per row, the first card of ``order[row]`` that ``masks[row]`` holds."""
        held = (masks[:, None] >> order.astype(np.uint64)) & ONE
        pick: Ints = order[np.arange(order.shape[0]), held.argmax(axis=1)]
        return pick

    def discard(self, legal: U64, trump: Ints) -> Ints:
        """The card of least power in its own suit."""
        return self.first(legal, self.own_up[trump])

    def lead(self, legal: U64, trump: Ints) -> Ints:
        """The card of most power in its own suit."""
        return self.first(legal, self.own_down[trump])

    def follow(self, legal: U64, trump: Ints, led: Ints, best: Ints) -> Ints:
        """The least card beating ``best``, else the card of least own power."""
        winners = legal & self.beats[trump, led, np.maximum(best, 0)]
        win = self.first(winners, self.by_led[trump * 5 + led])
        low = self.first(legal, self.own_up[trump])
        chosen: Ints = np.where(winners != 0, win, low)
        return chosen


def counts_by_suit(hands: U64) -> npt.NDArray[np.int64]:
    """``(n, 4)``: trumps held were each suit trump."""
    return np.stack([np.bitwise_count(hands & SUIT_MASK[s, s]) for s in range(4)],
                    axis=1).astype(np.int64)
