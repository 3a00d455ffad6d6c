"""``euchre simulate NAME --games N --seed S [--bots ...] [--workers K] [--json|--csv]``, and
batch mode: ``--engine batch [--batch-size B] [--verify K]`` (:mod:`engine.batch`)."""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections.abc import Iterator
from typing import Any

from engine.bots import BotSpec, parse_bots
from engine.cli.progress import ProgressBar
from engine.core.printable import printable
from engine.core.seats import seat_names, side_words
from engine.rules.loader import load_variant
from engine.rules.results import REDEAL_WHY
from engine.sim import plot
from engine.sim.confidence import shown
from engine.sim.simulate import simulate
from engine.sim.stats import Tally
from engine.sim.workers import WORKERS_PER_CPU, cpu_count, worker_cap

__all__ = ["add_run_options", "capped_workers", "positive", "register"]


def positive(text: str) -> int:
    """argparse type: a whole number >= 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def non_negative(text: str) -> int:
    """argparse type: a whole number >= 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def add_run_options(p: argparse.ArgumentParser, *, games: int = 1000,
                    scheduler: bool = True) -> None:
    """Options shared by ``simulate`` and ``compare``."""
    p.add_argument("--games", type=positive, default=games,
                   help=f"games to play (default {games})")
    p.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    p.add_argument("--bots", default="heuristic",
                   help="one bot for every seat, or one per seat in seat order, comma-separated "
                   "(random, heuristic, search or search:N, solver or solver:N, a time budget "
                   "such as search:200ms, greedy; default heuristic)")
    p.add_argument("--workers", type=positive, default=1,
                   help=f"local processes (default 1, at most {WORKERS_PER_CPU} per CPU); "
                   "results are identical for every count")
    if scheduler:
        p.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on a Dask cluster: its scheduler's tcp://HOST:PORT (e.g. "
                       "tcp://host:8786; needs euchrekit[dask])")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``simulate`` to the ``euchre`` parser."""
    p = sub.add_parser(
        "simulate", help="play many games between bots and report statistics",
        description="Play seeded games of a variant between bots and report wins, points per "
        "hand, how often makers make, march and get euchred, lone hands, thrown-in deals and "
        "the variant's own events, each with a 95% confidence interval. The same seed gives the "
        "same report, whatever the number of workers. A variant with match rules "
        "(`game.match`: laps, slam) plays its games as matches of `game.match.games` games: "
        "game i is game i mod N of match i div N, laps carry from one game of a match to the "
        "next, and the report adds a `match` part (matches won, games credited to each side "
        "with a slam counting two, slams, points carried); a match is always played whole in "
        "one process, so the report stays the same for any number of workers. A last match "
        "that --games cuts short is reported apart, neither won nor tied. A best-of match "
        "(`game.match.best_of`) stops once decided: the games it did not need keep their "
        "numbers but are not played, and the report adds each side's rubber points (games "
        "credited plus `rubber_bonus` for each match won; MATCH-A1, MATCH-A2).")
    p.add_argument("variant", metavar="NAME_OR_PATH", help="a shipped name or a .yaml file")
    add_run_options(p)
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true",
                     help="print one JSON object (timing goes to stderr, so the output is "
                     "byte-identical for a seed)")
    out.add_argument("--csv", action="store_true",
                     help="print metric,group,value,ci_low,ci_high rows")
    p.add_argument("--plot", metavar="FILE.png",
                   help="draw score over hands and win rates (needs euchrekit[plot]); an "
                   "existing file is replaced only when it is an earlier plot")
    p.add_argument("--force", action="store_true",
                   help="with --plot: replace an existing file even if it is not a plot")
    p.add_argument("--engine", choices=("scalar", "batch"), default="scalar",
                   help="scalar (default): the interpreter, one game at a time; batch: numpy "
                   "kernels playing --batch-size games in lockstep (random bots by default; "
                   "random, greedy and heuristic have batch forms; needs euchrekit[batch]); a "
                   "variant or bot without a batch form is named and "
                   "played by the scalar engine")
    p.add_argument("--batch-size", type=positive, default=None, metavar="B",
                   help="games per batch with --engine batch (default 10,000); the report is "
                   "the same for a seed and a batch size")
    p.add_argument("--verify", type=non_negative, default=0, metavar="K",
                   help="with --engine batch: replay the first K games through the scalar "
                   "interpreter (every action legal, the same scores)")
    p.set_defaults(run=_simulate, bots=None)  # None: heuristic, or random in batch mode


def capped_workers(requested: int) -> int:
    """``--workers``, lowered (with a message on stderr) to :func:`worker_cap`."""
    cap = worker_cap()
    if requested <= cap:
        return requested
    print(f"euchre: --workers {requested:,} is more than {WORKERS_PER_CPU} per CPU "
          f"({cpu_count()} CPUs); using {cap}", file=sys.stderr)
    return cap


def run_tally(args: argparse.Namespace, variant_ref: str, label: str = "games", *,
              bots: tuple[BotSpec, ...] | None = None) -> tuple[dict[str, Any], Tally, str]:
    """Load, simulate and report one variant with the shared options (``bots``: as parsed
    already, else from ``--bots``)."""
    args.workers = capped_workers(args.workers)
    variant = load_variant(variant_ref)
    if bots is None:
        bots = parse_bots(args.bots if args.bots is not None else "heuristic", variant.players)
    bar = ProgressBar(args.games, enabled=not args.quiet, label=label)
    start = time.perf_counter()
    try:
        tally = simulate(variant, seed=args.seed, games=args.games, bots=bots,
                         workers=args.workers, scheduler=args.scheduler, progress=bar)
    finally:
        bar.close()
    elapsed = time.perf_counter() - start
    report: dict[str, Any] = {"variant": variant.name, "rules_hash": variant.rules_hash,
                              "seed": args.seed, "bots": [str(spec) for spec in bots],
                              **tally.report().to_json()}
    speed = (f"{tally.hands / elapsed:,.0f} hands/s ({elapsed:.2f} s, {args.workers} "
             f"worker{'s' * (args.workers > 1)})")
    return report, tally, speed


def _simulate(args: argparse.Namespace) -> int:
    plot_path = (plot.check_plot_path(args.plot, force=args.force)
                 if args.plot is not None else None)
    if args.engine == "scalar" and (args.verify or args.batch_size is not None):
        print("euchre simulate: error: --verify and --batch-size need --engine batch",
              file=sys.stderr)
        return 2
    fallback: list[tuple[BotSpec, ...]] = []
    batch = run_batch_tally(args, fallback) if args.engine == "batch" else None
    report, tally, speed = (batch[:3] if batch is not None else
                            run_tally(args, args.variant, bots=fallback[0] if fallback else None))
    _print_report(args, report, speed)
    if batch is not None and batch[3]:
        print("euchre: --verify found batch games the scalar engine plays otherwise:\n  "
              + "\n  ".join(batch[3]), file=sys.stderr)
        return 1
    if plot_path is not None:  # after the report: a plot that fails does not lose it
        sys.stdout.flush()
        plot.plot_report(tally, report, plot_path,
                         f"{report['variant']}: {report['games']:,} games")
    return 0


def run_batch_tally(args: argparse.Namespace, fallback: list[tuple[BotSpec, ...]]
                    ) -> tuple[dict[str, Any], Tally, str, list[str]] | None:
    """Simulate in batch mode; None (after a message naming why on stderr) when the variant
    or a bot has no batch form and the scalar engine must play instead (with the bots parsed
    here, put in ``fallback``)."""
    try:
        from engine.batch import forms  # noqa: PLC0415 - the batch extra is optional
        from engine.batch.simulate import DEFAULT_BATCH, simulate_batch  # noqa: PLC0415
    except ImportError:
        print("euchre: batch mode needs numpy (pip install 'euchrekit[batch]'); playing the "
              "scalar engine", file=sys.stderr)
        return None
    args.workers = capped_workers(args.workers)
    variant = load_variant(args.variant)
    bots = parse_bots(args.bots if args.bots is not None else "random", variant.players)
    reason = forms.missing(variant) or forms.missing_bot(bots, variant)
    if reason is not None:
        print(f"euchre: batch mode: {reason}; playing the scalar engine", file=sys.stderr)
        fallback.append(bots)
        return None
    size = args.batch_size if args.batch_size is not None else DEFAULT_BATCH
    bar = ProgressBar(args.games, enabled=not args.quiet, label="games")
    start = time.perf_counter()
    try:
        run = simulate_batch(variant, seed=args.seed, games=args.games, batch_size=size,
                             workers=args.workers, scheduler=args.scheduler,
                             verify=min(args.verify, args.games), bots=bots, progress=bar)
    finally:
        bar.close()
    elapsed = time.perf_counter() - start
    report: dict[str, Any] = {"variant": variant.name, "rules_hash": variant.rules_hash,
                              "seed": args.seed, "bots": [str(spec) for spec in bots],
                              **run.tally.report().to_json()}
    speed = (f"{run.tally.hands / elapsed:,.0f} hands/s ({elapsed:.2f} s, batch engine, "
             f"B = {size:,}, {args.workers} worker{'s' * (args.workers > 1)})")
    if run.logs and not run.problems:
        print(f"verify: {len(run.logs):,} batch games replayed through the scalar interpreter: "
              "every action legal, the same scores and winners", file=sys.stderr)
    return report, run.tally, speed, run.problems


def _print_report(args: argparse.Namespace, report: dict[str, Any], speed: str) -> None:
    if args.json:
        print(json.dumps(report, indent=2))
        print(f"speed: {speed}", file=sys.stderr)
    elif args.csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(["metric", "group", "value", "ci_low", "ci_high"])
        writer.writerows(csv_rows(report))
        print(f"speed: {speed}", file=sys.stderr)
    else:
        print_text(report)
        print(f"speed: {speed}")


def csv_rows(report: dict[str, Any], prefix: str = "", group: str = "") -> Iterator[list[Any]]:
    """Flatten a report into rows (a rate or mean becomes one row with its interval)."""
    for key, value in report.items():
        if not isinstance(value, dict):
            if not isinstance(value, list):
                yield [prefix + key, group, value, "", ""]
            continue
        if "ci95" in value:
            number = value.get("rate", value.get("mean"))
            yield [prefix + key, group, number, *value["ci95"]]
        elif key in ("wins", "win_rate", "points_per_hand", "per_seat", "bids", "outcomes"):
            for sub, inner in value.items():
                if isinstance(inner, dict) and "ci95" in inner:
                    number = inner.get("rate", inner.get("mean"))
                    yield [prefix + key, sub, number, *inner["ci95"]]
                elif isinstance(inner, dict):
                    yield from csv_rows(inner, f"{prefix}{key}.", sub)
                else:
                    yield [prefix + key, sub, inner, "", ""]
        else:
            yield from csv_rows(value, f"{prefix}{key}.", group)


def _pct(value: dict[str, Any]) -> str:
    low, high = value["ci95"]
    return f"{100 * value['rate']:5.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def _mean(value: dict[str, Any]) -> str:
    low, high = value["ci95"]
    return f"{shown(value['mean'], 3)} ({shown(low, 3)} to {shown(high, 3)})"


def _who(side: str, players: int) -> str:
    """A side of the JSON report (``"0+2"``, ``"1"``) as players name it: ``North-South``."""
    return side_words(tuple(int(seat) for seat in side.split("+")), players)


def _by_side(counts: dict[str, int], players: int) -> str:
    """``North-South 3, East-West 1``."""
    return ", ".join(f"{_who(side, players)} {n:,}" for side, n in counts.items())


def _outcome(label: str) -> str:
    """A scoring row's label said with spaces (``lone march``), as the hand summaries say it."""
    return printable(label).replace("_", " ")


def _thrown_in(r: dict[str, Any]) -> str:
    """``12 thrown-in deals (10 all passed, 2 by the redeal rule)``: the words of ``compare``
    (its "thrown-in deals per game")."""
    causes = r["thrown_in_by_cause"]
    words = {"all passed": "all passed", REDEAL_WHY: "by the redeal rule"}
    said = ", ".join(f"{n:,} {words.get(why, printable(why))}" for why, n in causes.items())
    return f"{r['thrown_in']:,} thrown-in deals" + (f" ({said})" if said else "")


def print_text(r: dict[str, Any]) -> None:
    """The human-readable report (95% intervals in parentheses), sides and seats named as at
    the table (North-South, West; A, B, C)."""
    players = len(r["per_seat"])
    names = seat_names(players)
    width = max((len(_who(side, players)) for side in r["wins"]), default=0)
    seat_width = max(len(name) for name in names) + 1
    print(f"{printable(r['variant'])}: {r['games']:,} games, {r['hands']:,} hands, "
          f"{_thrown_in(r)}; bots {', '.join(r['bots'])}; 95% intervals in parentheses")
    print(f"hands per game: {_mean(r['hands_per_game'])}")
    if r["stopped_at_hand_limit"]:
        print(f"stopped at the hand limit (game.max_hands): {r['stopped_at_hand_limit']:,} "
              "games; the side ahead won them, and the game wins below include them")
    print("game wins:")
    for side, wins in r["wins"].items():
        print(f"  {_who(side, players):<{width}} {wins:>7,}  {_pct(r['win_rate'][side])}")
    print("points per hand:")
    dealer = "dealer's side"
    width = max(width, len(dealer))
    for side, value in r["points_per_hand"].items():
        print(f"  {_who(side, players):<{width}} {_mean(value)}")
    print(f"  {dealer:<{width}} {_mean(r['dealer_side_points_per_hand'])}")
    m = r["makers"]
    print(f"makers: made {_pct(m['made'])}, march {_pct(m['march'])}, "
          f"euchred {_pct(m['euchred'])}")
    print("outcomes: " + ", ".join(f"{_outcome(k)} {v:,}" for k, v in r["outcomes"].items()))
    a = r["alone"]
    print(f"alone: {a['attempts']['count']:,} attempts, {_pct(a['attempts'])} of hands; made "
          f"{_pct(a['made'])}, march {_pct(a['march'])}")
    d = r["defender_alone"]
    if d["attempts"]["count"]:
        print(f"defender alone: {d['attempts']['count']:,}; won {_pct(d['won'])}")
    print("per seat: made trump / makes / marches / euchred / alone / thrown-in deals as "
          "dealer")
    for seat, s in r["per_seat"].items():
        name = names[int(seat)] + ":"
        print(f"  {name:<{seat_width}} {_pct(s['made_trump'])} / {_pct(s['made'])} / "
              f"{_pct(s['march'])} / {_pct(s['euchred'])} / {s['alone']['attempts']:,} / "
              f"{s['thrown_in_as_dealer']:,}")
    if "bids" in r:
        print("bids: " + "; ".join(f"{b} x{v['count']:,} made {_pct(v['made'])}"
                                   for b, v in r["bids"].items()))
    if "swaps" in r:
        print(f"ghost swaps: {r['swaps']['count']:,} ({_pct(r['swaps'])} of hands)")
    if "farmer_exchanges" in r:
        print(f"farmer's-hand swaps: {r['farmer_exchanges']['count']:,} "
              f"({_pct(r['farmer_exchanges'])} of hands)")
    if "dummy_merges" in r:
        print(f"dummy merges: {r['dummy_merges']['count']:,} ({_pct(r['dummy_merges'])} of hands)")
    if "reneges" in r:
        print(f"reneges: {r['reneges']:,}")
    if "match" in r:
        m = r["match"]
        print(f"matches of {m['games_per_match']} games: {m['matches']:,}; won "
              + _by_side(m["match_wins"], players)
              + f", tied {m['tied_matches']:,}")
        if m["unfinished_matches"]:  # --games not a multiple of the match: the last cut short
            print(f"  {m['unfinished_matches']:,} unfinished match "
                  f"({m['unfinished_match_games']:,} of its {m['games_per_match']} games "
                  "played) not counted as won or tied; its games count above and below")
        print("  games credited (a slam counts two): "
              + _by_side(m["games_credited"], players)
              + f"; slams {_pct(m['slams'])}; points carried per game "
              f"{_mean(m['points_carried_per_game'])}")
        if "rubber_points" in m:  # best_of or rubber_bonus (MATCH-A2)
            print("  rubber points (games credited and the rubber bonus): "
                  + _by_side(m["rubber_points"], players))
