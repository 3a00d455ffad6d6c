"""Phase ``go_alone``: the maker, then (where allowed) one defender, may play alone.

The maker says ``alone`` or ``pass``; a lone maker's partners sit out (in Cutthroat he gives
up the dummy instead, see ``dummy_merge``). Then, if the variant allows a lone defender (and,
with ``defender_needs_lone_maker``, only against a lone maker), the defenders are asked in
turn; the first to say ``alone`` plays alone and his partner sits out (CTD-A8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.phases.base import Phase

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.rules.variant import Variant

__all__ = ["GoAlone"]

_MAKER, _DEFENDERS = 0, 1


class GoAlone(Phase):
    """Lone hands."""

    name = "go_alone"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        assert variant.go_alone is not None
        self.rules = variant.go_alone
        self.sides = variant.sides

    def start(self, s: State) -> None:
        if self.rules.maker:
            s.step = _MAKER
            s.queue = [s.maker]
            s.current = s.maker
            return
        self._ask_defenders(s)

    def _ask_defenders(self, s: State) -> None:
        rules = self.rules
        if not rules.defender or (rules.defender_needs_lone_maker and s.maker not in s.alone):
            s.advance()
            return
        defenders = {seat for side in self.sides.hand_sides(s.maker)[1:] if len(side) > 1
                     for seat in side}
        start = s.maker if rules.defender_order == "maker_left" else s.dealer
        order = [(start + k) % self.players for k in range(1, self.players + 1)]
        s.queue = [seat for seat in order if seat in defenders and s.active(seat)]
        if not s.queue:
            s.advance()
            return
        s.step = _DEFENDERS
        s.current = s.queue[0]

    def legal(self, s: State) -> list[int]:
        return [A.PASS, A.ALONE]

    def apply(self, s: State, action: int) -> None:
        seat = s.queue.pop(0)
        if action == A.ALONE:
            s.alone.append(seat)
            side = next(side for side in self.sides.hand_sides(s.maker) if seat in side)
            for partner in side:
                if partner != seat:
                    s.inactive |= 1 << partner
            if s.step == _DEFENDERS:
                s.queue = []
        if s.queue:
            s.current = s.queue[0]
        elif s.step == _MAKER:
            self._ask_defenders(s)
        else:
            s.advance()

    def reason(self, s: State, action: int) -> str:
        who = "the maker" if s.step == _MAKER else "a defender"
        return f"{who} now says whether he goes alone: alone or pass"

    def describe(self, s: State) -> str:
        return "decision to go alone"
