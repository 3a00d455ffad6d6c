"""Phase ``pass_cards``: a lone player calls for his partner's best cards (Railroad).

Once trump is fixed and the lone hands are declared, each lone player (the maker, then a lone
defender, RAIL-A7) first discards ``cards`` cards face down, one at a time (``discard:XX``),
then his partner, who sits the hand out, gives him as many of his own cards, chosen without
consultation and passed face down (``give:XX``). Only the two of them see the cards: a give,
like a discard, shows to every other seat as ``give`` without its card. A lone player whose
partner plays (no partner sits out) has nobody to call on (RAIL-A8).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core.errors import Refusal, Refused
from engine.core.seats import seat_names
from engine.mechanics.base import (
    BotTools,
    Mechanic,
    Phase,
    Rule,
    Scratch,
    Words,
    book_lines,
    cards_to_actions,
)
from engine.mechanics.events import CardGiven, Discarded
from engine.mechanics.wording import counted, number, setting
from engine.rules.config_fields import Block, option
from engine.rules.mechanic_rules import CompileContext, FlowCheck
from engine.rules.variant import SidesKind

if TYPE_CHECKING:
    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.variant import Variant

__all__ = ["GIVE", "MECHANIC", "PassCards", "PassCardsRules", "PassScratch"]

GIVE = A.declare_kind("give", A.Arg.CARD, private=True)
"""``give:9C``: the partner of a lone player passes him a card (private to the two)."""

_DISCARD, _GIVE = 0, 1


@dataclass(slots=True, kw_only=True)
class PassScratch(Scratch):
    """The exchanges still to make (lone player, partner), the step of the first (his
    discards, then his partner's gifts) and how many cards are left in that step."""

    queue: list[tuple[int, int]] = field(default_factory=list)
    step: int = _DISCARD
    left: int = 0

    def discard_question(self, hint: str) -> str:
        return (f"Discard {counted(self.left, 'card')} face down; your partner then gives you "
                f"as many{hint if self.left > 1 else ''}.")


class PassCards(Phase):
    """Calling for the partner's best."""

    name = "pass_cards"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules_of(PassCardsRules)
        self.rules = rules
        self.partner_of = tuple(
            next((p for p in variant.sides.side_of(seat) if p != seat), -1)
            for seat in range(variant.players))

    def start(self, s: Table) -> None:
        h = s.hand
        if not h.alone or not s.contract_setting("pass_cards.cards", 1):
            s.advance()  # nobody alone, or a bid on which no card is passed
            return
        queue = []
        for seat in h.alone:
            partner = self.partner_of[seat]
            if partner < 0 or h.active(partner):
                continue  # nobody sits out for him (RAIL-A8)
            if seat != h.maker and not self.rules.defender:
                continue
            queue.append((seat, partner))
        if not queue:
            s.advance()
            return
        x = h.scratch = PassScratch(queue=queue)
        self._begin(s, x)

    def _begin(self, s: Table, x: PassScratch) -> None:
        x.step = _DISCARD
        x.left = s.contract_setting("pass_cards.cards", self.rules.cards)
        s.current = x.queue[0][0]

    def legal(self, s: Table) -> list[int]:
        h = s.hand
        x = PassScratch.of(h)
        if x.step == _DISCARD:
            return cards_to_actions(A.DISCARD, h.hands[s.current])
        return cards_to_actions(GIVE.base, h.hands[s.current])

    def apply(self, s: Table, action: int) -> None:
        h = s.hand
        x = PassScratch.of(h)
        loner, partner = x.queue[0]
        x.left -= 1
        if x.step == _DISCARD:
            s.log.append((Discarded, loner, A.card_of(action), self.name))
            h.discard(loner, A.card_of(action))
            if not x.left:
                x.step = _GIVE
                x.left = s.contract_setting("pass_cards.cards", self.rules.cards)
                s.current = partner
            return
        s.log.append((CardGiven, partner, loner, A.card_of(action), self.name))
        bit = 1 << A.card_of(action)
        h.hands[partner] ^= bit
        h.hands[loner] |= bit
        if x.left:
            return
        x.queue.pop(0)
        if x.queue:
            self._begin(s, x)
        else:
            s.advance()

    def reason(self, s: Table, action: int) -> Refused:
        x = PassScratch.of(s.hand)
        loner = x.queue[0][0]
        names = seat_names(s.variant.players)
        if x.step == _DISCARD:
            kind = Refusal.NOT_IN_HAND if A.is_card(A.DISCARD, action) else Refusal.WRONG_PHASE
            return Refused(kind, f"{names[loner]} plays alone and first discards a card face "
                           "down")
        kind = Refusal.NOT_IN_HAND if A.is_card(GIVE.base, action) else \
            Refusal.WRONG_PHASE
        return Refused(kind, f"{names[s.current]} now gives his lone partner a card of his "
                       "hand")

    def describe(self, s: Table) -> str:
        return "call for the partner's best"


@dataclass(frozen=True, slots=True, kw_only=True)
class PassCardsRules:
    """Phase ``pass_cards``: how many cards each way, and whether a lone defender calls too."""

    cards: int = option(1, fill=False, minimum=1, maximum=5, doc="How many cards go each way.")
    defender: bool = option(True, fill=False, doc=(
        "A lone defender calls for his partner's best too (RAIL-A7)."))


def _check(ctx: CompileContext, rules: PassCardsRules) -> PassCardsRules:
    sides = ctx.sides
    here = ("flow", ctx.flow.index("pass_cards"))
    if sides.kind is not SidesKind.TEAMS or any(len(team) != 2 for team in sides.teams):
        ctx.fail("`pass_cards` needs partners: fixed teams of two, so that a lone player has "
                 "the one partner who sits out and gives him cards", here,
                 "use `sides: {kind: teams, teams: [[0, 2], [1, 3]]}`, or remove `pass_cards` "
                 "from the flow", also=(("sides", "kind"), ("sides", "teams"), ("players",)))
    if not _lone_hands(ctx) and "go_alone" not in ctx.flow[here[1]:]:  # else: out of order
        ctx.fail("`pass_cards` needs a lone hand, but nobody can play alone before it", here,
                 "put `go_alone` (with `maker` or `defender` true) before `pass_cards`, or give "
                 "a special bid of the `auction` `alone: true`")
    cards = rules.cards
    if cards > ctx.deal.hand_size:
        ctx.fail(f"a player cannot pass {cards} cards from a hand of {ctx.deal.hand_size}",
                 ("pass_cards", "cards"), f"use at most {ctx.deal.hand_size}",
                 also=(("deal", "hand_size"),))
    return rules


BLOCK = Block(key="pass_cards", record=PassCardsRules, check=_check, doc=(
    "Phase `pass_cards` (Railroad's calling for best): after the lone hands are declared, "
    "each lone player discards cards face down, then his partner, who sits out, gives him "
    "as many of his own, unseen by the others. It needs fixed teams of two (`sides: {kind: "
    "teams}`: the one partner who sits out gives the cards) and a lone hand before it: "
    "`go_alone` with `maker` or `defender` true, or an `auction` special bid with `alone: "
    "true`. Put it after those (and after `dealer_pickup`, so that a lone dealer has "
    "exchanged first)."
))


def _lone_hands(ctx: CompileContext) -> bool:
    """Some phase before ``pass_cards`` can make a lone hand: ``go_alone`` (a maker or a
    defender may go alone) or an ``auction`` whose special bid is played alone."""
    data, flow = ctx.data, ctx.flow
    before = flow[:flow.index("pass_cards")]
    alone = "go_alone" in before and (data["go_alone"]["maker"] or data["go_alone"]["defender"])
    auction = data.get("auction", {}) if "auction" in before else {}
    bids = [*auction.get("special_bids", []), *([auction["top_bid"]] if "top_bid" in auction
                                                 else [])]
    rows = [row for row in auction.get("table", []) if row.get("alone", row.get(
        "denomination") in ("misere", "open_misere"))]
    return alone or bool(rows) or any(bid.get("alone", False) for bid in bids)


def _check_flow(check: FlowCheck) -> None:
    flow = check.flow
    if "pass_cards" not in flow:
        return
    if "go_alone" in flow and flow.index("go_alone") > flow.index("pass_cards"):
        check.fail("`pass_cards` must come after `go_alone`: only a lone player calls for his "
                   "partner's best", check.where("pass_cards"),
                   "put `go_alone` before `pass_cards` in the flow")


def decide(tools: BotTools, view: View, legal: list[int]) -> int:
    """The heuristic bot: the lone player discards the card whose loss hurts least; his
    partner gives the card that makes the strongest one-card hand for the contract (the
    highest trump, else his best ace)."""
    if A.is_card(A.DISCARD, legal[0]):
        return tools.discard(view, legal)
    best = tools.best_keep(view.hand, view.trump, 1)
    return A.card_action(GIVE.base, best.bit_length() - 1)


def _offers(variant: Variant, legal: list[str]) -> list[str]:
    if any(a.startswith("give") for a in legal):
        return ["give your partner a card (give:XX)"]
    return ["discard a card (discard:XX)"]


# -- the rule book -------------------------------------------------------------------------

def book(v: Variant, rules: PassCardsRules) -> list[Rule]:
    """The rule book: calling for the partner's best.

    >>> from engine import load_variant
    >>> v = load_variant("railroad")
    >>> book(v, v.rules(PassCardsRules))[0].text[:46]
    'A player who goes alone first discards one car'
    """
    n = rules.cards
    what = "one card" if n == 1 else f"{number(n)} cards"
    best = "his best card" if n == 1 else f"his {number(n)} best cards"
    lines = [Rule(
        text=f"A player who goes alone first discards {what} face down, then calls for his "
        f"partner's best: the partner, who sits the hand out, passes him {what} of his own "
        f"face down, chosen without consultation (normally {best} for the contract). Nobody "
        "else sees the cards passed.",
        alternative=f"{setting('pass_cards.cards', 'N')} passes N cards each way.")]
    if rules.defender:
        lines.append(Rule(
            text="A lone defender calls for his partner's best in the same way, after the "
            "maker (RAIL-A7).",
            alternative=f"{setting('pass_cards.defender', 'false')} lets only the maker "
            "call."))
    else:
        lines.append(Rule(text="Only a lone maker calls for his partner's best.",
                          alternative=f"{setting('pass_cards.defender', 'true')} lets a "
                          "lone defender call too."))
    return lines


MECHANIC = Mechanic(
    key="pass_cards", phase=PassCards, schema=BLOCK.schema, config=PassCardsRules,
    compile=BLOCK.compile, check_flow=_check_flow, after_trump=True,
    kinds=(A.kind_of(A.DISCARD), GIVE),
    words=Words(verbs={"discard": "discards {card}", "give": "passes his partner {card}"},
                prompt="Your choice: {offers}", offers=_offers,
                title="Calling for the partner's best", rules=book_lines(PassCardsRules, book)),
    decide=decide, block=BLOCK, needs_maker=True, contract_settings=("pass_cards.cards",),
    batch="engine.mechanics.pass_cards_batch:PassCards",
)
