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

import numpy as np
import numpy.typing as npt

from engine.batch.alone import GoAlone
from engine.batch.greedy import ORDER_AT, GreedyTables, counts_by_suit, trumps
from engine.batch.hand import BatchHand, Ints, rules_of
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
from engine.mechanics.play import FirstLead, PlayRules
from engine.mechanics.upcard_bidding import AllPass, UpcardBiddingRules
from engine.rules.variant import Variant

__all__ = ["Deal", "DealerPickup", "GoAlone", "Play", "UpcardBidding"]

BLANK_CARD = 63
"""No card has this id (every id is below 62): the tables give it no suit and no power."""
BLANK = ONE << np.uint64(BLANK_CARD)
PLAYABLE = ~BLANK
"""Every bit but the blank card's: a seat that plays the blank card keeps it."""
_TRICK_BITS = 5
_COLUMNS = POWER.shape[2]
_EFFECTIVE_FLAT = EFFECTIVE.reshape(-1)
_SUIT_MASK_FLAT = SUIT_MASK.reshape(-1)
"""The tables flat: one index ``trump * columns + card`` instead of two index arrays."""

_FIRST_LEADS = (FirstLead.ELDEST, FirstLead.MAKER, FirstLead.LEFT_OF_LONER)
_rules = rules_of


class Deal:
    """``deal``: a shuffle per row, ``hand_size`` cards a seat and an extra hand (a dummy, the
    ghost), the upcard, the rest to the kitty. Which position gets which packet does not
    change the law of a uniform shuffle, so packets are not simulated.

    The shuffle is Fisher-Yates, run on all rows at once and only as far as the cards dealt
    (position ``i`` takes a uniform one of the positions ``i`` and after): every ordering of
    the dealt cards is equally likely, as with a full shuffle, in about two thirds of the time
    of sorting random keys."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        if variant.deck.copies != 1 or variant.deck.jokers:
            return "double decks and jokers have no batch form yet"
        return None

    def __init__(self, variant: Variant) -> None:
        self.deck = np.array(variant.deck.cards, dtype=np.int64)
        self.bits = ONE << self.deck.astype(np.uint64)
        self.mask = variant.deck.mask
        self.hand_size = variant.deal.hand_size
        self.upcard = variant.deal.upcard
        self.positions = variant.deal.positions
        """The seats, then the extra hands (a dummy, the ghost), as the scalar deal's."""

    def shuffle(self, rng: np.random.Generator, n: int, dealt: int) -> npt.NDArray[np.int8]:
        """``(dealt, n)``: the deck positions of the first ``dealt`` cards of a uniform
        shuffle of each row's deck (partial Fisher-Yates, one column per row)."""
        size = self.deck.size
        order = np.repeat(np.arange(size, dtype=np.int8)[:, None], n, axis=1)
        flat = order.reshape(-1)
        rows = np.arange(n)
        draws = rng.random((dealt, n))
        for i in range(min(dealt, size - 1)):
            where = (draws[i] * (size - i)).astype(np.int64)  # i + a uniform 0 .. size-i-1
            where += i
            where *= n
            where += rows
            here = order[i].copy()
            order[i] = flat[where]
            flat[where] = here
        return order[:dealt]

    def run(self, bh: BatchHand) -> None:
        n, p, h = bh.n, self.positions, self.hand_size
        dealt = p * h + (1 if self.upcard else 0)
        order = self.shuffle(bh.rng, n, dealt)
        cards = self.bits[order[:p * h]].reshape(p, h, n)
        bh.hands = np.bitwise_or.reduce(cards, axis=1).T.copy()
        if self.upcard:
            bh.upcard = self.deck[order[p * h]]
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


class DealerPickup:
    """``dealer_pickup`` (``must`` or ``discard_other``): after an order-up the dealer, unless
    he sits out, takes the upcard and discards one card uniformly (the upcard too with
    ``must``); a dealer who made trump keeps all six when a dummy merge follows."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        r = _rules(variant, DealerPickupRules)
        if r.mode is PickupMode.OPTIONAL:
            return "the optional pickup has no batch form yet"
        return None

    def __init__(self, variant: Variant) -> None:
        self.other = _rules(variant, DealerPickupRules).mode is PickupMode.DISCARD_OTHER
        flow = variant.flow
        self.merge_follows = "dummy_merge" in flow and flow.index("dummy_merge") > flow.index(
            "dealer_pickup")
        """A dealer who is the maker discards in the merge instead (5 of 11, CTD-A3)."""
        self.greedy = GreedyTables(variant)

    def run(self, bh: BatchHand) -> None:
        rows = np.arange(bh.n)
        takes = bh.ordered & (bh.dealer != bh.out)
        up = np.where(takes, ONE << np.maximum(bh.upcard, 0).astype(np.uint64), np.uint64(0))
        held = bh.hands[rows, bh.dealer]
        discards = takes & (bh.maker != bh.dealer) if self.merge_follows else takes
        legal = np.where(discards, held if self.other else held | up, np.uint64(0))
        bit = choose_bit(legal, bh.rng)
        greedy = bh.greedy_at(bh.dealer)
        if greedy is not None:
            low = ONE << self.greedy.discard(legal, bh.trump).astype(np.uint64)
            bit = np.where(greedy & discards, low, bit)
        bh.act(discards, A.DISCARD + low_bit_index(bit))
        bh.hands[rows, bh.dealer] = (held | up) ^ bit


class Play:
    """``play`` (first lead: eldest, the maker or left of the loner, skipping a seat that
    sits out): ``hand_size`` tricks of
    up to four cards; a seat must follow the effective suit led when it can; the highest power
    wins, the first of equals; the winner leads next."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        if _rules(variant, PlayRules).first_lead not in _FIRST_LEADS:
            return "this first lead has no batch form yet"
        # Reneging (``penalties.renege.allowed``) needs nothing here: the batch bots, like the
        # scalar ones, choose among the legal actions, which always follow suit (a renege is
        # an action a player types, accepted but never offered); so no renege is penalised.
        return None

    def __init__(self, variant: Variant) -> None:
        self.tricks = variant.deal.hand_size
        self.first_lead = _rules(variant, PlayRules).first_lead
        self.greedy = GreedyTables(variant)
        p = self.players = variant.players
        self.places = np.arange(p)[:, None]
        self.trick_of = np.left_shift(1, _TRICK_BITS * np.arange(p))
        """One trick for a seat in the count of every seat's tricks (one ``int64``)."""
        assert p * _TRICK_BITS < 63 and self.tricks < 1 << _TRICK_BITS
        self.shift = max(1, (p - 1).bit_length())
        self.place_mask = (1 << self.shift) - 1
        self.power_code = POWER.reshape(-1) << self.shift
        self.place_code = self.place_mask - np.arange(p)
        """A card's code in a trick: its power, shifted, plus ``place_code[place]``."""

    def run(self, bh: BatchHand) -> None:
        n, p, h = bh.n, bh.players, self.tricks
        games = np.arange(n)
        trump, out = bh.trump, bh.out
        leader = self._first_leader(bh)
        # A seat that does not play (a lone maker's partner; every seat of a thrown-in hand)
        # holds only the blank card, which follows no suit, has no power and is never taken
        # from the hand, so no step has to mask the seat out.
        seats = bh.hands[:, :p].T.copy()
        seats[out[out >= 0], games[out >= 0]] = BLANK
        seats[:, bh.maker < 0] = BLANK
        # The hands by place in the trick (row q: the seat q places after the leader),
        # turned each trick so that the winner's is row 0: a step reads and writes one row.
        held = self._turn(seats, leader, games)
        trump_cards = trump * _COLUMNS
        trump_suits = trump * 5
        # The last trick needs no draw: every seat holds one card (or the blank one).
        draws = bh.rng.random((h - 1, p, n))
        taken = np.zeros(n, dtype=np.int64)
        """The tricks taken, ``_TRICK_BITS`` bits a seat (seat 0 the lowest)."""
        for trick in range(h):
            # A trick's best card as one number: its power, then the earlier place (the
            # first of equals wins), so that the winner is a running maximum.
            best = np.full(n, -1, dtype=np.int64)
            suit_mask, led, led_cards = SUIT_MASK[0, 0], trump, trump  # set by the lead
            for pos in range(p):
                hand = held[pos]
                if pos == 0:
                    legal = hand
                else:
                    follow = hand & suit_mask
                    legal = np.where(follow != 0, follow, hand)
                bit = legal.copy() if trick == h - 1 else \
                    self._uniform(legal, draws[trick, pos], clears=h - trick - 1)
                if bh.greedy is not None:
                    greedy = bh.greedy[self._wrap(leader + pos)] & (legal != BLANK)
                    bit = self._greedy(bit, greedy=greedy, legal=legal, trump=trump,
                                       led=led if pos else None, best=best >> self.shift)
                np.bitwise_xor(hand, bit & PLAYABLE, out=hand)
                card = np.bitwise_count(bit - ONE)
                if pos == 0:
                    led = _EFFECTIVE_FLAT[trump_cards + card]
                    suit_mask = _SUIT_MASK_FLAT[trump_suits + led]
                    led_cards = (trump_suits + led) * _COLUMNS
                code = self.power_code[led_cards + card]
                code += self.place_code[pos]
                np.maximum(best, code, out=best)
                if bh.logged is not None:
                    bh.act(card != BLANK_CARD, A.PLAY + card.astype(np.int64))
            place = self.place_mask - (best & self.place_mask)
            leader = self._wrap(leader + place)
            taken += self.trick_of[leader]
            if trick < h - 1:
                held = self._turn(held, place, games)
        for seat in range(p):
            bh.tricks[:, seat] += (taken >> (_TRICK_BITS * seat)) & ((1 << _TRICK_BITS) - 1)
        bh.hands.fill(0)

    def _first_leader(self, bh: BatchHand) -> Ints:
        """Eldest (STD-A2), the maker, or left of the loner (CTD-A6: the lone maker, else the
        lone defender, else eldest), skipping the seat that sits out."""
        rule, made = self.first_lead, bh.maker >= 0
        if rule is FirstLead.MAKER:
            leader = np.where(made, bh.maker, self._wrap(bh.dealer + 1))
        else:
            before = bh.dealer
            if rule is FirstLead.LEFT_OF_LONER:
                loner = np.where(bh.defender_alone >= 0, bh.defender_alone, bh.dealer)
                before = np.where(bh.alone, bh.maker, loner)
            leader = self._wrap(before + 1)
        return np.where(leader == bh.out, self._wrap(leader + 1), leader)

    def _wrap(self, seats: Ints) -> Ints:
        """``seats`` modulo the number of players (in place)."""
        if self.players & (self.players - 1) == 0:  # a power of two: a mask, no division
            return np.bitwise_and(seats, self.players - 1, out=seats)
        return np.remainder(seats, self.players, out=seats)

    def _turn(self, rows: U64, first: Ints, games: Ints) -> U64:
        """``rows`` (one per seat or place) turned so that row ``first[game]`` comes first."""
        n = games.size
        which = self._wrap(first + self.places) * n
        which += games
        turned: U64 = rows.reshape(-1)[which]
        return turned

    @staticmethod
    def _uniform(legal: U64, draw: npt.NDArray[np.float64], *, clears: int) -> U64:
        """A uniform card of each ``legal`` mask (of at most ``clears + 1`` cards), as a bit:
        the ``k``-th lowest, ``k`` uniform below the mask's count."""
        k = draw * np.bitwise_count(legal)
        m = legal.copy()
        for j in range(clears):  # clear the lowest card where k > j
            np.bitwise_and(m, m - (k >= j + 1), out=m)
        bit: U64 = m & -m
        return bit

    def _greedy(self, bit: U64, *, greedy: npt.NDArray[np.bool_], legal: U64, trump: Ints,
                led: Ints | None, best: Ints) -> U64:
        """``bit``, with the greedy bot's card in the rows it plays."""
        card = self.greedy.lead(legal, trump) if led is None else \
            self.greedy.follow(legal, trump, led, best)
        chosen: U64 = np.where(greedy, ONE << card.astype(np.uint64), bit)
        return chosen
