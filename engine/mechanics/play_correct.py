"""Phase ``play`` where a renege may be taken back before the trick is turned
(``penalties.renege.correct: before_turned``; RENEGE-A1, RENEGE-A2).

The club rules (the American rules of 1877, section 11; the laws of Euchre, 64 and 69): a
renege is established when the trick it was made in is turned and quitted; until then the
player "may reclaim his card and substitute one of the suit led" without penalty, and an
opponent who played after him "shall be allowed to take back his card and play another if he
so elect" (his partner may not). Here a trick is turned as soon as its last card is played,
so the decisions come then, before it is gathered: the reneger first (``pass``: the renege
stands; ``play:X``: he takes his card back and plays X, which follows suit), then, after a
correction, each opponent who played after him in turn (``pass`` keeps his card, ``play:Y``
plays Y instead, following suit if he can). A renege left standing is established when the
trick is turned: it ends the hand with ``void_hand``, or is penalised when the hand is scored.

Only variants with the key use this phase (:meth:`engine.mechanics.play.Play.__new__`), so
the lean phase of every other variant is unchanged. Bots never renege; a bot asked whether
to change its card after a correction keeps it (:func:`decide`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.base import Scratch, cards_to_actions
from engine.mechanics.call_partner import CallPartnerPart
from engine.mechanics.events import (
    CardChanged,
    CardKept,
    CardPlayed,
    PartnerShown,
    Reneged,
    RenegeTakenBack,
    TrickVoided,
    TrickWon,
)
from engine.mechanics.play import Play

if TYPE_CHECKING:
    from engine.mechanics.hand import Hand
    from engine.mechanics.table import Table
    from engine.mechanics.view import View

__all__ = ["CorrectScratch", "CorrectingPlay", "reneged"]


@dataclass(slots=True, kw_only=True)
class CorrectScratch(Scratch):
    """The reneges of the trick in progress not yet decided (their places in the trick), the
    places whose players are asked now (the reneger, then the opponents after him), and the
    place of the renege being decided (-1: none)."""

    pending: list[int] = field(default_factory=list)
    asking: list[int] = field(default_factory=list)
    renege_at: int = -1


class CorrectingPlay(Play):
    """The tricks, with the decisions of RENEGE-A1 and RENEGE-A2 before a trick with a renege
    is turned."""

    def start(self, s: Table) -> None:
        super().start(s)
        s.hand.scratch = CorrectScratch()

    def _follow(self, h: Hand, hand: int) -> int:
        tables = self.tables[h.trump]
        return hand & tables.suit_mask[tables.effective[h.trick[0]]]

    def legal(self, s: Table) -> list[int]:
        h = s.hand
        sc = CorrectScratch.of(h)
        if not sc.asking:
            return super().legal(s)
        pos = sc.asking[0]
        hand = h.hands[h.trick_seats[pos]]
        if pos == sc.renege_at:  # he holds the suit led (else it was no renege)
            return [A.PASS, *cards_to_actions(A.PLAY, self._follow(h, hand))]
        # An opponent takes his card back into his hand and plays another, following suit
        # if he can then, or keeps it.
        full = hand | 1 << h.trick[pos]
        return [A.PASS, *cards_to_actions(A.PLAY, (self._follow(h, full) or full)
                                          & ~(1 << h.trick[pos]))]

    def accepts_renege(self, s: Table, action: int) -> bool:
        return not CorrectScratch.of(s.hand).asking and super().accepts_renege(s, action)

    def apply(self, s: Table, action: int) -> None:
        h = s.hand
        if CorrectScratch.of(h).asking:
            self._decide(s, action)
            return
        seat, card = s.current, A.card_of(action)
        self._lay(s, action)
        s.log.append((CardPlayed, seat, card, self._best(h), seat))
        if self.calls_partner and card == CallPartnerPart.of(h).called:  # CALL-A6
            s.log.append((PartnerShown, card, CallPartnerPart.of(h).partner, h.maker))
        self._next(s, seat)

    def apply_renege(self, s: Table, action: int) -> None:
        h = s.hand
        seat, card = s.current, A.card_of(action)
        led = self.tables[h.trump].effective[h.trick[0]]
        h.reneges.append((seat, card))
        self._lay(s, action)
        s.log += ((CardPlayed, seat, card, self._best(h), seat),
                  Reneged(seat, card, led, h.trump, False))
        CorrectScratch.of(h).pending.append(len(h.trick) - 1)
        self._next(s, seat)

    # -- the trick -------------------------------------------------------------------------

    def _best(self, h: Hand) -> int:
        """The seat winning the trick so far (the first of equal cards, DECK-A3)."""
        tables = self.tables[h.trump]
        power = tables.power[tables.effective[h.trick[0]]]
        best = max(range(len(h.trick)), key=lambda k: (power[h.trick[k]], -k))
        h.led_power, h.best_power, h.best = power, power[h.trick[best]], h.trick_seats[best]
        return h.best

    def _next(self, s: Table, seat: int) -> None:
        h = s.hand
        if len(h.trick) < h.n_active:
            s.current = h.next_seat[seat]
            return
        self._before_turning(s)

    def _before_turning(self, s: Table) -> None:
        """The trick is complete: its next renege is decided, or it is turned."""
        h = s.hand
        sc = CorrectScratch.of(h)
        if sc.pending:
            sc.renege_at = sc.pending.pop(0)
            sc.asking = [sc.renege_at]
            s.current = h.trick_seats[sc.renege_at]
            return
        sc.renege_at = -1
        if h.reneges and self.renege_ends_hand:  # a renege stands, established: STD-A8
            s.log.append(TrickVoided((len(h.played) - len(h.trick)) // h.n_active + 1,
                                     tuple(h.trick_seats), tuple(h.trick)))
            s.advance()
            return
        winner = self._best(h)
        h.tricks_won[winner] += 1
        s.log.append((TrickWon, len(h.played) // h.n_active, winner, h.trick_seats, h.trick))
        h.trick, h.trick_seats = [], []
        if len(h.played) == h.n_active * self.hand_size:
            s.advance()
            return
        h.leader = s.current = winner

    def _decide(self, s: Table, action: int) -> None:
        h = s.hand
        sc = CorrectScratch.of(h)
        pos = sc.asking.pop(0)
        seat, old = h.trick_seats[pos], h.trick[pos]
        renege = pos == sc.renege_at
        if action == A.PASS:
            s.log.append(CardKept(seat, old, renege))
            if renege:
                sc.asking = []
        else:
            new = A.card_of(action)
            h.hands[seat] ^= 1 << old | 1 << new
            h.trick[pos] = new
            at = max(k for k, entry in enumerate(h.played) if entry == (seat, old))
            h.played[at] = (seat, new)
            if (seat, old) in h.reneges:  # his own renege, taken back
                h.reneges.remove((seat, old))
                if pos in sc.pending:
                    sc.pending.remove(pos)
            self._best(h)
            if renege:
                s.log.append(RenegeTakenBack(seat, old, new))
                sc.asking = [k for k in range(pos + 1, len(h.trick))
                             if not self._partners(s, seat, h.trick_seats[k])]
            else:
                s.log.append(CardChanged(seat, old, new))
        if sc.asking:
            s.current = h.trick_seats[sc.asking[0]]
            return
        self._before_turning(s)

    @staticmethod
    def _partners(s: Table, one: int, other: int) -> bool:
        """Two seats of one fixed team (a partner may not change his card, RENEGE-A2)."""
        return any(one in team and other in team for team in s.variant.sides.teams)


def reneged(view: View) -> bool:
    """Whether the seat of ``view`` is asked about its own renege: its card on the trick does
    not follow the suit led, and it holds that suit (an opponent void in it is asked only
    whether to change his card)."""
    own = next((card for seat, card in view.trick if seat == view.seat), -1)
    if own < 0 or not view.trick:
        return False
    tables = C.trump_tables(view.trump)
    led = tables.effective[view.trick[0][1]]
    return tables.effective[own] != led and bool(view.hand & tables.suit_mask[led])
