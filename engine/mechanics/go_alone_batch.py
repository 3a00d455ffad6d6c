"""``go_alone`` in batch form: the maker, then (the maker against the rest) the defenders.

The choices are the scalar ``random`` bot's: one uniform draw between ``pass`` and ``alone``
at each question (``engine.mechanics.go_alone`` asks them in the same order).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.core import actions as A
from engine.mechanics.batch.greedy import trumps
from engine.mechanics.batch.hand import NONE, BatchHand, Ints, rules_of
from engine.mechanics.batch.vectors import NotVectorisable, Vector, vectorise_hands
from engine.mechanics.go_alone import _ALONE_AT, _DEFEND_ALONE_AT, DefenderOrder, GoAloneRules
from engine.rules.variant import SidesKind, Variant

__all__ = ["GoAlone"]



class GoAlone:
    """``go_alone``: the maker says ``alone`` or ``pass`` (one chance in two); a lone maker's
    partner sits out (a lone Cutthroat maker gives up the dummy instead: ``dummy_merge``).
    Where a defender may go alone (the maker against the rest of three, or partnerships of
    two), the defenders are asked in turn, clockwise from the maker's left or from eldest; the
    first to say ``alone`` plays alone and the other defender (his partner) sits out (CTD-A8):
    in partnerships beside the lone maker's partner (:attr:`BatchHand.out2`)."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        r = rules_of(variant, GoAloneRules)
        if r.must_when is not None:
            try:
                vectorise_hands(r.must_when, bowers=variant.deck.bowers)
            except NotVectorisable as error:  # pragma: no cover - every hand condition has one
                return f"`go_alone.must_when`: {error}"
        if r.partner and "pass_cards" in variant.flow:
            return ("a lone hand taken over by the maker's partner beside `pass_cards` has no "
                    "batch form yet")
        three = variant.sides.kind is SidesKind.MAKER_VS_REST and variant.players == 3
        fours = variant.sides.kind is SidesKind.TEAMS and variant.players == 4
        if r.defender and not (three or fours):
            return ("lone defenders other than one of three players' two or of two "
                    "partnerships of two have no batch form yet")
        return None

    def __init__(self, variant: Variant) -> None:
        self.rules = rules_of(variant, GoAloneRules)
        self.teams = variant.sides.kind is SidesKind.TEAMS
        p = variant.players
        must = self.rules.must_when
        self.forced: Vector | None = None if must is None else vectorise_hands(
            must, bowers=variant.deck.bowers)
        """``must_when`` over the rows (the maker's hand and trump, how trump was made), or
        None: never forced."""
        self.side = np.zeros((p, p), dtype=bool)
        """``side[maker, seat]``: ``seat`` is on the maker's side."""
        for m in range(p):
            self.side[m, list(variant.sides.hand_sides(m)[0])] = True

    def run(self, bh: BatchHand) -> None:
        made = bh.maker >= 0
        alone = self._maker(bh, made) if self.rules.maker else np.zeros(bh.n, dtype=bool)
        if self.teams:
            bh.out = np.where(alone, (bh.maker + 2) % bh.players, NONE)
            if bh.players == 6:  # both partners sit out
                bh.out2 = np.where(alone, (bh.maker + 4) % bh.players, NONE)
        if self.rules.partner:  # the maker passed: his partner may take the hand over
            bh.taken = self._partner(bh, made & ~alone)
            bh.out = np.where(bh.taken, bh.maker, bh.out)  # the maker sits out
            alone = alone | bh.taken
        bh.alone = alone
        if self.rules.defender:
            lone_maker = alone if bh.taken is None else alone & ~bh.taken
            self._defenders(bh, made & lone_maker if self.rules.defender_needs_lone_maker
                            else made)

    def _maker(self, bh: BatchHand, made: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        """The maker says ``alone`` or ``pass`` (:meth:`_says`); ``alone`` only where
        ``must_when`` holds."""
        maker = np.maximum(bh.maker, 0)
        alone = self._says(bh, maker, made, _ALONE_AT)
        if self.forced is not None:  # must_when: alone is the maker's only answer
            dealer = maker == bh.dealer
            env = {"hand": bh.hand_of(maker), "trump": np.maximum(bh.trump, 0),
                   "ordered_up": bh.ordered, "dealer": dealer,
                   "ordered_partner": bh.ordered & ~dealer & self.side[maker, bh.dealer]}
            alone = alone | (made & np.asarray(self.forced(env), dtype=bool))
        bh.act(made, np.where(alone, A.ALONE, A.PASS))
        result: npt.NDArray[np.bool_] = alone
        return result

    def _partner(self, bh: BatchHand, asked: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        """The maker's partner across, where ``asked`` (the maker passed), says ``alone`` or
        ``pass`` (:meth:`_says`)."""
        seat = (np.maximum(bh.maker, 0) + 2) % bh.players
        taken = self._says(bh, seat, asked, _ALONE_AT)
        bh.act(asked, np.where(taken, A.ALONE, A.PASS))
        return taken

    @staticmethod
    def _says(bh: BatchHand, seat: Ints, asked: npt.NDArray[np.bool_],
              at: float | npt.NDArray[np.float64]) -> npt.NDArray[np.bool_]:
        """Where ``asked``, does ``seat`` say ``alone``? One chance in two (one uniform draw,
        as the scalar ``random`` bot); ``greedy``'s four trumps; the heuristic's estimate of
        the hand with the trump named at ``at`` tricks or more."""
        says = asked & (bh.uniform(2) == 1)
        greedy = bh.greedy_at(seat)
        if greedy is not None:
            wants = trumps(bh.hand_of(seat), bh.trump) >= bh.alone_at
            says = asked & np.where(greedy, wants, says)
        heuristic = bh.heuristic_at(seat)
        if heuristic is not None:
            assert bh.heuristic is not None
            strength = bh.heuristic.tables.strength(bh.hand_of(seat), bh.trump)
            says = asked & np.where(heuristic, strength >= at, says)
        result: npt.NDArray[np.bool_] = says
        return result

    def _defenders(self, bh: BatchHand, asked: npt.NDArray[np.bool_]) -> None:
        """Each defender in turn (every seat off the maker's side, from the maker's left or
        from eldest) until one says ``alone``; the other defender sits out."""
        p = bh.players
        start = bh.maker if self.rules.defender_order is DefenderOrder.MAKER_LEFT else bh.dealer
        loner = np.full(bh.n, NONE, dtype=np.int64)
        for k in range(1, p + 1):
            seat = (start + k) % p
            asking = asked & ~self.side[np.maximum(bh.maker, 0), seat] & (loner < 0)
            # the partner across before a lone maker: the maker's 4.2, else 4.0
            across = (seat == (bh.maker + p // 2) % p) & ~bh.alone
            says = self._says(bh, seat, asking, np.where(across, _ALONE_AT, _DEFEND_ALONE_AT))
            bh.act(asking, np.where(says, A.ALONE, A.PASS))
            loner = np.where(says, seat, loner)
        bh.defender_alone = loner
        if self.teams:  # his partner sits out, beside the lone maker's
            bh.out2 = np.where(loner >= 0, (loner + 2) % p, NONE)
        else:
            bh.out = np.where(loner >= 0, 3 - bh.maker - loner, bh.out)  # the third seat
