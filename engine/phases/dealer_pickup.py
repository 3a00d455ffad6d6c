"""Phase ``dealer_pickup``: after an order-up the dealer takes the upcard and discards.

``must``: the dealer takes it and discards any one card, the upcard included (STD-A1);
``discard_other``: not the upcard; ``optional``: he may ``keep`` his hand instead. A dealer who
sits out (partner of a lone maker) does not exchange. When the dealer is the maker and a
``dummy_merge`` follows, the merge does the discarding (5 of 11, RULES.md 3.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.phases.base import Phase, cards_to_actions

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.rules.variant import Variant

__all__ = ["DealerPickup"]

_OFFER, _DISCARD = 0, 1


class DealerPickup(Phase):
    """Take the upcard; discard one."""

    name = "dealer_pickup"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        assert variant.dealer_pickup is not None
        self.mode = variant.dealer_pickup.mode
        flow = variant.flow
        self.merge_follows = "dummy_merge" in flow and flow.index("dummy_merge") > flow.index(
            self.name)

    def start(self, s: State) -> None:
        if not s.pickup_pending or not s.active(s.dealer):
            s.advance()
            return
        s.current = s.dealer
        if self.mode == "optional":
            s.step = _OFFER
            return
        self._take(s)

    def _take(self, s: State) -> None:
        s.picked = s.upcard
        s.hands[s.dealer] |= 1 << s.upcard
        s.upcard = -1
        s.pickup_pending = False
        if self.merge_follows and s.maker == s.dealer:
            s.advance()
            return
        s.step = _DISCARD

    def legal(self, s: State) -> list[int]:
        if s.step == _OFFER:
            return [A.PICK_UP, A.KEEP]
        hand = s.hands[s.dealer]
        if self.mode == "discard_other":
            hand &= ~(1 << s.picked)
        return cards_to_actions(A.DISCARD, hand)

    def apply(self, s: State, action: int) -> None:
        if action == A.PICK_UP:
            self._take(s)
            return
        if action == A.KEEP:
            s.kitty |= 1 << s.upcard
            s.upcard = -1
            s.pickup_pending = False
            s.advance()
            return
        bit = 1 << (action - A.DISCARD)
        s.hands[s.dealer] ^= bit
        s.discards[s.dealer] |= bit
        s.advance()

    def reason(self, s: State, action: int) -> str:
        if s.step == _DISCARD and A.DISCARD <= action < A.PLAY:
            card = s.action_name(action)[len("discard:"):]
            if action - A.DISCARD == s.picked and self.mode == "discard_other":
                return "the dealer may not discard the card he just took up"
            return f"{card} is not in the dealer's hand"
        if s.step == _DISCARD:
            return "the dealer took the upcard and must discard a card (discard:XX)"
        return super().reason(s, action)

    def describe(self, s: State) -> str:
        return "dealer's exchange"
