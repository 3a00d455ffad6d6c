"""``dummy_merge`` in batch form: the Cutthroat maker takes the dummy and discards down.

As the scalar phase (``engine.mechanics.dummy_merge``, modes ``choose`` and ``at_least_one``,
where the last card of the dummy he holds may not go): a maker who is not
alone adds the dummy to his hand and discards one card at a time until he holds
``hand_size`` (5 of 10; 5 of 11 for the dealer who took the upcard, CTD-A3); a lone maker's
dummy is set aside unseen (CTD-A13) and he discards only what the upcard added. Each discard
is the scalar ``random`` bot's: one uniform card of those held (the ``greedy`` bot's: the card
of least power in its own suit).
"""

from __future__ import annotations

import numpy as np

from engine.core import actions as A
from engine.mechanics.batch.greedy import GreedyTables
from engine.mechanics.batch.hand import BatchHand, rules_of
from engine.mechanics.batch.tables import ONE, choose_bit, low_bit_index
from engine.mechanics.dummy_merge import DummyMergeRules, MergeMode
from engine.rules.variant import Variant

__all__ = ["DummyMerge"]


class DummyMerge:
    """``dummy_merge`` (modes ``choose``, ``at_least_one`` and ``optional``) for B games at
    once."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        return None

    def __init__(self, variant: Variant) -> None:
        self.hand_size = variant.deal.hand_size
        self.dummy = variant.players + variant.deal.extra_hands.index("dummy")
        self.greedy = GreedyTables(variant)
        mode = rules_of(variant, DummyMergeRules).mode
        self.keep_one = mode is MergeMode.AT_LEAST_ONE
        self.optional = mode is MergeMode.OPTIONAL
        """The maker first says ``merge`` or ``keep`` (the random bot one chance in two; the
        greedy bot its first legal action and the heuristic always: ``merge``)."""
        """The maker may not discard the last card he holds of the dummy (CTD-A3)."""
        self.most = variant.deal.hand_size + 1
        """Discards at most: the dummy's cards and the upcard."""

    def run(self, bh: BatchHand) -> None:
        rows = np.arange(bh.n)
        made = bh.maker >= 0
        maker = np.maximum(bh.maker, 0)
        bh.merged = made & ~bh.alone
        if self.optional:
            merges = bh.uniform(2) == 0
            for bot in (bh.greedy_at(maker), bh.heuristic_at(maker)):
                if bot is not None:
                    merges |= bot
            bh.act(bh.merged, np.where(merges, A.MERGE, A.KEEP))
            bh.merged &= merges
        dummy = np.where(bh.merged, bh.hands[:, self.dummy], np.uint64(0))
        held = bh.hands[rows, maker] | dummy
        bh.hands[:, self.dummy] = 0
        for _ in range(self.most):
            acting = made & (np.bitwise_count(held) > self.hand_size)
            if not acting.any():
                break
            legal = held
            if self.keep_one:  # the last dummy card kept may not go
                kept = held & dummy
                legal = np.where(np.bitwise_count(kept) == 1, held & ~kept, held)
            bit = choose_bit(np.where(acting, legal, np.uint64(0)), bh.rng)
            greedy = bh.greedy_at(maker)
            if greedy is not None:  # the greedy bot: the card of least power in its own suit
                low = ONE << self.greedy.discard(legal, bh.trump).astype(np.uint64)
                bit = np.where(greedy & acting, low, bit)
            heuristic = bh.heuristic_at(maker)
            if heuristic is not None and bh.heuristic is not None:  # the discard of least loss
                card = bh.heuristic.tables.discard(held, np.where(acting, legal, np.uint64(0)),
                                                   bh.trump, 2 * self.hand_size + 1)
                bit = np.where(heuristic & acting, ONE << card.astype(np.uint64), bit)
            bh.act(acting, A.DISCARD + low_bit_index(bit))
            held ^= bit
        bh.hands[rows, maker] = np.where(made, held, bh.hands[rows, maker])
