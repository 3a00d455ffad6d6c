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
passes (its first legal action); the ``heuristic`` bids as ``auction_bot._from_table``: of the
bids above the high one, the highest-ranked whose tricks are within the hand's estimate in its
denomination and a margin (``_TABLE_MARGIN``, 2), or a misère with at most two queens, kings
or aces and no joker (an open misère with none); it passes when its partner holds the bid.
Stuck bids and bids made only over others fall back.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.auction_batch import Auction
from engine.mechanics.auction_bot import _HIGH_RANKS, _MISERE_HIGH, _TABLE_MARGIN
from engine.mechanics.auction_rules import AllPass, AuctionFirst, AuctionRules, Turns
from engine.mechanics.batch.hand import NONE, BatchHand, Ints, rules_of
from engine.mechanics.batch.tables import batch_card
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
        self.sure = None  # no special bid outside the table
        self.trumps = None  # the table's bids fix trump by themselves
        self.fixes = np.array([0, *(max(row.trump, 0) for row in table)], dtype=np.int64)
        """By level, the trump its bid fixes (a misère: no-trump)."""
        by_rank = sorted(table, key=lambda row: row.rank)  # the scalar hook's order
        self.columns = np.array([row.rank for row in by_rank], dtype=np.int64)
        """The table's levels by rank: the heuristic's choice is the last (highest) that its
        hand warrants."""
        self.denominations = sorted({row.trump for row in table if not row.no_trick})
        self.column_trump = np.array([self.denominations.index(row.trump)
                                      if not row.no_trick else 0 for row in by_rank])
        self.column_tricks = np.array([row.tricks for row in by_rank], dtype=np.float64)
        self.column_misere = np.array([row.no_trick for row in by_rank])
        self.column_open = np.array([row.open for row in by_rank])
        cards = variant.deck.cards
        self.high_cards = np.uint64(sum(1 << batch_card(c) for c in cards
                                        if C.rank_of(c) in _HIGH_RANKS))
        self.joker = np.uint64(sum(1 << batch_card(c) for c in cards if c == C.JOKER))
        self.warrants: npt.NDArray[np.bool_] | None = None
        """Per row, seat and column: the heuristic's hand warrants the bid (:meth:`_warrants`)."""

    def run(self, bh: BatchHand) -> None:
        self.warrants = self._warrants(bh) if bh.heuristic is not None else None
        high = self._levels(bh)
        made = high > 0
        bh.trump = np.where(made, self.fixes[high], 0)
        bh.contract = np.where(made, high - 1, NONE)

    def _warrants(self, bh: BatchHand) -> npt.NDArray[np.bool_]:
        """``(n, seats, columns)``: the bids each seat's hand warrants
        (``auction_bot._from_table``): its estimate in the bid's denomination plus
        ``_TABLE_MARGIN`` at least the bid's tricks; a misère with at most ``_MISERE_HIGH``
        queens, kings or aces and no joker (an open misère with none). The hands do not change
        during the auction."""
        assert bh.heuristic is not None
        tables = bh.heuristic.tables
        n, p = bh.n, bh.players
        out: list[npt.NDArray[np.bool_]] = []
        for seat in range(p):
            hand = bh.hands[:, seat]
            est = np.stack([tables.strength(hand, np.full(n, t)) for t in self.denominations],
                           axis=1)[:, self.column_trump]
            high = np.bitwise_count(hand & self.high_cards).astype(np.int64)
            low = (hand & self.joker == 0) & (high <= _MISERE_HIGH)
            bare = (hand & self.joker == 0) & (high == 0)
            misere = np.where(self.column_open, bare[:, None], low[:, None])
            within = self.column_tricks <= est + _TABLE_MARGIN
            out.append(np.where(self.column_misere, misere, within))
        return np.stack(out, axis=1)

    def _bid(self, bh: BatchHand, seat: Ints, high: Ints, bidder: Ints,
             numbers_est: npt.NDArray[np.float64] | None = None) -> Ints:
        """The heuristic's bid from the table, as levels above the high bid (0: pass)."""
        assert bh.heuristic is not None and self.warrants is not None
        tables = bh.heuristic.tables
        rows = np.arange(bh.n)
        warranted = self.warrants[rows, seat]
        warranted &= self.columns[None, :] > high[:, None]
        last = warranted.shape[1] - 1 - warranted[:, ::-1].argmax(axis=1)
        level = np.where(warranted.any(axis=1), self.columns[last], 0)
        partner_holds = (bidder >= 0) & (bidder != seat) \
            & tables.side[seat, seat, np.maximum(bidder, 0)]
        level = np.where(partner_holds, 0, level)
        chosen: Ints = np.where(level > 0, level - high, 0)
        return chosen
