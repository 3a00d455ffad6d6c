"""Instructions per hand of ``standard`` under callgrind: a speed figure that does not move
with the machine's load.

Run from the repository root (needs valgrind)::

    .venv/bin/python tools/instructions.py [--games N] [--bots random|heuristic] [--root DIR]

It plays ``N`` seeded games (default 20) of ``standard`` with all four seats the given bots
(default: both kinds, one after the other) in a child Python under
``valgrind --tool=callgrind``, once with ``N`` games and once with none, and prints the
difference divided by the hands played: the engine's cost per hand without the interpreter's
start-up. ``--root`` measures another checkout of the project (e.g. a worktree at an older
commit) with this same script, so that before and after are measured in one run. Timings on a
shared 2-core machine vary by 15% or more from run to run; instruction counts repeat exactly.
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
import sys
sys.path.insert(0, {root!r})
from engine import load_variant
from engine.sim.simulate import derive_seed, play_game
try:
    from engine.core.bot_spec import BotSpec
    bot = BotSpec.parse("{bots}")
except ImportError:  # a checkout from before bots were named by typed specs
    bot = "{bots}"
variant = load_variant("standard")
hands = 0
for game in range({games}):
    hands += len(play_game(variant, derive_seed(1, game), [bot] * 4).hands_played)
print(hands)
"""


def _count(root: Path, games: int, bots: str) -> tuple[int, int]:
    """(instructions, hands) of one child run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        code = _child_code(root, games, bots)
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
        return int(found.group(1)), int(result.stdout.split()[-1])


def _child_code(root: Path, games: int, bots: str) -> str:
    probe = subprocess.run([sys.executable, "-c", f"import sys; sys.path.insert(0, {str(root)!r});"
                            "import engine.sim.simulate"], capture_output=True, check=False)
    code = _CHILD.format(root=str(root), games=games, bots=bots)
    if probe.returncode:  # a checkout from before the engine was split into layers
        code = code.replace("engine.sim.simulate", "engine." + "simulate")  # the old path
    return code


def per_hand(root: Path, games: int, bots: str) -> float:
    """Instructions per hand: (N games - no game) / hands."""
    full, hands = _count(root, games, bots)
    empty, _ = _count(root, 0, bots)
    return (full - empty) / hands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per count (20)")
    parser.add_argument("--bots", choices=["random", "heuristic"], action="append",
                        help="bots to measure (default: random, then heuristic)")
    parser.add_argument("--root", type=Path, action="append",
                        help="a checkout to measure (repeatable; default: this one)")
    args = parser.parse_args(argv)
    for root in args.root or [ROOT]:
        for bots in args.bots or ["random", "heuristic"]:
            figure = per_hand(root.resolve(), args.games, bots)
            print(f"{root}: {bots:9} {figure:12,.0f} instructions per hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())
