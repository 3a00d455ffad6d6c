"""``name_trump`` in batch form: the high bidder names a suit, B games at once.

As the scalar phase (``engine.mechanics.name_trump``): the ``random`` bot's uniform contract
(the four suits, then no-trump and low no-trump where allowed); the ``greedy`` bot names the
suit with the most trumps (it has no rule for no-trump); the ``heuristic`` the contract of best
estimate (``name_trump.decide``), trumpless ones by the trumpless estimate. Where the winning
bid named trump (``auction.trump_in_bid``), or every bid of a table fixes trump (C500-A1), the
phase asks nothing, as the scalar one.
"""

from __future__ import annotations

import numpy as np

from engine.core import actions as A
from engine.mechanics.auction_rules import AuctionRules
from engine.mechanics.batch.greedy import counts_by_suit
from engine.mechanics.batch.hand import BatchHand, Ints, rules_of
from engine.mechanics.name_trump import NameTrumpRules, contracts
from engine.rules.variant import Variant

__all__ = ["NameTrump"]


class NameTrump:
    """``name_trump``: the high bidder names one of the contracts (the suits, then no-trump and
    low no-trump where allowed), uniformly."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        table = rules_of(variant, AuctionRules).table if "auction" in variant.flow else ()
        if any(not row.denomination for row in table):
            return "bids of a table that leave trump to be named have no batch form yet"
        return None

    def __init__(self, variant: Variant) -> None:
        self.contracts = np.array(contracts(rules_of(variant, NameTrumpRules)), dtype=np.int64)
        self.fixed = "auction" in variant.flow and bool(rules_of(variant, AuctionRules).table)
        """Every bid of the table fixes trump (C500-A1): nobody names it."""

    def run(self, bh: BatchHand) -> None:
        if self.fixed:
            return
        made = bh.maker >= 0
        maker = np.maximum(bh.maker, 0)
        suit = self.contracts[bh.uniform(self.contracts.size)]
        greedy = bh.greedy_at(maker)
        if greedy is not None:  # the suit with the most trumps, the lowest of equals
            suit = np.where(greedy, counts_by_suit(bh.hand_of(maker)).argmax(axis=1), suit)
        heuristic = bh.heuristic_at(maker)
        if heuristic is not None and bh.heuristic is not None:  # the contract of best estimate
            suit = np.where(heuristic, self._best(bh, maker), suit)
        asks = made
        if bh.named is not None:  # the winning bid named trump (auction.trump_in_bid)
            asks = made & ~bh.named
            suit = np.where(bh.named, bh.trump, suit)
        bh.act(asks, A.CALL + suit)
        bh.trump = np.where(made, suit, 0)

    def _best(self, bh: BatchHand, maker: Ints) -> Ints:
        """The heuristic's contract: the best estimate, the last of equals (the scalar
        ``best_suit``: a trumpless contract wins a tie with a suit)."""
        assert bh.heuristic is not None
        tables = bh.heuristic.tables
        if self.contracts.size == 4:
            return tables.best_suit(bh.hand_of(maker))[0]
        return tables.best_suit(bh.hand_of(maker), self.contracts.tolist())[0]
