"""``search`` against OpenSpiel's information-set MCTS bot on OpenSpiel's own Euchre.

    python tools/vs_openspiel.py [--hands 50] [--simulations 64] [--seed 1]

Each hand is dealt by OpenSpiel's chance nodes and given to our engine (the ``openspiel``
variant) through the differential bridge (:mod:`engine.testing.openspiel_differential`). Then
it is played twice, the sides swapped (duplicate): one partnership is our ``search`` bot,
acting in our engine from its seat's view; the other is OpenSpiel's ``ISMCTSBot`` (random
rollouts, UCT constant 2, the most visited action), acting in OpenSpiel's state; every action
is applied to both engines, named across by the bridge. Both bots get the same number of
simulations per decision. OpenSpiel scores one hand per seat, zero-sum; we report the points
each bot's side won (the positive returns) and its share of all the points won, and the
difference per hand with a 95% interval over the deals.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

import random  # noqa: E402

import pyspiel  # type: ignore[import-not-found]  # noqa: E402  # compiled, ships no stubs

from engine import load_variant, new_game  # noqa: E402
from engine.bots.search import SearchBot  # noqa: E402
from engine.sim.confidence import mean_ci  # noqa: E402
from engine.sim.simulate import derive_seed  # noqa: E402
from engine.testing.openspiel_differential import (  # noqa: E402
    SETTINGS,
    _deal,
    _our_name,
)

TEAMS = ((0, 2), (1, 3))


def play_hand(game: Any, dealt: Any, deal: dict[str, Any], search_team: tuple[int, ...], *,
              simulations: int, seed: int) -> list[int]:
    """One hand from OpenSpiel's dealt state; OpenSpiel's returns per seat."""
    variant = load_variant("openspiel")
    ours = new_game(variant, seed=seed, deal=deal)
    theirs = dealt.clone()
    searchers = {seat: SearchBot(variant, seat, derive_seed(seed, "search", seat),
                                 simulations=simulations) for seat in search_team}
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed % 2**31)
    ismcts = pyspiel.ISMCTSBot(seed % 2**31, evaluator, 2.0, simulations, -1,
                               pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
    while not theirs.is_terminal():
        seat = theirs.current_player()
        assert seat == ours.current_player, "the bridge keeps the engines in step"
        names = {_our_name(theirs, a): a for a in theirs.legal_actions()}
        if seat in searchers:
            name = ours.action_name(searchers[seat].act(ours))
            action = names[name]
        else:
            action = ismcts.step(theirs)
            name = _our_name(theirs, action)
        ours.apply(name)
        theirs.apply_action(action)
    return [int(r) for r in theirs.returns()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50, help="deals (each played twice)")
    parser.add_argument("--simulations", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.hands < 1 or args.simulations < 1:
        parser.error("--hands and --simulations take a positive number")
    game = pyspiel.load_game(SETTINGS["default"].game)
    began = time.perf_counter()
    won = {"search": 0, "ismcts": 0}
    diffs = []
    for hand in range(args.hands):
        rng = random.Random(derive_seed(args.seed, "deal", hand))
        dealt = game.new_initial_state()
        while dealt.is_chance_node():
            dealt.apply_action(rng.choice([a for a, _ in dealt.chance_outcomes()]))
        deal = _deal(dealt.history())
        diff = 0.0
        for team in TEAMS:
            returns = play_hand(game, dealt, deal, team, simulations=args.simulations,
                                seed=derive_seed(args.seed, hand, team[0]))
            ours = returns[team[0]]
            won["search" if ours > 0 else "ismcts"] += abs(ours)
            diff += ours
        diffs.append(diff / 2)
    mean, low, high = mean_ci(total=sum(diffs), total_sq=sum(d * d for d in diffs),
                              n=len(diffs))
    total = won["search"] + won["ismcts"]
    share = won["search"] / total if total else 0.5
    print(f"openspiel, {args.hands} deals x 2 (sides swapped), {args.simulations} simulations "
          f"per decision: search won {won['search']} points, OpenSpiel's ISMCTS "
          f"{won['ismcts']}: search's share {share:.1%}; search's points per hand less "
          f"ISMCTS's {mean:+.3f} (95% CI {low:+.3f} to {high:+.3f}); seed {args.seed}, "
          f"{time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
