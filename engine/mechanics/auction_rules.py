"""The rules record of ``auction`` (:mod:`engine.mechanics.auction`): its config, whose
settings make its block (schema part and compile step), beside the phase module (which is at
its size limit).

The numeric bids, the special bids above them in the order listed (``moon``; little and big
pepper), one turn each or continuous bidding, who bids first, what happens when all pass
(redeal, or the dealer is stuck with the lowest bid: BID-A4), and the hand swap (GH-A3/A4).
``top_bid:`` is the older one-item form of ``special_bids:`` and still reads the same.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from engine.core import actions as A
from engine.mechanics.auction_table import TABLE_SCHEMA, Contract, compile_contracts
from engine.mechanics.base import Part, ViewPart
from engine.mechanics.events import Looked
from engine.rules.config_fields import Block, option, record_schema, required
from engine.rules.expressions import CompiledExpression, Given, Scope, Type
from engine.rules.mechanic_rules import CompileContext
from engine.rules.source_rows import KeyedList
from engine.rules.yamlsource import Path_

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.mechanics.events import Event
    from engine.mechanics.hand import Hand
    from engine.mechanics.parts import Feature, Speaker
    from engine.mechanics.table import Table
    from engine.mechanics.view import View

__all__ = [
    "BLOCK",
    "MUST_BID_SCOPE",
    "AllPass",
    "AuctionFirst",
    "AuctionRules",
    "AuctionView",
    "SpecialBid",
    "Swap",
    "SwapPart",
    "TopBid",
    "Turns",
    "auction_view",
    "contract_of",
]


@dataclass(slots=True, kw_only=True)
class SwapPart(Part):
    """The auction's part of this hand: who looked at the extra hand first (open swap) and who
    swapped for it (-1: nobody, GH-A3/A4); the bid table's winning bid (its index, -1: none)
    and whether the dealer was held to the stuck bid (``forced``)."""

    looker: int = -1
    swapped: int = -1
    contract: int = -1
    forced: bool = False


@dataclass(slots=True, kw_only=True)
class AuctionView(ViewPart):
    """The auction as one seat sees it: the special bids (rank order), who swapped for the extra
    hand (-1: nobody), the hand he laid down, to him (``dead_known``), and the extra hand this
    seat looked at, while it lies (open swap, ``extra_seen``)."""

    specials: tuple[SpecialBid, ...]
    swapped: int = -1
    dead_known: int = 0
    extra_seen: int = 0
    table: tuple[Contract, ...] = ()  # the bid table (``auction.table``), for the bots
    opened: int = -1
    """The open misère bidder, once the first trick is led (C500-A3), or -1."""
    opened_hand: int = 0

    sees = True

    def seen(self) -> int:
        return self.dead_known | self.extra_seen | self.opened_hand

    def hand_shown(self, seat: int) -> int | None:
        return self.opened_hand if seat == self.opened else None

    def places(self, view: View, words: Speaker) -> list[tuple[str, int]]:
        return [(name, cards) for name, cards in (
            (f"The {words.swap_hand} hand, which you looked at", self.extra_seen),
            ("Your old hand, lying dead", self.dead_known)) if cards]

    def deal_lines(self, view: View, words: Speaker) -> list[str]:
        """The high bid so far, while the auction runs."""
        if view.phase != "auction":
            return []
        high = [(s, a) for s, a in view.actions if a.startswith("bid:")]
        if not high:
            return ["High bid so far: none"]
        seat, bid = high[-1]
        return [f"High bid so far: {words.bid_text(bid[len('bid:'):])}, by {words.seat(seat)}"]

    def table_lines(self, view: View, events: Sequence[Event], words: Speaker) -> list[str]:
        """The extra hand this seat looked at (its cards only to him), or who looked at it;
        the hand a swap laid down (its cards only to the swapper)."""
        lines = []
        extra = words.swap_hand
        looked = [e.seat for e in events if isinstance(e, Looked)]
        if self.extra_seen:
            lines.append(f"You looked at the {extra} hand: "
                         f"{words.hand_words(self.extra_seen, view.trump)}")
        elif looked and self.swapped < 0:
            lines.append(f"{words.seat(looked[0])} looked at the {extra} hand; nobody else may "
                         "look or swap this deal")
        if self.opened >= 0 and self.opened != view.seat:
            lines.append(f"{words.seat(self.opened)}'s hand lies face up (open misère): "
                         f"{words.hand_words(self.opened_hand, view.trump)}")
        if self.swapped >= 0:
            swapper = words.seat(self.swapped)
            owner = "your" if self.swapped == view.seat else f"{swapper}'s"
            known = (f": {words.hand_words(self.dead_known, view.trump)}" if self.dead_known
                     else "")
            lines.append(f"{swapper} swapped for the {extra} hand; {owner} old hand lies dead "
                         f"({words.hand_size} cards){known}")
        return lines

    def features(self, view: View) -> tuple[Feature, ...]:
        """The winning special bid (its rank) and the cards this seat was shown."""
        names = [b.name for b in self.specials]
        special = names.index(view.bid_special) if view.bid_special in names else -1
        return (("bid_special", special), ("extra_seen", self.seen()))


def contract_of(h: Hand) -> dict[str, Any]:
    """The bid table's winning bid (its index) and whether the dealer was held to the stuck
    bid, as the scoring outcome names them."""
    part = SwapPart.of(h)
    return {"contract": part.contract, "forced": part.forced}


def auction_view(s: Table, seat: int) -> AuctionView:
    """The auction's part of ``seat``'s view: a swapped-out hand only to the seat that laid it
    down; the extra hand only to the seat that looked at it, until the swap."""
    rules = s.variant.rules_of(AuctionRules)
    swap = SwapPart.of(s.hand)
    if swap.looker < 0 and swap.swapped < 0:
        if rules.table:  # an open misère lies face up once the first trick is led (C500-A3)
            h = s.hand
            opened = (swap.contract >= 0 and rules.table[swap.contract].open and bool(h.played))
            return AuctionView(specials=rules.special_bids, table=rules.table,
                               opened=h.maker if opened else -1,
                               opened_hand=h.hands[h.maker] if opened else 0)
        return AuctionView(specials=rules.special_bids)
    h = s.hand
    looked = (swap.looker == seat and swap.swapped < 0 and rules.swap is not None)
    return AuctionView(specials=rules.special_bids, swapped=swap.swapped,
                       dead_known=h.dead if swap.swapped == seat else 0,
                       extra_seen=h.hands[s.position(rules.swap.hand)] if looked and rules.swap
                       else 0)


class Turns(StrEnum):
    """``auction.turns``: one bid each (GH-A2, BID-A2), or round until the others pass
    (PEP-A1)."""

    ONE_EACH = "one_each"
    CONTINUOUS = "continuous"


class AuctionFirst(StrEnum):
    """``auction.first``: who bids first."""

    ELDEST = "eldest"
    DEALER = "dealer"


class AllPass(StrEnum):
    """``auction.all_pass``: everyone passes: the deal is thrown in (GH-A16, BID-A4), or the
    dealer may not pass and is stuck with at least the lowest bid (BID-A4's alternative)."""

    REDEAL = "redeal"
    DEALER_FORCED = "dealer_forced"


@dataclass(frozen=True, slots=True, kw_only=True)
class SpecialBid:
    """A named bid above every number (``moon``): the tricks it contracts for, how players say
    it, and whether the bidder plays it alone (his partners sit out)."""

    name: str = required(doc="The bid's action name (`bid:moon`) and its true/false scoring "
                         "name.", schema={"type": "string", "pattern": "^[a-z][a-z_]{1,19}$"})
    tricks: int = option(0, plain=False, doc=(
        "Tricks the bid contracts for. Default: all of them (the hand size)."),
        schema={"type": "integer", "minimum": 1, "maximum": 12})
    label: str = option("", plain=False, doc="How players say it (`shoot the moon`). Default: "
                        "the name.", schema={"type": "string", "maxLength": 40})
    said: str = option("", plain=False, doc=(
        "How the narration says a player made the bid (`shoots the "
        "moon`). Default: `bids` and the label (`bids little pepper`)."),
        schema={"type": "string", "maxLength": 40})
    """How narration says a player made it (``bids little pepper``); empty: the label in
    the third person (``shoots the moon``, the ``top_bid:`` form)."""
    alone: bool = option(False, fill=False, doc=(
        "The bidder plays alone: his partner lays his cards down and sits "
        "out (a moon played alone, BID-A5)."))
    only_over: tuple[str, ...] = option((), plain=False, doc=(
        "It may be bid only over these bids, when one of them is the high bid (`[moon]`: "
        "a double moon only over a moon; numbers are bids too: `[5]`). Default: over any "
        "lower bid."), schema={"type": "array", "minItems": 1, "uniqueItems": True, "items": {
            "oneOf": [{"type": "string", "maxLength": 20},
                      {"type": "integer", "minimum": 1, "maximum": 12}]}})


TopBid = SpecialBid
"""The older name of :class:`SpecialBid` (a variant's one ``top_bid:``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Swap:
    """A hand swap offered on one's bidding turn."""

    hand: str = required(doc="The extra hand taken in exchange (`ghost`).",
                         schema={"enum": ["ghost", "dummy"]})
    blind: bool = option(True, doc=(
        "The player swaps without looking at the extra hand first (GH-A3)."))
    per_deal: int = option(1, minimum=1, maximum=1, doc=(
        "Swaps allowed per deal for the whole table (GH-A4)."))


@dataclass(frozen=True, slots=True, kw_only=True)
class AuctionRules:
    """Phase ``auction``."""

    bids: tuple[int, ...] = option((3, 4, 5), plain=False, doc=(
        "The numeric bids allowed, lowest first; each bid must beat the last. Default: "
        "[3, 4, 5]."), schema={"type": "array", "minItems": 1, "maxItems": 12,
                               "uniqueItems": True,
                               "items": {"type": "integer", "minimum": 1, "maximum": 12},
                               "default": [3, 4, 5]})
    special_bids: tuple[SpecialBid, ...] = option((), plain=False, doc=(
        "Named bids above every number, ranked in the order listed, lowest first "
        "(`[{name: little, tricks: 6, label: little pepper}, {name: big, tricks: 6, "
        "label: big pepper}]`). Each name is said at the table as `bid:NAME` and is a "
        "true/false name in scoring expressions (true when it won the auction). The "
        "highest one ends the auction at once."), schema={
            "type": "array", "minItems": 1, "maxItems": A.SPECIAL_BIDS,
            "items": record_schema(SpecialBid)})
    turns: Turns = option(Turns.ONE_EACH, doc=(
        "`one_each`: every player bids or passes once (GH-A2 default); `continuous`: "
        "bidding goes round until all others pass the high bid."))
    first: AuctionFirst = option(AuctionFirst.ELDEST, doc=(
        "Who bids first: `eldest` (dealer's left, GH-A1 default) or `dealer`."))
    # fill=False (here and below): the compiler supplies the default, so the rules hash of
    # files that leave the key out stays what it was before the key existed.
    all_pass: AllPass = option(AllPass.REDEAL, fill=False, doc=(
        "When nobody bids: `redeal` throws the deal in (BID-A4); `dealer_forced` does not "
        "let the dealer pass when all the others have: he must bid, at least the lowest "
        "bid (\"stick the dealer\")."))
    trump_in_bid: bool = option(False, fill=False, doc=(
        "Each numeric bid names its trump with its number, in one call: `bid:4H` (four, "
        "hearts trump), `bid:3N` (no-trump), `bid:2L` (low no-trump), the contracts "
        "being the ones `name_trump` allows (`no_trump`, `low_no_trump`). A bid must be a "
        "higher number than the last, whatever its trump. The winner of a numeric bid "
        "is not asked to name trump again; the winner of a special bid still names it "
        "after the auction. Default: false (the high bidder names trump after the "
        "auction, BID-A3)."))
    """Each numeric bid names its trump (``bid:4H``); the contracts allowed are the ones
    ``name_trump`` allows (BID-A3's alternative)."""
    must_bid_when: CompiledExpression | None = option(None, plain=False, doc=(
        "A condition on a player's hand under which he must bid: he may not pass until "
        "he has made a bid (BID-A10), e.g. `holds(hand, JOKER)` or `count(hand, "
        "rank in [J]) >= 3`. It is read on his hand at each of his turns; once he has "
        "bid he may pass, and he may pass when no bid can beat the high bid. Names: "
        "`hand`, read with `count(hand, cards)` / `holds(hand, cards)` (trump is not "
        "known yet, so not `trump` or `bowers`). Default: nobody must bid."),
        schema={"type": "string"})
    """A condition on a seat's hand under which he may not pass before he has bid (BID-A10);
    None: anyone may pass."""
    table: tuple[Contract, ...] = option((), plain=False, doc=(
        "A bid table in place of `bids`: each bid its rank, tricks, value and denomination "
        "(a suit, NT, LNT, misere, open_misere); a bid with a denomination fixes trump, and "
        "the auction ranks bids by the table. `[{tricks: [6, 10], denominations: [S, C, D, H, "
        "NT], value: \"40 + 100 * (tricks - 6) + 20 * denomination_index\"}, {rank: 12, "
        "denomination: misere, value: 250}]`. Scoring reads `value` and `denomination` "
        "(C500-A1)."), schema=TABLE_SCHEMA)
    stuck_bid: str = option("", plain=False, doc=(
        "When all pass, the dealer is held to exactly this bid (`3`; in a table its name, "
        "`6S`), and scoring's `forced` is true (BID-A11). Default: none (see `all_pass`)."),
        schema={"oneOf": [{"type": "integer", "minimum": 1, "maximum": 12},
                          {"type": "string", "maxLength": 20}]})
    swap: Swap | None = option(None, plain=False, doc=(
        "A hand swap offered on one's bidding turn, before bidding (Ghost Hand)."),
        schema=record_schema(Swap))

    @property
    def top_bid(self) -> SpecialBid | None:
        """The first special bid, or None (the older one-bid form)."""
        return self.special_bids[0] if self.special_bids else None


_TOP_BID = {
    "description": (
        "A named bid above every number (`moon`: all the tricks). Its name becomes a "
        "true/false name in scoring expressions. The one-bid form of `special_bids`."
    ),
    **record_schema(SpecialBid, only=("name", "tricks", "label")),
}
"""``auction.top_bid``, the older one-bid form of ``special_bids`` (no ``said``, no ``alone``)."""

SPECIAL_BIDS = KeyedList(items="special_bids", key="name", edits="change_special_bids",
                         add="add_special_bids", noun="special bid", named="named",
                         example="big", change="{tricks: 6}")
"""``auction.special_bids``, which a child file edits by name (``change_special_bids:``,
``add_special_bids:``, AUTH-A1) as it edits the scoring table by label."""

_RESERVED = ("pass", "swap", "look")
MUST_BID_SCOPE: Scope = {"hand": Given.HAND}
"""The names of ``auction.must_bid_when``: the bidding seat's hand."""


def _check(ctx: CompileContext, rules: AuctionRules) -> AuctionRules:
    """The ``auction`` block's checks and what its plain settings do not give."""
    spec = ctx.data["auction"]
    deal = ctx.deal
    at = ("auction",)
    bids = tuple(spec["bids"])
    if list(bids) != sorted(bids):
        ctx.fail("list the bids from lowest to highest", (*at, "bids"))
    if bids and bids[-1] > deal.hand_size:
        ctx.fail(f"a bid of {bids[-1]} tricks cannot be made with {deal.hand_size} tricks "
                 "in a hand", (*at, "bids"), "bids must fit `deal.hand_size`",
                 also=(("deal", "hand_size"),))
    specials = _special_bids(ctx, spec, bids)
    swap = None
    if "swap" in spec:
        raw = spec["swap"]
        if raw["hand"] not in deal.extra_hands:
            ctx.fail(f"there is no {raw['hand']} hand to swap with", (*at, "swap", "hand"),
                     f"add `{{name: {raw['hand']}}}` to `deal.extra_hands`")
        swap = Swap(hand=raw["hand"], blind=raw["blind"], per_deal=raw["per_deal"])
    must = (ctx.expr(spec["must_bid_when"], MUST_BID_SCOPE, Type.BOOL, (*at, "must_bid_when"))
            if "must_bid_when" in spec else None)
    table, stuck = compile_contracts(ctx, spec, bids)
    return replace(rules, bids=bids, special_bids=specials, swap=swap, must_bid_when=must,
                   table=table, stuck_bid=stuck)


BLOCK = Block(key="auction", record=AuctionRules, check=_check,
              older={"top_bid": ("special_bids", _TOP_BID)}, doc=(
                  "Phase `auction`: players bid the number of tricks they will take; the "
                  "highest bidder becomes the maker."))


def _special_bids(ctx: CompileContext, spec: dict[str, Any], bids: tuple[int, ...]
                  ) -> tuple[SpecialBid, ...]:
    at: Path_ = ("auction",)
    if "top_bid" in spec and "special_bids" in spec:
        ctx.fail("write either `top_bid` or `special_bids`, not both", (*at, "top_bid"),
                 "move the top bid into `special_bids` as its last item")
    if "top_bid" in spec:
        raws: list[tuple[Path_, dict[str, Any]]] = [((*at, "top_bid"), spec["top_bid"])]
        what = "the top bid"
    else:
        raws = [((*at, "special_bids", i), raw) for i, raw in enumerate(spec.get("special_bids",
                                                                                  ()))]
        what = "a special bid"
    hand_size = ctx.deal.hand_size
    out: list[SpecialBid] = []
    for here, raw in raws:
        tricks = raw.get("tricks", hand_size)
        name = raw["name"]
        if tricks > hand_size:
            ctx.fail(f"{what} contracts for {tricks} tricks but a hand has {hand_size}",
                     (*here, "tricks"), also=(("deal", "hand_size"),))
        if bids and tricks < bids[-1]:
            ctx.fail(f"{what} must be worth at least the highest numeric bid",
                     (*here, "tricks"))
        if out and tricks < out[-1].tricks:
            ctx.fail("list the special bids from lowest to highest: each must be worth at "
                     "least the tricks of the one before", (*here, "tricks"))
        if name in (*_RESERVED, *ctx.award_names()) or any(b.name == name for b in out):
            ctx.fail(f"{what} cannot be called {name!r}", (*here, "name"),
                     "the name is an action or a name of the scoring expressions already")
        alone = bool(raw.get("alone", False))
        if alone and ctx.sides.kind != "teams":
            ctx.fail(f"{what} can be played alone only where partners play together",
                     (*here, "alone"), "remove `alone: true`, or use `sides: {kind: teams}`",
                     also=(("sides", "kind"),))
        label = raw.get("label", name)
        said = "" if "top_bid" in spec else raw.get("said", f"bids {label}")
        over = tuple(str(b) for b in raw.get("only_over", ()))
        lower = {*map(str, bids), *(b.name for b in out)}
        for k, bid in enumerate(over):
            if bid not in lower:
                ctx.fail(f"{what} may be bid only over a lower bid, and {bid} is none",
                         (*here, "only_over", k), "name a number of `bids` or a special bid "
                         f"listed before it: {', '.join(sorted(lower))}")
        out.append(SpecialBid(name=name, tricks=tricks, label=label, alone=alone, said=said,
                              only_over=over))
    return tuple(out)
