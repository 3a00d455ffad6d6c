"""Match rules in batch form (``game.match``: three-game matches, laps, slam, RAIL-A5).

A row plays a match instead of a game: game ``g`` of a batch is game ``g % G`` of match
``g // G`` (``G``: ``match.games``), as in the scalar run (:func:`engine.sim.simulate.run_games`).
When a row's game ends inside its match, the row plays the match's next game at once, from
the scores the winners carried (laps: the points past the target, :meth:`MatchRules.carry`);
after the match's last game it takes the batch's next match. Each finished game is counted
as the scalar :meth:`Tally.add_match_game` counts it (the games credited, 2 for a slam, the
points carried; at a match's end who won it, and the rubber points), here over arrays, and a
batch whose games stop inside a match counts that match as unfinished
(:meth:`Tally.add_unfinished_match`).

A best-of match (``best_of``, MATCH-A1) stops once a side has won a majority of its games: the
row then takes the batch's next match, and the games the match did not need are neither
played nor counted (their numbers stay theirs, as in the scalar run, so every match starts at
the same game number); the games won, not credited, decide it. A comparison (``compare
--engine batch``) plays each game alone, as the scalar ``compare`` does, so its batches have
no :class:`MatchRows`.

>>> from engine import load_variant
>>> import numpy as np
>>> rows = MatchRows(load_variant("railroad"))
>>> rows.carry(np.array([[12, 3, 12, 3]]), np.array([[True, False, True, False]])).tolist()
[[2, 0, 2, 0]]
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.mechanics.batch.hand import Ints
from engine.rules.variant import Variant
from engine.sim.stats import Count, Tally, Total

__all__ = ["MatchRows", "check"]

Bools = npt.NDArray[np.bool_]


def check(variant: Variant) -> str | None:
    """Why the batch engine cannot play ``variant``'s match rules, or None (every match
    rule has a batch form)."""
    return None


class MatchRows:
    """The match each row of a batch plays: the scores its game began with, the games credited
    to each seat so far; and the counting of finished games into a :class:`Tally`."""

    def __init__(self, variant: Variant) -> None:
        match = variant.game.match
        assert match is not None
        self.rules = match
        self.needed = match.needed
        """Games a side must win to take a best-of match; None: all are played."""
        self.rubbers = match.best_of is not None or match.rubber_bonus > 0
        """The match points are counted (MATCH-A2)."""
        self.games = match.games
        self.start = variant.game.start
        self.target = variant.game.target
        self.sides = variant.sides.teams
        self.players = variant.players
        self.begun: Ints = np.zeros((0, self.players), dtype=np.int64)
        """Per row, the scores its game began with."""
        self.credits: Ints = np.zeros((0, self.players), dtype=np.int64)
        """Per row, the games credited to each seat in its match so far."""
        self.wins: Ints = np.zeros((0, self.players), dtype=np.int64)
        """Per row, the games won by each seat in its match so far (a slam one)."""

    def open(self, slots: int) -> None:
        """Every row starts a match."""
        self.begun = np.full((slots, self.players), self.start, dtype=np.int64)
        self.credits = np.zeros((slots, self.players), dtype=np.int64)
        self.wins = np.zeros((slots, self.players), dtype=np.int64)

    def carry(self, scores: Ints, won: Bools) -> Ints:
        """The scores the next game of the match starts from (:meth:`MatchRules.carry`)."""
        if not self.rules.laps:
            return np.full_like(scores, self.start)
        carried: Ints = np.where(won, self.start + np.maximum(0, scores - self.target),
                                 self.start)
        return carried

    def credit(self, begun: Ints, scores: Ints, won: Bools) -> Ints:
        """The games the winners are credited with (:meth:`MatchRules.credit`): 2 for a
        slam (every losing seat still at or below the score it began the game with), else 1,
        0 where nobody won."""
        anyone = won.any(axis=1)
        credit: Ints = np.asarray(anyone, dtype=np.int64)
        if self.rules.slam:
            losers = ~won
            slam = anyone & losers.any(axis=1) & ~(losers & (scores > begun)).any(axis=1)
            credit += slam
        return credit

    def finish(self, tally: Tally, rows: Ints, ended: Ints, *, scores: Ints, won: Bools,
               last: int) -> tuple[Bools, Ints]:
        """Count the games ``ended`` (their rows ``rows``, final ``scores``, winning seats
        ``won``; ``last``: the batch's number of games). Returns, per row, whether it plays
        its match's next game now, and the scores that game starts from; a row whose match is
        over (all its games played, or a best-of match decided) takes a new one."""
        begun = self.begun[rows]
        credit = self.credit(begun, scores, won)
        carried = self.carry(scores, won)
        n = tally.n
        credits = self.credits[rows] + credit[:, None] * won
        wins = self.wins[rows] + won
        for side in self.sides:
            got = int((credit * won[:, side[0]]).sum())
            if won[:, side[0]].any():
                n[Count.CREDITED, side] += got
        n[Count.SLAMS, None] += int((credit == 2).sum())
        gained = carried.max(axis=1) - self.start
        tally.s[Total.CARRIED, None] += int(gained.sum())
        tally.sq[Total.CARRIED, None] += int((gained * gained).sum())
        place = ended % self.games
        over = place == self.games - 1
        if self.needed is not None:  # MATCH-A1: decided once a side has won enough
            over |= wins.max(axis=1) >= self.needed
        if over.any():
            standing = credits if self.needed is None else wins
            self._matches(tally, standing[over], credits[over])
        cut = ~over & (ended + 1 >= last)  # the batch's games stop inside this match
        if cut.any():
            n[Count.UNFINISHED_MATCHES, None] += int(cut.sum())
            n[Count.UNFINISHED_MATCH_GAMES, None] += int((place[cut] + 1).sum())
        going = ~over & ~cut
        self.credits[rows] = np.where(going[:, None], credits, 0)
        self.wins[rows] = np.where(going[:, None], wins, 0)
        self.begun[rows] = np.where(going[:, None], carried, self.start)
        return going, carried

    def _matches(self, tally: Tally, standing: Ints, credits: Ints) -> None:
        """Count finished matches, ``standing`` what decides each per seat (games credited,
        or won in a best-of match) and ``credits`` its games credited: who won each (the side
        with the best standing, else a tie) and the rubber points."""
        n = tally.n
        n[Count.MATCHES, None] += int(credits.shape[0])
        side_standing = np.stack([standing[:, side[0]] for side in self.sides], axis=1)
        side_credits = np.stack([credits[:, side[0]] for side in self.sides], axis=1)
        best = side_standing.max(axis=1, keepdims=True)
        top = side_standing == best
        alone = top.sum(axis=1) == 1
        n[Count.MATCH_WINS, None] += int((~alone).sum())
        for s, side in enumerate(self.sides):
            wins = int((alone & top[:, s]).sum())
            if wins:
                n[Count.MATCH_WINS, side] += wins
        bonus = self.rules.rubber_bonus
        if self.rubbers:
            for s, side in enumerate(self.sides):
                n[Count.RUBBER_POINTS, side] += int(
                    side_credits[:, s].sum() + bonus * (alone & top[:, s]).sum())
