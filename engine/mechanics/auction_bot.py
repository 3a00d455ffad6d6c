"""The heuristic bot's hook of ``auction`` (:mod:`engine.mechanics.auction`): swap a weak
hand, bid what the best suit is worth, a special bid only with a hand that makes it; in a bid
table (``auction.table``) the highest bid the hand is worth in its best denominations, and a
misère with a hand of low cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.auction_rules import AuctionView

if TYPE_CHECKING:
    from engine.mechanics.auction_table import Contract
    from engine.mechanics.base import BotTools
    from engine.mechanics.view import View

__all__ = ["decide"]


_SPECIAL_MARGIN = 0.4
"""The heuristic bot bids a special bid when its estimate is this close to the bid's tricks
(a later special bid of the same tricks, with higher stakes, needs the full count)."""


def decide(tools: BotTools, view: View, legal: list[int]) -> int:
    """The heuristic bot: swap a weak hand, bid what the best suit is worth, and a special bid
    only with a hand that makes it (alone: one sure of its tricks). In a partnership, not
    overbidding a partner, the highest bid that the side's expected tricks (the estimate and
    ``BotTools.opening_tricks``, a partner's help) beat, and beat half the tricks, by
    ``BotTools.bid_margin`` (a contract the side does not expect to make with tricks to spare
    is worth less than a deal thrown in, BID-A7), else pass; alone, the highest bid within the
    estimate and 0.3, or, in a hand longer than six and nobody having bid, the lowest within
    the estimate, ``opening_tricks`` and 0.3."""
    table = AuctionView.of(view).table
    if table:
        return _from_table(tools, view, legal, table)
    _, est = tools.best_suit(view.hand, range(4))
    if A.SWAP in legal and est < 1.8:
        return A.SWAP
    specials = [a for a in legal if A.SPECIAL_BID <= a < A.SPECIAL_BID + A.SPECIAL_BIDS]
    if specials:
        choice = _special(tools, view, specials, est)
        if choice >= 0:
            return choice
    partners = [seat for seat in tools.side_of_view(view) if seat != tools.seat]
    if partners and _high_bidder(view) in partners and A.PASS in legal:
        return A.PASS  # the partner holds the contract: let it stand
    numbers = [a for a in legal if A.BID < a < A.SPECIAL_BID]
    with_trump = [a for a in legal if a >= A.BID_TRUMP]
    if with_trump:  # bid what the best contract (a suit, N or L) is worth, in it
        trump, est = tools.best_suit(view.hand, sorted({A.bid_trump(a)[1] for a in with_trump}))
        numbers = [a for a in with_trump if A.bid_trump(a)[1] == trump]
    if partners:  # the side's expected tricks beat the bid and half the tricks by the margin
        reach = est + tools.opening_tricks - tools.bid_margin
        bids = [a for a in numbers if max(_tricks(a), tools.half_tricks) <= reach]
    else:
        bids = [a for a in numbers if _tricks(a) <= est + 0.3]
    if bids:
        return max(bids)
    if numbers and not partners and _high_bidder(view) < 0 and (
            _tricks(min(numbers)) <= est + tools.opening_tricks + 0.3):
        return min(numbers)  # open at the lowest bid, as a hand longer than six allows
    if A.PASS not in legal and numbers:
        return min(numbers)  # the stuck dealer: the lowest bid, in his best contract
    return A.PASS if A.PASS in legal else min(a for a in legal if a > A.LOOK)


def _tricks(action: int) -> int:
    """The tricks of a numeric bid (``bid:4`` or ``bid:4H``)."""
    return A.bid_trump(action)[0] if action >= A.BID_TRUMP else action - A.BID


def _special(tools: BotTools, view: View, specials: list[int], est: float) -> int:
    """The last special bid the hand warrants: one played alone when the hand is sure of its
    tricks (``BotTools.sure_tricks`` in its best suit), one with a partner when the estimate
    and the partner's help come near its tricks; -1 for none."""
    rules = [(a, _special_of(view, a)) for a in specials]
    chosen = -1
    seen: set[int] = set()
    sure = max(tools.sure_tricks(view.hand, suit) for suit in range(4))
    for action, (tricks, alone) in rules:
        margin = 0.0 if tricks in seen else _SPECIAL_MARGIN
        seen.add(tricks)
        if alone:
            if sure >= tricks:
                chosen = action
            continue
        partner = 0.0 if len(tools.side_of_view(view)) == 1 else tools.partner_tricks
        if est + partner >= tricks - margin:
            chosen = action
    return chosen


def _special_of(view: View, action: int) -> tuple[int, bool]:
    """The tricks of a special bid and whether it is played alone."""
    bid = AuctionView.of(view).specials[action - A.SPECIAL_BID]
    return bid.tricks, bid.alone


def _high_bidder(view: View) -> int:
    for seat, action in zip(reversed(view.actors), reversed(view.action_ids), strict=True):
        if A.BID < action < A.SPECIAL_BID + A.SPECIAL_BIDS or action >= A.BID_TRUMP:
            return seat
    return -1


_MISERE_HIGH = 2
"""A misère hand holds at most this many queens, kings and aces, and not the joker."""


def _from_table(tools: BotTools, view: View, legal: list[int], table: tuple[Contract, ...]
                ) -> int:
    """The highest-ranked bid of the table the hand is worth: a denominated bid when its
    tricks are within the hand's estimate in that denomination and ``_TABLE_MARGIN``, a misère
    with a hand of low cards (at most ``_MISERE_HIGH`` queens, kings and aces and no joker;
    an open misère with none); pass (also where a partner holds the bid), or, held to bid,
    the lowest."""
    rows = {row.action: row for row in table}
    offered = [rows[a] for a in legal if a in rows]
    partners = [seat for seat in tools.side_of_view(view) if seat != tools.seat]
    if not offered or (partners and _high_bidder(view) in partners and A.PASS in legal):
        return A.PASS
    _, plain = tools.best_suit(view.hand, range(4))
    high = sum(1 for c in C.cards_of(view.hand) if C.rank_of(c) in _HIGH_RANKS)
    chosen = None
    for row in sorted(offered, key=lambda row: row.rank):
        if row.no_trick:  # an open misère only with no queen, king or ace at all
            if not view.hand >> C.JOKER & 1 and high <= (0 if row.open else _MISERE_HIGH):
                chosen = row
            continue
        est = tools.strength(view.hand, row.trump) if row.trump >= 0 else plain
        if row.tricks <= est + _TABLE_MARGIN:
            chosen = row
    if chosen is not None:
        return chosen.action
    return A.PASS if A.PASS in legal else offered[0].action


_TABLE_MARGIN = 2.0
"""What a bid from the table may exceed the hand's estimate by: the kitty of three the winner
takes and the length of a ten-card hand, which the estimate (made for five and six cards) does
not count. Chosen on 20,000 duplicate deals of ``five-hundred`` and ``five-hundred-3``
(README, Batch mode): 1.5 to 2 do about as well, 2.5 and more overbid; a partner's trick and
the opening help of ``decide`` are not added (with them, half the contracts were set)."""
_HIGH_RANKS = frozenset({C.RANK_Q, C.RANK_K, C.RANK_A, C.RANK_JOKER})
