"""Phase ``go_alone``: the maker, then (where allowed) one defender, may play alone.

The maker says ``alone`` or ``pass``; a lone maker's partners sit out (in Cutthroat he gives
up the dummy instead, see ``dummy_merge``). Then, if the variant allows a lone defender (and,
with ``defender_needs_lone_maker``, only against a lone maker), the defenders are asked in
turn; the first to say ``alone`` plays alone and his partner sits out (CTD-A8). With
``partner`` the maker's partner, when the maker passes, may take the hand over and play alone
in his place; the maker then sits out (ALONE-A1). A hand without
a maker (trump fixed by the upcard, or no-trump after all passed: BUCK-A5) has nobody to ask.

With ``must_when`` the maker must go alone when a condition holds: on his hand
(``count(hand, trump) >= 5``) or on how trump was made (``ordered_partner``: he ordered up his
partner, the dealer, in round 1 - the Canadian loner, STD-A13); ``alone`` is then his only
answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import Refusal, Refused
from engine.mechanics.base import BotTools, Mechanic, Phase, Scratch, Words, book_lines
from engine.mechanics.events import EVERYONE, Passed, Said, SatOut, Seats
from engine.mechanics.go_alone_words import book, must_words
from engine.mechanics.parts import SaysItself
from engine.mechanics.upcard_trump import UpcardPart
from engine.rules.config_fields import Block, option
from engine.rules.expressions import CompiledExpression, Given, Scope, Type
from engine.rules.mechanic_rules import CompileContext, OutcomeSetting
from engine.rules.variant import SidesKind

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.variant import Variant

__all__ = ["MECHANIC", "MUST_SCOPE", "AloneScratch", "DefenderOrder", "GoAlone", "GoAloneRules",
           "TookOver", "must_env"]

_MAKER, _DEFENDERS, _PARTNER = 0, 1, 2


class TookOver(NamedTuple("TookOver", [("seat", int), ("maker", int)]), SaysItself):
    """``seat``, the maker's partner, takes the hand over and plays alone; the maker sits out
    (ALONE-A1). Every seat sees it."""

    __slots__ = ()

    @property
    def visible_to(self) -> Seats:
        return EVERYONE

    def hidden(self) -> TookOver:
        return self

    def shows(self) -> int:
        return 0

    def line(self, seat: Callable[[int], str]) -> str:
        return f"{seat(self.seat)} takes it alone from {seat(self.maker)}."


@dataclass(slots=True, kw_only=True)
class AloneScratch(Scratch):
    """Who is asked (``step``: the maker, then the defenders) and who is still to answer."""

    step: int = _MAKER
    queue: list[int] = field(default_factory=list)
    forced: bool = False
    """The maker must go alone (``must_when`` holds)."""

    def question(self) -> str:
        if self.forced and self.step == _MAKER:
            return ""
        return {_MAKER: "Go alone (your partner sits this hand out), or pass?",
                _PARTNER: "Take the hand from your partner and play it alone (he sits out), "
                          "or pass?",
                _DEFENDERS: "Defend alone against the makers (your partner sits out), or "
                            "pass?"}[self.step]


class GoAlone(Phase):
    """Lone hands."""

    name = "go_alone"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules_of(GoAloneRules)
        self.rules = rules
        self.must = rules.must_when

    def start(self, s: Table) -> None:
        h = s.hand
        if h.maker < 0:  # no maker, no sides to give up a partner for
            s.advance()
            return
        x = h.scratch = AloneScratch()
        if self.rules.maker:
            x.step = _MAKER
            x.queue = [h.maker]
            s.current = h.maker
            if self.must is not None:
                x.forced = bool(self.must.evaluate(must_env(s, self.must.names)))
            return
        self._ask_defenders(s)

    def _ask_partner(self, s: Table) -> None:
        """The maker passed: his partner may take the hand over (ALONE-A1)."""
        h = s.hand
        x = h.scratch
        assert type(x) is AloneScratch  # checked inline: no call
        x.step = _PARTNER
        x.queue = [seat for seat in h.sides[0] if seat != h.maker and h.active(seat)][:1]
        if x.queue:
            s.current = x.queue[0]
        else:
            self._ask_defenders(s)

    def _ask_defenders(self, s: Table) -> None:
        h = s.hand
        x = h.scratch
        assert type(x) is AloneScratch  # checked inline: no call
        rules = self.rules
        if not rules.defender or (rules.defender_needs_lone_maker and h.maker not in h.alone):
            s.advance()
            return
        defenders = {seat for side in h.sides[1:] if len(side) > 1
                     for seat in side}
        start = h.maker if rules.defender_order is DefenderOrder.MAKER_LEFT else s.dealer
        order = [(start + k) % self.players for k in range(1, self.players + 1)]
        x.queue = [seat for seat in order if seat in defenders and h.active(seat)]
        if not x.queue:
            s.advance()
            return
        x.step = _DEFENDERS
        s.current = x.queue[0]

    def legal(self, s: Table) -> list[int]:
        x = s.hand.scratch
        assert type(x) is AloneScratch  # checked inline: no call
        if x.forced and x.step == _MAKER:
            return [A.ALONE]
        return [A.PASS, A.ALONE]

    def apply(self, s: Table, action: int) -> None:
        h = s.hand
        x = h.scratch
        assert type(x) is AloneScratch  # checked inline: no call
        seat = x.queue.pop(0)
        s.log.append((Said, seat, self.name, action) if action == A.ALONE
                        else (Passed, seat, self.name))
        if action == A.ALONE and x.step == _PARTNER:
            s.log.append((TookOver, seat, h.maker))
        if action == A.ALONE:
            if h.plays_alone(seat):
                s.log.append((SatOut, h.inactive))
            if x.step == _DEFENDERS:
                x.queue = []
        if x.queue:
            s.current = x.queue[0]
        elif x.step == _MAKER and action == A.PASS and self.rules.partner:
            self._ask_partner(s)
        elif x.step != _DEFENDERS:
            self._ask_defenders(s)
        else:
            s.advance()

    def reason(self, s: Table, action: int) -> Refused:
        x = AloneScratch.of(s.hand)
        question = {_MAKER: "the maker now says whether he goes alone",
                    _PARTNER: "the maker's partner now says whether he goes alone"}.get(
                        x.step, "a defender now says whether he defends alone")
        if x.forced and x.step == _MAKER and self.must is not None:
            kind = Refusal.MAY_NOT_PASS if action == A.PASS else Refusal.WRONG_PHASE
            return Refused(kind, f"the maker must go alone here ({must_words(self.must.text)})")
        return Refused(Refusal.WRONG_PHASE, question)

    def describe(self, s: Table) -> str:
        return "decision to go alone"


def must_env(s: Table, names: frozenset[str]) -> dict[str, int | bool]:
    """The values ``must_when`` reads, for the maker of the hand in progress."""
    h = s.hand
    upcard = UpcardPart.find(h)
    ordered_up = (upcard is not None and upcard.turned_down < 0 <= upcard.proposed
                  and h.trump == upcard.proposed)
    env: dict[str, int | bool] = {"hand": h.hands[h.maker], "trump": h.trump,
                                  "ordered_up": ordered_up,
                                  "dealer": h.maker == s.dealer,
                                  "ordered_partner": (ordered_up and h.maker != s.dealer
                                                      and s.dealer in h.sides[0])}
    return {name: env[name] for name in names}


MUST_SCOPE: Scope = {"hand": Given.HAND, "trump": Given.TRUMP, "ordered_up": Type.BOOL,
                     "dealer": Type.BOOL, "ordered_partner": Type.BOOL}
"""The names of ``go_alone.must_when``: the maker's hand and trump, whether trump is the upcard's
suit ordered up in round 1, whether the maker is the dealer, and whether he ordered up his
partner, the dealer."""


class DefenderOrder(StrEnum):
    """``go_alone.defender_order``: where asking the defenders starts."""

    MAKER_LEFT = "maker_left"
    ELDEST = "eldest"


@dataclass(frozen=True, slots=True, kw_only=True)
class GoAloneRules:
    """Phase ``go_alone``."""

    maker: bool = option(True, doc=(
        "The maker may go alone: his partner (or the dummy) sits out."))
    defender: bool = option(False, doc=(
        "One defender may go alone; his partner sits out. The first to announce, "
        "clockwise from the maker's left, wins (CTD-A8)."))
    defender_needs_lone_maker: bool = option(True, doc=(
        "A defender may go alone only against a lone maker (RAIL-A2)."))
    defender_order: DefenderOrder = option(DefenderOrder.MAKER_LEFT, doc=(
        "Which defender is asked first: `maker_left` (clockwise from the maker's left, "
        "CTD-A8) or `eldest` (clockwise from the dealer's left, as OpenSpiel does)."))
    must_when: CompiledExpression | None = option(
        None, plain=False, schema={"type": ["string", "boolean"]}, doc=(
            "A condition under which the maker must go alone. Names: `ordered_partner` "
            "(he ordered up his partner, the dealer, in round 1: the Canadian loner), "
            "`ordered_up`, `dealer` (he is the dealer), and his `hand` read with "
            "`count(hand, cards)` / `holds(hand, cards)`, e.g. `count(hand, trump) >= 5`. "
            "Default: never."))
    """When the maker must go alone (None: never)."""
    partner: bool = option(False, fill=False, doc=(
        "When the maker does not go alone, his partner may take the hand over and play alone "
        "in his place; the maker sits out. The scoring table may use `partner_alone` (true "
        "when he did; `alone` is true too) for its own rows (ALONE-A1). Teams of two only."))
    """The maker's partner may play alone in his place (ALONE-A1)."""
    exposed: bool = option(False, fill=False, doc=(
        "A lone maker plays his hand face up: every seat sees it, and the opponent at "
        "his left chooses each of its cards (within the rules of following suit). The "
        "scoring table may use `exposed` (true when the maker played alone, face up) "
        "for its own rows (STD-A17). Not with a joker deck."))
    """A lone maker's hand is played face up, each card chosen by the opponent at his left
    (STD-A17)."""


def _check(ctx: CompileContext, rules: GoAloneRules) -> GoAloneRules:
    spec = ctx.data["go_alone"]
    sides = ctx.sides
    at = ("go_alone",)
    team_sizes = {len(t) for t in sides.teams}
    partnered = sides.kind is SidesKind.MAKER_VS_REST or max(team_sizes) > 1
    has_partner = partnered and sides.kind is SidesKind.TEAMS
    if rules.maker and not has_partner and "dummy_merge" not in ctx.flow:
        ctx.fail("a maker can only go alone when he has a partner or a dummy to give up",
                 (*at, "maker"), "set `maker: false`, or add `dummy_merge` to the flow",
                 also=(("sides", "kind"), ("sides", "teams"), ("flow",)))
    if rules.defender and not partnered:
        ctx.fail("a defender can only go alone when the defenders play together",
                 (*at, "defender"), "set `defender: false`",
                 also=(("sides", "kind"), ("sides", "teams")))
    must = None
    if "must_when" in spec:
        if not rules.maker:
            ctx.fail("the maker cannot be made to go alone when he may not go alone",
                     (*at, "must_when"), "set `maker: true`, or remove `must_when`")
        must = ctx.expr(spec["must_when"], MUST_SCOPE, Type.BOOL, (*at, "must_when"))
    if rules.partner and not rules.maker:
        ctx.fail("the maker's partner can only take the hand over when the maker may go alone",
                 (*at, "partner"), "set `maker: true`, or remove `partner`")
    if rules.partner and (sides.kind is not SidesKind.TEAMS or team_sizes != {2}):
        ctx.fail("the maker's partner can only take the hand over in teams of two",
                 (*at, "partner"), "remove `partner`, or play in partnerships of two",
                 also=(("sides", "kind"), ("sides", "teams")))
    if rules.partner and rules.exposed:
        ctx.fail("a hand taken over by the partner is not played exposed", (*at, "partner"),
                 "remove `partner` or `exposed`")
    if rules.exposed and ctx.data["penalties"]["renege"].get("correct") == "before_turned":
        ctx.fail("taking back a renege is not built for exposed lone hands (RENEGE-A1)",
                 (*at, "exposed"), "remove `exposed`, or `penalties.renege.correct`",
                 also=(("penalties", "renege", "correct"),))
    if rules.exposed and not rules.maker:
        ctx.fail("a lone hand can only be exposed when the maker may go alone",
                 (*at, "exposed"), "set `maker: true`, or remove `exposed`")
    if rules.exposed and C.JOKER in ctx.deck_cards():
        ctx.fail("an exposed lone hand is not played with a joker deck", (*at, "exposed"),
                 "remove `exposed`, or set `deck.jokers: 0`")
    return replace(rules, must_when=must)


BLOCK = Block(key="go_alone", record=GoAloneRules, check=_check, doc=(
    "Phase `go_alone`: after trump is fixed, the maker, then (if allowed) each defender "
    "clockwise from the maker's left, may go alone."))


def _space(config: GoAloneRules) -> dict[str, Any]:
    space = {"maker_alone": config.maker, "defender_alone": config.defender,
             "defender_needs_lone_maker": config.defender_needs_lone_maker}
    if config.partner:
        space["partner_alone"] = True
    return {**space, "exposed": True} if config.exposed else space


_ALONE_AT = 4.2  # near-certain march
_DEFEND_ALONE_AT = 4.0


def decide(tools: BotTools, view: View, legal: list[int]) -> int:
    """The heuristic bot goes alone with a near-certain march (or when it must)."""
    if A.PASS not in legal:
        return A.ALONE
    est = tools.strength(view.hand, view.trump)
    across = (view.maker + view.players // 2) % view.players  # the partner, teams of two
    if view.maker == tools.seat or (tools.seat == across and not view.alone):  # ALONE-A1
        return A.ALONE if est >= _ALONE_AT else A.PASS
    return A.ALONE if est >= _DEFEND_ALONE_AT else A.PASS


def _offers(variant: Variant, legal: list[str]) -> list[str]:
    return ["go alone"] if "alone" in legal else []


MECHANIC = Mechanic(
    key="go_alone", phase=GoAlone, schema=BLOCK.schema, config=GoAloneRules,
    compile=BLOCK.compile, space=_space, after_trump=True,
    kinds=(A.kind_of(A.PASS), A.kind_of(A.ALONE)),
    words=Words(verbs={"pass": "does not go alone", "alone": "goes alone"},
                prompt="{offers}", offers=_offers, title="Going alone",
                rules=book_lines(GoAloneRules, book)),
    decide=decide, block=BLOCK,
    batch="engine.mechanics.go_alone_batch:GoAlone", needs_maker=True,
    outcome_settings=tuple(OutcomeSetting(rank=10, path=path) for path in (
        ("go_alone", "maker"), ("go_alone", "defender"),
        ("go_alone", "defender_needs_lone_maker"), ("go_alone",))),
)
