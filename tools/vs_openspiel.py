"""A bot of ours against OpenSpiel's information-set MCTS bot on OpenSpiel's own Euchre.

    python tools/vs_openspiel.py [--bot search:128] [--hands 50] [--simulations 64 | --equal-time]
                                 [--seed 1]

Each hand is dealt by OpenSpiel's chance nodes and given to our engine (the ``openspiel``
variant) through the differential bridge (:mod:`engine.testing.openspiel_differential`). Then
it is played twice, the sides swapped (duplicate): one partnership is our ``search`` bot,
acting in our engine from its seat's view; the other is OpenSpiel's ``ISMCTSBot`` (random
rollouts, UCT constant 2, the most visited action), acting in OpenSpiel's state; every action
is applied to both engines, named across by the bridge. OpenSpiel scores one hand per seat,
zero-sum; we report the points each bot's side won (the positive returns) and its share of all
the points won, the difference per hand with a 95% interval over the deals, and each side's
milliseconds of CPU time per decision (decisions with more than one legal action; the bots run
in this one process, so the figures are one core's).

``--bot`` is any bot of ours (``search:128``, ``solver:48``, ``heuristic``; default
``search:N`` with N the ISMCTS's ``--simulations``: equal simulations). ``--equal-time`` gives
ISMCTS instead the simulations that take it as long per decision as ``--bot`` takes: both are
timed on ``--calibrate`` deals of their own seeds (not among the match's deals), and ISMCTS's
simulations are scaled from a probe of 256 by the ratio (its time per decision grows in
proportion to its simulations); the match then reports both times as measured in it.
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
from engine.bots import BotSpec, make_bot  # noqa: E402
from engine.core.errors import EuchreError  # noqa: E402
from engine.sim.confidence import mean_ci  # noqa: E402
from engine.sim.simulate import derive_seed  # noqa: E402
from engine.testing.openspiel_differential import (  # noqa: E402
    SETTINGS,
    _deal,
    _our_name,
)

TEAMS = ((0, 2), (1, 3))


PROBE = 256
"""ISMCTS's simulations when it is timed for ``--equal-time``."""


class Clock:
    """CPU seconds and decisions of each side (``ours``, ``ismcts``)."""

    def __init__(self) -> None:
        self.seconds = {"ours": 0.0, "ismcts": 0.0}
        self.decisions = {"ours": 0, "ismcts": 0}

    def add(self, who: str, seconds: float) -> None:
        self.seconds[who] += seconds
        self.decisions[who] += 1

    def ms(self, who: str) -> float:
        """Milliseconds per decision of ``who`` (0 before its first)."""
        return 1000 * self.seconds[who] / max(1, self.decisions[who])


def play_hand(dealt: Any, deal: dict[str, Any], our_team: tuple[int, ...], *, bot: BotSpec,
              simulations: int, seed: int, clock: Clock) -> list[int]:
    """One hand from OpenSpiel's dealt state; OpenSpiel's returns per seat."""
    variant = load_variant("openspiel")
    ours = new_game(variant, seed=seed, deal=deal)
    theirs = dealt.clone()
    bots = {seat: make_bot(bot, variant, seat, derive_seed(seed, bot.name, seat))
            for seat in our_team}
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed % 2**31)
    ismcts = pyspiel.ISMCTSBot(seed % 2**31, evaluator, 2.0, simulations, -1,
                               pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
    while not theirs.is_terminal():
        seat = theirs.current_player()
        assert seat == ours.current_player, "the bridge keeps the engines in step"
        legal = theirs.legal_actions()
        names = {_our_name(theirs, a): a for a in legal}
        began = time.process_time()
        if seat in bots:
            name = ours.action_name(bots[seat].act(ours))
            action = names[name]
        else:
            action = ismcts.step(theirs)
            name = _our_name(theirs, action)
        if len(legal) > 1:
            clock.add("ours" if seat in bots else "ismcts", time.process_time() - began)
        ours.apply(name)
        theirs.apply_action(action)
    return [int(r) for r in theirs.returns()]


def deals(game: Any, seed: int, count: int, salt: str = "deal") -> Any:
    """``count`` of OpenSpiel's dealt states and our engine's form of each deal."""
    for hand in range(count):
        rng = random.Random(derive_seed(seed, salt, hand))
        dealt = game.new_initial_state()
        while dealt.is_chance_node():
            dealt.apply_action(rng.choice([a for a, _ in dealt.chance_outcomes()]))
        yield hand, dealt, _deal(dealt.history())


def equal_simulations(game: Any, bot: BotSpec, *, seed: int, count: int) -> tuple[int, Clock]:
    """The ISMCTS simulations that take as long per decision as ``bot``, timed on ``count``
    deals of their own (seeded apart from the match's), and the clock of that timing."""
    clock = Clock()
    for hand, dealt, deal in deals(game, seed, count, salt="calibrate"):
        play_hand(dealt, deal, TEAMS[hand % 2], bot=bot, simulations=PROBE,
                  seed=derive_seed(seed, "calibrate", hand), clock=clock)
    return max(1, round(PROBE * clock.ms("ours") / max(clock.ms("ismcts"), 1e-9))), clock


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", help="our bot (default: search:N, N = --simulations)")
    parser.add_argument("--hands", type=int, default=50, help="deals (each played twice)")
    parser.add_argument("--simulations", type=int, default=64,
                        help="ISMCTS's simulations per decision")
    parser.add_argument("--equal-time", action="store_true",
                        help="give ISMCTS the simulations that take it as long as --bot")
    parser.add_argument("--calibrate", type=int, default=3,
                        help="deals timed for --equal-time (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.hands < 1 or args.simulations < 1 or args.calibrate < 1:
        parser.error("--hands, --simulations and --calibrate take a positive number")
    try:
        bot = BotSpec.parse(args.bot or f"search:{args.simulations}")
    except EuchreError as exc:
        parser.error(str(exc))
    game = pyspiel.load_game(SETTINGS["default"].game)
    began = time.perf_counter()
    simulations, how = args.simulations, "simulations"
    if args.equal_time:
        simulations, probe = equal_simulations(game, bot, seed=args.seed, count=args.calibrate)
        how = (f"simulations (equal time: {bot} took {probe.ms('ours'):.1f} ms a decision, "
               f"ISMCTS at {PROBE} {probe.ms('ismcts'):.1f} ms, on {args.calibrate} deals)")
    clock = Clock()
    won = {"ours": 0, "ismcts": 0}
    diffs = []
    for hand, dealt, deal in deals(game, args.seed, args.hands):
        diff = 0.0
        for team in TEAMS:
            returns = play_hand(dealt, deal, team, bot=bot, simulations=simulations,
                                seed=derive_seed(args.seed, hand, team[0]), clock=clock)
            ours = returns[team[0]]
            won["ours" if ours > 0 else "ismcts"] += abs(ours)
            diff += ours
        diffs.append(diff / 2)
    mean, low, high = mean_ci(total=sum(diffs), total_sq=sum(d * d for d in diffs),
                              n=len(diffs))
    total = won["ours"] + won["ismcts"]
    share = won["ours"] / total if total else 0.5
    print(f"openspiel, {args.hands} deals x 2 (sides swapped), {bot} against OpenSpiel's ISMCTS "
          f"at {simulations} {how}: {bot} won {won['ours']} points, ISMCTS {won['ismcts']}: "
          f"{bot}'s share {share:.1%}; {bot}'s points per hand less ISMCTS's {mean:+.3f} "
          f"(95% CI {low:+.3f} to {high:+.3f}); CPU time per decision: {bot} "
          f"{clock.ms('ours'):.1f} ms, ISMCTS {clock.ms('ismcts'):.1f} ms; seed {args.seed}, "
          f"{time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
