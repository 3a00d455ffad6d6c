"""Does the heuristic bot beat random play? Heuristic partners against random partners.

    python tools/heuristic_vs_random.py [--games 1000] [--seed 2024] [--variant standard]

Plays seeded games of a partnership variant with heuristic bots on one side and random bots
on the other, alternating which side is heuristic from game to game so the seat advantage
(who deals first) cancels. Prints the heuristic side's win rate with a 95% Wilson score
interval and exits with status 1 if the rate is below 90%.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from engine import load_variant  # noqa: E402
from engine.core.bot_spec import BotSpec  # noqa: E402
from engine.sim.simulate import derive_seed, play_game  # noqa: E402

THRESHOLD = 0.90
Z_95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> low, high = wilson(90, 100)
    >>> round(low, 3), round(high, 3)
    (0.826, 0.945)
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return centre - half, centre + half


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args(argv)
    variant = load_variant(args.variant)
    teams = variant.sides.teams
    if variant.sides.kind != "teams" or len(teams) != 2:
        parser.error(f"{args.variant} is not a two-side partnership game")
    started = time.perf_counter()
    wins = 0
    for index in range(args.games):
        side = teams[index % 2]  # alternate: the heuristic side sits at 0-2, then at 1-3
        bots = [BotSpec.parse("heuristic" if seat in side else "random")
                for seat in range(variant.players)]
        state = play_game(variant, derive_seed(args.seed, index), bots)
        wins += any(seat in side for seat in state.winners)
    rate = wins / args.games
    low, high = wilson(wins, args.games)
    elapsed = time.perf_counter() - started
    print(f"{args.variant}: heuristic side won {wins} of {args.games} games = {rate:.1%} "
          f"(95% Wilson interval {low:.1%} to {high:.1%}); seed {args.seed}, "
          f"{elapsed:.1f} s")
    if rate < THRESHOLD:
        print(f"FAIL: below {THRESHOLD:.0%}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
