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
>>> side_words((0, 2), 4), side_words((1,), 3), seat_names(2)
('North-South', 'B', ('P1', 'P2'))
"""

from __future__ import annotations

__all__ = ["dealing_order", "seat_names", "seats_of", "side_words"]

_FOUR = ("North", "East", "South", "West")
_THREE = ("A", "B", "C")
_TWO = ("P1", "P2")


def seat_names(players: int) -> tuple[str, ...]:
    """The seat names of a table (`euchre rules NAME`, "Players"): ``P1 P2``; ``A B C``;
    ``North ... West``; ``Seat k`` (k as in ``--seat``) for larger tables."""
    return {2: _TWO, 3: _THREE, 4: _FOUR}.get(players) or tuple(
        f"Seat {k}" for k in range(players))


def side_words(side: tuple[int, ...], players: int) -> str:
    """A side as players name it, as the terminal does: ``North-South``, or one seat's name."""
    names = seat_names(players)
    return "-".join(names[s] for s in side)


def dealing_order(players: int, extras: int, dealer: int) -> list[int]:
    """Positions in dealing order: eldest ... the dealer's right, the extra hands, the dealer.

    Seats are positions 0..players-1; extra hand ``k`` is position ``players + k``."""
    seats = [(dealer + step) % players for step in range(1, players)]
    return [*seats, *range(players, players + extras), dealer]


def seats_of(mask: int) -> tuple[int, ...]:
    """The seats of a bitmask of seats, in order."""
    return tuple([seat for seat in range(mask.bit_length()) if mask >> seat & 1])
