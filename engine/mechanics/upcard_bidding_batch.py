"""``upcard_bidding`` in batch form: two rounds on the upcard for B games at once.

As the scalar phase (``engine.mechanics.upcard_bidding``): fixed-length rounds are unrolled
(each seat once a round), a row already decided is masked. The choices are those of the
scalar ``random`` bot: one uniform draw over the legal actions (``engine.bots.random_bot``),
here over the same legal sets computed with masks; a seat the ``greedy`` bot plays takes its
rule (``engine.bots.greedy``). Nobody making trump throws the hand in: all passed; or
(``all_pass: no_trump``, BUCK-A5) the hand is played at no-trump without a maker. A row whose
trump the upcard fixed (``upcard_trump``) has nothing to bid.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.batch.greedy import counts_by_suit, trumps
from engine.mechanics.batch.hand import BatchHand, Ints, rules_of
from engine.mechanics.batch.tables import ONE, SUITS
from engine.mechanics.batch.vectors import NotVectorisable, Vector, vectorise_hands
from engine.mechanics.upcard_bidding import ALL_PASSED, AllPass, JokerUpcard, UpcardBiddingRules
from engine.rules.variant import Variant

__all__ = ["UpcardBidding"]


class UpcardBidding:
    """``upcard_bidding``: round 1 each seat from eldest passes or orders up (one chance in
    two); round 2 each passes or names a suit (the turned-down one excluded where the
    variant says) or, where the variant allows it, no-trump (STD-A12); with stick the dealer
    the dealer may not pass in the last round."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        r = rules_of(variant, UpcardBiddingRules)
        if r.must_order_when is not None:
            try:
                vectorise_hands(r.must_order_when, bowers=variant.deck.bowers)
            except NotVectorisable as error:  # pragma: no cover - every hand condition has one
                return f"`upcard_bidding.must_order_when`: {error}"
        if variant.deck.jokers and r.joker_upcard is JokerUpcard.REDEAL:
            return "a joker turned up thrown in (`joker_upcard: redeal`) has no batch form yet"
        return None

    def __init__(self, variant: Variant) -> None:
        self.rules = rules_of(variant, UpcardBiddingRules)
        self.size = variant.deal.hand_size
        self.jokers = variant.deck.jokers > 0
        self.no_trump_all_pass = self.rules.all_pass is AllPass.NO_TRUMP
        """All passed twice: played at no-trump with no maker (BUCK-A5), not thrown in."""
        must = self.rules.must_order_when
        self.must: Vector | None = None if must is None else vectorise_hands(
            must, bowers=variant.deck.bowers)
        """Round 1: a hand that meets ``must_order_when`` may not pass (STD-A16)."""
        self.stuck_first = self.rules.stick_the_dealer and self.rules.rounds == 1
        """One round with stick the dealer: the dealer may not pass in round 1."""

    def run(self, bh: BatchHand) -> None:
        p = bh.players
        turned = printed = SUITS[bh.upcard]
        maker = bh.maker
        if self.jokers:  # a joker turned up (STD-A3)
            maker, turned = self._joker(bh, turned)
        for i in range(1, p + 1):  # round 1: pass or order up
            seat = bh.seat(i)
            undecided = bh.still_open(maker < 0)
            order = bh.uniform(2) == 1
            greedy = bh.greedy_at(seat)
            if greedy is not None:
                # the scalar rule counts the upcard's printed suit: for a joker (a suit
                # proposed, `fixed_suit`) the jokers, none of them in hand: it passes
                wants = trumps(bh.hand_of(seat), printed) >= bh.order_at
                order = np.where(greedy, wants, order)
            heuristic = bh.heuristic_at(seat)
            if heuristic is not None:
                order = np.where(heuristic, self._orders(bh, seat, turned, dealer=i == p), order)
            if self.must is not None:  # ORDER_UP is the only legal action: every bot takes it
                order = order | np.asarray(self.must({"hand": bh.hand_of(seat),
                                                      "trump": turned}), dtype=bool)
            if self.stuck_first and i == p:
                order = np.ones(bh.n, dtype=bool)
            bh.act(undecided, np.where(order, A.ORDER_UP, A.PASS))
            maker = np.where(undecided & order, seat, maker)
        bh.ordered = bh.ordered | (maker >= 0)  # or trump fixed by the upcard (upcard_trump)
        trump = turned.copy() if bh.no_maker is None else np.where(bh.no_maker, bh.trump, turned)
        if self.rules.rounds == 2:
            maker, trump = self._round_two(bh, maker, trump, turned)
        self._settle(bh, maker, trump)

    def _round_two(self, bh: BatchHand, maker: Ints, trump: Ints, turned: Ints
                   ) -> tuple[Ints, Ints]:
        """Round 2: each seat from eldest passes or names a suit (or no-trump), the turned-down
        suit left out where the variant says; the stuck dealer may not pass."""
        p = bh.players
        exclude = self.rules.exclude_turned_down
        for i in range(1, p + 1):  # round 2: pass or name a suit
            seat = bh.seat(i)
            undecided = bh.still_open(maker < 0)
            stuck = self.rules.stick_the_dealer and i == p
            excluded = exclude and not (stuck and self.rules.stuck_dealer_may_name_turned_down)
            suits = 3 if excluded else 4
            options = suits + 1 if self.rules.no_trump else suits  # no-trump: the last call
            pick = bh.uniform(options if stuck else options + 1) - (0 if stuck else 1)
            suit = pick + (pick >= turned) if excluded else pick
            if self.rules.no_trump:
                suit = np.where(pick == suits, C.NO_TRUMP, suit)
            greedy = bh.greedy_at(seat)
            if greedy is not None:
                counts = counts_by_suit(bh.hand_of(seat))
                if excluded:
                    counts[np.arange(bh.n), turned] = -1
                best = counts.argmax(axis=1)  # the lowest suit of equals, as the bot
                wants = stuck | (counts.max(axis=1) >= bh.order_at)
                pick = np.where(greedy, np.where(wants, 0, -1), pick)
                suit = np.where(greedy, best, suit)
            heuristic = bh.heuristic_at(seat)
            if heuristic is not None:
                calls, named = self._calls(bh, seat, turned if excluded else None, stuck=stuck,
                                           no_trump=self.rules.no_trump)
                pick = np.where(heuristic, np.where(calls, 0, -1), pick)
                suit = np.where(heuristic, named, suit)
            call = undecided & (pick >= 0)
            bh.act(undecided, np.where(call, A.CALL + suit, A.PASS))
            maker = np.where(call, seat, maker)
            trump = np.where(call, suit, trump)
        return maker, trump

    def _settle(self, bh: BatchHand, maker: Ints, trump: Ints) -> None:
        """The bidding's outcome: the maker and trump; where all passed twice, the hand is
        thrown in, or (``all_pass: no_trump``, BUCK-A5) played at no-trump with no maker."""
        bh.maker, bh.trump = maker, trump
        bh.thrown_in_why = ALL_PASSED
        if self.no_trump_all_pass:
            passed = bh.still_open(maker < 0)
            bh.trump = np.where(passed, C.NO_TRUMP, trump)
            bh.no_maker = passed if bh.no_maker is None else bh.no_maker | passed

    def _joker(self, bh: BatchHand, turned: Ints) -> tuple[Ints, Ints]:
        """The makers and the suits proposed where the joker is turned up: with
        ``fixed_suit`` that suit is proposed; with ``dealer_names`` the dealer names trump
        blind and takes the joker, as if ordered up: a suit uniformly; the ``greedy`` bot,
        which sees no card, the first of equals (clubs); the ``heuristic`` bot draws too (the
        scalar one from its own generator: ``--verify`` checks only that a blind call is
        legal)."""
        joker = bh.upcard == C.JOKER
        if self.rules.joker_upcard is JokerUpcard.FIXED_SUIT:
            return bh.maker, np.where(joker, self.rules.joker_upcard_suit, turned)
        suit = bh.uniform(4)
        greedy = bh.greedy_at(bh.dealer)
        if greedy is not None:
            suit = np.where(greedy, C.CLUBS, suit)
        bh.act(joker, A.CALL + suit)
        maker: Ints = np.where(joker, bh.dealer, bh.maker)
        return maker, np.where(joker, suit, turned)  # decided: trump, as if ordered up

    def _orders(self, bh: BatchHand, seat: Ints, turned: Ints, *, dealer: bool
                ) -> npt.NDArray[np.bool_]:
        """The heuristic's round-1 rule (``upcard_bidding_bot.decide``): order up when the
        estimate (the dealer's best five with the upcard; another seat's hand, plus 0.6 of the
        upcard's worth when the dealer is a partner, less 0.5 of it otherwise) reaches the
        threshold without two weak trumps."""
        assert bh.heuristic is not None
        tables = bh.heuristic.tables
        hand = bh.hand_of(seat)
        if dealer:  # the seat in the last place is the dealer
            up = ONE << np.maximum(bh.upcard, 0).astype(np.uint64)
            hand = tables.best_keep(hand | up, turned, self.size)
            est = tables.strength(hand, turned)
        else:
            value = tables.strength(ONE << np.maximum(bh.upcard, 0).astype(np.uint64), turned)
            partner = tables.side[seat, seat, bh.dealer]
            est = tables.strength(hand, turned)
            est = est + np.where(partner, 0.6 * value, -0.5 * value)
        wants: npt.NDArray[np.bool_] = (est >= tables.numbers.threshold) & ~tables.weak(hand,
                                                                                       turned)
        return wants

    @staticmethod
    def _calls(bh: BatchHand, seat: Ints, excluded: Ints | None, *, stuck: bool,
               no_trump: bool) -> tuple[npt.NDArray[np.bool_], Ints]:
        """The heuristic's round-2 rule: the suit of best estimate (the highest of equals,
        the turned-down one left out where excluded; no-trump, where it may be called, last,
        so that it wins a tie as the scalar ``max`` of (estimate, call) has it), named when
        it reaches the threshold without two weak trumps, or when the dealer is stuck."""
        assert bh.heuristic is not None
        tables = bh.heuristic.tables
        hand = bh.hand_of(seat)
        best = np.full(bh.n, -np.inf)
        suit = np.zeros(bh.n, dtype=np.int64)
        for s in (0, 1, 2, 3, C.NO_TRUMP) if no_trump else range(4):
            est = tables.strength(hand, np.full(bh.n, s))
            better = est >= best
            if excluded is not None:
                better &= excluded != s
            best = np.where(better, est, best)
            suit = np.where(better, s, suit)
        calls: npt.NDArray[np.bool_] = (best >= tables.numbers.threshold) & ~tables.weak(hand,
                                                                                        suit)
        return (calls | stuck), suit
