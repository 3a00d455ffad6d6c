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
from pathlib import Path
from typing import Any

import numpy as np

from engine import load_variant
from engine.batch.forms import missing, missing_bot
from engine.batch.run import compile_kernels, heuristic_numbers, play_batch
from engine.batch.simulate import simulate_batch
from engine.bots.greedy import ALONE_AT, ORDER_AT
from engine.core.bot_spec import BotSpec
from engine.mechanics.batch.hand import BatchHand, GreedySeats
from engine.mechanics.batch.heuristic import HeuristicSeats, HeuristicTables
from engine.rules.variant import Variant
from engine.sim.simulate import simulate

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


def batch_timer(name: str, size: int, bot: str = "random") -> Callable[[int], Timed]:
    """One run of batch mode at batch size ``size``: one batch of whole games, every seat
    played by ``bot``."""
    variant = load_variant(name)
    kernels = compile_kernels(variant)
    games = max(2 * size, 20_000) * _per_row(variant)
    bots = [BotSpec.parse(bot)] * variant.players

    def run(index: int) -> Timed:
        wall, cpu = time.perf_counter(), time.process_time()
        tally, _ = play_batch(variant, kernels, seed=0, index=index, size=size, games=games,
                              bots=bots)
        return tally.hands, time.perf_counter() - wall, time.process_time() - cpu

    run(-1)  # first allocations and imports, not timed
    return run


def scalar_timer(name: str, games: int) -> Callable[[int], Timed]:
    """One run of the scalar engine with the ``heuristic`` bot at every seat: ``games``
    games in this process."""
    variant = load_variant(name)
    bots = [BotSpec.parse("heuristic")] * variant.players

    def run(index: int) -> Timed:
        wall, cpu = time.perf_counter(), time.process_time()
        tally = simulate(variant, seed=1000 + index, games=games, bots=bots)
        return tally.hands, time.perf_counter() - wall, time.process_time() - cpu

    return run


def _per_row(variant: Variant) -> int:
    """The games a row plays at a stretch: a match's (``game.match``: a row plays a match's
    games in turn, so a batch of B rows is full with B matches), else one."""
    match = variant.game.match
    return 1 if match is None else match.games


MEMORY_HANDS = 60
"""The hands of the batch whose memory is measured: its arrays are the batch's size from the
first hand, and a game of most variants is over long before (a random Bid Euchre game, which
runs to the hand limit, would take minutes under ``tracemalloc``)."""


def bytes_per_game(name: str, size: int, bot: str = "random") -> float:
    """Peak bytes allocated while one batch of ``size`` games plays (up to
    :data:`MEMORY_HANDS` hands), per game."""
    variant = load_variant(name)
    kernels = compile_kernels(variant)
    bots = [BotSpec.parse(bot)] * variant.players
    tracemalloc.start()
    try:
        play_batch(variant, kernels, seed=0, index=0, size=size,
                   games=size * _per_row(variant), bots=bots, hands=MEMORY_HANDS)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / size


def _median(runs: list[Timed]) -> dict[str, float]:
    return {"hands_per_s": statistics.median(h / w for h, w, _ in runs),
            "hands_per_cpu_s": statistics.median(h / c for h, _, c in runs),
            "hands": sum(h for h, _, _ in runs)}


def measure(sizes: Sequence[int], runs: int, variants: Sequence[str],
            other_sizes: Sequence[int] | None = None, *, bots: Sequence[str] = ("random",),
            scalar_games: int = 0) -> dict[str, Any]:
    """Every subject ``runs`` times, interleaved: the first variant at ``sizes``, the others
    at ``other_sizes`` (default: ``sizes``), each with every bot of ``bots``; with
    ``scalar_games``, the scalar engine's heuristic on the first variant too."""
    subjects = [(name, size, bot) for i, name in enumerate(variants)
                for size in (sizes if i == 0 or other_sizes is None else other_sizes)
                for bot in bots if bot_missing(name, bot) is None]
    timers = {_key(name, size, bot): batch_timer(name, size, bot)
              for name, size, bot in subjects}
    if scalar_games and variants:
        timers[f"{variants[0]} scalar heuristic"] = scalar_timer(variants[0], scalar_games)
    done: dict[str, list[Timed]] = {key: [] for key in ["openspiel_cpp", *timers]}
    for r in range(runs):
        reference = time_openspiel(2.0, first=r * 1_000_000)
        if reference is not None:
            done["openspiel_cpp"].append(reference)
        for key, timer in timers.items():
            done[key].append(timer(r))
    out: dict[str, Any] = {key: _median(value) for key, value in done.items() if value}
    for name, size, bot in subjects:
        out[_key(name, size, bot)]["bytes_per_game"] = round(bytes_per_game(name, size, bot))
    return out


def bot_missing(name: str, bot: str) -> str | None:
    """Why ``bot`` at every seat has no batch form in variant ``name``, or None."""
    variant = load_variant(name)
    return missing_bot([BotSpec.parse(bot)] * variant.players, variant)


def distance(name: str, games: int, seed: int = 1) -> int:
    """The batch heuristic's distance from the scalar one: how many of ``games`` batch games,
    every seat the heuristic, replayed through the scalar engine with the scalar
    ``HeuristicBot`` asked at each decision (``--verify``), differ anywhere."""
    variant = load_variant(name)
    run = simulate_batch(variant, seed=seed, games=games, batch_size=games, verify=games,
                         bots=[BotSpec.parse("heuristic")] * variant.players)
    return len(run.problems)


def _key(name: str, size: int, bot: str) -> str:
    return f"{name} B={size}" if bot == "random" else f"{name} {bot} B={size}"


def _deltas(name: str, seats: Sequence[str], deals: int, seed: int) -> np.ndarray:
    """Each seat's points in ``deals`` single hands, every hand dealt from ``seed`` (the same
    cards and dealers whoever plays: each form draws the same numbers whatever its bots
    choose), ``seats[s]`` playing seat ``s``."""
    variant = load_variant(name)
    kernels = compile_kernels(variant)
    rng = np.random.Generator(np.random.PCG64(seed))
    flags = np.array([bot == "greedy" for bot in seats])
    smart = np.array([bot == "heuristic" for bot in seats])
    bh = BatchHand(rng=rng, dealer=rng.integers(0, variant.players, size=deals),
                   players=variant.players, extras=len(variant.deal.extra_hands),
                   greedy=GreedySeats(seats=flags, order_at=ORDER_AT, alone_at=ALONE_AT),
                   heuristic=HeuristicSeats(seats=smart, tables=HeuristicTables(
                       variant, heuristic_numbers(variant))))
    for kernel in kernels:
        kernel.run(bh)
    deltas: np.ndarray = bh.deltas
    return deltas


def duplicate(name: str, a: str, b: str, deals: int, seed: int = 11) -> tuple[float, float]:
    """Bot ``a``'s points a hand less bot ``b``'s, per seat, on duplicate deals: every deal is
    played once with ``a`` at each seat and ``b`` at the others (a partnership: ``a`` at one
    side, then the other), and the differences are averaged per deal; the mean and the
    half-width of its 95% interval over the deals."""
    variant = load_variant(name)
    p = variant.players
    teams = [team for team in variant.sides.teams if len(team) > 1]
    seatings = [list(team) for team in teams] if teams else [[s] for s in range(p)]
    per_deal = np.zeros(deals)
    for mine in seatings:
        seats = [a if s in mine else b for s in range(p)]
        deltas = _deltas(name, seats, deals, seed)
        ours = deltas[:, mine].mean(axis=1)
        theirs = deltas[:, [s for s in range(p) if s not in mine]].mean(axis=1)
        per_deal += (ours - theirs) / len(seatings)
    return float(per_deal.mean()), float(1.96 * per_deal.std(ddof=1) / np.sqrt(deals))


def render(measured: dict[str, Any], skipped: dict[str, str]) -> str:
    """The table: hands/s (wall, CPU) and the ratio to OpenSpiel's C++ loop."""
    ref = measured.get("openspiel_cpp")
    lines = [f"{'subject':<36} {'hands/s':>11} {'per CPU-s':>11} {'x C++':>7} {'x C++ cpu':>9}"
             f" {'bytes/game':>10}"]
    for key, m in measured.items():
        ratio = f"{m['hands_per_s'] / ref['hands_per_s']:7.2f}" if ref else "      -"
        ratio_cpu = f"{m['hands_per_cpu_s'] / ref['hands_per_cpu_s']:9.2f}" if ref else \
            "        -"
        memory = f"{m['bytes_per_game']:>10,}" if "bytes_per_game" in m else " " * 10
        lines.append(f"{key:<36} {m['hands_per_s']:>11,.0f} {m['hands_per_cpu_s']:>11,.0f} "
                     f"{ratio} {ratio_cpu} {memory}")
    lines.extend(f"{name}: {reason}" for name, reason in skipped.items())
    return "\n".join(lines)


def _three(number: float) -> str:
    """``number`` to three significant figures, with thousands separators (1,250,000)."""
    return f"{float(f'{number:.3g}'):,.0f}"


def markdown(measured: dict[str, Any], duplicates: dict[str, tuple[float, float]],
             distances: dict[str, int], names: Sequence[str], *, size: int, games: int) -> str:
    """The README's table: a row a variant at batch size ``size`` (random and heuristic
    hands per CPU-second with their ratio to OpenSpiel's C++ loop, bytes a game in flight,
    the heuristic's lead over ``greedy`` and ``random`` on duplicate deals, and its distance
    from the scalar heuristic in ``games`` verified games); a blank where not measured."""
    ref = measured.get("openspiel_cpp")

    def speed(key: str) -> str:
        m = measured.get(key)
        if m is None:
            return "-"
        ratio = f" ({m['hands_per_cpu_s'] / ref['hands_per_cpu_s']:.2f})" if ref else ""
        return f"{_three(m['hands_per_cpu_s'])}{ratio}"

    def memory(key: str) -> str:
        m = measured.get(key)
        return f"{m['bytes_per_game']:,}" if m else "-"

    def lead(key: str) -> str:
        if key not in duplicates:
            return "-"
        mean, half = duplicates[key]
        return f"{mean:+.3f} (±{half:.3f})"

    lines = [f"| one core, B = {size:,} | random, hands per CPU-s (x C++) | heuristic, hands "
             "per CPU-s (x C++) | bytes a game, random / heuristic | heuristic less greedy, "
             "points a hand (95%) | heuristic less random | distance from the scalar "
             f"heuristic (games differing of {games:,}) |",
             "|---|---|---|---|---|---|---|"]
    if ref:
        lines.append(f"| OpenSpiel C++ `evaluate_bots` | {_three(ref['hands_per_cpu_s'])} (1) "
                     "| | | | | |")
    for name in names:
        random_key, smart_key = _key(name, size, "random"), _key(name, size, "heuristic")
        dist = str(distances[name]) if name in distances else "-"
        lines.append(f"| `{name}` | {speed(random_key)} | {speed(smart_key)} | "
                     f"{memory(random_key)} / {memory(smart_key)} | "
                     f"{lead(f'{name}: heuristic vs greedy')} | "
                     f"{lead(f'{name}: heuristic vs random')} | {dist} |")
    return "\n".join(lines)


def _markdown_from(path: str, *, size: int, games: int) -> int:
    """Print the README's table of a run saved with ``--json``."""
    try:
        saved = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        print(f"bench_batch: {path}: {error}", file=sys.stderr)
        return 1
    measured = saved["measured"]
    names = list(dict.fromkeys(key.split(" ")[0] for key in measured if key != "openspiel_cpp"))
    duplicates = {key: (mean, half) for key, (mean, half) in saved["duplicate"].items()}
    print(markdown(measured, duplicates, saved.get("distance", {}), names, size=size,
                   games=games))
    for name, reason in {**saved["no_batch_form"], **saved.get("no_batch_heuristic", {})
                         }.items():
        print(f"{name}: {reason}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3, help="runs per subject (3)")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)),
                        help="batch sizes, comma-separated (100,1000,10000,100000)")
    parser.add_argument("--variants", default="standard,cutthroat,ghost-hand",
                        help="variants to time in batch mode, where they have batch forms")
    parser.add_argument("--other-sizes", default="10000",
                        help="batch sizes for the variants after the first (10000)")
    parser.add_argument("--bots", default="random",
                        help="batch bots to time, comma-separated (random; also greedy, "
                        "heuristic)")
    parser.add_argument("--scalar-games", type=int, default=0,
                        help="also time the scalar engine's heuristic on the first variant, "
                        "this many games a run (0: not)")
    parser.add_argument("--duplicate", type=int, default=0,
                        help="also play this many duplicate deals of each variant: the batch "
                        "heuristic against greedy and random, points a hand (0: not)")
    parser.add_argument("--verify", type=int, default=0,
                        help="also replay this many batch heuristic games of each variant "
                        "through the scalar engine, the scalar heuristic asked at every "
                        "decision, and count the games that differ (0: not)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument("--markdown", action="store_true",
                        help="print the README's table instead (one row a variant, at the "
                        "first of --other-sizes, or of --sizes for the first variant alone)")
    parser.add_argument("--markdown-from", metavar="JSON",
                        help="print the README's table of a run saved with --json (its "
                        "--other-sizes and --verify given again), and measure nothing")
    args = parser.parse_args(argv)
    try:
        sizes = [int(s) for s in args.sizes.split(",")]
        other_sizes = [int(s) for s in args.other_sizes.split(",")]
    except ValueError:
        parser.error(f"--sizes, --other-sizes: whole numbers separated by commas, not "
                     f"{args.sizes!r}, {args.other_sizes!r}")
    if args.runs < 1 or any(s < 1 for s in [*sizes, *other_sizes]):
        parser.error("--runs and every size must be at least 1")
    if args.markdown_from:
        return _markdown_from(args.markdown_from, size=other_sizes[0], games=args.verify)
    names = [n.strip() for n in args.variants.split(",") if n.strip()]
    skipped = {n: r for n in names if (r := missing(load_variant(n))) is not None}
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    playable = [n for n in names if n not in skipped]
    measured = measure(sizes, args.runs, playable, other_sizes, bots=bots,
                       scalar_games=args.scalar_games)
    smart = [n for n in playable if bot_missing(n, "heuristic") is None]
    no_heuristic = {n: r for n in playable if (r := bot_missing(n, "heuristic")) is not None}
    matches = {f"{name}: heuristic vs {other}": duplicate(name, "heuristic", other,
                                                          args.duplicate)
               for name in smart for other in ("greedy", "random")} if args.duplicate else {}
    distances = {name: distance(name, args.verify) for name in smart} if args.verify else {}
    if args.markdown:
        size = other_sizes[0] if len(playable) > 1 else sizes[0]
        print(markdown(measured, matches, distances, playable, size=size, games=args.verify))
        for name, reason in {**skipped, **no_heuristic}.items():
            print(f"{name}: {reason}")
    elif args.json:
        print(json.dumps({"measured": measured, "no_batch_form": skipped,
                          "no_batch_heuristic": no_heuristic, "duplicate": matches,
                          "distance": distances}, indent=2))
    else:
        print(render(measured, skipped))
        for key, (mean, half) in matches.items():
            print(f"{key}: {mean:+.3f} points a hand (95% interval {mean - half:+.3f} to "
                  f"{mean + half:+.3f}; {args.duplicate:,} duplicate deals)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
