"""Phase ``upcard_bidding``: round 1 on the upcard's suit, round 2 naming another suit.

Round 1, from eldest: ``order_up`` or ``pass``; the first acceptance makes the upcard's suit
trump and the dealer will take the upcard (phase ``dealer_pickup``). If all pass, the upcard is
turned down and round 2 names a suit (not the turned-down one unless the variant allows it).
With ``no_trump`` round 2 may also name no-trump (``call:N``, STD-A12), the stuck dealer too.
If all pass again the hand is thrown in and the deal passes left, or (``all_pass: no_trump``,
BUCK-A5) played at no-trump with no maker, every seat for itself; with stick-the-dealer the
dealer may not pass in the last round. A joker upcard follows ``joker_upcard`` (STD-A3). When
trump is already fixed (``upcard_trump``: a dirty-clubs upcard) there is no bidding.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import Refusal, Refused
from engine.mechanics import events as E
from engine.mechanics.base import Mechanic, Phase, Scratch, Words, book_lines
from engine.mechanics.upcard_bidding_bot import decide
from engine.mechanics.upcard_bidding_words import book
from engine.mechanics.upcard_trump import UpcardPart, upcard_view, without_maker
from engine.mechanics.wording import naming
from engine.rules.config_fields import Block, option
from engine.rules.expressions import CompiledExpression, Given, Scope, Type
from engine.rules.mechanic_rules import CompileContext, FlowCheck
from engine.rules.results import HandResult

if TYPE_CHECKING:
    from engine.mechanics.table import Table
    from engine.rules.variant import Variant

__all__ = [
    "ALL_PASSED",
    "MECHANIC",
    "MUST_ORDER_SCOPE",
    "AllPass",
    "BiddingScratch",
    "JokerUpcard",
    "UpcardBidding",
    "UpcardBiddingRules",
    "throw_in",
]


_BLIND = 0
"""``BiddingScratch.round`` while the dealer names trump blind after a joker upcard."""


@dataclass(slots=True, kw_only=True)
class BiddingScratch(Scratch):
    """The running bidding's ``round`` (``0``: the dealer names trump blind) and ``passes``."""

    BLIND: ClassVar[int] = _BLIND
    round: int = 1
    passes: int = 0


ALL_PASSED = "all passed"
"""``HandResult.thrown_in`` of a deal everybody passed (not a redeal by ``redeal.when``)."""


def throw_in(s: Table, why: str) -> None:
    """End a hand nobody made trump in (or a joker redeal); the deal passes left."""
    record = HandResult.thrown_in_deal(hand=s.hand_no, dealer=s.dealer, why=why,
                                       scores=s.scores)
    s.log.append((E.ThrownIn, record))
    s.next_hand(record)


class UpcardBidding(Phase):
    """Order up / name a suit."""

    name = "upcard_bidding"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules_of(UpcardBiddingRules)
        self.rules = rules
        self.no_trump_call = [A.CALL + C.NO_TRUMP] if rules.no_trump else []
        self.must = rules.must_order_when

    def start(self, s: Table) -> None:
        h = s.hand
        if h.trump >= 0:  # fixed by the upcard (upcard_trump): nothing to bid
            s.advance()
            return
        b = h.scratch = BiddingScratch()
        part = UpcardPart.of(h)
        if h.upcard in (C.JOKER, C.JOKER_LOW):  # either joker (DECK-A4)
            mode = self.rules.joker_upcard
            if mode is JokerUpcard.REDEAL:
                throw_in(s, "joker turned up")
                return
            if mode is JokerUpcard.DEALER_NAMES:
                b.round = _BLIND
                s.current = s.dealer
                return
            part.proposed = self.rules.joker_upcard_suit
        else:
            part.proposed = C.suit_of(h.upcard)
        s.current = (s.dealer + 1) % self.players

    def _stuck(self, s: Table) -> bool:
        b = s.hand.scratch
        assert type(b) is BiddingScratch
        return (self.rules.stick_the_dealer and s.current == s.dealer
                and b.round == self.rules.rounds)

    def _must(self, s: Table) -> bool:
        """Round 1: the seat to act holds a hand that must order up (STD-A16)."""
        assert self.must is not None
        h = s.hand
        return bool(self.must.evaluate({"hand": h.hands[s.current],
                                        "trump": UpcardPart.of(h).proposed}
                                       if "trump" in self.must.names
                                       else {"hand": h.hands[s.current]}))

    def legal(self, s: Table) -> list[int]:
        h = s.hand
        b = h.scratch
        assert type(b) is BiddingScratch  # checked inline: no call
        if b.round == _BLIND:
            return [A.CALL + suit for suit in range(4)]
        stuck = self._stuck(s)
        if b.round == 1:
            must = self.must is not None and self._must(s)
            return [A.ORDER_UP] if stuck or must else [A.PASS, A.ORDER_UP]
        excluded = UpcardPart.of(h).turned_down if self.rules.exclude_turned_down else -1
        if stuck and self.rules.stuck_dealer_may_name_turned_down:
            excluded = -1
        calls = [A.CALL + suit for suit in range(4) if suit != excluded] + self.no_trump_call
        return calls if stuck else [A.PASS, *calls]

    def apply(self, s: Table, action: int) -> None:
        h = s.hand
        b = h.scratch
        assert type(b) is BiddingScratch  # checked inline: no call
        part = h.parts[UpcardPart]
        assert type(part) is UpcardPart  # checked inline: no call
        if action == A.PASS:
            s.log.append((E.Passed, s.current, self.name))
            b.passes += 1
            if b.passes < self.players:
                s.current = (s.current + 1) % self.players
                return
            if b.round < self.rules.rounds:
                b.round += 1
                b.passes = 0
                part.turned_down = part.proposed
                h.kitty |= 1 << h.upcard
                s.log.append((E.UpcardGone, h.upcard, s.dealer, E.TURNED_DOWN))
                h.upcard = -1
                s.current = (s.dealer + 1) % self.players
                return
            if self.rules.all_pass is AllPass.NO_TRUMP:
                without_maker(s, C.NO_TRUMP)
                s.advance()
                return
            throw_in(s, ALL_PASSED)
            return
        s.log.append((E.Said, s.current, self.name, action))
        s.make(s.current)
        if action == A.ORDER_UP:
            h.trump = part.proposed
            part.pickup_pending = True
        elif b.round == _BLIND:
            h.trump = action - A.CALL
            part.pickup_pending = True
        else:
            h.trump = action - A.CALL
        s.log.append((E.TrumpMade, h.trump, h.maker))
        s.advance()

    def reason(self, s: Table, action: int) -> Refused:
        h = s.hand
        b = BiddingScratch.of(h)
        part = UpcardPart.of(h)
        if b.round == _BLIND:
            return Refused(Refusal.WRONG_PHASE, "the joker was turned up: the dealer names "
                           "trump (clubs, diamonds, hearts or spades)")
        if action == A.PASS and self._stuck(s):
            return Refused(Refusal.MAY_NOT_PASS, "stick the dealer: the dealer may not pass "
                           "now, he must name trump")
        if action == A.PASS and b.round == 1 and self.must is not None and self._must(s):
            return Refused(Refusal.MAY_NOT_PASS, f"your hand must order up (`{self.must.text}`"
                           ", trump being the upcard's suit): you may not pass in round 1 "
                           "(STD-A16)")
        if b.round == 1 and A.CALL <= action < A.CALL + len(C.TRUMP_LETTERS):
            return Refused(Refusal.WRONG_PHASE, "round 1 is on the upcard's suit "
                           f"({C.SUIT_WORDS[part.proposed]}): order it up or pass")
        if b.round > 1 and action == A.ORDER_UP:
            return Refused(Refusal.WRONG_PHASE,
                           "the upcard was turned down; name another suit or pass")
        if b.round > 1 and action == A.CALL + part.turned_down:
            return Refused(Refusal.TURNED_DOWN,
                           f"{C.SUIT_WORDS[part.turned_down]} was turned down; name another suit")
        if b.round > 1 and action == A.CALL + C.NO_TRUMP:
            return Refused(Refusal.NOT_IN_VARIANT, "no-trump may not be named in this variant")
        return super().reason(s, action)

    def hides_hand(self, s: Table, seat: int) -> bool:
        """The dealer names trump blind (a joker turned up, ``dealer_names``): he does not see
        his cards meanwhile."""
        return seat == s.dealer and BiddingScratch.of(s.hand).round == _BLIND

    def describe(self, s: Table) -> str:
        b = BiddingScratch.of(s.hand)
        return "joker call" if b.round == _BLIND else f"bidding, round {b.round}"


class AllPass(StrEnum):
    """``upcard_bidding.all_pass``: a hand everybody passed in every round (BUCK-A5)."""

    THROW_IN = "throw_in"
    NO_TRUMP = "no_trump"


class JokerUpcard(StrEnum):
    """``upcard_bidding.joker_upcard``: what a joker turned up means (STD-A3)."""

    DEALER_NAMES = "dealer_names"
    FIXED_SUIT = "fixed_suit"
    REDEAL = "redeal"


@dataclass(frozen=True, slots=True, kw_only=True)
class UpcardBiddingRules:
    """Phase ``upcard_bidding``."""

    rounds: int = option(2, schema={"enum": [1, 2]}, doc=(
        "1: only the upcard's suit may be made trump; 2: a second round names another "
        "suit."))
    exclude_turned_down: bool = option(True, doc=(
        "Round 2 may not name the turned-down suit (seed 003, CTD-A1)."))
    stick_the_dealer: bool = option(False, doc=(
        "The dealer may not pass in the last round; he must name a suit."))
    stuck_dealer_may_name_turned_down: bool = option(False, doc=(
        "With stick the dealer: the stuck dealer may also name the turned-down suit."))
    joker_upcard: JokerUpcard = option(JokerUpcard.DEALER_NAMES, doc=(
        "Joker decks, when the joker is turned up (STD-A3): `dealer_names` (dealer's side "
        "make trump; the dealer names a suit before looking at his hand), `fixed_suit` "
        "(the suit in `joker_upcard_suit` is proposed) or `redeal`."))
    # fill=False (here and below): the compiler supplies the default, so the rules hash of
    # files that leave the key out stays what it was before the key existed.
    all_pass: AllPass = option(AllPass.THROW_IN, fill=False, doc=(
        "When everyone passes in every round: `throw_in` (the deal passes left) or "
        "`no_trump` (the hand is played at no-trump with no maker, every player for "
        "himself, scored by the table's `no_maker` row: BUCK-A5). Not with "
        "`stick_the_dealer`, where nobody can pass last."))
    joker_upcard_suit: int = option(C.HEARTS, plain=False, doc=(
        "With `joker_upcard: fixed_suit`: the suit the joker proposes. Default: H."),
        schema={"$ref": "#/$defs/suit", "default": "H"})
    must_order_when: CompiledExpression | None = option(None, plain=False, doc=(
        "Round 1: a condition on a player's hand under which he may not pass but must "
        "order up (STD-A16), e.g. `holds(hand, JOKER)`, or `count(hand, trump) >= 3` "
        "(trump is read as the upcard's suit). Names: `hand`, read with `count(hand, "
        "cards)` / `holds(hand, cards)`. Default: nobody must order up."),
        schema={"type": "string"})
    """Round 1: a hand meeting it may not pass (STD-A16); None: anyone may pass."""
    no_trump: bool = option(False, fill=False, doc=(
        "Round 2 may also name no-trump (`call:N`), the stuck dealer too; round 1 stays "
        "on the upcard's suit (STD-A12)."))


MUST_ORDER_SCOPE: Scope = {"hand": Given.HAND, "trump": Given.TRUMP}
"""The names of ``upcard_bidding.must_order_when``: the seat's hand, and trump read as the
upcard's suit (the trump ordering up would make)."""


def _check(ctx: CompileContext, rules: UpcardBiddingRules) -> UpcardBiddingRules:
    at = ("upcard_bidding",)
    spec = ctx.data["upcard_bidding"]
    if rules.all_pass is AllPass.NO_TRUMP and rules.stick_the_dealer:
        ctx.fail("`all_pass: no_trump` never applies: with `stick_the_dealer` the dealer may "
                 "not pass in the last round", (*at, "all_pass"),
                 "set `stick_the_dealer: false`, or leave `all_pass` out")
    must = (ctx.expr(spec["must_order_when"], MUST_ORDER_SCOPE, Type.BOOL,
                     (*at, "must_order_when")) if "must_order_when" in spec else None)
    return replace(rules, joker_upcard_suit=C.parse_suit(spec["joker_upcard_suit"]),
                   must_order_when=must)


BLOCK = Block(key="upcard_bidding", record=UpcardBiddingRules, check=_check, doc=(
    "Phase `upcard_bidding`: round 1 on the upcard's suit, then naming another suit."))


def _space(config: UpcardBiddingRules) -> dict[str, Any]:
    return {"no_maker": True} if config.all_pass is AllPass.NO_TRUMP else {}


def _check_flow(check: FlowCheck) -> None:
    if "upcard_bidding" in check.flow and not check.deal.upcard:
        check.fail("`upcard_bidding` needs an upcard", ("deal", "upcard"),
                   "set `deal.upcard: true`", also=(check.where("upcard_bidding"),))


def _offers(variant: Variant, legal: list[str]) -> list[str]:
    offers = ["order up"] if "order_up" in legal else []
    suits = [name[len("call:"):] for name in legal if name.startswith("call:")]
    return [*offers, naming(suits)] if suits else offers


def _trumpless(v: Variant) -> tuple[int, ...]:
    rules = v.rules(UpcardBiddingRules)
    return (C.NO_TRUMP,) if rules is not None and rules.no_trump else ()


MECHANIC = Mechanic(
    key="upcard_bidding", phase=UpcardBidding, schema=BLOCK.schema, config=UpcardBiddingRules,
    compile=BLOCK.compile, check_flow=_check_flow, space=_space, chooses_trump=True,
    group=("bidding", "order up / name a suit"),
    kinds=(A.kind_of(A.PASS), A.kind_of(A.ORDER_UP), A.kind_of(A.CALL)),
    words=Words(verbs={"pass": "passes", "order_up": "orders up",
                       "call": "names {suit} as trump"},
                dealer_verbs={"order_up": "picks it up"},
                prompt="Your bid: {offers}", offers=_offers, title="Bidding on the upcard",
                rules=book_lines(UpcardBiddingRules, book), trumpless=_trumpless),
    decide=decide, block=BLOCK,
    batch="engine.mechanics.upcard_bidding_batch:UpcardBidding",
    part=UpcardPart, view=upcard_view, needs_maker=True, uses_upcard=True,
)
