"""What ``compare --engine batch`` adds to a batch run: paired deals and per-game figures.

Paired deals: hand ``k`` of game ``g`` (thrown-in hands counted) is shuffled from a key made of
the run's seed, ``g`` and ``k`` alone (:func:`~engine.mechanics.batch.tables.keyed_uniform`), and
game ``g``'s first dealer from the seed and ``g``: the two variants of a comparison deal the same
cards to the same seats in every hand both play, however differently they bid and score, and
whatever the bots draw. (The scalar ``compare`` pairs its games the same way, by game and hand.)

Per-game figures: the sums :func:`~engine.sim.compare.metrics_for` turns into each game's
figures (the dealer's side's points, makes, euchres, marches, lone hands, scored and thrown-in
hands, each side's points and win), counted per game as the hands are played, then turned into
the same millionths as the scalar compare's (``round(Fraction(...) * SCALE)``, ties to even).

>>> import numpy as np
>>> per_100(np.array([1, 2, 0]), np.array([3, 4, 0])).tolist()  # 100/3, 50, a game of no hands
[33333333, 50000000, 0]
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from engine.batch.forms import score_bound
from engine.core.seeds import derive_seed
from engine.mechanics.batch.hand import BatchHand, Ints
from engine.mechanics.batch.tables import U64, mix64
from engine.rules.variant import Variant
from engine.sim.compare import SCALE
from engine.sim.stats import side_name

__all__ = ["PairedRun", "per_100"]

_MASK = (1 << 64) - 1


def per_100(count: Ints, hands: Ints) -> npt.NDArray[np.int64]:
    """``100 * count / hands`` in millionths, rounded half to even as Python rounds a
    Fraction (0 where a game has no scored hand): the scalar compare's ``_per_100``."""
    hands = np.asarray(hands)
    safe = np.maximum(hands, 1)
    num = np.asarray(count) * (100 * SCALE)
    q = num // safe
    r = num - q * safe
    up = (2 * r > safe) | ((2 * r == safe) & (q % 2 == 1))
    out: npt.NDArray[np.int64] = np.where(hands > 0, q + up, 0)
    return out


@dataclass(slots=True)
class PairedRun:
    """One batch of a comparison: the key of its deals and each game's running figures.
    ``offset``: the run's number of the batch's first game."""

    variant: Variant
    seed: int
    offset: int
    games: int
    base: np.uint64 = field(init=False)
    counts: Ints = field(init=False)
    """Per game: scored hands, thrown-in hands, dealer's side points, made, march, alone,
    then each side's points, then the hands without a maker."""
    won: npt.NDArray[np.bool_] = field(init=False)
    stopped: npt.NDArray[np.bool_] = field(init=False)
    first: Ints = field(init=False)
    side_of: Ints = field(init=False)
    member: Ints = field(init=False)

    def __post_init__(self) -> None:
        self.base = np.uint64(derive_seed(self.seed, "paired deals") & _MASK)
        teams = self.variant.sides.teams
        p = self.variant.players
        self.counts = np.zeros((self.games, 7 + len(teams)), dtype=np.int64)
        self.won = np.zeros((self.games, len(teams)), dtype=bool)
        self.stopped = np.zeros(self.games, dtype=bool)
        self.side_of = np.zeros(p, dtype=np.int64)
        self.member = np.zeros((p, len(teams)), dtype=np.int64)
        self.first = np.zeros(p, dtype=np.int64)
        for t, team in enumerate(teams):
            for seat in team:
                self.side_of[seat], self.member[seat, t], self.first[seat] = t, 1, team[0]

    def _keys(self, games: Ints, salt: Ints | int) -> U64:
        g = (np.asarray(games, dtype=np.int64) + self.offset).astype(np.uint64)
        return mix64(mix64(self.base ^ mix64(g)) + np.asarray(salt).astype(np.uint64))

    def deal_keys(self, games: Ints, hand: Ints) -> U64:
        """The shuffle key of hand ``hand`` (0, 1, ...) of each game (the batch's numbers)."""
        return self._keys(games, np.asarray(hand) + 1)

    def first_dealer(self, games: Ints) -> Ints:
        """Each game's first dealer, from the seed and the game's number alone."""
        dealer: Ints = (self._keys(games, 0) % np.uint64(self.variant.players)).astype(np.int64)
        return dealer

    def add_hand(self, bh: BatchHand, games: Ints) -> None:
        """Count one hand of every row (row ``r`` plays game ``games[r]``, one row a game)."""
        ok = ~bh.thrown_in
        rows = np.arange(bh.n)
        maker = np.where(ok, bh.maker, 0)
        side_tricks = bh.tricks @ self.member
        makers = (bh.makers_tricks(maker) if bh.partner is not None  # a called partner too
                  else side_tricks[rows, self.side_of[maker]])
        march = ok & (makers == bh.tricks.sum(axis=1))
        c = self.counts
        if bh.no_maker is not None:  # hands without a maker: neither made nor euchred
            march &= bh.maker >= 0
            c[games, 6 + len(self.variant.sides.teams)] += bh.no_maker
        c[games, 0] += ok
        c[games, 1] += ~ok
        c[games, 2] += np.where(ok, bh.deltas[rows, self.first[bh.dealer]], 0)
        c[games, 3] += ok & bh.made
        c[games, 4] += march
        c[games, 5] += ok & bh.maker_alone
        for t, team in enumerate(self.variant.sides.teams):
            c[games, 6 + t] += np.where(ok, bh.deltas[:, team[0]], 0)

    def finish(self, winners: npt.NDArray[np.bool_], stopped: npt.NDArray[np.bool_]) -> None:
        """The batch's games are over: their winners (per seat) and the hand-limit stops."""
        for t, team in enumerate(self.variant.sides.teams):
            self.won[:, t] = winners[:, team[0]]
        self.stopped[:] = stopped

    def figures(self) -> dict[str, npt.NDArray[np.int64]]:
        """Each game's figures in millionths, by :func:`~engine.sim.compare.metrics_for` key."""
        c: npt.NDArray[np.int64] = self.counts
        if score_bound(self.variant) * 400 * SCALE >= 2**62:  # 100 * SCALE * points wraps
            c = c.astype(object)
        scored = c[:, 0]
        out = {"dealer_points": per_100(c[:, 2], scored), "made": per_100(c[:, 3], scored),
               "euchred": per_100(scored - c[:, 3] - c[:, -1], scored),  # -1: no maker
               "march": per_100(c[:, 4], scored),
               "alone": per_100(c[:, 5], scored), "hands": scored * SCALE,
               "redeals": c[:, 1] * SCALE}
        for t, team in enumerate(self.variant.sides.teams):
            name = side_name(team)
            out[f"wins@{name}"] = self.won[:, t] * (100 * SCALE)
            out[f"points@{name}"] = per_100(c[:, 6 + t], scored)
        return out
