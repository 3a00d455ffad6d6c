"""The exact solver's speed: whole hands solved from the first lead.

    python tools/solver_speed.py [--variant standard] [--deals 200] [--seed 1] [--json]

Each deal is bid by the heuristic bot until the first card; the solver then finds the value of
the hand with all hands face up, on the variant's own scoring table (the points of the seat
maker, :func:`engine.bots.solver_state.leaf_results`). The time is CPU time of this process
(``time.process_time``, one core), the mean over the deals of the solve alone (the scoring
table is filled before the clock starts) and of the solve of every first card's value (what
the ``solver`` bot asks in each world); the cards tried are counted as nodes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from engine import load_variant, new_game  # noqa: E402
from engine.bots.heuristic import HeuristicBot  # noqa: E402
from engine.bots.solver import Solver  # noqa: E402
from engine.bots.solver_state import deal_of, leaf_results  # noqa: E402


def measure(name: str, deals: int, seed: int) -> dict[str, object]:
    """Solve ``deals`` hands of ``name`` from the first lead; the figures as a dict."""
    v = load_variant(name)
    value_ms: list[float] = []
    moves_ms: list[float] = []
    nodes: list[int] = []
    game = seed
    while len(value_ms) < deals:
        game += 1
        state = new_game(v, seed=game)
        bots = [HeuristicBot(v, s, game) for s in range(v.players)]
        while state.phase != "play" and state.hand_no == 1 and not state.is_terminal():
            state.apply(bots[state.current_player].act(state))
        deal = deal_of(state)
        if deal is None:
            continue
        values = leaf_results(state, state.hand.maker)  # the makers maximise their own
        start = time.process_time()
        solver = Solver(deal, values)
        solver.value()
        value_ms.append(1000 * (time.process_time() - start))
        nodes.append(solver.nodes)
        start = time.process_time()
        Solver(deal, values).move_values()
        moves_ms.append(1000 * (time.process_time() - start))
    return {"variant": name, "deals": deals,
            "value_ms_mean": round(statistics.fmean(value_ms), 3),
            "value_ms_median": round(statistics.median(value_ms), 3),
            "value_ms_max": round(max(value_ms), 3),
            "moves_ms_mean": round(statistics.fmean(moves_ms), 3),
            "nodes_mean": round(statistics.fmean(nodes), 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    row = measure(args.variant, args.deals, args.seed)
    if args.json:
        print(json.dumps(row))
    else:
        print(f"{row['variant']}: {row['deals']} hands from the first lead, CPU time on one "
              f"core: value {row['value_ms_mean']} ms mean (median {row['value_ms_median']}, "
              f"max {row['value_ms_max']}), every first card's value {row['moves_ms_mean']} "
              f"ms mean, {row['nodes_mean']} cards tried")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
