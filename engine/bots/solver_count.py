"""The exact solver's fast path (:mod:`engine.bots.solver`): when the table of values never
falls as the makers take more tricks (every variant's scoring but a misère's), the best play
for the values is the best play for the makers' tricks, and the value is
``values[T]`` with ``T`` the tricks the makers take with best play on both sides. Only the
scoring row that ``T`` reaches matters: ``standard`` not alone has two steps (3 tricks: a
point, 5: two), so :class:`TrickCounter` answers "can the makers take at least ``t`` more
tricks?" at each step (null-window searches, a binary search over the steps) instead of a
minimax over points.

Its transposition table is keyed by the cards left and the leader alone (the tricks taken
before do not change what can be taken from here) and holds bounds on the makers' tricks
from that position, shared by every question asked of one deal (each root move's too).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.bots.solver_cards import trick_so_far

if TYPE_CHECKING:
    from engine.bots.solver import Solver

__all__ = ["TrickCounter", "steps_of"]


def steps_of(values: Sequence[float]) -> list[int] | None:
    """The trick counts at which ``values`` rises (``values[k] > values[k - 1]``), or None
    when it ever falls (a misère's table: the fast path does not apply)."""
    steps = []
    for k in range(1, len(values)):
        if values[k] < values[k - 1]:
            return None
        if values[k] > values[k - 1]:
            steps.append(k)
    return steps


class TrickCounter:
    """Null-window searches on the makers' tricks of one :class:`Solver`'s deal."""

    def __init__(self, solver: Solver, steps: list[int]) -> None:
        self.s = solver
        self.steps = steps
        self.table: dict[int, tuple[int, int]] = {}

    def value(self, trick: list[tuple[int, int]], rem: int, named: int) -> float:
        """The value of the position (``trick`` under way, ``rem`` the cards in the hands,
        ``named`` the suit a led joker named): the row of the steps the makers reach."""
        steps = self.steps
        lo, hi = 0, len(steps)  # how many steps are reached
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.at_least_from(trick, rem, named, steps[mid - 1]):
                lo = mid
            else:
                hi = mid - 1
        return self.s.values[steps[lo - 1] if lo else 0]

    def at_least_from(self, trick: list[tuple[int, int]], rem: int, named: int,
                      target: int) -> bool:
        """Whether the makers take ``target`` tricks or more from the position."""
        s = self.s
        if not trick:
            return self.at_least(s.deal.leader, rem, target)
        lead = trick[0][1]
        if s.jokers >> lead & 1 and named < 0:  # the leader is still to name the suit
            found = (self.at_least_from(trick, rem, suit, target) for suit in range(4))
            return any(found) if s.for_makers >> trick[0][0] & 1 else all(found)
        follow = named if s.jokers >> lead & 1 else s.effective[lead]
        row = s.power[s.effective[lead]]
        best_seat, best_power, tm = trick_so_far(trick, row)
        if len(trick) == s.n:
            return self.at_least(best_seat, rem, target - (s.makers >> best_seat & 1))
        seat = s.next_seat[trick[-1][0]]
        return self._follow(seat, len(trick), follow, row, best_power, best_seat, rem, tm,
                            target)

    def at_least(self, leader: int, rem: int, target: int) -> bool:
        """From the start of a trick led by ``leader``, ``rem`` the cards left: whether the
        makers take ``target`` more tricks or more."""
        if target <= 0:
            return True
        s = self.s
        left = (s.hands[leader] & rem).bit_count()
        if target > left:
            return False
        if left == 1:  # ``target`` is 1
            return s.last_trick_winner(leader, rem) == 1
        key = rem << 4 | leader
        found = self.table.get(key)
        if found is None:
            lower, upper = 0, left
        else:
            lower, upper = found
            if lower >= target:
                return True
            if upper < target:
                return False
        side, sure = s.top_run(rem)  # the highest trumps left, in one hand: a trick each
        if side == 1 and sure >= target:
            self.table[key] = (sure, upper)
            return True
        if side == 0 and left - sure < target:
            self.table[key] = (lower, left - sure)
            return False
        result = self._lead(leader, rem, target)
        if result:
            lower = target
        else:
            upper = target - 1
        self.table[key] = (lower, upper)
        return result

    def _lead(self, leader: int, rem: int, target: int) -> bool:
        s = self.s
        maximise = s.for_makers >> leader & 1
        effective, power = s.effective, s.power
        nxt = s.next_seat[leader]
        for c in s.lead_moves(s.hands[leader] & rem, rem):
            s.nodes += 1
            suit = effective[c]
            row = power[suit]
            bit = 1 << c
            if s.jokers >> c & 1:
                named = (self._follow(nxt, 1, n, row, row[c], leader, rem ^ bit, bit, target)
                         for n in range(4))
                value = any(named) if maximise else all(named)
            else:
                value = self._follow(nxt, 1, suit, row, row[c], leader, rem ^ bit, bit,
                                     target)
            if value == maximise:
                return value
        return not maximise

    def _follow(  # noqa: PLR0917 - the hot path: plain arguments
            self, seat: int, pos: int, follow: int, row: Sequence[int], best_power: int,
            best_seat: int, rem: int, tm: int, target: int) -> bool:
        s = self.s
        hand = s.hands[seat] & rem
        suited = hand & s.suit_mask[follow]
        makers = s.makers
        ours = (makers >> best_seat & 1) == (makers >> seat & 1)
        # lowest first, but the lowest winning card first when the other side wins so far
        if suited:  # one suit
            moves = s.suit_classes(suited, (rem | tm) & s.suit_mask[follow])
            if not ours and len(moves) > 1 and row[moves[0]] <= best_power:
                for i, c in enumerate(moves):
                    if row[c] > best_power:
                        moves = moves[i:] + moves[:i]
                        break
        else:  # void: the other suits before the trumps (the trumps win, lowest first)
            top = hand & s.top_mask
            low = s.classes(hand ^ top, rem | tm) if hand ^ top else []
            if top:
                high = s.suit_classes(top, (rem | tm) & s.top_mask)
                if ours:
                    moves = low + high
                else:
                    i = 0
                    while i < len(high) and row[high[i]] <= best_power:
                        i += 1
                    moves = high[i:] + low + high[:i]
            else:
                moves = low
        maximise = s.for_makers >> seat & 1
        nxt = s.next_seat[seat]
        if pos + 1 == s.n:  # the trick's last card: the tricks after it are ``after``
            after = hand.bit_count() - 1
            for c in moves:
                s.nodes += 1
                b_seat = seat if row[c] > best_power else best_seat
                t = target - (makers >> b_seat & 1)
                if t <= 0:
                    value = True
                elif t > after:
                    value = False
                else:
                    value = self.at_least(b_seat, rem ^ 1 << c, t)
                if value == maximise:
                    return value
            return not maximise
        for c in moves:
            s.nodes += 1
            p = row[c]
            if p > best_power:
                b_power, b_seat = p, seat
            else:
                b_power, b_seat = best_power, best_seat
            bit = 1 << c
            value = self._follow(nxt, pos + 1, follow, row, b_power, b_seat, rem ^ bit,
                                 tm | bit, target)
            if value == maximise:
                return value
        return not maximise
