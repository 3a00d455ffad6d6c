"""``stay_or_drop`` in batch form: each player outside the makers' side stays in or drops out,
B games at once (BUCK-A8).

As the scalar phase (``engine.mechanics.stay_or_drop``): in a hand with a maker, after the
dealer's exchange, every seat outside the makers' side that does not already sit out is asked
in turn clockwise from the maker's left (or from eldest), one row a game, the rows without a
maker masked (BUCK-A5). A seat that drops out lays its hand down: its cards go dead, it sits
the hand out (:attr:`~engine.mechanics.batch.hand.BatchHand.dropped`; the play skips it, the
table's awards see it by ``out``), and the play credits a maker left alone every trick
(BUCK-A6). The choices: the scalar ``random`` bot's, one of the two legal actions uniformly;
the ``greedy`` bot has no rule here and takes the first legal action, ``stay``; the
``heuristic`` bot stays with one of the two best trumps or an estimate of 1.5 tricks or more
(the scalar hook ``stay_or_drop.decide``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.core import cards as C
from engine.mechanics.batch.hand import BatchHand, Ints, rules_of
from engine.mechanics.batch.tables import batch_card
from engine.mechanics.stay_or_drop import (
    _STAY_AT,
    DROP,
    STAY,
    AskOrder,
    StayOrDropRules,
    _top_trumps,
)
from engine.rules.variant import Variant

__all__ = ["StayOrDrop"]

FIGURE = "dropped"
"""The report figure of the seats that dropped out (the scalar phase's ``Figure``)."""


class StayOrDrop:
    """``stay_or_drop`` (either order)."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        return None

    def __init__(self, variant: Variant) -> None:
        self.from_eldest = rules_of(variant, StayOrDropRules).order is AskOrder.ELDEST
        p = variant.players
        makers = np.zeros((p, p), dtype=bool)
        for m in range(p):
            makers[m, list(variant.sides.hand_sides(m)[0])] = True
        self.makers = makers
        """``makers[maker, seat]``: ``seat`` is on the makers' side (never asked)."""
        by_trump = variant.deck.all_tables()
        top = [sum(1 << batch_card(c) for c in C.cards_of(_top_trumps(t, by_trump)))
               for t in range(4)]
        self.top = np.array([*top, 0, 0], dtype=np.uint64)
        """By trump, the two best trumps as a batch mask (none at no-trump)."""

    def run(self, bh: BatchHand) -> None:
        p, rows = bh.players, np.arange(bh.n)
        made = bh.maker >= 0
        maker = np.maximum(bh.maker, 0)
        start = bh.dealer if self.from_eldest else maker
        dropped = np.zeros(bh.n, dtype=np.int64)
        by_seat = np.zeros(p, dtype=np.int64)
        for k in range(1, p + 1):
            seat = (start + k) % p
            asked = made & ~self.makers[maker, seat] & ~bh.sits_out(seat)
            drop = bh.uniform(2) == 1  # the random bot: one of [stay, drop]
            greedy = bh.greedy_at(seat)
            if greedy is not None:  # no rule: the first legal action, stay
                drop &= ~greedy
            heuristic = bh.heuristic_at(seat)
            if heuristic is not None:
                drop = np.where(heuristic, self._drops(bh, seat), drop)
            bh.act(asked, np.where(drop, DROP, STAY))
            drop &= asked
            if not drop.any():
                continue
            dropped |= drop.astype(np.int64) << seat
            bh.hands[rows, seat] = np.where(drop, np.uint64(0), bh.hands[rows, seat])
            by_seat += np.bincount(seat[drop], minlength=p)
        bh.dropped = dropped
        if by_seat.any():
            bh.figures[FIGURE] = bh.figures.get(FIGURE, 0) + int(by_seat.sum())
            bh.seat_figures[FIGURE] = by_seat

    def _drops(self, bh: BatchHand, seat: Ints) -> npt.NDArray[np.bool_]:
        """The heuristic drops without one of the two best trumps and with an estimate below
        1.5 tricks (the scalar ``decide``)."""
        assert bh.heuristic is not None
        hand = bh.hand_of(seat)
        top = (hand & self.top[bh.trump]) != 0
        strong = bh.heuristic.tables.strength(hand, bh.trump) >= _STAY_AT
        drops: npt.NDArray[np.bool_] = ~(top | strong)
        return drops

