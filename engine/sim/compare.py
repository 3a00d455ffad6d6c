"""Comparing two variants: the same seeded games under both rule sets.

When both variants deal the same way (players, deck, deal and first dealer), game ``i`` of
each is played from the same seed, so the two games start from the same cards and every hand
``k`` of both is dealt from the same shuffle: the comparison is *paired*, and the interval of
each difference comes from the per-game differences. Otherwise the two runs are independent
and the intervals combine both variances. Per-game figures are exact fractions, kept only as
exact running sums (whole millionths), so memory does not grow with the number of games, the
report is the same for any number of workers, and no figure overflows a float however large
the points (means are floats below 10^11, exact ints above:
:func:`~engine.sim.confidence.reported`).

Games stopped by ``game.max_hands`` are counted apart (``stopped_at_hand_limit``); their
leader is still their winner, so the win figures include them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from engine.core.bot_spec import BotSpec
from engine.core.seats import side_words
from engine.play.state import State
from engine.rules.results import HandResult
from engine.rules.variant import Variant
from engine.sim.confidence import Z95, Number, reported, root, sample_var, shown
from engine.sim.dispatch import run_jobs
from engine.sim.simulate import (
    Job,
    _variant_of,
    derive_seed,
    iter_jobs,
    play_game,
)
from engine.sim.stats import side_name, stopped_at_hand_limit

__all__ = ["Metric", "compare", "figure", "paired_possible"]


@dataclass(frozen=True, slots=True)
class Metric:
    """A per-game figure (exact). ``label`` names it in the JSON report (its words kept as
    they were: a program's interface); ``said`` names it in the text and the plot, sides
    named as at the table (``North-South``); ``phrase`` is used in plain-language lines."""

    key: str
    label: str
    phrase: str
    value: Callable[[State], Fraction]
    said: str = ""

    @property
    def words(self) -> str:
        """The figure's name for a player: ``said``, else the label."""
        return self.said or self.label


def _scored(state: State) -> list[HandResult]:
    return [r for r in state.hands_played if r.thrown_in is None]


def _per_100(count: Callable[[HandResult], int]) -> Callable[[State], Fraction]:
    def value(state: State) -> Fraction:
        hands = _scored(state)
        return Fraction(100 * sum(count(r) for r in hands), len(hands)) if hands else Fraction(0)
    return value


def _made(r: HandResult) -> int:
    return 1 if r.made else 0


def _euchred(r: HandResult) -> int:
    """The makers were euchred (a hand without a maker, BUCK-A5, has no makers to euchre)."""
    return 1 if r.maker >= 0 and not r.made else 0


def _dealer_points(teams: tuple[tuple[int, ...], ...]) -> Callable[[HandResult], int]:
    def points(r: HandResult) -> int:
        side = next(t for t in teams if r.dealer in t)
        return r.deltas[side[0]]
    return points


def _march(variant: Variant) -> Callable[[HandResult], int]:
    def march(r: HandResult) -> int:
        if r.maker < 0:  # a hand without a maker (BUCK-A5): nobody to march
            return 0
        side = variant.hand_sides(r.maker, r.makers)[0]  # with a called partner
        return int(sum(r.tricks[seat] for seat in side) == sum(r.tricks))
    return march


@cache
def metrics_for(variant: Variant) -> list[Metric]:
    """The figures compared for a variant (per-side ones named by seats), built once."""
    teams = variant.sides.teams
    out = [
        Metric("dealer_points", "dealer's side points per 100 hands",
               "the dealer's side scores {x} points {more} per 100 hands",
               _per_100(_dealer_points(teams))),
        Metric("made", "makers make, per 100 hands", "makers make {x} {more} times per 100 hands",
               _per_100(_made)),
        Metric("euchred", "makers euchred, per 100 hands",
               "makers are euchred {x} {more} times per 100 hands",
               _per_100(_euchred)),
        Metric("march", "marches per 100 hands", "makers march {x} {more} times per 100 hands",
               _per_100(_march(variant))),
        Metric("alone", "lone hands per 100 hands", "players go alone {x} {more} times per "
               "100 hands", _per_100(lambda r: int(r.maker in r.alone))),
        Metric("hands", "hands per game", "a game lasts {x} hands {more}",
               lambda s: Fraction(len(_scored(s)))),
        Metric("redeals", "thrown-in deals per game", "there are {x} {more} thrown-in deals "
               "per game", lambda s: Fraction(len(s.hands_played) - len(_scored(s)))),
    ]
    for side in teams:
        name = side_name(side)
        who = f"seat{'s' * (len(side) > 1)} {name}"  # the JSON label's words
        said = side_words(side, variant.players)
        out.append(Metric(f"wins@{name}", f"{who} game wins per 100 games",
                          f"{said} win{'s' * (len(side) == 1)} {{x}} {{more}} games per 100",
                          _wins_of(side[0]), said=f"{said} game wins per 100 games"))
        out.append(Metric(f"points@{name}", f"{who} points per 100 hands",
                          f"{said} score{'s' * (len(side) == 1)} {{x}} points {{more}} per 100 "
                          "hands", _per_100(_points_of(side[0])),
                          said=f"{said} points per 100 hands"))
    return out


def _wins_of(seat: int) -> Callable[[State], Fraction]:
    def wins(state: State) -> Fraction:
        return Fraction(100 if seat in state.winners else 0)
    return wins


def _points_of(seat: int) -> Callable[[HandResult], int]:
    def points(r: HandResult) -> int:
        return r.deltas[seat]
    return points


def paired_possible(a: Variant, b: Variant) -> bool:
    """Both variants deal identical cards from the same seed."""
    return (a.players == b.players and a.deck == b.deck and a.deal == b.deal
            and a.dealer == b.dealer)


SCALE = 10**6
"""Per-game figures are summed as whole millionths: exact integer sums merge in any order
(the report is the same for any number of workers), and a millionth is far below the four
decimals reported."""


def _game_values(variant: Variant, seed: int, index: int, bots: Sequence[BotSpec]
                 ) -> tuple[list[int], bool]:
    """The figures of game ``index`` in millionths, and whether the hand limit stopped it."""
    state = play_game(variant, derive_seed(seed, index), bots)
    return ([round(m.value(state) * SCALE) for m in metrics_for(variant)],
            stopped_at_hand_limit(state))


@dataclass(frozen=True, slots=True)
class PairJob:
    """The same slice of games under both variants, as sent to a worker."""

    a: Job
    b: Job


@dataclass(slots=True)
class PairTally:
    """Running sums over games of both variants: per common figure ``[sum a, sum a², sum b,
    sum b², sum (b - a), sum (b - a)²]`` in millionths (:data:`SCALE`), whole numbers, so
    they merge exactly in any order. Memory does not grow with the number of games."""

    keys: tuple[str, ...]
    games: int = 0
    stopped_a: int = 0
    stopped_b: int = 0
    sums: dict[str, list[int]] = field(default_factory=dict)

    def add(self, values_a: dict[str, int], values_b: dict[str, int]) -> None:
        """Count one game of each variant."""
        self.games += 1
        for key in self.keys:
            x, y = values_a[key], values_b[key]
            row = self.sums.setdefault(key, [0] * 6)
            for i, term in enumerate((x, x * x, y, y * y, y - x, (y - x) * (y - x))):
                row[i] += term

    def merge(self, other: PairTally) -> None:
        """Add another tally's sums to this one."""
        self.games += other.games
        self.stopped_a += other.stopped_a
        self.stopped_b += other.stopped_b
        for key, row in other.sums.items():
            mine = self.sums.setdefault(key, [0] * 6)
            for i, term in enumerate(row):
                mine[i] += term


def common_keys(a: Variant, b: Variant) -> tuple[str, ...]:
    """The figures both variants have, in ``a``'s order."""
    keys_b = {m.key for m in metrics_for(b)}
    return tuple(m.key for m in metrics_for(a) if m.key in keys_b)


def _run_pair(job: PairJob) -> PairTally:
    a = _variant_of(job.a.name, job.a.rules_json, job.a.rules_hash)
    b = _variant_of(job.b.name, job.b.rules_json, job.b.rules_hash)
    tally = PairTally(common_keys(a, b))
    names_a = [m.key for m in metrics_for(a)]
    names_b = [m.key for m in metrics_for(b)]
    for i in range(job.a.start, job.a.stop):
        values_a, stopped_a = _game_values(a, job.a.seed, i, job.a.bots)
        values_b, stopped_b = _game_values(b, job.b.seed, i, job.b.bots)
        tally.add(dict(zip(names_a, values_a, strict=True)),
                  dict(zip(names_b, values_b, strict=True)))
        tally.stopped_a += stopped_a
        tally.stopped_b += stopped_b
    return tally


def _tally(a: Variant, b: Variant, *, seed: int, games: int, bots_a: Sequence[BotSpec],
           bots_b: Sequence[BotSpec], workers: int, progress: Callable[[int], None] | None
           ) -> PairTally:
    tally = PairTally(common_keys(a, b))

    def jobs(workers: int) -> Iterator[PairJob]:
        # The same slices under both: game i of one is paired with game i of the other. Each
        # game is played alone (_game_values), so a variant's match rules do not cut them.
        for job in iter_jobs(a, seed, games, bots_a, workers * 8, whole_matches=False):
            yield PairJob(job, Job(b.name, b.rules_json, b.rules_hash, seed, job.start,
                                   job.stop, tuple(bots_b)))

    def done(job: PairJob, result: PairTally) -> None:
        tally.merge(result)
        if progress:
            progress(2 * (job.a.stop - job.a.start))

    run_jobs(_run_pair, jobs, done, workers=workers)
    return tally


def _mean_var(total: int, total_sq: int, n: int) -> tuple[Fraction, Fraction]:
    """Mean and sample variance from sums in millionths, exactly."""
    return Fraction(total, n * SCALE), sample_var(total, total_sq, n) / (SCALE * SCALE)


@dataclass(frozen=True, slots=True, kw_only=True)
class Difference:
    """One figure under both variants: the means ``a`` and ``b``, the difference ``b - a``
    with its 95% interval, and whether the interval excludes zero. ``phrase`` is the
    figure's plain sentence (:func:`plain_line`), left out of the JSON."""

    metric: str
    label: str
    phrase: str
    said: str
    """The figure's name in the text and the plot (sides as at the table); not in the JSON."""
    a: Number
    b: Number
    difference: Number
    ci95: tuple[Number, Number]
    significant: bool

    def to_json(self) -> dict[str, Any]:
        return {"metric": self.metric, "label": self.label, "a": self.a, "b": self.b,
                "difference": self.difference, "ci95": list(self.ci95),
                "significant": self.significant}


@dataclass(frozen=True, slots=True, kw_only=True)
class Comparison:
    """What ``euchre compare`` reports: the two variants, the run, whether it was paired
    (same deals, same bots), the games each stopped at the hand limit, every common
    figure."""

    a: str
    b: str
    games: int
    seed: int
    paired: bool
    bots_a: tuple[str, ...]
    bots_b: tuple[str, ...]
    stopped_a: int
    stopped_b: int
    figures: tuple[Difference, ...]

    def to_json(self) -> dict[str, Any]:
        """The comparison as JSON-ready data (``compare --json``; phrases left out)."""
        return {"a": self.a, "b": self.b, "games": self.games, "seed": self.seed,
                "paired": self.paired, "bots": {"a": list(self.bots_a), "b": list(self.bots_b)},
                "stopped_at_hand_limit": {"a": self.stopped_a, "b": self.stopped_b},
                "figures": [f.to_json() for f in self.figures]}


def figure(metric: Metric, sums: list[int], games: int, *, paired: bool) -> Difference:
    """One figure of the report from its running sums (:class:`PairTally`) over ``games``
    games: both means, the difference ``b - a`` and its interval, computed exactly.

    >>> m = Metric("hands", "hands per game", "", lambda s: Fraction(0))
    >>> n = 10**360 * SCALE  # a game of 10^360 hands under a, twice that under b
    >>> f = figure(m, [n, n * n, 2 * n, 4 * n * n, n, n * n], 1, paired=True)
    >>> f.a == 10**360 and f.difference == 10**360 and f.significant
    True
    """
    sa, sa2, sb, sb2, sd, sd2 = sums
    mean_a, var_a = _mean_var(sa, sa2, games)
    mean_b, var_b = _mean_var(sb, sb2, games)
    if paired:
        diff, var_d = _mean_var(sd, sd2, games)
        half = Fraction(Z95) * root(var_d / games)
    else:
        diff = mean_b - mean_a
        half = Fraction(Z95) * root(var_a / games + var_b / games)
    low, high = diff - half, diff + half
    return Difference(metric=metric.key, label=metric.label, phrase=metric.phrase,
                      said=metric.words,
                      a=reported(mean_a), b=reported(mean_b), difference=reported(diff),
                      ci95=(reported(low), reported(high)), significant=low > 0 or high < 0)


def compare(
    a: Variant, b: Variant, *, seed: int, games: int, bots_a: Sequence[BotSpec],
    bots_b: Sequence[BotSpec], workers: int = 1, progress: Callable[[int], None] | None = None,
) -> Comparison:
    """Run both variants and return every common figure with the difference ``b - a``."""
    paired = paired_possible(a, b) and list(bots_a) == list(bots_b)
    tally = _tally(a, b, seed=seed, games=games, bots_a=bots_a, bots_b=bots_b,
                   workers=workers, progress=progress)
    return comparison(a, b, tally, seed=seed, games=games, paired=paired, bots_a=bots_a,
                      bots_b=bots_b)


def comparison(a: Variant, b: Variant, tally: PairTally, *, seed: int, games: int,
               paired: bool, bots_a: Sequence[BotSpec], bots_b: Sequence[BotSpec]
               ) -> Comparison:
    """The report of ``tally``'s running sums: every common figure with ``b - a`` (the scalar
    compare's and the batch compare's, :mod:`engine.batch.compare`)."""
    figures = tuple(figure(metric, tally.sums[metric.key], games, paired=paired)
                    for metric in metrics_for(a) if metric.key in tally.sums)
    return Comparison(a=a.name, b=b.name, games=games, seed=seed, paired=paired,
                      bots_a=tuple(str(spec) for spec in bots_a),
                      bots_b=tuple(str(spec) for spec in bots_b),
                      stopped_a=tally.stopped_a, stopped_b=tally.stopped_b, figures=figures)


def plain_line(figure: Difference, b_name: str) -> str:
    """``the dealer's side scores 3.1 points more per 100 hands under B, 95% CI 1.2 to 5.0``."""
    diff = figure.difference
    more = "more" if diff > 0 else "fewer"
    if figure.metric == "hands":
        more = "longer" if diff > 0 else "shorter"
    low, high = figure.ci95
    text = figure.phrase.format(x=_number(abs(diff)), more=more)
    return f"{text} under {b_name} (95% CI {_number(low, sign=True)} to {_number(high, sign=True)})"


def _number(x: Number, *, sign: bool = False) -> str:
    """Two decimals below 10, one above: enough to tell small differences from zero."""
    return shown(x, 2 if abs(x) < 10 else 1, sign=sign)


def report_json(report: Comparison) -> str:
    """The comparison as JSON text (phrases left out)."""
    return json.dumps(report.to_json(), indent=2)
