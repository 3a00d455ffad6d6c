"""``declare`` in batch form: shows that end the hand (``then: end``), B games at once.

As the scalar phase (``engine.mechanics.declare``): once trump is made, each seat that plays
this hand, in turn from the dealer's left, answers ``pass`` or declares a show its hand meets
(``declare:K``); every seat answers, until one declares (DECL-A1). A declared show ends the
hand there (DECL-A3): no trick is played, the scoring table's award is dropped and the
declarer's side scores the show's points, under the show's label. The show's condition is
vectorised (:func:`~engine.mechanics.batch.vectors.vectorise_hands`) with ``hand``, ``trump``,
``maker`` (the seat is on the makers' side) and ``alone`` (it plays alone).

The choices are those of the scalar bots: ``random`` one uniform draw over the legal actions
(pass and the shows met), ``greedy`` the first legal action (``pass``: it has no rule for a
show), ``heuristic`` the scalar hook's rule (``declare.decide``: the highest action, the last
show listed that its hand meets).

A show played on (``then: play``) or claiming the tricks (``then: claim``) has no batch form
yet, nor a declare beside a called partner (whose side is decided during the play).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.core import actions as A
from engine.mechanics.batch.hand import NONE, BatchHand, Ints, rules_of
from engine.mechanics.batch.vectors import NotVectorisable, Vector, vectorise_hands
from engine.mechanics.declare import DECLARE, DeclareRules, Then
from engine.rules.variant import Variant

__all__ = ["Declare"]

Bools = npt.NDArray[np.bool_]


class Declare:
    """``declare`` with shows that end the hand (module docstring)."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        rules = rules_of(variant, DeclareRules)
        if any(show.then is not Then.END for show in rules.shows):
            return "a show played on or claiming the tricks (`then: play`, `then: claim`) " \
                   "has no batch form yet"
        if "call_partner" in variant.flow:
            return "shows beside a called partner have no batch form yet"
        if "auction" in variant.flow:
            return "shows after an auction (its contracts read the tricks) have no batch form yet"
        for show in rules.shows:
            try:
                vectorise_hands(show.when, bowers=variant.deck.bowers)
            except NotVectorisable as error:  # pragma: no cover - every hand condition has one
                return f"the show `{show.label}`: {error}"
        return None

    def __init__(self, variant: Variant) -> None:
        rules = rules_of(variant, DeclareRules)
        self.when: list[Vector] = [vectorise_hands(show.when, bowers=variant.deck.bowers)
                                   for show in rules.shows]
        self.points = np.array([show.points for show in rules.shows], dtype=np.int64)
        self.first_label = len(variant.scoring.rows)
        """The label index of the first show: after the scoring table's rows."""
        self.labels = tuple(show.label for show in rules.shows)
        """The shows' labels, counted as the hands they end (after the table's rows)."""
        p = variant.players
        side = [0] * p
        for index, team in enumerate(variant.sides.teams):
            for seat in team:
                side[seat] = index
        self.side = np.array(side, dtype=np.int64)
        """Each seat's fixed side: a show scores for every seat of the declarer's."""

    def run(self, bh: BatchHand) -> None:
        n, k = bh.n, len(self.when)
        rows = np.arange(n)
        open_ = bh.still_open(bh.maker >= 0)
        maker = np.maximum(bh.maker, 0)
        declarer = np.full(n, NONE, dtype=np.int64)
        shown = np.full(n, NONE, dtype=np.int64)
        for i in range(1, bh.players + 1):
            seat = bh.seat(i)
            asked = open_ & (declarer < 0) & (seat != bh.out)
            if bh.out2 is not None:
                asked &= seat != bh.out2
            if not asked.any():
                continue
            env = {"hand": bh.hands[rows, seat], "trump": bh.trump,
                   "maker": self.side[seat] == self.side[maker],
                   "alone": (bh.alone & (seat == maker)) | (seat == bh.defender_alone)}
            met = np.stack([np.broadcast_to(np.asarray(when(env), bool), (n,))
                            for when in self.when], axis=1) & asked[:, None]
            count = met.sum(axis=1)
            # random: the j-th legal action ascending, pass (0) then the shows met in order
            j = bh.uniform(1 + count)
            order = np.cumsum(met, axis=1)
            choice = np.where(j > 0, np.argmax(met & (order == j[:, None]), axis=1), NONE)
            greedy = bh.greedy_at(seat)
            if greedy is not None:  # the first legal action: pass
                choice = np.where(greedy, NONE, choice)
            heuristic = bh.heuristic_at(seat)
            if heuristic is not None:  # the highest action: the last show met
                last = k - 1 - np.argmax(met[:, ::-1], axis=1)
                choice = np.where(heuristic, np.where(count > 0, last, NONE), choice)
            bh.act(asked, np.where(choice >= 0, DECLARE + choice + 1, A.PASS))
            declared = asked & (choice >= 0)
            declarer = np.where(declared, seat, declarer)
            shown = np.where(declared, choice, shown)
        ended = declarer >= 0
        if ended.any():
            bh.ended = ended if bh.ended is None else bh.ended | ended
            bh.rescore.append(lambda hand: self._score(hand, ended, declarer, shown))

    def _score(self, bh: BatchHand, ended: Bools, declarer: Ints, shown: Ints) -> None:
        """The hands a show ended: no tricks, the table's award dropped, the show's points to
        every seat of the declarer's side, under the show's label (``shows_scored``)."""
        on_side = self.side[None, :] == self.side[np.maximum(declarer, 0)][:, None]
        points = self.points[np.maximum(shown, 0)]
        bh.tricks[ended] = 0
        bh.deltas = np.where(ended[:, None], np.where(on_side, points[:, None], 0), bh.deltas)
        bh.label = np.where(ended, self.first_label + shown, bh.label)
