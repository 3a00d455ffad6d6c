"""The ``heuristic`` bot's card play in batch form (:mod:`engine.mechanics.play_batch`): what
it reads of a hand in play, kept trick by trick, and its card for the rows it plays (the
scalar ``engine.mechanics.play`` hook: ``HeuristicBot.play_card``; an exposed hand's card chosen
by its opponent: ``choose_for_exposed``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from engine.mechanics.batch.duck import Duck
from engine.mechanics.batch.hand import BatchHand, Ints
from engine.mechanics.batch.tables import BLANK, BLANK_CARD, ONE, PLAYABLE, U64

if TYPE_CHECKING:
    from engine.mechanics.play_batch import Play

__all__ = ["Reader"]


class Reader:
    """What the ``heuristic`` bot reads of a hand in play, kept trick by trick: the cards gone,
    the cards played to this trick and its winning card; and its card for the rows it plays
    (``engine.mechanics.play``'s hook: ``HeuristicBot.play_card``)."""

    def __init__(self, bh: BatchHand, play: Play) -> None:
        assert bh.heuristic is not None
        n = bh.n
        self.smart, self.play_form = bh.heuristic, play
        self.trump = bh.trump
        self.maker = np.maximum(bh.maker, 0)
        self.active = bh.players - (bh.out >= 0)
        if bh.out2 is not None:
            self.active = self.active - (bh.out2 >= 0)
        if bh.dropped is not None:
            self.active = self.active - np.bitwise_count(bh.dropped)
        self.unmade = None if bh.no_maker is None else bh.maker < 0
        """Rows without a maker (None: none): no seat is a maker; a seat's side is the one
        the variant gives it alone (the scalar ``_side`` of a seat's own hand sides)."""
        self.gone = np.zeros(n, dtype=np.uint64)
        """Every card played this hand (the heuristic reads what is out)."""
        self.played = np.zeros(n, dtype=np.int64)
        self.win_card = np.full(n, BLANK_CARD, dtype=np.int64)
        self.holder = bh.partner
        """A called partner (``call_partner``), or None: the variant's sides hold."""
        no_trick = (bh.special >= 0) & (bh.bid == 0) & (bh.maker >= 0)
        self.ducks = no_trick if no_trick.any() else None
        """The rows whose contract is for no tricks (a misère): its makers duck."""
        if self.ducks is not None and play.duck is None:
            play.duck = Duck(play.variant)
        if bh.partner is not None and bh.called is not None:
            self.called_bit = np.where(bh.called >= 0,
                                       ONE << np.maximum(bh.called, 0).astype(np.uint64),
                                       np.uint64(0))

    def _makers(self, seat: Ints) -> npt.NDArray[np.bool_]:
        """Per row, ``seat`` knows he is on the makers' side (the maker; a called partner
        from his own hand)."""
        if self.holder is None:
            on: npt.NDArray[np.bool_] = self.smart.tables.makers[self.maker, seat]
            return on if self.unmade is None else on & ~self.unmade
        called: npt.NDArray[np.bool_] = (seat == self.maker) | (seat == self.holder)
        return called

    def _partner_wins(self, seat: Ints, win_seat: Ints) -> npt.NDArray[np.bool_]:
        """Per row, ``win_seat`` is on ``seat``'s side as ``seat`` knows it, not ``seat``:
        with a called partner (CALL-A6) the maker knows him, and the defenders one another,
        once the called card is played; the partner knows the maker from the call."""
        if self.holder is None:
            maker = self.maker if self.unmade is None else np.where(self.unmade, seat,
                                                                    self.maker)
            side: npt.NDArray[np.bool_] = self.smart.tables.side[maker, seat, win_seat]
            side &= win_seat != seat
            return side
        holder, maker = self.holder, self.maker
        shown = (holder >= 0) & ((self.gone & self.called_bit) != 0)
        makers = (win_seat == maker) | (win_seat == holder)
        known: npt.NDArray[np.bool_] = np.where(
            seat == maker, shown & (win_seat == holder),
            np.where(seat == holder, win_seat == maker, shown & ~makers & (win_seat != seat)))
        return known

    def play(self, bit: U64, *, pos: int, legal: U64, hand: U64, led: Ints, best: Ints,
             leader: Ints, shown: npt.NDArray[np.bool_] | None = None,
             actor: Ints | None = None) -> U64:
        """``bit``, with the heuristic's card where its seat plays; count the card played.
        Where ``shown``, the cards are an exposed lone hand's, chosen by ``actor``: the
        heuristic there plays the card of least power (``choose_for_exposed``)."""
        form, tables = self.play_form, self.smart.tables
        seat = form._wrap(leader + pos)
        if pos == 0:
            self.played[:] = 0
            self.win_card[:] = BLANK_CARD
        at = self.smart.seats[seat] & (legal != BLANK)
        if shown is not None and actor is not None:
            chooses = self.smart.seats[actor] & shown & (legal != BLANK)
            at &= ~shown
            if chooses.any():
                least = form.least_power(legal, self.trump, None if pos == 0 else led)
                bit = np.where(chooses, least, bit)
        if at.any():
            if pos == 0:
                card = tables.lead(legal, self.trump, self._makers(seat), self.gone, hand)
            else:
                top = np.maximum(best, 0)
                win_seat = form._wrap(leader + form.place_mask - (top & form.place_mask))
                partner = self._partner_wins(seat, win_seat)
                card = tables.follow(legal, hand, self.trump, led, top >> form.shift,
                                     partner_wins=partner, last=self.played == self.active - 1,
                                     win_card=self.win_card, gone=self.gone)
            if self.ducks is not None:  # a maker who must take no trick ducks
                rows = np.flatnonzero(at & self.ducks & self._makers(seat))
                if rows.size:
                    duck = form.duck
                    assert duck is not None
                    trump = self.trump[rows]
                    card[rows] = duck.lead(legal[rows], trump) if pos == 0 else duck.follow(
                        legal[rows], trump, led[rows], np.maximum(best[rows], 0) >> form.shift)
            bit = np.where(at, ONE << card.astype(np.uint64), bit)
        self.gone |= bit & PLAYABLE
        self.played += bit != BLANK
        return bit

    def won(self, better: npt.NDArray[np.bool_], card: npt.NDArray[np.uint64]) -> None:
        """The card just played takes the lead of the trick where ``better``."""
        self.win_card = np.where(better, card.astype(np.int64), self.win_card)
