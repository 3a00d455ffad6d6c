"""Phase ``score``: the scoring table, renege penalties and the end of the game.

The hand's outcome (makers' tricks, lone players, the bid) selects the one row of the
variant's table that applies; every seat of each side receives that row's award. A renege
recorded during the hand (variants that allow it) is charged to the offender's fixed side:
his team in a partnership game, the offender alone where each player scores for himself
(`euchre rules cutthroat`, GH-A11); every other fixed side receives the opponents' points. With
``void_hand`` the renege ended the hand (STD-A8): the table is not consulted and only the
penalty counts. A hand nobody made (``upcard_trump``, or ``upcard_bidding.all_pass:
no_trump``; BUCK-A5) takes the table's ``no_maker`` row, and every fixed side receives its
defenders' award; an award knows a seat sat the hand out (dropped, or beside a lone partner)
by ``out``. A partner called during the hand (``call_partner``) scores with the maker; a
maker whose called card nobody else held is scored alone (CALL-A5). Then the game ends if a
side reached the target (at or below it in a countdown game, ``game.goal: down``; with
``game.win: contract_result`` only the side that made its bid or set the makers may win,
BID-A7; ties: ``game.tie``), otherwise the deal passes left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import cards as C
from engine.core.seats import seats_of
from engine.mechanics.auction_rules import contract_of
from engine.mechanics.base import TERMINAL, BookLine, BookPart, Mechanic, Phase, Rule, Words
from engine.mechanics.call_partner import BuriedCard, CallPartnerPart, CallPartnerRules
from engine.mechanics.declare import DeclarePart, shows_scored
from engine.mechanics.events import GameWon, HandScored
from engine.rules.mechanic_rules import REGISTRY, FlowCheck
from engine.rules.results import HandResult, Penalty, ResultPart, parts_of
from engine.rules.scoring import NO_MAKER, ContractOutcome, Outcome
from engine.rules.variant import Goal, Win

if TYPE_CHECKING:
    from engine.mechanics.table import Table
    from engine.rules.variant import Variant

__all__ = ["MECHANIC", "RENEGE_LABEL", "Score"]

RENEGE_LABEL = "renege"
"""The label of a hand that a renege ended (``void_hand``): no row of the table applied."""


class Score(Phase):
    """Score the hand; end the game or deal again."""

    name = "score"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        space = variant.scoring.space
        self.has_auction = bool(space.bids)
        self.contracts = bool(space.table or space.forced)
        """The outcome names the bid table's bid and whether it was forced (``auction``)."""
        self.contract_result = variant.game.win is Win.CONTRACT_RESULT
        self.countdown = variant.game.goal is Goal.DOWN
        self.fixed_hands = variant.game.hands is not None
        """The game ends after a number of scored hands (``game.hands``, GAME-A1)."""
        self.parts = tuple([(key, hook.build) for key in variant.flow
                            if (hook := REGISTRY.get(key).result) is not None])
        """Each mechanic of the flow with a part of the hand's result, and its builder."""
        calling = variant.rules(CallPartnerRules)
        self.calls = calling is not None
        """The makers' side is decided during the hand (a called partner)."""
        self.secret_alone = calling is not None and calling.buried is BuriedCard.ALONE
        """A maker whose called card nobody else held is scored alone (CALL-A5)."""

    def start(self, s: Table) -> None:
        h = s.hand
        v = self.variant
        if h.maker < 0:  # nobody made trump: every side scores as defenders (no_maker)
            makers: tuple[int, ...] = ()
            outcome = NO_MAKER
        else:
            makers = h.sides[0]
            if self.secret_alone and CallPartnerPart.of(h).called >= 0 and len(makers) == 1:
                h.alone = [*h.alone, h.maker]  # CALL-A5: nobody else held the called card
            partner_alone = h.maker not in h.alone and any(seat in makers for seat in h.alone)
            outcome = Outcome(
                makers_tricks=sum(h.tricks_won[seat] for seat in makers),
                alone=h.maker in h.alone or partner_alone,  # ALONE-A1: the partner in his place
                defender_alone=any(seat not in makers for seat in h.alone),
                bid=h.bid if self.has_auction else None,
                special=h.bid_special,
                partner_alone=partner_alone,
            )
            if self.contracts:  # a bid table's bid, a stuck bid
                outcome = ContractOutcome.of(outcome, **contract_of(h))
        void = bool(h.reneges) and v.renege.void_hand
        deltas, label = self._table_points(s, outcome, void=void)
        shows = h.parts.get(DeclarePart)  # the shows declared before the play (`declare`)
        if type(shows) is DeclarePart and shows.declared:
            label = shows_scored(v, h, deltas) or label
        penalties = tuple([self._penalty(s, seat, card, maker_alone=outcome.alone)
                           for seat, card in h.reneges])
        for penalty in penalties:
            for seat, points in enumerate(penalty.points):
                deltas[seat] += points
        for seat, delta in enumerate(deltas):
            s.scores[seat] += delta
        record = self._hand_result(s, label=label, deltas=deltas, penalties=penalties,
                                   void=void)
        if self.contract_result:  # BID-A7: only the side whose contract result it was
            made = h.maker >= 0 and v.contract_made(maker=h.maker, tricks=h.tricks_won,
                                                    bid=record.bid, makers=record.makers)
            over, winners = v.game_result(s.scores, makers=makers, made=made)
        elif self.fixed_hands:  # GAME-A1: this hand and the hands scored before it
            scored = 1 + sum(1 for r in s.hands_played if r.scored)
            over, winners = v.game_result(s.scores, hands=scored)
        else:
            over, winners = v.game_result(s.scores)
        s.log.append((HandScored, record))
        if over:
            s.current = TERMINAL
            s.winners = winners
            s.log.append((GameWon, tuple(winners), tuple(s.scores)))
        s.next_hand(record)

    def _hand_result(self, s: Table, *, label: str, deltas: list[int],
                     penalties: tuple[Penalty, ...], void: bool) -> HandResult:
        """The record of the hand just scored, as ``State.hands_played`` keeps it."""
        h = s.hand
        parts: dict[str, ResultPart] = {}
        for key, build in self.parts:
            part = build(s)
            if part is not None:
                parts[key] = part
        return HandResult(
            hand=s.hand_no, dealer=s.dealer, maker=h.maker, trump=h.trump_name,
            bid=(self._bid_name(s) if self.has_auction and h.maker >= 0 else None),
            alone=tuple(h.alone), tricks=tuple(h.tricks_won), label=label,
            deltas=tuple(deltas), scores=tuple(s.scores),
            reneges=tuple([(seat, C.card_name(c)) for seat, c in h.reneges]),
            penalties=penalties, void=void, countdown=self.countdown, parts=parts_of(parts),
        )

    def _table_points(self, s: Table, outcome: Outcome, *, void: bool
                      ) -> tuple[list[int], str]:
        """Each seat's award from the row of the table that applies, and the row's label; a
        hand voided by a renege (STD-A8) consults no row."""
        h = s.hand
        if void:
            return [0] * self.players, RENEGE_LABEL
        v = self.variant
        deltas = v.award_points(maker=h.maker, tricks=h.tricks_won, alone=h.alone,
                                outcome=outcome,
                                sitting_out=seats_of(h.inactive) if h.inactive else (),
                                makers=h.sides[0] if self.calls and h.maker >= 0 else None)
        return list(deltas), v.scoring.row_for(outcome).label

    def _bid_name(self, s: Table) -> int | str:
        h = s.hand
        if self.contracts and self.variant.scoring.space.table:  # the table's name: 6S
            index: int = contract_of(h)["contract"]
            return self.variant.scoring.space.table[index][0]
        return h.bid_special or h.bid

    def _penalty(self, s: Table, offender: int, card: int, *, maker_alone: bool
                 ) -> Penalty:
        """One renege as the hand record keeps it: who, which card, in which trick, and the
        points it gives each seat (``penalties.renege``; ``alone``: the maker played alone)."""
        h = s.hand
        side = self.variant.sides.side_of(offender)
        points = self.variant.renege.points(offenders=side, players=self.players,
                                            maker_alone=maker_alone)
        laid = h.played.index((offender, card))
        return Penalty(seat=offender, card=C.card_name(card), trick=laid // h.n_active + 1,
                       points=tuple(points))


def _check_flow(check: FlowCheck) -> None:
    if check.flow[-2:] != ("play", "score"):
        check.fail("the flow must end with `play, score`", ("flow",))


def book(v: Variant) -> list[BookLine]:
    """The rule book: one row of the scoring table applies, then the renege penalty (both in
    the book's own words: the table and the penalties are the variant's, not this module's)."""
    sharing = ("Partners share their side's points." if v.sides.kind == "teams" else
               "Points go to each player of the side named.")
    return [Rule(text="After the last trick the hand is scored by the one row of this table "
                 f"that fits it. {sharing}"),
            BookPart(key="scoring.table"), BookPart(key="penalties.renege")]


MECHANIC = Mechanic(key="score", phase=Score, check_flow=_check_flow, required=True,
                    words=Words(title="Scoring", rules=book))
