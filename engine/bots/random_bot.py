"""``random``: a uniformly random legal action (never a renege)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.bots.base import Bot

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.play.view import View

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """Plays any legal action with equal chance."""

    name = "random"

    def choose(self, view: View, legal: Sequence[str]) -> str:
        return self.rng.choice(list(legal))

    def act(self, state: State) -> int:
        # Same choice as ``choose`` (one draw over the legal list), without naming actions.
        return self.rng.choice(state.legal_action_ids())
