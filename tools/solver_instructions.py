"""The exact solver's cost in instructions under callgrind: a figure the machine's load does not
move (``tools/solver_speed.py`` gives CPU time).

    python tools/solver_instructions.py [--deals 50] [--root DIR ...]

A child Python under ``valgrind --tool=callgrind`` bids ``--deals`` hands of ``standard`` with
the heuristic bot up to the first card (as ``tools/solver_speed.py`` does) and then, in a second
run, also solves each from the first lead: its value and every first card's value (what the
``solver`` bot asks of each world). The difference divided by the deals is the solver's cost a
hand. ``--root`` measures another checkout with this same script (e.g. ``/work/main``), so that
before and after are measured in one run; the digest of the values solved must be the same.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CHILD = """
import hashlib, sys
sys.path.insert(0, {root!r})
from engine import load_variant, new_game
from engine.bots.heuristic import HeuristicBot
from engine.bots.solver import Solver
from engine.bots.solver_state import deal_of, leaf_results
v = load_variant("standard")
todo = []
game = 1
while len(todo) < {deals}:
    game += 1
    state = new_game(v, seed=game)
    bots = [HeuristicBot(v, s, game) for s in range(v.players)]
    while state.phase != "play" and state.hand_no == 1 and not state.is_terminal():
        state.apply(bots[state.current_player].act(state))
    deal = deal_of(state)
    if deal is not None:
        todo.append((deal, leaf_results(state, state.hand.maker)))
out = []
if {solve}:
    for deal, values in todo:
        out.append(Solver(deal, values).value())
        out.append(sorted(Solver(deal, values).move_values().items()))
print(hashlib.md5(str(out).encode()).hexdigest()[:12])
"""


def _count(root: Path, deals: int, *, solve: bool) -> tuple[int, str]:
    """(instructions, digest of the values) of one child run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        code = _CHILD.format(root=str(root), deals=deals, solve=solve)
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             sys.executable, "-c", code],
            capture_output=True, text=True, check=False,
            env={**os.environ, "PYTHONHASHSEED": "0"})
        if result.returncode:
            raise SystemExit(f"the child failed:\n{result.stderr[-2000:]}")
        found = re.search(r"^summary:\s*(\d+)", out.read_text(encoding="utf-8"), re.M)
        if found is None:
            raise SystemExit("callgrind wrote no summary line")
        return int(found.group(1)), result.stdout.split()[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50, help="hands solved (50)")
    parser.add_argument("--root", type=Path, action="append",
                        help="a checkout to measure (repeatable; default: this one)")
    args = parser.parse_args(argv)
    for root in args.root or [ROOT]:
        # Once without callgrind first: where bytecode is cached, the first run compiles the
        # package, which would count in the empty run only (and the difference could fall
        # below zero).
        subprocess.run([sys.executable, "-c", _CHILD.format(root=str(root.resolve()), deals=1,
                                                            solve=True)],
                       capture_output=True, check=False)
        empty, _ = _count(root.resolve(), args.deals, solve=False)
        full, digest = _count(root.resolve(), args.deals, solve=True)
        print(f"{root}: {(full - empty) / args.deals:14,.0f} instructions a hand (the value "
              f"and every first card's value), values {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
