"""What a bot is: it sees one seat's :class:`~engine.play.view.View` and the legal actions.

Bots never look inside the state: ``choose`` gets exactly what a player at the table knows.
Each bot has its own RNG seeded by the simulator from the game's seed, so games replay.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.play.view import View
    from engine.rules.variant import Variant

__all__ = ["Bot", "worlds_until"]


def worlds_until(count: int, budget: float | None) -> Iterator[int]:
    """The worlds a sampling bot evaluates, numbered from 1: ``count`` of them, or, with a
    ``budget`` in seconds (``search:200ms``), as many as start before it is spent (at least
    one; wall-clock time, as a player waits it).

    >>> list(worlds_until(3, None))
    [1, 2, 3]
    >>> list(worlds_until(3, 0.0))
    [1]
    """
    if budget is None:
        yield from range(1, count + 1)
        return
    deadline = time.perf_counter() + budget
    worlds = 1
    yield worlds
    while time.perf_counter() < deadline:
        worlds += 1
        yield worlds


class Bot:
    """Base class. Subclasses implement :meth:`choose` (and may speed up :meth:`act`)."""

    name = "bot"

    def __init__(self, variant: Variant, seat: int, seed: int) -> None:
        self.variant = variant
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[str]) -> str:
        """Pick one of ``legal`` (names) from what ``view`` shows."""
        raise NotImplementedError

    def act(self, state: State) -> int:
        """The action id this bot plays in ``state`` (its seat must be the current player).

        Only ``state.view(seat)`` and the legal actions are consulted."""
        legal = state.legal_action_ids()
        name = self.choose(state.view(self.seat), [state.action_name(a) for a in legal])
        return state.action_id(name)

    def advise(self, state: State) -> tuple[int, str]:
        """What this bot would do in ``state`` for its seat, and why in a few words (``""``
        when it cannot say): the ``hint`` at the table."""
        return self.act(state), ""
