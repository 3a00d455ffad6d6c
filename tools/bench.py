"""How fast euchrekit simulates Euchre, beside two reference engines.

Run from the repository root::

    .venv/bin/python tools/bench.py [--seconds T] [--runs R] [--seed S] [--json]
    .venv/bin/python tools/bench.py --install-references   # add OpenSpiel and euchre-cli first

Every figure is the median of ``R`` runs (default 5) of about ``T`` seconds each (default 2),
with the slowest and fastest run beside it. A run plays whole games until ``T`` seconds have
passed, so it ends at the first game boundary after ``T``. Everything runs in this one process
on one core. Measured:

- **euchrekit**, the ``standard`` variant with all four seats ``random``, then all
  ``heuristic``. *hands/s* counts scored hands only; *deals/s* also counts the deals that
  were thrown in (everyone passed twice, the deal passed left).
- **OpenSpiel** ``euchre`` (if ``import pyspiel`` works), driven action by action from
  Python with uniformly random choices, chance nodes included. One OpenSpiel game is one
  hand; with its default ``stick_the_dealer=true`` every deal is played.
- **euchre-cli** (if ``import euchre`` finds the PyPI package ``euchre-cli``): its own game
  loop with its four ``Computer`` bots, headless. It has no random bot, so it is set beside
  our heuristic bots.

What makes the comparisons uneven (read the ratios with these in mind):

- OpenSpiel's game is C++ behind pybind11; ours and euchre-cli are pure Python. Driving it
  from Python costs one crossing per action, and its deal is ~22 chance actions chosen in
  Python beside ~21 player actions a hand, while our engine deals inside ``State``.
- OpenSpiel plays one hand per game with stick-the-dealer; ours plays whole games to 10
  where all-pass deals are thrown in (counted in deals/s, not hands/s). Both random players
  choose uniformly among legal actions, but the actions are not cut the same way.
- euchre-cli has no going alone, redeals all-pass deals, checks each card its bot proposes
  instead of listing legal actions, keeps no history, and its bots are a few comparisons
  each, far simpler than our heuristic bot. Its UI output is stubbed out here, but the
  messages for it and for its (disabled) debug log are still formatted.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.metadata
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from engine import load_variant
from engine.simulate import derive_seed, play_game

# One game: its number within the measurement -> (scored hands, deals incl. thrown-in ones).
PlayOne = Callable[[int], tuple[int, int]]

OPENSPIEL_PACKAGE = "open-spiel"
EUCHRE_CLI_PACKAGE = "euchre-cli"
# A run in which this process had less of a core than this was slowed by other work.
BUSY_CORE_SHARE = 0.9
# euchre-cli installs a console script named ``euchre``, the same name as ours, so
# ``--install-references`` puts it in a folder of its own inside this environment (see
# ``install_references``); this is that folder.
EUCHRE_CLI_TARGET = Path(sys.prefix) / "bench-references" / EUCHRE_CLI_PACKAGE


@dataclass(frozen=True, slots=True, kw_only=True)
class Run:
    """One timed run: what was played and how long it took."""

    games: int
    hands: int
    deals: int
    seconds: float
    cpu_seconds: float  # this process's CPU time: below ``seconds`` when the machine is busy

    @property
    def hands_per_s(self) -> float:
        return self.hands / self.seconds

    @property
    def deals_per_s(self) -> float:
        return self.deals / self.seconds

    @property
    def hands_per_cpu_s(self) -> float:
        return self.hands / self.cpu_seconds

    @property
    def core_share(self) -> float:
        """The share of one core this process had during the run."""
        return self.cpu_seconds / self.seconds


@dataclass(frozen=True, slots=True, kw_only=True)
class Spread:
    """Median, slowest and fastest of a figure over the runs."""

    median: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        return cls(median=statistics.median(values), low=min(values), high=max(values))

    def as_json(self) -> dict[str, float]:
        return {"median": round(self.median, 1), "min": round(self.low, 1),
                "max": round(self.high, 1)}


@dataclass(frozen=True, slots=True, kw_only=True)
class Measurement:
    """One engine measured, or the reason it could not be."""

    key: str
    name: str
    runs: tuple[Run, ...] = ()
    unavailable: str | None = None
    notes: tuple[str, ...] = ()

    @property
    def hands_per_s(self) -> Spread:
        return Spread.of([run.hands_per_s for run in self.runs])

    @property
    def deals_per_s(self) -> Spread:
        return Spread.of([run.deals_per_s for run in self.runs])

    @property
    def hands_per_cpu_s(self) -> Spread:
        return Spread.of([run.hands_per_cpu_s for run in self.runs])

    @property
    def least_core_share(self) -> float:
        return min((run.core_share for run in self.runs), default=1.0)

    def as_json(self) -> dict[str, Any]:
        if self.unavailable is not None:
            return {"name": self.name, "available": False, "reason": self.unavailable}
        return {
            "name": self.name,
            "available": True,
            "hands_per_s": self.hands_per_s.as_json(),
            "deals_per_s": self.deals_per_s.as_json(),
            # Per second of this process's CPU time: steadier than wall time on a busy machine.
            "hands_per_cpu_s": self.hands_per_cpu_s.as_json(),
            "least_core_share": round(self.least_core_share, 3),
            "runs": [{"games": r.games, "hands": r.hands, "deals": r.deals,
                      "seconds": round(r.seconds, 3), "cpu_seconds": round(r.cpu_seconds, 3)}
                     for r in self.runs],
            "notes": list(self.notes),
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Ratio:
    """How many times faster our figure is than a reference's (medians of hands/s)."""

    key: str
    label: str
    ours: str
    theirs: str
    value: float
    value_cpu: float  # the same from hands per CPU-second


@dataclass(frozen=True, slots=True, kw_only=True)
class Subject:
    """One engine ready to time (``play_one`` plays its game number ``n``), or why it is not."""

    key: str
    name: str
    play_one: PlayOne | None = None
    unavailable: str | None = None
    notes: tuple[str, ...] = ()


# --- timing ----------------------------------------------------------------------------------


def timed_run(play_one: PlayOne, *, first: int, seconds: float) -> Run:
    """Whole games numbered from ``first`` until ``seconds`` have passed."""
    clock = time.perf_counter
    games = hands = deals = 0
    start, cpu_start = clock(), time.process_time()
    while True:
        scored, dealt = play_one(first + games)
        games += 1
        hands += scored
        deals += dealt
        elapsed = clock() - start
        if elapsed >= seconds:
            break
    return Run(games=games, hands=hands, deals=deals, seconds=elapsed,
               cpu_seconds=time.process_time() - cpu_start)


def measure(subjects: Sequence[Subject], *, seconds: float, runs: int) -> dict[str, Measurement]:
    """Time every available subject ``runs`` times, after a short untimed warm-up each.

    The runs are interleaved (one of each subject, then the next round), so that other work
    on the machine slows all of them alike and the ratios stay fair. Game numbers go on from
    one run to the next, so no two runs replay the same games.
    """
    ready = [(s.key, s.play_one) for s in subjects if s.play_one is not None]
    next_game: dict[str, int] = {}
    for key, play_one in ready:  # imports, caches, first allocations: not timed
        next_game[key] = timed_run(play_one, first=0, seconds=min(0.25, seconds / 4)).games
    done: dict[str, list[Run]] = {key: [] for key, _ in ready}
    for _ in range(runs):
        for key, play_one in ready:
            run = timed_run(play_one, first=next_game[key], seconds=seconds)
            next_game[key] += run.games
            done[key].append(run)
    return {s.key: Measurement(key=s.key, name=s.name, runs=tuple(done.get(s.key, ())),
                               unavailable=s.unavailable, notes=s.notes) for s in subjects}


# --- euchrekit -------------------------------------------------------------------------------


def euchrekit_subject(bot: str, *, seed: int) -> Subject:
    """euchrekit's ``standard`` with ``bot`` in all four seats.

    Times :func:`engine.simulate.play_game` (what ``run_games`` calls for each game), game
    ``n`` seeded as ``run_games`` seeds it; the statistics tally that ``run_games`` adds is
    left out, since it is reporting, not play.
    """
    variant = load_variant("standard")
    bots = [bot] * variant.players

    def play_one(number: int) -> tuple[int, int]:
        state = play_game(variant, derive_seed(seed, number), bots)
        deals = state.hands_played
        return sum(1 for record in deals if "thrown_in" not in record), len(deals)

    return Subject(key=f"euchrekit_{bot}", name=f"euchrekit standard, {bot}",
                   play_one=play_one)


# --- OpenSpiel -------------------------------------------------------------------------------


def openspiel_subject(*, seed: int) -> Subject:
    """OpenSpiel's ``euchre``, one uniformly random action at a time from Python.

    ``legal_actions()`` at a chance node lists its outcomes, which are equally likely in
    OpenSpiel's Euchre (each is one card of those left to deal), so a uniform choice there
    deals a fair hand. One game is one hand, and with the default ``stick_the_dealer=true``
    no deal is thrown in, so hands and deals are the same.
    """
    key, name = "openspiel", "OpenSpiel euchre, random"
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return Subject(key=key, name=name, unavailable=(
            f"pyspiel is not importable; `{sys.executable} -m pip install {OPENSPIEL_PACKAGE}`"
            " or `tools/bench.py --install-references` to compare"))
    game = pyspiel.load_game("euchre")
    rng = random.Random(derive_seed(seed, "openspiel"))

    def play_one(_number: int) -> tuple[int, int]:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        return 1, 1

    return Subject(key=key, name=name, play_one=play_one, notes=(
        f"{OPENSPIEL_PACKAGE} {_version(OPENSPIEL_PACKAGE)}, parameters "
        f"{game.get_parameters()}; chance nodes (the deal, card by card) are chosen from "
        "Python too",))


# --- euchre-cli ------------------------------------------------------------------------------


def import_euchre_cli() -> tuple[ModuleType, ModuleType] | str:
    """euchre-cli's ``euchre.command.play`` and ``euchre.abstract``, or why they cannot be had.

    The distribution is ``euchre-cli``; its import name is ``euchre``. It is looked for in
    this environment, then in the folder ``--install-references`` puts it in.
    """
    if EUCHRE_CLI_TARGET.is_dir() and str(EUCHRE_CLI_TARGET) not in sys.path:
        sys.path.append(str(EUCHRE_CLI_TARGET))
        importlib.invalidate_caches()
    try:
        play = importlib.import_module("euchre.command.play")
        abstract = importlib.import_module("euchre.abstract")
    except ImportError as error:
        return (f"euchre-cli is not importable ({error}); `{sys.executable} -m pip install "
                f"{EUCHRE_CLI_PACKAGE}` or `tools/bench.py --install-references` to compare")
    needed = ("game", "hand", "deal_hand", "set_dealer", "create_deck", "output")
    if not all(hasattr(play, name) for name in needed):
        return ("`euchre` is importable but is not euchre-cli 0.7's game loop (euchre.command."
                f"play lacks one of {', '.join(needed)}); it cannot be driven headless here")
    return play, abstract


@contextlib.contextmanager
def headless_euchre_cli(play: ModuleType, counts: dict[str, int]) -> Iterator[None]:
    """euchre-cli's game loop made silent and instant, with its hands and deals counted.

    Its game loop reports every step through ``euchre.util.output``, which sleeps 0.75-1.25 s
    before each message (unless pytest is imported) and prints it; and it logs each hand
    through loguru, whose default sink is stderr. Here ``output`` does nothing, logging from
    the ``euchre`` package is disabled, and ``hand`` (one scored hand; it redeals inside
    until someone calls trump) and ``deal_hand`` (one deal) are wrapped to count. The
    arguments of ``output`` and of the log calls are still formatted, as they are in a game.
    """
    logger = importlib.import_module("loguru").logger
    originals = {name: getattr(play, name) for name in ("output", "hand", "deal_hand")}

    def hand(*args: Any, **kwargs: Any) -> None:
        counts["hands"] += 1
        originals["hand"](*args, **kwargs)

    def deal_hand(*args: Any, **kwargs: Any) -> None:
        counts["deals"] += 1
        originals["deal_hand"](*args, **kwargs)

    def output(message: str = "", delay: float = 1.25) -> None:
        del message, delay

    for name, stand_in in (("output", output), ("hand", hand), ("deal_hand", deal_hand)):
        setattr(play, name, stand_in)
    logger.disable("euchre")
    try:
        yield
    finally:
        logger.enable("euchre")
        for name, original in originals.items():
            setattr(play, name, original)


def euchre_cli_subject(*, seed: int, stack: contextlib.ExitStack) -> Subject:
    """euchre-cli's four ``Computer`` bots through whole games to 10, as ``euchre play --watch``.

    Each game is set up as ``euchre.command.play.setup(watch_mode=True)`` does (two teams,
    four ``Computer`` players seated alternately, first black jack deals via its
    ``set_dealer``) but with fixed names instead of drawing them from the ``names`` package,
    then played by its own ``game`` function, headless while ``stack`` is open. euchre-cli
    draws every random choice (the shuffle, its bots' occasional "accidental" order-up) from
    the global ``random`` module and takes no seed, so the global generator is seeded before
    each game: the only way to make its games repeatable.
    """
    key, name = "euchre_cli", "euchre-cli, Computer bots"
    found = import_euchre_cli()
    if isinstance(found, str):
        return Subject(key=key, name=name, unavailable=found)
    play, abstract = found
    counts = {"hands": 0, "deals": 0}
    stack.enter_context(headless_euchre_cli(play, counts))

    def play_one(number: int) -> tuple[int, int]:
        random.seed(derive_seed(seed, "euchre-cli", number))
        teams = [abstract.Team("Team 1"), abstract.Team("Team 2")]
        players = [abstract.Computer(f"Computer {seat}", teams[seat % 2]) for seat in range(4)]
        play.set_dealer(players, play.create_deck())
        before = dict(counts)
        play.game(players, teams)
        return counts["hands"] - before["hands"], counts["deals"] - before["deals"]

    return Subject(key=key, name=name, play_one=play_one, notes=(
        f"{EUCHRE_CLI_PACKAGE} {_version(EUCHRE_CLI_PACKAGE)}; its UI output and logging "
        "switched off; all-pass deals are redealt (no stick the dealer); nobody goes alone",))


# --- setup, machine, report ------------------------------------------------------------------


def _version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        # euchre-cli in its own folder: its metadata sits beside it.
        if distribution == EUCHRE_CLI_PACKAGE:
            found = importlib.metadata.distributions(path=[str(EUCHRE_CLI_TARGET)])
            for dist in found:
                if dist.metadata["Name"] == distribution:
                    return dist.version
        return "unknown version"


def install_references() -> None:
    """pip-install OpenSpiel and euchre-cli for this interpreter.

    OpenSpiel goes into the environment as usual. euchre-cli goes into a folder of its own
    inside the environment (``pip install --target``), because it installs a console script
    named ``euchre`` that would replace euchrekit's own ``euchre`` command in ``.venv/bin``
    (and uninstalling it later would delete ours); this tool finds it there.
    """
    pip = [sys.executable, "-m", "pip", "install", "--quiet"]
    for package, options in ((OPENSPIEL_PACKAGE, []),
                             (EUCHRE_CLI_PACKAGE, ["--upgrade", "--target",
                                                   str(EUCHRE_CLI_TARGET)])):
        done = subprocess.run([*pip, *options, package], check=False)
        if done.returncode != 0:
            print(f"could not install {package} (pip exited {done.returncode}); measuring "
                  "without it", file=sys.stderr)
    importlib.invalidate_caches()


def machine() -> dict[str, Any]:
    """What ran the benchmark."""
    cpu_model = platform.processor() or "unknown CPU"
    with contextlib.suppress(OSError), open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
        for line in cpuinfo:
            if line.startswith("model name"):
                cpu_model = line.split(":", 1)[1].strip()
                break
    return {
        "platform": platform.platform(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "cpu_count": os.cpu_count(),
        "cpu": cpu_model,
    }


def ratios(measured: dict[str, Measurement]) -> list[Ratio]:
    """Ours over theirs, where both were measured."""
    pairs = [
        ("random_vs_openspiel", "euchrekit random / OpenSpiel random", "euchrekit_random",
         "openspiel"),
        ("heuristic_vs_euchre_cli", "euchrekit heuristic / euchre-cli", "euchrekit_heuristic",
         "euchre_cli"),
    ]
    found = []
    for key, label, ours, theirs in pairs:
        if measured[ours].runs and measured[theirs].runs:
            mine, other = measured[ours], measured[theirs]
            found.append(Ratio(
                key=key, label=label, ours=ours, theirs=theirs,
                value=mine.hands_per_s.median / other.hands_per_s.median,
                value_cpu=mine.hands_per_cpu_s.median / other.hands_per_cpu_s.median))
    return found


def render_table(measured: dict[str, Measurement], *, seconds: float, runs: int) -> str:
    """The figures as a compact text table."""
    info = machine()
    lines = [
        f"machine: {info['platform']}; {info['python']}; {info['cpu_count']} CPUs "
        f"({info['cpu']})",
        f"{'one run' if runs == 1 else f'median of {runs} runs'} of ~{seconds:g} s each, "
        "one process, one core; runs of the engines interleaved",
        "",
        f"{'name':<28} {'hands/s  median (min-max)':>28} {'deals/s':>9}  ratio",
    ]
    ratio_of = {r.ours: r for r in ratios(measured)}
    for key, m in measured.items():
        if m.unavailable is not None:
            lines.append(f"{m.name:<28} not measured: {m.unavailable}")
            continue
        h, d = m.hands_per_s, m.deals_per_s
        figure = f"{h.median:,.0f} ({h.low:,.0f}-{h.high:,.0f})"
        ratio = ratio_of.get(key)
        shown = f"x{ratio.value:.2f} ({ratio.label})" if ratio else ""
        lines.append(f"{m.name:<28} {figure:>28} {d.median:>9,.0f}  {shown}")
    lines += [
        "",
        "hands/s counts scored hands; deals/s also counts thrown-in deals (all passed).",
        "ratio: our median hands/s over the reference's (above 1: we are faster).",
    ]
    lines += [f"{m.name}: {note}" for m in measured.values() for note in m.notes]
    share = min(m.least_core_share for m in measured.values())
    if share < BUSY_CORE_SHARE:
        lines.append(f"warning: the machine was busy; in one run this process had only "
                     f"{share:.0%} of a core, so the figures are low and noisy (--json adds "
                     "hands per CPU-second, steadier)")
    return "\n".join(lines)


def report_json(measured: dict[str, Measurement], *, seconds: float, runs: int,
                seed: int) -> dict[str, Any]:
    """The same figures as one JSON-ready object."""
    return {
        "machine": machine(),
        "settings": {"seconds": seconds, "runs": runs, "seed": seed,
                     "hands": "scored hands only", "deals": "including thrown-in deals"},
        "results": {key: m.as_json() for key, m in measured.items()},
        "ratios": {r.key: {"of": [r.ours, r.theirs], "value": round(r.value, 3),
                           "value_cpu": round(r.value_cpu, 3)} for r in ratios(measured)},
    }


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one run (2)")
    parser.add_argument("--runs", type=int, default=5, help="runs per engine; median taken (5)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games played (0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument("--install-references", action="store_true",
                        help=f"pip-install {OPENSPIEL_PACKAGE} and {EUCHRE_CLI_PACKAGE} first")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.runs < 1:
        parser.error("--seconds must be above 0 and --runs at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.install_references:
        install_references()
    with contextlib.ExitStack() as stack:
        subjects = [
            euchrekit_subject("random", seed=args.seed),
            euchrekit_subject("heuristic", seed=args.seed),
            openspiel_subject(seed=args.seed),
            euchre_cli_subject(seed=args.seed, stack=stack),
        ]
        measured = measure(subjects, seconds=args.seconds, runs=args.runs)
    if args.json:
        print(json.dumps(report_json(measured, seconds=args.seconds, runs=args.runs,
                                     seed=args.seed), indent=2))
    else:
        print(render_table(measured, seconds=args.seconds, runs=args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
