"""The events of a renege (:mod:`engine.mechanics.events` re-exports them): a card that does
not follow suit, and its correction before the trick is turned (``penalties.renege.correct:
before_turned``, RENEGE-A1, RENEGE-A2): the card taken back and a legal one played, a card
changed by a player who played after it, or a card left as it is."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, NamedTuple

from engine.core import cards as C
from engine.mechanics.events_base import _Public
from engine.mechanics.parts import SaysItself

__all__ = ["CardChanged", "CardKept", "RenegeTakenBack", "Reneged"]


class Reneged(NamedTuple("Reneged", [("seat", int), ("card", int), ("led", int), ("trump", int),
                                     ("ends_hand", bool)]), _Public):
    """``seat`` plays ``card`` without following ``led`` (a suit; trump when ``led == trump``),
    which the variant accepts (STD-A8, GH-A11); ``ends_hand``: the hand is void at once."""

    __slots__ = ()

    def shows(self) -> int:
        return 1 << self.card


class RenegeTakenBack(NamedTuple("RenegeTakenBack", [("seat", int), ("card", int),
                                                     ("played", int)]), _Public, SaysItself):
    """``seat`` takes back ``card``, the renege of the trick in progress, before the trick is
    turned, and plays ``played``, which follows suit, in its place, without penalty
    (RENEGE-A1)."""

    __slots__ = ()
    is_action: ClassVar[bool] = True

    def shows(self) -> int:
        return 1 << self.card | 1 << self.played

    def line(self, seat: Callable[[int], str]) -> str:
        return (f"{seat(self.seat)} takes back the {C.pretty(self.card)} and plays the "
                f"{C.pretty(self.played)}: the renege is corrected before the trick is "
                "turned, without penalty.")


class CardChanged(NamedTuple("CardChanged", [("seat", int), ("card", int), ("played", int)]),
                  _Public, SaysItself):
    """After a renege was taken back, ``seat``, an opponent of the reneger who played after
    him, takes back ``card`` and plays ``played`` instead (RENEGE-A2)."""

    __slots__ = ()
    is_action: ClassVar[bool] = True

    def shows(self) -> int:
        return 1 << self.card | 1 << self.played

    def line(self, seat: Callable[[int], str]) -> str:
        return (f"{seat(self.seat)} takes back the {C.pretty(self.card)} and plays the "
                f"{C.pretty(self.played)}.")


class CardKept(NamedTuple("CardKept", [("seat", int), ("card", int), ("renege", bool)]),
               _Public, SaysItself):
    """``seat`` leaves ``card`` on the trick: a renege that then stands (``renege``), or an
    opponent's card after the renege was taken back (RENEGE-A1, RENEGE-A2)."""

    __slots__ = ()
    is_action: ClassVar[bool] = True

    def shows(self) -> int:
        return 1 << self.card

    def line(self, seat: Callable[[int], str]) -> str:
        if self.renege:
            return (f"{seat(self.seat)} lets the {C.pretty(self.card)} stand: the renege "
                    "counts once the trick is turned.")
        return f"{seat(self.seat)} keeps the {C.pretty(self.card)}."
