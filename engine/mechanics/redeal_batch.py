"""``redeal`` in batch form: poor hands thrown in and the farmer's exchange, B games at once.

As the scalar phase (``engine.mechanics.redeal``): each seat in turn from eldest answers
``keep``, ``redeal`` (its hand meets ``redeal.when``: the same dealer deals again, STD-A15) or
``exchange`` (a farmer's hand, only the first: his ``cards`` lowest cards of the first rank he
holds enough of, swapped for the kitty's lowest). A row a seat redeals is thrown in there:
the seats after him are not asked, no later phase acts in it
(:attr:`~engine.mechanics.batch.hand.BatchHand.redealt`). The choices are those of the scalar
``random`` bot, one uniform draw over the legal actions; the ``greedy`` bot takes the first
legal action (``keep``, the lowest id), the ``heuristic`` bot the scalar hook's rule
(``redeal.decide``): exchange a farmer's hand, throw in a hand whose best suit as trump is
worth less than a trick.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.core import cards as C
from engine.mechanics.batch.hand import BatchHand, rules_of
from engine.mechanics.batch.tables import ONE, U64
from engine.mechanics.batch.vectors import NotVectorisable, Vector, vectorise_hands
from engine.mechanics.redeal import _POOR, EXCHANGE, KEEP, REDEAL, REDEAL_WHY, RedealRules
from engine.rules.variant import Variant

__all__ = ["Redeal"]

_FIGURE = "farmer_exchanges"
"""The report figure of the exchanges (the scalar mechanic's ``StatsHook``)."""


def lowest(masks: U64, k: int) -> U64:
    """The ``k`` lowest cards of each mask (all of them where it holds fewer)."""
    rest = masks.copy()
    for _ in range(k):
        np.bitwise_and(rest, rest - (rest != 0), out=rest)  # clear the lowest card
    out: U64 = masks ^ rest
    return out


class Redeal:
    """``redeal``: every seat from eldest keeps, redeals or exchanges (module docstring)."""

    @staticmethod
    def check(variant: Variant) -> str | None:
        flow = variant.flow
        if "upcard_bidding" not in flow[flow.index("redeal"):]:
            return "a redeal before a bidding other than `upcard_bidding` has no batch form yet"
        when = rules_of(variant, RedealRules).when
        if when is not None:
            try:
                vectorise_hands(when, bowers=variant.deck.bowers)
            except NotVectorisable as error:  # pragma: no cover - every hand condition has one
                return f"`redeal.when`: {error}"
        return None

    @staticmethod
    def check_heuristic(variant: Variant) -> str | None:
        """Why the ``heuristic`` bot has no batch form here, or None."""
        if variant.deal.held != variant.deal.hand_size:
            return "a redeal with cards dealt face down (a tableau) has no batch heuristic yet"
        return None

    def __init__(self, variant: Variant) -> None:
        rules = rules_of(variant, RedealRules)
        self.when: Vector | None = None if rules.when is None else vectorise_hands(
            rules.when, bowers=variant.deck.bowers)
        self.need = rules.exchange_cards
        deck = variant.deck.mask
        self.rank_masks = [np.uint64(deck & sum(1 << c for c in range(C.NO_CARD)
                                                if C.RANKS[c] == rank))
                           for rank in rules.exchange_ranks]
        """The deck's cards of each farmer's rank, in the order the scalar phase tries them."""
        self.deck = np.uint64(deck)

    def farmer_cards(self, hands: U64) -> U64:
        """Per row, the cards a farmer shows (the scalar ``farmer_cards``): ``need`` lowest of
        the first rank held ``need`` times or more; 0 for no farmer's hand."""
        shown = np.zeros_like(hands)
        for mask in reversed(self.rank_masks):  # the first rank that qualifies wins
            of_rank = hands & mask
            enough = np.bitwise_count(of_rank) >= self.need
            shown = np.where(enough, lowest(of_rank, self.need), shown)
        return shown

    def run(self, bh: BatchHand) -> None:
        n, rows = bh.n, np.arange(bh.n)
        redealt = np.zeros(n, dtype=bool)
        exchanged = np.zeros(n, dtype=bool)
        kitty = np.zeros(n, dtype=np.uint64)
        if self.need:
            held = np.bitwise_or.reduce(bh.hands, axis=1)
            up = np.where(bh.upcard >= 0, ONE << np.maximum(bh.upcard, 0).astype(np.uint64),
                          np.uint64(0))
            kitty = self.deck & ~held & ~up
        for i in range(1, bh.players + 1):
            seat = bh.seat(i)
            asked = ~redealt
            hand = bh.hand_of(seat)
            may_redeal: npt.NDArray[np.bool_] = (np.asarray(self.when({"hand": hand}), bool)
                                                 if self.when is not None
                                                 else np.zeros(n, dtype=bool))
            shown = self.farmer_cards(hand) if self.need else np.zeros(n, dtype=np.uint64)
            may_exchange = (shown != 0) & ~exchanged
            # the legal ids ascending: keep (3), redeal (384), exchange (448)
            k = bh.uniform(1 + may_redeal.astype(np.int64) + may_exchange)
            action = np.where(k == 0, KEEP, np.where((k == 1) & may_redeal, REDEAL, EXCHANGE))
            greedy = bh.greedy_at(seat)
            if greedy is not None:  # the first legal action
                action = np.where(greedy, KEEP, action)
            heuristic = bh.heuristic_at(seat)
            if heuristic is not None and bh.heuristic is not None:
                chosen = np.full(n, KEEP)
                if self.when is not None:
                    _, best = bh.heuristic.tables.best_suit(hand)
                    chosen = np.where(may_redeal & (best < _POOR), REDEAL, chosen)
                chosen = np.where(may_exchange, EXCHANGE, chosen)
                action = np.where(heuristic, chosen, action)
            bh.act(asked, action)
            swap = asked & (action == EXCHANGE)
            if swap.any():
                taken = lowest(kitty, self.need)
                bh.hands[rows, seat] = np.where(swap, hand & ~shown | taken, hand)
                kitty = np.where(swap, kitty & ~taken | shown, kitty)
                exchanged |= swap
            redealt |= asked & (action == REDEAL)
        bh.redealt, bh.redealt_why = redealt, REDEAL_WHY
        if self.need:
            bh.figures[_FIGURE] = bh.figures.get(_FIGURE, 0) + int(exchanged.sum())
