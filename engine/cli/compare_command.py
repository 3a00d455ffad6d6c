"""``euchre compare A B --games N --seed S``: what a rule change does."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from engine.bots import parse_bots
from engine.cli.progress import ProgressBar
from engine.cli.simulate_command import add_run_options, capped_workers, positive
from engine.core.bot_spec import BotSpec
from engine.core.errors import EuchreError
from engine.core.printable import printable
from engine.rules.loader import load_variant
from engine.rules.variant import Variant
from engine.sim import plot
from engine.sim.compare import Comparison, compare, plain_line, report_json
from engine.sim.confidence import shown

__all__ = ["register"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``compare`` to the ``euchre`` parser."""
    p = sub.add_parser(
        "compare", help="compare two variants on the same seeded games",
        description="Play the same seeded games under two variants (on the same deals when "
        "both deal alike: a paired comparison) and print each figure under both, the "
        "difference B - A with its 95% confidence interval, and a plain sentence for every "
        "difference whose interval excludes zero.")
    p.add_argument("a", metavar="A", help="the baseline variant (name or .yaml)")
    p.add_argument("b", metavar="B", help="the variant to compare with it")
    add_run_options(p, games=2000, scheduler=False)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--plot", metavar="FILE.png",
                   help="draw each difference B - A with its 95%% interval, one row a figure "
                   "(needs euchrekit[plot]); an existing file is replaced only when it is an "
                   "earlier plot")
    p.add_argument("--force", action="store_true",
                   help="with --plot: replace an existing file even if it is not a plot")
    p.add_argument("--engine", choices=("scalar", "batch"), default="scalar",
                   help="scalar (default): the interpreter, one game at a time; batch: numpy "
                   "kernels playing --batch-size games of each variant in lockstep, game i of "
                   "both on the same deals (random, greedy and heuristic have batch forms; "
                   "needs euchrekit[batch]); a variant or bot without a batch form is named and "
                   "the scalar engine plays both")
    p.add_argument("--batch-size", type=positive, default=None, metavar="B",
                   help="games per batch with --engine batch (default 10,000); the report is "
                   "the same for a seed and a batch size")
    p.set_defaults(run=_compare)


def _compare(args: argparse.Namespace) -> int:
    plot_path = (plot.check_plot_path(args.plot, force=args.force)
                 if args.plot is not None else None)
    a, b = load_variant(args.a), load_variant(args.b)
    if a.name == b.name and a.rules_hash == b.rules_hash:
        raise EuchreError(f"{printable(args.a)} and {printable(args.b)} are the same rules; "
                          "nothing to compare")
    bots_a = parse_bots(args.bots, a.players)
    bots_b = parse_bots(args.bots, b.players)
    args.workers = capped_workers(args.workers)
    name_a, name_b = printable(a.name), printable(b.name)
    if args.engine == "scalar" and args.batch_size is not None:
        print("euchre compare: error: --batch-size needs --engine batch", file=sys.stderr)
        return 2
    run = _batch_runner(args, a, b, bots_a, bots_b) if args.engine == "batch" else None
    bar = ProgressBar(2 * args.games, enabled=not args.quiet)
    try:
        report = (run(bar) if run is not None else
                  compare(a, b, seed=args.seed, games=args.games, bots_a=bots_a,
                          bots_b=bots_b, workers=args.workers, progress=bar))
    finally:
        bar.close()
    if args.json:
        print(report_json(report))
    else:
        _print_text(args, report, name_a, name_b)
    if plot_path is not None:  # after the report: a plot that fails does not lose it
        sys.stdout.flush()
        plot.plot_comparison(report, plot_path, f"{name_b} against {name_a}: {args.games:,} "
                             f"games each, seed {args.seed}")
    return 0


def _batch_runner(args: argparse.Namespace, a: Variant, b: Variant, bots_a: tuple[BotSpec, ...],
                  bots_b: tuple[BotSpec, ...]) -> Callable[[ProgressBar], Comparison] | None:
    """The batch comparison to run, or None (after a message naming why on stderr) when a
    variant or a bot has no batch form and the scalar engine must play both."""
    try:
        from engine.batch import forms  # noqa: PLC0415 - the batch extra is optional
        from engine.batch.compare import compare_batch  # noqa: PLC0415
        from engine.batch.simulate import DEFAULT_BATCH  # noqa: PLC0415
    except ImportError:
        print("euchre: batch mode needs numpy (pip install 'euchrekit[batch]'); playing the "
              "scalar engine", file=sys.stderr)
        return None
    for variant, bots in ((a, bots_a), (b, bots_b)):
        reason = forms.missing(variant) or forms.missing_bot(bots, variant)
        if reason is not None:
            print(f"euchre: batch mode: {reason}; playing the scalar engine", file=sys.stderr)
            return None
    size = args.batch_size if args.batch_size is not None else DEFAULT_BATCH

    def run(bar: ProgressBar) -> Comparison:
        return compare_batch(a, b, seed=args.seed, games=args.games, bots_a=bots_a,
                             bots_b=bots_b, batch_size=size, workers=args.workers, progress=bar)
    return run


def _print_text(args: argparse.Namespace, report: Comparison, name_a: str, name_b: str
                ) -> None:
    how = ("paired: both variants played on the same deals" if report.paired
           else "independent runs (the variants deal differently)")
    print(f"{name_b} against {name_a}: {args.games:,} games each, seed {args.seed}, bots "
          f"{args.bots}; {how}")
    width = max(len(f.said) for f in report.figures)
    print(f"{'':<{width}}  {name_a:>12} {name_b:>12}   difference (95% CI)")
    for f in report.figures:
        low, high = f.ci95
        mark = " *" if f.significant else ""
        print(f"{f.said:<{width}}  {shown(f.a, 3):>12} {shown(f.b, 3):>12}   "
              f"{shown(f.difference, 3, sign=True)} ({shown(low, 3, sign=True)} to "
              f"{shown(high, 3, sign=True)}){mark}")
    if report.stopped_a or report.stopped_b:
        print(f"stopped at the hand limit (game.max_hands): {report.stopped_a:,} games under "
              f"{name_a}, {report.stopped_b:,} under {name_b}; the side ahead won them, and the "
              "game wins above include them")
    significant = [f for f in report.figures if f.significant]
    print()
    if not significant:
        print(f"No difference is significant at 95% after {args.games:,} games; more games "
              "would narrow the intervals.")
    for f in significant:
        print("* " + plain_line(f, name_b))
