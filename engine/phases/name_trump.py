"""Phase ``name_trump``: the auction's winner names trump (or no-trump where allowed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core import cards as C
from engine.phases.base import Phase

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.rules.variant import Variant

__all__ = ["NameTrump"]


class NameTrump(Phase):
    """The maker calls a suit."""

    name = "name_trump"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        assert variant.name_trump is not None
        suits = 5 if variant.name_trump.no_trump else 4
        self.calls = [A.CALL + suit for suit in range(suits)]

    def start(self, s: State) -> None:
        s.current = s.maker

    def legal(self, s: State) -> list[int]:
        return self.calls

    def apply(self, s: State, action: int) -> None:
        s.trump = action - A.CALL
        s.advance()

    def reason(self, s: State, action: int) -> str:
        if action == A.CALL + C.NO_TRUMP:
            return "no-trump may not be named in this variant"
        return "the high bidder names trump now: call:C, call:D, call:H or call:S"

    def describe(self, s: State) -> str:
        return "naming of trump"
