"""Two card rules of the ``heuristic`` bot in batch form that the scalar bot's ``play`` hook
applies beside its card play: the duck of a maker who must take no trick (a misère, C500-A2:
``play_exposed.duck``) and the suit its led joker calls for at no-trump (BID-A8:
``HeuristicBot.joker_suit``).

>>> import numpy as np
>>> from engine import load_variant
>>> from engine.core import cards as C
>>> v = load_variant("five-hundred")  # at no-trump its 7 to ace of hearts rank 6 to 13
>>> duck = Duck(v)
>>> legal = np.array([C.mask_of(["7H", "JH", "AH"])], dtype=np.uint64)
>>> trump, led = np.array([C.NO_TRUMP]), np.array([C.HEARTS])
>>> C.card_name(int(duck.follow(legal, trump, led, np.array([11]))[0]))  # under the QH: JH
'JH'
>>> C.card_name(int(duck.lead(legal, trump)[0]))
'7H'
"""

from __future__ import annotations

import numpy as np

from engine.core import cards as C
from engine.mechanics.batch.greedy import GreedyTables
from engine.mechanics.batch.hand import Ints
from engine.mechanics.batch.tables import U64, batch_cards, power_table
from engine.rules.variant import Variant

__all__ = ["Duck", "joker_suit"]


class Duck:
    """The misère's duck over the variant's deck: following, the card of most power that
    loses to the trick's best so far (the lowest id of equals); leading, or when every card
    would win, the card of least power (in its own suit when leading, else in the suit led;
    the lowest id of equals: ``play_exposed.choose_for_exposed``)."""

    def __init__(self, variant: Variant) -> None:
        self.greedy = GreedyTables(variant)
        deck = np.array(batch_cards(variant.deck.cards), dtype=np.int64)
        power = power_table(variant.deck.cards, list(variant.deck.all_tables()))
        self.high_first = np.stack([deck[np.lexsort((deck, -power[t, led, deck]))]
                                    for t in range(6) for led in range(5)])
        """By ``trump * 5 + led``: the deck by power in a trick led in ``led``, the highest
        first (the lowest id of equals first)."""

    def lead(self, legal: U64, trump: Ints) -> Ints:
        """The card of least power in its own suit."""
        return self.greedy.discard(legal, trump)

    def follow(self, legal: U64, trump: Ints, led: Ints, best: Ints) -> Ints:
        """The highest card under the trick's best power ``best``, else the least card."""
        g = self.greedy
        at = trump * 5 + led
        losers = np.where(best > 0, legal & ~g.beats[trump, led, np.maximum(best - 1, 0)],
                          np.uint64(0))
        under = g.first(losers, self.high_first[at])
        least = g.first(legal, g.by_led[at])
        chosen: Ints = np.where(losers != 0, under, least)
        return chosen


def joker_suit(hand: U64, trump: Ints) -> Ints:
    """The suit a led joker calls for (``HeuristicBot.joker_suit``): the longest of the seven
    to the ace, among equals the one with the best cards (the highest at no-trump, the lowest
    at low no-trump), the first suit of equals."""
    keys = []
    for suit in range(4):
        byte = ((hand >> np.uint64(8 * suit)) & np.uint64(255)).astype(np.int64)
        count = np.bitwise_count(byte).astype(np.int64)
        keys.append(count * 512 + np.where(trump == C.NO_TRUMP, byte, -byte))
    chosen: Ints = np.stack(keys, axis=1).argmax(axis=1)
    return chosen
