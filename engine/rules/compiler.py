"""Compiling schema-valid variant data into a frozen :class:`~engine.rules.variant.Variant`.

This is where the rules of the game are checked (the schema only checks shapes): the deck
holds enough cards for the deal, packets add up, the phases come in a workable order, bids fit
the hand, every expression compiles, the scoring table gives exactly one result for every
possible outcome, and the target can be reached. Every problem becomes a located
:class:`~engine.core.errors.VariantError`; the input data is never modified.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import cards as C
from engine.core.errors import ExpressionError, Location, VariantError
from engine.rules.deck_rules import count_words, suit_ranks
from engine.rules.expression_located import located_expression_error
from engine.rules.expressions import CompiledExpression, Scope, Type, compile_expression
from engine.rules.game_end import compile_game
from engine.rules.mechanic_rules import REGISTRY
from engine.rules.resolved import Resolved
from engine.rules.scoring import OutcomeSpace, ScoreRow, ScoringTable, award_scope, when_scope
from engine.rules.scoring_checks import penalty_errors, table_errors
from engine.rules.variant import (
    DealerRules,
    DealRules,
    Deck,
    DrawDealer,
    DrawJoker,
    DrawPartners,
    FirstDealer,
    GameRules,
    Renege,
    Sides,
    SidesKind,
    Variant,
)
from engine.rules.yamlsource import Path_

__all__ = ["compile_variant"]



class _FlowCheck:
    """What a mechanic's ``check_flow`` sees (:class:`~engine.rules.mechanic_rules.FlowCheck`)."""

    def __init__(self, compiler: _Compiler, flow: tuple[str, ...], *, makers: bool) -> None:
        self.compiler = compiler
        self.flow = flow
        self.makers = makers

    @property
    def deal(self) -> DealRules:
        return self.compiler.deal

    def where(self, phase: str) -> Path_:
        return ("flow", self.flow.index(phase)) if phase in self.flow else ("flow",)

    def fail(self, message: str, path: Path_, hint: str = "", *,
             also: tuple[Path_, ...] = ()) -> None:
        self.compiler.fail(message, path, hint, also=also)


class _Compiler:
    def __init__(self, resolved: Resolved, *, allow_dead_rows: bool) -> None:
        self.r = resolved
        self.allow_dead_rows = allow_dead_rows
        self.d: dict[str, Any] = resolved.data
        self.errors: list[VariantError] = []
        self._flow: tuple[str, ...] = tuple(self.d["flow"])
        self._sides: Sides | None = None
        self._deck: Deck | None = None
        self._deck_size = 0
        self._deal: DealRules | None = None

    # -- error helpers ---------------------------------------------------------------------

    def fail(self, message: str, path: Path_, hint: str = "", *, key: bool = False,
             also: tuple[Path_, ...] = ()) -> None:
        """A located error about the setting at ``path``. ``also``: the other settings that
        together with it cause the problem (a check across settings). The error is then at
        the first of them that the file being checked writes itself, the line whose change
        broke what it inherited (README: "for an inherited row the error is at the child's
        line that caused it"), and the message names where the inherited ones come from."""
        if also:
            settings = (path, *also)
            blame = self.cause(settings)
            message += self.inherited(settings, blame)
            if blame != path:
                path, key = blame, False
        self.errors.append(
            VariantError(message, location=self.r.locate(path, key=key), path=path, hint=hint)
        )

    def expr(
        self, value: Any, scope: Scope, expected: Type, path: Path_
    ) -> CompiledExpression | None:
        try:
            bowers = self._deck.bowers if self._deck is not None else True
            return compile_expression(value, scope, expected=expected, bowers=bowers)
        except ExpressionError as exc:
            self.errors.append(located_expression_error(self.r, exc, value, path))
            return None

    def cause(self, settings: tuple[Path_, ...]) -> Path_:
        """The first of ``settings`` (which together cause a problem) that the file being
        checked writes itself: where a child's change broke what it inherited. The first
        setting when the file writes none of them."""
        return next((p for p in settings if self.r.written_here(p)), settings[0])

    def inherited(self, settings: tuple[Path_, ...], blame: Path_) -> str:
        """Where the first inherited one among ``settings`` (but ``blame``) comes from, for
        the message of an error located at ``blame``: the most likely partner in the
        problem (``settings`` are given most likely first)."""
        origins = (self.r.origin(p) for p in settings if p != blame)
        return next((o for o in origins if o), "")

    # -- sections --------------------------------------------------------------------------

    def compile_sides(self, players: int) -> Sides:
        spec = self.d["sides"]
        kind = SidesKind(spec["kind"])
        if kind is not SidesKind.TEAMS:
            if "teams" in spec:
                self.fail("`teams` is only used with `kind: teams`", ("sides", "teams"),
                          "remove `teams`, or set `kind: teams`", key=True)
            return Sides(kind=kind, teams=tuple((s,) for s in range(players)))
        if "teams" not in spec:
            if players % 2:
                self.fail(f"{players} players cannot form two teams", ("sides", "kind"),
                          "use `kind: individual` or `maker_vs_rest`, or list `teams`",
                          also=(("players",),))
                return Sides(kind=kind, teams=tuple((s,) for s in range(players)))
            return Sides(kind=kind, teams=tuple(
                tuple(s for s in range(players) if s % 2 == t) for t in range(2)))
        teams = tuple(tuple(team) for team in spec["teams"])
        seats = sorted(s for team in teams for s in team)
        if seats != list(range(players)):
            self.fail(f"the teams {[list(t) for t in teams]} must hold each of the seats 0 to "
                      f"{players - 1} exactly once", ("sides", "teams"), also=(("players",),))
        return Sides(kind=kind, teams=teams)

    def compile_deck(self) -> Deck:
        """The pack: ``size`` or ``ranks`` (DECK-A1), by suit where they differ (DECK-A6), one
        or two ``copies`` (DECK-A2), up to two jokers (DECK-A4), bowers or none (DECK-A5)."""
        spec = self.d["deck"]
        copies: int = spec.get("copies", 1)
        jokers: int = spec["jokers"]
        if "ranks" in spec:
            per_suit = suit_ranks(spec["ranks"], self.fail)
            count = sum(len(r) for r in per_suit)
            if (self.r.written_here(("deck", "size")) is not None
                    and spec["size"] != count):
                self.fail(f"`deck.size` is {spec['size']} but `deck.ranks` gives "
                          f"{count} cards ({count_words(per_suit)})",
                          ("deck", "size"), "leave `size` out when you list the ranks")
        else:
            ranks = list(C.RANK_ORDER[-(spec["size"] // 4):])  # 24: 9 to A ... 36: 6 to A
            per_suit = [ranks] * 4
        size = sum(len(r) for r in per_suit) * copies
        self._deck_size = size + jokers * copies  # as written, every copy counted
        if copies == 2:
            extra = sorted({C.rank_letter(r) for ranks in per_suit for r in ranks
                            if r not in C.DOUBLE_RANKS})
            if extra:
                where = ("deck", "ranks") if "ranks" in spec else ("deck", "size")
                self.fail(f"a double deck holds only ranks from 9 to A, not {', '.join(extra)}",
                          where, "use `size: 24`, or `ranks` among 9 T J Q K A, with "
                          "`copies: 2`", also=(("deck", "copies"),))
                copies = 1  # cards of one copy, to go on checking (the size counts both)
            if jokers == 2:
                self.fail("a double deck has one joker of each copy, not two jokers",
                          ("deck", "jokers"), "write `jokers: 1` (two identical jokers) or "
                          "leave out `copies: 2`", also=(("deck", "copies"),))
                jokers = 1
        mask = C.deck_of((), suit_ranks=per_suit, jokers=jokers, copies=copies)
        cards = sorted(C.cards_of(mask), key=_printed_order)
        return Deck(size=size, jokers=jokers * copies, mask=mask, cards=tuple(cards),
                    copies=copies, bowers=spec.get("bowers", True))

    def compile_dealer(self, deck: Deck) -> DealerRules:
        spec = self.d["dealer"]
        draw = spec["draw"]
        ranking = tuple(C.rank_index(r) for r in draw["ranking"])
        joker = DrawJoker(draw.get("joker", "out"))
        if spec["first"] == "draw":
            missing = sorted({C.rank_of(c) for c in deck.cards
                              if C.rank_of(c) != C.RANK_JOKER} - set(ranking))
            if missing:
                names = ", ".join(C.rank_letter(r) for r in missing)
                self.fail(f"the draw ranking leaves out ranks in the deck: {names}",
                          ("dealer", "draw", "ranking"),
                          "list every rank of the deck in `dealer.draw.ranking`",
                          also=(("deck", "size"), ("deck", "ranks"), ("dealer", "first")))
        if joker is not DrawJoker.OUT and not deck.jokers:
            self.fail(f"`dealer.draw.joker` is {joker.value} but the deck has no joker",
                      ("dealer", "draw", "joker"), "add `deck: {jokers: 1}`, or leave "
                      "`joker` out", also=(("deck", "jokers"),))
        return DealerRules(first=FirstDealer(spec["first"]), draw_ranking=ranking,
                           draw_dealer=DrawDealer(draw["dealer"]),
                           draw_partners=DrawPartners(draw["partners"]), draw_joker=joker)

    @property
    def flow(self) -> tuple[str, ...]:
        return self._flow

    def check_flow(self, *, makers: bool = True) -> tuple[str, ...]:
        """Check the flow against every registered mechanic's constraints (``makers``: some
        hand can have a maker; without one, no bidding phase is needed)."""
        flow = self._flow
        at: Path_ = ("flow",)
        check = _FlowCheck(self, flow, makers=makers)
        groups: dict[str, list[tuple[str, str]]] = {}
        for mechanic in REGISTRY:
            if mechanic.group is not None:
                groups.setdefault(mechanic.group[0], []).append((mechanic.key, mechanic.group[1]))
        for members in groups.values():
            count = sum(key in flow for key, _ in members)
            if count > 1 or (count == 0 and makers):  # none is needed when nobody can make
                names = " and ".join(f"`{key}`" for key, _ in members)
                self.fail(f"the flow needs exactly one of {names}", at,
                          "; ".join(f"{key}: {hint}" for key, hint in members))
        order = {phase: i for i, phase in enumerate(flow)}
        trump_at = min((order[m.key] for m in REGISTRY if m.chooses_trump and m.key in order),
                       default=None)
        for mechanic in REGISTRY:
            if mechanic.check_flow is not None:
                mechanic.check_flow(check)
            key = mechanic.key
            if (mechanic.after_trump and key in order and trump_at is not None
                    and order[key] < trump_at):
                self.fail(f"`{key}` must come after trump is chosen", check.where(key))
        return flow

    # -- what a mechanic's compile step reads (CompileContext) ------------------------------

    @property
    def data(self) -> dict[str, Any]:
        return self.d

    @property
    def players(self) -> int:
        players: int = self.d["players"]
        return players

    @property
    def sides(self) -> Sides:
        assert self._sides is not None
        return self._sides

    @property
    def deal(self) -> DealRules:
        assert self._deal is not None, "the deal mechanic compiles first"
        return self._deal

    def deck_cards(self) -> tuple[int, ...]:
        assert self._deck is not None
        return self._deck.cards

    def deck_size(self) -> int:
        return self._deck_size

    def award_names(self) -> Sequence[str]:
        return tuple(award_scope(OutcomeSpace(
            hand_size=self.deal.hand_size, maker_alone=False, defender_alone=False,
            defender_needs_lone_maker=False)))

    def locate(self, path: Path_) -> Location:
        return self.r.locate(path)

    def _space(self, configs: Mapping[str, object]) -> OutcomeSpace:
        fields: dict[str, Any] = {
            "hand_size": self.deal.hand_size, "maker_alone": False, "defender_alone": False,
            "defender_needs_lone_maker": False,
        }
        for key, config in configs.items():
            space = REGISTRY.get(key).space
            if space is not None:
                fields.update(space(config))
        return OutcomeSpace(**fields)

    def scoring(self, space: OutcomeSpace) -> ScoringTable | None:
        at: Path_ = ("scoring", "table")
        when, award = when_scope(space), award_scope(space)
        rows: list[ScoreRow] = []
        for i, raw in enumerate(self.d["scoring"]["table"]):
            here = (*at, i)
            cond = self.expr(raw["when"], when, Type.BOOL, (*here, "when"))
            makers = self.expr(raw["makers"], award, Type.INT, (*here, "makers"))
            defenders = self.expr(raw["defenders"], award, Type.INT, (*here, "defenders"))
            if cond and makers and defenders:
                rows.append(ScoreRow(index=i, when=cond, makers=makers, defenders=defenders,
                                     label=raw.get("label", "")))
        if len(rows) != len(self.d["scoring"]["table"]):
            return None
        table, errors = table_errors(self.r, tuple(rows), space,
                                     allow_dead_rows=self.allow_dead_rows)
        self.errors.extend(errors)
        return table

    def game(self, table: ScoringTable | None) -> GameRules:
        return compile_game(self.d["game"], table=table, fail=self.fail,
                            written=lambda key: self.r.written_here(
                                ("game", *key.split("/"))) is not None)

    def renege(self) -> Renege | None:
        spec = self.d["penalties"]["renege"]
        at = ("penalties", "renege")
        scope = {"alone": Type.BOOL}
        offender = self.expr(spec["offender"], scope, Type.INT, (*at, "offender"))
        opponents = self.expr(spec["opponents"], scope, Type.INT, (*at, "opponents"))
        if offender is None or opponents is None:
            return None
        bound = penalty_errors(self.r, at, offender=offender, opponents=opponents)
        if bound:
            self.errors.extend(bound)
            return None
        correct = spec.get("correct", "never") == "before_turned"
        if correct and not spec["allowed"]:
            self.fail("a renege can be taken back only where reneging is allowed",
                      (*at, "correct"), "write `allowed: true` beside it, or remove `correct`",
                      also=((*at, "allowed"),))
        elif correct and self.d["deck"].get("jokers"):
            self.fail("taking back a renege is not built for joker decks (RENEGE-A1)",
                      (*at, "correct"), "remove `correct`", also=(("deck", "jokers"),))
        return Renege(allowed=spec["allowed"], void_hand=spec["void_hand"], offender=offender,
                      opponents=opponents, correct=correct)

    # -- the whole -------------------------------------------------------------------------

    def build(self) -> Variant | None:
        d = self.d
        players = d["players"]
        sides = self._sides = self.compile_sides(players)
        deck = self._deck = self.compile_deck()
        dealer = self.compile_dealer(deck)
        configs: dict[str, object] = {}
        for mechanic in REGISTRY:
            if mechanic.compile is None or not (mechanic.required or mechanic.key in self._flow):
                continue
            config = mechanic.compile(self)
            if isinstance(config, DealRules):
                self._deal = config
            configs[mechanic.key] = config
        space = self._space(configs)
        flow = self.check_flow(makers=space.makers)
        table = self.scoring(space)
        game = self.game(table)
        renege = self.renege()
        if self.errors or table is None or renege is None:
            return None
        rules_json = json.dumps(d, sort_keys=True, separators=(",", ":"))
        return Variant(
            name=self.r.name,
            description=d["description"],
            path=self.r.file,
            source=d.get("source", ""),
            players=players,
            sides=sides,
            deck=deck,
            dealer=dealer,
            flow=flow,
            deal=self.deal,
            configs=configs,
            scoring=table,
            game=game,
            renege=renege,
            rules_json=rules_json,
            rules_hash=hashlib.sha256(rules_json.encode()).hexdigest()[:16],
        )


def compile_variant(
    resolved: Resolved, *, allow_dead_rows: bool = False,
) -> tuple[Variant | None, list[VariantError]]:
    """Compile merged, schema-valid data (defaults filled in) into a Variant, or list errors.

    ``allow_dead_rows`` accepts scoring rows that can never apply (harmless in play): a
    record's rules were valid when it was made, and it must still replay."""
    compiler = _Compiler(resolved, allow_dead_rows=allow_dead_rows)
    variant = compiler.build()
    return variant, compiler.errors


def _printed_order(c: int) -> tuple[int, int, int]:
    """A deck's cards in id order, the sixes (ids after the joker) first in their suit and
    the second copies after the first: an unshuffled deck reads like a printed one, and the
    decks without either keep their id order (a seeded shuffle deals what it dealt)."""
    first = C.original(c)
    if C.rank_of(first) == C.RANK_JOKER:
        return (4, 0, c)
    return (C.suit_of(first), C.RANK_ORDER.index(C.rank_of(first)), c)
