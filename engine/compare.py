"""Comparing two variants: the same seeded games under both rule sets.

When both variants deal the same way (players, deck, deal and first dealer), game ``i`` of
each is played from the same seed, so the two games start from the same cards and every hand
``k`` of both is dealt from the same shuffle: the comparison is *paired*, and the interval of
each difference comes from the per-game differences. Otherwise the two runs are independent
and the intervals combine both variances. Per-game figures are combined in game order, so
the report is the same for any number of workers.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.confidence import Z95
from engine.simulate import (
    Job,
    _first_done,
    _variant_of,
    derive_seed,
    iter_jobs,
    play_game,
    run_windowed,
)
from engine.state import State
from engine.stats import side_name
from engine.variant import Variant

__all__ = ["Metric", "compare", "paired_possible"]


@dataclass(frozen=True, slots=True)
class Metric:
    """A per-game figure; ``phrase`` is used in plain-language lines."""

    key: str
    label: str
    phrase: str
    value: Callable[[State], float]


def _scored(state: State) -> list[dict[str, Any]]:
    return [r for r in state.hands_played if "thrown_in" not in r]


def _per_100(count: Callable[[dict[str, Any]], float]) -> Callable[[State], float]:
    def value(state: State) -> float:
        hands = _scored(state)
        return 100 * sum(count(r) for r in hands) / len(hands) if hands else 0.0
    return value


def _made(r: dict[str, Any]) -> float:
    return 1.0 if r["deltas"][r["maker"]] > 0 else 0.0


def _dealer_points(teams: tuple[tuple[int, ...], ...]) -> Callable[[dict[str, Any]], float]:
    def points(r: dict[str, Any]) -> float:
        side = next(t for t in teams if r["dealer"] in t)
        return float(r["deltas"][side[0]])
    return points


def _march(teams: tuple[tuple[int, ...], ...]) -> Callable[[dict[str, Any]], float]:
    def march(r: dict[str, Any]) -> float:
        side = next(t for t in teams if r["maker"] in t)
        return float(sum(r["tricks"][seat] for seat in side) == sum(r["tricks"]))
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
               "100 hands", _per_100(lambda r: float(r["maker"] in r["alone"]))),
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


def _points_of(seat: int) -> Callable[[dict[str, Any]], float]:
    def points(r: dict[str, Any]) -> float:
        return float(r["deltas"][seat])
    return points


def paired_possible(a: Variant, b: Variant) -> bool:
    """Both variants deal identical cards from the same seed."""
    return (a.players == b.players and a.deck == b.deck and a.deal == b.deal
            and a.dealer == b.dealer)


def _game_values(variant: Variant, seed: int, index: int, bots: Sequence[str]) -> list[float]:
    state = play_game(variant, derive_seed(seed, index), bots)
    return [m.value(state) for m in metrics_for(variant)]


def _run_rows(job: Job) -> list[tuple[int, list[float]]]:
    variant = _variant_of(job.name, job.rules_json, job.rules_hash)
    return [(i, _game_values(variant, job.seed, i, job.bots)) for i in range(job.start, job.stop)]


def _rows(variant: Variant, *, seed: int, games: int, bots: Sequence[str], workers: int,
          progress: Callable[[int], None] | None) -> list[list[float]]:
    jobs = iter_jobs(variant, seed, games, bots, workers * 8)
    rows: dict[int, list[float]] = {}

    def done(job: Job, result: list[tuple[int, list[float]]]) -> None:
        rows.update(result)
        if progress:
            progress(job.stop - job.start)

    if workers <= 1:
        for job in jobs:
            done(job, _run_rows(job))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            run_windowed(lambda job: pool.submit(_run_rows, job), _first_done, jobs,
                         workers * 4, done)
    return [rows[i] for i in range(games)]


def _mean_var(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = math.fsum(values) / n
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, var


def compare(
    a: Variant, b: Variant, *, seed: int, games: int, bots_a: Sequence[str],
    bots_b: Sequence[str], workers: int = 1, progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Run both variants and return every common figure with the difference ``b - a``."""
    paired = paired_possible(a, b) and list(bots_a) == list(bots_b)
    rows_a = _rows(a, seed=seed, games=games, bots=bots_a, workers=workers, progress=progress)
    rows_b = _rows(b, seed=seed, games=games, bots=bots_b, workers=workers, progress=progress)
    keys_b = {m.key: i for i, m in enumerate(metrics_for(b))}
    figures = []
    for i, metric in enumerate(metrics_for(a)):
        if metric.key not in keys_b:
            continue
        j = keys_b[metric.key]
        va, vb = [r[i] for r in rows_a], [r[j] for r in rows_b]
        mean_a, var_a = _mean_var(va)
        mean_b, var_b = _mean_var(vb)
        if paired:
            diff, var_d = _mean_var([y - x for x, y in zip(va, vb, strict=True)])
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
            "bots": {"a": list(bots_a), "b": list(bots_b)}, "figures": figures}


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
