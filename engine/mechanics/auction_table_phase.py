"""Phase ``auction`` with a bid table (``auction.table``, C500-A1): the bids rank by the table,
each bid must rank above the high bid, and the highest ends the auction at once. The winning
bid is the contract: its denomination fixes trump (a misère is played at no-trump, ``name_trump``
then asks nothing), its tricks are the bid, and a bid played alone sits the bidder's partner
out. When all pass the deal is thrown in, or the dealer is held to the stuck bid
(``stuck_bid``, BID-A11), which scoring reads as ``forced``.

The Five Hundred test overlay (``tests/data/five-hundred-32.yaml``) plays it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core.errors import Refusal, Refused
from engine.mechanics.auction import Auction, AuctionScratch
from engine.mechanics.auction_rules import AuctionRules, SwapPart, Turns
from engine.mechanics.events import Passed, Said, SatOut, TrumpMade
from engine.mechanics.upcard_bidding import ALL_PASSED, throw_in

if TYPE_CHECKING:
    from engine.mechanics.auction_table import Contract
    from engine.mechanics.table import Table
    from engine.rules.variant import Variant

__all__ = ["TableAuction"]


class TableAuction(Auction):
    """Bid from the table."""

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.table = variant.rules_of(AuctionRules).table
        self.rank_of = {row.action: row.rank for row in self.table}
        self.ceiling = len(self.table)
        self.above = [sorted(row.action for row in self.table[k:] if self._over(row, k))
                      for k in range(len(self.table) + 1)]
        """By the high bid's rank: the bids that beat it (and that may be made over it:
        ``only_over``), in the order of their ids."""
        self.stuck_row = next((row for row in self.table if row.name == self.rules.stuck_bid),
                              None)

    def _over(self, row: Contract, high: int) -> bool:
        """``row`` may be bid over the high bid of rank ``high`` (0: none)."""
        return not row.only_over or (high > 0 and self.table[high - 1].name in row.only_over)

    def legal(self, s: Table) -> list[int]:
        x = AuctionScratch.of(s.hand)
        out = [] if self._stuck(s) or (self.must is not None and self._must(s)) else [A.PASS]
        out.extend(self.above[x.high_bid])
        return out

    def apply(self, s: Table, action: int) -> None:
        x = AuctionScratch.of(s.hand)
        seat = s.current
        s.log.append((Passed, seat, self.name) if action == A.PASS
                     else (Said, seat, self.name, action))
        x.queue.pop(0)
        if action != A.PASS:
            x.bidders |= 1 << seat
            x.high_bid, x.high_bidder = self.rank_of[action], seat
            if self.rules.turns is Turns.CONTINUOUS:
                x.queue.append(seat)
        if not (not x.queue or x.high_bid >= self.ceiling
                or (self.rules.turns is Turns.CONTINUOUS and x.queue == [x.high_bidder])):
            s.current = x.queue[0]
            return
        forced = False
        if x.high_bidder < 0:
            if self.stuck_row is None:
                throw_in(s, ALL_PASSED)
                return
            x.high_bidder, x.high_bid, forced = s.dealer, self.stuck_row.rank, True
        self._win(s, x.high_bidder, self.table[x.high_bid - 1], forced=forced)
        s.advance()

    def _win(self, s: Table, maker: int, row: Contract, *, forced: bool) -> None:
        """The contract: the maker, its tricks, the trump it fixes, alone if played alone."""
        h = s.hand
        s.make(maker)
        h.bid = row.tricks
        part = SwapPart.of(h)
        part.contract, part.forced = row.rank - 1, forced
        if row.named:
            h.bid_special = row.name
        if row.trump >= 0:
            h.trump = row.trump
            s.log.append((TrumpMade, row.trump, maker))
        if row.alone and h.plays_alone(maker):
            s.log.append((SatOut, h.inactive))

    def reason(self, s: Table, action: int) -> Refused:
        x = AuctionScratch.of(s.hand)
        if action == A.PASS:
            return super().reason(s, action)
        rank = self.rank_of.get(action)
        if rank is None:
            return Refused(Refusal.NOT_IN_VARIANT, "there is no such bid in this table: bid "
                           f"{self.table[0].name} to {self.table[-1].name} (`euchre rules` "
                           "lists them), or pass")
        row = self.table[rank - 1]
        if rank <= x.high_bid:
            return Refused(Refusal.BID_TOO_LOW, f"{row.label} (rank {rank}) does not beat the "
                           f"high bid, {self._high(s)} (rank {x.high_bid})")
        if not self._over(row, x.high_bid):
            return Refused(Refusal.BID_TOO_LOW, f"{row.label} may be bid only over "
                           f"{' or '.join(row.only_over)}, and the high bid is {self._high(s)}")
        return super().reason(s, action)

    def _high(self, s: Table) -> str:
        x = AuctionScratch.of(s.hand)
        return self.table[x.high_bid - 1].label if x.high_bid else "none yet"
