"""Phase ``declare``: before the first lead, a player may show his hand for points.

Once trump is made (and every exchange is done), just before the tricks, each active seat in
turn from the first to the dealer's left answers. A seat whose hand meets one of the
variant's ``shows`` (a hand condition such as ``count(hand, trump) == 5``, which may also read
``maker`` and ``alone``) may say ``declare:K`` (the K-th show, from 1): he shows the cards the
condition names, which every seat then sees (:attr:`View.declared`), and his fixed side
scores the show's ``points`` with the hand. Then, as the show says, the hand is played on
(``play``: he may declare another show first), or he claims every trick unplayed (``claim``:
the scoring table scores it as if he took them all), or the hand ends (``end``: only the
points count, and the deal passes). Every seat answers (``pass`` when it has nothing to
show or keeps it hidden), so that nobody learns who held a show from the order of play
(DECL-A1 to DECL-A3 in docs/ambiguities.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
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
    Scratch,
    ViewPart,
    Words,
    book_lines,
)
from engine.mechanics.events import Passed, ShowDeclared
from engine.rules.config_fields import Block, option, record_schema, required
from engine.rules.expressions import CompiledExpression, Given, Scope, Type
from engine.rules.expressions_cards import named_cards
from engine.rules.mechanic_rules import CompileContext, FlowCheck
from engine.rules.source_rows import KeyedList

if TYPE_CHECKING:
    from engine.mechanics.hand import Hand
    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.results import HandResult
    from engine.rules.variant import Variant

__all__ = ["DECLARE", "MECHANIC", "Declare", "DeclarePart", "DeclareResult", "DeclareRules",
           "DeclareScratch", "DeclareView", "Show", "Then", "shows_scored"]

DECLARE_KIND = A.declare_kind("declare", A.Arg.NUMBER)
DECLARE = DECLARE_KIND.base
"""``DECLARE + k`` declares the variant's k-th show (from 1): ``declare:1``."""

SCOPE: Scope = {"hand": Given.HAND, "trump": Given.TRUMP, "maker": Type.BOOL,
                "alone": Type.BOOL}
"""The names of a show's ``when``: the seat's hand and trump, whether the seat is on the
makers' side, and whether it plays alone."""


class Then(StrEnum):
    """What a declared show does to the hand."""

    PLAY = "play"
    CLAIM = "claim"
    END = "end"


@dataclass(frozen=True, slots=True, kw_only=True)
class Show:
    """One show a hand may declare."""

    label: str = required(doc="The show's name in narration and the rule book, e.g. "
                          "`a jamboree`.", schema={"type": "string", "minLength": 1,
                                                   "maxLength": 40})
    when: CompiledExpression = required(doc=(
        "The hands that may declare it, as a condition on `hand` (with "
        "`trump`, `bowers`, ...), `maker` (the seat is on the makers' "
        "side) and `alone` (it plays alone): e.g. `count(hand, trump) == "
        "5`. The cards the condition names are the cards shown."),
        schema={"type": ["string", "boolean"]})
    points: int = option(0, fill=False, minimum=0, maximum=100, doc=(
        "Points the declarer's side scores with the hand. Default 0."))
    then: Then = option(Then.PLAY, fill=False, doc=(
        "`play`: the hand is played on; `claim`: the declarer takes every "
        "trick unplayed and the scoring table scores the hand; `end`: the "
        "hand ends, only the points count. Default `play`."))
    shown: tuple[int, ...] = ()
    """The cards the condition names, one mask per trump index: what the declarer shows."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareRules:
    """Phase ``declare``."""

    shows: tuple[Show, ...] = option((), plain=False, required=True, doc=(
        "The shows a hand may declare, `declare:1` being the first."), schema={
            "type": "array", "minItems": 1, "maxItems": 12, "items": record_schema(Show)})


@dataclass(slots=True, kw_only=True)
class DeclareScratch(Scratch):
    """The seats still to answer, in order (the one answering first)."""

    queue: list[int] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class DeclarePart(Part):
    """The shows declared this hand."""

    declared: tuple[tuple[int, int, int], ...] = ()
    """The shows declared before the play, in order: (seat, show index, cards shown); every
    seat sees them."""


@dataclass(slots=True, kw_only=True)
class DeclareView(ViewPart):
    """The shows declared before the play, which every seat sees: (seat, show index from 0,
    the cards shown)."""

    declared: tuple[tuple[int, int, int], ...]


def _view(s: Table, seat: int) -> DeclareView:
    return DeclareView(declared=DeclarePart.of(s.hand).declared)


SHOWS = KeyedList(items="shows", key="label", edits="change_shows", add="add_shows",
                  noun="show", named="labelled", example="a jamboree", change="{points: 8}")
"""``declare.shows``, which a child file edits by label (``change_shows:``, ``add_shows:``,
AUTH-A3) as it edits the scoring table's rows."""


class Declare(Phase):
    """Show a hand for points, claim the tricks, or end the hand."""

    name = "declare"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules_of(DeclareRules)
        self.shows = rules.shows
        self.hand_size = variant.deal.hand_size

    def options(self, h: Hand, seat: int) -> list[int]:
        """The shows ``seat`` may declare now (action ids): those its hand meets and it has
        not declared yet."""
        env = {"hand": h.hands[seat], "trump": h.trump, "maker": seat in h.sides[0]
               if h.maker >= 0 else False, "alone": seat in h.alone}
        done = {k for who, k, _ in DeclarePart.of(h).declared if who == seat}
        return [DECLARE + k + 1 for k, show in enumerate(self.shows)
                if k not in done and show.when.evaluate(env)]

    def start(self, s: Table) -> None:
        h = s.hand
        n = self.players
        order = [seat for seat in ((s.dealer + k) % n for k in range(1, n + 1)) if h.active(seat)]
        h.scratch = DeclareScratch(queue=order)
        s.current = order[0]

    def legal(self, s: Table) -> list[int]:
        return [A.PASS, *self.options(s.hand, s.current)]

    def apply(self, s: Table, action: int) -> None:
        h = s.hand
        x = DeclareScratch.of(h)
        seat = s.current
        if action == A.PASS:
            s.log.append((Passed, seat, self.name))
        else:
            k = action - DECLARE - 1
            show = self.shows[k]
            trump = h.trump if h.trump >= 0 else C.NO_TRUMP
            part = DeclarePart.of(h)
            part.declared = (*part.declared, (seat, k, h.hands[seat] & show.shown[trump]))
            s.log.append((ShowDeclared, seat, k, part.declared[-1][2], h.trump))
            if show.then is not Then.PLAY:
                if show.then is Then.CLAIM:  # every trick his, unplayed (DECL-A2)
                    h.tricks_won[seat] += self.hand_size
                s.phase_i += 1  # the flow's next phase is `play` (see _check_flow): skip it
                s.advance()
                return
            if self.options(h, seat):
                return  # he may declare another show before he passes
        x.queue.pop(0)
        if not x.queue:
            s.advance()
            return
        s.current = x.queue[0]

    def reason(self, s: Table, action: int) -> Refused:
        if DECLARE < action <= DECLARE + len(self.shows):
            return Refused(Refusal.HAND_NOT_MET,
                           "your hand does not meet that show (or you declared it already)")
        return Refused(Refusal.WRONG_PHASE,
                       "declare a show your hand meets, or pass")

    def describe(self, s: Table) -> str:
        return "declare or pass"


def shows_scored(variant: Variant, h: Hand, deltas: list[int]) -> str:
    """Add the declared shows' points to ``deltas`` (each seat of the declarer's fixed side).
    A show that ended the hand (``then: end``) leaves nothing else to score: ``deltas`` is
    zeroed first and its label returned ('' when the hand was played or claimed)."""
    rules = variant.rules_of(DeclareRules)
    shows = [(seat, rules.shows[k]) for seat, k, _ in DeclarePart.of(h).declared]
    ended = next((show.label for _, show in shows if show.then is Then.END), "")
    if ended:
        deltas[:] = [0] * len(deltas)
    for seat, show in shows:
        for member in variant.sides.side_of(seat):
            deltas[member] += show.points
    return ended


def _check(ctx: CompileContext, rules: DeclareRules) -> DeclareRules:
    spec = ctx.data.get("declare", {})
    shows = []
    for k, item in enumerate(spec.get("shows", ())):
        at = ("declare", "shows", k)
        when = ctx.expr(item["when"], SCOPE, Type.BOOL, (*at, "when"))
        then = Then(item.get("then", Then.PLAY.value))
        points = item.get("points", 0)
        if any(other["label"] == item["label"] for other in spec["shows"][:k]):
            ctx.fail(f"two shows are labelled `{item['label']}`", (*at, "label"),
                     "give each show its own label: narration, the rule book and "
                     "`change_shows` name a show by it")
        if then is Then.PLAY and points == 0:
            ctx.fail(f"the show `{item['label']}` scores nothing and the hand is played on: "
                     "declaring it would change nothing", (*at, "points"),
                     "give it `points:`, or `then: claim` or `then: end`")
        if when is None:
            continue
        shows.append(Show(label=item["label"], when=when, points=points, then=then,
                          shown=named_cards(when.tree)))
    return replace(rules, shows=tuple(shows))


BLOCK = Block(key="declare", record=DeclareRules, check=_check, fill=False, doc=(
    "Phase `declare`, after trump is made and just before the tricks: a player whose "
    "hand meets a show's condition may show it, for points, to claim every trick, or to "
    "end the hand."))


def _check_flow(check: FlowCheck) -> None:
    flow = check.flow
    if "declare" in flow and flow[flow.index("declare") + 1] != "play":
        check.fail("`declare` comes just before `play`, once trump is made and every exchange "
                   "is done", check.where("declare"), "move `declare` to just before `play`")


def decide(tools: BotTools, view: View, legal: list[int]) -> int:
    """The heuristic bot declares every show its hand meets (the highest listed first): a
    show scores, or ends the hand on the declarer's terms."""
    return max(legal)


def book(v: Variant, rules: DeclareRules) -> list[Rule]:
    """The rule book: who may declare what, and what it does.

    >>> from engine import load_variant
    >>> v = load_variant("railroad-jamboree")
    >>> book(v, v.rules(DeclareRules))[1].text[:38]
    'A player holding `count(hand, JOKER or'
    """
    lines = [Rule(text="Once trump is made, before the first lead, every player in turn from "
                  "the dealer's left may declare a show his hand meets, showing the cards it "
                  "names, or pass; everyone answers, so a pass tells nothing (DECL-A1).")]
    for k, show in enumerate(rules.shows):
        what = {Then.PLAY: "and the hand is played on",
                Then.CLAIM: "and takes every trick without playing them (DECL-A2)",
                Then.END: "and the hand ends there: nothing else is scored (DECL-A3)"}
        points = f"scores {show.points} for his side " if show.points else ""
        lines.append(Rule(text=f"A player holding `{show.when.text}` may declare "
                          f"{show.label} (`declare:{k + 1}`): he {points}{what[show.then]}."))
    return lines


def _offers(variant: Variant, legal: list[str]) -> list[str]:
    rules = variant.rules_of(DeclareRules)
    return [f"declare {rules.shows[int(name.partition(':')[2]) - 1].label}"
            for name in legal if name.startswith("declare:")]


Declared = tuple[tuple[int, str, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareResult(ResultPart):
    """The shows declared before the play, kept under ``declare`` when there were some: (seat,
    the show's label, the cards shown).

    >>> DeclareResult(declared=((1, "a jamboree", ("JD", "JH")),)).to_json()
    {'declared': [[1, 'a jamboree', ['JD', 'JH']]]}
    """

    declared: Declared

    def to_json(self) -> dict[str, Any]:
        return {"declared": [[seat, label, list(cards)] for seat, label, cards in self.declared]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DeclareResult:
        return cls(declared=tuple((int(seat), str(label), tuple(str(c) for c in cards))
                                  for seat, label, cards in data["declared"]))

    @classmethod
    def from_flat(cls, data: Mapping[str, Any]) -> DeclareResult | None:
        return cls.from_json(data) if data.get("declared") else None

    def shown(self) -> tuple[str, ...]:
        return tuple([card for _, _, cards in self.declared for card in cards])

    def notes(self, variant: Variant, record: HandResult, seat: Callable[[int], str]
              ) -> list[str]:
        return [f"{seat(who)} declared {label}." for who, label, _ in self.declared]


def _result(s: Table) -> DeclareResult | None:
    declared = DeclarePart.of(s.hand).declared
    if not declared:
        return None
    rules = s.variant.rules_of(DeclareRules)
    return DeclareResult(declared=tuple([(seat, rules.shows[k].label, tuple(C.names(cards)))
                                         for seat, k, cards in declared]))


def _verb(variant: Variant, kind: str, arg: str) -> str | None:
    """``declares a jamboree``: a show by its label."""
    rules = variant.rules(DeclareRules)
    if kind != "declare" or rules is None or not arg.isdigit() or \
            not 0 < int(arg) <= len(rules.shows):
        return None
    return f"declares {rules.shows[int(arg) - 1].label}"


MECHANIC = Mechanic(
    key="declare", phase=Declare, schema=BLOCK.schema, config=DeclareRules,
    compile=BLOCK.compile, check_flow=_check_flow, after_trump=True, kinds=(DECLARE_KIND,),
    words=Words(verbs={"declare": "declares show {arg}", "pass": "passes"},
                prompt="{offers}", offers=_offers, title="Shows declared before the play",
                rules=book_lines(DeclareRules, book), verb=_verb),
    decide=decide, block=BLOCK, result=ResultHook(part=DeclareResult, build=_result),
    part=DeclarePart, view=_view, keyed_lists=(SHOWS,),
    batch="engine.mechanics.declare_batch:Declare",
)
