"""``upcard_bidding`` in batch form: two rounds on the upcard for B games at once.

As the scalar phase (``engine.mechanics.upcard_bidding``): fixed-length rounds are unrolled
(each seat once a round), a row already decided is masked. The choices are those of the
scalar ``random`` bot: one uniform draw over the legal actions (``engine.bots.random_bot``),
here over the same legal sets computed with masks; a seat the ``greedy`` bot plays takes its
rule (``engine.bots.greedy``). Nobody making trump throws the hand in: all passed.
"""

from __future__ import annotations

import numpy as np

from engine.core import actions as A
from engine.mechanics.batch.greedy import counts_by_suit, trumps
from engine.mechanics.batch.hand import BatchHand, rules_of
from engine.mechanics.batch.tables import SUITS
from engine.mechanics.upcard_bidding import ALL_PASSED, AllPass, UpcardBiddingRules
from engine.rules.variant import Variant

__all__ = ["UpcardBidding"]


class UpcardBidding:
    """``upcard_bidding``: round 1 each seat from eldest passes or orders up (one chance in
    two); round 2 each passes or names a suit (the turned-down one excluded where the
    variant says); with stick the dealer the dealer may not pass in the last round."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        r = rules_of(variant, UpcardBiddingRules)
        if r.rounds != 2 or r.must_order_when is not None or r.no_trump:
            return "one-round bidding, forced orders and no-trump calls have no batch form yet"
        if r.all_pass is not AllPass.THROW_IN:
            return "`all_pass` other than throw_in has no batch form yet"
        return None

    def __init__(self, variant: Variant) -> None:
        self.rules = rules_of(variant, UpcardBiddingRules)

    def run(self, bh: BatchHand) -> None:
        p = bh.players
        turned = SUITS[bh.upcard]
        maker = bh.maker
        for i in range(1, p + 1):  # round 1: pass or order up
            seat = bh.seat(i)
            undecided = maker < 0
            order = bh.uniform(2) == 1
            greedy = bh.greedy_at(seat)
            if greedy is not None:
                wants = trumps(bh.hand_of(seat), turned) >= bh.order_at
                order = np.where(greedy, wants, order)
            bh.act(undecided, np.where(order, A.ORDER_UP, A.PASS))
            maker = np.where(undecided & order, seat, maker)
        bh.ordered = maker >= 0
        trump = turned.copy()
        exclude = self.rules.exclude_turned_down
        for i in range(1, p + 1):  # round 2: pass or name a suit
            seat = bh.seat(i)
            undecided = maker < 0
            stuck = self.rules.stick_the_dealer and i == p
            excluded = exclude and not (stuck and self.rules.stuck_dealer_may_name_turned_down)
            suits = 3 if excluded else 4
            pick = bh.uniform(suits if stuck else suits + 1) - (0 if stuck else 1)
            suit = pick + (pick >= turned) if excluded else pick
            greedy = bh.greedy_at(seat)
            if greedy is not None:
                counts = counts_by_suit(bh.hand_of(seat))
                if excluded:
                    counts[np.arange(bh.n), turned] = -1
                best = counts.argmax(axis=1)  # the lowest suit of equals, as the bot
                wants = stuck | (counts.max(axis=1) >= bh.order_at)
                pick = np.where(greedy, np.where(wants, 0, -1), pick)
                suit = np.where(greedy, best, suit)
            call = undecided & (pick >= 0)
            bh.act(undecided, np.where(call, A.CALL + suit, A.PASS))
            maker = np.where(call, seat, maker)
            trump = np.where(call, suit, trump)
        bh.maker, bh.trump = maker, trump
        bh.thrown_in_why = ALL_PASSED
