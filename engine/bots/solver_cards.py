"""The cards of one deal as the exact solver (:mod:`engine.bots.solver`) reads them: the
hands of the seats that play, each effective suit's cards by trick power, the touching cards
that are one move (cards of one suit with no card of another hand between them in trick
power; a card equal to another, a double deck's copy, is a move of its own), the last trick's
winner, and the highest trumps left in one hand (a trick each, whenever they are played)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from engine.core import cards as C
from engine.core.play_position import PlayPosition as Deal

__all__ = ["DealCards", "trick_so_far"]


def trick_so_far(trick: Sequence[tuple[int, int]], row: Sequence[int]) -> tuple[int, int, int]:
    """Who wins the trick in progress so far (its seat and card's power in ``row``, the power
    table of the suit led) and the mask of its cards: where both searches start from a
    trick under way."""
    best_seat, best_power = trick[0][0], row[trick[0][1]]
    played = 0
    for seat, c in trick:
        played |= 1 << c
        if row[c] > best_power:
            best_seat, best_power = seat, row[c]
    return best_seat, best_power, played


class DealCards:
    """The cards and rules of the trick of one :class:`Deal`, with memoised moves.

    ``nodes`` counts the cards tried (for measuring)."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        t = deal.tables
        self.effective = t.effective
        self.suit_mask = t.suit_mask
        self.power = t.power
        self.next_seat = deal.next_seat
        self.makers = deal.makers
        self.for_makers = deal.for_makers
        self.n = deal.active
        self.hands = [0] * len(deal.hands)
        """The hands of the seats that play (a seat sitting out keeps no card here)."""
        seat = deal.trick[0][0] if deal.trick else deal.leader
        for _ in range(self.n):
            self.hands[seat] = deal.hands[seat]
            seat = self.next_seat[seat]
        self.jokers = C.JOKERS if deal.joker_names and t.trump >= C.NO_TRUMP else 0
        universe = 0
        for hand in self.hands:
            universe |= hand
        for _, c in deal.trick:
            universe |= 1 << c
        self.universe = universe
        self.order: list[list[int]] = []
        """Per effective suit, its cards in this deal by trick power, highest first."""
        for suit in range(5):
            row = self.power[suit]
            cards = list(C.cards_of(universe & self.suit_mask[suit]))
            cards.sort(key=lambda c, row=row: -row[c])  # type: ignore[misc]
            self.order.append(cards)
        self.tied = 0
        """The cards of equal power to another of the deal (a double deck's copies): the
        first played of two wins (DECK-A3), so each is a class of its own."""
        for suit, cards in enumerate(self.order):
            row = self.power[suit]
            for a, b in itertools.pairwise(cards):
                if row[a] == row[b]:
                    self.tied |= 1 << a | 1 << b
        self.nodes = 0
        self.lead_memo: dict[int, list[int]] = {}
        self.suit_memo: dict[int, list[int]] = {}
        self.top_mask = self.suit_mask[min(t.trump, 4)]
        """The trumps (the jokers at no-trump): the cards that win a trick of any suit."""
        self.top_order = self.order[min(t.trump, 4)]
        self.top_memo: dict[int, tuple[int, int]] = {}

    def last_trick_winner(self, leader: int, rem: int) -> int:
        """1 if the makers take the last trick (one card left in each hand), else 0."""
        hands = self.hands
        lead = (hands[leader] & rem).bit_length() - 1
        row = self.power[self.effective[lead]]
        best_seat, best_power = leader, row[lead]
        seat = self.next_seat[leader]
        while seat != leader:
            c = (hands[seat] & rem).bit_length() - 1
            if row[c] > best_power:
                best_seat, best_power = seat, row[c]
            seat = self.next_seat[seat]
        self.nodes += self.n
        return self.makers >> best_seat & 1

    def lead_moves(self, hand: int, rem: int) -> list[int]:
        """:meth:`classes` of a leader's ``hand``, highest in trick power first."""
        key = hand << 96 | rem
        found = self.lead_memo.get(key)
        if found is None:
            effective, power = self.effective, self.power
            found = sorted(self.classes(hand, rem), key=lambda c: -power[effective[c]][c])
            self.lead_memo[key] = found
        return found

    def classes(self, hand: int, live: int) -> list[int]:
        """One card of each class of touching cards of ``hand`` (``live``: every card not
        yet played, the trick's included), suit by suit, each suit's lowest in trick power
        first."""
        found: list[int] = []
        suit_memo = self.suit_memo
        for mask in self.suit_mask:
            mine = hand & mask
            if mine:
                key = mine << 96 | live & mask
                runs = suit_memo.get(key)
                if runs is None:
                    runs = suit_memo[key] = self._runs(mine, live & mask)
                found += runs
        return found

    def top_run(self, rem: int) -> tuple[int, int]:
        """The highest trumps of ``rem`` held by one player, each a trick for his side
        whenever he plays it: (1 for the makers, 0 for the others, how many), or (-1, 0)
        where there is none (or a copy of equal power is left)."""
        top = rem & self.top_mask
        found = self.top_memo.get(top)
        if found is None:
            found = self.top_memo[top] = self._top_run(top)
        return found

    def _top_run(self, rem: int) -> tuple[int, int]:
        holder = -1
        run = 0
        tied = self.tied
        for c in self.top_order:
            if rem >> c & 1:
                if tied >> c & 1:
                    break
                if holder < 0:
                    for seat, hand in enumerate(self.hands):
                        if hand >> c & 1:
                            holder = seat
                            break
                elif not self.hands[holder] >> c & 1:
                    break
                run += 1
        if holder < 0:
            return -1, 0
        return self.makers >> holder & 1, run

    def suit_classes(self, hand: int, live: int) -> list[int]:
        """:meth:`classes` of a ``hand`` of one effective suit, ``live`` of that suit."""
        key = hand << 96 | live
        found = self.suit_memo.get(key)
        if found is None:
            found = self.suit_memo[key] = self._runs(hand, live)
        return found

    def _runs(self, hand: int, live: int) -> list[int]:
        """:meth:`classes` of a ``hand`` of one effective suit, lowest first."""
        out: list[int] = []
        tied = self.tied
        mine = False
        for d in self.order[self.effective[(hand & -hand).bit_length() - 1]]:
            if not live >> d & 1:
                continue
            if tied >> d & 1:
                if hand >> d & 1:
                    out.append(d)
                mine = False
            elif hand >> d & 1:
                if not mine:
                    out.append(d)
                    mine = True
            else:
                mine = False
        out.reverse()
        return out
