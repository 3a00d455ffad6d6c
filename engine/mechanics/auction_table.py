"""The bid table of ``auction`` (``auction.table``, C500-A1 to C500-A6): each bid has a rank
(its place in the auction), the tricks it contracts for, a value the scoring reads, and a
denomination: a suit, no-trump, low no-trump, misère or open misère (both no-trick contracts,
played alone by the bidder at no-trump), or none (the winner names trump after the auction).

A row is one bid, or a generator of bids: ``{tricks: [6, 10], denominations: [S, C, D, H, NT],
value: "40 + 100 * (tricks - 6) + 20 * denomination_index"}`` makes 25 bids, six spades lowest
and ten no-trump highest, ranked tricks first. A row that gives its ``rank`` takes that place in
the auction; the others fill the free places in the order written, so Five Hundred's misère
slips between eight spades and eight clubs with ``{rank: 12, denomination: misere, value: 250}``.

>>> [d.code for d in (Denomination.S, Denomination.NT, Denomination.MISERE)]
[3, 4, 6]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from engine.core import actions as A
from engine.core import cards as C
from engine.rules.expressions import Type
from engine.rules.mechanic_rules import REGISTRY
from engine.rules.scoring_names import DENOMINATION_NAMES

if TYPE_CHECKING:
    from engine.rules.mechanic_rules import CompileContext
    from engine.rules.yamlsource import Path_

__all__ = ["TABLE_SCHEMA", "Contract", "Denomination", "compile_contracts", "compile_table",
           "contract_rows", "table_words"]


class Denomination(StrEnum):
    """A bid's denomination: what its winner plays at."""

    S = "S"
    C = "C"
    D = "D"
    H = "H"
    NT = "NT"
    LNT = "LNT"
    MISERE = "misere"
    OPEN_MISERE = "open_misere"

    @property
    def code(self) -> int:
        """Its number in scoring expressions (``denomination == no_trump``): the engine's suit
        (clubs 0 to spades 3), no-trump 4, low no-trump 5, misère 6, open misère 7."""
        return _CODES[self]

    @property
    def no_trick(self) -> bool:
        return self in (Denomination.MISERE, Denomination.OPEN_MISERE)

    @property
    def trump(self) -> int:
        """The trump it fixes (a misère is played at no-trump)."""
        return C.NO_TRUMP if self.no_trick else min(self.code, C.LOW_NO_TRUMP)


_CODES = {Denomination.C: C.CLUBS, Denomination.D: C.DIAMONDS, Denomination.H: C.HEARTS,
          Denomination.S: C.SPADES, Denomination.NT: C.NO_TRUMP,
          Denomination.LNT: C.LOW_NO_TRUMP, Denomination.MISERE: DENOMINATION_NAMES["misere"],
          Denomination.OPEN_MISERE: DENOMINATION_NAMES["open_misere"]}
_WORDS = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts", "NT": "no-trump",
          "LNT": "low no-trump", "misere": "misère", "open_misere": "open misère"}


@dataclass(frozen=True, slots=True, kw_only=True)
class Contract:
    """One bid of the table, in rank order (``rank`` 1 is the lowest)."""

    rank: int
    name: str
    """How it is said: ``bid:6S`` (``6S``), ``bid:10N``, ``bid:7`` (no denomination: trump
    named after), ``bid:misere`` (a named bid)."""
    tricks: int
    value: int
    denomination: str
    """A :class:`Denomination` value, or empty: the winner names trump after the auction."""
    label: str
    alone: bool
    action: int
    settings: tuple[tuple[str, int | str], ...] = ()
    """Settings of other mechanics this bid fixes (``pass_cards.cards``: cards passed;
    ``play.first_lead``: who leads; ``kitty_exchange.seat``: who takes the kitty), a number
    or one of the setting's own choices."""
    only_over: tuple[str, ...] = ()
    """The bids it may be made over, when one of them is the high bid (empty: any lower)."""

    @property
    def trump(self) -> int:
        """The trump the bid fixes, or -1 (named after the auction)."""
        return Denomination(self.denomination).trump if self.denomination else -1

    @property
    def code(self) -> int:
        """``denomination`` in scoring expressions (-1: none)."""
        return Denomination(self.denomination).code if self.denomination else -1

    @property
    def no_trick(self) -> bool:
        return bool(self.denomination) and Denomination(self.denomination).no_trick

    @property
    def open(self) -> bool:
        """Open misère: the bidder's hand is shown to all once the first trick is led
        (C500-A3)."""
        return self.denomination == Denomination.OPEN_MISERE

    @property
    def named(self) -> bool:
        """Said by its name (``bid:misere``): a special bid's action."""
        return self.no_trick

    def words(self) -> str:
        """``6 spades``, ``10 no-trump``, ``7`` or the label of a named bid."""
        if self.named:
            return self.label
        return f"{self.tricks} {_WORDS[self.denomination]}" if self.denomination else \
            str(self.tricks)


_DENOMS = [d.value for d in Denomination]
_ROW = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "rank": {"type": "integer", "minimum": 1, "maximum": 64, "description": (
            "Its place in the auction, 1 the lowest; rows without one fill the free places "
            "in the order written. Ranks must run from 1 to the number of bids, each once.")},
        "tricks": {"description": (
            "Tricks it contracts for (misère: none, the default); `[6, 10]`: one bid for each "
            "number from 6 to 10."), "oneOf": [
                {"type": "integer", "minimum": 0, "maximum": 12},
                {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 12},
                 "minItems": 2, "maxItems": 2}]},
        "denomination": {"enum": _DENOMS, "description": (
            "What it is played at: a suit (S, C, D, H), no-trump (NT), low no-trump (LNT), "
            "misère or open misère (no tricks, alone, at no-trump). Left out: the winner names "
            "trump after the auction.")},
        "denominations": {"type": "array", "items": {"enum": _DENOMS[:6]}, "minItems": 1,
                          "uniqueItems": True, "description": (
                              "One bid in each, lowest first (with `tricks: [6, 10]`, "
                              "tricks first): `[S, C, D, H, NT]`.")},
        "value": {"description": (
            "Its value, which scoring reads as `value`: a number, or an expression of "
            "`tricks` and `denomination_index` (its place in `denominations`, from 0)."),
            "oneOf": [{"type": "integer", "minimum": 0, "maximum": 100000},
                      {"type": "string", "maxLength": 200}]},
        "name": {"type": "string", "pattern": "^[a-z][a-z_]{1,19}$", "description": (
            "The name a misère is said by (`bid:misere`). Default: its denomination.")},
        "label": {"type": "string", "maxLength": 40, "description": (
            "How players say it. Default: `6 spades`, or the misère's name in words.")},
        "alone": {"type": "boolean", "description": (
            "The bidder plays alone, his partner sitting out. Default: true for a misère in "
            "partnerships, else false.")},
        "only_over": {"type": "array", "minItems": 1, "uniqueItems": True,
                      "items": {"type": "string", "maxLength": 20}, "description": (
                          "It may be bid only when one of these bids of the table is the high "
                          "bid (`[7S, 7C, 7D, 7H, 7N]`: a misère only over a seven). Default: "
                          "over any lower bid.")},
        "settings": {"type": "object", "maxProperties": 8,
                     "propertyNames": {"pattern": "^[a-z_]+\\.[a-z_]+$"},
                     "additionalProperties": {"oneOf": [
                         {"type": "integer", "minimum": 0, "maximum": 12},
                         {"type": "string", "pattern": "^[a-z_]{1,20}$"}]},
                     "description": (
                         "Settings of other mechanics this bid fixes for the hand it wins, by "
                         "path, each a number or one of the setting's own choices: "
                         "`{pass_cards.cards: 2}` (the cards a lone bidder and his partner "
                         "pass; 0: none), `{play.first_lead: eldest}` (who leads the first "
                         "trick), `{kitty_exchange.seat: partner}` (the maker's partner takes "
                         "the kitty). Only the settings a mechanic lets a contract fix, of a "
                         "phase after the auction.")},
    },
}
TABLE_SCHEMA: dict[str, Any] = {"type": "array", "minItems": 1, "maxItems": 40, "items": _ROW}
"""The schema of ``auction.table`` (its description is the option's doc)."""
VALUE_SCOPE = {"tricks": Type.INT, "denomination_index": Type.INT}


def compile_table(ctx: CompileContext, raws: list[dict[str, Any]], at: Path_
                  ) -> tuple[Contract, ...]:
    """The table's bids in rank order, or () after a located error."""
    hand_size, teams = ctx.deal.hand_size, ctx.sides.kind == "teams"
    made: list[tuple[Path_, int | None, dict[str, Any]]] = []  # (where, rank, fields)
    specials = 0
    for i, raw in enumerate(raws):
        here: Path_ = (*at, i)
        denoms = raw.get("denominations", [raw.get("denomination", "")])
        tricks = raw.get("tricks", 0 if raw.get("denomination") in ("misere", "open_misere")
                         else None)
        if tricks is None:
            ctx.fail("a bid must say its tricks", here, "add `tricks: 6`, or "
                     "`tricks: [6, 10]` for a bid at each number")
            continue
        if "denominations" in raw and "denomination" in raw:
            ctx.fail("write `denomination` (one bid) or `denominations` (one bid in each), "
                     "not both", (*here, "denominations"))
            continue
        span = range(tricks[0], tricks[1] + 1) if isinstance(tricks, list) else [tricks]
        if isinstance(tricks, list) and tricks[0] > tricks[1]:
            ctx.fail("a range of tricks goes from the lower to the higher", (*here, "tricks"),
                     f"write `[{tricks[1]}, {tricks[0]}]`")
            continue
        if (len(span) > 1 or len(denoms) > 1) and ("rank" in raw or "name" in raw):
            ctx.fail("a row that makes several bids takes the free places in order: it has no "
                     "single `rank` or `name`", (*here, "rank" if "rank" in raw else "name"),
                     "write the bid that needs a place as a row of its own")
            continue
        if max(span) > hand_size:
            ctx.fail(f"a bid of {max(span)} tricks cannot be made with {hand_size} tricks in a "
                     "hand", (*here, "tricks"), also=(("deal", "hand_size"),))
            continue
        value = ctx.expr(raw.get("value", 0), VALUE_SCOPE, Type.INT, (*here, "value"))
        if value is None:
            continue
        settings = _settings(ctx, raw.get("settings", {}), (*here, "settings"))
        for n in span:
            for k, denom in enumerate(denoms):
                no_trick = denom in ("misere", "open_misere")
                if no_trick and n:
                    ctx.fail("a misère contracts for no tricks", (*here, "tricks"),
                             "remove `tricks`")
                if not no_trick and n == 0:
                    ctx.fail("a bid contracts for at least one trick", (*here, "tricks"))
                alone = raw.get("alone", no_trick and teams)
                if alone and not teams:
                    ctx.fail("a bid can be played alone only where partners play together",
                             (*here, "alone"), "remove `alone: true`, or use `sides: {kind: "
                             "teams}`", also=(("sides", "kind"),))
                points = value.evaluate({"tricks": n, "denomination_index": k})
                assert isinstance(points, int)
                if no_trick:
                    action, name = A.SPECIAL_BID + specials, raw.get("name", denom)
                    specials += 1
                elif denom:
                    trump = Denomination(denom).trump
                    action = A.BID_TRUMP + 8 * n + trump
                    name = f"{n}{C.trump_letter(trump)}"
                else:
                    action, name = A.BID + n, str(n)
                words = (_WORDS[denom] if name == denom else name.replace("_", " ")) \
                    if no_trick else (f"{n} {_WORDS[denom]}" if denom else str(n))
                made.append((here, raw.get("rank"), {
                    "name": name, "tricks": n, "value": points, "denomination": denom,
                    "label": raw.get("label", words), "alone": bool(alone), "action": action,
                    "settings": settings, "only_over": tuple(raw.get("only_over", ()))}))
    if specials > A.SPECIAL_BIDS:
        ctx.fail(f"a table has at most {A.SPECIAL_BIDS} named bids", at)
    return _ranked(ctx, made, at)


def _settings(ctx: CompileContext, raw: dict[str, int | str], at: Path_
              ) -> tuple[tuple[str, int | str], ...]:
    """A row's ``settings``: each a setting some mechanic of the flow after the auction lets
    a contract fix, with a value its own schema allows (a number in range, or one of its
    choices)."""
    known = set(REGISTRY.keys())
    allowed = {path for key in ctx.flow if key in known
               for path in REGISTRY.get(key).contract_settings}
    for path, value in raw.items():
        if path not in allowed:
            ctx.fail(f"a bid cannot fix `{path}`", (*at, path), "a contract may fix "
                     + (", ".join(f"`{p}`" for p in sorted(allowed)) or "no setting of this "
                        "flow's mechanics"), key=True)
            continue
        key, name = path.split(".", 1)
        if ctx.flow.index(key) < ctx.flow.index("auction"):
            ctx.fail(f"`{key}` comes before the auction: the contract is not known yet when "
                     f"it runs, so a bid cannot fix `{path}`", (*at, path),
                     f"put `{key}` after `auction` in the flow, or remove this setting",
                     key=True, also=(("flow",),))
            continue
        problem = _refused(REGISTRY.get(key).schema or {}, name, value)
        if problem:
            ctx.fail(f"`{path}: {value}` is not a value of `{path}`", (*at, path), problem)
    return tuple(sorted(raw.items()))


def contract_rows(ctx: CompileContext, path: str) -> list[tuple[Path_, int | str, bool]]:
    """For a mechanic's own checks of what a contract may fix: each row of the file's bid
    table that fixes ``path``, as ``(where its value is, the value, whether it is played
    alone)``."""
    table = ctx.data.get("auction", {}).get("table") or []
    out: list[tuple[Path_, int | str, bool]] = []
    for i, raw in enumerate(table):
        if path in raw.get("settings", {}):
            no_trick = raw.get("denomination") in ("misere", "open_misere")
            alone = raw.get("alone", no_trick and ctx.sides.kind == "teams")
            out.append((("auction", "table", i, "settings", path), raw["settings"][path],
                        bool(alone)))
    return out


def _refused(schema: Any, name: str, value: int | str) -> str:
    """Why the setting ``name`` of a block with ``schema`` cannot take ``value`` (empty: it
    can): not one of its choices, not a number, or out of its range (from 0: a bid may fix a
    count at none)."""
    field = schema.get("properties", {}).get(name, {})
    if "enum" in field:
        choices = ", ".join(f"`{c}`" for c in field["enum"])
        return "" if value in field["enum"] else f"it is one of {choices}"
    if field.get("type") == "integer":  # 0 too: none on this bid (``pass_cards.cards``)
        low, high = min(field.get("minimum", 0), 0), field.get("maximum", 12)
        if not isinstance(value, int) or not low <= value <= high:
            return f"it is a number from {low} to {high}"
    return ""


def _ranked(ctx: CompileContext, made: list[tuple[Path_, int | None, dict[str, Any]]],
            at: Path_) -> tuple[Contract, ...]:
    """The bids in rank order: the ranks written, then the free places in the order written;
    a rank written twice, or beyond the number of bids (a gap), is a located error."""
    count = len(made)
    places: dict[int, dict[str, Any]] = {}
    names: set[str] = set()
    ok = True
    for here, rank, fields in made:
        if fields["name"] in names:
            ctx.fail(f"the table has the bid {fields['name']} twice", here,
                     "each bid is one row: remove one, or give it another denomination or "
                     "name")
            ok = False
        names.add(fields["name"])
        if rank is None:
            continue
        if rank in places:
            ctx.fail(f"two bids have rank {rank}", (*here, "rank"),
                     "each rank is one place in the auction: give one of them another")
            ok = False
        elif rank > count:
            ctx.fail(f"rank {rank} leaves a gap: the table has {count} bids, ranked 1 to "
                     f"{count}", (*here, "rank"),
                     f"give it a rank from 1 to {count}, or add the bids that come between")
            ok = False
        places[rank] = fields
    if not ok:
        return ()
    free = (r for r in range(1, count + 1) if r not in places)
    for _, rank, fields in made:
        if rank is None:
            places[next(free)] = fields
    table = tuple(Contract(rank=r, **places[r]) for r in sorted(places))
    rank_of = {row.name: row.rank for row in table}
    for here, _, fields in made:
        row = table[[r.name for r in table].index(fields["name"])]
        for k, name in enumerate(row.only_over):
            if rank_of.get(name, count + 1) >= row.rank:
                lower = [r.name for r in table[:row.rank - 1]]
                ctx.fail(f"{row.name} may be bid only over a lower bid of the table, and {name} "
                         "is none", (*here, "only_over", k),
                         f"name bids ranked below it: {', '.join(lower[:8])}"
                         + (" ..." if len(lower) > 8 else ""))
    return table


def table_words(table: tuple[Contract, ...]) -> str:
    """The table as the rule book prints it, lowest first: ``6 spades 40, 6 clubs 60, ...``.

    >>> row = Contract(rank=1, name="6S", tricks=6, value=40, denomination="S",
    ...                label="6 spades", alone=False, action=0)
    >>> table_words((row,))
    '6 spades 40'
    """
    return ", ".join(f"{row.label} {row.value}" for row in table)


def compile_contracts(ctx: CompileContext, spec: dict[str, Any], bids: tuple[int, ...]
                      ) -> tuple[tuple[Contract, ...], str]:
    """``auction.table`` and ``auction.stuck_bid``, with what they may not be written with."""
    at: Path_ = ("auction",)
    table: tuple[Contract, ...] = ()
    if "table" in spec:
        for other, why in (("special_bids", "write a named bid as a row of the table"),
                           ("top_bid", "write a named bid as a row of the table"),
                           ("swap", "a bid table has no hand swap yet"),
                           ("trump_in_bid", "the table's denominations name trump")):
            if spec.get(other):
                ctx.fail(f"`{other}` cannot be used with a bid table", (*at, other), why)
        table = compile_table(ctx, spec["table"], (*at, "table"))
    stuck = str(spec.get("stuck_bid", ""))
    if stuck:
        names = [row.name for row in table] if "table" in spec else [str(b) for b in bids]
        if spec.get("all_pass") == "dealer_forced":
            ctx.fail("`stuck_bid` holds the dealer to one bid when all pass; "
                     "`all_pass: dealer_forced` lets him choose it", (*at, "stuck_bid"),
                     "remove one of them", also=((*at, "all_pass"),))
        elif names and stuck not in names:
            ctx.fail(f"the stuck bid {stuck} is not a bid of this auction", (*at, "stuck_bid"),
                     f"name one of {', '.join(names[:8])}{' ...' if len(names) > 8 else ''}")
    return table, stuck
