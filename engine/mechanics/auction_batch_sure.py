"""The heuristic's count of sure tricks in batch form (``auction``'s special bids played alone).

The scalar ``HeuristicBot.sure_tricks`` as mask operations over all rows: per trump and suit,
a card is sure when no card out (in the deck, not in the hand) has more power in its suit, a
card of equal power (the other copy in a double deck, DECK-A3) not counting against it; with as
many sure trumps as trumps out the hand takes its trumps and every sure side card, else only
its sure trumps. The heuristic bids a special bid played alone (the moon) when the count in
its best suit for it reaches the bid's tricks (``auction_bot._special``).

>>> import numpy as np
>>> from engine import load_variant
>>> from engine.core import cards as C
>>> from engine.mechanics.batch.greedy import GreedyTables
>>> v = load_variant("bid-euchre")
>>> sure = SureTricks(v, GreedyTables(v))
>>> hands = np.array([C.mask_of(["JH", "JD", "AH", "KH", "AS", "AC"]),
...                   C.mask_of(["JH", "JD", "AH", "AS", "AC", "AD"])], dtype=np.uint64)
>>> sure.count(hands, C.parse_suit("H")).tolist()
[6, 3]
>>> sure.best(hands).tolist()
[6, 3]
"""

from __future__ import annotations

import numpy as np

from engine.mechanics.batch.greedy import GreedyTables
from engine.mechanics.batch.hand import Ints
from engine.mechanics.batch.tables import POWER, SUIT_MASK, U64
from engine.rules.variant import Variant

__all__ = ["SureTricks"]


class SureTricks:
    """The sure-tricks count of a variant's deck (suit trumps), for B hands at once."""

    def __init__(self, variant: Variant, orders: GreedyTables) -> None:
        self.deck = np.uint64(variant.deck.mask)
        self.beats = orders.beats
        """``beats[t, led, b]``: the cards of power above ``b`` in a trick led in ``led``."""
        self.down = orders.own_down
        """Per trump, the deck's cards by their power in their own suit, best first."""

    def _top_power(self, masks: U64, trump: int, suit: int) -> Ints:
        """Per row, the highest power in a trick led in ``suit`` among ``masks``'s cards (all
        of effective suit ``suit``), 0 for none."""
        held = (masks[:, None] >> self.down[trump].astype(np.uint64)) & np.uint64(1)
        first = self.down[trump][held.argmax(axis=1)]
        top: Ints = np.where(masks != 0, POWER[trump, suit, first], 0)
        return top

    def count(self, hands: U64, trump: int) -> Ints:
        """The scalar ``sure_tricks(hand, trump)`` of every row's hand."""
        out = self.deck & ~hands
        sure_side = np.zeros(hands.shape[0], dtype=np.int64)
        sure_trumps = trumps = trumps_out = sure_side
        for suit in range(4):
            cards = SUIT_MASK[trump, suit]
            held = hands & cards
            top = self._top_power(out & cards, trump, suit)  # 0: none out, every card sure
            at_least = self.beats[trump, suit, np.maximum(top - 1, 0)]  # power >= top
            sure = np.bitwise_count(held & at_least).astype(np.int64)
            if suit == trump:
                trumps = np.bitwise_count(held).astype(np.int64)
                sure_trumps = sure
                trumps_out = np.bitwise_count(out & cards).astype(np.int64)
            else:
                sure_side = sure_side + sure
        counted: Ints = np.where(sure_trumps < trumps_out, sure_trumps, trumps + sure_side)
        return counted

    def best(self, hands: U64) -> Ints:
        """The most sure tricks over the four suits as trump (the scalar ``max``)."""
        best: Ints = np.max(np.stack([self.count(hands, t) for t in range(4)]), axis=0)
        return best
