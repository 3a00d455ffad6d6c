"""Phase ``auction``: bid the number of tricks you will take; the high bidder is the maker.

Bidding starts at eldest (or the dealer); each bid must beat the last; the special bids
(``moon``; little and big pepper) beat every number, in the order listed, and the highest ends
the auction. ``one_each``: everyone bids or passes once (GH-A2, BID-A2); ``continuous``: bidding
goes round until the others have passed (PEP-A1). If everyone passes the hand is thrown in, or
with ``all_pass: dealer_forced`` the dealer may not pass last and must bid (BID-A4). A special
bid played ``alone`` makes the bidder play alone: his partners sit out (BID-A5). With a
``swap``, a player may first exchange his hand for the extra hand, once per deal for the
table; his old hand becomes a dead hand (GH-A3, GH-A4). A blind swap is
made unseen; with ``blind: false`` the player may instead ``look`` at the extra hand and then
swap or not (the look uses the deal's one chance: nobody else may look or swap after it).
With ``trump_in_bid`` each numeric bid names its trump too (``bid:4H``, BID-A3's alternative):
only the number must beat the last, and the winner's trump is made at once (``name_trump``
then asks nothing, except after a special bid).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core.errors import Refusal, Refused
from engine.mechanics import auction_result, auction_words
from engine.mechanics.auction_bot import decide
from engine.mechanics.auction_rules import (
    BLOCK,
    SPECIAL_BIDS,
    AllPass,
    AuctionFirst,
    AuctionRules,
    SpecialBid,
    Swap,
    SwapPart,
    TopBid,
    Turns,
    auction_view,
)
from engine.mechanics.auction_space import contract, decisions, show_notes, space
from engine.mechanics.base import Mechanic, Phase, Scratch, Words, book_lines
from engine.mechanics.events import Looked, Passed, Said, SatOut, Swapped, TrumpMade
from engine.mechanics.name_trump import NameTrumpRules, contracts
from engine.mechanics.upcard_bidding import ALL_PASSED, throw_in
from engine.rules.mechanic_rules import FlowCheck, OutcomeSetting

if TYPE_CHECKING:
    from engine.mechanics.auction_table import Contract
    from engine.mechanics.table import Table
    from engine.rules.variant import Variant

__all__ = [
    "MECHANIC",
    "AllPass",
    "Auction",
    "AuctionFirst",
    "AuctionRules",
    "AuctionScratch",
    "SpecialBid",
    "Swap",
    "TopBid",
    "Turns",
]

_SPECIAL_RANK = 100
"""``high_bid`` after special bid ``i`` is ``_SPECIAL_RANK + i``: above every number."""
_BEFORE_BID, _SWAPPED, _LOOKED = 0, 1, 2


@dataclass(slots=True, kw_only=True)
class AuctionScratch(Scratch):
    """The running auction: who is still to bid (``queue``), the high bid and bidder, the seats
    that have bid (a mask), where the seat to act is (before bidding, swapped, looked)."""

    queue: list[int]
    high_bid: int = 0
    high_bidder: int = -1
    bidders: int = 0
    step: int = _BEFORE_BID
    trump: int = -1
    """The trump of the high bid (``trump_in_bid``), or -1."""


class Auction(Phase):
    """Bid tricks."""

    name = "auction"

    def __new__(cls, variant: Variant) -> Auction:
        """A bid table (``auction.table``) gets the :class:`TableAuction` phase."""
        if cls is Auction and variant.rules_of(AuctionRules).table:
            from engine.mechanics.auction_table_phase import TableAuction  # noqa: PLC0415
            return super().__new__(TableAuction)
        return super().__new__(cls)

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules_of(AuctionRules)
        self.rules = rules
        self.specials = rules.special_bids
        self.swap_position = (variant.players + variant.deal.extra_hands.index(self.rules.swap.hand)
                              if self.rules.swap else -1)
        self.ceiling = (_SPECIAL_RANK + len(self.specials) - 1 if self.specials
                        else max(self.rules.bids))
        self.blind = self.rules.swap.blind if self.rules.swap else True
        self.forced = rules.all_pass is AllPass.DEALER_FORCED
        self.must = rules.must_bid_when
        self.stuck = int(rules.stuck_bid) if rules.stuck_bid and not rules.table else 0
        """The bid the dealer is held to when all pass (``stuck_bid``), or 0."""
        levels = {**{str(b): b for b in rules.bids},
                  **{b.name: _SPECIAL_RANK + i for i, b in enumerate(self.specials)}}
        self.over = tuple(frozenset(levels[name] for name in b.only_over)
                          for b in self.specials)
        """By special bid: the high bids it may be made over (``only_over``; empty: any)."""
        name_trump = variant.rules(NameTrumpRules)
        self.contracts = (contracts(name_trump) if rules.trump_in_bid and name_trump
                          else ())
        """The trumps a bid may name (``trump_in_bid``); empty: bids are plain numbers."""

    def start(self, s: Table) -> None:
        first = (s.dealer + (1 if self.rules.first is AuctionFirst.ELDEST else 0)) % self.players
        x = s.hand.scratch = AuctionScratch(
            queue=[(first + k) % self.players for k in range(self.players)])
        s.current = x.queue[0]

    def legal(self, s: Table) -> list[int]:
        x = AuctionScratch.of(s.hand)
        has_bid = x.bidders >> s.current & 1  # "before making his bid" (GH-A4)
        out = [] if self._stuck(s) or (self.must is not None and self._must(s)) else [A.PASS]
        if self.swap_position >= 0 and not has_bid and self._may_swap(s, x.step):
            out.append(A.SWAP)
            if not self.blind and x.step == _BEFORE_BID:
                out.append(A.LOOK)
        if not self.contracts:
            out.extend(A.BID + k for k in self.rules.bids if k > x.high_bid)
        out.extend(A.SPECIAL_BID + i for i in range(len(self.specials))
                   if _SPECIAL_RANK + i > x.high_bid
                   and (not self.over[i] or x.high_bid in self.over[i]))
        if self.contracts:
            out.extend(A.BID_TRUMP + 8 * k + t for k in self.rules.bids if k > x.high_bid
                       for t in self.contracts)
        return out

    def _may_swap(self, s: Table, step: int) -> bool:
        swap = SwapPart.of(s.hand)
        return swap.swapped < 0 and ((step == _BEFORE_BID and swap.looker < 0)
                                     or step == _LOOKED)

    def _must(self, s: Table) -> bool:
        """The seat to act holds a hand that must bid and has not bid yet (BID-A10). While the
        auction goes on, some bid (the highest) still beats the high bid."""
        x = AuctionScratch.of(s.hand)
        assert self.must is not None
        return not x.bidders >> s.current & 1 and bool(
            self.must.evaluate({"hand": s.hand.hands[s.current]}))

    def _stuck(self, s: Table) -> bool:
        """The dealer may not pass: nobody has bid and every other seat has passed (BID-A4)."""
        x = AuctionScratch.of(s.hand)
        return (self.forced and x.high_bidder < 0 and s.current == s.dealer
                and x.queue == [s.dealer])

    def apply(self, s: Table, action: int) -> None:
        h = s.hand
        x = AuctionScratch.of(h)
        seat = s.current
        if action == A.LOOK:
            SwapPart.of(h).looker = seat
            x.step = _LOOKED
            s.log += ((Said, seat, self.name, action),
                         (Looked, seat, h.hands[self.swap_position]))
            return
        if action == A.SWAP:
            ghost = self.swap_position
            h.dead |= h.hands[seat]
            h.hands[seat] = h.hands[ghost]
            h.hands[ghost] = 0
            SwapPart.of(h).swapped = seat
            x.step = _SWAPPED
            s.log += ((Said, seat, self.name, action),
                         (Swapped, seat, h.dead, h.dead.bit_count()))
            return
        s.log.append((Passed, seat, self.name) if action == A.PASS
                        else (Said, seat, self.name, action))
        x.queue.pop(0)
        x.step = _BEFORE_BID
        if action >= A.BID_TRUMP:
            x.bidders |= 1 << seat
            x.high_bid, x.trump = A.bid_trump(action)
            x.high_bidder = seat
            if self.rules.turns is Turns.CONTINUOUS:
                x.queue.append(seat)
        elif action != A.PASS:
            x.bidders |= 1 << seat
            x.high_bid = (_SPECIAL_RANK + action - A.SPECIAL_BID if action >= A.SPECIAL_BID
                          else action - A.BID)
            x.high_bidder = seat
            if self.rules.turns is Turns.CONTINUOUS:
                x.queue.append(seat)
        done = (not x.queue or x.high_bid >= self.ceiling
                or (self.rules.turns is Turns.CONTINUOUS and x.queue == [x.high_bidder]))
        if not done:
            s.current = x.queue[0]
            return
        if x.high_bidder < 0:
            if not self.forced and not self.stuck:
                throw_in(s, ALL_PASSED)
                return
            x.high_bidder, x.high_bid = s.dealer, self.stuck or self.rules.bids[0]  # BID-A4
            SwapPart.of(h).forced = bool(self.stuck)  # held to the stuck bid (BID-A11)
        self._contract(s, x.high_bidder, x.high_bid, x.trump)
        s.advance()

    def _contract(self, s: Table, maker: int, high_bid: int, trump: int) -> None:
        """The high bidder is the maker, with the trump his bid named (``trump_in_bid``; -1:
        ``name_trump`` asks him); a special bid played alone sits his partners out."""
        h = s.hand
        s.make(maker)
        if high_bid < _SPECIAL_RANK:
            h.bid = high_bid
            h.trump = trump
            if trump >= 0:
                s.log.append((TrumpMade, trump, maker))
            return
        special = self.specials[high_bid - _SPECIAL_RANK]
        h.bid_special = special.name
        h.bid = special.tricks
        if special.alone and h.plays_alone(maker):
            s.log.append((SatOut, h.inactive))

    def reason(self, s: Table, action: int) -> Refused:
        x = AuctionScratch.of(s.hand)
        if action in (A.SWAP, A.LOOK):
            if self.swap_position < 0:
                return Refused(Refusal.NOT_IN_VARIANT, "this variant has no hand swap")
            if action == A.LOOK and self.blind:
                return Refused(Refusal.NOT_IN_VARIANT,
                               "the swap is blind: the extra hand may not be looked at first")
            swap = SwapPart.of(s.hand)
            if swap.swapped >= 0:
                return Refused(Refusal.ALREADY_DONE, "a hand was already swapped this deal")
            if swap.looker >= 0 and swap.looker != s.current:
                return Refused(Refusal.ALREADY_DONE,
                               "the extra hand was already looked at this deal")
            if x.bidders >> s.current & 1:
                return Refused(Refusal.WRONG_PHASE, "you have already bid on this hand: the "
                               "swap comes before bidding")
            return Refused(Refusal.WRONG_PHASE, "swap only before bidding, on your own turn")
        if action == A.PASS and self._stuck(s):
            return Refused(Refusal.MAY_NOT_PASS, "everyone else has passed: the dealer must "
                           f"bid, at least {self.rules.bids[0]} (BID-A4)")
        if action == A.PASS and self.must is not None and self._must(s):
            return Refused(Refusal.MAY_NOT_PASS, f"your hand must bid here (`{self.must.text}`)"
                           ": you may not pass before you have bid (BID-A10)")
        if action >= A.BID_TRUMP or (self.contracts and A.BID <= action < A.SPECIAL_BID):
            return auction_words.refusal(self, s.action_name(action), self._high(s))
        if A.BID <= action < A.SPECIAL_BID + A.SPECIAL_BIDS:
            offered = [str(b) for b in self.rules.bids] + [b.name for b in self.specials]
            if (action >= A.SPECIAL_BID and action - A.SPECIAL_BID >= len(self.specials)) or (
                    action < A.SPECIAL_BID and action - A.BID not in self.rules.bids):
                return Refused(Refusal.NOT_IN_VARIANT,
                               f"there is no such bid here: bid {', '.join(offered)}, or pass")
            i = action - A.SPECIAL_BID
            over = self.over[i] if 0 <= i < len(self.over) else frozenset()
            if over and x.high_bid not in over and _SPECIAL_RANK + i > x.high_bid:
                return Refused(Refusal.BID_TOO_LOW, f"{self.specials[i].label} may be bid only "
                               f"over {' or '.join(self.specials[i].only_over)}, and the high "
                               f"bid is {self._high(s)}")
            return Refused(Refusal.BID_TOO_LOW, f"a bid must beat the high bid ({self._high(s)})")
        return super().reason(s, action)

    def _high(self, s: Table) -> str:
        x = AuctionScratch.of(s.hand)
        if x.high_bid >= _SPECIAL_RANK:
            return self.specials[x.high_bid - _SPECIAL_RANK].name
        if x.trump >= 0:
            return auction_words.bid_words(x.high_bid, x.trump)
        return str(x.high_bid) if x.high_bid else "none yet"

    def describe(self, s: Table) -> str:
        return "auction"


def _check_flow(check: FlowCheck) -> None:
    if "auction" in check.flow and "name_trump" not in check.flow:
        check.fail("after an `auction` the flow needs `name_trump`", check.where("auction"))


def _offers(variant: Variant, legal: list[str]) -> list[str]:
    rules = variant.rules(AuctionRules)
    swap_hand = rules.swap.hand if rules and rules.swap else "extra"
    words = {"swap": f"swap for the {swap_hand} hand", "look": f"look at the {swap_hand} hand"}
    offers = [words[name] for name in legal if name in words]
    bids = [name[len("bid:"):] for name in legal if name.startswith("bid:")]
    with_trump = [b for b in bids if auction_words.said(b) is not None]
    plain = [b for b in bids if b not in with_trump]
    if with_trump:
        offers.append(auction_words.bidding_with_trump(with_trump))
    if plain:
        offers.append(_bidding(plain, rules.special_bids if rules else (),
                               rules.table if rules else ()))
    return offers


def _bidding(bids: list[str], specials: tuple[SpecialBid, ...],
             table: tuple[Contract, ...] = ()) -> str:
    """``bid 3 to 5 or shoot the moon``; ``bid 1 to 5 or bid little pepper``."""
    numbers = [b for b in bids if b.isdigit()]
    named = [b for b in bids if not b.isdigit()]
    labels = {b.name: f"bid {b.label}" if b.said.startswith("bids ") else b.label
              for b in specials}  # "bid little pepper", but "shoot the moon"
    labels.update({row.name: f"bid {row.label}" for row in table if row.name not in labels})
    parts = []
    if numbers:
        low, high = numbers[0], numbers[-1]
        parts.append(f"bid {low}" if low == high else f"bid {low} to {high}")
    for name in named:
        parts.append(labels.get(name, f"bid {name}"))
    return " or ".join(parts)


MECHANIC = Mechanic(
    key="auction", phase=Auction, schema=BLOCK.schema, config=AuctionRules,
    compile=BLOCK.compile, check_flow=_check_flow, space=space, group=("bidding", "bid tricks"),
    decide=decide,
    kinds=(A.kind_of(A.PASS), A.kind_of(A.SWAP), A.kind_of(A.LOOK), A.kind_of(A.BID)),
    words=Words(verbs={"pass": "passes", "swap": "swaps for the {extra_hand} hand",
                       "look": "looks at the {extra_hand} hand", "bid": "bids {arg}"},
                prompt="Your bid: {offers}", offers=_offers, title=auction_words.TITLE,
                rules=book_lines(AuctionRules, auction_words.rules), verb=auction_words.verb,
                bid_noun=auction_words.bid_noun, on_bid=auction_words.on_bid,
                terms=auction_words.terms, order=auction_words.order),
    block=BLOCK, batch="engine.mechanics.auction_batch:Auction", decisions=decisions,
    result=auction_result.RESULT, stats=auction_result.STATS,
    part=SwapPart, view=auction_view, keyed_lists=(SPECIAL_BIDS,), show_notes=show_notes,
    contract=contract,
    outcome_settings=(OutcomeSetting(rank=40, path=("auction", "bids")),
                      OutcomeSetting(rank=40, path=("auction", "top_bid"))))
