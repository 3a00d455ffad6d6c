"""Comparing two variants: the same seeded games under both rule sets.

When both variants deal the same way (players, deck, deal and first dealer), game ``i`` of
each is played from the same seed, so the two games start from the same cards and every hand
``k`` of both is dealt from the same shuffle: the comparison is *paired*, and the interval of
each difference comes from the per-game differences. Otherwise the two runs are independent
and the intervals combine both variances. Per-game figures are kept only as exact running
sums (whole millionths), so memory does not grow with the number of games and the report is the
same for any number of workers.

Games stopped by ``game.max_hands`` are counted apart (``stopped_at_hand_limit``); their
leader is still their winner, so the win figures include them.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from engine.play.state import State
from engine.rules.results import HandResult
from engine.rules.variant import Variant
from engine.sim.confidence import Z95
from engine.sim.dispatch import run_jobs
from engine.sim.simulate import (
    Job,
    _variant_of,
    derive_seed,
    iter_jobs,
    play_game,
)
from engine.sim.stats import side_name, stopped_at_hand_limit

__all__ = ["Metric", "compare", "paired_possible"]


@dataclass(frozen=True, slots=True)
class Metric:
    """A per-game figure; ``phrase`` is used in plain-language lines."""

    key: str
    label: str
    phrase: str
    value: Callable[[State], float]


def _scored(state: State) -> list[HandResult]:
    return [r for r in state.hands_played if r.thrown_in is None]


def _per_100(count: Callable[[HandResult], float]) -> Callable[[State], float]:
    def value(state: State) -> float:
        hands = _scored(state)
        return 100 * sum(count(r) for r in hands) / len(hands) if hands else 0.0
    return value


def _made(r: HandResult) -> float:
    return 1.0 if r.made else 0.0


def _dealer_points(teams: tuple[tuple[int, ...], ...]) -> Callable[[HandResult], float]:
    def points(r: HandResult) -> float:
        side = next(t for t in teams if r.dealer in t)
        return float(r.deltas[side[0]])
    return points


def _march(teams: tuple[tuple[int, ...], ...]) -> Callable[[HandResult], float]:
    def march(r: HandResult) -> float:
        side = next(t for t in teams if r.maker in t)
        return float(sum(r.tricks[seat] for seat in side) == sum(r.tricks))
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
               _per_100(lambda r: 1.0 - _made(r))),
        Metric("march", "marches per 100 hands", "makers march {x} {more} times per 100 hands",
               _per_100(_march(teams))),
        Metric("alone", "lone hands per 100 hands", "players go alone {x} {more} times per "
               "100 hands", _per_100(lambda r: float(r.maker in r.alone))),
        Metric("hands", "hands per game", "a game lasts {x} hands {more}",
               lambda s: float(len(_scored(s)))),
        Metric("redeals", "thrown-in deals per game", "{x} {more} deals per game are thrown in",
               lambda s: float(len(s.hands_played) - len(_scored(s)))),
    ]
    for side in teams:
        name = side_name(side)
        who = f"seat{'s' * (len(side) > 1)} {name}"
        out.append(Metric(f"wins@{name}", f"{who} game wins per 100 games",
                          f"{who} win{'s' * (len(side) == 1)} {{x}} {{more}} games per 100",
                          _wins_of(side[0])))
        out.append(Metric(f"points@{name}", f"{who} points per 100 hands",
                          f"{who} score{'s' * (len(side) == 1)} {{x}} points {{more}} per 100 "
                          "hands", _per_100(_points_of(side[0]))))
    return out


def _wins_of(seat: int) -> Callable[[State], float]:
    def wins(state: State) -> float:
        return 100.0 if seat in state.winners else 0.0
    return wins


def _points_of(seat: int) -> Callable[[HandResult], float]:
    def points(r: HandResult) -> float:
        return float(r.deltas[seat])
    return points


def paired_possible(a: Variant, b: Variant) -> bool:
    """Both variants deal identical cards from the same seed."""
    return (a.players == b.players and a.deck == b.deck and a.deal == b.deal
            and a.dealer == b.dealer)


SCALE = 10**6
"""Per-game figures are summed as whole millionths: exact integer sums merge in any order
(the report is the same for any number of workers), and a millionth is far below the four
decimals reported."""


def _game_values(variant: Variant, seed: int, index: int, bots: Sequence[str]
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


def _tally(a: Variant, b: Variant, *, seed: int, games: int, bots_a: Sequence[str],
           bots_b: Sequence[str], workers: int, progress: Callable[[int], None] | None
           ) -> PairTally:
    tally = PairTally(common_keys(a, b))

    def jobs(workers: int) -> Iterator[PairJob]:
        return (PairJob(ja, jb) for ja, jb in zip(iter_jobs(a, seed, games, bots_a, workers * 8),
                                                  iter_jobs(b, seed, games, bots_b, workers * 8),
                                                  strict=True))

    def done(job: PairJob, result: PairTally) -> None:
        tally.merge(result)
        if progress:
            progress(2 * (job.a.stop - job.a.start))

    run_jobs(_run_pair, jobs, done, workers=workers)
    return tally


def _mean_var(total: int, total_sq: int, n: int) -> tuple[float, float]:
    """Mean and sample variance from sums in millionths, computed exactly."""
    mean = Fraction(total, n * SCALE)
    var = Fraction(total_sq * n - total * total, n * (n - 1) * SCALE * SCALE) if n > 1 else 0
    return float(mean), float(var)


def compare(
    a: Variant, b: Variant, *, seed: int, games: int, bots_a: Sequence[str],
    bots_b: Sequence[str], workers: int = 1, progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Run both variants and return every common figure with the difference ``b - a``."""
    paired = paired_possible(a, b) and list(bots_a) == list(bots_b)
    tally = _tally(a, b, seed=seed, games=games, bots_a=bots_a, bots_b=bots_b,
                   workers=workers, progress=progress)
    figures = []
    for metric in metrics_for(a):
        if metric.key not in tally.sums:
            continue
        sa, sa2, sb, sb2, sd, sd2 = tally.sums[metric.key]
        mean_a, var_a = _mean_var(sa, sa2, games)
        mean_b, var_b = _mean_var(sb, sb2, games)
        if paired:
            diff, var_d = _mean_var(sd, sd2, games)
            half = Z95 * math.sqrt(var_d / games)
        else:
            diff = mean_b - mean_a
            half = Z95 * math.sqrt(var_a / games + var_b / games)
        low, high = diff - half, diff + half
        figures.append({
            "metric": metric.key, "label": metric.label, "phrase": metric.phrase,
            "a": round(mean_a, 4), "b": round(mean_b, 4), "difference": round(diff, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "significant": low > 0 or high < 0,
        })
    return {"a": a.name, "b": b.name, "games": games, "seed": seed, "paired": paired,
            "bots": {"a": list(bots_a), "b": list(bots_b)},
            "stopped_at_hand_limit": {"a": tally.stopped_a, "b": tally.stopped_b},
            "figures": figures}


def plain_line(figure: dict[str, Any], b_name: str) -> str:
    """``the dealer's side scores 3.1 points more per 100 hands under B, 95% CI 1.2 to 5.0``."""
    diff = figure["difference"]
    more = "more" if diff > 0 else "fewer"
    if figure["metric"] == "hands":
        more = "longer" if diff > 0 else "shorter"
    low, high = figure["ci95"]
    text = figure["phrase"].format(x=_number(abs(diff)), more=more)
    return f"{text} under {b_name} (95% CI {_number(low, sign=True)} to {_number(high, sign=True)})"


def _number(x: float, *, sign: bool = False) -> str:
    """Two decimals below 10, one above: enough to tell small differences from zero."""
    digits = 2 if abs(x) < 10 else 1
    return f"{x:+.{digits}f}" if sign else f"{x:.{digits}f}"


def report_json(report: dict[str, Any]) -> str:
    """The comparison as JSON text (phrases left out)."""
    figures = [{k: v for k, v in f.items() if k != "phrase"} for f in report["figures"]]
    return json.dumps({**report, "figures": figures}, indent=2)
