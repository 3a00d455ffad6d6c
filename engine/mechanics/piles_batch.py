"""``piles`` in batch form: the piles dealt beside the hands, set out for B games at once.

As the scalar phase (:class:`engine.mechanics.piles.LayPiles`): the face-up cards of a
tableau (a seat's pile with ``play_from``) join their owner's hand, and each covered column
keeps the bit of its face-up card and of the face-down card under it
(:attr:`~engine.mechanics.batch.hand.BatchHand.covered`), which ``play``'s batch form
(:func:`uncover`) moves to the owner's hand when the card on it is played (PILE-A3). Other
piles (widows) stay at their positions for an exchange (``kitty_exchange.source``: its batch
form takes them). Nobody decides anything here.

The ``heuristic`` bot's batch form does not read a tableau (its leads and follows read the
cards a seat holds and has seen, and a tableau shows and turns cards over in the play):
:meth:`Piles.check_heuristic` refuses it, and the scalar engine plays. An exchange with a widow
(:class:`PileExchange`) has the heuristic's discards, the scalar bot's at every decision.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.core import actions as A
from engine.mechanics.auction_space import fixed_by
from engine.mechanics.batch.greedy import GreedyTables
from engine.mechanics.batch.hand import BatchHand
from engine.mechanics.batch.tables import ONE, U64, card_actions, choose_bit, has_small
from engine.mechanics.piles import pile_position
from engine.rules.variant import Variant

__all__ = ["PileExchange", "Piles", "uncover"]


class Piles:
    """``piles``: a tableau's face-up cards join their owner's hand; its covered columns are
    kept for the play."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        if variant.deck.copies > 1 and any(p.play_from for p in variant.deal.piles):
            return "a tableau in a double deck has no batch form yet"
        if variant.deal.hand_size > 31:  # play_batch counts a seat's tricks in 5 bits
            return "a hand of more than 31 tricks has no batch form"
        return None

    @staticmethod
    def check_heuristic(variant: Variant) -> str | None:
        piles = variant.deal.piles
        if any(p.play_from for p in piles):
            return ("the heuristic's play from a tableau (`piles.dealt[].play_from`) has no "
                    "batch form yet")
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


_TRUMP_MADE = frozenset({"upcard_bidding", "auction", "name_trump", "upcard_trump"})
"""The phases that make trump: a pile's exchange after one of them discards knowing it."""


class PileExchange:
    """``kitty_exchange`` with a pile (``source``: a widow, PILE-A6), for B games at once, as
    the scalar phase: not optional, the seat ``seat`` names (``each``: every seat in turn
    from eldest, his own pile; ``maker``, ``dealer``, ``eldest``: that seat) takes the pile
    into his hand and discards as many cards, one at a time. Each discard is the scalar
    ``random`` bot's (a uniform card held), the ``greedy``'s (the least power in its own suit)
    or the ``heuristic``'s (the loss that leaves the estimate with trump highest, the lowest
    id of equals: ``kitty_exchange.decide``). Nobody else sees the cards, so no other seat's
    choice depends on them. :class:`engine.mechanics.kitty_exchange_batch.KittyExchange`
    hands such an exchange here."""

    SEATS = ("each", "maker", "dealer", "eldest")

    @staticmethod
    def check(variant: Variant, source: str, seat: str, optional: bool) -> str | None:
        pile = next(p for p in variant.deal.piles if p.name == source)
        if optional or seat not in PileExchange.SEATS or fixed_by(
                variant, "kitty_exchange.seat") or (seat == "each" and pile.owner == "table"):
            return ("only an exchange with a pile that is not optional, by the maker, the "
                    "dealer, eldest, or each seat with his own, has a batch form yet")
        if not set(variant.flow[:variant.flow.index("kitty_exchange")]) & _TRUMP_MADE:
            return "an exchange with a pile before trump is made has no batch form yet"
        return None

    def __init__(self, variant: Variant, source: str, seat: str) -> None:
        self.seat = seat
        self.players = variant.players
        self.where = np.array([pile_position(variant, source, s) for s in range(self.players)])
        """By seat, the position of the pile he takes."""
        self.size = next(p.size for p in variant.deal.piles if p.name == source)
        self.hand_size = variant.deal.hand_size
        self.greedy = GreedyTables(variant)
        self.discards = card_actions(A.DISCARD, has_small(variant.deck.cards))

    def _turns(self, bh: BatchHand) -> list[tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]]:
        """Per turn, the seat of each row and whether he takes the pile there."""
        playing = ~bh.thrown_in
        if bh.redealt is not None:
            playing &= ~bh.redealt
        if bh.ended is not None:
            playing &= ~bh.ended
        if self.seat == "maker":
            return [(np.maximum(bh.maker, 0), playing & (bh.maker >= 0))]
        if self.seat != "each":
            seat = bh.seat(1 if self.seat == "eldest" else 0)
            return [(seat, playing & ~bh.sits_out(seat))]
        return [(seat, playing & ~bh.sits_out(seat))
                for seat in (bh.seat(k) for k in range(1, self.players + 1))]

    def run(self, bh: BatchHand) -> None:
        rows = np.arange(bh.n)
        zero = np.uint64(0)
        for seat, taking in self._turns(bh):
            at = self.where[seat]
            held = bh.hands[rows, seat] | np.where(taking, bh.hands[rows, at], zero)
            greedy = bh.greedy_at(seat)
            heuristic = bh.heuristic_at(seat)
            for k in range(self.size):
                legal = np.where(taking, held, zero)
                bit = choose_bit(legal, bh.rng)
                if greedy is not None:  # the card of least power in its own suit
                    low = ONE << self.greedy.discard(legal, bh.trump).astype(np.uint64)
                    bit = np.where(greedy & taking, low, bit)
                if heuristic is not None and bh.heuristic is not None:  # the least loss
                    keep = bh.heuristic.tables.best_keep(legal, bh.trump, self.hand_size
                                                         + self.size - k - 1)
                    bit = np.where(heuristic & taking, legal ^ keep, bit)
                bh.act(taking, self.discards[np.bitwise_count(bit - ONE).astype(np.int64)])
                held ^= bit
            bh.hands[rows, seat] = np.where(taking, held, bh.hands[rows, seat])
            bh.hands[rows, at] = np.where(taking, zero, bh.hands[rows, at])
