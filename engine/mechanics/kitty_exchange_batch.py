"""``kitty_exchange`` in batch form: the maker takes the kitty and discards as many, B games
at once.

As the scalar phase (``engine.mechanics.kitty_exchange``) with ``source: kitty`` and ``seat:
maker``, not optional (Five Hundred, C500-A7): once the contract is made the maker adds the
undealt cards to his hand and discards one card at a time until he holds ``hand_size`` again.
Each discard is the scalar ``random`` bot's, one uniform card of those held; the ``greedy``
bot's is the card of least power in its own suit (the lowest id of equals); the ``heuristic``'s
the card whose loss leaves the hand's estimate with the trump of the contract highest (the
lowest id of equals: ``kitty_exchange.decide``); a misère's maker's the card of most power
in its own suit at no-trump, keeping his lowest cards (the lowest id of equals). Nobody else sees
the cards taken or discarded, so no other seat's choice depends on them.
"""

from __future__ import annotations

import numpy as np

from engine.core import actions as A
from engine.mechanics.batch.greedy import GreedyTables
from engine.mechanics.batch.hand import BatchHand, rules_of
from engine.mechanics.batch.tables import ONE, batch_cards, card_actions, choose_bit, has_small
from engine.mechanics.kitty_exchange import KITTY, ExchangeSeat, KittyExchangeRules
from engine.mechanics.piles_batch import PileExchange
from engine.rules.variant import Variant

__all__ = ["KittyExchange"]


class KittyExchange:
    """``kitty_exchange`` (the maker takes the kitty) for B games at once."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        rules = rules_of(variant, KittyExchangeRules)
        if any(pile.name == rules.source for pile in variant.deal.piles):  # a widow
            return PileExchange.check(variant, rules.source, rules.seat, rules.optional)
        if rules.source != KITTY or rules.seat is not ExchangeSeat.MAKER or rules.optional:
            return "only the maker's exchange with the kitty has a batch form yet"
        if variant.deal.upcard or variant.deal.extra_hands:
            return "a kitty beside an upcard or extra hands has no batch form yet"
        return None

    @staticmethod
    def check_heuristic(variant: Variant) -> str | None:
        return None  # the maker's exchange (``check``): the heuristic's discards below

    def __init__(self, variant: Variant) -> None:
        rules = rules_of(variant, KittyExchangeRules)
        self.pile = PileExchange(variant, rules.source, rules.seat) if any(
            pile.name == rules.source for pile in variant.deal.piles) else None
        """An exchange with a pile (a widow, PILE-A6): its own form plays it."""
        self.hand_size = variant.deal.hand_size
        self.deck = np.uint64(sum(1 << b for b in batch_cards(variant.deck.cards)))
        self.size = len(variant.deck.cards) - variant.players * self.hand_size
        """The kitty's cards: the maker's discards."""
        self.greedy = GreedyTables(variant)
        self.discards = card_actions(A.DISCARD, has_small(variant.deck.cards))
        """By batch bit, the action of discarding that card (the 2 to 5: ids of their own)."""

    def run(self, bh: BatchHand) -> None:
        if self.pile is not None:
            self.pile.run(bh)
            return
        rows = np.arange(bh.n)
        made = bh.maker >= 0
        maker = np.maximum(bh.maker, 0)
        kitty = self.deck ^ np.bitwise_or.reduce(bh.hands, axis=1)
        held = bh.hands[rows, maker] | np.where(made, kitty, np.uint64(0))
        greedy = bh.greedy_at(maker)
        heuristic = bh.heuristic_at(maker)
        misere = (bh.special >= 0) & (bh.bid == 0) & made  # a contract for no tricks
        for k in range(self.size):
            legal = np.where(made, held, np.uint64(0))
            bit = choose_bit(legal, bh.rng)
            if greedy is not None:  # the card of least power in its own suit
                low = ONE << self.greedy.discard(legal, bh.trump).astype(np.uint64)
                bit = np.where(greedy & made, low, bit)
            if heuristic is not None and bh.heuristic is not None:  # the loss that costs least
                keep = bh.heuristic.tables.best_keep(legal, bh.trump, self.hand_size
                                                     + self.size - k - 1)
                bit = np.where(heuristic & made, legal ^ keep, bit)
                ducks = np.flatnonzero(heuristic & misere)  # a misère's maker: his top card
                if ducks.size:
                    bit[ducks] = ONE << self.greedy.lead(legal[ducks], bh.trump[ducks]).astype(
                        np.uint64)
            bh.act(made, self.discards[np.bitwise_count(bit - ONE).astype(np.int64)])
            held ^= bit
        bh.hands[rows, maker] = np.where(made, held, bh.hands[rows, maker])
