"""Phase ``upcard_bidding``: round 1 on the upcard's suit, round 2 naming another suit.

Round 1, from eldest: ``order_up`` or ``pass``; the first acceptance makes the upcard's suit
trump and the dealer will take the upcard (phase ``dealer_pickup``). If all pass, the upcard is
turned down and round 2 names a suit (not the turned-down one unless the variant allows it).
If all pass again the hand is thrown in and the deal passes left; with stick-the-dealer the
dealer may not pass in the last round. A joker upcard follows ``joker_upcard`` (STD-A3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core import cards as C
from engine.phases.base import Phase
from engine.rules.results import HandResult

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.rules.variant import Variant

__all__ = ["UpcardBidding", "throw_in"]

_BLIND = 0
"""``s.round`` while the dealer names trump blind after a joker upcard."""


def throw_in(s: State, why: str) -> None:
    """End a hand nobody made trump in (or a joker redeal); the deal passes left."""
    s.next_hand(HandResult.thrown_in_deal(hand=s.hand_no, dealer=s.dealer, why=why,
                                          scores=s.scores))


class UpcardBidding(Phase):
    """Order up / name a suit."""

    name = "upcard_bidding"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        assert variant.upcard_bidding is not None
        self.rules = variant.upcard_bidding

    def start(self, s: State) -> None:
        s.round = 1
        s.passes = 0
        if s.upcard == C.JOKER:
            mode = self.rules.joker_upcard
            if mode == "redeal":
                throw_in(s, "joker turned up")
                return
            if mode == "dealer_names":
                s.round = _BLIND
                s.current = s.dealer
                return
            s.proposed = self.rules.joker_upcard_suit
        else:
            s.proposed = C.suit_of(s.upcard)
        s.current = (s.dealer + 1) % self.players

    def _stuck(self, s: State) -> bool:
        return (self.rules.stick_the_dealer and s.current == s.dealer
                and s.round == self.rules.rounds)

    def legal(self, s: State) -> list[int]:
        if s.round == _BLIND:
            return [A.CALL + suit for suit in range(4)]
        stuck = self._stuck(s)
        if s.round == 1:
            return [A.ORDER_UP] if stuck else [A.PASS, A.ORDER_UP]
        excluded = s.turned_down if self.rules.exclude_turned_down else -1
        if stuck and self.rules.stuck_dealer_may_name_turned_down:
            excluded = -1
        calls = [A.CALL + suit for suit in range(4) if suit != excluded]
        return calls if stuck else [A.PASS, *calls]

    def apply(self, s: State, action: int) -> None:
        if action == A.PASS:
            s.passes += 1
            if s.passes < self.players:
                s.current = (s.current + 1) % self.players
                return
            if s.round < self.rules.rounds:
                s.round += 1
                s.passes = 0
                s.turned_down = s.proposed
                s.kitty |= 1 << s.upcard
                s.upcard = -1
                s.current = (s.dealer + 1) % self.players
                return
            throw_in(s, "all passed")
            return
        s.maker = s.current
        if action == A.ORDER_UP:
            s.trump = s.proposed
            s.pickup_pending = True
        elif s.round == _BLIND:
            s.trump = action - A.CALL
            s.pickup_pending = True
        else:
            s.trump = action - A.CALL
        s.advance()

    def reason(self, s: State, action: int) -> str:
        if s.round == _BLIND:
            return "the joker was turned up: the dealer names trump (call:C, call:D, ...)"
        if action == A.PASS and self._stuck(s):
            return "stick the dealer: the dealer may not pass now, he must name trump"
        if s.round == 1 and A.CALL <= action < A.CALL + 5:
            return (f"round 1 is on the upcard's suit ({C.SUIT_WORDS[s.proposed]}): order_up "
                    "or pass")
        if s.round > 1 and action == A.ORDER_UP:
            return "the upcard was turned down; name another suit (call:X) or pass"
        if s.round > 1 and action == A.CALL + s.turned_down:
            return f"{C.SUIT_WORDS[s.turned_down]} was turned down; name another suit"
        return super().reason(s, action)

    def describe(self, s: State) -> str:
        return "joker call" if s.round == _BLIND else f"bidding, round {s.round}"
