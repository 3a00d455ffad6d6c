"""A strength ladder: every pair of bots in one variant of each family, on duplicate deals.

    python tools/ladder.py [--bots random,heuristic,search] [--variants standard,cutthroat]
                           [--games 40 | --sets 0:20] [--seed 1] [--workers 1]
                           [--record FILE] [--json]

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

A long match can be split and resumed: ``--sets 0:50`` plays only the deal seeds 0 to 49 (the
same games as the first 50 sets of a longer run), and ``--record FILE`` appends each set to
FILE as one JSON line as soon as it is played and plays no set that FILE already holds (same
variant, bots, seed and set), so a run stopped half-way goes on where it stopped, and two
processes or machines can play ``--sets 0:50`` and ``--sets 50:100`` into two files whose lines,
put in one file, give the table of all 100 sets (``--sets 0:100 --record ALL``: nothing left to
play). A record holds results, not the code that played them: start a new one after changing
a bot. A FILE that is not such a record is refused and left as it was.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from concurrent.futures import as_completed
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


Key = tuple[str, str, str, int, int]
"""A set's place in a record: variant, bot A, bot B, seed, set."""


def read_record(path: Path) -> dict[Key, SetResult]:
    """The sets a ``--record`` file holds (none if it does not exist yet); a file that is not
    a record raises :class:`EuchreError` naming its first bad line."""
    if not path.exists():
        return {}
    fields = {f.name for f in dataclasses.fields(SetResult)}
    sets: dict[Key, SetResult] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise EuchreError(f"{path}: cannot be read as a ladder record ({error})") from error
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            key = (str(row.pop("variant")), str(row.pop("a")), str(row.pop("b")),
                   int(row.pop("seed")), int(row.pop("index")))
            if set(row) != fields:
                raise KeyError(sorted(set(row) ^ fields))
            sets[key] = SetResult(**row)
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise EuchreError(
                f"{path}:{number}: not a line of a ladder record ({error!r}); name a new file "
                "for --record (nothing was written)") from error
    return sets


def ladder(variants: list[str], bots: list[BotSpec], *, games: int, seed: int, workers: int,
           sets: range | None = None, record: Path | None = None) -> list[dict[str, object]]:
    """Every pair of ``bots`` in every variant: one row each (see the module docstring);
    ``sets``: the deal seeds to play (by default enough for ``games``); ``record``: the file
    each set is appended to as it is played, whose sets are not played again."""
    held = read_record(record) if record is not None else {}
    pairs = [(a, b) for i, a in enumerate(bots) for b in bots[i + 1:]]
    plays: list[tuple[Key, tuple[str, BotSpec, BotSpec, int, int]]] = []
    for name in variants:
        seeds = sets if sets is not None else range(-(-games // len(rotations(_variant(name)))))
        for a, b in pairs:
            for index in seeds:  # the stronger bot (listed later) is A
                plays.append(((name, str(b), str(a), seed, index), (name, b, a, seed, index)))
    finished: dict[Key, SetResult] = dict(held)
    with worker_pool(workers) as pool:
        if workers > 1:
            futures = {pool.submit(play_set, *args): key for key, args in plays
                       if key not in finished}
            for future in as_completed(futures):  # kept the moment it is played
                finished[futures[future]] = _kept(record, futures[future], future.result())
        else:
            for key, args in plays:
                if key not in finished:
                    finished[key] = _kept(record, key, play_set(*args))
    results = [(key[0], key[1], key[2], finished[key]) for key, _ in plays]
    rows = []
    for name in variants:
        fair = len(rotations(_variant(name))[0]) / _variant(name).players
        for b, a in pairs:
            done = [r for n, x, y, r in results if (n, x, y) == (name, str(a), str(b))]
            played = sum(r.games for r in done)
            wins = sum(r.a_wins for r in done)
            low, high = wilson(wins, played)
            diffs = [r.points_diff for r in done]
            mean, dlow, dhigh = mean_ci(total=sum(diffs), total_sq=sum(d * d for d in diffs),
                                        n=len(diffs))
            names = (str(a), str(b))
            seconds = {bot: sum(r.seconds.get(bot, 0.0) for r in done) for bot in names}
            decisions = {bot: sum(r.decisions.get(bot, 0) for r in done) for bot in names}
            search_time = sum(r.search_seconds for r in done)
            rows.append({
                "variant": name, "a": str(a), "b": str(b), "games": played, "sets": len(done),
                "a_wins": wins, "a_win_rate": round(wins / played, 4),
                "a_win_rate_ci": [round(low, 4), round(high, 4)], "fair_share": round(fair, 4),
                "points_per_hand_diff": mean, "points_per_hand_diff_ci": [dlow, dhigh],
                "hands": sum(r.hands for r in done),
                "ms_per_decision": {bot: round(1000 * seconds[bot] / max(1, decisions[bot]), 2)
                                    for bot in names},
                "simulations_per_second": (round(sum(r.rollouts for r in done) / search_time)
                                           if search_time else None),
            })
    return rows


def _kept(record: Path | None, key: Key, result: SetResult) -> SetResult:
    """``result``, appended to ``record`` (if any) as one line, closed at once: a stopped run
    keeps it."""
    if record is not None:
        variant, a, b, seed, index = key
        line = {"variant": variant, "a": a, "b": b, "seed": seed, "index": index,
                **dataclasses.asdict(result)}
        with record.open("a", encoding="utf-8") as out:
            out.write(json.dumps(line, sort_keys=True) + "\n")
    return result


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
    parser.add_argument("--sets", metavar="LO:HI",
                        help="play only the deal seeds LO to HI-1 (instead of --games)")
    parser.add_argument("--record", metavar="FILE", type=Path,
                        help="append each set played to FILE (JSON lines) and play no set it "
                             "already holds")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers take a positive number")
    sets = None
    if args.sets is not None:
        lo, _, hi = args.sets.partition(":")
        if not (lo.isdigit() and hi.isdigit() and int(lo) < int(hi)):
            parser.error(f"--sets takes LO:HI, two whole numbers with LO < HI, not {args.sets!r}")
        sets = range(int(lo), int(hi))
    try:
        bots = [BotSpec.parse(bot) for bot in args.bots.split(",") if bot.strip()]
        if len(bots) < 2 or len(set(bots)) != len(bots):
            parser.error("--bots takes two bots or more, each once")
        variants = [v.strip() for v in args.variants.split(",") if v.strip()]
        for name in variants:
            _variant(name)
        began = time.perf_counter()
        rows = ladder(variants, bots, games=args.games, seed=args.seed, workers=args.workers,
                      sets=sets, record=args.record)
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
