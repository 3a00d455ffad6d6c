"""``pass_cards`` in batch form: a lone player calls for his partner's best (Railroad).

As the scalar phase (``engine.mechanics.pass_cards``): each lone player in turn (the maker,
then a lone defender where ``pass_cards.defender``, RAIL-A7) whose partner sits out discards
``cards`` cards one at a time, then his partner gives him as many of his own, one at a time.
The choices are those of the scalar ``random`` bot, one uniform draw over the cards held; the
``greedy`` bot discards its card of least power in its suit and gives its lowest card (the
first legal action: it has no rule for a gift); the ``heuristic`` bot discards the card whose
loss costs least and gives the card that would make the strongest one-card hand (the scalar
hook, ``pass_cards.decide``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.core import actions as A
from engine.mechanics.batch.greedy import GreedyTables
from engine.mechanics.batch.hand import BatchHand, Ints, rules_of
from engine.mechanics.batch.tables import ONE, U64, choose_bit, low_bit_index
from engine.mechanics.pass_cards import GIVE, PassCardsRules
from engine.rules.variant import Variant

__all__ = ["PassCards"]


class PassCards:
    """``pass_cards``: the lone players' discards and their partners' gifts."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        if "auction" in variant.flow:  # a bid may set how many cards pass (contract settings)
            return "calling for the partner's best after an auction has no batch form yet"
        if variant.players != 4:
            return "calling for the partner's best has a batch form for four players only"
        return None

    def __init__(self, variant: Variant) -> None:
        self.rules = rules_of(variant, PassCardsRules)
        self.size = variant.deal.hand_size
        self.greedy = GreedyTables(variant)

    def run(self, bh: BatchHand) -> None:
        made = bh.maker >= 0
        maker = np.maximum(bh.maker, 0)
        loners = [(made & bh.alone, maker)]
        if self.rules.defender:
            defender = bh.defender_alone
            loners.append((defender >= 0, np.maximum(defender, 0)))
        for calling, loner in loners:
            if not calling.any():
                continue
            partner = (loner + 2) % bh.players
            for _ in range(self.rules.cards):
                self._discard(bh, calling, loner)
            for _ in range(self.rules.cards):
                self._give(bh, calling, loner, partner)

    def _discard(self, bh: BatchHand, calling: npt.NDArray[np.bool_], loner: Ints) -> None:
        rows = np.arange(bh.n)
        held = bh.hands[rows, loner]
        bit = choose_bit(np.where(calling, held, ONE), bh.rng)
        greedy = bh.greedy_at(loner)
        if greedy is not None:
            low = ONE << self.greedy.discard(held, bh.trump).astype(np.uint64)
            bit = np.where(greedy, low, bit)
        heuristic = bh.heuristic_at(loner)
        if heuristic is not None and bh.heuristic is not None:
            size = int(np.bitwise_count(held[calling]).max()) if calling.any() else self.size
            card = bh.heuristic.tables.discard(held, held, bh.trump, size)
            bit = np.where(heuristic, ONE << card.astype(np.uint64), bit)
        bh.act(calling, A.DISCARD + low_bit_index(bit))
        bh.hands[rows, loner] = np.where(calling, held ^ bit, held)

    def _give(self, bh: BatchHand, calling: npt.NDArray[np.bool_], loner: Ints,
              partner: Ints) -> None:
        rows = np.arange(bh.n)
        held = bh.hands[rows, partner]
        bit = choose_bit(np.where(calling, held, ONE), bh.rng)
        greedy = bh.greedy_at(partner)
        if greedy is not None:  # the first legal action: the lowest card
            bit = np.where(greedy, held & (~held + ONE), bit)
        heuristic = bh.heuristic_at(partner)
        if heuristic is not None and bh.heuristic is not None:
            bit = np.where(heuristic, self._best(bh, held), bit)
        bh.act(calling, GIVE.base + low_bit_index(bit))
        bh.hands[rows, partner] = np.where(calling, held ^ bit, held)
        given = bh.hands[rows, loner]
        bh.hands[rows, loner] = np.where(calling, given | bit, given)

    @staticmethod
    def _best(bh: BatchHand, held: U64) -> U64:
        """The scalar ``best_keep(hand, trump, 1)``: the card whose loss hurts least dropped
        until one is left (the lowest of equals each time)."""
        assert bh.heuristic is not None
        tables = bh.heuristic.tables
        kept = held
        count = np.bitwise_count(held).astype(np.int64)
        for size in range(int(count.max()) - 1, 0, -1):  # rows holding more cards first
            drop = count > size
            if drop.any():
                kept = np.where(drop, tables.best_keep(kept, bh.trump, size), kept)
            count = np.minimum(count, size)
        return kept
