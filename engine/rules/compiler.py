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
from collections.abc import Mapping
from typing import Any

from engine.core import cards as C
from engine.core.errors import ExpressionError, Location, VariantError
from engine.rules.expressions import CompiledExpression, Type, compile_expression
from engine.rules.resolved import Resolved
from engine.rules.scoring import OutcomeSpace, ScoreRow, ScoringTable, award_scope, when_scope
from engine.rules.scoring_checks import table_errors
from engine.rules.variant import (
    Auction,
    DealerPickup,
    DealerRules,
    DealRules,
    Deck,
    DummyMerge,
    GameRules,
    GoAlone,
    NameTrump,
    PlayRules,
    Renege,
    Sides,
    Swap,
    TopBid,
    UpcardBidding,
    Variant,
)
from engine.rules.yamlsource import Path_

__all__ = ["compile_variant"]

_TRUMP_PHASES = ("upcard_bidding", "name_trump")
_DEAL_SETTINGS: tuple[Path_, ...] = (
    ("deal", "hand_size"), ("deck", "size"), ("deck", "jokers"), ("deal", "extra_hands"),
    ("deal", "upcard"), ("players",),
)
"""What decides whether the deal fits the deck; the hand size is blamed when in doubt."""


class _Compiler:
    def __init__(self, resolved: Resolved, *, allow_dead_rows: bool) -> None:
        self.r = resolved
        self.allow_dead_rows = allow_dead_rows
        self.d: dict[str, Any] = resolved.data
        self.errors: list[VariantError] = []

    # -- error helpers ---------------------------------------------------------------------

    def fail(self, message: str, path: Path_, hint: str = "", *, key: bool = False) -> None:
        self.errors.append(
            VariantError(message, location=self.r.locate(path, key=key), path=path, hint=hint)
        )

    def expr(
        self, value: Any, scope: Mapping[str, Type], expected: Type, path: Path_
    ) -> CompiledExpression | None:
        try:
            return compile_expression(value, scope, expected=expected)
        except ExpressionError as exc:
            where = self.r.locate(path)
            if isinstance(value, str) and path in self.r.inline:
                line, column = self.r.inline[path]
                where = Location(where.file, line, column + exc.column - 1)
            self.errors.append(VariantError(exc.message, location=where, path=path,
                                            hint=exc.hint, excerpt=exc.caret()))
            return None

    def cause(self, settings: tuple[Path_, ...]) -> Path_:
        """The first of ``settings`` (which together cause a problem) that the file being
        checked writes itself: where a child's change broke what it inherited. The first
        setting when the file writes none of them."""
        return next((p for p in settings if self.r.written_here(p)), settings[0])

    def inherited(self, settings: tuple[Path_, ...], blame: Path_) -> str:
        """Where the inherited ones among ``settings`` come from, for the message of an error
        located at ``blame``."""
        return "".join(self.r.origin(p) for p in settings if p != blame)

    # -- sections --------------------------------------------------------------------------

    def sides(self, players: int) -> Sides:
        spec = self.d["sides"]
        kind = spec["kind"]
        if kind != "teams":
            if "teams" in spec:
                self.fail("`teams` is only used with `kind: teams`", ("sides", "teams"),
                          "remove `teams`, or set `kind: teams`", key=True)
            return Sides(kind=kind, teams=tuple((s,) for s in range(players)))
        if "teams" not in spec:
            if players % 2:
                self.fail(f"{players} players cannot form two teams", ("sides", "kind"),
                          "use `kind: individual` or `maker_vs_rest`, or list `teams`")
                return Sides(kind=kind, teams=tuple((s,) for s in range(players)))
            return Sides(kind=kind, teams=tuple(
                tuple(s for s in range(players) if s % 2 == t) for t in range(2)))
        teams = tuple(tuple(team) for team in spec["teams"])
        seats = sorted(s for team in teams for s in team)
        if seats != list(range(players)):
            self.fail(f"the teams {[list(t) for t in teams]} must hold each of the seats 0 to "
                      f"{players - 1} exactly once", ("sides", "teams"))
        return Sides(kind=kind, teams=teams)

    def deck(self) -> Deck:
        spec = self.d["deck"]
        mask = C.deck_mask(spec["size"], spec["jokers"])
        return Deck(size=spec["size"], jokers=spec["jokers"], mask=mask,
                    cards=tuple(C.cards_of(mask)))

    def dealer(self, deck: Deck) -> DealerRules:
        spec = self.d["dealer"]
        ranking = tuple(C.RANK_NAMES.index(r) for r in spec["draw"]["ranking"])
        if spec["first"] == "draw":
            missing = sorted({C.rank_of(c) for c in deck.cards if c != C.JOKER} - set(ranking))
            if missing:
                names = ", ".join(C.RANK_NAMES[r] for r in missing)
                self.fail(f"the draw ranking leaves out ranks in the deck: {names}",
                          ("dealer", "draw", "ranking"), "list every rank of the deck")
        return DealerRules(first=spec["first"], draw_ranking=ranking,
                           draw_dealer=spec["draw"]["dealer"],
                           draw_partners=spec["draw"]["partners"])

    def deal(self, players: int, deck: Deck) -> DealRules:
        spec = self.d["deal"]
        size = spec["hand_size"]
        extras = tuple(hand["name"] for hand in spec["extra_hands"])
        if len(set(extras)) != len(extras):
            self.fail("two extra hands have the same name", ("deal", "extra_hands"))
        positions = players + len(extras)
        needed = positions * size + (1 if spec["upcard"] else 0)
        if needed > len(deck.cards):
            upcard = " and 1 upcard" if spec["upcard"] else ""
            blame = self.cause(_DEAL_SETTINGS)
            self.fail(
                f"the deal needs {needed} cards ({positions} hands of {size}{upcard}) but the "
                f"deck has {len(deck.cards)}{self.inherited(_DEAL_SETTINGS[:2], blame)}", blame,
                "use a bigger deck (`deck.size`), fewer cards per hand, or fewer extra hands",
            )
        packets: tuple[tuple[int, ...], ...]
        if spec["packets"] == "one_at_a_time":
            packets = tuple((1,) * positions for _ in range(size))
        else:
            packets = tuple(tuple(row) for row in spec["packets"])
            for i, row in enumerate(packets):
                if len(row) != positions:
                    self.fail(f"round {i + 1} of the packets has {len(row)} sizes but there are "
                              f"{positions} positions to deal to", ("deal", "packets", i),
                              "give one packet size per seat and extra hand, from eldest")
            if all(len(row) == positions for row in packets):
                for pos in range(positions):
                    total = sum(row[pos] for row in packets)
                    if total != size:
                        self.fail(f"the packets give position {pos} {total} cards, but a hand "
                                  f"has {size}", ("deal", "packets"),
                                  "each position's packets must add up to `hand_size`")
                        break
        return DealRules(hand_size=size, extra_hands=extras, packets=packets,
                         upcard=spec["upcard"], positions=positions)

    def flow(self, deal: DealRules) -> tuple[str, ...]:
        flow = tuple(self.d["flow"])
        at = ("flow",)

        def where(phase: str) -> Path_:
            return (*at, flow.index(phase)) if phase in flow else at

        if flow[0] != "deal":
            self.fail("the flow must start with `deal`", (*at, 0))
        if flow[-2:] != ("play", "score"):
            self.fail("the flow must end with `play, score`", at)
        bidding = [p for p in ("upcard_bidding", "auction") if p in flow]
        if len(bidding) != 1:
            self.fail("the flow needs exactly one of `upcard_bidding` and `auction`", at,
                      "upcard_bidding: order up / name a suit; auction: bid tricks")
        if "auction" in flow and "name_trump" not in flow:
            self.fail("after an `auction` the flow needs `name_trump`", where("auction"))
        if "name_trump" in flow and "auction" not in flow:
            self.fail("`name_trump` follows an `auction`", where("name_trump"))
        order = {phase: i for i, phase in enumerate(flow)}
        trump_at = min((order[p] for p in _TRUMP_PHASES if p in order), default=None)
        for phase in ("dealer_pickup", "go_alone", "dummy_merge"):
            if phase in order and trump_at is not None and order[phase] < trump_at:
                self.fail(f"`{phase}` must come after trump is chosen", where(phase))
        if "name_trump" in order and order["name_trump"] < order.get("auction", 0):
            self.fail("`name_trump` must come after the `auction`", where("name_trump"))
        if "dealer_pickup" in flow and "upcard_bidding" not in flow:
            self.fail("`dealer_pickup` needs `upcard_bidding`", where("dealer_pickup"))
        if "upcard_bidding" in flow and not deal.upcard:
            self.fail("`upcard_bidding` needs an upcard", ("deal", "upcard"),
                      "set `deal.upcard: true`")
        if "dummy_merge" in flow and "dummy" not in deal.extra_hands:
            self.fail("`dummy_merge` needs a dummy hand", ("deal", "extra_hands"),
                      "add `extra_hands: [{name: dummy}]` to `deal`")
        return flow

    def upcard_bidding(self) -> UpcardBidding:
        spec = self.d["upcard_bidding"]
        return UpcardBidding(
            rounds=spec["rounds"],
            exclude_turned_down=spec["exclude_turned_down"],
            stick_the_dealer=spec["stick_the_dealer"],
            stuck_dealer_may_name_turned_down=spec["stuck_dealer_may_name_turned_down"],
            joker_upcard=spec["joker_upcard"],
            joker_upcard_suit=C.parse_suit(spec["joker_upcard_suit"]),
        )

    def auction(self, deal: DealRules) -> Auction:
        spec = self.d["auction"]
        at = ("auction",)
        bids = tuple(spec["bids"])
        if list(bids) != sorted(bids):
            self.fail("list the bids from lowest to highest", (*at, "bids"))
        if bids and bids[-1] > deal.hand_size:
            settings: tuple[Path_, ...] = ((*at, "bids"), ("deal", "hand_size"))
            blame = self.cause(settings)
            self.fail(f"a bid of {bids[-1]} tricks cannot be made with {deal.hand_size} tricks "
                      f"in a hand{self.inherited(settings, blame)}", blame,
                      "bids must fit `deal.hand_size`")
        top = None
        if "top_bid" in spec:
            raw = spec["top_bid"]
            tricks = raw.get("tricks", deal.hand_size)
            if tricks > deal.hand_size:
                self.fail(f"the top bid contracts for {tricks} tricks but a hand has "
                          f"{deal.hand_size}", (*at, "top_bid", "tricks"))
            if bids and tricks < bids[-1]:
                self.fail("the top bid must be worth at least the highest numeric bid",
                          (*at, "top_bid", "tricks"))
            if raw["name"] in ("pass", "swap", *award_scope(self._space(deal, None, None))):
                self.fail(f"the top bid cannot be called {raw['name']!r}", (*at, "top_bid", "name"))
            top = TopBid(name=raw["name"], tricks=tricks, label=raw.get("label", raw["name"]))
        swap = None
        if "swap" in spec:
            raw = spec["swap"]
            if raw["hand"] not in deal.extra_hands:
                self.fail(f"there is no {raw['hand']} hand to swap with", (*at, "swap", "hand"),
                          f"add `{{name: {raw['hand']}}}` to `deal.extra_hands`")
            swap = Swap(hand=raw["hand"], blind=raw["blind"], per_deal=raw["per_deal"])
        return Auction(bids=bids, top_bid=top, turns=spec["turns"], first=spec["first"],
                       swap=swap)

    def go_alone(self, sides: Sides, flow: tuple[str, ...]) -> GoAlone:
        spec = self.d["go_alone"]
        at = ("go_alone",)
        team_sizes = {len(t) for t in sides.teams}
        partnered = sides.kind == "maker_vs_rest" or max(team_sizes) > 1
        has_partner = partnered and sides.kind == "teams"
        if spec["maker"] and not has_partner and "dummy_merge" not in flow:
            self.fail("a maker can only go alone when he has a partner or a dummy to give up",
                      (*at, "maker"), "set `maker: false`, or add `dummy_merge` to the flow")
        if spec["defender"] and not partnered:
            self.fail("a defender can only go alone when the defenders play together",
                      (*at, "defender"), "set `defender: false`")
        return GoAlone(maker=spec["maker"], defender=spec["defender"],
                       defender_needs_lone_maker=spec["defender_needs_lone_maker"],
                       defender_order=spec["defender_order"])

    def _space(self, deal: DealRules, alone: GoAlone | None, auction: Auction | None
               ) -> OutcomeSpace:
        top = auction.top_bid if auction else None
        return OutcomeSpace(
            hand_size=deal.hand_size,
            maker_alone=bool(alone and alone.maker),
            defender_alone=bool(alone and alone.defender),
            defender_needs_lone_maker=bool(alone and alone.defender_needs_lone_maker),
            bids=auction.bids if auction else (),
            top_name=top.name if top else "",
            top_tricks=top.tricks if top else 0,
        )

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
        spec = self.d["game"]
        if table is not None and table.best_award() <= 0:
            self.fail("no hand can score points, so the target can never be reached",
                      ("game", "target"), "give some row of the scoring table positive points")
        return GameRules(target=spec["target"], tie=spec["tie"], max_hands=spec["max_hands"])

    def renege(self) -> Renege | None:
        spec = self.d["penalties"]["renege"]
        at = ("penalties", "renege")
        scope = {"alone": Type.BOOL}
        offender = self.expr(spec["offender"], scope, Type.INT, (*at, "offender"))
        opponents = self.expr(spec["opponents"], scope, Type.INT, (*at, "opponents"))
        if offender is None or opponents is None:
            return None
        return Renege(allowed=spec["allowed"], void_hand=spec["void_hand"], offender=offender,
                      opponents=opponents)

    # -- the whole -------------------------------------------------------------------------

    def build(self) -> Variant | None:
        d = self.d
        players = d["players"]
        sides = self.sides(players)
        deck = self.deck()
        dealer = self.dealer(deck)
        deal = self.deal(players, deck)
        flow = self.flow(deal)
        upcard = self.upcard_bidding() if "upcard_bidding" in flow else None
        auction = self.auction(deal) if "auction" in flow else None
        alone = self.go_alone(sides, flow) if "go_alone" in flow else None
        table = self.scoring(self._space(deal, alone, auction))
        game = self.game(table)
        renege = self.renege()
        if self.errors or table is None or renege is None:
            return None
        rules_json = json.dumps(d, sort_keys=True, separators=(",", ":"))
        return Variant(
            name=self.r.name,
            description=d["description"],
            path=self.r.file,
            players=players,
            sides=sides,
            deck=deck,
            dealer=dealer,
            flow=flow,
            deal=deal,
            upcard_bidding=upcard,
            dealer_pickup=(DealerPickup(mode=d["dealer_pickup"]["mode"])
                           if "dealer_pickup" in flow else None),
            auction=auction,
            name_trump=(NameTrump(no_trump=d["name_trump"]["no_trump"])
                        if "name_trump" in flow else None),
            go_alone=alone,
            dummy_merge=(DummyMerge(mode=d["dummy_merge"]["mode"])
                         if "dummy_merge" in flow else None),
            play=PlayRules(first_lead=d["play"]["first_lead"]),
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
