"""What every phase module provides.

A phase is one mechanic of a hand (deal, upcard bidding, going alone, ...), configured by the
variant and shared by every state of that variant. The state holds all the data; a phase
only reads and changes it. ``legal`` is the single source of truth: ``apply`` is only called
with an action from ``legal``, and ``reason`` explains why any other action is refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.rules.variant import Variant

__all__ = ["TERMINAL", "Phase", "cards_to_actions"]

TERMINAL = -1
"""``State.current_player`` once the game is over."""


class Phase:
    """Base class: subclasses set ``name`` and override the four methods."""

    name = "phase"

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.players = variant.players

    def start(self, s: State) -> None:
        """Begin the phase: set ``s.current``, or call ``s.advance()`` when there is nothing
        to decide."""
        s.advance()

    def legal(self, s: State) -> list[int]:
        """The legal action ids for ``s.current``, ascending."""
        return []

    def apply(self, s: State, action: int) -> None:
        """Carry out a legal action."""
        raise NotImplementedError(self.name)

    def accepts_renege(self, s: State, action: int) -> bool:
        """Whether ``action``, though not legal, is a renege the variant lets a player make
        (only the ``play`` phase ever says yes)."""
        return False

    def apply_renege(self, s: State, action: int) -> None:
        """Carry out a renege that :meth:`accepts_renege` allowed."""
        raise NotImplementedError(self.name)

    def reason(self, s: State, action: int) -> str:
        """Why ``action`` is not legal now, in a player's words."""
        legal = ", ".join(s.action_name(a) for a in self.legal(s))
        return f"it is not an action of the {self.describe(s)}; legal now: {legal}"

    def describe(self, s: State) -> str:
        """A few words naming where the hand is (``bidding, round 2``)."""
        return self.name.replace("_", " ")


def _suit_tables(base: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each suit, the action ids of every set of that suit's 8 cards (a byte)."""
    return tuple(
        tuple(tuple(base + suit * 8 + rank for rank in range(8) if byte >> rank & 1)
              for byte in range(256))
        for suit in range(4)
    )


_TABLES = {base: _suit_tables(base) for base in (64, 128)}  # DISCARD and PLAY


def cards_to_actions(base: int, mask: int) -> list[int]:
    """``base + card`` for every card in ``mask``, ascending (a table lookup per suit)."""
    clubs, diamonds, hearts, spades = _TABLES[base]
    out = [*clubs[mask & 255], *diamonds[mask >> 8 & 255], *hearts[mask >> 16 & 255],
           *spades[mask >> 24 & 255]]
    if mask >> 32:
        out.append(base + 32)  # the joker
    return out
