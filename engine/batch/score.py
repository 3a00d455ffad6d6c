"""``score`` in batch form: the variant's scoring table, its expressions vectorised.

For each row of the table the ``when`` condition is evaluated over all games at once
(:func:`engine.batch.scoring.vectorise`); the table's compiler already proved that exactly one
row applies to every outcome, so the first true row is the row. The awards are evaluated per
seat, as the scalar ``score`` phase does: the makers' expression for the makers' side (with
``tricks`` their tricks, ``is_alone`` for the lone maker, ``out`` for his partner), the
defenders' expression for the others.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.batch.hand import NONE, BatchHand, Ints
from engine.batch.scoring import NotVectorisable, vectorise
from engine.rules.variant import SidesKind, Variant

__all__ = ["Score"]

_SEAT_NAMES = frozenset({"tricks", "is_alone", "out"})
"""The names of an award that differ from seat to seat."""


class Score:
    """The scoring table of a partnership game without bids, for B games at once.

    When no award differs from seat to seat (no ``tricks``, ``is_alone`` or ``out``), the
    table is evaluated once over every outcome and each hand looks its outcome up."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        space = variant.scoring.space
        if space.bids or space.no_maker or space.exposed or space.defender_alone:
            return "bids, hands without a maker, exposed or lone defenders have no batch form yet"
        if variant.sides.kind is not SidesKind.TEAMS or variant.players != 4 or \
                variant.sides.teams != ((0, 2), (1, 3)):
            return "only partnerships of four (0+2 against 1+3) have a batch form yet"
        try:
            Score(variant)
        except NotVectorisable as error:
            return str(error)
        return None

    def __init__(self, variant: Variant) -> None:
        rows = variant.scoring.rows
        self.when = [vectorise(row.when.text) for row in rows]
        self.makers = [vectorise(row.makers.text) for row in rows]
        self.defenders = [vectorise(row.defenders.text) for row in rows]
        self.per_seat = [bool((row.makers.names | row.defenders.names) & _SEAT_NAMES)
                         for row in rows]
        self.hand_size = variant.deal.hand_size
        self.needed = variant.deal.hand_size // 2 + 1
        self.table = None if any(self.per_seat) else self._table()

    def _table(self) -> tuple[Ints, Ints, Ints]:
        """The row and both awards of every outcome (makers' tricks, alone), the
        vectorised expressions evaluated once over all of them: index ``2 tricks + alone``."""
        tricks = np.repeat(np.arange(self.hand_size + 1), 2)
        alone = np.tile(np.array([False, True]), self.hand_size + 1)
        env = self._env(tricks, alone)
        label = self._label(env, tricks.size)
        makers = np.zeros(tricks.size, dtype=np.int64)
        defenders = np.zeros(tricks.size, dtype=np.int64)
        for index in range(len(self.when)):
            chosen = label == index
            makers += np.where(chosen, self.makers[index](env), 0)
            defenders += np.where(chosen, self.defenders[index](env), 0)
        return label, makers, defenders

    def _env(self, makers_tricks: Ints, alone: npt.NDArray[np.bool_]) -> dict[str, object]:
        return {
            "makers.tricks": makers_tricks,
            "defenders.tricks": self.hand_size - makers_tricks,
            "alone": alone,
            "defender_alone": np.zeros(makers_tricks.size, dtype=bool),
        }

    def _label(self, env: dict[str, object], n: int) -> Ints:
        """The first row whose ``when`` holds (the compiler proved there is exactly one)."""
        label = np.full(n, NONE, dtype=np.int64)
        for index, when in reversed(list(enumerate(self.when))):
            label = np.where(np.broadcast_to(when(env), (n,)), index, label)
        return label

    def run(self, bh: BatchHand) -> None:
        n, p = bh.n, bh.players
        rows = np.arange(n)
        scored = bh.maker >= 0
        maker = np.maximum(bh.maker, 0)
        partner = (maker + 2) % p
        makers_tricks = bh.tricks[rows, maker] + bh.tricks[rows, partner]
        alone = bh.out >= 0
        bh.made = scored & (makers_tricks >= self.needed)
        if self.table is not None:
            outcome = makers_tricks * 2 + alone
            label, makers, defenders = (column[outcome] for column in self.table)
            makers, defenders = makers * scored, defenders * scored
            bh.label = np.where(scored, label, NONE)
            bh.deltas = np.stack([np.where((seat == maker) | (seat == partner), makers, defenders)
                                  for seat in range(p)], axis=1)
            return
        env = self._env(makers_tricks, alone)
        label = np.where(scored, self._label(env, n), NONE)
        deltas = np.zeros((n, p), dtype=np.int64)
        for index in range(len(self.when)):
            chosen = label == index
            if not chosen.any():
                continue
            for seat in range(p):
                on_makers = (seat == maker) | (seat == partner)
                seat_env = dict(env)
                seat_env["tricks"] = np.where(on_makers, makers_tricks,
                                              self.hand_size - makers_tricks)
                seat_env["is_alone"] = on_makers & alone & (seat == maker)
                seat_env["out"] = seat == bh.out
                points = np.where(on_makers, self.makers[index](seat_env),
                                  self.defenders[index](seat_env))
                deltas[:, seat] += np.where(chosen, points, 0)
        bh.deltas = deltas
        bh.label = label
