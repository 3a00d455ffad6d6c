"""``play`` in batch form: every trick of a hand for B games at once.

Fixed-length tricks are unrolled (each seat a trick); a seat that does not play holds a blank
card. The choices are those of the scalar ``random`` bot: one uniform draw over the legal actions
(``engine.bots.random_bot``), here over the same legal sets computed with masks; a seat the
``greedy`` bot plays takes its rule (``engine.bots.greedy``), a seat the ``heuristic`` plays
its (``engine.mechanics.play.decide``: a maker who must take no trick ducks,
``engine.mechanics.batch.duck``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.batch.duck import Duck, joker_suit
from engine.mechanics.batch.greedy import GreedyTables, counts_by_suit
from engine.mechanics.batch.hand import NONE, BatchHand, Ints, rules_of
from engine.mechanics.batch.tables import (
    BLANK,
    BLANK_CARD,
    EFFECTIVE,
    ONE,
    PLAYABLE,
    POWER,
    SUIT_MASK,
    U64,
    card_actions,
    first_copies,
    has_small,
    power_table,
)
from engine.mechanics.go_alone import GoAloneRules
from engine.mechanics.piles_batch import uncover
from engine.mechanics.play import FirstLead, PlayRules
from engine.mechanics.play_batch_reader import Reader
from engine.mechanics.play_rules import JokerAtNoTrump
from engine.rules.variant import Variant

__all__ = ["Play"]

_TRICK_BITS = 5
_COLUMNS = POWER.shape[2]
_EFFECTIVE_FLAT = EFFECTIVE.reshape(-1)
_SUIT_MASK_FLAT = SUIT_MASK.reshape(-1)
"""The tables flat: one index ``trump * columns + card`` instead of two index arrays."""

_FIRST_LEADS = (FirstLead.ELDEST, FirstLead.MAKER, FirstLead.LEFT_OF_LONER,
                FirstLead.LITERAL_SEED)
_JOKER_BIT = ONE << np.uint64(C.JOKER)


class Play:
    """``play`` (first lead: eldest, the maker or left of the loner, skipping a seat that
    sits out): ``hand_size`` tricks of
    up to four cards; a seat must follow the effective suit led when it can; the highest power
    wins, the first of equals; the winner leads next. A seat that dropped out
    (``stay_or_drop``) sits out too; where every seat but the maker did, he is credited every
    trick unplayed (BUCK-A6). A hand without a maker is played by every seat."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        if rules_of(variant, PlayRules).first_lead not in _FIRST_LEADS:
            return "this first lead has no batch form yet"
        alone = variant.rules(GoAloneRules)
        if alone is not None and alone.exposed and (
                variant.deck.jokers or variant.deck.copies > 1 or has_small(variant.deck.cards)
                or variant.renege.correct):
            return ("exposed lone hands beside jokers, a double deck, the 2 to 5 or reneges "
                    "taken back have no batch form yet")
        # Reneging (``penalties.renege.allowed``) needs nothing here: the batch bots, like the
        # scalar ones, choose among the legal actions, which always follow suit (a renege is
        # an action a player types, accepted but never offered); so no renege is penalised.
        return None

    def __init__(self, variant: Variant) -> None:
        self.tricks = variant.deal.hand_size
        rules = rules_of(variant, PlayRules)
        self.first_lead = rules.first_lead
        self.joker_calls = variant.deck.jokers > 0 and \
            rules.joker_at_no_trump is JokerAtNoTrump.LEADER_NAMES
        """A joker led at no-trump calls for the suit its leader names (BID-A8)."""
        self.greedy = GreedyTables(variant)
        self.copies = variant.deck.copies > 1
        """A double deck: of a card held twice only the first copy is offered (DECK-A2)."""
        self.plays = card_actions(A.PLAY, has_small(variant.deck.cards))
        """By batch bit, the action of playing that card (the 2 to 5 have ids of their own)."""
        p = self.players = variant.players
        self.places = np.arange(p)[:, None]
        self.trick_of = np.left_shift(1, _TRICK_BITS * np.arange(p))
        """One trick for a seat in the count of every seat's tricks (one ``int64``)."""
        assert p * _TRICK_BITS < 63 and self.tricks < 1 << _TRICK_BITS
        self.shift = max(1, (p - 1).bit_length())
        self.place_mask = (1 << self.shift) - 1
        power = power_table(variant.deck.cards, list(variant.deck.all_tables()))
        alone = variant.rules(GoAloneRules)
        self.exposed = alone is not None and alone.exposed
        """A lone maker plays exposed: the opponent at his left chooses his cards (STD-A17)."""
        self.power = power
        self.deck_cards = [c for c in range(C.NO_CARD) if variant.deck.mask >> c & 1]
        self.power_code = power.reshape(-1) << self.shift
        self.place_code = self.place_mask - np.arange(p)
        """A card's code in a trick: its power, shifted, plus ``place_code[place]``."""
        self.variant = variant
        self.duck: Duck | None = None
        """The heuristic maker's duck in a contract for no tricks (made when one comes up)."""

    def run(self, bh: BatchHand) -> None:
        n, p, h = bh.n, bh.players, self.tricks
        games = np.arange(n)
        trump = bh.trump
        leader = self._first_leader(bh)
        seats = self._seats(bh, games)
        # The hands by place in the trick (row q: the seat q places after the leader),
        # turned each trick so that the winner's is row 0: a step reads and writes one row.
        held = self._turn(seats, leader, games)
        trump_cards = trump * _COLUMNS
        trump_suits = trump * 5
        # The last trick needs no draw: every seat holds one card (or the blank one).
        draws = bh.rng.random((h - 1, p, n))
        taken = np.zeros(n, dtype=np.int64)
        """The tricks taken, ``_TRICK_BITS`` bits a seat (seat 0 the lowest)."""
        smart = Reader(bh, self) if bh.heuristic is not None else None
        calls = self.joker_calls and bool((trump >= C.NO_TRUMP).any())
        exposed = self._exposed(bh) if self.exposed else None
        for trick in range(h):
            # A trick's best card as one number: its power, then the earlier place (the
            # first of equals wins), so that the winner is a running maximum.
            best = np.full(n, -1, dtype=np.int64)
            suit_mask, led, led_cards = SUIT_MASK[0, 0], trump, trump  # set by the lead
            for pos in range(p):
                hand = held[pos]
                legal = self._legal(hand, suit_mask, lead=pos == 0)
                bit = legal.copy() if trick == h - 1 else \
                    self._uniform(legal, draws[trick, pos], clears=h - trick - 1)
                if bh.greedy is not None or smart is not None:
                    bit = self._bots(bh, smart, bit, pos=pos, legal=legal, hand=hand, led=led,
                                     best=best, leader=leader, exposed=exposed)
                np.bitwise_xor(hand, bit & PLAYABLE, out=hand)
                if bh.covered is not None:  # a tableau's card it lay on turns over (PILE-A3)
                    np.bitwise_or(hand, uncover(bit, bh.covered), out=hand)
                card = np.bitwise_count(bit - ONE)
                if pos == 0:
                    led = _EFFECTIVE_FLAT[trump_cards + card]
                    suit_mask = _SUIT_MASK_FLAT[trump_suits + led]
                    led_cards = (trump_suits + led) * _COLUMNS
                code = self.power_code[led_cards + card]
                code += self.place_code[pos]
                if smart is not None:
                    smart.won(code > best, card)
                np.maximum(best, code, out=best)
                if bh.logged is not None:
                    bh.act(card != BLANK_CARD, self.plays[card])
                if pos == 0 and calls:
                    suit_mask = self._joker_call(bh, bit, hand, trump, leader=leader,
                                                 suit_mask=suit_mask)
            place = self.place_mask - (best & self.place_mask)
            leader = self._wrap(leader + place)
            taken += self.trick_of[leader]
            if trick < h - 1:
                held = self._turn(held, place, games)
        if bh.ended is not None:  # no trick was played there (a claim's are the claimer's)
            taken[bh.ended] = 0
        if bh.dropped is not None:  # every other seat dropped out: the maker's, unplayed
            lone = self._left_alone(bh)
            taken = np.where(lone, self.trick_of[np.maximum(bh.maker, 0)] * h, taken)
        for seat in range(p):
            bh.tricks[:, seat] += (taken >> (_TRICK_BITS * seat)) & ((1 << _TRICK_BITS) - 1)
        bh.hands.fill(0)

    def _legal(self, hand: U64, suit_mask: U64, *, lead: bool) -> U64:
        """The cards a place may play: any at the lead, else the led suit's where it holds
        one; of a card held twice only the first copy (a double deck, DECK-A2)."""
        if lead:
            legal = hand
        else:
            follow = hand & suit_mask
            legal = np.where(follow != 0, follow, hand)
        if self.copies:
            legal = first_copies(legal)
        return legal

    @staticmethod
    def _joker_call(bh: BatchHand, bit: U64, hand: U64, trump: Ints, *, leader: Ints,
                    suit_mask: U64) -> U64:
        """Where the joker is led at no-trump, its leader names the suit it calls for
        (``call:H``, BID-A8), which the others must follow if they can: the ``random`` bot
        uniformly, the ``greedy`` bot the suit it holds most of (the lowest of equals, as it
        names trump), the ``heuristic`` its longest suit of the seven to the ace, the best
        cards among equals (``duck.joker_suit``). Returns the suit to follow, per row."""
        led = (bit == _JOKER_BIT) & (trump >= C.NO_TRUMP)
        suit = bh.uniform(4)
        greedy = bh.greedy_at(leader)
        if greedy is not None:
            suit = np.where(greedy, counts_by_suit(hand).argmax(axis=1), suit)
        heuristic = bh.heuristic_at(leader)
        if heuristic is not None:
            suit = np.where(heuristic, joker_suit(hand, trump), suit)
        bh.act(led, A.CALL + suit)
        called: U64 = np.where(led, SUIT_MASK[trump, suit], suit_mask)
        return called

    def _seats(self, bh: BatchHand, games: Ints) -> U64:
        """The hands, one row a seat. A seat that does not play (a lone maker's partner, a
        lone defender's; every seat of a thrown-in hand) holds only the blank card, which
        follows no suit, has no power and is never taken from the hand, so no step has to
        mask the seat out."""
        seats: U64 = bh.hands[:, :self.players].T.copy()
        for out in (bh.out,) if bh.out2 is None else (bh.out, bh.out2):
            seats[out[out >= 0], games[out >= 0]] = BLANK
        seats[:, bh.thrown_in] = BLANK
        if bh.ended is not None:  # a show ended the hand (declare): no trick is played
            seats[:, bh.ended] = BLANK
        if bh.dropped is not None:  # the seats that dropped out (stay_or_drop)
            for seat in range(self.players):
                seats[seat, ((bh.dropped >> seat) & 1).astype(bool)] = BLANK
            seats[:, self._left_alone(bh)] = BLANK  # BUCK-A6: nobody plays
        return seats

    def _left_alone(self, bh: BatchHand) -> npt.NDArray[np.bool_]:
        """Rows where every seat but the maker dropped out (or sits out): BUCK-A6, he is
        credited every trick without playing them."""
        assert bh.dropped is not None
        out = np.zeros(bh.n, dtype=np.int64)
        for seat in range(self.players):
            out += bh.sits_out(seat)
        lone: npt.NDArray[np.bool_] = (out == self.players - 1) & (bh.maker >= 0)
        return lone

    def _first_leader(self, bh: BatchHand) -> Ints:
        """Eldest (STD-A2), the maker, left of the loner (CTD-A6: the lone maker, else the
        lone defender, else eldest), or across from the dealer when eldest's side plays alone
        (``literal_seed``, STD-A14), skipping the seats that sit out (two sit out side by
        side against a lone defender in partnerships)."""
        rule, made = self.first_lead, bh.maker >= 0
        if rule is FirstLead.MAKER:
            leader = np.where(made, bh.maker, self._wrap(bh.dealer + 1))
        else:
            before = bh.dealer
            if rule is FirstLead.LEFT_OF_LONER:
                loner = np.where(bh.defender_alone >= 0, bh.defender_alone, bh.dealer)
                before = np.where(bh.alone, bh.loner(), loner)
            elif rule is FirstLead.LITERAL_SEED:  # STD-A14: across from the dealer leads when
                # a seat of eldest's side plays alone (four players, sides by parity)
                eldest = bh.dealer + 1
                lone = bh.alone & ((bh.loner() - eldest) % 2 == 0)
                lone |= (bh.defender_alone >= 0) & ((bh.defender_alone - eldest) % 2 == 0)
                before = np.where(lone, eldest, bh.dealer)
            leader = self._wrap(before + 1)
        return self._playing(bh, leader)

    def _playing(self, bh: BatchHand, seat: Ints) -> Ints:
        """Per row, ``seat`` or the first seat at its left that does not sit the hand out
        (:meth:`BatchHand.sits_out`): one step past a lone player's partner, up to every seat
        but one where two sit out or seats dropped out."""
        steps = 1 if bh.out2 is None and bh.dropped is None else self.players - 1
        for _ in range(steps):
            seat = np.where(bh.sits_out(seat), self._wrap(seat + 1), seat)
        return seat

    def _bots(self, bh: BatchHand, smart: Reader | None, bit: U64, *, pos: int, legal: U64,
              hand: U64, led: Ints, best: Ints, leader: Ints,
              exposed: tuple[Ints, Ints] | None) -> U64:
        """``bit``, with the cards of the seats the ``greedy`` and ``heuristic`` bots play; at
        an exposed hand's turn (``exposed``: per row the loner and the seat choosing his cards)
        the chooser's bot decides."""
        seat = self._wrap(leader + pos)
        shown, actor = None, seat
        if exposed is not None:
            shown = seat == exposed[0]
            actor = np.where(shown, exposed[1], seat)
        if bh.greedy is not None:
            greedy = bh.greedy.seats[actor] & (legal != BLANK)
            bit = self._greedy(bit, greedy=greedy, legal=legal, trump=bh.trump,
                               led=led if pos else None, best=best >> self.shift)
        if smart is not None:
            bit = smart.play(bit, pos=pos, legal=legal, hand=hand, led=led, best=best,
                             leader=leader, shown=shown, actor=actor)
        return bit

    def _exposed(self, bh: BatchHand) -> tuple[Ints, Ints]:
        """Per row, the lone maker who plays exposed (NONE: none) and the seat that chooses
        his cards: the next seat at his left that plays (the scalar ``ExposedPlay``)."""
        loner = np.where(bh.alone & (bh.maker >= 0), bh.maker, NONE)
        return loner, self._playing(bh, self._wrap(np.maximum(loner, 0) + 1))

    def least_power(self, legal: U64, trump: Ints, led: Ints | None) -> U64:
        """The scalar ``choose_for_exposed``: per row, the card of ``legal`` with the least
        trick power in the suit led (``led``; at the lead, None: each card's own effective
        suit), the lowest id of equals; as a bit."""
        least = np.full(legal.shape, np.iinfo(np.int64).max, dtype=np.int64)
        chosen = np.zeros_like(legal)
        for c in self.deck_cards:  # ascending ids: a strict `<` keeps the first of equals
            bit = ONE << np.uint64(c)
            suit = EFFECTIVE[trump, c] if led is None else led
            power = self.power[trump, suit, c]
            better = ((legal & bit) != 0) & (power < least)
            least = np.where(better, power, least)
            chosen = np.where(better, bit, chosen)
        return chosen

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
