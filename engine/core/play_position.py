"""The position of the play that the exact solver (:mod:`engine.bots.solver`) reads: every
hand face up, the trick under way, and the rules of the trick as the play phase holds them
(:meth:`engine.mechanics.base.Phase.solver_position` gives it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.trump import TrumpTables

__all__ = ["PlayPosition"]


@dataclass(slots=True, kw_only=True)
class PlayPosition:
    """A position of the play with every hand face up.

    ``hands``: each seat's cards (a seat out of the hand holds none); ``trick``: the cards
    of the trick in progress as (seat, card), its leader first; ``leader``: who leads when
    the trick is empty; ``next_seat[s]``: the next seat that plays after ``s``;
    ``makers``: the bitmask of the makers' seats; ``for_makers``: the bitmask of the seats
    whose card a maker chooses (the makers, less an exposed hand the defenders choose for);
    ``active``: the seats that play a card to each trick; ``joker_names``: a joker led at
    this (no-)trump names the suit to follow, and ``joker_suit`` is the suit named for the
    trick in progress (-1: none)."""

    tables: TrumpTables
    hands: list[int]
    trick: list[tuple[int, int]]
    leader: int
    next_seat: Sequence[int]
    makers: int
    for_makers: int
    active: int
    joker_names: bool = False
    joker_suit: int = -1
