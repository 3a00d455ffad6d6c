"""Seats around the table: the order the cards are dealt in.

Seats are positions ``0 .. players-1``, clockwise; extra hands (a dummy, the ghost) are the
positions after them. The deal (:mod:`engine.mechanics.deal`) and the adapters, which deal
card by card at their chance nodes, read the same order here.

>>> dealing_order(4, 0, 3)
[0, 1, 2, 3]
>>> dealing_order(3, 1, 0)
[1, 2, 3, 0]
>>> seats_of(0b1010)
(1, 3)
"""

from __future__ import annotations

__all__ = ["dealing_order", "seats_of"]


def dealing_order(players: int, extras: int, dealer: int) -> list[int]:
    """Positions in dealing order: eldest ... the dealer's right, the extra hands, the dealer.

    Seats are positions 0..players-1; extra hand ``k`` is position ``players + k``."""
    seats = [(dealer + step) % players for step in range(1, players)]
    return [*seats, *range(players, players + extras), dealer]


def seats_of(mask: int) -> tuple[int, ...]:
    """The seats of a bitmask of seats, in order."""
    return tuple([seat for seat in range(mask.bit_length()) if mask >> seat & 1])
