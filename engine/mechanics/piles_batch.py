"""``piles`` in batch form: the piles dealt beside the hands, set out for B games at once.

As the scalar phase (:class:`engine.mechanics.piles.LayPiles`): the face-up cards of a
tableau (a seat's pile with ``play_from``) join their owner's hand, and each covered column
keeps the bit of its face-up card and of the face-down card under it
(:attr:`~engine.mechanics.batch.hand.BatchHand.covered`), which ``play``'s batch form
(:func:`uncover`) moves to the owner's hand when the card on it is played (PILE-A3). Other
piles (widows) stay at their positions for an exchange (``kitty_exchange.source``: its batch
form takes them). Nobody decides anything here.

The ``heuristic`` bot's batch form does not read a tableau (its leads and follows count the
cards a seat holds, and a tableau changes them in the play) nor a seat's exchange with his
widow: :meth:`Piles.check_heuristic` refuses both, and the scalar engine plays them.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.mechanics.batch.hand import BatchHand
from engine.mechanics.batch.tables import U64
from engine.rules.variant import Variant

__all__ = ["Piles", "uncover"]


class Piles:
    """``piles``: a tableau's face-up cards join their owner's hand; its covered columns are
    kept for the play."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        if variant.deck.copies > 1 and any(p.play_from for p in variant.deal.piles):
            return "a tableau in a double deck has no batch form yet"
        return None

    @staticmethod
    def check_heuristic(variant: Variant) -> str | None:
        piles = variant.deal.piles
        if any(p.play_from for p in piles):
            return ("the heuristic's play from a tableau (`piles.dealt[].play_from`) has no "
                    "batch form yet")
        if piles:
            return "the heuristic's exchange with a pile (a widow) has no batch form yet"
        return None

    def __init__(self, variant: Variant) -> None:
        deal = variant.deal
        first = deal.positions - len(deal.piled)
        self.moves: list[tuple[int, int]] = []
        """(position, owner) of each face-up part of a tableau: its cards join his hand."""
        ups: dict[tuple[int, int, int], int] = {}
        self.columns: list[tuple[int, int]] = []
        """(position of the face-up card, position of the face-down card under it)."""
        for at, place in enumerate(deal.pile_places, start=first):
            if not deal.piles[place.pile].play_from:
                continue
            if place.layer == "down":
                self.columns.append((ups[place.pile, place.owner, place.column], at))
                continue
            self.moves.append((at, place.owner))
            if place.layer == "up":
                ups[place.pile, place.owner, place.column] = at

    def run(self, bh: BatchHand) -> None:
        hands = bh.hands
        if self.columns:
            tops = np.stack([hands[:, up] for up, _ in self.columns])
            unders = np.stack([hands[:, down] for _, down in self.columns])
            bh.covered = (tops, unders)
            for _, down in self.columns:
                hands[:, down] = 0
        for at, owner in self.moves:
            hands[:, owner] |= hands[:, at]
            hands[:, at] = 0


def uncover(bit: U64, covered: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64]]) -> U64:
    """Per row, the face-down card that the card played (``bit``) lay on (0: none), which
    turns over into its owner's hand (PILE-A3). Every card of a single deck is one bit, and
    only its owner holds a column's face-up card, so the column is found by its card."""
    tops, unders = covered
    under: U64 = np.bitwise_or.reduce(np.where(tops == bit, unders, np.uint64(0)), axis=0)
    return under
