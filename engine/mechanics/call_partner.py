"""Phase ``call_partner``: the maker chooses his partner for the hand by calling a card.

Once trump is fixed and the dealer has exchanged, the maker either goes ``alone`` or calls a
card (``partner:AS``): by default the ace of a non-trump suit that he does not hold (CALL-A1,
CALL-A2); with ``card: any``, any card of the deck that is not trump. Whoever holds the card
is his partner for the hand (the sides of the hand change at once, ``State.call_partner``),
but nobody is told: the holder knows from his own hand, the others learn it when the card is
played. A called card that was not dealt to a player (in the kitty, or the dealer's discard)
leaves the maker alone without his knowing it, and lone scoring applies (CALL-A5). A maker
who holds every card he could call plays alone (CALL-A2). Skipped in a hand without a maker.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import Refusal, Refused
from engine.mechanics.base import (
    BotTools,
    Mechanic,
    Part,
    Phase,
    ResultHook,
    ResultPart,
    Rule,
    ViewPart,
    Words,
    book_lines,
)
from engine.mechanics.call_partner_rules import (
    BuriedCard,
    CalledCard,
    CallPartnerRules,
    callable_cards,
)
from engine.mechanics.events import PartnerCalled, Said
from engine.mechanics.wording import card_words, join, setting
from engine.rules.config_fields import Block
from engine.rules.mechanic_rules import CompileContext, FlowCheck
from engine.rules.variant import SidesKind

if TYPE_CHECKING:
    from engine.mechanics.parts import Feature, Speaker
    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.results import HandResult
    from engine.rules.variant import Variant

__all__ = ["MECHANIC", "PARTNER", "PARTNER_KIND", "BuriedCard", "CallPartner", "CallPartnerPart",
           "CallPartnerResult", "CallPartnerRules", "CallPartnerView", "CalledCard",
           "call_partner", "callable_cards"]

PARTNER_KIND = A.declare_kind("partner", A.Arg.CARD)
PARTNER = PARTNER_KIND.base
"""``PARTNER + card`` calls that card: its holder is the maker's partner (``partner:AS``)."""

@dataclass(slots=True, kw_only=True)
class CallPartnerPart(Part):
    """The call of this hand: the card the maker called and the seat holding it."""

    called: int = -1
    """The card the maker called to choose his partner (Call-Ace), or -1."""
    partner: int = -1
    """The seat holding the called card: the maker's hidden partner (the maker himself when
    he called a card of his own), -1 when nobody was called or the card was not dealt. Views
    show it only to the holder, and to everyone once the card is played (CALL-A6)."""

    def redealt(self, s: Table) -> None:
        """The hidden cards lie elsewhere (a bot's world): the called card's holder now is
        the partner, unless the card has been played (then everyone knows him)."""
        h = s.hand
        if self.called < 0 or any(card == self.called for _, card in h.played):
            return
        h.sides = s.variant.sides.hand_sides(h.maker)  # as State.make sets them
        call_partner(s, self.called)


@dataclass(slots=True, kw_only=True)
class CallPartnerView(ViewPart):
    """The call as one seat may know it (CALL-A6)."""

    called: int
    """The card the maker called (everyone heard the call), or -1."""
    partner: int
    """The maker's called partner as this seat may know him: the holder of the called card
    sees himself from the call; every seat sees the holder once the card is played (the maker
    himself when he called his own card); otherwise -1: not known (or nobody holds it, which
    nobody is told)."""

    def pins(self) -> tuple[int, ...]:
        return (self.called,) if self.called >= 0 and self.partner >= 0 else ()

    def sides(self, maker: int, players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The maker (and his partner once known); the defenders once the partner is known,
        none before."""
        partner = self.partner  # a hidden partner is known only as the view shows him
        if partner < 0:
            return (maker,), ()
        makers = tuple(sorted({maker, partner}))
        return makers, tuple(seat for seat in range(players) if seat not in makers)

    def contract_words(self, view: View, words: Speaker) -> list[str]:
        """The card called, and who holds it as far as this seat may know (CALL-A6)."""
        if self.called < 0:
            return []
        partner = self.partner
        if partner < 0:
            known = "partner not yet known"
        elif partner == view.maker:
            known = "the maker's own card: he plays alone"
        elif partner == view.seat:
            known = "you hold it: you are the maker's partner"
        else:
            known = f"partner: {words.seat(partner)}"
        return [f"called: {card_words(self.called)} ({known})"]

    def features(self, view: View) -> tuple[Feature, ...]:
        return (("called", self.called), ("partner", self.partner))


def call_view(s: Table, seat: int) -> CallPartnerView:
    """The call as ``seat`` may know it: the holder of the called card knows at once,
    everyone once it has been played (CALL-A6)."""
    h = s.hand
    part = CallPartnerPart.of(h)
    partner, called = part.partner, part.called
    if partner >= 0 and partner != seat and not any(card == called for _, card in h.played):
        partner = -1
    return CallPartnerView(called=called, partner=partner)


def call_partner(s: Table, card: int) -> CallPartnerPart:
    """The maker calls ``card`` (Call-Ace, CALL-A1): whoever holds it is his partner for the
    hand and joins the makers' side, known to the engine at once (the true sides score the
    hand) and to the other seats only through their views. A card nobody holds (in the kitty,
    or discarded) leaves the maker alone without knowing it (CALL-A5); a card of his own
    (CALL-A2 alternative) leaves him secretly alone."""
    hand = s.hand
    part = CallPartnerPart.of(hand)
    part.called = card
    holder = next((seat for seat in range(hand.players) if hand.hands[seat] >> card & 1), -1)
    part.partner = holder
    maker = hand.maker
    if holder >= 0 and holder != maker:
        hand.sides = ((maker, holder) if maker < holder else (holder, maker),
                      tuple(seat for seat in range(hand.players)
                            if seat not in (maker, holder)))
    return part


class CallPartner(Phase):
    """The maker calls a card (or goes alone)."""

    name = "call_partner"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules_of(CallPartnerRules)
        self.rules = rules
        self.deck = variant.deck.mask
        self.tables = variant.deck.all_tables()

    def start(self, s: Table) -> None:
        h = s.hand
        if h.maker < 0:
            s.advance()
            return
        s.current = h.maker

    def legal(self, s: Table) -> list[int]:
        h = s.hand
        cards = callable_cards(self.rules, self.deck, h.trump, h.hands[h.maker],
                               self.tables[h.trump])
        calls = [A.card_action(PARTNER, c) for c in C.cards_of(cards)]
        if self.rules.alone or not calls:  # holding every callable card: alone (CALL-A2)
            return [A.ALONE, *calls]
        return calls

    def apply(self, s: Table, action: int) -> None:
        h = s.hand
        if action == A.ALONE:
            s.log.append((Said, h.maker, self.name, action))
            h.alone.append(h.maker)
        else:
            part = call_partner(s, A.card_of(action))
            s.log.append((PartnerCalled, h.maker, part.called, part.partner))
        s.advance()

    def reason(self, s: Table, action: int) -> Refused:
        what = "an ace of a plain suit" if self.rules.card is CalledCard.ACE else \
            "a card that is not trump"
        own = "" if self.rules.own else " that he does not hold"
        alone = ", or go alone" if self.rules.alone else ""
        kind = Refusal.NOT_CALLABLE if A.is_card(PARTNER, action) else \
            Refusal.WRONG_PHASE
        return Refused(kind, f"the maker now calls {what}{own} for a partner "
                       f"({self.legal_text(s)}){alone}")

    def legal_text(self, s: Table) -> str:
        """The cards the maker may call, as the table shows them (``A♦, A♠``)."""
        return ", ".join(C.pretty(a - PARTNER) for a in self.legal(s)
                         if PARTNER <= a < PARTNER + C.CARD_COUNT)

    def describe(self, s: Table) -> str:
        return "call for a partner"


def _check(ctx: CompileContext, rules: CallPartnerRules) -> CallPartnerRules:
    if ctx.sides.kind is not SidesKind.MAKER_VS_REST:
        ctx.fail("a partner called by a card needs players who each play for themselves "
                 "and a maker who plays against the rest", ("sides", "kind"),
                 "set `sides: {kind: maker_vs_rest}`")
    return rules


BLOCK = Block(key="call_partner", record=CallPartnerRules, check=_check, doc=(
    "Phase `call_partner` (Call-Ace; after trump is made and the dealer's exchange): the "
    "maker calls a card (`partner:AS`) or goes `alone`. Whoever holds the called card is "
    "his partner for the hand, known to the others only when the card is played; a card "
    "nobody holds leaves him alone without knowing it. Needs players who each score for "
    "themselves (`sides.kind: maker_vs_rest`). Skipped in a hand without a maker."))


def _check_flow(check: FlowCheck) -> None:
    flow = check.flow
    if "call_partner" not in flow:
        return
    if "go_alone" in flow:
        check.fail("`call_partner` and `go_alone` cannot both be in the flow: the maker "
                   "goes alone when he calls", check.where("go_alone"),
                   "remove `go_alone`; `call_partner.alone` says whether he may go alone")
    if "dealer_pickup" in flow and flow.index("call_partner") < flow.index("dealer_pickup"):
        check.fail("`call_partner` must come after `dealer_pickup`: the maker calls once the "
                   "dealer has exchanged", check.where("call_partner"),
                   "move `call_partner` after `dealer_pickup` in the flow")


def _space(config: CallPartnerRules) -> dict[str, Any]:
    return {"maker_alone": True, "defender_alone": False, "defender_needs_lone_maker": True}


_ALONE_AT = 4.2
"""The estimated tricks at which the maker goes alone (a near-certain march)."""


def decide(tools: BotTools, view: View, legal: list[int]) -> int:
    """The heuristic bot goes alone with a near-certain march; otherwise it calls the card it
    would most like a partner to hold: an ace of the suit where it is shortest (a partner's
    ace there wins a trick it could not), a king or lower (``card: any``) only when no ace
    may be called."""
    calls = [a for a in legal if a != A.ALONE]
    if A.ALONE in legal and (not calls or tools.strength(view.hand, view.trump) >= _ALONE_AT):
        return A.ALONE
    hand = view.hand
    tables = view.tables[view.trump]

    def want(action: int) -> tuple[int, int, int]:
        card = A.card_of(action)
        suit = tables.effective[card]
        held = (hand & tables.suit_mask[suit]).bit_count()
        return (C.rank_of(card), -held, -action)

    return max(calls, key=want)


def _offers(variant: Variant, legal: list[str]) -> list[str]:
    calls = [C.pretty(C.card(name.partition(":")[2])) for name in legal
             if name.startswith("partner:")]
    offers = [f"call {join(calls, 'or')} for a partner"] if calls else []
    return [*offers, "go alone"] if "alone" in legal else offers


# -- the rule book -------------------------------------------------------------------------

def book(v: Variant, rules: CallPartnerRules) -> list[Rule]:
    """The rule book: what may be called, who learns the partner when, a card nobody holds.

    >>> from engine import load_variant
    >>> v = load_variant("call-ace")
    >>> book(v, v.rules(CallPartnerRules))[2].text[:47]
    'Nobody says who holds the called card: its hold'
    """
    what = ("the ace of a suit other than trump" if rules.card is CalledCard.ACE
            else "any card that is not trump")
    other = "any" if rules.card is CalledCard.ACE else "ace"
    alone = " or announces that he plays alone" if rules.alone else ""
    lines = [
        Rule(text=f"Once trump is made and the dealer has exchanged, the maker calls {what}"
             f"{alone} (CALL-A1).",
             alternative=f"{setting('call_partner.card', other)} lets him call "
             + ("any card that is not trump." if other == "any" else "only an ace.")),
        _own_rule(rules),
        Rule(text="Nobody says who holds the called card: its holder is the maker's partner "
             "for this hand, and the others learn it only when the card is played (CALL-A6)."),
        _buried_rule(rules),
    ]
    return lines


def _own_rule(rules: CallPartnerRules) -> Rule:
    if rules.own:
        return Rule(text="He may call a card he holds himself, and then plays alone without "
                    "telling anyone (CALL-A2).",
                    alternative=f"{setting('call_partner.own', 'false')} makes him call a "
                    "card he does not hold.")
    return Rule(text="He must call a card he does not hold; holding every card he could call, "
                "he plays alone (CALL-A2).",
                alternative=f"{setting('call_partner.own', 'true')} lets him call his own "
                "card and play alone in secret.")


def _buried_rule(rules: CallPartnerRules) -> Rule:
    scored = "as if he had gone alone" if rules.buried is BuriedCard.ALONE else \
        "as a partnership hand"
    other = "partners" if rules.buried is BuriedCard.ALONE else "alone"
    return Rule(text="If nobody holds the called card (it lies in the kitty or was "
                "discarded), the maker plays alone without knowing it, and the hand is "
                f"scored {scored} (CALL-A5).",
                alternative=f"{setting('call_partner.buried', other)} scores it "
                + ("as a partnership hand." if other == "partners" else "as played alone."))


@dataclass(frozen=True, slots=True, kw_only=True)
class CallPartnerResult(ResultPart):
    """The hand's called card and the seat that held it (None: nobody, CALL-A5), kept under
    ``call_partner``; it decides the makers' side.

    >>> part = CallPartnerResult(called="AS", partner=2)
    >>> part.to_json(), part.makers(0), CallPartnerResult(called="AS", partner=None).makers(0)
    ({'called': 'AS', 'partner': 2}, (0, 2), (0,))
    """

    called: str
    partner: int | None

    def to_json(self) -> dict[str, Any]:
        return {"called": self.called, "partner": self.partner}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CallPartnerResult:
        partner = data.get("partner")
        return cls(called=str(data["called"]), partner=None if partner is None else int(partner))

    @classmethod
    def from_flat(cls, data: Mapping[str, Any]) -> CallPartnerResult | None:
        return None if data.get("called") is None else cls.from_json(data)

    def shown(self) -> tuple[str, ...]:
        return (self.called,)

    def makers(self, maker: int) -> tuple[int, ...]:
        if self.partner is None or self.partner == maker:
            return (maker,)
        return tuple(sorted((maker, self.partner)))

    def contract_words(self, variant: Variant, record: HandResult, seat: Callable[[int], str]
                       ) -> list[str]:
        """``called the ace of spades, held by West`` (or held by nobody: CALL-A5)."""
        card = card_words(C.card(self.called))
        if self.partner is None:
            return [f"called {card}, which nobody held"]
        if self.partner == record.maker:
            return [f"called {card}, his own"]
        return [f"called {card}, held by {seat(self.partner)}"]


def _result(s: Table) -> CallPartnerResult | None:
    """The called card and its holder, once a card was called."""
    part = CallPartnerPart.of(s.hand)
    if part.called < 0:
        return None
    return CallPartnerResult(called=C.card_name(part.called),
                             partner=part.partner if part.partner >= 0 else None)


_PLAYERS = ("{count} players, each scoring for himself. In each hand the maker and the holder "
            "of the card he calls (his partner for that hand, CALL-A6) play against all the "
            "others, who defend together; each player of a side scores what the side wins.")
"""The rule book's paragraph on the players (``{count}``: how many, in words)."""

MECHANIC = Mechanic(
    key="call_partner", phase=CallPartner, schema=BLOCK.schema, config=CallPartnerRules,
    compile=BLOCK.compile, check_flow=_check_flow, space=_space, after_trump=True,
    kinds=(A.kind_of(A.ALONE), PARTNER_KIND),
    words=Words(verbs={"partner": "calls {card_words} for a partner", "alone": "goes alone"},
                prompt="{offers}?", offers=_offers,
                title="Calling a partner", rules=book_lines(CallPartnerRules, book),
                sides="called", players=_PLAYERS),
    decide=decide, block=BLOCK, result=ResultHook(part=CallPartnerResult, build=_result),
    part=CallPartnerPart, view=call_view, needs_maker=True, decides_sides=True,
    batch="engine.mechanics.call_partner_batch:CallPartner",
)
