"""``upcard_trump`` in batch form: an upcard of one of the listed suits fixes trump, B games at
once ("dirty clubs", BUCK-A2).

As the scalar phase (``engine.mechanics.upcard_trump``): where the upcard's printed suit is one
of ``suits`` (a joker never is), that suit is trump with no bidding and no maker
(:attr:`~engine.mechanics.batch.hand.BatchHand.no_maker`: the bidding skips the row, every seat
plays and the table's ``no_maker`` row scores it); with ``dealer_takes_upcard`` the dealer takes
the upcard and discards (``dealer_pickup``'s form, as after an order-up). Nobody decides
anything here: no bot is asked.
"""

from __future__ import annotations

import numpy as np

from engine.mechanics.batch.hand import BatchHand, rules_of
from engine.mechanics.batch.tables import SUITS
from engine.mechanics.upcard_trump import UpcardTrumpRules
from engine.rules.variant import Variant

__all__ = ["UpcardTrump"]


class UpcardTrump:
    """``upcard_trump``: the rows whose upcard is of a listed suit take it as trump."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        return None

    def __init__(self, variant: Variant) -> None:
        rules = rules_of(variant, UpcardTrumpRules)
        fixes = np.zeros(SUITS.size + 1, dtype=bool)  # the last column: no upcard (-1)
        fixes[:SUITS.size] = np.isin(SUITS, rules.suits)
        self.fixes = fixes
        """By batch card (an upcard), it fixes trump; index -1 (no upcard) does not."""
        self.dealer_takes = rules.dealer_takes_upcard

    def run(self, bh: BatchHand) -> None:
        fixed = self.fixes[bh.upcard]
        bh.no_maker = fixed if bh.redealt is None else fixed & ~bh.redealt
        bh.trump = np.where(fixed, SUITS[np.maximum(bh.upcard, 0)], bh.trump)
        if self.dealer_takes:
            bh.ordered = bh.ordered | fixed
