"""An exact solver for the play of the cards, for any variant the ``play`` phase deals: every
hand face up, the best outcome for the makers' side by alpha-beta.

The rules are the compiled variant's, read once into a :class:`Deal`: the deck's trump tables
(``variant.deck.tables(trump)``: effective suits, suit masks and trick powers, with or without
bowers, jokers, the 2 to 5), who sits out (a seat out of the hand has no turn), the seat that
chooses an exposed lone hand's cards (STD-A17: the opponent at its left, so the defenders
choose them), and a joker led at no-trump that names the suit the others must follow
(``play.joker_at_no_trump: leader_names``, BID-A8: its lead is four moves, one a suit). A card
must follow the effective suit led when it can; the highest power wins, the first of equal
cards (DECK-A3).

The outcome is a table of ``values[k]``: the makers' side's worth when it takes ``k`` more
tricks (from the position on); the makers maximise it, the others minimise it (two sides: in
cutthroat the defenders play together against the maker). :func:`leaf_values` fills it from
the variant's own scoring, by scoring the hand in the engine for each ``k``.

The search works on int masks: since no card changes hands in the play, the set of cards not
yet played fixes every hand (each is its root hand ``&`` that set), so a position at the start
of a trick is keyed by one int (the cards left, the leader, the makers' tricks so far) in a
transposition table of bounds. Moves are ordered (a follower tries its lowest winning card
first, a seat whose side wins the trick its lowest card) and cards of one suit with no card
of another hand between them in trick power are one move (touching cards are equivalent; a
card equal to another, a double deck's copy, is a move of its own;
:mod:`engine.bots.solver_cards`). Where the values never fall as the makers take more tricks
(every scoring table but a misère's) the search is of the makers' tricks instead
(:mod:`engine.bots.solver_count`): null-window questions on the table's steps alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.bots.solver_cards import DealCards, trick_so_far
from engine.bots.solver_count import TrickCounter, steps_of
from engine.core import cards as C
from engine.core.play_position import PlayPosition

__all__ = ["Deal", "Solver", "exact_value"]

_INF = float("inf")


Deal = PlayPosition
"""A position of the play with every hand face up
(:class:`~engine.core.play_position.PlayPosition`)."""


class Solver(DealCards):
    """Alpha-beta over the tricks left of one :class:`Deal` (see the module docstring).

    ``nodes`` counts the cards tried (for measuring)."""

    def __init__(self, deal: Deal, values: Sequence[float]) -> None:
        super().__init__(deal)
        self.values = list(values)
        size = len(self.values)
        self.low = [[min(self.values[k:k + r + 1]) if k + r < size else 0.0
                     for r in range(size)] for k in range(size)]
        self.high = [[max(self.values[k:k + r + 1]) if k + r < size else 0.0
                      for r in range(size)] for k in range(size)]
        self.table: dict[int, tuple[float, float]] = {}
        steps = steps_of(self.values)
        self.counter = TrickCounter(self, steps) if steps is not None else None
        """The fast path on the makers' tricks (:mod:`engine.bots.solver_count`), where the
        values never fall as the makers take more tricks."""

    # -- the public interface ----------------------------------------------------------------

    def value(self) -> float:
        """The value of the deal with best play on both sides."""
        return self._root(None)

    def move_values(self) -> dict[int, float]:
        """Each move of the seat to play and the deal's value after it: a card, or, where
        a led joker names its suit, ``(card, suit)`` folded into ``card + 100 * (suit + 1)``
        (:func:`split_move`). Equivalent cards each get the value of their class."""
        values: dict[int, float] = {}
        for move in self._moves_of_root():
            values[move] = self._root(move)
        return values

    def _moves_of_root(self) -> list[int]:
        d = self.deal
        seat = self._to_play()
        trick = d.trick
        if trick and self.jokers >> trick[0][1] & 1 and d.joker_suit < 0:
            return [trick[0][1] + 100 * (suit + 1) for suit in range(4)]
        hand = self.hands[seat]
        if trick:
            follow = self._follow_suit(trick[0][1], d.joker_suit)
            hand = hand & self.suit_mask[follow] or hand
        moves: list[int] = []
        for c in C.cards_of(hand):
            if self.jokers >> c & 1 and not trick:
                moves += [c + 100 * (suit + 1) for suit in range(4)]
            else:
                moves.append(c)
        return moves

    def _to_play(self) -> int:
        d = self.deal
        if not d.trick:
            return d.leader
        return self.next_seat[d.trick[-1][0]]

    def _follow_suit(self, lead: int, named: int) -> int:
        if self.jokers >> lead & 1:
            return named
        return self.effective[lead]

    def _root(self, move: int | None) -> float:
        """The value of the deal (after ``move`` of the seat to play, if given)."""
        d = self.deal
        rem = 0
        for hand in self.hands:
            rem |= hand
        trick = list(d.trick)
        named = d.joker_suit
        if move is not None:
            card, suit = split_move(move)
            seat = self._to_play()
            if trick and suit < 0:
                trick.append((seat, card))
                rem &= ~(1 << card)
            elif trick:  # the joker's leader names its suit
                named = suit
            else:
                trick.append((seat, card))
                rem &= ~(1 << card)
                if suit >= 0:
                    named = suit
        if self.counter is not None:
            return self.counter.value(trick, rem, named)
        if not trick:
            return self._trick(d.leader, rem, 0, -_INF, _INF)
        lead = trick[0][1]
        if self.jokers >> lead & 1 and named < 0:  # the leader is still to name the suit
            return self._best_of([self._after_lead(trick, rem, suit) for suit in range(4)],
                                 trick[0][0])
        return self._after_lead(trick, rem, named)

    def _best_of(self, values: list[float], seat: int) -> float:
        return max(values) if self.for_makers >> seat & 1 else min(values)

    def _after_lead(self, trick: list[tuple[int, int]], rem: int, named: int) -> float:
        lead = trick[0][1]
        follow = named if self.jokers >> lead & 1 else self.effective[lead]
        row = self.power[self.effective[lead]]
        best_seat, best_power, tm = trick_so_far(trick, row)
        if len(trick) == self.n:
            return self._trick(best_seat, rem, self.makers >> best_seat & 1, -_INF, _INF)
        seat = self.next_seat[trick[-1][0]]
        return self._follow(seat, len(trick), follow, row, best_power, best_seat, rem, tm, 0,
                            -_INF, _INF)

    # -- the search --------------------------------------------------------------------------

    def _trick(self, leader: int, rem: int, mk: int, alpha: float, beta: float) -> float:
        """The value from the start of a trick: ``rem`` the cards left, ``mk`` the makers'
        tricks taken since the root."""
        left = (self.hands[leader] & rem).bit_count()
        if not left:
            return self.values[mk]
        low = self.low[mk][left]
        if low >= beta:
            return low
        high = self.high[mk][left]
        if high <= alpha or low == high:
            return high
        key = rem << 8 | leader << 4 | mk
        found = self.table.get(key)
        a0, b0 = alpha, beta
        if found is not None:
            lower, upper = found
            if lower >= beta:
                return lower
            if upper <= alpha or lower == upper:
                return upper
            alpha = max(alpha, lower)
            beta = min(beta, upper)
        else:
            lower, upper = low, high
        if left == 1:
            value = self._last_trick(leader, rem, mk)
        else:
            value = self._lead(leader, rem, mk, alpha, beta)
        if value <= a0:
            upper = value
        elif value >= b0:
            lower = value
        else:
            lower = upper = value
        self.table[key] = (lower, upper)
        return value

    def _last_trick(self, leader: int, rem: int, mk: int) -> float:
        return self.values[mk + self.last_trick_winner(leader, rem)]

    def _lead(self, leader: int, rem: int, mk: int, alpha: float, beta: float) -> float:
        maximise = self.for_makers >> leader & 1
        best = -_INF if maximise else _INF
        effective, power = self.effective, self.power
        moves = self.lead_moves(self.hands[leader] & rem, rem)
        nxt = self.next_seat[leader]
        for c in moves:
            self.nodes += 1
            suit = effective[c]
            row = power[suit]
            bit = 1 << c
            if self.jokers >> c & 1:
                named = [self._follow(nxt, 1, s, row, row[c], leader, rem ^ bit, bit, mk,
                                      alpha, beta) for s in range(4)]
                value = max(named) if maximise else min(named)
            else:
                value = self._follow(nxt, 1, suit, row, row[c], leader, rem ^ bit, bit, mk,
                                     alpha, beta)
            if maximise:
                if value > best:
                    best = value
                    if value > alpha:  # noqa: PLR1730 - the hot path: no call
                        alpha = value
            elif value < best:
                best = value
                if value < beta:  # noqa: PLR1730
                    beta = value
            if alpha >= beta:
                break
        return best

    def _follow(  # noqa: PLR0917 - the hot path: plain arguments
            self, seat: int, pos: int, follow: int, row: Sequence[int], best_power: int,
            best_seat: int, rem: int, tm: int, mk: int, alpha: float, beta: float) -> float:
        """The value with ``pos`` cards of the trick laid (``tm``), ``seat`` to play."""
        hand = self.hands[seat] & rem
        suited = hand & self.suit_mask[follow]
        moves = self.classes(suited or hand, rem | tm)
        makers = self.makers
        maximise = self.for_makers >> seat & 1
        if len(moves) > 1:  # winning cards lowest first, else the lowest first
            ours = (makers >> best_seat & 1) == (makers >> seat & 1)
            if ours:
                moves = sorted(moves, key=lambda c: (row[c] > best_power, row[c]))
            else:
                moves = sorted(moves, key=lambda c: (row[c] <= best_power, row[c]))
        last = pos + 1 == self.n
        nxt = self.next_seat[seat]
        best = -_INF if maximise else _INF
        for c in moves:
            self.nodes += 1
            p = row[c]
            if p > best_power:
                b_power, b_seat = p, seat
            else:
                b_power, b_seat = best_power, best_seat
            bit = 1 << c
            if last:
                value = self._trick(b_seat, rem ^ bit, mk + (makers >> b_seat & 1), alpha, beta)
            else:
                value = self._follow(nxt, pos + 1, follow, row, b_power, b_seat, rem ^ bit,
                                     tm | bit, mk, alpha, beta)
            if maximise:
                if value > best:
                    best = value
                    if value > alpha:  # noqa: PLR1730 - the hot path: no call
                        alpha = value
            elif value < best:
                best = value
                if value < beta:  # noqa: PLR1730
                    beta = value
            if alpha >= beta:
                break
        return best


def split_move(move: int) -> tuple[int, int]:
    """A move of :meth:`Solver.move_values` as (card, suit named or -1)."""
    if move >= 100:
        return move % 100, move // 100 - 1
    return move, -1


def exact_value(deal: Deal, values: Sequence[float]) -> float:
    """The value of ``deal`` with best play (the makers maximise ``values[k]``, ``k`` their
    tricks from here on)."""
    return Solver(deal, values).value()
