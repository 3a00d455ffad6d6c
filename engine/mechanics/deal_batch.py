"""``deal`` in batch form: a shuffle per row, the hands as card masks, the upcard.

Built once from a compiled variant; runs the deal of one hand for every row of a
:class:`~engine.mechanics.batch.hand.BatchHand` (``engine.mechanics.deal`` is the scalar form).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.mechanics.batch.hand import BatchHand
from engine.mechanics.batch.tables import (
    ONE,
    batch_cards,
    has_small,
    keyed_uniform,
    scalar_cards,
    scalar_mask,
)
from engine.rules.variant import Variant

__all__ = ["Deal"]

_SMALL_PHASES = frozenset({"deal", "auction", "name_trump", "kitty_exchange", "play", "score"})
"""The phases whose batch forms convert the 2 to 5's batch bits (``tables.SMALL_BITS``) to
their card ids at the edges (a logged deal, a play, a discard) and rank them by the deck's own
powers (``tables.power_table``)."""


class Deal:
    """``deal``: a shuffle per row, ``hand_size`` cards a seat and an extra hand (a dummy, the
    ghost), the upcard, the rest to the kitty. Which position gets which packet does not
    change the law of a uniform shuffle, so packets are not simulated.

    The shuffle is Fisher-Yates, run on all rows at once and only as far as the cards dealt
    (position ``i`` takes a uniform one of the positions ``i`` and after): every ordering of
    the dealt cards is equally likely, as with a full shuffle, in about two thirds of the time
    of sorting random keys."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        if variant.deck.copies != 1 and variant.deck.jokers:
            return "double decks with jokers have no batch form yet"
        if variant.deck.jokers > 1:
            return "two jokers have no batch form yet"
        if has_small(variant.deck.cards):  # held at copy bits: tables.SMALL_BITS
            if variant.deck.copies != 1:
                return "a double deck with the 2 to 5 (DECK-A6) has no batch form yet"
            if other := [name for name in variant.flow if name not in _SMALL_PHASES]:
                return f"the 2 to 5 (DECK-A6) beside `{other[0]}` have no batch form yet"
        if not variant.deck.bowers:
            return "a trump ranking without bowers (`deck.bowers: false`) has no batch form yet"
        return None

    def __init__(self, variant: Variant) -> None:
        self.deck = np.array(batch_cards(variant.deck.cards), dtype=np.int64)
        """The deck's batch bits (the 2 to 5 at ``tables.SMALL_BITS``: ``tables.batch_card``)."""
        self.small = has_small(variant.deck.cards)
        """Whether the deck has the 2 to 5 (their bits convert to card ids at the edges)."""
        self.bits = ONE << self.deck.astype(np.uint64)
        self.mask = variant.deck.mask
        """The deck as the scalar engine's set of cards (a logged deal's kitty)."""
        self.hand_size = variant.deal.hand_size
        self.upcard = variant.deal.upcard
        self.positions = variant.deal.positions
        """The seats, then the extra hands (a dummy, the ghost), as the scalar deal's."""
        self.piled = variant.deal.piled
        """The cards of each position of the piles (``piles``), dealt after the upcard
        (PILE-A2), and each seat's and extra hand's before them (``held``)."""
        self.held = variant.deal.held

    def shuffle(self, rng: np.random.Generator, n: int, dealt: int,
                keys: npt.NDArray[np.uint64] | None = None) -> npt.NDArray[np.int8]:
        """``(dealt, n)``: the deck positions of the first ``dealt`` cards of a uniform
        shuffle of each row's deck (partial Fisher-Yates, one column per row), drawn from
        ``rng``, or from each row's key (``keys``: :func:`keyed_uniform`)."""
        size = self.deck.size
        order = np.repeat(np.arange(size, dtype=np.int8)[:, None], n, axis=1)
        flat = order.reshape(-1)
        rows = np.arange(n)
        draws = rng.random((dealt, n)) if keys is None else keyed_uniform(keys, dealt)
        for i in range(min(dealt, size - 1)):
            where = (draws[i] * (size - i)).astype(np.int64)  # i + a uniform 0 .. size-i-1
            where += i
            where *= n
            where += rows
            here = order[i].copy()
            order[i] = flat[where]
            flat[where] = here
        return order[:dealt]

    def run(self, bh: BatchHand) -> None:
        n, p, h = bh.n, self.positions, self.hand_size
        if self.piled:
            self._deal_piles(bh)
        else:
            dealt = p * h + (1 if self.upcard else 0)
            order = self.shuffle(bh.rng, n, dealt, bh.deal_keys)
            cards = self.bits[order[:p * h]].reshape(p, h, n)
            bh.hands = np.bitwise_or.reduce(cards, axis=1).T.copy()
            if self.upcard:
                bh.upcard = self.deck[order[p * h]]
        for row in bh.logged if bh.logged is not None else ():  # the kitty: the rest
            held = [scalar_mask(int(m), self.small) for m in bh.hands[row]]
            up = int(scalar_cards(self.small)[bh.upcard[row]]) if bh.upcard[row] >= 0 else -1
            kitty = self.mask & ~(sum(held) | (1 << up if up >= 0 else 0))
            bh.deals.append((int(bh.dealer[row]), tuple(held), up, kitty))

    def _deal_piles(self, bh: BatchHand) -> None:
        """The deal of a variant with piles: ``held`` cards to each seat and extra hand, the
        upcard, then each position of the piles its cards (PILE-A2), as the scalar deal."""
        n, held = bh.n, self.held
        first = self.positions - len(self.piled)
        dealt = first * held + (1 if self.upcard else 0) + sum(self.piled)
        order = self.shuffle(bh.rng, n, dealt, bh.deal_keys)
        hands = np.zeros((n, self.positions), dtype=np.uint64)
        cards = self.bits[order[:first * held]].reshape(first, held, n)
        hands[:, :first] = np.bitwise_or.reduce(cards, axis=1).T
        top = first * held
        if self.upcard:
            bh.upcard = self.deck[order[top]]
            top += 1
        for at, size in enumerate(self.piled, start=first):
            hands[:, at] = np.bitwise_or.reduce(self.bits[order[top:top + size]], axis=0)
            top += size
        bh.hands = hands
