"""Phase ``score``: the scoring table, renege penalties and the end of the game.

The hand's outcome (makers' tricks, lone players, the bid) selects the one row of the
variant's table that applies; every seat of each side receives that row's award. A renege
recorded during the hand (variants that allow it) adds the penalty, or replaces the hand's
score when ``void_hand`` is set. Then the game ends if a side reached the target
(ties: ``game.tie``), otherwise the deal passes left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import cards as C
from engine.phases.base import TERMINAL, Phase
from engine.scoring import Outcome

if TYPE_CHECKING:
    from engine.state import State
    from engine.variant import Variant

__all__ = ["Score"]


class Score(Phase):
    """Score the hand; end the game or deal again."""

    name = "score"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.sides_of = [variant.sides.hand_sides(m) for m in range(variant.players)]
        self.has_auction = variant.auction is not None

    def start(self, s: State) -> None:
        v = self.variant
        makers = self.sides_of[s.maker][0]
        outcome = Outcome(
            makers_tricks=sum(s.tricks_won[seat] for seat in makers),
            alone=s.maker in s.alone,
            defender_alone=any(seat not in makers for seat in s.alone),
            bid=s.bid if self.has_auction else None,
            top_bid=s.bid_top,
        )
        deltas = list(v.award_points(maker=s.maker, tricks=s.tricks_won, alone=s.alone,
                                     outcome=outcome))
        if s.reneges:
            self._penalise(s, deltas, outcome.alone)
        for seat, delta in enumerate(deltas):
            s.scores[seat] += delta
        row = v.scoring.row_for(outcome)
        record = {
            "hand": s.hand_no, "dealer": s.dealer, "maker": s.maker, "trump": s.trump_name,
            "bid": (self._bid_name(s) if self.has_auction else None), "alone": list(s.alone),
            "tricks": list(s.tricks_won), "label": row.label, "deltas": deltas,
            "scores": list(s.scores), "reneges": [[seat, C.card_name(c)] for seat, c in s.reneges],
            "swapped": s.swapped if s.swapped >= 0 else None,
            "merged": bool(s.merged),
        }
        over, winners = v.game_result(s.scores)
        if over:
            s.current = TERMINAL
            s.winners = winners
        s.next_hand(record)

    def _bid_name(self, s: State) -> int | str:
        auction = self.variant.auction
        if s.bid_top and auction is not None and auction.top_bid is not None:
            return auction.top_bid.name
        return s.bid

    def _penalise(self, s: State, deltas: list[int], maker_alone: bool) -> None:
        rules = self.variant.renege
        if rules.void_hand:
            deltas[:] = [0] * self.players
        env = {"alone": maker_alone}
        offender_points = rules.offender.evaluate(env)
        opponent_points = rules.opponents.evaluate(env)
        assert isinstance(offender_points, int) and isinstance(opponent_points, int)
        for seat, _ in s.reneges:
            side = next(side for side in self.sides_of[s.maker] if seat in side)
            for other in range(self.players):
                deltas[other] += offender_points if other in side else opponent_points
