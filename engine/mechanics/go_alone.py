"""Phase ``go_alone``: the maker, then (where allowed) one defender, may play alone.

The maker says ``alone`` or ``pass``; a lone maker's partners sit out (in Cutthroat he gives
up the dummy instead, see ``dummy_merge``). Then, if the variant allows a lone defender (and,
with ``defender_needs_lone_maker``, only against a lone maker), the defenders are asked in
turn; the first to say ``alone`` plays alone and his partner sits out (CTD-A8). A hand without
a maker (trump fixed by the upcard, or no-trump after all passed: BUCK-A5) has nobody to ask.

With ``must_when`` the maker must go alone when a condition holds: on his hand
(``count(hand, trump) >= 5``) or on how trump was made (``ordered_partner``: he ordered up his
partner, the dealer, in round 1 - the Canadian loner, STD-A13); ``alone`` is then his only
answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import Refusal, Refused
from engine.mechanics.base import BotTools, Mechanic, Phase, Rule, Scratch, Words, book_lines
from engine.mechanics.events import Passed, Said, SatOut
from engine.mechanics.upcard_trump import UpcardPart
from engine.mechanics.wording import setting
from engine.rules.config_fields import Block, option
from engine.rules.expressions import CompiledExpression, Given, Scope, Type
from engine.rules.mechanic_rules import CompileContext, OutcomeSetting
from engine.rules.variant import SidesKind

if TYPE_CHECKING:
    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.variant import Variant

__all__ = ["MECHANIC", "MUST_SCOPE", "AloneScratch", "DefenderOrder", "GoAlone", "GoAloneRules",
           "must_env"]

_MAKER, _DEFENDERS = 0, 1


@dataclass(slots=True, kw_only=True)
class AloneScratch(Scratch):
    """Who is asked (``step``: the maker, then the defenders) and who is still to answer."""

    step: int = _MAKER
    queue: list[int] = field(default_factory=list)
    forced: bool = False
    """The maker must go alone (``must_when`` holds)."""


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
        if action == A.ALONE:
            h.alone.append(seat)
            side = next(side for side in h.sides if seat in side)
            out = h.inactive
            for partner in side:
                if partner != seat:
                    h.inactive |= 1 << partner
            if h.inactive != out:
                s.log.append((SatOut, h.inactive))
            if x.step == _DEFENDERS:
                x.queue = []
        if x.queue:
            s.current = x.queue[0]
        elif x.step == _MAKER:
            self._ask_defenders(s)
        else:
            s.advance()

    def reason(self, s: Table, action: int) -> Refused:
        x = AloneScratch.of(s.hand)
        who = "the maker" if x.step == _MAKER else "a defender"
        if x.forced and x.step == _MAKER and self.must is not None:
            kind = Refusal.MAY_NOT_PASS if action == A.PASS else Refusal.WRONG_PHASE
            return Refused(kind, f"the maker must go alone here ({_must_words(self.must.text)})"
                           ": say alone")
        return Refused(Refusal.WRONG_PHASE, f"{who} now says whether he goes alone: alone or "
                       "pass")

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


def _must_words(text: str) -> str:
    if text.strip() == "ordered_partner":
        return "he ordered up his partner, the dealer (STD-A13)"
    return f"`{text}`"


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
    return {**space, "exposed": True} if config.exposed else space


_ALONE_AT = 4.2  # near-certain march
_DEFEND_ALONE_AT = 4.0


def decide(tools: BotTools, view: View, legal: list[int]) -> int:
    """The heuristic bot goes alone with a near-certain march (or when it must)."""
    if A.PASS not in legal:
        return A.ALONE
    est = tools.strength(view.hand, view.trump)
    if view.maker == tools.seat:
        return A.ALONE if est >= _ALONE_AT else A.PASS
    return A.ALONE if est >= _DEFEND_ALONE_AT else A.PASS


def _offers(variant: Variant, legal: list[str]) -> list[str]:
    return ["go alone"] if "alone" in legal else []


# -- the rule book -------------------------------------------------------------------------

def book(v: Variant, alone: GoAloneRules) -> list[Rule]:
    """The rule book: whether the maker may go alone, when he decides, and whether a defender may.

    >>> from engine import load_variant
    >>> v = load_variant("standard")
    >>> book(v, v.rules(GoAloneRules))[-1].text
    'A defender may not go alone (STD-A9).'
    """
    has_dummy = "dummy_merge" in v.flow
    lines: list[Rule] = []
    if alone.maker:
        if v.sides.kind == "teams":
            sits_out = "his partner lays his cards face down and sits the hand out"
        else:
            sits_out = "he gives up the dummy, which is set aside unseen (CTD-A13)"
        lines.append(Rule(text=f"Once trump is fixed, the maker may go alone: {sits_out}.",
                          alternative=f"{setting('go_alone.maker', 'false')} forbids it."))
    else:
        lines.append(Rule(text="The maker may not go alone.",
                          alternative=f"{setting('go_alone.maker', 'true')} allows it."))
    if has_dummy and v.flow.index("go_alone") < v.flow.index("dummy_merge"):
        lines.append(Rule(text="The maker decides before he sees the dummy (CTD-A14)."))
    if alone.must_when is not None:
        lines.append(Rule(text=f"The maker must go alone when {_must_words(alone.must_when.text)}."
                          , alternative="Without `go_alone.must_when` he never must."))
    if alone.exposed:
        lines.append(Rule(text="A lone maker lays his hand face up for all to see, and the "
                          "opponent at his left chooses each card it plays, following suit "
                          "when it can; the table scores it by its `exposed` rows (STD-A17).",
                          alternative="Without `go_alone.exposed` the loner plays his own "
                          "cards, unseen."))
    lines.append(_defender_rule(alone))
    return lines


def _defender_rule(alone: GoAloneRules) -> Rule:
    if not alone.defender:
        return Rule(text="A defender may not go alone (STD-A9).",
                    alternative=f"{setting('go_alone.defender', 'true')} lets one defender "
                    "go alone.")
    against = ("Against a lone maker, one defender" if alone.defender_needs_lone_maker
               else "Then one defender")
    start = ("the maker's left" if alone.defender_order == "maker_left"
             else "the dealer's left")
    other_start = "eldest" if alone.defender_order == "maker_left" else "maker_left"
    need = ("" if alone.defender_needs_lone_maker else
            " This is allowed whether or not the maker is alone.")
    need_alt = (f"{setting('go_alone.defender_needs_lone_maker', 'false')} allows it against "
                "any maker" if alone.defender_needs_lone_maker else
                f"{setting('go_alone.defender_needs_lone_maker', 'true')} allows it only "
                "against a lone maker (RAIL-A2)")
    return Rule(text=f"{against} may also go alone; his partner sits the hand out. The "
                f"defenders are asked in turn clockwise from {start}, and the first to say so "
                f"plays alone (CTD-A8).{need}",
                alternative=f"{need_alt}; {setting('go_alone.defender_order', other_start)} "
                "asks the defenders in the other order.")


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
