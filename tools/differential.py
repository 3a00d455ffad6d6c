"""Play seeded random hands in OpenSpiel's ``euchre`` and in ours, side by side.

Run from the repository root::

    .venv/bin/python tools/differential.py [--hands N] [--seed S] [--examples K]
        [--setting all|default|lone|nostick|lone-nostick]

For each setting (OpenSpiel's ``allow_lone_defender`` and ``stick_the_dealer``, and the
overlay of ``variants/openspiel.yaml`` that matches it) it plays ``N`` hands: OpenSpiel's
chance nodes are driven from a seeded RNG, our engine gets the same deal, and at every decision
the seat to act and the set of legal actions must agree; one random action is applied to both;
at the end OpenSpiel's returns must equal our first hand's score deltas (and each seat's
tricks), or both must have ended the deal unscored. It prints the divergences by kind with the
first few examples (deal and actions, enough to replay), the hands per second, and exits 1 on
any divergence (2 when open-spiel is not installed).

The comparison itself lives in ``engine/testing/openspiel_differential.py``, shared with
``tests/test_differential_openspiel.py``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

try:
    from engine.testing.openspiel_differential import SETTINGS, Report, run_setting
except ImportError as exc:  # pyspiel has no wheel for some platforms
    if exc.name != "pyspiel":
        raise
    print("open-spiel is not installed on this platform: pip install open-spiel",
          file=sys.stderr)
    sys.exit(2)


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000,
                        help="hands per setting (default 20000)")
    parser.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    parser.add_argument("--setting", choices=["all", *SETTINGS], default="all",
                        help="which OpenSpiel setting to compare (default all four)")
    parser.add_argument("--examples", type=int, default=3,
                        help="examples shown per setting and kind (default 3)")
    return parser.parse_args(argv)


def _print_report(report: Report, examples: int) -> None:
    counts = report.counts()
    found = ", ".join(f"{kind} {n}" for kind, n in sorted(counts.items())) or "none"
    print(f"{report.setting:>13}: {report.hands} hands ({report.thrown_in} ended unscored), "
          f"divergences: {found}; {report.hands_per_second:.0f} hands/s "
          f"({report.seconds:.1f} s)", flush=True)
    for kind in sorted(counts):
        for divergence in [d for d in report.divergences if d.kind == kind][:examples]:
            print(divergence.describe())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the comparison; 0 when the engines agreed everywhere, 1 otherwise."""
    args = _parse(argv)
    names = list(SETTINGS) if args.setting == "all" else [args.setting]
    reports = []
    print(f"OpenSpiel euchre vs euchrekit: {args.hands} hands per setting, seed {args.seed}",
          flush=True)
    for name in names:
        report = run_setting(SETTINGS[name], hands=args.hands, seed=args.seed)
        _print_report(report, args.examples)
        reports.append(report)
    hands = sum(r.hands for r in reports)
    seconds = sum(r.seconds for r in reports)
    diverged = sum(len(r.divergences) for r in reports)
    print(f"total: {hands} hands, {diverged} divergences, "
          f"{hands / seconds if seconds else 0:.0f} hands/s")
    return 1 if diverged else 0


if __name__ == "__main__":
    sys.exit(main())
