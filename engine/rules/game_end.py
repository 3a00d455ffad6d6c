"""Game end rules: :class:`GameRules` (``game:`` compiled), with its modes.

A game starts every seat at ``start`` and ends when a side's score reaches the ``target``:
at or above it, or at or below it in a countdown game (``goal: down``). With ``win:
contract_result`` only the side that made its bid or set the makers on that hand may win
(BID-A7). Several sides reaching it together: the best score wins; a shared best plays on or
shares the win (``tie``). :meth:`engine.rules.variant.Variant.game_result` applies them.

Match rules (``game.match``, :class:`MatchRules`, RAIL-A5) link games into a match: with laps
the points a winner scored past the target start his next game; with slam a game won before
the other sides scored counts as two. One game is played the same either way: the match
rules only decide where the next game starts and how many games a win is worth.

>>> game = GameRules(target=0, tie=Tie.PLAY_ON, max_hands=100, start=25, goal=Goal.DOWN)
>>> game.reached(0), game.reached(1), game.best([3, -2, 7])
(True, False, -2)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

__all__ = ["GameRules", "Goal", "MatchRules", "Tie", "Win", "compile_match"]


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
class MatchRules:
    """``game.match``: games linked into a match of ``games`` games (RAIL-A5).

    ``laps``: the points a winning seat scored past the target are its score when the next
    game starts (every other seat starts afresh). ``slam``: a game won while every losing
    seat is still at (or below) the score it started that game with counts as two games.

    >>> rules = MatchRules(games=3, laps=True, slam=True)
    >>> rules.carry([12, 3, 12, 3], winners=(0, 2), target=10, start=0)
    [2, 0, 2, 0]
    >>> rules.credit(begun=[2, 0, 2, 0], scores=[11, 0, 11, 0], winners=(0, 2))
    2
    >>> rules.credit(begun=[0, 0, 0, 0], scores=[10, 1, 10, 1], winners=(0, 2))
    1
    """

    games: int
    laps: bool
    slam: bool

    def carry(self, scores: Sequence[int], *, winners: Sequence[int], target: int,
              start: int) -> list[int]:
        """The scores the next game of the match starts from."""
        if not self.laps:
            return [start] * len(scores)
        return [start + max(0, score - target) if seat in winners else start
                for seat, score in enumerate(scores)]

    def credit(self, *, begun: Sequence[int], scores: Sequence[int],
               winners: Sequence[int]) -> int:
        """How many games the winners are credited with: 2 for a slam, else 1 (0 for a game
        nobody won)."""
        if not winners:
            return 0
        losers = [seat for seat in range(len(scores)) if seat not in winners]
        if self.slam and losers and all(scores[s] <= begun[s] for s in losers):
            return 2
        return 1


_Fail = Callable[..., None]


def compile_match(spec: Mapping[str, Any] | None, *, goal: Goal, fail: _Fail
                  ) -> MatchRules | None:
    """``game.match`` compiled (None when the variant has none). ``fail(message, path,
    hint)`` reports a located error: match rules need a game that counts up."""
    if spec is None:
        return None
    if goal is Goal.DOWN:
        fail("laps and slam count points past a target: a countdown game has neither",
             ("game", "match"), "remove `match`, or write `goal: up`")
    return MatchRules(games=spec.get("games", 3), laps=spec.get("laps", False),
                      slam=spec.get("slam", False))


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
    match: MatchRules | None = None
    """Laps and slam (``game.match``); None: every game stands alone."""

    def reached(self, score: int) -> bool:
        """The score is at the target or past it (at or below it in a countdown game)."""
        return score <= self.target if self.goal is Goal.DOWN else score >= self.target

    def best(self, scores: Sequence[int]) -> int:
        """The best of some scores: the highest, or the lowest in a countdown game."""
        return min(scores) if self.goal is Goal.DOWN else max(scores)
