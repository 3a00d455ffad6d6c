"""Phase ``deal``: shuffle from the state's RNG and deal packets, extra hands, kitty, upcard.

Dealing goes clockwise from eldest over every position; extra hands (dummy, ghost) are dealt
at the dealer's right, just before the dealer (CTD-A7, GH-A15). A prescribed deal (for tests
and replays) replaces the shuffle for one hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.phases.base import Phase

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.rules.variant import Variant

__all__ = ["Deal", "dealing_order"]


def dealing_order(players: int, extras: int, dealer: int) -> list[int]:
    """Positions in dealing order: eldest ... the dealer's right, the extra hands, the dealer.

    Seats are positions 0..players-1; extra hand ``k`` is position ``players + k``."""
    seats = [(dealer + step) % players for step in range(1, players)]
    return [*seats, *range(players, players + extras), dealer]


class Deal(Phase):
    """Deal the cards; nobody decides anything."""

    name = "deal"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        extras = len(variant.deal.extra_hands)
        self.orders = [dealing_order(variant.players, extras, d) for d in range(variant.players)]
        self.packets = variant.deal.packets
        self.deck = list(variant.deck.cards)

    def start(self, s: State) -> None:
        given = s.next_deal()
        if given is not None:
            s.hands = list(given.hands)
            s.upcard = given.upcard
            s.kitty = given.kitty
        else:
            self.shuffle_and_deal(s)
        s.turned = s.upcard
        s.advance()

    def shuffle_and_deal(self, s: State) -> None:
        cards = self.deck[:]
        s.rng.shuffle(cards)
        hands = s.hands
        order = self.orders[s.dealer]
        top = 0
        for packet_round in self.packets:
            for place, size in enumerate(packet_round):
                mask = 0
                for c in cards[top : top + size]:
                    mask |= 1 << c
                hands[order[place]] |= mask
                top += size
        if self.variant.deal.upcard:
            s.upcard = cards[top]
            top += 1
        kitty = 0
        for c in cards[top:]:
            kitty |= 1 << c
        s.kitty = kitty
