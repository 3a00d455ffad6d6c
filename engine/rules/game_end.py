"""Game end rules: :class:`GameRules` (``game:`` compiled), with its modes.

A game starts every seat at ``start`` and ends when a side's score reaches the ``target``:
at or above it, or at or below it in a countdown game (``goal: down``). With ``win:
contract_result`` only the side that made its bid or set the makers on that hand may win
(BID-A7). Several sides reaching it together: the best score wins; a shared best plays on or
shares the win (``tie``). :meth:`engine.rules.variant.Variant.game_result` applies them.

>>> game = GameRules(target=0, tie=Tie.PLAY_ON, max_hands=100, start=25, goal=Goal.DOWN)
>>> game.reached(0), game.reached(1), game.best([3, -2, 7])
(True, False, -2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

__all__ = ["GameRules", "Goal", "Tie", "Win"]


class Tie(StrEnum):
    """``game.tie``: sides reaching the target level."""

    PLAY_ON = "play_on"
    SHARED = "shared"


class Goal(StrEnum):
    """``game.goal``: scores count up to the target, or down to it (a countdown game)."""

    UP = "up"
    DOWN = "down"


class Win(StrEnum):
    """``game.win``: any side that reaches the target may win, or only a side whose contract
    result it was: it made its bid, or it set the makers (BID-A7)."""

    REACH = "reach"
    CONTRACT_RESULT = "contract_result"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRules:
    """Game end: every seat's starting score, the target and which way scores go to reach
    it (``goal``: ``down`` for a countdown game, won at or below the target), who may win
    (``win``, BID-A7), the tie rule and a safety stop."""

    target: int
    tie: Tie
    max_hands: int
    start: int = 0
    goal: Goal = Goal.UP
    win: Win = Win.REACH

    def reached(self, score: int) -> bool:
        """The score is at the target or past it (at or below it in a countdown game)."""
        return score <= self.target if self.goal is Goal.DOWN else score >= self.target

    def best(self, scores: Sequence[int]) -> int:
        """The best of some scores: the highest, or the lowest in a countdown game."""
        return min(scores) if self.goal is Goal.DOWN else max(scores)
