"""Match rules (``game.match``, :class:`MatchRules`): games linked into a match or rubber.

With laps the points a winner scored past the target start his next game; with slam a game
won before the other sides scored counts as two (RAIL-A5). A match is ``games`` games played
in full, or the best of ``best_of`` games: it stops as soon as a side has won more than half
of them, so the deciding game is played only at one game each (MATCH-A1). The side that wins
the match (the rubber) scores ``rubber_bonus`` points more: a side's match points are the
games credited to it (a slam two) plus that bonus (Dwight, *The Laws of Euchre*, "The
Rubber": "Two additional points are taken by the side winning the rubber"; MATCH-A2,
MATCH-A3). One game is played the same either way: the match rules only decide where the next
game starts, how many games a win is worth, and when the match is over.

>>> rubber = MatchRules(games=3, laps=False, slam=True, best_of=3, rubber_bonus=2)
>>> rubber.over(wins=[2, 0, 2, 0], played=2), rubber.over(wins=[1, 1, 1, 1], played=2)
(True, False)
>>> rubber.points(credits=[3, 0, 3, 0], winners=(0, 2))
[5, 0, 5, 0]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["MatchRules", "compile_match"]


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchRules:
    """``game.match``: games linked into a match of at most ``games`` games (RAIL-A5).

    ``laps``: the points a winning seat scored past the target are its score when the next
    game starts (every other seat starts afresh). ``slam``: a game won while every losing
    seat is still at (or below) the score it started that game with counts as two games.
    ``best_of``: the match stops once a side has won a majority of its ``games`` games (None:
    all ``games`` are played). ``rubber_bonus``: points the match's winners add to the games
    credited to them.

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
    best_of: int | None = None
    rubber_bonus: int = 0

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

    @property
    def needed(self) -> int | None:
        """Games a side must win to take a best-of match (2 of 3); None: all are played."""
        return None if self.best_of is None else self.best_of // 2 + 1

    def over(self, *, wins: Sequence[int], played: int) -> bool:
        """The match is over: all its games played, or (best of N) a side has won enough."""
        needed = self.needed
        return played >= self.games or (needed is not None and max(wins) >= needed)

    def standing(self, *, wins: Sequence[int], credits: Sequence[int]) -> Sequence[int]:
        """What decides the match, per seat: games won in a best-of match (a slam still
        counts one toward the majority, MATCH-A3), else the games credited (a slam two)."""
        return wins if self.best_of is not None else credits

    def points(self, *, credits: Sequence[int], winners: Sequence[int]) -> list[int]:
        """Each seat's match points: its games credited, plus the rubber bonus for the
        match's winners (MATCH-A2)."""
        return [credit + (self.rubber_bonus if seat in winners else 0)
                for seat, credit in enumerate(credits)]


def leaders(standing: Sequence[int], sides: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """The seats of the one side with the best standing; () when the best is shared (a tied
    match).

    >>> leaders([2, 1, 2, 1], [(0, 2), (1, 3)]), leaders([1, 1, 1, 1], [(0, 2), (1, 3)])
    ((0, 2), ())
    """
    best = max(standing)
    top = [side for side in sides if standing[side[0]] == best]
    return tuple(sorted(top[0])) if len(top) == 1 else ()


_Fail = Callable[..., None]


def compile_match(spec: Mapping[str, Any] | None, *, down: bool, fail: _Fail,
                  hands: int | None = None,
                  written: Callable[[str], bool] = lambda key: True) -> MatchRules | None:
    """``game.match`` compiled (None when the variant has none). ``fail(message, path,
    hint)`` reports a located error: match rules need a game that counts up; ``games`` and
    ``best_of`` are two ways of saying how long the match is, so one file may not write both
    (``written("match/games")``: this file writes it; a child's ``best_of`` overrides a
    parent's ``games``), and
    a best-of match has an odd number of games (else it could end level)."""
    if spec is None:
        return None
    at = ("game", "match")
    if down:
        fail("laps and slam count points past a target: a countdown game has neither",
             at, "remove `match`, or write `goal: up`")
    elif hands is not None:
        fail(f"laps and slam count points past a target: a game of {hands} hands has none",
             at, "remove `match`, or remove `hands` to play to a target",
             also=(("game", "hands"),))
    best_of = spec.get("best_of")
    if best_of is not None and "games" in spec and written("match/games") and written(
            "match/best_of"):
        fail(f"a match is either `games: {spec['games']}` games played in full or "
             f"`best_of: {best_of}` stopping once decided, not both", (*at, "best_of"),
             "remove `games` (a best-of match plays at most `best_of` games) or `best_of`",
             also=((*at, "games"),))
    elif best_of is not None and best_of % 2 == 0:
        fail(f"a best-of match needs an odd number of games: after {best_of // 2} wins each "
             f"nobody would have won the best of {best_of}", (*at, "best_of"),
             f"write `best_of: {best_of + 1}` or `best_of: {best_of - 1}`, or "
             f"`games: {best_of}` to play them all")
    games = best_of if best_of is not None else spec.get("games", 3)
    return MatchRules(games=games, laps=spec.get("laps", False), slam=spec.get("slam", False),
                      best_of=best_of, rubber_bonus=spec.get("rubber_bonus", 0))
