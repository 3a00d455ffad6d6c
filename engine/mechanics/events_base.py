"""What every event is made of (:mod:`engine.mechanics.events` re-exports it): who may see
an event whole (``visible_to``), the :class:`Event` protocol, and the mixin of the events
every seat sees whole."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

__all__ = ["EVERYONE", "Event", "Seats"]

Seats = frozenset[int] | None
EVERYONE: Seats = None
"""``visible_to`` of an event every seat sees whole."""


class Event(Protocol):
    """What every event answers."""

    @property
    def visible_to(self) -> Seats:
        """The seats that see it whole (:data:`EVERYONE`: all)."""

    def hidden(self) -> Event:
        """The event as a seat outside ``visible_to`` sees it."""

    def shows(self) -> int:
        """The cards it names, as a bitmask."""


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for c in cards:
        if c >= 0:
            mask |= 1 << c
    return mask


class _Public:
    """What an event every seat sees whole answers (a mixin of the named tuples below)."""

    __slots__ = ()

    @property
    def visible_to(self) -> Seats:
        """Every seat sees it."""
        return EVERYONE

    def hidden(self) -> Event:
        """Nothing is left out."""
        return self

    def shows(self) -> int:
        """No card, unless the event says otherwise."""
        return 0
