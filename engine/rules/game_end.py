"""Game end rules: :class:`GameRules` (``game:`` compiled), with its modes.

A game starts every seat at ``start`` and ends when a side's score reaches the ``target``:
at or above it, or at or below it in a countdown game (``goal: down``). With ``win:
contract_result`` only the side that made its bid or set the makers on that hand may win
(BID-A7). Several sides reaching it together: the best score wins; a shared best plays on or
shares the win (``tie``). :meth:`engine.rules.variant.Variant.game_result` applies them.

Two other ends (GAME-A1, GAME-A2 in docs/ambiguities.md): ``hands`` ends the game after that
many scored hands (party "progressive" Euchre: 8), the best score winning, with no target;
``lose_at`` ends it at once when a side's score is at or below it after a hand (Five Hundred:
-500), unless a side won by the target on the same hand.

Match rules (``game.match``, :class:`MatchRules`, RAIL-A5) link games into a match: with laps
the points a winner scored past the target start his next game; with slam a game won before
the other sides scored counts as two. One game is played the same either way: the match
rules only decide where the next game starts and how many games a win is worth.

>>> game = GameRules(target=0, tie=Tie.PLAY_ON, max_hands=100, start=25, goal=Goal.DOWN)
>>> game.reached(0), game.reached(1), game.best([3, -2, 7])
(True, False, -2)
>>> five_hundred = GameRules(target=500, tie=Tie.PLAY_ON, max_hands=1000, lose_at=-500)
>>> five_hundred.down([-500, 480, -500, 480], ((0, 2), (1, 3)))
(True, (1, 3))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from engine.rules.match_rules import MatchRules, compile_match

if TYPE_CHECKING:
    from engine.rules.scoring import ScoringTable

__all__ = ["GameRules", "Goal", "MatchRules", "Tie", "Win", "compile_game", "compile_match",
           "unused_settings"]


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


_Fail = Callable[..., None]


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
    hands: int | None = None
    """``game.hands``: the game ends after this many scored hands (thrown-in deals do not
    count, GAME-A1) and the target is not used; None: the game is played to the target."""
    lose_at: int | None = None
    """``game.lose_at``: a side whose score is at or below this after a hand loses at once
    (GAME-A2); None: no score loses."""

    def reached(self, score: int) -> bool:
        """The score is at the target or past it (at or below it in a countdown game)."""
        return score <= self.target if self.goal is Goal.DOWN else score >= self.target

    def best(self, scores: Sequence[int]) -> int:
        """The best of some scores: the highest, or the lowest in a countdown game."""
        return min(scores) if self.goal is Goal.DOWN else max(scores)

    def lost(self, score: int) -> bool:
        """The score is at or below the losing threshold (``lose_at``)."""
        return self.lose_at is not None and score <= self.lose_at

    def top(self, scores: Sequence[int], sides: Sequence[tuple[int, ...]], *, shared: bool
            ) -> tuple[bool, tuple[int, ...]]:
        """The game ends with the sides of the best score among ``sides`` winning; a shared
        best plays on unless ``shared`` (then those sides share the win). No sides: it goes
        on."""
        if not sides:
            return False, ()
        best = self.best([scores[side[0]] for side in sides])
        top = [side for side in sides if scores[side[0]] == best]
        if len(top) > 1 and not shared:
            return False, ()
        return True, tuple(sorted(seat for side in top for seat in side))

    def down(self, scores: Sequence[int], teams: Sequence[tuple[int, ...]]
             ) -> tuple[bool, tuple[int, ...]]:
        """A side at or below ``lose_at`` loses, and the game ends at once: the best score of
        the other sides wins, shared if tied (every side down: the best of all; GAME-A2)."""
        fallen = [team for team in teams if self.lost(scores[team[0]])]
        if not fallen:
            return False, ()
        standing = [team for team in teams if team not in fallen] or list(teams)
        return self.top(scores, standing, shared=True)


def compile_game(spec: Mapping[str, Any], *, table: ScoringTable | None, fail: _Fail,
                 written: Callable[[str], bool]) -> GameRules:
    """``game:`` compiled into :class:`GameRules`. ``fail(message, path, hint, also=...)``
    reports a located error; ``written(key)``: the file being checked writes ``game.key``
    itself (not inherited), so that a child's ``hands`` overrides a parent's target."""
    at = ("game",)
    goal = Goal(spec.get("goal", "up"))
    start, target, hands = spec.get("start", 0), spec["target"], spec.get("hands")
    if hands is not None:
        _check_hands(spec, hands, fail=fail, written=written)
    if goal is Goal.DOWN:  # a countdown is won at 0 or less
        if written("target"):
            fail("a countdown game (`goal: down`) is won at 0 or less: it has no "
                 "target", (*at, "target"), "remove `target`; set `start` instead")
        target = 0
        if start <= 0:
            fail(f"a countdown game must start above 0, not at {start}",
                 (*at, "start"), "write e.g. `start: 25`")
        elif table is not None and min(table.points.values()) >= 0:
            fail("no hand can lower a score, so the countdown can never end",
                 (*at, "goal"), "give some row of the scoring table negative points",
                 also=(("scoring", "table"),))
    elif hands is not None:
        pass  # GAME-A1: no target; the best score after the last hand wins
    elif target <= start:
        fail(f"the target ({target}) must be above the starting score ({start})",
             (*at, "target"), "raise the target, or write `goal: down` for a countdown",
             also=((*at, "start"),))
    elif table is not None and table.best_award() <= 0:
        fail("no hand can score points, so the target can never be reached",
             (*at, "target"), "give some row of the scoring table positive points",
             also=(("scoring", "table"),))
    lose_at = spec.get("lose_at")
    if lose_at is not None:
        _check_lose_at(lose_at, start=start, goal=goal, fail=fail)
    match = compile_match(spec.get("match"), down=goal is Goal.DOWN, fail=fail, hands=hands,
                          written=written)
    win = Win.REACH if hands is not None else Win(spec.get("win", "reach"))
    return GameRules(target=target, tie=Tie(spec["tie"]), max_hands=spec["max_hands"],
                     start=start, goal=goal, win=win, match=match, hands=hands,
                     lose_at=lose_at)


def _check_hands(spec: Mapping[str, Any], hands: int, *, fail: _Fail,
                 written: Callable[[str], bool]) -> None:
    """``game.hands`` (GAME-A1): no target or ``win`` beside it in the same file, and no
    more hands than the safety stop allows."""
    at = ("game", "hands")
    for key, what in (("target", "the file sets `target` too"),
                      ("win", "`win` (who may win at the target) cannot apply")):
        if written(key):
            fail(f"a game of a fixed number of hands (`hands: {hands}`) has no target, "
                 f"but {what}", at,
                 f"remove `{key}` (the best score after hand {hands} wins), or remove "
                 "`hands` to play to the target", also=(("game", key),))
    limit = spec["max_hands"]
    if hands > limit:
        fail(f"the game cannot last {hands} hands: the safety stop ends it after "
             f"{limit} (`max_hands`)", at,
             f"lower `hands`, or raise `max_hands` to {hands} or more",
             also=(("game", "max_hands"),))


def _check_lose_at(lose_at: int, *, start: int, goal: Goal, fail: _Fail) -> None:
    """``game.lose_at`` (GAME-A2): below the starting score, in a game that counts up."""
    at = ("game", "lose_at")
    if goal is Goal.DOWN:
        fail("a countdown game (`goal: down`) is won by going down: it has no "
             "losing score", at, "remove `lose_at`, or write `goal: up`")
    elif lose_at >= start:
        fail(f"the losing score ({lose_at}) must be below the starting score ({start}): "
             "every side would have lost before the first hand", at,
             f"write a score below {start}, e.g. `lose_at: {start - 500}`",
             also=(("game", "start"),))


def unused_settings(spec: Mapping[str, Any]) -> dict[str, str]:
    """The settings of a resolved ``game`` block that the game does not use, each with why
    (``euchre show`` says it beside the value): a target (and who may win at it) inherited by
    a game of a fixed number of hands (GAME-A1).

    >>> unused_settings({"target": 10, "hands": 8, "tie": "play_on"})
    {'target': 'not used: the game lasts 8 hands (game.hands)'}
    >>> unused_settings({"target": 10, "tie": "play_on"})
    {}
    """
    hands = spec.get("hands")
    if hands is None:
        return {}
    why = f"not used: the game lasts {hands} hands (game.hands)"
    return {key: why for key in ("target", "win") if key in spec}
