"""A strength ladder: every pair of bots in one variant of each family, on duplicate deals.

    python tools/ladder.py [--bots random,heuristic,search] [--variants standard,cutthroat]
                           [--games 40] [--seed 1] [--workers 1] [--json]

For each variant and each pair of bots (A, B) the same deals are played again with the seats
rotated: in a partnership game A's side and B's side swap; otherwise A sits at half the seats
(rounded down, at least one) and the seats rotate over the whole table, so that every seat
plays every deal once as A. A *set* is one deal seed played in every rotation; the
``--games`` of a pair are rounded up to whole sets. Each game's seed is derived from
``(seed, variant, set)``: the deals are the same whichever bots play (the state deals from
its own RNG), so luck cancels within a set.

Reported for A against B: A's win rate (a game A's seat or side wins) with its 95% Wilson
interval and the fair share it would get by seats alone; A's points per hand less B's (per
seat; the other way round in a countdown game, where points are lost to win) with a 95%
interval over the sets; the mean CPU time per decision of each bot (decisions
with more than one legal action) and the search bot's simulations per second. ``--json``
prints the same as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from engine import load_variant  # noqa: E402
from engine.bots import BotSpec, make_bot  # noqa: E402
from engine.bots.search import SearchBot  # noqa: E402
from engine.core.errors import EuchreError  # noqa: E402
from engine.play.state import State  # noqa: E402
from engine.rules.game_end import Goal  # noqa: E402
from engine.rules.variant import Variant  # noqa: E402
from engine.sim.confidence import mean_ci, wilson  # noqa: E402
from engine.sim.simulate import derive_seed  # noqa: E402
from engine.sim.workers import worker_pool  # noqa: E402

FAMILIES = ("standard", "two-handed", "three-handed", "cutthroat", "ghost-hand", "bid-euchre",
            "call-ace", "railroad", "buck-euchre", "british", "pepper", "super-euchre")
"""One shipped variant for each family of rules."""


@dataclass
class SetResult:
    """One deal seed played in every rotation."""

    games: int = 0
    a_wins: int = 0
    points_diff: float = 0.0
    """A's points per hand per seat less B's, averaged over the rotations."""
    hands: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    decisions: dict[str, int] = field(default_factory=dict)
    rollouts: int = 0
    search_seconds: float = 0.0


@cache
def _variant(name: str) -> Variant:
    return load_variant(name)


def rotations(variant: Variant) -> list[tuple[int, ...]]:
    """The seats of bot A in each game of a set (see the module docstring)."""
    n = variant.players
    teams = variant.sides.teams
    if variant.sides.kind == "teams" and len(teams) == 2 and min(len(t) for t in teams) > 1:
        return [tuple(teams[0]), tuple(teams[1])]
    size = max(1, n // 2)
    return [tuple(sorted((j + k) % n for k in range(size))) for j in range(n)]


def play_set(name: str, a: BotSpec, b: BotSpec, seed: int, index: int) -> SetResult:
    """Play one deal seed in every rotation."""
    variant = _variant(name)
    game_seed = derive_seed(seed, name, index)
    result = SetResult()
    for seats in rotations(variant):
        names = [a if seat in seats else b for seat in range(variant.players)]
        state = State(variant, seed=game_seed)
        start = list(state.scores)
        bots = [make_bot(bot, variant, seat, derive_seed(game_seed, "bot", seat, str(bot)))
                for seat, bot in enumerate(names)]
        while not state.is_terminal():
            seat = state.current_player
            if len(state.legal_action_ids()) > 1:
                began = time.process_time()  # CPU time: one core's, whatever else runs
                action = bots[seat].act(state)
                spent = time.process_time() - began
                who = str(names[seat])
                result.seconds[who] = result.seconds.get(who, 0.0) + spent
                result.decisions[who] = result.decisions.get(who, 0) + 1
                if isinstance(bots[seat], SearchBot):
                    result.search_seconds += spent
            else:
                action = state.legal_action_ids()[0]
            state.apply(action)
        hands = max(1, len(state.hands_played))
        gains = [end - begin for end, begin in zip(state.scores, start, strict=True)]
        others = [s for s in range(variant.players) if s not in seats]
        a_points = sum(gains[s] for s in seats) / len(seats) / hands
        b_points = sum(gains[s] for s in others) / len(others) / hands
        result.games += 1
        result.hands += hands
        result.a_wins += any(seat in seats for seat in state.winners)
        sign = -1 if variant.game.goal is Goal.DOWN else 1  # a countdown is won by losing points
        result.points_diff += sign * (a_points - b_points) / len(rotations(variant))
        result.rollouts += sum(bot.rollouts for bot in bots if isinstance(bot, SearchBot))
    return result


def ladder(variants: list[str], bots: list[BotSpec], *, games: int, seed: int, workers: int
           ) -> list[dict[str, object]]:
    """Every pair of ``bots`` in every variant: one row each (see the module docstring)."""
    jobs: list[tuple[str, BotSpec, BotSpec, Future[SetResult] | SetResult]] = []
    pairs = [(a, b) for i, a in enumerate(bots) for b in bots[i + 1:]]
    with worker_pool(workers) as pool:
        for name in variants:
            sets = -(-games // len(rotations(_variant(name))))
            for a, b in pairs:
                for index in range(sets):
                    args = (name, b, a, seed, index)  # the stronger bot (listed later) is A
                    job: Future[SetResult] | SetResult = (
                        pool.submit(play_set, *args) if workers > 1 else play_set(*args))
                    jobs.append((name, b, a, job))
        results = [(name, a, b, job if isinstance(job, SetResult) else job.result())
                   for name, a, b, job in jobs]
    rows = []
    for name in variants:
        fair = len(rotations(_variant(name))[0]) / _variant(name).players
        for b, a in pairs:
            sets = [r for n, x, y, r in results if (n, x, y) == (name, a, b)]
            played = sum(r.games for r in sets)
            wins = sum(r.a_wins for r in sets)
            low, high = wilson(wins, played)
            diffs = [r.points_diff for r in sets]
            mean, dlow, dhigh = mean_ci(total=sum(diffs), total_sq=sum(d * d for d in diffs),
                                        n=len(diffs))
            names = (str(a), str(b))
            seconds = {bot: sum(r.seconds.get(bot, 0.0) for r in sets) for bot in names}
            decisions = {bot: sum(r.decisions.get(bot, 0) for r in sets) for bot in names}
            search_time = sum(r.search_seconds for r in sets)
            rows.append({
                "variant": name, "a": str(a), "b": str(b), "games": played, "sets": len(sets),
                "a_wins": wins, "a_win_rate": round(wins / played, 4),
                "a_win_rate_ci": [round(low, 4), round(high, 4)], "fair_share": round(fair, 4),
                "points_per_hand_diff": mean, "points_per_hand_diff_ci": [dlow, dhigh],
                "hands": sum(r.hands for r in sets),
                "ms_per_decision": {bot: round(1000 * seconds[bot] / max(1, decisions[bot]), 2)
                                    for bot in names},
                "simulations_per_second": (round(sum(r.rollouts for r in sets) / search_time)
                                           if search_time else None),
            })
    return rows


def table(rows: list[dict[str, object]]) -> str:
    """The rows as a Markdown table."""
    lines = ["| variant | A vs B | games | A wins (95% CI) | fair | A-B points/hand (95% CI) "
             "| ms/decision A, B |", "|---|---|---|---|---|---|---|"]
    for r in rows:
        ci = r["a_win_rate_ci"]
        dci = r["points_per_hand_diff_ci"]
        ms = r["ms_per_decision"]
        assert isinstance(ci, list) and isinstance(dci, list) and isinstance(ms, dict)
        lines.append(
            f"| {r['variant']} | {r['a']} vs {r['b']} | {r['games']} | {r['a_win_rate']:.1%} "
            f"({ci[0]:.1%}-{ci[1]:.1%}) | {r['fair_share']:.0%} | "
            f"{r['points_per_hand_diff']:+.3f} ({dci[0]:+.3f} to {dci[1]:+.3f}) | "
            f"{ms[r['a']]}, {ms[r['b']]} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="random,heuristic,search",
                        help="bots to pair, weakest first (default: random,heuristic,search)")
    parser.add_argument("--variants", default=",".join(FAMILIES),
                        help="variants to play (default: one of each family)")
    parser.add_argument("--games", type=int, default=40, help="games per pair and variant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers take a positive number")
    try:
        bots = [BotSpec.parse(bot) for bot in args.bots.split(",") if bot.strip()]
        if len(bots) < 2 or len(set(bots)) != len(bots):
            parser.error("--bots takes two bots or more, each once")
        variants = [v.strip() for v in args.variants.split(",") if v.strip()]
        for name in variants:
            _variant(name)
        began = time.perf_counter()
        rows = ladder(variants, bots, games=args.games, seed=args.seed, workers=args.workers)
    except EuchreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"seed": args.seed, "games": args.games, "rows": rows}, indent=1))
    else:
        print(table(rows))
        print(f"seed {args.seed}; {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
