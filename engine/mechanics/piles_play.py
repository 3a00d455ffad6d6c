"""The tricks of a variant whose seats play from a tableau (``piles.dealt[].play_from``): the
``play`` phase as it is (the joker's at no-trump too), and after each card the face-down card
it lay on, if any, turns over (PILE-A3, :func:`engine.mechanics.piles.turn_over`). Only such
variants run it (``Play`` chooses it when the phase is made), so the others' play is unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.mechanics.piles import turn_over
from engine.mechanics.play import JokerPlay, Play

if TYPE_CHECKING:
    from engine.mechanics.table import Table

__all__ = ["PileJokerPlay", "PilePlay"]


class PilePlay(Play):
    """Play the tricks; a card played from a tableau uncovers the card under it."""

    def apply(self, s: Table, action: int) -> None:
        super().apply(s, action)
        if action >= A.PLAY:  # a card, not the suit a led joker calls for
            turn_over(s, A.card_of(action))


class PileJokerPlay(PilePlay, JokerPlay):
    """The same, in a joker deck whose led joker at no-trump calls for a suit (BID-A8)."""
