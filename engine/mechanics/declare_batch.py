"""``declare`` in batch form: shows declared before the first lead, B games at once.

As the scalar phase (``engine.mechanics.declare``): once trump is made, each seat that plays
this hand, in turn from the dealer's left, answers ``pass`` or declares a show its hand meets
(``declare:K``), every seat answering (DECL-A1). A show played on (``then: play``) scores its
points with the hand, and its declarer answers again while his hand meets another show; one
claiming the tricks (``then: claim``, DECL-A2) gives him every trick unplayed, and the table
scores the hand; one ending it (``then: end``, DECL-A3) ends it there, unplayed: the table's
award is dropped and only the shows' points count, under the show's label. The points go to
every seat of the declarer's side. The shows' conditions are vectorised
(:func:`~engine.mechanics.batch.vectors.vectorise_hands`) with ``hand``, ``trump``, ``maker``
(the seat is on the makers' side) and ``alone`` (it plays alone).

The choices are those of the scalar bots: ``random`` one uniform draw over the legal actions
(pass and the shows met), ``greedy`` the first legal action (``pass``: it has no rule for a
show), ``heuristic`` the scalar hook's rule (``declare.decide``: the highest action, the last
show listed that its hand meets).

Shows beside a called partner (whose side is decided during the play) or after an auction
(whose contracts read the tricks) have no batch form yet.
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
_PLAY, _CLAIM, _END = 0, 1, 2
_THEN = {Then.PLAY: _PLAY, Then.CLAIM: _CLAIM, Then.END: _END}


class Declare:
    """``declare``: the shows declared before the first lead (module docstring)."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        rules = rules_of(variant, DeclareRules)
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
        self.then = np.array([_THEN[show.then] for show in rules.shows], dtype=np.int64)
        self.hand_size = variant.deal.hand_size
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
        n, p = bh.n, bh.players
        rows = np.arange(n)
        open_ = bh.still_open(bh.maker >= 0)
        maker = np.maximum(bh.maker, 0)
        ended = np.zeros(n, dtype=bool)
        """A show with ``then: end`` or ``claim`` was declared: no trick is played."""
        closing = np.full(n, NONE, dtype=np.int64)
        """The show that ended the hand (``end``), or NONE (played on, claimed, none)."""
        gained = np.zeros((n, p), dtype=np.int64)
        """The shows' points, to every seat of each declarer's side."""
        any_shown = False
        for i in range(1, p + 1):
            seat = bh.seat(i)
            asking = open_ & ~ended & (seat != bh.out)
            if bh.out2 is not None:
                asking &= seat != bh.out2
            if not asking.any():
                continue
            env = {"hand": bh.hands[rows, seat], "trump": bh.trump,
                   "maker": self.side[seat] == self.side[maker],
                   "alone": (bh.alone & (seat == bh.loner())) | (seat == bh.defender_alone)}
            meets = np.stack([np.broadcast_to(np.asarray(when(env), bool), (n,))
                              for when in self.when], axis=1)
            done = np.zeros_like(meets)
            for again in range(len(self.when) + 1):
                met = meets & ~done & asking[:, None]
                count = met.sum(axis=1)
                if again:  # asked again after a show played on only while he has another
                    asking &= count > 0
                    if not asking.any():
                        break
                choice = self._choice(bh, seat, met, count)
                bh.act(asking, np.where(choice >= 0, DECLARE + choice + 1, A.PASS))
                declared = asking & (choice >= 0)
                if not declared.any():
                    break
                any_shown = True
                show = np.maximum(choice, 0)
                done[rows[declared], show[declared]] = True
                on_side = self.side[None, :] == self.side[seat][:, None]
                gained += np.where(declared[:, None] & on_side, self.points[show][:, None], 0)
                then = self.then[show]
                closing = np.where(declared & (then == _END), choice, closing)
                claimed = declared & (then == _CLAIM)
                bh.tricks[rows[claimed], seat[claimed]] += self.hand_size  # DECL-A2
                ended |= declared & (then != _PLAY)
                asking = declared & (then == _PLAY)
        if ended.any():
            bh.ended = ended if bh.ended is None else bh.ended | ended
        if any_shown:
            bh.rescore.append(lambda hand: self._score(hand, closing, gained))

    def _choice(self, bh: BatchHand, seat: Ints, met: Bools, count: Ints) -> Ints:
        """Per row, the show ``seat`` declares (its index), or NONE for a pass: ``random``
        the j-th legal action ascending (pass, then the shows met in order), ``greedy`` the
        first (pass), the heuristic the highest (the last show met)."""
        j = bh.uniform(1 + count)
        order = np.cumsum(met, axis=1)
        choice: Ints = np.where(j > 0, np.argmax(met & (order == j[:, None]), axis=1), NONE)
        greedy = bh.greedy_at(seat)
        if greedy is not None:
            choice = np.where(greedy, NONE, choice)
        heuristic = bh.heuristic_at(seat)
        if heuristic is not None:
            last = len(self.when) - 1 - np.argmax(met[:, ::-1], axis=1)
            choice = np.where(heuristic, np.where(count > 0, last, NONE), choice)
        return choice

    def _score(self, bh: BatchHand, closing: Ints, gained: Ints) -> None:
        """The shows' points added to the table's awards (``shows_scored``); a hand a show
        ended (``then: end``) scores only the shows' points, under that show's label."""
        ended = closing >= 0
        bh.deltas = np.where(ended[:, None], 0, bh.deltas) + gained
        bh.label = np.where(ended, self.first_label + closing, bh.label)
