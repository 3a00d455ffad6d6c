"""What a sampling bot maximises: the points of the hand, or the chance of winning the game.

A rollout or a solved world ends with the scores after the hand; an *objective* turns them into
the seat's result. :data:`POINTS` is the seat's points this hand less the table's mean (the other
way round in a countdown game), plus the game's target when the hand ends the game in its
favour, minus it when against: ``search``'s measure, and ``solver``'s where no other applies.

:class:`GameEquity` is the probability that the seat's side wins the game from the scores the
hand leaves and the seat that deals next (issue 26: "play for the game, not only the points"):
a lone hand that cannot change the game is not worth its risk, and 2 points at 8 are worth as
much as 4. It applies to a game of two sides played up to a target where each side's scores
only grow (:func:`objective_for`: ``standard`` and its kin, teams of alternate seats or two
players), and reads a table ``E[us, them, we deal]`` made by dynamic programming over the score
pairs from the distribution of one hand's outcome (the points to the dealer's side and to the
other), itself measured by :data:`HANDS` hands of the heuristic bot at every seat, seeded
(:data:`SEED`) and made once per variant in a process (about 0.07 s of CPU time for
``standard``; against a table from 4,000 hands its chances below the target are off by 0.013
at most, 0.002 on average). Anywhere else (each seat for itself, a countdown, points that
fall, a match of games, a fixed number of hands, a contract that must be made to win) the
objective is :data:`POINTS`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Protocol

from engine.bots.heuristic import HeuristicBot
from engine.rules.game_end import Goal, Win

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.rules.variant import Variant

__all__ = ["HANDS", "POINTS", "SEED", "GameEquity", "Objective", "Points", "equity_table",
           "hand_outcomes", "objective_for"]

HANDS = 300
"""Hands of the heuristic bot played to measure a variant's outcomes."""
SEED = 26
"""The seed of the first of those games (the next ones count up from it)."""
MOST_POINTS = 60
"""Targets further than this from the starting score keep :data:`POINTS` (the table would be
large and the end of the game far)."""


class Objective(Protocol):  # pragma: no cover - a type
    """The seat's result of a hand from the state after it and the scores before it."""

    game: bool
    """The results are chances of winning the game (else points a hand)."""

    def result(self, after: State, before: Sequence[int], seat: int) -> float: ...

    def describe(self, mean: float) -> str: ...


class Points:
    """Points this hand against the table's mean, the target for a game ended (module
    docstring)."""

    game = False

    def __init__(self, sign: float = 1.0) -> None:
        self.sign = sign
        """-1 in a countdown game (``game.goal: down``), where points are lost to win."""

    def result(self, after: State, before: Sequence[int], seat: int) -> float:
        gains = [now - was for now, was in zip(after.scores, before, strict=True)]
        result = self.sign * (gains[seat] - sum(gains) / len(gains))
        if after.is_terminal() and after.winners:
            result += after.target if seat in after.winners else -after.target
        return result

    def describe(self, mean: float) -> str:
        return f"{mean:+.2f} points a hand against the table's mean"


POINTS = Points()
COUNTDOWN = Points(-1.0)


def equity_table(outcomes: Mapping[tuple[int, int], float], *, start: int, top: int,
                 ended: Callable[[int, int], float | None]) -> dict[tuple[int, int, bool], float]:
    """``E[(x, y, deals)]``: the chance that a side at ``x`` against ``y`` wins the game, it
    dealing the next hand (``deals``) or the other side; ``outcomes[(a, b)]``: the chance that a
    hand gives ``a`` points to the dealer's side and ``b`` to the other (the deal then passes to
    the other side); ``ended(x, y)``: the side's result if the game is over at those scores
    (1 won, 0 lost, 0.5 shared), else None. Scores run from ``start`` to below ``top``; a game
    still going past it counts as even. Every outcome but ``(0, 0)`` (a deal thrown in) raises
    a score, so the pairs are filled from the highest sum down; a thrown-in deal only passes
    the deal: ``E[x, y, True] = z E[x, y, False] + c`` and the other way round, solved as two
    equations.

    >>> table = equity_table({(1, 0): 1.0}, start=0, top=3,
    ...                      ended=lambda x, y: 1.0 if x >= 1 else 0.0 if y >= 1 else None)
    >>> table[0, 0, True], table[0, 0, False]  # the dealer's side scores every hand
    (1.0, 0.0)
    """
    table: dict[tuple[int, int, bool], float] = {}
    z = outcomes.get((0, 0), 0.0)
    scoring = [(a, b, p) for (a, b), p in outcomes.items() if (a, b) != (0, 0) and p > 0]

    def value(x: int, y: int, deals: bool) -> float:
        over = ended(x, y)
        if over is not None:
            return over
        if x >= top or y >= top:
            return 0.5
        return table[x, y, deals]

    for total in range(2 * top - 2, 2 * start - 1, -1):
        for x in range(max(start, total - top + 1), min(top - 1, total - start) + 1):
            y = total - x
            if ended(x, y) is not None:
                continue
            # dealing: the side takes a, the others b; the others deal next (and the reverse)
            c_deal = sum(p * value(x + a, y + b, False) for a, b, p in scoring)
            c_not = sum(p * value(x + b, y + a, True) for a, b, p in scoring)
            if z >= 1.0:
                table[x, y, True] = table[x, y, False] = 0.5
                continue
            table[x, y, True] = (c_deal + z * c_not) / (1 - z * z)
            table[x, y, False] = (c_not + z * c_deal) / (1 - z * z)
    return table


def hand_outcomes(variant: Variant, hands: int = HANDS, seed: int = SEED
                  ) -> dict[tuple[int, int], float] | None:
    """The share of ``hands`` hands of the heuristic bot at every seat that gave ``(a, b)``
    points to the dealer's side and to the other (games from ``seed`` on, played to their end
    and the next begun until enough hands were played); a redeal by the same dealer is not
    counted. None if a hand ever lowered a score (the table cannot be filled from the top)."""
    from engine.play.state import State  # noqa: PLC0415 - the play layer, once per variant

    bots = [HeuristicBot(variant, seat, seed) for seat in range(variant.players)]
    counts: Counter[tuple[int, int]] = Counter()
    played = 0
    game = seed
    while played < hands:
        s = State(variant, seed=game)
        game += 1
        while not s.is_terminal() and played < hands:
            before, dealer, hand_no = list(s.scores), s.dealer, s.hand_no
            while s.hand_no == hand_no and not s.is_terminal():
                s.apply_fast(bots[s.current_player].act(s))
            if s.dealer == dealer and not s.is_terminal():
                continue  # a redeal: the same dealer deals again
            gains = [now - was for now, was in zip(s.scores, before, strict=True)]
            if min(gains) < 0:
                return None
            counts[gains[dealer], gains[(dealer + 1) % variant.players]] += 1
            played += 1
    return {outcome: n / played for outcome, n in sorted(counts.items())}


class GameEquity:
    """The chance of winning the game from the scores a hand leaves (module docstring)."""

    game = True

    def __init__(self, variant: Variant, outcomes: Mapping[tuple[int, int], float]) -> None:
        self.variant = variant
        self.outcomes = dict(outcomes)
        """The chance of each ``(points to the dealer's side, points to the other)``."""
        teams = variant.sides.teams
        self.side_of = [next(i for i, team in enumerate(teams) if seat in team)
                        for seat in range(variant.players)]
        self.heads = [team[0] for team in teams]
        best = max(max(pair) for pair in self.outcomes)
        game = variant.game
        self.table = equity_table(self.outcomes, start=game.start,
                                  top=game.target + 4 * max(1, best), ended=self._ended)

    def _ended(self, x: int, y: int) -> float | None:
        """Side 0's result at ``x`` to side 1's ``y`` if the game is over (the variant's own
        rule: who reached the target, a tie played on or shared)."""
        scores = [x if side == 0 else y for side in self.side_of]
        over, winners = self.variant.game_result(scores)
        if not over:
            return None
        ours = self.heads[0] in winners
        return (0.5 if self.heads[1] in winners else 1.0) if ours else 0.0

    def chance(self, scores: Sequence[int], dealer: int, seat: int) -> float:
        """The seat's side's chance of winning from ``scores``, ``dealer`` to deal next."""
        side = self.side_of[seat]
        us, them = scores[self.heads[side]], scores[self.heads[1 - side]]
        deals = self.side_of[dealer] == side
        found = self.table.get((us, them, deals))
        if found is None:  # past the table's scores, or over
            x, y = (us, them) if side == 0 else (them, us)
            over = self._ended(x, y)
            found = 0.5 if over is None else over if side == 0 else 1.0 - over
        return found

    def result(self, after: State, before: Sequence[int], seat: int) -> float:
        if after.is_terminal():
            if not after.winners:
                return 0.5
            if seat not in after.winners:
                return 0.0
            return 0.5 if len(after.winners) == self.variant.players else 1.0
        return self.chance(after.scores, after.dealer, seat)

    def describe(self, mean: float) -> str:
        return f"{mean:.0%} chance of winning the game"


def _two_sides(variant: Variant) -> bool:
    """Two sides that deal in turn: two players, or two teams of alternate seats."""
    teams = variant.sides.teams
    n = variant.players
    if len(teams) != 2 or variant.sides.kind not in {"teams", "individual"}:
        return False
    return all((seat in teams[0]) != ((seat + 1) % n in teams[0]) for seat in range(n))


@cache
def objective_for(variant: Variant) -> Objective:
    """:class:`GameEquity` for a game of two sides to a target whose scores only grow, else
    :data:`POINTS` (:data:`COUNTDOWN` in a countdown game); made once per variant."""
    game = variant.game
    if game.goal is Goal.DOWN:
        return COUNTDOWN
    if (not _two_sides(variant) or game.hands is not None or game.lose_at is not None
            or game.match is not None or game.win is not Win.REACH
            or game.target - game.start > MOST_POINTS):
        return POINTS
    outcomes = hand_outcomes(variant)
    if outcomes is None:
        return POINTS
    return GameEquity(variant, outcomes)
