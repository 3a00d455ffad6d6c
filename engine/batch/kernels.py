"""Batch forms of the mechanics of partnership Euchre: deal, upcard bidding, going alone,
the dealer's pickup and trick play, each for B games at once with uniformly random seats.

Each kernel is built once from a compiled variant (its mechanic's config record) and runs one
phase of one hand for every row of a :class:`~engine.batch.hand.BatchHand`. ``check`` says
why a configuration has no batch form (None: it has one); :mod:`engine.batch.forms` lists
the kernels by mechanic name. Fixed-length phases are unrolled (four bidders a round, four
seats a trick); a seat a row skips (a lone maker's partner, a decided bid) is masked.

The choices are those of the scalar ``random`` bot: one uniform draw over the legal actions
(``engine.bots.random_bot``), here over the same legal sets computed with masks.
"""

from __future__ import annotations

from typing import TypeVar

import numpy as np
import numpy.typing as npt

from engine.batch.greedy import ALONE_AT, ORDER_AT, GreedyTables, counts_by_suit, trumps
from engine.batch.hand import NONE, BatchHand, Ints
from engine.batch.tables import (
    EFFECTIVE,
    ONE,
    POWER,
    SUIT_MASK,
    SUITS,
    U64,
    choose_bit,
    low_bit_index,
)
from engine.core import actions as A
from engine.mechanics.dealer_pickup import DealerPickupRules, PickupMode
from engine.mechanics.go_alone import GoAloneRules
from engine.mechanics.play import FirstLead, PlayRules
from engine.mechanics.upcard_bidding import AllPass, UpcardBiddingRules
from engine.rules.variant import Variant

__all__ = ["Deal", "DealerPickup", "GoAlone", "Play", "UpcardBidding"]

BLANK_CARD = 63
"""No card has this id (every id is below 62): the tables give it no suit and no power."""
BLANK = ONE << np.uint64(BLANK_CARD)

_T = TypeVar("_T")


def _rules(variant: Variant, record: type[_T]) -> _T:
    rules = variant.rules(record)
    assert rules is not None, record
    return rules


class Deal:
    """``deal``: a shuffle per row (argsort of uniform keys), ``hand_size`` cards a seat, the
    upcard, the rest to the kitty. Which seat gets which packet does not change the law of a
    uniform shuffle, so packets are not simulated."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        if variant.deal.extra_hands:
            return "extra hands (a dummy, a widow) have no batch form yet"
        if variant.deck.copies != 1 or variant.deck.jokers:
            return "double decks and jokers have no batch form yet"
        return None

    def __init__(self, variant: Variant) -> None:
        self.deck = np.array(variant.deck.cards, dtype=np.int64)
        self.bits = ONE << self.deck.astype(np.uint64)
        self.mask = variant.deck.mask
        self.hand_size = variant.deal.hand_size
        self.upcard = variant.deal.upcard

    def run(self, bh: BatchHand) -> None:
        n, p, h = bh.n, bh.players, self.hand_size
        order = bh.rng.random((n, self.deck.size)).argsort(axis=1)
        dealt = self.bits[order[:, :p * h]].reshape(n, p, h)
        hands = dealt[:, :, 0].copy()
        for i in range(1, h):
            hands |= dealt[:, :, i]
        bh.hands = hands
        rest = p * h
        if self.upcard:
            bh.upcard = self.deck[order[:, rest]]
            rest += 1
        for row in bh.logged if bh.logged is not None else ():  # the kitty: the rest
            held = [int(m) for m in bh.hands[row]]
            up = int(bh.upcard[row])
            kitty = self.mask & ~(sum(held) | (1 << up if up >= 0 else 0))
            bh.deals.append((int(bh.dealer[row]), tuple(held), up, kitty))


class UpcardBidding:
    """``upcard_bidding``: round 1 each seat from eldest passes or orders up (one chance in
    two); round 2 each passes or names a suit (the turned-down one excluded where the
    variant says); with stick the dealer the dealer may not pass in the last round."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        r = _rules(variant, UpcardBiddingRules)
        if r.rounds != 2 or r.must_order_when is not None or r.no_trump:
            return "one-round bidding, forced orders and no-trump calls have no batch form yet"
        if r.all_pass is not AllPass.THROW_IN:
            return "`all_pass` other than throw_in has no batch form yet"
        return None

    def __init__(self, variant: Variant) -> None:
        self.rules = _rules(variant, UpcardBiddingRules)

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
                wants = trumps(bh.hand_of(seat), turned) >= ORDER_AT
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
                wants = stuck | (counts.max(axis=1) >= ORDER_AT)
                pick = np.where(greedy, np.where(wants, 0, -1), pick)
                suit = np.where(greedy, best, suit)
            call = undecided & (pick >= 0)
            bh.act(undecided, np.where(call, A.CALL + suit, A.PASS))
            maker = np.where(call, seat, maker)
            trump = np.where(call, suit, trump)
        bh.maker, bh.trump = maker, trump


class GoAlone:
    """``go_alone``: the maker says ``alone`` or ``pass`` (one chance in two); a lone maker's
    partner sits out."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        r = _rules(variant, GoAloneRules)
        if r.defender or r.must_when is not None or r.exposed or not r.maker:
            return "lone defenders, forced or exposed lone hands have no batch form yet"
        return None

    def __init__(self, variant: Variant) -> None:
        pass

    def run(self, bh: BatchHand) -> None:
        made = bh.maker >= 0
        alone = made & (bh.uniform(2) == 1)
        greedy = bh.greedy_at(np.maximum(bh.maker, 0))
        if greedy is not None:
            wants = trumps(bh.hand_of(np.maximum(bh.maker, 0)), bh.trump) >= ALONE_AT
            alone = made & np.where(greedy, wants, alone)
        bh.act(made, np.where(alone, A.ALONE, A.PASS))
        bh.out = np.where(alone, (bh.maker + 2) % bh.players, NONE)


class DealerPickup:
    """``dealer_pickup`` (``must`` or ``discard_other``): after an order-up the dealer, unless
    he sits out, takes the upcard and discards one card uniformly (the upcard too with
    ``must``)."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        r = _rules(variant, DealerPickupRules)
        if r.mode is PickupMode.OPTIONAL:
            return "the optional pickup has no batch form yet"
        if "dummy_merge" in variant.flow:
            return "a pickup followed by a dummy merge has no batch form yet"
        return None

    def __init__(self, variant: Variant) -> None:
        self.other = _rules(variant, DealerPickupRules).mode is PickupMode.DISCARD_OTHER
        self.greedy = GreedyTables(variant)

    def run(self, bh: BatchHand) -> None:
        rows = np.arange(bh.n)
        takes = bh.ordered & (bh.dealer != bh.out)
        up = np.where(takes, ONE << np.maximum(bh.upcard, 0).astype(np.uint64), np.uint64(0))
        held = bh.hands[rows, bh.dealer]
        legal = np.where(takes, held if self.other else held | up, np.uint64(0))
        bit = choose_bit(legal, bh.rng)
        greedy = bh.greedy_at(bh.dealer)
        if greedy is not None:
            low = ONE << self.greedy.discard(legal, bh.trump).astype(np.uint64)
            bit = np.where(greedy & takes, low, bit)
        bh.act(takes, A.DISCARD + low_bit_index(bit))
        bh.hands[rows, bh.dealer] = (held | up) ^ bit


class Play:
    """``play`` (first lead: eldest, skipping a seat that sits out): ``hand_size`` tricks of
    up to four cards; a seat must follow the effective suit led when it can; the highest power
    wins, the first of equals; the winner leads next."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        if _rules(variant, PlayRules).first_lead is not FirstLead.ELDEST:
            return "first leads other than eldest have no batch form yet"
        if variant.renege.allowed:
            return "reneging has no batch form"
        return None

    def __init__(self, variant: Variant) -> None:
        self.tricks = variant.deal.hand_size
        self.greedy = GreedyTables(variant)

    def run(self, bh: BatchHand) -> None:
        n, p, h = bh.n, bh.players, self.tricks
        flat = bh.hands.reshape(-1)
        base = np.arange(n) * p
        trump, out = bh.trump, bh.out
        leader = bh.seat(1)
        leader = np.where(leader == out, (leader + 1) % p, leader)
        width = POWER.shape[2]
        power_rows = trump * (5 * width)
        # A seat that does not play (a lone maker's partner; every seat of a thrown-in hand)
        # holds only the blank card, which follows no suit and has no power: it "plays" it
        # and is given it back each trick, so no step has to mask it out.
        sitting = np.concatenate([base[out >= 0] + out[out >= 0],
                                  (base[bh.maker < 0, None] + np.arange(p)).reshape(-1)])
        flat[sitting] = BLANK
        power_table = POWER.reshape(-1)
        draws = bh.rng.random((h, p, n))
        for trick in range(h):
            suit_mask = SUIT_MASK[0, 0]
            led = trump  # set by the lead
            best_seat, best_power = leader, np.full(n, -1, dtype=np.int64)
            for pos in range(p):
                seat = (leader + pos) % p
                where = base + seat
                hand = flat[where]
                if pos == 0:
                    legal = hand
                else:
                    follow = hand & suit_mask
                    legal = np.where(follow != 0, follow, hand)
                k = (draws[trick, pos] * np.bitwise_count(legal)).astype(np.int64)
                m = legal.copy()
                for j in range(h - trick - 1):  # clear the k lowest cards
                    np.bitwise_and(m, m - (k > j), out=m)
                bit = m & (~m + ONE)
                greedy = bh.greedy_at(seat)
                if greedy is not None:
                    bit = self._greedy(bit, greedy=greedy & (legal != BLANK), legal=legal,
                                       trump=trump, led=led if pos else None, best=best_power)
                flat[where] = hand ^ bit
                card = low_bit_index(bit)
                if pos == 0:
                    led = EFFECTIVE[trump, card]
                    suit_mask = SUIT_MASK[trump, led]
                    led_rows = power_rows + led * width
                power = power_table[led_rows + card]
                better = power > best_power
                best_seat = np.where(better, seat, best_seat)
                best_power = np.where(better, power, best_power)
                if bh.logged is not None:
                    bh.act(card != BLANK_CARD, A.PLAY + card)
            taken = bh.tricks.reshape(-1)
            taken[base + best_seat] += 1  # one row each: no repeated index
            leader = best_seat
            flat[sitting] = BLANK
        flat[sitting] = 0

    def _greedy(self, bit: U64, *, greedy: npt.NDArray[np.bool_], legal: U64, trump: Ints,
                led: Ints | None, best: Ints) -> U64:
        """``bit``, with the greedy bot's card in the rows it plays."""
        card = self.greedy.lead(legal, trump) if led is None else \
            self.greedy.follow(legal, trump, led, best)
        chosen: U64 = np.where(greedy, ONE << card.astype(np.uint64), bit)
        return chosen
