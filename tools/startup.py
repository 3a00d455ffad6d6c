"""How long the ``euchre`` command takes to start, with its bytecode cached as on a user's machine.

Run from the repository root::

    .venv/bin/python tools/startup.py [--runs N] [--tree DIR ...] [--check]

Each command (``euchre --help``, ``euchre validate standard``) runs once to warm up, which
writes the bytecode of every module it imports (the standard library's too) into a temporary
``PYTHONPYCACHEPREFIX``; then it runs ``N`` times (default 20) and the median wall time is
reported, with the fastest and slowest run beside it. ``PYTHONDONTWRITEBYTECODE`` is removed
from the commands' environment: this machine sets it, so without the cache every start would
compile the whole package again (about 0.8 s), which a user's installed copy never does.

``--tree DIR`` measures the package found in another checkout of the repository (for example
``git worktree add /tmp/before main``), by putting ``DIR`` first on ``PYTHONPATH``; several
trees are measured in turns, run by run, so that the load of a shared machine falls on all of
them alike. ``--check`` exits 1 when a median of the first tree passes its budget: 0.2 s for
``--help`` and 0.3 s for ``validate standard`` (issue 23).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


def run_once(argv: list[str], env: dict[str, str]) -> float:
    """Wall time of one run; a failing command stops the measurement."""
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv)} exited {done.returncode}: {done.stderr.decode()[-500:]}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="timed runs of each command")
    parser.add_argument("--tree", type=Path, action="append", default=[],
                        help="a checkout whose engine/ to measure (default: this one)")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when a median of the first tree is over its budget")
    args = parser.parse_args()
    trees = [tree.resolve() for tree in args.tree] or [ROOT]
    script = console_script()
    over = False
    with tempfile.TemporaryDirectory(prefix="euchre-pycache-") as tmp:
        envs = {tree: environment(tree, Path(tmp) / str(i)) for i, tree in enumerate(trees)}
        for label, (command, budget) in COMMANDS.items():
            argv = [*script, *command]
            times: dict[Path, list[float]] = {tree: [] for tree in trees}
            for tree in trees:
                run_once(argv, envs[tree])  # warm-up: writes the bytecode
            for _ in range(args.runs):
                for tree in trees:
                    times[tree].append(run_once(argv, envs[tree]))
            for i, tree in enumerate(trees):
                median = statistics.median(times[tree])
                verdict = "ok" if median <= budget else "OVER"
                if i == 0 and median > budget:
                    over = True
                print(f"{label:<26} {median:6.3f} s median (min {min(times[tree]):.3f}, "
                      f"max {max(times[tree]):.3f}; {args.runs} runs; budget {budget:.1f} s "
                      f"{verdict})  {tree}")
    return 1 if args.check and over else 0


if __name__ == "__main__":
    sys.exit(main())
