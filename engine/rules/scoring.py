"""The scoring table: outcomes of a hand, the names expressions may use, and the awards.

A hand's *outcome* is what the table looks at: how many tricks the makers took, who played
alone, and (in auction games) the winning bid. The compiler enumerates every possible outcome
and checks that exactly one row applies to each (:func:`check_table`), so at play time the
row is a dict lookup and awards come from a precomputed table.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import product
from typing import ClassVar

from engine.rules.expressions import CompiledExpression, Type, Value
from engine.rules.scoring_names import (
    AUCTION_NAMES,
    AWARD_NAMES,
    CONTRACT_NAMES,
    DENOMINATION_NAMES,
    EXPOSED_NAMES,
    FORCED_NAMES,
    NO_MAKER_NAMES,
    PARTNER_NAMES,
    WHEN_NAMES,
)

__all__ = [
    "AWARD_NAMES",
    "CONTRACT_NAMES",
    "DENOMINATION_NAMES",
    "FORCED_NAMES",
    "MAX_POINTS",
    "NO_MAKER",
    "ContractOutcome",
    "Outcome",
    "OutcomeSpace",
    "ScoreRow",
    "ScoringTable",
    "award_scope",
    "dead_rows",
    "too_many_points",
    "when_scope",
]

MAX_POINTS = 10**6
"""The most points, either way, that one award (a scoring row's, a renege penalty's) may give.
With the hand limit (``game.max_hands``, at most 1,000) a seat's score moves at most about
(1 + 72 reneges) x 10**6 a hand, 10**11 a game: exact in a float64 (to 2**53, 9.0 x 10**15,
also summed over ten thousand games) and far inside an int64 (batch mode's scores). An
expression is bounded by every value it takes, all computed at load time."""


def too_many_points(points: int) -> str:
    """``points`` as an error message quotes it: ``-1000005``, or ``about -10**359`` for a
    number too long to print."""
    text = str(points)
    digits = len(text.lstrip("-"))
    return text if digits <= 16 else f"about {'-' if points < 0 else ''}10**{digits - 1}"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the scoring table sees of a finished hand."""

    makers_tricks: int
    alone: bool = False
    defender_alone: bool = False
    bid: int | None = None
    special: str = ""
    """The winning special bid's name (``moon``), or empty for a number."""
    partner_alone: bool = False
    """The maker's partner played alone in his place (``alone`` is true too)."""
    no_maker: ClassVar[bool] = False
    """True only for :data:`NO_MAKER` (a class attribute, not a field: the outcome of every
    other hand is made and hashed as it always was)."""

    def describe(self, space: OutcomeSpace) -> str:
        """``makers take 2 tricks, alone`` for error messages."""
        if self.no_maker:
            return "no_maker = true"
        words = [f"makers.tricks = {self.makers_tricks}"]
        if space.maker_alone:
            words.append(f"alone = {str(self.alone).lower()}")
        if space.partner_alone:
            words.append(f"partner_alone = {str(self.partner_alone).lower()}")
        if space.defender_alone:
            words.append(f"defender_alone = {str(self.defender_alone).lower()}")
        if space.table and isinstance(self, ContractOutcome):
            words.append(f"the bid {space.table[self.contract][0]}")
        elif space.bids:
            words.append(f"{self.special} = true" if self.special else f"bid = {self.bid}")
        if space.forced and isinstance(self, ContractOutcome):
            words.append(f"forced = {str(self.forced).lower()}")
        return ", ".join(words)


@dataclass(frozen=True, slots=True)
class ContractOutcome(Outcome):
    """The outcome of a hand of a bid table or a stuck bid (every outcome of such a variant:
    the others keep the lean :class:`Outcome`)."""

    contract: int = -1
    """The winning bid's place in the bid table (``auction.table``), from 0; -1 without one."""
    forced: bool = False
    """All passed and the dealer was held to the stuck bid (``auction.stuck_bid``)."""

    @classmethod
    def of(cls, outcome: Outcome, *, contract: int = -1, forced: bool = False
           ) -> ContractOutcome:
        """``outcome`` with the bid table's bid and whether it was forced."""
        return cls(outcome.makers_tricks, outcome.alone, outcome.defender_alone, outcome.bid,
                   outcome.special, outcome.partner_alone, contract, forced)


@dataclass(frozen=True, slots=True)
class _NoMakerOutcome(Outcome):
    """The outcome of a hand nobody made (``no_maker``): every side scores as defenders."""

    no_maker: ClassVar[bool] = True


NO_MAKER: Outcome = _NoMakerOutcome(0)
"""The one outcome of every hand without a maker (trump fixed by the upcard, or no-trump
when all passed)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class OutcomeSpace:
    """Every outcome a variant's hands can have; it also decides which names exist.

    Five tricks, the makers may go alone, defenders may not: 6 trick counts, alone or not.

    >>> space = OutcomeSpace(hand_size=5, maker_alone=True, defender_alone=False,
    ...                      defender_needs_lone_maker=True)
    >>> len(list(space.outcomes())), sorted(when_scope(space))
    (12, ['alone', 'defender_alone', 'defenders.tricks', 'makers.tricks'])
    >>> Outcome(5, alone=True).describe(space)
    'makers.tricks = 5, alone = true'
    """

    hand_size: int
    maker_alone: bool
    defender_alone: bool
    defender_needs_lone_maker: bool
    bids: tuple[int, ...] = ()
    specials: tuple[tuple[str, int, bool], ...] = ()
    """The special bids in rank order: (name, tricks, whether the bidder plays alone)."""
    no_maker: bool = False
    """Some hands have no maker (``no_maker``): trump fixed by the upcard, or no-trump when all
    pass."""
    makers: bool = True
    """Some hands have a maker; false when every hand has none (every upcard fixes trump):
    :data:`NO_MAKER` is then the only outcome."""
    exposed: bool = False
    """A lone maker plays exposed (``go_alone.exposed``): the name ``exposed`` exists, true
    exactly when the maker played alone."""
    partner_alone: bool = False
    """The maker's partner may take the hand over (``go_alone.partner``): the name
    ``partner_alone`` exists, and each lone outcome comes in both forms."""
    table: tuple[tuple[str, int, int, int, bool], ...] = ()
    """The bid table (``auction.table``) in rank order: (name, tricks, value, denomination,
    whether the bidder plays alone); its named bids are in ``specials`` too, as actions name
    them. The names ``value`` and ``denomination`` exist."""
    forced: str = ""
    """The stuck bid (``auction.stuck_bid``: ``3``, or a table's ``6S``): its hands come forced
    and not, and the name ``forced`` exists."""

    @property
    def top_name(self) -> str:
        """The first special bid's name (empty without one)."""
        return self.specials[0][0] if self.specials else ""

    def bid_tricks(self, bid: int | str) -> int:
        """The tricks a bid contracts for (a number, or a special bid's name); raises
        ``KeyError`` for a bid this space does not have."""
        for name, tricks, *_ in self.table:
            if name == str(bid):
                return tricks
        if isinstance(bid, str):
            for name, tricks, _ in self.specials:
                if name == bid:
                    return tricks
            raise KeyError(bid)
        if bid not in self.bids:
            raise KeyError(bid)
        return bid

    def outcomes(self) -> Iterator[Outcome]:
        """All outcomes, in a stable order (makers' tricks first). A special bid played alone
        has the maker alone; no other bid has unless the maker may go alone."""
        if not self.makers:
            yield NO_MAKER
            return
        lone_special = any(alone for _, _, alone in self.specials)
        alones = (False, True) if self.maker_alone or lone_special else (False,)
        defender_alones = (False, True) if self.defender_alone else (False,)
        if self.table:
            yield from self._table_outcomes()
            return
        bids: list[tuple[int | None, str, bool]] = [(None, "", False)]
        if self.bids:
            bids = [(b, "", False) for b in self.bids]
            bids.extend((tricks, name, alone) for name, tricks, alone in self.specials)
        make = ContractOutcome if self.forced else Outcome
        for tricks, alone, d_alone, (bid, special, forced) in product(
            range(self.hand_size + 1), alones, defender_alones, bids
        ):
            if d_alone and self.defender_needs_lone_maker and not alone:
                continue
            if alone is not forced and (forced or not self.maker_alone):
                continue
            yield make(tricks, alone, d_alone, bid, special)
            if alone and self.partner_alone and not forced:
                yield make(tricks, alone, d_alone, bid, special, partner_alone=True)
            if self.forced and not special and str(bid) == self.forced:
                yield ContractOutcome(tricks, alone, d_alone, bid, special, forced=True)
        if self.no_maker:
            yield NO_MAKER

    def _table_outcomes(self) -> Iterator[Outcome]:
        """The outcomes of a bid table: each bid, the makers' tricks, alone (a bid played
        alone, or any where the maker may go alone), and forced for the stuck bid."""
        named = {name for name, _, _ in self.specials}
        alones = (False, True) if self.maker_alone or any(r[4] for r in self.table) else (False,)
        defender_alones = (False, True) if self.defender_alone else (False,)
        for index, (name, bid, _, _, lone) in enumerate(self.table):
            for tricks, alone, d_alone in product(range(self.hand_size + 1), alones,
                                                  defender_alones):
                if d_alone and self.defender_needs_lone_maker and not alone:
                    continue
                if alone is not lone and (lone or not self.maker_alone):
                    continue
                special = name if name in named else ""
                for forced in (False, True) if name == self.forced else (False,):
                    yield ContractOutcome(tricks, alone, d_alone, bid, special,
                                          contract=index, forced=forced)

    def env(self, outcome: Outcome) -> dict[str, Value]:
        """The values of the names of :func:`when_scope` for an outcome."""
        env: dict[str, Value] = {
            "makers.tricks": outcome.makers_tricks,
            "defenders.tricks": self.hand_size - outcome.makers_tricks,
            "alone": outcome.alone,
            "defender_alone": outcome.defender_alone,
        }
        if self.bids:
            env["bid"] = outcome.bid if outcome.bid is not None else 0
            env["bidder.tricks"] = outcome.makers_tricks
            if self.table:
                index = outcome.contract if isinstance(outcome, ContractOutcome) else -1
                _, _, env["value"], env["denomination"], _ = self.table[index]
                env.update(DENOMINATION_NAMES)
            else:
                for name, _, _ in self.specials:
                    env[name] = outcome.special == name
        if self.forced:
            env["forced"] = isinstance(outcome, ContractOutcome) and outcome.forced
        if self.no_maker:
            env["no_maker"] = outcome.no_maker
        if self.exposed:
            env["exposed"] = outcome.alone
        if self.partner_alone:
            env["partner_alone"] = outcome.partner_alone
        return env


def when_scope(space: OutcomeSpace) -> dict[str, Type]:
    """Names a row's ``when`` may use in this variant."""
    names = {name: kind for name, (kind, _) in WHEN_NAMES.items()}
    if space.bids:
        names.update({name: kind for name, (kind, _) in AUCTION_NAMES.items()})
        if space.table:
            names.update({name: kind for name, (kind, _) in CONTRACT_NAMES.items()})
            names.update(dict.fromkeys(DENOMINATION_NAMES, Type.INT))
        else:
            for name, _, _ in space.specials:
                names[name] = Type.BOOL
    if space.forced:
        names.update({name: kind for name, (kind, _) in FORCED_NAMES.items()})
    if space.no_maker:
        names.update({name: kind for name, (kind, _) in NO_MAKER_NAMES.items()})
    if space.exposed:
        names.update({name: kind for name, (kind, _) in EXPOSED_NAMES.items()})
    if space.partner_alone:
        names.update({name: kind for name, (kind, _) in PARTNER_NAMES.items()})
    return names


def award_scope(space: OutcomeSpace) -> dict[str, Type]:
    """Names an award (``makers:``, ``defenders:``) may use: those of ``when`` and more."""
    names = when_scope(space)
    names.update({name: kind for name, (kind, _) in AWARD_NAMES.items()})
    return names


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreRow:
    """One compiled row of the table."""

    index: int
    when: CompiledExpression
    makers: CompiledExpression
    defenders: CompiledExpression
    label: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoringTable:
    """The compiled table with its outcome lookup, built by :meth:`build`."""

    rows: tuple[ScoreRow, ...]
    space: OutcomeSpace
    row_of: Mapping[Outcome, int] = field(repr=False)
    points: Mapping[tuple[Outcome, bool, int, bool, bool], int] = field(repr=False)
    """Every award, computed once: (outcome, to the makers?, side's tricks, seat alone?,
    seat out?)."""

    @classmethod
    def build(cls, rows: tuple[ScoreRow, ...], space: OutcomeSpace) -> ScoringTable:
        """Map every outcome to the one row that applies; raise :class:`TableGap` or
        :class:`TableOverlap` when that fails."""
        row_of: dict[Outcome, int] = {}
        envs: dict[Outcome, dict[str, Value]] = {}
        for outcome in space.outcomes():
            env = envs[outcome] = space.env(outcome)
            matching = [row.index for row in rows if row.when.evaluate(env) is True]
            if not matching:
                raise TableGap(outcome)
            if len(matching) > 1:
                raise TableOverlap(outcome, matching[0], matching[1])
            row_of[outcome] = matching[0]
        points: dict[tuple[Outcome, bool, int, bool, bool], int] = {}
        seats = tuple(product(range(space.hand_size + 1), (False, True), (False, True)))
        for (outcome, index), makers in product(row_of.items(), (True, False)):
            award, env = rows[index].makers if makers else rows[index].defenders, envs[outcome]
            if award.names.isdisjoint(AWARD_NAMES):  # the same for every seat: evaluated once
                value = _evaluate_award(award, env, 0, False, False)
                points.update(((outcome, makers, *seat), value) for seat in seats)
            else:
                points.update(((outcome, makers, *seat), _evaluate_award(award, env, *seat))
                              for seat in seats)
        return cls(rows=rows, space=space, row_of=row_of, points=points)

    def row_for(self, outcome: Outcome) -> ScoreRow:
        """The row that applies to ``outcome``."""
        return self.rows[self.row_of[outcome]]

    def award(
        self, row: ScoreRow, outcome: Outcome, *, makers: bool, tricks: int, is_alone: bool,
        out: bool = False,
    ) -> int:
        """Points to one seat of the makers' (or a defending) side (``row`` is the row of
        ``outcome``; ``out``: the seat sat the hand out)."""
        return self.points[(outcome, makers, tricks, is_alone, out)]

    def best_award(self) -> int:
        """The most points any seat can receive from one hand (to check targets are reachable)."""
        return max(0, *self.points.values())


def dead_rows(rows: tuple[ScoreRow, ...], space: OutcomeSpace) -> list[ScoreRow]:
    """The rows whose ``when`` holds for no outcome of ``space``: rows that can never apply
    (six tricks in a five-trick game, ``alone`` where nobody may go alone)."""
    envs = [space.env(outcome) for outcome in space.outcomes()]
    return [row for row in rows if not any(row.when.evaluate(env) is True for env in envs)]


def _evaluate_award(award: CompiledExpression, outcome_env: dict[str, Value], tricks: int,
                    alone: bool, out: bool) -> int:
    """One award, from the outcome's names (``outcome_env``, not changed) and the seat's."""
    value = award.evaluate({**outcome_env, "tricks": tricks, "is_alone": alone, "out": out})
    assert isinstance(value, int)
    return value


class TableGap(Exception):
    """No row applies to an outcome (internal; the compiler turns it into a VariantError)."""

    def __init__(self, outcome: Outcome) -> None:
        self.outcome = outcome
        super().__init__(outcome)


class TableOverlap(Exception):
    """Two rows apply to one outcome (internal; the compiler turns it into a VariantError)."""

    def __init__(self, outcome: Outcome, first: int, second: int) -> None:
        self.outcome = outcome
        self.first = first
        self.second = second
        super().__init__(outcome)
