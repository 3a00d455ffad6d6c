"""``dealer_pickup`` in batch form: the dealer takes the upcard and discards, B games at once.

As the scalar phase (``engine.mechanics.dealer_pickup``, modes ``must`` and ``discard_other``).
The choices are those of the scalar ``random`` bot: one uniform draw over the legal actions
(``engine.bots.random_bot``), here over the same legal sets computed with masks; a seat the
``greedy`` bot plays takes its rule (``engine.bots.greedy``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.core import actions as A
from engine.mechanics.batch.greedy import GreedyTables
from engine.mechanics.batch.hand import BatchHand, rules_of
from engine.mechanics.batch.tables import ONE, U64, choose_bit, low_bit_index
from engine.mechanics.dealer_pickup import DealerPickupRules, PickupMode
from engine.rules.variant import Variant

__all__ = ["DealerPickup"]


class DealerPickup:
    """``dealer_pickup`` (``must``, ``discard_other`` or ``optional``): after an order-up the
    dealer, unless he sits out, takes the upcard and discards one card uniformly (not the
    upcard with ``discard_other``); with ``optional`` he first says ``pick_up`` or ``keep``
    (the random bot one chance in two, ``greedy`` its first legal action, ``pick_up``, the
    heuristic when the best of his cards with the upcard is worth more than his hand); a
    dealer who made trump keeps all six when a dummy merge follows."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        return None

    def __init__(self, variant: Variant) -> None:
        mode = rules_of(variant, DealerPickupRules).mode
        self.other = mode is PickupMode.DISCARD_OTHER
        self.optional = mode is PickupMode.OPTIONAL
        flow = variant.flow
        self.merge_follows = "dummy_merge" in flow and flow.index("dummy_merge") > flow.index(
            "dealer_pickup")
        """A dealer who is the maker discards in the merge instead (5 of 11, CTD-A3)."""
        self.greedy = GreedyTables(variant)
        self.size = variant.deal.hand_size

    def run(self, bh: BatchHand) -> None:
        rows = np.arange(bh.n)
        takes = bh.ordered & (bh.dealer != bh.out)
        if bh.out2 is not None:  # the dealer a lone defender's partner: he sits out too
            takes &= bh.dealer != bh.out2
        held = bh.hands[rows, bh.dealer]
        if self.optional:
            takes = self._offer(bh, takes, held)
        up = np.where(takes, ONE << np.maximum(bh.upcard, 0).astype(np.uint64), np.uint64(0))
        discards = takes & (bh.maker != bh.dealer) if self.merge_follows else takes
        legal = np.where(discards, held if self.other else held | up, np.uint64(0))
        bit = choose_bit(legal, bh.rng)
        greedy = bh.greedy_at(bh.dealer)
        if greedy is not None:
            low = ONE << self.greedy.discard(legal, bh.trump).astype(np.uint64)
            bit = np.where(greedy & discards, low, bit)
        heuristic = bh.heuristic_at(bh.dealer)
        if heuristic is not None and bh.heuristic is not None:  # the card whose loss costs least
            size = self.size if self.other else self.size + 1
            card = bh.heuristic.tables.discard(held | up, legal, bh.trump, size)
            bit = np.where(heuristic & discards, ONE << card.astype(np.uint64), bit)
        bh.act(discards, A.DISCARD + low_bit_index(bit))
        bh.hands[rows, bh.dealer] = (held | up) ^ bit

    def _offer(self, bh: BatchHand, offered: npt.NDArray[np.bool_], held: U64
               ) -> npt.NDArray[np.bool_]:
        """``optional``: where ``offered``, the dealer says ``pick_up`` or ``keep`` (a kept
        upcard stays in the kitty); the rows that take it."""
        picks = bh.uniform(2) == 0
        greedy = bh.greedy_at(bh.dealer)
        if greedy is not None:  # its first legal action
            picks |= greedy
        heuristic = bh.heuristic_at(bh.dealer)
        if heuristic is not None and bh.heuristic is not None:  # the scalar hook's rule
            tables = bh.heuristic.tables
            up = ONE << np.maximum(bh.upcard, 0).astype(np.uint64)
            better = tables.best_keep(held | up, bh.trump, self.size)
            wants = tables.strength(better, bh.trump) > tables.strength(held, bh.trump)
            picks = np.where(heuristic, wants, picks)
        bh.act(offered, np.where(picks, A.PICK_UP, A.KEEP))
        taken: npt.NDArray[np.bool_] = offered & picks
        return taken
