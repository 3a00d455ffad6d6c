"""Batch mode's speed beside OpenSpiel's C++ loop, and its memory per game in flight.

Run from the repository root (``tools/bench.py --batch`` runs this)::

    .venv/bin/python tools/bench_batch.py [--runs R] [--sizes 100,1000,10000,100000]
        [--variants standard,cutthroat,ghost-hand] [--other-sizes 10000] [--json]

In this one process, on one core, interleaved round by round (so that other work on the
machine slows every subject alike), median of ``R`` runs (default 3):

- **OpenSpiel C++**: ``pyspiel.evaluate_bots`` on ``euchre`` with four
  ``make_uniform_random_bot`` bots: the whole hand, chance included, played inside C++ (one
  OpenSpiel game is one hand, stick-the-dealer); about 2 s a run.
- **euchrekit batch**, ``standard`` with random bots, at each batch size B: one batch of
  ``max(2 B, 20,000)`` whole games (rows take the next game when theirs ends). *hands/s*
  counts scored hands, as ``simulate`` does. The other variants (``cutthroat``, ``ghost-hand``
  by default) the same way at the ``--other-sizes`` (10,000 by default; a random Ghost Hand
  game lasts about 500 hands, so a run of it takes half a minute).

Figures are per second of wall time and per second of this process's CPU time (steadier on a
busy machine). Memory: the peak of numpy's and Python's allocations (``tracemalloc``) while
one batch of B games plays, divided by B.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

from engine import load_variant
from engine.batch.forms import missing
from engine.batch.run import compile_kernels, play_batch

SIZES = (100, 1_000, 10_000, 100_000)
Timed = tuple[int, float, float]
"""(hands, wall seconds, CPU seconds)."""


def time_openspiel(seconds: float, first: int) -> Timed | None:
    """Hands of OpenSpiel's ``euchre`` played by ``pyspiel.evaluate_bots`` (C++) for about
    ``seconds``; None without pyspiel."""
    try:
        import pyspiel  # noqa: PLC0415 - optional: the openspiel extra
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(4)]
    hands, wall, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        for _ in range(500):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, first + hands)
            hands += 1
    return hands, time.perf_counter() - wall, time.process_time() - cpu


def batch_timer(name: str, size: int) -> Callable[[int], Timed]:
    """One run of batch mode at batch size ``size``: one batch of whole games."""
    variant = load_variant(name)
    kernels = compile_kernels(variant)
    games = max(2 * size, 20_000)

    def run(index: int) -> Timed:
        wall, cpu = time.perf_counter(), time.process_time()
        tally, _ = play_batch(variant, kernels, seed=0, index=index, size=size, games=games)
        return tally.hands, time.perf_counter() - wall, time.process_time() - cpu

    run(-1)  # first allocations and imports, not timed
    return run


def bytes_per_game(name: str, size: int) -> float:
    """Peak bytes allocated while one batch of ``size`` games plays, per game."""
    variant = load_variant(name)
    kernels = compile_kernels(variant)
    tracemalloc.start()
    try:
        play_batch(variant, kernels, seed=0, index=0, size=size, games=size)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / size


def _median(runs: list[Timed]) -> dict[str, float]:
    return {"hands_per_s": statistics.median(h / w for h, w, _ in runs),
            "hands_per_cpu_s": statistics.median(h / c for h, _, c in runs),
            "hands": sum(h for h, _, _ in runs)}


def measure(sizes: Sequence[int], runs: int, variants: Sequence[str],
            other_sizes: Sequence[int] | None = None) -> dict[str, Any]:
    """Every subject ``runs`` times, interleaved: the first variant at ``sizes``, the others
    at ``other_sizes`` (default: ``sizes``)."""
    subjects = [(name, size) for i, name in enumerate(variants)
                for size in (sizes if i == 0 or other_sizes is None else other_sizes)]
    timers = {f"{name} B={size}": batch_timer(name, size) for name, size in subjects}
    done: dict[str, list[Timed]] = {key: [] for key in ["openspiel_cpp", *timers]}
    for r in range(runs):
        reference = time_openspiel(2.0, first=r * 1_000_000)
        if reference is not None:
            done["openspiel_cpp"].append(reference)
        for key, timer in timers.items():
            done[key].append(timer(r))
    out: dict[str, Any] = {key: _median(value) for key, value in done.items() if value}
    for name, size in subjects:
        out[f"{name} B={size}"]["bytes_per_game"] = round(bytes_per_game(name, size))
    return out


def render(measured: dict[str, Any], skipped: dict[str, str]) -> str:
    """The table: hands/s (wall, CPU) and the ratio to OpenSpiel's C++ loop."""
    ref = measured.get("openspiel_cpp")
    lines = [f"{'subject':<28} {'hands/s':>11} {'per CPU-s':>11} {'x C++':>7} {'x C++ cpu':>9}"
             f" {'bytes/game':>10}"]
    for key, m in measured.items():
        ratio = f"{m['hands_per_s'] / ref['hands_per_s']:7.2f}" if ref else "      -"
        ratio_cpu = f"{m['hands_per_cpu_s'] / ref['hands_per_cpu_s']:9.2f}" if ref else \
            "        -"
        memory = f"{m['bytes_per_game']:>10,}" if "bytes_per_game" in m else " " * 10
        lines.append(f"{key:<28} {m['hands_per_s']:>11,.0f} {m['hands_per_cpu_s']:>11,.0f} "
                     f"{ratio} {ratio_cpu} {memory}")
    lines.extend(f"{name}: {reason}" for name, reason in skipped.items())
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3, help="runs per subject (3)")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)),
                        help="batch sizes, comma-separated (100,1000,10000,100000)")
    parser.add_argument("--variants", default="standard,cutthroat,ghost-hand",
                        help="variants to time in batch mode, where they have batch forms")
    parser.add_argument("--other-sizes", default="10000",
                        help="batch sizes for the variants after the first (10000)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    args = parser.parse_args(argv)
    try:
        sizes = [int(s) for s in args.sizes.split(",")]
        other_sizes = [int(s) for s in args.other_sizes.split(",")]
    except ValueError:
        parser.error(f"--sizes, --other-sizes: whole numbers separated by commas, not "
                     f"{args.sizes!r}, {args.other_sizes!r}")
    if args.runs < 1 or any(s < 1 for s in [*sizes, *other_sizes]):
        parser.error("--runs and every size must be at least 1")
    names = [n.strip() for n in args.variants.split(",") if n.strip()]
    skipped = {n: r for n in names if (r := missing(load_variant(n))) is not None}
    measured = measure(sizes, args.runs, [n for n in names if n not in skipped], other_sizes)
    if args.json:
        print(json.dumps({"measured": measured, "no_batch_form": skipped}, indent=2))
    else:
        print(render(measured, skipped))
    return 0


if __name__ == "__main__":
    sys.exit(main())
