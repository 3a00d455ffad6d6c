"""``auction`` in batch form: one bid each, the blind swap (``name_trump`` then names trump).

As the scalar phase (``engine.mechanics.auction``) with
``turns: one_each`` (GH-A2): from eldest (or the dealer) each seat once may pass or bid above
the high bid (the numbers, then the special bids such as ``moon``, which beat every number);
the highest special bid ends the auction at once; in partnerships (of two) a special bid
played ``alone`` sits the bidder's partner out (BID-A5). With a blind ``swap`` (GH-A3,
GH-A4) a seat may first, on its turn and once per deal for the table, take the extra hand for
its own, whose cards are then dead; it then passes or bids. With ``blind: false`` it may
instead ``look`` at the extra hand first, then swap or not: the deal's one chance. If all pass
the deal is thrown in and passes left (GH-A16), or with ``all_pass: dealer_forced`` the dealer,
last, may not pass and must bid (BID-A4). The high bidder names trump
(``engine.mechanics.name_trump_batch``), or with ``trump_in_bid`` a number names it in the bid
(``engine.mechanics.auction_batch_trump``). The heuristic bids a special bid played alone on
its count of sure tricks (``engine.mechanics.auction_batch_sure``).

Every choice is the scalar ``random`` bot's: one uniform draw over the legal actions, here
``pass``, ``swap`` (while allowed) and each bid above the high bid; after a swap, a second draw
over ``pass`` and the bids. The ``greedy`` bot has no rule for an auction and takes the first
legal action, ``pass`` (``engine.bots.greedy``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.core import actions as A
from engine.mechanics.auction_batch_sure import SureTricks
from engine.mechanics.auction_batch_trump import TrumpBids
from engine.mechanics.auction_bot import _SPECIAL_MARGIN
from engine.mechanics.auction_rules import AllPass, AuctionFirst, AuctionRules, Turns
from engine.mechanics.batch.greedy import GreedyTables
from engine.mechanics.batch.hand import NONE, BatchHand, Ints, rules_of
from engine.mechanics.upcard_bidding import ALL_PASSED
from engine.rules.variant import SidesKind, Variant

__all__ = ["Auction"]

_SWAP_UNDER = 1.8
"""The heuristic takes the blind extra hand when its own is worth fewer tricks
(``auction_bot.decide``)."""


class Auction:
    """``auction`` (one bid each; a blind swap or none) for B games at once."""

    def __new__(cls, variant: Variant) -> Auction:
        if cls is Auction and rules_of(variant, AuctionRules).table:  # a bid table (C500-A1)
            from engine.mechanics.auction_table_batch import TableAuction  # noqa: PLC0415

            return super().__new__(TableAuction)
        return super().__new__(cls)

    @staticmethod
    def check(variant: Variant) -> str | None:
        r = rules_of(variant, AuctionRules)
        if r.table:
            from engine.mechanics.auction_table_batch import TableAuction  # noqa: PLC0415

            return TableAuction.check(variant)
        if r.stuck_bid or any(special.only_over for special in r.special_bids):
            return "bid tables, stuck bids and special bids only over others have no batch " \
                   "form yet"
        if r.all_pass is AllPass.DEALER_FORCED and (
                r.turns is not Turns.ONE_EACH or r.first is not AuctionFirst.ELDEST
                or r.swap is not None):
            return "a forced dealer beside a continuous auction, a swap or the dealer's " \
                   "first turn has no batch form yet"
        if r.must_bid_when is not None:
            return "forced bids have no batch form yet"
        if r.trump_in_bid and (r.turns is not Turns.ONE_EACH or r.swap is not None):
            return "bids naming trump in a continuous auction or beside a swap have no " \
                   "batch form yet"
        if r.swap is not None and r.swap.per_deal != 1:
            return "more than one swap a deal has no batch form yet"
        if any(special.alone for special in r.special_bids) and \
                variant.sides.kind is SidesKind.TEAMS and variant.players != 4:
            return "special bids played alone in partnerships of more than two have no " \
                   "batch form yet"
        return None

    @staticmethod
    def check_heuristic(variant: Variant) -> str | None:
        """Why the ``heuristic`` bot has no batch form here, or None."""
        if rules_of(variant, AuctionRules).table:  # auction_table_batch: the table's bids
            return None
        specials = rules_of(variant, AuctionRules).special_bids
        if any(special.tricks == 0 for special in specials):
            return "special bids for no tricks have no batch heuristic yet"
        return None

    def __init__(self, variant: Variant) -> None:
        r = rules_of(variant, AuctionRules)
        self.first = 1 if r.first is AuctionFirst.ELDEST else 0
        numbers = [A.BID + k for k in r.bids]
        specials = [A.SPECIAL_BID + i for i in range(len(r.special_bids))]
        self.action = np.array([A.PASS, *numbers, *specials], dtype=np.int64)
        """Per level (0: pass, 1: the lowest bid, ...): its action id."""
        self.tricks = np.array([0, *r.bids, *(b.tricks for b in r.special_bids)], dtype=np.int64)
        self.special = np.array([NONE] * (1 + len(numbers)) + list(range(len(specials))),
                                dtype=np.int64)
        self.alone = np.array([False] * (1 + len(numbers)) + [b.alone for b in r.special_bids])
        self.sure = SureTricks(variant, GreedyTables(variant)) if self.alone.any() else None
        """The heuristic's count of sure tricks, for a special bid played alone."""
        self.trumps = TrumpBids(variant) if r.trump_in_bid else None
        """Each numeric bid names its trump too (``auction.trump_in_bid``)."""
        self.names = tuple(b.name for b in r.special_bids)
        self.teams = variant.sides.kind is SidesKind.TEAMS
        """A special bid played alone sits the maker's partner (across) out (BID-A5)."""
        self.numbers = len(numbers)
        self.top = len(numbers) + len(specials)
        """The highest level: it ends the auction."""
        self.ghost = (variant.players + variant.deal.extra_hands.index(r.swap.hand)
                      if r.swap is not None else NONE)
        self.continuous = r.turns is Turns.CONTINUOUS
        self.forced = r.all_pass is AllPass.DEALER_FORCED
        """The dealer, last to bid, may not pass when all the others have (BID-A4)."""
        self.open = r.swap is not None and not r.swap.blind
        """A seat may ``look`` at the extra hand first, then swap or not (GH-A3): the deal's
        one chance, nobody else may look or swap after it."""

    @staticmethod
    def _estimate(bh: BatchHand, seat: Ints) -> npt.NDArray[np.float64]:
        """The heuristic's estimate of ``seat``'s hand in its best suit."""
        assert bh.heuristic is not None
        return bh.heuristic.tables.best_suit(bh.hand_of(seat))[1]

    def _bid(self, bh: BatchHand, seat: Ints, high: Ints, bidder: Ints,
             numbers_est: npt.NDArray[np.float64] | None = None) -> Ints:
        """The heuristic's bid (``auction_bot.decide``), as levels above the high bid (0:
        pass): the last special bid the hand warrants (played alone: as many sure tricks in
        its best suit as the bid's, ``auction_batch_sure``; else its estimate and a partner's
        help within 0.4 of its tricks, the full count for a later one of the same tricks); else
        pass when a partner holds the bid; else, in a partnership, the highest bid that the
        side's expected tricks (the estimate and the opening help) less the bid margin reach,
        half the tricks reached too; alone, the highest within the estimate and 0.3, else,
        nobody having bid, the lowest within the opening help and 0.3 (the numbers by
        ``numbers_est``, the best contract's estimate where bids name trump; None: the best
        suit's)."""
        assert bh.heuristic is not None
        tables = bh.heuristic.tables
        numbers = tables.numbers
        est = self._estimate(bh, seat)
        partnered = tables.side[seat, seat].sum(axis=1) > 1
        help_ = np.where(partnered, numbers.partner_tricks, 0.0)
        level = np.zeros(bh.n, dtype=np.int64)
        first = 1 + self.numbers
        sure = self.sure.best(bh.hand_of(seat)) if self.sure is not None else None
        for j in range(self.top - self.numbers):  # the special bids, in order
            at = first + j
            if self.alone[at]:  # alone: a hand sure of the bid's tricks in its best suit
                assert sure is not None
                level = np.where((at > high) & (sure >= self.tricks[at]), at, level)
                continue
            same = [i for i in range(j) if self.tricks[first + i] == self.tricks[at]]
            seen = (high < first + same[0]) if same else np.zeros(bh.n, dtype=bool)
            margin = np.where(seen, 0.0, _SPECIAL_MARGIN)
            warranted = (at > high) & (est + help_ >= self.tricks[at] - margin)
            level = np.where(warranted, at, level)
        special = level > 0
        num = est if numbers_est is None else numbers_est
        partner_holds = partnered & (bidder >= 0) & (bidder != seat) \
            & tables.side[seat, seat, np.maximum(bidder, 0)]
        reach = np.where(partnered, num + numbers.opening_tricks - numbers.bid_margin,
                         num + 0.3)  # a partnership: the side's tricks less the margin
        floor = np.where(partnered, numbers.half_tricks, 0.0)
        for at in range(1, first):  # the numbers: the highest within reach
            within = (at > high) & (np.maximum(self.tricks[at], floor) <= reach)
            level = np.where(~special & within, at, level)
        opens = ~special & ~partnered & (level == 0) & (high == 0) & (
            self.tricks[1] <= num + numbers.opening_tricks + 0.3)
        level = np.where(opens, 1, level)
        level = np.where(~special & partner_holds, 0, level)
        chosen: Ints = np.where(level > 0, level - high, 0)
        return chosen

    def _swap(self, bh: BatchHand, seat: Ints, swaps: npt.NDArray[np.bool_]) -> None:
        """Where ``swaps``, ``seat`` swaps: takes the extra hand for its own, whose cards are
        then dead (GH-A3, GH-A4)."""
        bh.act(swaps, A.SWAP)
        if swaps.any():
            rows = np.arange(bh.n)
            bh.hands[rows, seat] = np.where(swaps, bh.hands[:, self.ghost], bh.hands[rows, seat])
            bh.hands[:, self.ghost] = np.where(swaps, np.uint64(0), bh.hands[:, self.ghost])

    def _open_swap(self, bh: BatchHand, seat: Ints, *, acting: npt.NDArray[np.bool_],
                   above: Ints, swapped: Ints, looked: npt.NDArray[np.bool_]
                   ) -> tuple[Ints, Ints, npt.NDArray[np.bool_]]:
        """A seat's turn where the swap may look first (GH-A3): ``pass``, ``swap``, ``look``
        (while nobody has swapped or looked) or a bid, uniformly; after a look ``pass``,
        ``swap`` or a bid; after a swap ``pass`` or a bid. The ``greedy`` bot passes, the
        ``heuristic`` swaps a hand worth under 1.8 and never looks (its hook has no rule for
        it). Returns the pick among pass and the bids (0: pass), the swapper, who looked."""
        may = acting & (swapped < 0) & ~looked
        options = 2 * may.astype(np.int64)  # swap and look
        pick = bh.uniform(1 + options + above)  # 0 pass, 1 swap, 2 look (where allowed), bids
        greedy = bh.greedy_at(seat)
        if greedy is not None:
            pick = np.where(greedy, 0, pick)
        heuristic = bh.heuristic_at(seat)
        if heuristic is not None:
            weak = self._estimate(bh, seat) < _SWAP_UNDER
            pick = np.where(heuristic, np.where(weak & may, 1, 0), pick)
        looks = may & (pick == 2)
        bh.act(looks, A.LOOK)
        after = bh.uniform(2 + above)  # after a look: 0 pass, 1 swap, bids
        swaps = (may & (pick == 1)) | (looks & (after == 1))
        self._swap(bh, seat, swaps)
        again = bh.uniform(1 + above)  # after the swap: pass or a bid
        bid = np.where(looks, np.maximum(after - 1, 0),
                       np.where(pick > options, pick - options, 0))
        chosen: Ints = np.where(swaps, again, bid)
        return chosen, np.where(swaps, seat, swapped), looked | looks

    def _turn(self, bh: BatchHand, seat: Ints, *, acting: npt.NDArray[np.bool_], high: Ints,
              bidder: Ints, swapped: Ints, looked: npt.NDArray[np.bool_],
              fresh: npt.NDArray[np.bool_] | None = None
              ) -> tuple[Ints, Ints, npt.NDArray[np.bool_]]:
        """One seat's turn for every row where ``acting``: a swap first where allowed
        (``fresh``: the seat has not bid yet, "before making his bid", GH-A4; None: every
        seat), then pass (0) or a bid (levels above the high bid). Returns the pick, the
        swapper and who looked."""
        greedy = bh.greedy_at(seat)  # the greedy bot has no auction rule: it passes
        above = self.top - high  # the bids that beat the high bid
        if self.open:
            pick, swapped, looked = self._open_swap(
                bh, seat, acting=acting if fresh is None else acting & fresh, above=above,
                swapped=swapped, looked=looked)
        elif self.ghost >= 0:
            may_swap = acting & (swapped < 0)
            if fresh is not None:
                may_swap &= fresh
            pick = bh.uniform(1 + may_swap + above)  # 0 pass, 1 swap (where allowed), bids
            if greedy is not None:
                pick = np.where(greedy, 0, pick)
            heuristic = bh.heuristic_at(seat)
            if heuristic is not None:  # the heuristic swaps a hand worth under 1.8
                weak = self._estimate(bh, seat) < _SWAP_UNDER
                pick = np.where(heuristic, np.where(weak, 1, 0), pick)
            swaps = may_swap & (pick == 1)
            self._swap(bh, seat, swaps)
            swapped = np.where(swaps, seat, swapped)
            again = bh.uniform(1 + above)  # after the swap: pass or a bid
            pick = np.where(swaps, again, pick - (may_swap & (pick > 1)))
        else:
            pick = bh.uniform(1 + above)
            if greedy is not None:
                pick = np.where(greedy, 0, pick)
        heuristic = bh.heuristic_at(seat)
        if heuristic is not None:
            pick = np.where(heuristic, self._bid(bh, seat, high, bidder), pick)
        return pick, swapped, looked

    def run(self, bh: BatchHand) -> None:
        self._levels(bh)

    def _levels(self, bh: BatchHand) -> Ints:
        """The auction of every row; returns the high bid's level (0: all passed)."""
        n, p = bh.n, bh.players
        high = np.zeros(n, dtype=np.int64)  # the level of the high bid (0: none yet)
        bidder = np.full(n, NONE, dtype=np.int64)
        swapped = np.full(n, NONE, dtype=np.int64)
        looked = np.zeros(n, dtype=bool)
        if self.continuous:
            high, bidder, swapped = self._continuous(bh, high, bidder, swapped, looked)
        elif self.trumps is not None:
            high, bidder = self._naming_trump(bh, self.trumps)
        for k in range(0 if self.continuous or self.trumps is not None else p):
            seat = (bh.dealer + self.first + k) % p
            acting = high < self.top
            pick, swapped, looked = self._turn(bh, seat, acting=acting, high=high,
                                               bidder=bidder, swapped=swapped, looked=looked)
            if self.forced and k == p - 1:
                pick = self._stuck(bh, seat, acting & (high == 0), pick)
            level = np.where(pick > 0, high + pick, 0)
            bh.act(acting, self.action[level])
            bids = acting & (pick > 0)
            high = np.where(bids, level, high)
            bidder = np.where(bids, seat, bidder)
        bh.maker = bidder
        bh.bid = self.tricks[high]
        bh.special = self.special[high]
        bh.alone = self.alone[high]
        if self.teams:  # BID-A5: the lone bidder's partner sits out
            bh.out = np.where(bh.alone, (bidder + 2) % p, NONE)
        bh.swapped = swapped
        bh.special_names = self.names
        bh.thrown_in_why = ALL_PASSED
        return high

    def _naming_trump(self, bh: BatchHand, trumps: TrumpBids) -> tuple[Ints, Ints]:
        """One turn each where a number names its trump (``auction.trump_in_bid``): the high
        level and bidder; the rows won by a number have their trump made
        (:attr:`BatchHand.named`)."""
        n, p = bh.n, bh.players
        high = np.zeros(n, dtype=np.int64)
        bidder = np.full(n, NONE, dtype=np.int64)
        trump = np.zeros(n, dtype=np.int64)
        for k in range(p):
            seat = (bh.dealer + self.first + k) % p
            acting = high < self.top
            stuck = acting & (high == 0) if self.forced and k == p - 1 else \
                np.zeros(n, dtype=bool)
            pick, named = trumps.turn(bh, self, seat, high=high, bidder=bidder, stuck=stuck)
            level = np.where(pick > 0, high + pick, 0)
            bh.act(acting, trumps.actions(self, level, named))
            bids = acting & (pick > 0)
            high = np.where(bids, level, high)
            bidder = np.where(bids, seat, bidder)
            trump = np.where(bids, named, trump)
        bh.named = (bidder >= 0) & (high <= self.numbers)
        bh.trump = np.where(bh.named, trump, 0)
        return high, bidder

    def _stuck(self, bh: BatchHand, seat: Ints, stuck: npt.NDArray[np.bool_],
               pick: Ints) -> Ints:
        """The dealer's turn where all the others passed (BID-A4, ``auction._stuck``): no
        pass, a uniform draw over the bids (random); the first legal action, the lowest bid
        (greedy); the heuristic's bid, else the lowest (``auction_bot.decide``)."""
        if not stuck.any():
            return pick
        forced = 1 + bh.uniform(self.top)
        greedy = bh.greedy_at(seat)
        if greedy is not None:
            forced = np.where(greedy, 1, forced)
        heuristic = bh.heuristic_at(seat)
        if heuristic is not None:
            forced = np.where(heuristic, np.maximum(pick, 1), forced)
        chosen: Ints = np.where(stuck, forced, pick)
        return chosen

    def _continuous(self, bh: BatchHand, high: Ints, bidder: Ints, swapped: Ints,
                    looked: npt.NDArray[np.bool_]) -> tuple[Ints, Ints, Ints]:
        """``turns: continuous`` (GH-A2): the seats in turn from the first, each passing for
        good or bidding above the high bid, until all the others have passed after the last
        bid (or all have passed, or the top bid is made). The turns go round the seats still
        in, in seat order (a bidder goes to the back of the queue, behind the others still
        in): at most one pass a seat and one bid a level."""
        n, p = bh.n, bh.players
        everyone = (1 << p) - 1
        active = np.full(n, everyone, dtype=np.int64)  # the seats that have not passed
        has_bid = np.zeros(n, dtype=np.int64)
        seat = (bh.dealer + self.first) % p
        done = np.zeros(n, dtype=bool)
        for _ in range(p + self.top):
            acting = ~done
            if not acting.any():
                break
            fresh = (has_bid >> seat) & 1 == 0
            pick, swapped, looked = self._turn(bh, seat, acting=acting, high=high,
                                               bidder=bidder, swapped=swapped, looked=looked,
                                               fresh=fresh)
            level = np.where(pick > 0, high + pick, 0)
            bh.act(acting, self.action[level])
            bids = acting & (pick > 0)
            high = np.where(bids, level, high)
            bidder = np.where(bids, seat, bidder)
            has_bid |= np.where(bids, 1 << seat, 0)
            active &= ~np.where(acting & (pick == 0), 1 << seat, 0)
            alone_in = (bidder >= 0) & (active == np.left_shift(1, np.maximum(bidder, 0)))
            done |= acting & ((active == 0) | (high >= self.top) | alone_in)
            after = seat.copy()  # the next seat still in, in seat order
            for j in range(p - 1, 0, -1):
                other = (seat + j) % p
                after = np.where((active >> other) & 1 == 1, other, after)
            seat = np.where(done, seat, after)
        return high, bidder, swapped
