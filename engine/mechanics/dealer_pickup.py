"""Phase ``dealer_pickup``: after an order-up the dealer takes the upcard and discards.

``must``: the dealer takes it and discards any one card, the upcard included (STD-A1);
``discard_other``: not the upcard; ``optional``: he may ``keep`` his hand instead. A dealer who
sits out (partner of a lone maker) does not exchange. When the dealer is the maker and a
``dummy_merge`` follows, the merge does the discarding (5 of 11, `euchre rules cutthroat`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import Refusal, Refused
from engine.mechanics import play_words
from engine.mechanics.base import (
    DISCARD_STEP,
    OFFER_STEP,
    BotTools,
    ExchangeScratch,
    Mechanic,
    Part,
    Phase,
    Rule,
    Words,
    book_lines,
    cards_to_actions,
)
from engine.mechanics.events import LEFT, TAKEN, Discarded, Said, UpcardGone
from engine.mechanics.upcard_trump import UpcardPart
from engine.rules.config_fields import Block, option
from engine.rules.mechanic_rules import FlowCheck

if TYPE_CHECKING:
    from engine.mechanics.parts import Speaker
    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.variant import Variant

__all__ = ["MECHANIC", "DealerPickup", "DealerPickupPart", "DealerPickupRules", "PickupMode"]


@dataclass(slots=True, kw_only=True)
class DealerPickupPart(Part):
    """The dealer's exchange this hand: the upcard he took up (-1: none)."""

    picked: int = -1

    def header_words(self, words: Speaker) -> list[str]:
        return [f"the dealer takes the {C.pretty(self.picked)}"] if self.picked >= 0 else []


class DealerPickup(Phase):
    """Take the upcard; discard one."""

    name = "dealer_pickup"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules_of(DealerPickupRules)
        self.mode = rules.mode
        flow = variant.flow
        self.merge_follows = "dummy_merge" in flow and flow.index("dummy_merge") > flow.index(
            self.name)

    def start(self, s: Table) -> None:
        h = s.hand
        upcard = h.parts.get(UpcardPart)
        assert upcard is None or type(upcard) is UpcardPart
        if upcard is None or not upcard.pickup_pending or not h.active(s.dealer):
            s.advance()
            return
        s.current = s.dealer
        x = h.scratch = ExchangeScratch()
        if self.mode is PickupMode.OPTIONAL:
            x.step = OFFER_STEP
            return
        self._take(s)

    def _take(self, s: Table) -> None:
        h = s.hand
        x = h.scratch
        assert type(x) is ExchangeScratch  # checked inline: no call
        parts = h.parts
        pickup, upcard = parts[DealerPickupPart], parts[UpcardPart]
        assert type(pickup) is DealerPickupPart and type(upcard) is UpcardPart
        pickup.picked = h.upcard
        h.hands[s.dealer] |= 1 << h.upcard
        s.log.append((UpcardGone, h.upcard, s.dealer, TAKEN))
        h.upcard = -1
        upcard.pickup_pending = False
        if self.merge_follows and h.maker == s.dealer:
            s.advance()
            return
        x.step = DISCARD_STEP

    def legal(self, s: Table) -> list[int]:
        h = s.hand
        x = h.scratch
        assert type(x) is ExchangeScratch  # checked inline: no call
        if x.step == OFFER_STEP:
            return [A.PICK_UP, A.KEEP]
        hand = h.hands[s.dealer]
        if self.mode is PickupMode.DISCARD_OTHER:
            hand &= ~(1 << DealerPickupPart.of(h).picked)
        return cards_to_actions(A.DISCARD, hand)

    def apply(self, s: Table, action: int) -> None:
        h = s.hand
        if action == A.PICK_UP:
            s.log.append((Said, s.dealer, self.name, action))
            self._take(s)
            return
        if action == A.KEEP:
            s.log.append((Said, s.dealer, self.name, action))
            h.kitty |= 1 << h.upcard
            s.log.append((UpcardGone, h.upcard, s.dealer, LEFT))
            h.upcard = -1
            UpcardPart.of(h).pickup_pending = False
            s.advance()
            return
        h.discard(s.dealer, A.card_of(action))
        s.log.append((Discarded, s.dealer, A.card_of(action), self.name))
        s.advance()

    def reason(self, s: Table, action: int) -> Refused:
        h = s.hand
        x = ExchangeScratch.of(h)
        if x.step == DISCARD_STEP and A.is_card(A.DISCARD, action):
            card = play_words.shown(A.card_of(action))
            if (A.card_of(action) == DealerPickupPart.of(h).picked
                    and self.mode is PickupMode.DISCARD_OTHER):
                return Refused(Refusal.MUST_KEEP,
                               "the dealer may not discard the card he just took up")
            return Refused(Refusal.NOT_IN_HAND, f"{card} is not in the dealer's hand")
        if x.step == DISCARD_STEP:
            return Refused(Refusal.WRONG_PHASE,
                           "the dealer took the upcard and must discard a card")
        return super().reason(s, action)

    def describe(self, s: Table) -> str:
        return "dealer's exchange"


class PickupMode(StrEnum):
    """``dealer_pickup.mode``."""

    MUST = "must"
    OPTIONAL = "optional"
    DISCARD_OTHER = "discard_other"


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerPickupRules:
    """Phase ``dealer_pickup``: ``must``, ``optional`` or ``discard_other``."""

    mode: PickupMode = option(PickupMode.MUST, doc=(
        "`must`: the dealer takes the upcard and discards any one of his cards, the "
        "upcard included (STD-A1 default); `optional`: he may decline (`keep`) and the "
        "upcard stays in the kitty; `discard_other`: he must discard a card other than "
        "the upcard."))


BLOCK = Block(key="dealer_pickup", record=DealerPickupRules, doc=(
    "Phase `dealer_pickup`: when the upcard's suit is made trump, the dealer takes the upcard "
    "and discards."))


def _check_flow(check: FlowCheck) -> None:
    if "dealer_pickup" in check.flow and "upcard_bidding" not in check.flow and check.makers:
        check.fail("`dealer_pickup` needs `upcard_bidding`", check.where("dealer_pickup"))


def decide(tools: BotTools, view: View, legal: list[int]) -> int:
    """The heuristic bot: the weakest card goes; the upcard is taken when it helps."""
    if legal[-1] >= A.DISCARD:
        return tools.discard(view, legal)
    if view.upcard < 0:
        return A.KEEP
    trump = view.trump
    size = view.hand.bit_count()
    better = tools.best_keep(view.hand | 1 << view.upcard, trump, size)
    return A.PICK_UP if tools.strength(better, trump) > tools.strength(view.hand, trump) else A.KEEP


# -- the rule book -------------------------------------------------------------------------

_PICKUP = {
    "must": ("the dealer must take the upcard into his hand and discard one card face down, "
             "any of his {n}, the upcard itself included (STD-A1)"),
    "discard_other": ("the dealer must take the upcard into his hand and discard one card "
                      "face down, but not the upcard itself (STD-A1)"),
    "optional": ("the dealer may take the upcard into his hand and discard one card face "
                 "down, or decline and keep his hand; a declined upcard stays in the kitty"),
}
_PICKUP_OTHERS = {"must": "`optional` or `discard_other`", "discard_other": "`must` or "
                  "`optional`", "optional": "`must` or `discard_other`"}


def book(v: Variant, pickup: DealerPickupRules) -> list[Rule]:
    """The rule book: the exchange (``dealer_pickup.mode``) and its order against going
    alone and the dummy.

    >>> from engine import load_variant
    >>> v = load_variant("standard")
    >>> book(v, v.rules(DealerPickupRules))[1].text
    'A dealer who sits the hand out, because his partner goes alone, does not exchange.'
    """
    mode = pickup.mode
    what = _PICKUP[mode].format(n=v.deal.hand_size + 1)
    lines = [Rule(text=f"When the upcard's suit is made trump in round 1, {what}.",
                  alternative=f"`dealer_pickup.mode` can also be {_PICKUP_OTHERS[mode]}.")]
    flow = v.flow
    here = flow.index("dealer_pickup")
    if "go_alone" in flow and flow.index("go_alone") < here and v.sides.kind == "teams":
        lines.append(Rule(text="A dealer who sits the hand out, because his partner goes alone, "
                          "does not exchange."))
    if "go_alone" in flow and flow.index("go_alone") > here:
        lines.append(Rule(text="The exchange comes before anyone decides to go alone, so the "
                          "dealer exchanges even if the maker then goes alone (CTD-A12)."))
    if "dummy_merge" in flow and flow.index("dummy_merge") > here:
        lines.append(Rule(text="If the dealer is the maker, he makes his discard when the "
                          "dummy is taken up (or given up, if he goes alone), below."))
    return lines


MECHANIC = Mechanic(
    key="dealer_pickup", phase=DealerPickup, schema=BLOCK.schema, config=DealerPickupRules,
    compile=BLOCK.compile, check_flow=_check_flow, after_trump=True,
    kinds=(A.kind_of(A.PICK_UP), A.kind_of(A.KEEP), A.kind_of(A.DISCARD)),
    words=Words(verbs={"pick_up": "picks up the upcard", "keep": "leaves the upcard",
                       "discard": "discards {card}"},
                prompt="Take it, or keep your hand?", title="The dealer's exchange",
                rules=book_lines(DealerPickupRules, book)),
    decide=decide, block=BLOCK,
    batch="engine.mechanics.dealer_pickup_batch:DealerPickup",
    part=DealerPickupPart, uses_upcard=True,
)
