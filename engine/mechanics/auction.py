"""Phase ``auction``: bid the number of tricks you will take; the high bidder is the maker.

Bidding starts at eldest (or the dealer); each bid must beat the last; the top bid (``moon``)
beats every number and ends the auction. ``one_each``: everyone bids or passes once (GH-A2);
``continuous``: bidding goes round until the others have passed. If everyone passes the hand
is thrown in. With a ``swap``, a player may first exchange his hand for the extra hand, once
per deal for the table; his old hand becomes a dead hand (GH-A3, GH-A4). A blind swap is
made unseen; with ``blind: false`` the player may instead ``look`` at the extra hand and then
swap or not (the look uses the deal's one chance: nobody else may look or swap after it).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from engine.core import actions as A
from engine.mechanics import auction_words
from engine.mechanics.base import BotTools, Mechanic, Phase, Scratch, Words, book_lines
from engine.mechanics.upcard_bidding import throw_in
from engine.rules.mechanic_rules import CompileContext, FlowCheck
from engine.rules.yamlsource import Path_

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.play.view import View
    from engine.rules.variant import Variant

__all__ = [
    "MECHANIC",
    "Auction",
    "AuctionFirst",
    "AuctionRules",
    "AuctionScratch",
    "Swap",
    "TopBid",
    "Turns",
]

_TOP_RANK = 100
"""``s.high_bid`` after the top bid: above every number."""
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


class Auction(Phase):
    """Bid tricks."""

    name = "auction"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules(AuctionRules)
        assert rules is not None
        self.rules = rules
        self.top = self.rules.top_bid
        self.swap_position = (variant.players + variant.deal.extra_hands.index(self.rules.swap.hand)
                              if self.rules.swap else -1)
        self.ceiling = _TOP_RANK if self.top else max(self.rules.bids)
        self.blind = self.rules.swap.blind if self.rules.swap else True

    def start(self, s: State) -> None:
        first = (s.dealer + (1 if self.rules.first is AuctionFirst.ELDEST else 0)) % self.players
        x = s.hand.scratch = AuctionScratch(
            queue=[(first + k) % self.players for k in range(self.players)])
        s.current = x.queue[0]

    def legal(self, s: State) -> list[int]:
        x: AuctionScratch = s.hand.scratch
        out = [A.PASS]
        has_bid = x.bidders >> s.current & 1  # "before making his bid" (GH-A4)
        if self.swap_position >= 0 and s.hand.swapped < 0 and not has_bid and (
                (x.step == _BEFORE_BID and s.hand.looker < 0) or x.step == _LOOKED):
            out.append(A.SWAP)
            if not self.blind and x.step == _BEFORE_BID:
                out.append(A.LOOK)
        out.extend(A.BID + k for k in self.rules.bids if k > x.high_bid)
        if self.top is not None:
            out.append(A.TOP_BID)
        return out

    def apply(self, s: State, action: int) -> None:
        h = s.hand
        x: AuctionScratch = h.scratch
        seat = s.current
        if action == A.LOOK:
            h.looker = seat
            x.step = _LOOKED
            return
        if action == A.SWAP:
            ghost = self.swap_position
            h.dead |= h.hands[seat]
            h.hands[seat] = h.hands[ghost]
            h.hands[ghost] = 0
            h.swapped = seat
            x.step = _SWAPPED
            return
        x.queue.pop(0)
        x.step = _BEFORE_BID
        if action != A.PASS:
            x.bidders |= 1 << seat
            x.high_bid = _TOP_RANK if action == A.TOP_BID else action - A.BID
            x.high_bidder = seat
            if self.rules.turns is Turns.CONTINUOUS:
                x.queue.append(seat)
        done = (not x.queue or x.high_bid >= self.ceiling
                or (self.rules.turns is Turns.CONTINUOUS and x.queue == [x.high_bidder]))
        if not done:
            s.current = x.queue[0]
            return
        if x.high_bidder < 0:
            throw_in(s, "all passed")
            return
        s.make(x.high_bidder)
        h.bid_top = x.high_bid == _TOP_RANK
        h.bid = self.top.tricks if h.bid_top and self.top else x.high_bid
        s.advance()

    def reason(self, s: State, action: int) -> str:
        x: AuctionScratch = s.hand.scratch
        if action in (A.SWAP, A.LOOK):
            if self.swap_position < 0:
                return "this variant has no hand swap"
            if action == A.LOOK and self.blind:
                return "the swap is blind: the extra hand may not be looked at first"
            if s.hand.swapped >= 0:
                return "a hand was already swapped this deal"
            if s.hand.looker >= 0 and s.hand.looker != s.current:
                return "the extra hand was already looked at this deal"
            if x.bidders >> s.current & 1:
                return "you have already bid on this hand: the swap comes before bidding"
            return "swap only before bidding, on your own turn"
        if A.BID <= action <= A.TOP_BID:
            offered = [str(b) for b in self.rules.bids] + ([self.top.name] if self.top else [])
            if (action == A.TOP_BID and self.top is None) or (
                    action < A.TOP_BID and action - A.BID not in self.rules.bids):
                return f"there is no such bid here: bid {', '.join(offered)}, or pass"
            return f"a bid must beat the high bid ({self._high(s)})"
        return super().reason(s, action)

    def _high(self, s: State) -> str:
        x: AuctionScratch = s.hand.scratch
        if x.high_bid == _TOP_RANK and self.top:
            return self.top.name
        return str(x.high_bid) if x.high_bid else "none yet"

    def describe(self, s: State) -> str:
        return "auction"


class Turns(StrEnum):
    """``auction.turns``: one bid each (GH-A2), or round until the others pass."""

    ONE_EACH = "one_each"
    CONTINUOUS = "continuous"


class AuctionFirst(StrEnum):
    """``auction.first``: who bids first."""

    ELDEST = "eldest"
    DEALER = "dealer"


@dataclass(frozen=True, slots=True, kw_only=True)
class TopBid:
    """A named bid above every number (``moon``)."""

    name: str
    tricks: int
    label: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Swap:
    """A hand swap offered on one's bidding turn."""

    hand: str
    blind: bool
    per_deal: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AuctionRules:
    """Phase ``auction``."""

    bids: tuple[int, ...]
    top_bid: TopBid | None
    turns: Turns
    first: AuctionFirst
    swap: Swap | None


SCHEMA: dict[str, Any] = {
    "description": (
        "Phase `auction`: players bid the number of tricks they will take; the highest bidder "
        "becomes the maker."
    ),
    "type": "object",
    "additionalProperties": False,
    "default": {},
    "properties": {
        "bids": {
            "description": (
                "The numeric bids allowed, lowest first; each bid must beat the last. Default: "
                "[3, 4, 5]."
            ),
            "type": "array",
            "minItems": 1,
            "maxItems": 12,
            "uniqueItems": True,
            "items": {"type": "integer", "minimum": 1, "maximum": 12},
            "default": [3, 4, 5],
        },
        "top_bid": {
            "description": (
                "A named bid above every number (`moon`: all the tricks). Its name becomes a "
                "true/false name in scoring expressions."
            ),
            "type": "object",
            "additionalProperties": False,
            "required": ["name"],
            "properties": {
                "name": {
                    "description": "The bid's action name and scoring name (`moon`).",
                    "type": "string",
                    "pattern": "^[a-z][a-z_]{1,19}$",
                },
                "tricks": {
                    "description": (
                        "Tricks the bid contracts for. Default: all of them (the hand size)."
                    ),
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 12,
                },
                "label": {
                    "description": "How players say it (`shoot the moon`). Default: the name.",
                    "type": "string",
                    "maxLength": 40,
                },
            },
        },
        "turns": {
            "description": (
                "`one_each`: every player bids or passes once (GH-A2 default); `continuous`: "
                "bidding goes round until all others pass the high bid. Default: one_each."
            ),
            "enum": ["one_each", "continuous"],
            "default": "one_each",
        },
        "first": {
            "description": (
                "Who bids first: `eldest` (dealer's left, GH-A1 default) or `dealer`. Default: "
                "eldest."
            ),
            "enum": ["eldest", "dealer"],
            "default": "eldest",
        },
        "swap": {
            "description": (
                "A hand swap offered on one's bidding turn, before bidding (Ghost Hand)."
            ),
            "type": "object",
            "additionalProperties": False,
            "required": ["hand"],
            "properties": {
                "hand": {
                    "description": "The extra hand taken in exchange (`ghost`).",
                    "enum": ["ghost", "dummy"],
                },
                "blind": {
                    "description": (
                        "The player swaps without looking at the extra hand first (GH-A3). "
                        "Default: true."
                    ),
                    "type": "boolean",
                    "default": True,
                },
                "per_deal": {
                    "description": (
                        "Swaps allowed per deal for the whole table (GH-A4). Default: 1."
                    ),
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 1,
                    "default": 1,
                },
            },
        },
    },
}


def _compile(ctx: CompileContext) -> AuctionRules:
    spec = ctx.data["auction"]
    deal = ctx.deal
    at = ("auction",)
    bids = tuple(spec["bids"])
    if list(bids) != sorted(bids):
        ctx.fail("list the bids from lowest to highest", (*at, "bids"))
    if bids and bids[-1] > deal.hand_size:
        settings: tuple[Path_, ...] = ((*at, "bids"), ("deal", "hand_size"))
        blame = ctx.cause(settings)
        ctx.fail(f"a bid of {bids[-1]} tricks cannot be made with {deal.hand_size} tricks "
                 f"in a hand{ctx.inherited(settings, blame)}", blame,
                 "bids must fit `deal.hand_size`")
    top = None
    if "top_bid" in spec:
        raw = spec["top_bid"]
        tricks = raw.get("tricks", deal.hand_size)
        if tricks > deal.hand_size:
            ctx.fail(f"the top bid contracts for {tricks} tricks but a hand has "
                     f"{deal.hand_size}", (*at, "top_bid", "tricks"))
        if bids and tricks < bids[-1]:
            ctx.fail("the top bid must be worth at least the highest numeric bid",
                     (*at, "top_bid", "tricks"))
        if raw["name"] in ("pass", "swap", *ctx.award_names()):
            ctx.fail(f"the top bid cannot be called {raw['name']!r}", (*at, "top_bid", "name"))
        top = TopBid(name=raw["name"], tricks=tricks, label=raw.get("label", raw["name"]))
    swap = None
    if "swap" in spec:
        raw = spec["swap"]
        if raw["hand"] not in deal.extra_hands:
            ctx.fail(f"there is no {raw['hand']} hand to swap with", (*at, "swap", "hand"),
                     f"add `{{name: {raw['hand']}}}` to `deal.extra_hands`")
        swap = Swap(hand=raw["hand"], blind=raw["blind"], per_deal=raw["per_deal"])
    return AuctionRules(bids=bids, top_bid=top, turns=Turns(spec["turns"]),
                        first=AuctionFirst(spec["first"]), swap=swap)


def _check_flow(check: FlowCheck) -> None:
    if "auction" in check.flow and "name_trump" not in check.flow:
        check.fail("after an `auction` the flow needs `name_trump`", check.where("auction"))


def _space(config: AuctionRules) -> dict[str, Any]:
    top = config.top_bid
    return {"bids": config.bids, "top_name": top.name if top else "",
            "top_tricks": top.tricks if top else 0}


def _offers(variant: Variant, legal: list[str]) -> list[str]:
    rules = variant.rules(AuctionRules)
    swap_hand = rules.swap.hand if rules and rules.swap else "extra"
    words = {"swap": f"swap for the {swap_hand} hand", "look": f"look at the {swap_hand} hand"}
    offers = [words[name] for name in legal if name in words]
    bids = [name[len("bid:"):] for name in legal if name.startswith("bid:")]
    if bids:
        offers.append(_bidding(bids, rules.top_bid if rules else None))
    return offers


def _bidding(bids: list[str], top: TopBid | None) -> str:
    """``bid 3 to 5 or shoot the moon``."""
    numbers = [b for b in bids if b.isdigit()]
    named = [b for b in bids if not b.isdigit()]
    parts = []
    if numbers:
        low, high = numbers[0], numbers[-1]
        parts.append(f"bid {low}" if low == high else f"bid {low} to {high}")
    for name in named:
        parts.append(top.label if top is not None and name == top.name else f"bid {name}")
    return " or ".join(parts)


_MOON_AT = 5.6  # the heuristic bot's estimate for the top bid


def decide(tools: BotTools, view: View, legal: list[int]) -> int:
    """The heuristic bot: swap a weak hand, bid what the best suit is worth."""
    _, est = tools.best_suit(view.hand, range(4))
    if A.SWAP in legal and est < 1.8:
        return A.SWAP
    if A.TOP_BID in legal and est >= _MOON_AT:
        return A.TOP_BID
    bids = [a for a in legal if A.BID < a < A.TOP_BID and a - A.BID <= est + 0.3]
    return max(bids) if bids else A.PASS


MECHANIC = Mechanic(
    key="auction", phase=Auction, schema=SCHEMA, config=AuctionRules, compile=_compile,
    check_flow=_check_flow, space=_space, group=("bidding", "bid tricks"), decide=decide,
    kinds=(A.kind_of(A.PASS), A.kind_of(A.SWAP), A.kind_of(A.LOOK), A.kind_of(A.BID)),
    words=Words(verbs={"pass": "passes", "swap": "swaps for the {extra_hand} hand",
                       "look": "looks at the {extra_hand} hand", "bid": "bids {arg}"},
                prompt="Your bid: {offers}", offers=_offers, title=auction_words.TITLE,
                rules=book_lines(AuctionRules, auction_words.rules)))
