"""``auction.trump_in_bid`` in batch form: each numeric bid names its trump too (``bid:4H``,
``bid:3N``; BID-A3's alternative), one turn each.

As the scalar phase (``engine.mechanics.auction``): only the number ranks, so a seat may pass,
make a special bid above the high bid, or bid any number above it in any of the contracts of
``name_trump`` (the suits, then no-trump and low no-trump where allowed); the winner of a
numeric bid has made trump at once (``name_trump`` asks nothing), the winner of a special bid
names it after the auction. The ``random`` bot draws uniformly over those actions; ``greedy``
takes the first legal one: ``pass``, or, the dealer being stuck (BID-A4), the first special
bid, else the lowest number in the first contract; the ``heuristic`` bids as
``auction_bot.decide``: its special bids on its best suit, its numbers on its best contract's
estimate, in that contract.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from engine.core import actions as A
from engine.mechanics.batch.hand import BatchHand, Ints, rules_of
from engine.mechanics.name_trump import NameTrumpRules, contracts

if TYPE_CHECKING:
    from engine.mechanics.auction_batch import Auction
    from engine.rules.variant import Variant

__all__ = ["TrumpBids"]

Bools = npt.NDArray[np.bool_]


class TrumpBids:
    """The contracts a bid may name, and one seat's turn with them, for B games at once."""

    def __init__(self, variant: Variant) -> None:
        self.contracts = np.array(contracts(rules_of(variant, NameTrumpRules)), dtype=np.int64)

    def actions(self, auction: Auction, level: Ints, trump: Ints) -> Ints:
        """The action ids of the levels chosen (0: pass), a number naming ``trump``."""
        numeric = (level > 0) & (level <= auction.numbers)
        chosen: Ints = np.where(numeric, A.BID_TRUMP + 8 * auction.tricks[level] + trump,
                                auction.action[level])
        return chosen

    def _draw(self, bh: BatchHand, auction: Auction, high: Ints, stuck: Bools
              ) -> tuple[Ints, Ints]:
        """The random bot: uniform over pass (unless stuck), each number above ``high`` in
        each contract, and the special bids above it. Returns the levels above ``high`` (0:
        pass) and the contract named."""
        c = self.contracts.size
        numbers = np.maximum(auction.numbers - high, 0)
        specials = auction.top - np.maximum(high, auction.numbers)
        keep = (~stuck).astype(np.int64)
        pick = bh.uniform(keep + c * numbers + specials) + (1 - keep)  # 0: pass
        as_number = (pick >= 1) & (pick <= c * numbers)
        step = np.where(as_number, 1 + (pick - 1) // c,
                        np.maximum(high, auction.numbers) - high + pick - c * numbers)
        chosen: Ints = np.where(pick > 0, step, 0)
        named: Ints = self.contracts[np.where(as_number, (pick - 1) % c, 0)]
        return chosen, named

    def _best(self, bh: BatchHand, hand: npt.NDArray[np.uint64]
              ) -> tuple[Ints, npt.NDArray[np.float64]]:
        """The heuristic's best contract and its estimate (the last of equals, the scalar
        ``best_suit`` over the contracts offered)."""
        assert bh.heuristic is not None
        return bh.heuristic.tables.best_suit(hand, self.contracts.tolist())

    def turn(self, bh: BatchHand, auction: Auction, seat: Ints, *, high: Ints, bidder: Ints,
             stuck: Bools) -> tuple[Ints, Ints]:
        """One seat's turn in every row (``stuck``: the dealer may not pass, BID-A4): the
        levels above ``high`` (0: pass) and the contract a number names."""
        pick, named = self._draw(bh, auction, high, stuck)
        greedy = bh.greedy_at(seat)
        if greedy is not None:  # the first legal action
            first = np.where(auction.top > auction.numbers, auction.numbers + 1 - high, 1)
            pick = np.where(greedy, np.where(stuck, first, 0), pick)
            named = np.where(greedy, self.contracts[0], named)
        heuristic = bh.heuristic_at(seat)
        if heuristic is not None:
            trump, est = self._best(bh, bh.hand_of(seat))
            bid = auction._bid(bh, seat, high, bidder, numbers_est=est)
            if stuck.any():  # held to bid: the lowest number, in its best contract
                bid = np.where(stuck & (bid == 0), 1, bid)
            pick = np.where(heuristic, bid, pick)
            named = np.where(heuristic, trump, named)
        return pick, named
