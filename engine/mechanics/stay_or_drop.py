"""Phase ``stay_or_drop``: once trump is made, each other player stays in or drops out.

After trump is made (and after the dealer's exchange), every active seat outside the makers'
side is asked in turn, clockwise from the maker's left (or from eldest): ``stay`` or
``drop``. A seat that drops out lays its hand face down (its cards go dead) and sits the hand
out like a lone player's partner: the play skips it, and the scoring table's awards see it by
``out`` (Buck Euchre: a seat that dropped scores 0, BUCK-A4). What each seat that stays must
take is the scoring table's business. If every other seat drops, the maker is credited every
trick without playing them (the ``play`` phase, BUCK-A6). A hand without a maker (trump fixed
by the upcard, or no-trump after all passed) skips the phase: nobody may drop (BUCK-A5).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import Refusal, Refused
from engine.core.seats import seats_of
from engine.mechanics.base import (
    BotTools,
    Figure,
    Mechanic,
    Part,
    Phase,
    ResultHook,
    ResultPart,
    Rule,
    Scratch,
    StatsHook,
    Words,
    book_lines,
)
from engine.mechanics.events import Said
from engine.mechanics.wording import setting
from engine.rules.config_fields import Block, option
from engine.rules.mechanic_rules import FlowCheck

if TYPE_CHECKING:
    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.results import HandResult
    from engine.rules.variant import Variant

__all__ = ["DROP", "MECHANIC", "STAY", "AskOrder", "DropPart", "DropScratch", "StayOrDrop",
           "StayOrDropResult", "StayOrDropRules"]

STAY_KIND = A.declare_kind("stay")
DROP_KIND = A.declare_kind("drop")
STAY, DROP = STAY_KIND.base, DROP_KIND.base
"""The action ids of ``stay`` and ``drop``."""


@dataclass(slots=True, kw_only=True)
class DropScratch(Scratch):
    """The seats still to say whether they stay in, in order."""

    queue: list[int] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class DropPart(Part):
    """Who dropped out this hand."""

    dropped: int = 0
    """The seats that dropped out, as a bitmask; they sit out too (``hand.inactive``)."""


class StayOrDrop(Phase):
    """Stay in or drop out."""

    name = "stay_or_drop"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules_of(StayOrDropRules)
        self.from_eldest = rules.order is AskOrder.ELDEST
        self.legal_ids = [STAY, DROP]

    def start(self, s: Table) -> None:
        h = s.hand
        if h.maker < 0:  # a hand without a maker: everyone plays (BUCK-A5)
            s.advance()
            return
        start = s.dealer if self.from_eldest else h.maker
        makers = h.sides[0]
        order = [(start + k) % self.players for k in range(1, self.players + 1)]
        queue = [seat for seat in order if seat not in makers and h.active(seat)]
        if not queue:
            s.advance()
            return
        h.scratch = DropScratch(queue=queue)
        s.current = queue[0]

    def legal(self, s: Table) -> list[int]:
        return self.legal_ids

    def apply(self, s: Table, action: int) -> None:
        h = s.hand
        x = DropScratch.of(h)
        seat = x.queue.pop(0)
        s.log.append((Said, seat, self.name, action))
        if action == DROP:
            bit = 1 << seat
            h.inactive |= bit
            DropPart.of(h).dropped |= bit
            h.dead |= h.hands[seat]
            h.hands[seat] = 0
        if x.queue:
            s.current = x.queue[0]
        else:
            s.advance()

    def reason(self, s: Table, action: int) -> Refused:
        return Refused(Refusal.WRONG_PHASE,
                       "trump is made: say whether you stay in (stay) or drop out (drop)")

    def describe(self, s: Table) -> str:
        return "decision to stay in or drop out"


class AskOrder(StrEnum):
    """``stay_or_drop.order``: who is asked first."""

    MAKER_LEFT = "maker_left"
    ELDEST = "eldest"


@dataclass(frozen=True, slots=True, kw_only=True)
class StayOrDropRules:
    """Phase ``stay_or_drop``."""

    order: AskOrder = option(AskOrder.MAKER_LEFT, doc=(
        "Who is asked first: `maker_left` (clockwise from the maker's left) or "
        "`eldest` (clockwise from the dealer's left)."))


BLOCK = Block(key="stay_or_drop", record=StayOrDropRules, doc=(
    "Phase `stay_or_drop` (after trump is made and the dealer's exchange): each player "
    "outside the makers' side in turn says `stay` or `drop`; one who drops lays his hand "
    "down and sits the hand out (awards see him by `out`). What a stayer must take is "
    "written in the scoring table. If all others drop, the maker takes every trick "
    "unplayed. Skipped in a hand without a maker."))


def _check_flow(check: FlowCheck) -> None:
    flow = check.flow
    if "stay_or_drop" not in flow or "dealer_pickup" not in flow:
        return
    if flow.index("stay_or_drop") < flow.index("dealer_pickup"):
        check.fail("`stay_or_drop` must come after `dealer_pickup`: players decide once the "
                   "dealer has exchanged", check.where("stay_or_drop"),
                   "move `stay_or_drop` after `dealer_pickup` in the flow")


_STAY_AT = 1.5
"""The estimate (in tricks) at which the bot stays without a top trump. One trick is not
enough: a lone off-suit ace is trumped so often that staying on it (or on an estimate of one
trick) got the stayer bucked in 42-50% of hands in simulated Buck games, and the count-down
drifted up instead of down; at 1.5 a stayer's points average about 0."""


def decide(tools: BotTools, view: View, legal: list[int]) -> int:
    """The heuristic bot stays with a hand that should take a trick (one of the two best
    trumps, or an estimate of 1.5 tricks or more), else drops; it never drops when it may
    not."""
    if DROP not in legal:
        return STAY
    hand = view.hand
    if hand & _top_trumps(view.trump, view.tables) or tools.strength(hand, view.trump) >= _STAY_AT:
        return STAY
    return DROP


def _top_trumps(trump: int, by_trump: tuple[C.TrumpTables, ...]) -> int:
    """The two best trumps (the bowers, or the joker and the right bower) as a set."""
    if trump >= C.NO_TRUMP:
        return 0
    tables = by_trump[trump]
    power = tables.power[trump]
    best = sorted(C.cards_of(tables.suit_mask[trump] & C.FIRST_COPIES),  # one of each card
                  key=lambda c: -power[c])[:2]
    return C.mask_of(best)


# -- the rule book -------------------------------------------------------------------------

def book(v: Variant, rules: StayOrDropRules) -> list[Rule]:
    """The rule book: who is asked, what dropping out means, everyone else dropping.

    >>> from engine import load_variant
    >>> v = load_variant("buck-euchre")
    >>> book(v, v.rules(StayOrDropRules))[1].text[:44]
    'A player who drops out lays his hand face do'
    """
    start = "the maker's left" if rules.order is AskOrder.MAKER_LEFT else "the dealer's left"
    other = "eldest" if rules.order is AskOrder.MAKER_LEFT else "maker_left"
    others = "each other player" if v.sides.kind != "teams" else "each opponent of the makers"
    lines = [
        Rule(text=f"Once trump is made and the dealer has exchanged, {others} in turn, "
             f"clockwise from {start}, either stays in or drops out.",
             alternative=f"{setting('stay_or_drop.order', other)} asks in the other order."),
        Rule(text="A player who drops out lays his hand face down and sits the hand out; the "
             "scoring table says what he scores, and what a player who stays in must take."),
        Rule(text="If every other player drops out, the maker takes all the tricks without "
             "playing them (BUCK-A6)."),
    ]
    if v.scoring.space.no_maker:
        lines.append(Rule(text="In a hand nobody made, nobody may drop out: everyone plays "
                          "(BUCK-A5)."))
    return lines


@dataclass(frozen=True, slots=True, kw_only=True)
class StayOrDropResult(ResultPart):
    """The seats that dropped out of the hand, in order (kept under ``stay_or_drop`` when
    some did).

    >>> StayOrDropResult(dropped=(1, 3)).to_json()
    {'dropped': [1, 3]}
    """

    dropped: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"dropped": list(self.dropped)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StayOrDropResult:
        return cls(dropped=tuple(int(seat) for seat in data["dropped"]))

    @classmethod
    def from_flat(cls, data: Mapping[str, Any]) -> StayOrDropResult | None:
        return cls.from_json(data) if data.get("dropped") else None

    def counts(self) -> tuple[tuple[str, int | None], ...]:
        return tuple(key for seat in self.dropped for key in (("dropped", None), ("dropped", seat)))

    def contract_words(self, variant: Variant, record: HandResult, seat: Callable[[int], str]
                       ) -> list[str]:
        return [f"{seat(s)} dropped out" for s in self.dropped]

    def brief(self) -> str:
        return f"dropped {list(self.dropped)}"


def _result(s: Table) -> StayOrDropResult | None:
    dropped = DropPart.of(s.hand).dropped
    if not dropped:
        return None
    return StayOrDropResult(dropped=seats_of(dropped))


MECHANIC = Mechanic(
    key="stay_or_drop", phase=StayOrDrop, schema=BLOCK.schema, config=StayOrDropRules,
    compile=BLOCK.compile, check_flow=_check_flow, after_trump=True, kinds=(STAY_KIND, DROP_KIND),
    words=Words(verbs={"stay": "stays in", "drop": "drops out"},
                prompt="Stay in or drop out?",
                title="Staying in or dropping out", rules=book_lines(StayOrDropRules, book)),
    decide=decide, block=BLOCK, batch="engine.mechanics.stay_or_drop_batch:StayOrDrop",
    result=ResultHook(part=StayOrDropResult, build=_result),
    stats=StatsHook(figures=(Figure(name="dropped", rank=60, rate=False, per_seat=True),)),
    part=DropPart, needs_maker=True,
)
