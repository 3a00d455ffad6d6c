"""How long the ``euchre`` command takes to start, with its bytecode cached as on a user's machine.

Run from the repository root::

    .venv/bin/python tools/startup.py [--runs N] [--tree DIR ...] [--check]

Each command (``euchre --help``, ``euchre validate standard``) runs once to warm up, which
writes the bytecode of every module it imports (the standard library's too) into a temporary
``PYTHONPYCACHEPREFIX`` (and the built expression parser beside it, engine/rules/grammar_cache.py);
then it runs ``N`` times (default 20). For each command it prints the median wall time with the
fastest run, the quartiles and the slowest, whether the median is within the command's budget,
and the same figures for the processor time the command used (user and system): on a machine
other processes load, the wall time grows and the processor time hardly does, so a wall time
over budget beside a processor time within it says the machine was busy. The load average is
printed before and after. ``PYTHONDONTWRITEBYTECODE`` is removed from the commands'
environment: this machine sets it, so without the cache every start would compile the whole
package again (about 0.8 s), which a user's installed copy never does.

``--tree DIR`` measures the package found in another checkout of the repository (for example
``git worktree add /tmp/before main``), by putting ``DIR`` first on ``PYTHONPATH``; several
trees are measured in turns, run by run, so that the load of a shared machine falls on all of
them alike. The budgets are 0.2 s for ``--help`` and 0.3 s for ``validate standard`` (issue 23,
median wall time of the first tree); a command over its budget is named on the last line, and
with ``--check`` the tool then exits 1. It is a benchmark, not a test: no test is timed.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent

COMMANDS: dict[str, tuple[tuple[str, ...], float]] = {
    "euchre --help": (("--help",), 0.2),
    "euchre validate standard": (("validate", "standard"), 0.3),
}
"""What is measured: its arguments and its budget in seconds."""


def console_script() -> list[str]:
    """The ``euchre`` console script beside this Python (as a user starts it), else
    ``python -m engine.cli``."""
    script = Path(sys.executable).parent / "euchre"
    return [str(script)] if script.exists() else [sys.executable, "-m", "engine.cli"]


def environment(tree: Path, cache: Path) -> dict[str, str]:
    """The commands' environment: bytecode written and read under ``cache``, ``tree`` first
    on the path."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    env["PYTHONPATH"] = os.pathsep.join([str(tree), *filter(None, [env.get("PYTHONPATH")])])
    return env


class Run(NamedTuple):
    """One run of a command: its wall time, and the processor time it used (user and system,
    its children's included), which other processes loading the machine hardly change."""

    wall: float
    cpu: float


def run_once(argv: list[str], env: dict[str, str]) -> Run:
    """One run; a failing command stops the measurement."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv)} exited {done.returncode}: {done.stderr.decode()[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Run(elapsed, cpu)


def spread(values: list[float]) -> str:
    """The median of ``values`` and, beside it, the fastest, the quartiles and the slowest."""
    ordered = sorted(values)
    quartiles = statistics.quantiles(ordered, n=4) if len(ordered) > 1 else ordered * 3
    return (f"{statistics.median(ordered):.3f} s (min {ordered[0]:.3f}, quartiles "
            f"{quartiles[0]:.3f}-{quartiles[2]:.3f}, max {ordered[-1]:.3f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="timed runs of each command")
    parser.add_argument("--tree", type=Path, action="append", default=[],
                        help="a checkout whose engine/ to measure (default: this one)")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when a median of the first tree is over its budget")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    trees = [tree.resolve() for tree in args.tree] or [ROOT]
    script = console_script()
    over: list[str] = []
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average before: {load} ({os.cpu_count()} processors); {args.runs} runs each")
    with tempfile.TemporaryDirectory(prefix="euchre-pycache-") as tmp:
        envs = {tree: environment(tree, Path(tmp) / str(i)) for i, tree in enumerate(trees)}
        for label, (command, budget) in COMMANDS.items():
            argv = [*script, *command]
            runs: dict[Path, list[Run]] = {tree: [] for tree in trees}
            for tree in trees:
                run_once(argv, envs[tree])  # warm-up: writes the bytecode
            for _ in range(args.runs):
                for tree in trees:
                    runs[tree].append(run_once(argv, envs[tree]))
            for i, tree in enumerate(trees):
                wall = statistics.median(r.wall for r in runs[tree])
                verdict = f"within the budget of {budget:.1f} s" if wall <= budget else \
                    f"OVER the budget of {budget:.1f} s"
                if i == 0 and wall > budget:
                    over.append(label)
                cpu = statistics.median(r.cpu for r in runs[tree])
                print(f"{label}  ({tree})\n"
                      f"  wall {spread([r.wall for r in runs[tree]])}: {verdict}\n"
                      f"  cpu  {spread([r.cpu for r in runs[tree]])}: "
                      f"{'within' if cpu <= budget else 'over'} it")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average after: {load}")
    if over:
        print(f"OVER BUDGET: {', '.join(over)} (median wall time; when the cpu time is within "
              "the budget, the machine was busy: run again when it is quiet)")
    else:
        print("both within budget")
    return 1 if args.check and over else 0


if __name__ == "__main__":
    sys.exit(main())
