"""Phase ``auction``: bid the number of tricks you will take; the high bidder is the maker.

Bidding starts at eldest (or the dealer); each bid must beat the last; the top bid (``moon``)
beats every number and ends the auction. ``one_each``: everyone bids or passes once (GH-A2);
``continuous``: bidding goes round until the others have passed. If everyone passes the hand
is thrown in. With a ``swap``, a player may first exchange his hand for the extra hand, once
per deal for the table; his old hand becomes a dead hand (GH-A3, GH-A4). A blind swap is
made unseen; with ``blind: false`` the player may instead ``look`` at the extra hand and then
swap or not (the look uses the deal's one chance: nobody else may look or swap after it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.phases.base import Phase
from engine.phases.upcard_bidding import throw_in

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.rules.variant import Variant

__all__ = ["Auction"]

_TOP_RANK = 100
"""``s.high_bid`` after the top bid: above every number."""
_BEFORE_BID, _SWAPPED, _LOOKED = 0, 1, 2


class Auction(Phase):
    """Bid tricks."""

    name = "auction"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        assert variant.auction is not None
        self.rules = variant.auction
        self.top = self.rules.top_bid
        self.swap_position = (variant.players + variant.deal.extra_hands.index(self.rules.swap.hand)
                              if self.rules.swap else -1)
        self.ceiling = _TOP_RANK if self.top else max(self.rules.bids)
        self.blind = self.rules.swap.blind if self.rules.swap else True

    def start(self, s: State) -> None:
        first = (s.dealer + (1 if self.rules.first == "eldest" else 0)) % self.players
        s.queue = [(first + k) % self.players for k in range(self.players)]
        s.high_bid = 0
        s.high_bidder = -1
        s.bidders = 0
        s.step = _BEFORE_BID
        s.current = s.queue[0]

    def legal(self, s: State) -> list[int]:
        out = [A.PASS]
        has_bid = s.bidders >> s.current & 1  # "before making his bid" (GH-A4)
        if self.swap_position >= 0 and s.swapped < 0 and not has_bid and (
                (s.step == _BEFORE_BID and s.looker < 0) or s.step == _LOOKED):
            out.append(A.SWAP)
            if not self.blind and s.step == _BEFORE_BID:
                out.append(A.LOOK)
        out.extend(A.BID + k for k in self.rules.bids if k > s.high_bid)
        if self.top is not None:
            out.append(A.TOP_BID)
        return out

    def apply(self, s: State, action: int) -> None:
        seat = s.current
        if action == A.LOOK:
            s.looker = seat
            s.step = _LOOKED
            return
        if action == A.SWAP:
            ghost = self.swap_position
            s.dead |= s.hands[seat]
            s.hands[seat] = s.hands[ghost]
            s.hands[ghost] = 0
            s.swapped = seat
            s.step = _SWAPPED
            return
        s.queue.pop(0)
        s.step = _BEFORE_BID
        if action != A.PASS:
            s.bidders |= 1 << seat
            s.high_bid = _TOP_RANK if action == A.TOP_BID else action - A.BID
            s.high_bidder = seat
            if self.rules.turns == "continuous":
                s.queue.append(seat)
        done = (not s.queue or s.high_bid >= self.ceiling
                or (self.rules.turns == "continuous" and s.queue == [s.high_bidder]))
        if not done:
            s.current = s.queue[0]
            return
        if s.high_bidder < 0:
            throw_in(s, "all passed")
            return
        s.maker = s.high_bidder
        s.bid_top = s.high_bid == _TOP_RANK
        s.bid = self.top.tricks if s.bid_top and self.top else s.high_bid
        s.advance()

    def reason(self, s: State, action: int) -> str:
        if action in (A.SWAP, A.LOOK):
            if self.swap_position < 0:
                return "this variant has no hand swap"
            if action == A.LOOK and self.blind:
                return "the swap is blind: the extra hand may not be looked at first"
            if s.swapped >= 0:
                return "a hand was already swapped this deal"
            if s.looker >= 0 and s.looker != s.current:
                return "the extra hand was already looked at this deal"
            if s.bidders >> s.current & 1:
                return "you have already bid on this hand: the swap comes before bidding"
            return "swap only before bidding, on your own turn"
        if A.BID <= action <= A.TOP_BID:
            offered = [str(b) for b in self.rules.bids] + ([self.top.name] if self.top else [])
            if (action == A.TOP_BID and self.top is None) or (
                    action < A.TOP_BID and action - A.BID not in self.rules.bids):
                return f"there is no such bid here: bid {', '.join(offered)}, or pass"
            return f"a bid must beat the high bid ({self._high(s)})"
        return super().reason(s, action)

    def _high(self, s: State) -> str:
        if s.high_bid == _TOP_RANK and self.top:
            return self.top.name
        return str(s.high_bid) if s.high_bid else "none yet"

    def describe(self, s: State) -> str:
        return "auction"
