"""The play phase's position for the exact solver (:mod:`engine.bots.solver`), read from the
table: :func:`position_for_solver`, the ``solver_position`` of the play phases that the solver
knows (the plain one, a joker that names its suit, an exposed lone hand, reneges taken back
while nobody reneged)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core.play_position import PlayPosition

if TYPE_CHECKING:
    from engine.mechanics.base import Phase
    from engine.mechanics.table import Table

__all__ = ["PlayPosition", "position_for_solver"]


def position_for_solver(phase: Phase, s: Table) -> PlayPosition | None:
    """The position of the play with every hand as the table holds it, or None where the
    solver cannot take it: a tableau (PILE-A3), a hand nobody made, a renege recorded, a
    step that is not a card (a renege being decided)."""
    from engine.mechanics.play import ExposedPlay, JokerPlay, JokerScratch, Play  # noqa: PLC0415
    from engine.mechanics.play_correct import CorrectingPlay  # noqa: PLC0415
    from engine.mechanics.play_exposed import ExposedScratch  # noqa: PLC0415

    h = s.hand
    if type(phase) not in (Play, JokerPlay, ExposedPlay, CorrectingPlay) or h.maker < 0 \
            or not h.sides or h.reneges or s.current < 0:
        return None
    if any(a == A.PASS for a in phase.legal(s)):  # a renege taken back or kept: not a card
        return None
    makers = 0
    for seat in h.sides[0]:
        makers |= 1 << seat
    for_makers = makers
    scratch = h.scratch
    if type(scratch) is ExposedScratch and scratch.loner >= 0:
        for_makers &= ~(1 << scratch.loner)  # his opponent chooses his cards (STD-A17)
    joker_names = type(phase) is JokerPlay
    joker_suit = scratch.joker_suit if joker_names and type(scratch) is JokerScratch else -1
    trick = list(zip(h.trick_seats, h.trick, strict=True))
    return PlayPosition(tables=phase.variant.deck.tables(h.trump),
                        hands=list(h.hands[:h.players]), trick=trick,
                        leader=h.leader if not trick else trick[0][0],
                        next_seat=tuple(h.next_seat), makers=makers, for_makers=for_makers,
                        active=h.n_active, joker_names=joker_names, joker_suit=joker_suit)
