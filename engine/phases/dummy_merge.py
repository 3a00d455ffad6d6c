"""Phase ``dummy_merge``: the maker takes the dummy and discards back to a full hand.

``choose``: the maker (not alone) adds the dummy to his hand and discards any cards until he
holds ``hand_size`` (5 of 10; 5 of 11 for the dealer who took the upcard; CTD-A3);
``at_least_one``: he must keep at least one dummy card; ``optional``: he first says ``merge``
or ``keep``. A lone maker gives up the dummy unseen (CTD-A13) and only discards what the
upcard added.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.phases.base import Phase, cards_to_actions

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.rules.variant import Variant

__all__ = ["DummyMerge"]

_OFFER, _DISCARD = 0, 1


class DummyMerge(Phase):
    """Merge the dummy; discard down."""

    name = "dummy_merge"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        assert variant.dummy_merge is not None
        self.mode = variant.dummy_merge.mode
        self.hand_size = variant.deal.hand_size
        self.dummy = variant.players + variant.deal.extra_hands.index("dummy")

    def start(self, s: State) -> None:
        s.current = s.maker
        if s.maker in s.alone:
            s.dead |= s.hands[self.dummy]
            s.hands[self.dummy] = 0
            self._discard_or_finish(s)
            return
        if self.mode == "optional":
            s.step = _OFFER
            return
        self._merge(s)

    def _merge(self, s: State) -> None:
        s.merged = s.hands[self.dummy]
        s.hands[s.maker] |= s.merged
        s.hands[self.dummy] = 0
        self._discard_or_finish(s)

    def _discard_or_finish(self, s: State) -> None:
        if s.hands[s.maker].bit_count() > self.hand_size:
            s.step = _DISCARD
        else:
            s.advance()

    def legal(self, s: State) -> list[int]:
        if s.step == _OFFER:
            return [A.MERGE, A.KEEP]
        hand = s.hands[s.maker]
        kept_from_dummy = hand & s.merged
        if self.mode == "at_least_one" and kept_from_dummy.bit_count() == 1:
            hand &= ~kept_from_dummy
        return cards_to_actions(A.DISCARD, hand)

    def apply(self, s: State, action: int) -> None:
        if action == A.MERGE:
            self._merge(s)
        elif action == A.KEEP:
            s.dead |= s.hands[self.dummy]
            s.hands[self.dummy] = 0
            self._discard_or_finish(s)
        else:
            bit = 1 << (action - A.DISCARD)
            s.hands[s.maker] ^= bit
            s.discards[s.maker] |= bit
            self._discard_or_finish(s)

    def reason(self, s: State, action: int) -> str:
        if s.step == _OFFER:
            return "the maker first says whether he takes the dummy: merge or keep"
        if A.DISCARD <= action < A.PLAY and (s.hands[s.maker] >> (action - A.DISCARD)) & 1:
            return "the maker must keep at least one card of the dummy"
        left = s.hands[s.maker].bit_count() - self.hand_size
        return f"the maker discards {left} more card{'s' * (left > 1)} (discard:XX)"

    def describe(self, s: State) -> str:
        return "dummy merge"
