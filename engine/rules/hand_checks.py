"""Checks of a hand described to :meth:`engine.rules.variant.Variant.score_hand`: who played
alone and who sat out (a lone player's partners, a special bid played alone, seats out of the
hand), before the hand is scored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.core.errors import InvalidArgument

if TYPE_CHECKING:
    from engine.rules.variant import Variant

__all__ = ["check_alone", "lone_seats"]


def lone_seats(v: Variant, *, maker: int, bid: int | str | None, alone: Sequence[int]
               ) -> tuple[int, ...]:
    """``alone``, with the maker added when his special bid is played alone."""
    lone = any(name == bid and by_himself for name, _, by_himself
               in v.scoring.space.specials)
    return tuple(alone) if not lone or maker in alone else (maker, *alone)


def check_alone(v: Variant, *, maker: int, tricks: Sequence[int], alone: Sequence[int],
                sitting_out: Sequence[int] = ()) -> None:
    """Only the maker and one defender may go alone, and a lone player's partners sit out:
    they take no tricks, nor does any other seat sitting out."""
    makers, *defenders = v.sides.hand_sides(maker)
    lone_defenders = [seat for side in defenders for seat in side if seat in alone]
    for seat in alone:
        if seat in makers and seat != maker:
            raise InvalidArgument(f"seat {seat} is the maker's partner; only the maker of "
                                  "his side may go alone")
    if len(lone_defenders) > 1:
        raise InvalidArgument(f"only one defender may go alone, not {lone_defenders}")
    for seat in sitting_out:
        if not 0 <= seat < v.players:
            raise InvalidArgument(f"seat {seat} sitting out does not exist")
        if seat == maker or seat in alone:
            raise InvalidArgument(f"seat {seat} plays this hand (maker or alone); it "
                                  "cannot sit out")
        if tricks[seat]:
            raise InvalidArgument(f"seat {seat} sits out and cannot take tricks")
    for side in (makers, *defenders):
        lone = [seat for seat in side if seat in alone]
        idle = [seat for seat in side if lone and seat not in lone and tricks[seat]]
        if idle:
            raise InvalidArgument(f"seat {idle[0]} sits out beside a lone partner and cannot "
                                  "take tricks")
