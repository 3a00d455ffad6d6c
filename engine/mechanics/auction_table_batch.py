"""``auction`` with a bid table in batch form (``auction.table``, C500-A1): Five Hundred's
schedule, B games at once.

As the scalar phase (``engine.mechanics.auction_table_phase``): the levels of the batch
auction (:mod:`engine.mechanics.auction_batch`) are the table's ranks, so that a seat passes
or makes any bid ranked above the high bid, one turn each or round until the others pass
(C500-A4, GH-A2), and the top bid ends the auction at once; all pass: the deal is thrown in.
The winning bid fixes trump (a misère is played at no-trump, ``name_trump`` then asks nothing)
and, played alone (a misère in partnerships, C500-A2), sits the bidder's partner out. The row
it won by is kept (:attr:`~engine.mechanics.batch.hand.BatchHand.contract`): the scoring reads
its ``value`` and ``denomination``.

The ``random`` bot's bid is one uniform draw over ``pass`` and the bids ranked above the high
one (the scalar bot's legal list, in another order: the law is the same); the ``greedy`` bot
passes (its first legal action). Stuck bids and bids made only over others fall back.
"""

from __future__ import annotations

import numpy as np

from engine.core import actions as A
from engine.mechanics.auction_batch import Auction
from engine.mechanics.auction_rules import AllPass, AuctionFirst, AuctionRules, Turns
from engine.mechanics.batch.hand import NONE, BatchHand, rules_of
from engine.rules.variant import SidesKind, Variant

__all__ = ["TableAuction"]


class TableAuction(Auction):
    """``auction.table``: the bids of the table, ranked; the contract fixes trump."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        r = rules_of(variant, AuctionRules)
        if r.stuck_bid or any(row.only_over for row in r.table) or r.swap is not None:
            return "stuck bids and bids made only over others have no batch form yet"
        if r.all_pass is AllPass.DEALER_FORCED:
            return "a forced dealer beside a bid table has no batch form yet"
        if any(row.settings for row in r.table):
            return "bids of the table that fix other mechanics' settings have no batch form yet"
        if any(row.alone for row in r.table) and (
                variant.sides.kind is not SidesKind.TEAMS or variant.players != 4):
            return "bids played alone in partnerships of more than two have no batch form yet"
        return None

    def __init__(self, variant: Variant) -> None:
        r = rules_of(variant, AuctionRules)
        table = r.table
        self.first = 1 if r.first is AuctionFirst.ELDEST else 0
        self.action = np.array([A.PASS, *(row.action for row in table)], dtype=np.int64)
        self.tricks = np.array([0, *(row.tricks for row in table)], dtype=np.int64)
        named = [row for row in table if row.named]
        self.names = tuple(row.name for row in named)
        self.special = np.array([NONE, *(self.names.index(row.name) if row.named else NONE
                                         for row in table)], dtype=np.int64)
        self.alone = np.array([False, *(row.alone for row in table)])
        self.teams = variant.sides.kind is SidesKind.TEAMS
        self.numbers = len(table)  # every level is one of the table (no special levels)
        self.top = len(table)
        self.ghost = NONE
        self.continuous = r.turns is Turns.CONTINUOUS
        self.forced = False
        self.open = False
        self.sure = None  # the heuristic has no batch form here (Auction.check_heuristic)
        self.trumps = None  # the table's bids fix trump by themselves
        self.fixes = np.array([0, *(max(row.trump, 0) for row in table)], dtype=np.int64)
        """By level, the trump its bid fixes (a misère: no-trump)."""

    def run(self, bh: BatchHand) -> None:
        high = self._levels(bh)
        made = high > 0
        bh.trump = np.where(made, self.fixes[high], 0)
        bh.contract = np.where(made, high - 1, NONE)
