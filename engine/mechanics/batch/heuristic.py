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

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from engine.core import cards as C
from engine.mechanics.batch.greedy import GreedyTables
from engine.mechanics.batch.hand import Ints
from engine.mechanics.batch.tables import EFFECTIVE, ONE, POWER, SUIT_MASK, U64, pick_bits
from engine.rules.variant import Variant

__all__ = ["HeuristicNumbers", "HeuristicSeats", "HeuristicTables"]

Floats = npt.NDArray[np.float64]
_RANKS = np.full(65, -1, dtype=np.int64)
_RANKS[:len(C.RANKS[:64])] = C.RANKS[:64]
"""``_RANKS[c]``: the rank of card ``c`` (-1 for none)."""


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
    """What the lowest bid counts on when nobody has bid."""


class HeuristicTables:
    """The heuristic's estimate and orders over the variant's deck (suit trumps only)."""

    def __init__(self, variant: Variant, numbers: HeuristicNumbers) -> None:
        self.numbers = numbers
        self.orders = GreedyTables(variant)
        deck = [c for c in variant.deck.cards]
        # The trumps of each suit, ascending (the scalar estimate adds them in this order),
        # padded with card 63, which no hand the estimate reads holds.
        trumps = [[c for c in deck if EFFECTIVE[t, c] == t] for t in range(4)]
        width = max(len(ts) for ts in trumps)
        self.trump_cards = np.array([ts + [63] * (width - len(ts)) for ts in trumps],
                                    dtype=np.uint64)
        self.place = np.left_shift(1, np.arange(width)).astype(np.int64)
        sums = np.zeros((4, 1 << width), dtype=np.float64)
        for t in range(4):
            values = numbers.trump_values[t]
            for index in range(1 << width):
                est = 0.0
                for j, c in enumerate(trumps[t]):
                    if index >> j & 1:
                        est += values[c]
                sums[t, index] = est
        self.trump_sums = sums
        """``trump_sums[t, i]``: the trumps of subset ``i`` (bit ``j``: the ``j``-th trump)."""
        self.aces = np.array([ONE << np.uint64(s * 8 + C.RANK_A) for s in range(4)])
        self.kings = np.array([ONE << np.uint64(s * 8 + C.RANK_K) for s in range(4)])
        self.all_aces = np.bitwise_or.reduce(self.aces)
        self.bowers = np.array([sum(1 << c for c in deck if POWER[t, t, c] >= numbers.left_power)
                                for t in range(4)], dtype=np.uint64)
        """The trumps the scalar bot counts as strong (a bower or above), by trump."""
        arr = np.array(deck, dtype=np.int64)
        low = []
        for t in range(6):  # (a trump, its own power, the card): the scalar ``_low_key``
            own = POWER[t, EFFECTIVE[t, arr], arr]
            is_trump = (EFFECTIVE[t, arr] == t).astype(np.int64)
            low.append(arr[np.lexsort((arr, own, is_trump))])
        self.low_order = np.stack(low)
        self.deck_mask = np.uint64(variant.deck.mask)
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

    def strength(self, hands: U64, trump: Ints) -> Floats:
        """Expected tricks of each row's hand with the row's trump (a suit): the scalar
        ``HeuristicBot.strength``, term by term in its order."""
        n = self.numbers
        bits = (hands[:, None] >> self.trump_cards[trump]) & ONE
        index = (bits.astype(np.int64) * self.place).sum(axis=1)
        est = self.trump_sums[trump, index]
        count = np.bitwise_count(hands & SUIT_MASK[trump, trump]).astype(np.int64)
        est = est + np.where(count > 2, n.length_bonus * (count - 2), 0.0)
        two = count >= 2
        for suit in range(4):
            cards = hands & SUIT_MASK[trump, suit]
            side = trump != suit
            void = cards == 0
            ace = (cards & self.aces[suit]) != 0
            length = np.bitwise_count(cards)
            add = np.where(void, np.where(two, n.void_bonus, 0.0),
                           np.where(ace, np.where(length <= 2, n.off_ace, n.off_ace_long), 0.0))
            est = est + np.where(side, add, 0.0)
            king = side & ace & ((cards & self.kings[suit]) != 0)
            est = est + np.where(king, n.off_king_guarded, 0.0)
        out: Floats = est
        return out

    def best_suit(self, hands: U64) -> tuple[Ints, Floats]:
        """The suit of best estimate (the highest of equals: the scalar ``best_suit``) and
        the estimate."""
        best = np.full(hands.shape[0], -np.inf)
        suit = np.zeros(hands.shape[0], dtype=np.int64)
        for s in range(4):
            est = self.strength(hands, np.full(hands.shape[0], s))
            better = est >= best
            best = np.where(better, est, best)
            suit = np.where(better, s, suit)
        return suit, best

    def weak(self, hands: U64, trump: Ints) -> npt.NDArray[np.bool_]:
        """At most two trumps and no bower among them (the scalar ``two_weak_trumps``)."""
        count = np.bitwise_count(hands & SUIT_MASK[trump, trump])
        weak: npt.NDArray[np.bool_] = (count <= 2) & ((hands & self.bowers[trump]) == 0)
        return weak

    def drops(self, hands: U64, size: int) -> list[U64]:
        """The ``size`` single cards of each row's hand (of ``size`` cards), lowest first."""
        return [pick_bits(hands, np.full(hands.shape[0], k)) for k in range(size)]

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
            key = micro * 1000 + void * 500 + (200 - POWER[trump, suit, card])
            keys.append(np.where(bit != 0, key, np.iinfo(np.int64).min))  # fewer cards
        best = np.stack(keys, axis=1).argmax(axis=1)
        chosen = np.stack(cards, axis=1)[np.arange(legal.shape[0]), best]
        card_ids: Ints = np.bitwise_count(chosen - ONE).astype(np.int64)
        return card_ids

    def low(self, legal: U64, trump: Ints) -> Ints:
        """The scalar ``_low_key`` minimum: a non-trump before a trump, then the least power."""
        return self.orders.first(legal, self.low_order[trump])

    def lead(self, legal: U64, trump: Ints, maker_side: npt.NDArray[np.bool_]) -> Ints:
        """The scalar ``lead`` at a suit trump: the best trump on the makers' side, else the
        first side ace, else the low card."""
        trumps = legal & SUIT_MASK[trump, trump]
        aces = legal & ~SUIT_MASK[trump, trump] & self.all_aces
        high = self.orders.first(legal, self.orders.own_down[trump])
        ace = np.bitwise_count((aces & -aces) - ONE).astype(np.int64)
        chosen: Ints = np.where(maker_side & (trumps != 0), high,
                                np.where(aces != 0, ace, self.low(legal, trump)))
        return chosen

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
                                | (_RANKS[win_card] == C.RANK_A) | boss)
        winners = legal & beats
        win = self.orders.first(winners, self.orders.by_led[trump * 5 + led])
        low = self.low(legal, trump)
        chosen: Ints = np.where(holds, low, np.where(winners != 0, win, low))
        return chosen


@dataclass(frozen=True, slots=True, kw_only=True)
class HeuristicSeats:
    """The seats the ``heuristic`` bot plays, and its tables for the variant."""

    seats: npt.NDArray[np.bool_]
    tables: HeuristicTables
