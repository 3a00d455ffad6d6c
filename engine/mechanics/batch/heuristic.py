"""The ``heuristic`` bot in batch form: its estimate of a hand's tricks and its card orders, for
every row at once (each mechanic's batch form applies the bot's rule for its phase, as the
scalar bot's hook for that mechanic does).

The numbers (what each trump is worth, the bonuses, the bidding threshold) come from the
scalar bot (:mod:`engine.bots.heuristic`, a layer above the mechanics) in a
:class:`HeuristicNumbers`, passed by the batch engine. The estimate is the scalar one, added
in the same order in ``float64`` (a term that does not apply adds ``0.0``, which changes
nothing), so that a comparison with a threshold goes the same way in both: ``--verify``
checks it action by action.

>>> import numpy as np
>>> from engine import load_variant
>>> from engine.core import cards as C
>>> from engine.bots.heuristic import HeuristicBot
>>> from engine.batch.run import heuristic_numbers
>>> v = load_variant("standard")
>>> tables = HeuristicTables(v, heuristic_numbers(v))
>>> hand = C.mask_of(["JH", "JD", "AH", "AS", "9C"])
>>> est = tables.strength(np.array([hand], dtype=np.uint64), np.array([C.HEARTS]))
>>> float(est[0]) == HeuristicBot(v, 0, 0).strength(hand, C.HEARTS)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from engine.core import cards as C
from engine.mechanics.batch.bitmap import BitMap, order_places
from engine.mechanics.batch.greedy import GreedyTables
from engine.mechanics.batch.hand import Ints
from engine.mechanics.batch.tables import (
    EFFECTIVE,
    ONE,
    SUIT_MASK,
    U64,
    batch_card,
    power_table,
)
from engine.rules.variant import Variant

__all__ = ["HeuristicNumbers", "HeuristicSeats", "HeuristicTables"]

Floats = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True, kw_only=True)
class HeuristicNumbers:
    """The scalar heuristic bot's numbers for one variant (``engine.bots.heuristic_numbers``
    and the bot's threshold)."""

    trump_values: tuple[tuple[float, ...], ...]
    """By trump suit (0 to 3), each card's expected tricks as a trump (0 for the others)."""
    length_bonus: float
    void_bonus: float
    off_ace: float
    off_ace_long: float
    off_king_guarded: float
    left_power: int
    trump_base: int
    threshold: float
    """The estimate that makes trump (a majority of the tricks, the help counted)."""
    partner_tricks: float
    """What a bid in an auction counts on from a partner."""
    opening_tricks: float
    """What the lowest bid counts on when nobody has bid (alone); in a partnership, what
    every numeric bid counts on."""
    bid_margin: float = 0.0
    """In a partnership, what the side's expected tricks must beat a bid and half the tricks
    by."""
    half_tricks: float = 0.0
    """Half the tricks of a hand."""
    trumpless_orders: tuple[tuple[tuple[int, ...], ...], ...] = ()
    """At no-trump, then at low no-trump: each suit's cards of the deck, best first (the
    scalar ``trumpless_orders``); empty where no call can be trumpless."""
    nt_top: float = 0.0
    nt_long: float = 0.0
    nt_second: float = 0.0
    nt_third: float = 0.0
    """The trumpless estimate's worth of a suit's best card, of each card past four in a suit
    it heads, of a guarded second best and of a twice-guarded third best."""
    nt_joker: float = 0.0
    """The trumpless estimate's worth of the joker (a deck with one)."""


class HeuristicTables:
    """The heuristic's estimate and orders over the variant's deck (suit trumps only)."""

    def __init__(self, variant: Variant, numbers: HeuristicNumbers) -> None:
        self.numbers = numbers
        self.orders = GreedyTables(variant)
        ids = sorted(variant.deck.cards)  # ascending ids: the scalar estimate's order
        deck = [batch_card(c) for c in ids]  # the batch bits keep that order (the 2 to 5)
        self.power = power = power_table(variant.deck.cards, list(variant.deck.all_tables()))
        """The deck's trick powers by batch bit (``tables.power_table``: the 2 to 5 have
        their own)."""
        top = max(deck) + 1
        self.subset, self.trump_sums = self._trump_tables(ids, deck, top)
        ranks = np.full(65, -1, dtype=np.int64)
        ranks[deck] = [C.RANKS[c] for c in ids]
        self.ranks = ranks
        """``ranks[b]``: the rank of the card at batch bit ``b`` (-1 for none)."""
        self.all_aces = np.uint64(sum(1 << b for b in deck if ranks[b] == C.RANK_A))
        """The deck's aces (a double deck's second copies too)."""
        self.extra = np.uint64(sum(1 << b for b in deck if b >= C.JOKER and ranks[b] != 8))
        """A suit's cards outside its byte of the mask (a double deck's second copies, the
        sixes, the 2 to 5): a side suit's length counts them (DECK-A2, DECK-A6)."""
        self.copies = bool(self.extra)
        self.joker = np.uint64(sum(1 << b for b in deck if ranks[b] == C.RANK_JOKER))
        """The joker (a deck with one): the trumpless estimate counts it."""
        self.side_first, self.side_king = self._side_tables(ids)
        self.bowers = np.array([sum(1 << b for b in deck if power[t, t, b] >= numbers.left_power)
                                for t in range(4)] + [0, 0], dtype=np.uint64)
        """The trumps the scalar bot counts as strong (a bower or above), by trump (none at
        no-trump)."""
        self.trumpless = [[np.array([batch_card(c) for c in order], dtype=np.uint64)
                           for order in suits] for suits in numbers.trumpless_orders]
        """At no-trump (index 0) and low no-trump: each suit's cards, best first."""
        arr = np.array(deck, dtype=np.int64)
        low = []
        for t in range(6):  # (a trump, its own power, the card): the scalar ``_low_key``
            own = power[t, EFFECTIVE[t, arr], arr]
            is_trump = (EFFECTIVE[t, arr] == t).astype(np.int64)
            low.append(arr[np.lexsort((arr, own, is_trump))])
        self.low_order = np.stack(low)
        orders = self.orders
        self.low_map = BitMap([order_places(o) for o in self.low_order], top)
        self.high_map = BitMap([order_places(o) for o in orders.own_down], top)
        self.led_map = BitMap([order_places(o) for o in orders.by_led], top)
        self.deck_mask = np.uint64(sum(1 << b for b in deck))
        sides = [variant.sides.hand_sides(m) for m in range(variant.players)]
        p = variant.players
        side = np.zeros((p, p, p), dtype=bool)
        """``side[maker, seat, other]``: ``other`` is on ``seat``'s side when ``maker`` made
        trump (the scalar ``_side``; before a maker, ``maker`` is the seat itself)."""
        makers = np.zeros((p, p), dtype=bool)
        """``makers[maker, seat]``: ``seat`` is on the makers' side."""
        for m in range(p):
            for seat in range(p):
                mine = next((s for s in sides[m] if seat in s), (seat,))
                side[m, seat, list(mine)] = True
            makers[m, list(sides[m][0])] = True
        self.side, self.makers = side, makers

    def _trump_tables(self, ids: list[int], deck: list[int], top: int
                      ) -> tuple[BitMap, Floats]:
        """Each hand's trumps as a subset index (bit ``j``: the ``j``-th trump of the suit,
        ascending: the scalar estimate adds them in this order), and ``sums[t, i]``: what
        the trumps of subset ``i`` are worth."""
        trumps = [[(c, b) for c, b in zip(ids, deck, strict=True) if EFFECTIVE[t, b] == t]
                  for t in range(4)]
        width = max(len(ts) for ts in trumps)
        subset = BitMap([{b: j for j, (_, b) in enumerate(ts)} for ts in trumps], top)
        sums = np.zeros((4, 1 << width), dtype=np.float64)
        subsets = np.arange(1 << width)
        for t in range(4):  # the trumps added in ascending order (adding 0.0 changes nothing)
            values = self.numbers.trump_values[t]
            for j, (c, _) in enumerate(trumps[t]):
                sums[t] += np.where(subsets >> j & 1 == 1, values[c], 0.0)
        return subset, sums

    def _side_tables(self, deck: list[int]) -> tuple[Floats, Floats]:
        """What a side suit adds to the estimate, by trump, suit, two trumps or more, (in a
        double deck) the suit's second copies held, and the byte of the hand that holds the
        suit's cards (card ``8 suit + rank``): first its void (with two trumps) or its ace
        (alone or guarded once, or longer; the scalar bot reads the first copy's ace and
        king, the length of both copies), then its king beside the ace. The trump suit adds
        0."""
        n = self.numbers
        extra = 8 if self.copies else 1  # cards held outside the suit's byte: 0 to 7
        first = np.zeros((4, 4, 2, extra, 256))
        king = np.zeros((4, 4, 256))
        for t in range(4):
            for suit in range(4):
                if suit == t:
                    continue
                own = [r for r in range(8) if suit * 8 + r in deck
                       and EFFECTIVE[t, suit * 8 + r] == suit]
                for b in range(256):
                    ranks = [r for r in own if b >> r & 1]
                    ace = C.RANK_A in ranks
                    for k in range(extra):
                        length = len(ranks) + k
                        value = (n.off_ace if length <= 2 else n.off_ace_long) if ace else 0.0
                        first[t, suit, 0, k, b] = value
                        first[t, suit, 1, k, b] = n.void_bonus if not length else value
                    king[t, suit, b] = n.off_king_guarded if ace and C.RANK_K in ranks else 0.0
        return first.reshape(-1), king.reshape(-1)

    def strength(self, hands: U64, trump: Ints) -> Floats:
        """Expected tricks of each row's hand with the row's trump (a suit, no-trump or low
        no-trump): the scalar ``HeuristicBot.strength``, term by term in its order."""
        trumpless = trump >= C.NO_TRUMP
        if not trumpless.any():
            return self._suited(hands, trump)
        est = np.empty(hands.shape[0])
        suited = np.flatnonzero(~trumpless)  # each row's estimate on its own rows only
        if suited.size:
            est[suited] = self._suited(hands[suited], trump[suited])
        for index, at in enumerate((trump == C.NO_TRUMP, trump == C.LOW_NO_TRUMP)):
            rows = np.flatnonzero(at)
            if rows.size:
                est[rows] = self._trumpless(hands[rows], index)
        return est

    def _trumpless(self, hands: U64, index: int) -> Floats:
        """The scalar ``_trumpless_strength``: the joker, then per suit its best card (and the
        length past four of a suit it heads), a guarded second best, a twice-guarded third
        best, added in that order."""
        n = self.numbers
        est = np.where(hands & self.joker != 0, n.nt_joker, 0.0) if self.joker \
            else np.zeros(hands.shape[0])
        for order in self.trumpless[index]:
            held = [((hands >> order[k]) & ONE).astype(bool) if k < order.size
                    else np.zeros(hands.shape[0], dtype=bool) for k in range(3)]
            mask = np.uint64(sum(1 << int(c) for c in order))
            length = np.bitwise_count(hands & mask).astype(np.int64)
            est = est + np.where(held[0], n.nt_top + n.nt_long * np.maximum(0, length - 4), 0.0)
            est = est + np.where(held[1] & (length >= 2), n.nt_second, 0.0)
            est = est + np.where(held[2] & (length >= 3), n.nt_third, 0.0)
        return est

    def _suited(self, hands: U64, trump: Ints) -> Floats:
        """:meth:`strength` with a suit trump."""
        n = self.numbers
        index = self.subset.move(hands, trump).astype(np.int64)
        est = self.trump_sums[trump, index]
        count = np.bitwise_count(hands & SUIT_MASK[trump, trump]).astype(np.int64)
        est = est + np.where(count > 2, n.length_bonus * (count - 2), 0.0)
        two = (count >= 2).astype(np.int64)
        for suit in range(4):  # a side suit's void or ace, then its guarded king
            byte = ((hands >> np.uint64(8 * suit)) & np.uint64(255)).astype(np.int64)
            at = trump * 4 + suit
            if self.copies:  # the suit's cards outside its byte (0 to 7: the trump suit adds 0)
                k = np.bitwise_count(hands & self.extra & SUIT_MASK[trump, suit]
                                     ).astype(np.int64)
                est = est + self.side_first[((at * 2 + two) * 8 + k) * 256 + byte]
                est = est + self.side_king[at * 256 + byte]
                continue
            est = est + self.side_first[(at * 2 + two) * 256 + byte]
            est = est + self.side_king[at * 256 + byte]
        out: Floats = est
        return out

    def best_suit(self, hands: U64, contracts: Sequence[int] = range(4)
                  ) -> tuple[Ints, Floats]:
        """The suit (of ``contracts``, trumps in the order given) of best estimate (the last
        of equals: the scalar ``best_suit``) and the estimate."""
        best = np.full(hands.shape[0], -np.inf)
        suit = np.zeros(hands.shape[0], dtype=np.int64)
        for s in contracts:
            est = self.strength(hands, np.full(hands.shape[0], s))
            better = est >= best
            best = np.where(better, est, best)
            suit = np.where(better, s, suit)
        return suit, best

    def weak(self, hands: U64, trump: Ints) -> npt.NDArray[np.bool_]:
        """At most two trumps and no bower among them (the scalar ``two_weak_trumps``)."""
        count = np.bitwise_count(hands & SUIT_MASK[trump, trump])
        weak: npt.NDArray[np.bool_] = (count <= 2) & ((hands & self.bowers[trump]) == 0)
        return weak & (trump < C.NO_TRUMP)  # no-trump has no trumps to count

    def drops(self, hands: U64, size: int) -> list[U64]:
        """The ``size`` single cards of each row's hand (of ``size`` cards), lowest first (0
        past a row's last card)."""
        rest, cards = hands.copy(), []
        for _ in range(size):
            low = rest & (~rest + ONE)
            cards.append(low)
            rest = rest ^ low
        return cards

    def best_keep(self, hands: U64, trump: Ints, size: int) -> U64:
        """Each hand of ``size + 1`` cards less the card whose loss hurts the estimate least
        (among equals the lowest: the scalar ``best_keep``)."""
        cards = self.drops(hands, size + 1)
        values = np.stack([self.strength(hands ^ bit, trump) for bit in cards], axis=1)
        pick = np.stack(cards, axis=1)[np.arange(hands.shape[0]), values.argmax(axis=1)]
        kept: U64 = hands ^ pick
        return kept

    def discard(self, hands: U64, legal: U64, trump: Ints, size: int) -> Ints:
        """The card of ``legal`` (at most ``size`` cards) whose loss costs the least estimated
        tricks; among equals one that leaves a void in a side suit, then the lowest (the
        scalar ``discard``'s key: the estimate rounded to 6 places, the void, minus the
        power)."""
        cards = self.drops(legal, size)
        keys = []
        for bit in cards:
            rest = hands ^ bit
            card = np.bitwise_count(bit - ONE).astype(np.int64)
            suit = EFFECTIVE[trump, card]
            void = (suit != trump) & ((rest & SUIT_MASK[trump, suit]) == 0)
            micro = np.rint(self.strength(rest, trump) * 1e6).astype(np.int64)
            key = micro * 1000 + void * 500 + (200 - self.power[trump, suit, card])
            keys.append(np.where(bit != 0, key, np.iinfo(np.int64).min))  # fewer cards
        best = np.stack(keys, axis=1).argmax(axis=1)
        chosen = np.stack(cards, axis=1)[np.arange(legal.shape[0]), best]
        card_ids: Ints = np.bitwise_count(chosen - ONE).astype(np.int64)
        return card_ids

    def low(self, legal: U64, trump: Ints) -> Ints:
        """The scalar ``_low_key`` minimum: a non-trump before a trump, then the least power."""
        return self.low_map.first(legal, trump)

    def lead(self, legal: U64, trump: Ints, maker_side: npt.NDArray[np.bool_], gone: U64,
             hand: U64 | None = None) -> Ints:
        """The scalar ``lead``: at a suit trump the best trump on the makers' side, else the
        first side ace, else the low card; at no-trump the first card no one can beat
        (:meth:`_sure_lead`), else the low card. ``hand``: the leader's cards, where
        ``legal`` offers a card held twice once (DECK-A2; None: ``legal``)."""
        own = SUIT_MASK[trump, np.minimum(trump, C.NO_TRUMP)]  # low no-trump: no trumps
        trumps = legal & own
        aces = legal & ~own & self.all_aces
        high = self.high_map.first(legal, trump)
        ace = np.bitwise_count((aces & -aces) - ONE).astype(np.int64)
        low = self.low(legal, trump)
        trumpless = trump >= C.NO_TRUMP
        if trumpless.any():
            sure = self._sure_lead(legal, trump, gone, legal if hand is None else hand)
            if self.joker:  # no sure card: the joker
                sure = np.where((sure == 63) & (legal & self.joker != 0), C.JOKER, sure)
            ace = np.where(trumpless, sure, ace)
            aces = np.where(trumpless, sure != 63, aces != 0)
            maker_side = maker_side & ~trumpless
        chosen: Ints = np.where(maker_side & (trumps != 0), high,
                                np.where(aces != 0, ace, low))
        return chosen

    def _sure_lead(self, legal: U64, trump: Ints, gone: U64, hand: U64) -> Ints:
        """Per row, the first card of ``legal`` (lowest id) that no card still out beats in
        its suit (every better one played or in ``hand``: the scalar ``_lead_trumpless``),
        63 for none."""
        sure = np.zeros_like(legal)
        for suit in range(4):
            cards = SUIT_MASK[trump, suit] & self.deck_mask
            out = cards & ~hand & ~gone
            top = self.power[trump, suit, self.high_map.first(out, trump)]  # 0: none
            sure |= legal & cards & self.orders.beats[trump, suit, top]
        first: Ints = np.where(sure != 0, np.bitwise_count((sure & -sure) - ONE), 63)
        return first

    def follow(self, legal: U64, hand: U64, trump: Ints, led: Ints, best: Ints, *,
               partner_wins: npt.NDArray[np.bool_], last: npt.NDArray[np.bool_],
               win_card: Ints, gone: U64) -> Ints:
        """The scalar ``play_card`` after the lead: a low card under a partner's trick that
        holds (the last to play, a trump, an ace, or no card out beats it); else the least
        card that wins; else the low card."""
        power = np.maximum(best, 0)
        beats = self.orders.beats[trump, led, power]
        out = SUIT_MASK[trump, led] & self.deck_mask & ~hand & ~gone
        boss = (out & beats) == 0
        holds = partner_wins & (last | (power >= self.numbers.trump_base - 1)
                                | (self.ranks[win_card] == C.RANK_A) | boss)
        winners = legal & beats
        win = self.led_map.first(winners, trump * 5 + led)
        low = self.low(legal, trump)
        chosen: Ints = np.where(holds, low, np.where(winners != 0, win, low))
        return chosen


@dataclass(frozen=True, slots=True, kw_only=True)
class HeuristicSeats:
    """The seats the ``heuristic`` bot plays, and its tables for the variant."""

    seats: npt.NDArray[np.bool_]
    tables: HeuristicTables
