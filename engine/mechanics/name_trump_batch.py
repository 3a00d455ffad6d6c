"""``name_trump`` in batch form: the high bidder names a suit, B games at once.

As the scalar phase (``engine.mechanics.name_trump``) with the four suits as contracts: the
``random`` bot's uniform suit; the ``greedy`` bot names the suit with the most trumps; the
``heuristic`` the suit of best estimate (``name_trump.decide``).
"""

from __future__ import annotations

import numpy as np

from engine.core import actions as A
from engine.mechanics.batch.greedy import counts_by_suit
from engine.mechanics.batch.hand import BatchHand, rules_of
from engine.mechanics.name_trump import NameTrumpRules, contracts
from engine.rules.variant import Variant

__all__ = ["NameTrump"]


class NameTrump:
    """``name_trump``: the high bidder names one of the suits, uniformly."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        if len(contracts(rules_of(variant, NameTrumpRules))) != 4:
            return "no-trump contracts have no batch form yet"
        return None

    def __init__(self, variant: Variant) -> None:
        pass

    def run(self, bh: BatchHand) -> None:
        made = bh.maker >= 0
        suit = bh.uniform(4)
        greedy = bh.greedy_at(np.maximum(bh.maker, 0))
        if greedy is not None:  # the suit with the most trumps, the lowest of equals
            suit = np.where(greedy, counts_by_suit(bh.hand_of(np.maximum(bh.maker, 0)))
                            .argmax(axis=1), suit)
        heuristic = bh.heuristic_at(np.maximum(bh.maker, 0))
        if heuristic is not None and bh.heuristic is not None:  # the suit of best estimate
            best, _ = bh.heuristic.tables.best_suit(bh.hand_of(np.maximum(bh.maker, 0)))
            suit = np.where(heuristic, best, suit)
        bh.act(made, A.CALL + suit)
        bh.trump = np.where(made, suit, 0)
