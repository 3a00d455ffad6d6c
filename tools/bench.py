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
The two reference engines run in a process of their own (``tools/bench_references.py``) under
the Python of ``.venv-references``, where ``--install-references`` installs them, never in the
project's ``.venv``: euchre-cli's console script is also called ``euchre`` and would replace
ours. Without that environment the references are looked for under this Python.

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
import json
import os
import platform
import statistics
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import bench_references  # beside this script: the timing loop both processes use

from engine import load_variant
from engine.sim.simulate import derive_seed, play_game

try:
    from engine.core.bot_spec import BotSpec

    def _spec(name: str) -> Any:
        """A bot as ``play_game`` takes it: a typed spec."""
        return BotSpec.parse(name)
except ImportError:  # a checkout from before bots were named by typed specs
    def _spec(name: str) -> Any:
        return name

# One game: its number within the measurement -> (scored hands, deals incl. thrown-in ones).
PlayOne = Callable[[int], tuple[int, int]]
# One timed run: (first game number, seconds) -> the run.
TimeRun = Callable[[int, float], "Run"]

OPENSPIEL_PACKAGE = "open-spiel"
EUCHRE_CLI_PACKAGE = "euchre-cli"
# A run in which this process had less of a core than this was slowed by other work.
BUSY_CORE_SHARE = 0.9
ROOT = Path(__file__).resolve().parents[1]
# The reference engines' own environment (see install_references), and their timing script.
REFERENCES_VENV = ROOT / ".venv-references"
REFERENCES_SCRIPT = Path(__file__).resolve().with_name("bench_references.py")


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
    """One engine ready to time (``time_run(first, seconds)`` times whole games numbered from
    ``first``), or why it is not."""

    key: str
    name: str
    time_run: TimeRun | None = None
    unavailable: str | None = None
    notes: tuple[str, ...] = ()


# --- timing ----------------------------------------------------------------------------------


def timed_run(play_one: PlayOne, *, first: int, seconds: float) -> Run:
    """Whole games numbered from ``first`` until ``seconds`` have passed (the loop of
    ``tools/bench_references.py``, which times the reference engines the same way)."""
    return Run(**bench_references.timed_run(play_one, first=first, seconds=seconds))


def measure(subjects: Sequence[Subject], *, seconds: float, runs: int) -> dict[str, Measurement]:
    """Time every available subject ``runs`` times, after a short untimed warm-up each.

    The runs are interleaved (one of each subject, then the next round), so that other work
    on the machine slows all of them alike and the ratios stay fair. Game numbers go on from
    one run to the next, so no two runs replay the same games.
    """
    ready = [(s.key, s.time_run) for s in subjects if s.time_run is not None]
    next_game: dict[str, int] = {}
    for key, time_run in ready:  # imports, caches, first allocations: not timed
        next_game[key] = time_run(0, min(0.25, seconds / 4)).games
    done: dict[str, list[Run]] = {key: [] for key, _ in ready}
    for _ in range(runs):
        for key, time_run in ready:
            run = time_run(next_game[key], seconds)
            next_game[key] += run.games
            done[key].append(run)
    return {s.key: Measurement(key=s.key, name=s.name, runs=tuple(done.get(s.key, ())),
                               unavailable=s.unavailable, notes=s.notes) for s in subjects}


# --- euchrekit -------------------------------------------------------------------------------


def euchrekit_subject(bot: str, *, seed: int) -> Subject:
    """euchrekit's ``standard`` with ``bot`` in all four seats.

    Times :func:`engine.sim.simulate.play_game` (what ``run_games`` calls for each game), game
    ``n`` seeded as ``run_games`` seeds it; the statistics tally that ``run_games`` adds is
    left out, since it is reporting, not play.
    """
    variant = load_variant("standard")
    bots = [_spec(bot)] * variant.players

    def play_one(number: int) -> tuple[int, int]:
        state = play_game(variant, derive_seed(seed, number), bots)
        deals = state.hands_played
        return sum(1 for record in deals if record.scored), len(deals)

    def time_run(first: int, seconds: float) -> Run:
        return timed_run(play_one, first=first, seconds=seconds)

    return Subject(key=f"euchrekit_{bot}", name=f"euchrekit standard, {bot}",
                   time_run=time_run)


# --- the reference engines, in their own environment ---------------------------------------


def references_python() -> Path:
    """The Python that runs the reference engines: ``.venv-references``'s if it exists."""
    for name in ("bin/python", "Scripts/python.exe"):
        if (REFERENCES_VENV / name).exists():
            return REFERENCES_VENV / name
    return Path(sys.executable)


def reference_subjects(*, seed: int, stack: contextlib.ExitStack) -> list[Subject]:
    """OpenSpiel and euchre-cli, timed by ``tools/bench_references.py`` in a process of its
    own (under :func:`references_python`), one run per request so that runs interleave."""
    child = subprocess.Popen(
        [str(references_python()), str(REFERENCES_SCRIPT), "--seed", str(seed)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    stack.callback(child.wait, 30)
    assert child.stdin is not None and child.stdout is not None
    stack.callback(child.stdin.close)
    requests, answers = child.stdin, child.stdout

    def ask(key: str) -> TimeRun:
        def time_run(first: int, seconds: float) -> Run:
            requests.write(json.dumps({"key": key, "first": first, "seconds": seconds}) + "\n")
            requests.flush()
            answer = answers.readline()
            if not answer:
                raise SystemExit(f"{REFERENCES_SCRIPT.name} ended during a run of {key}")
            return Run(**json.loads(answer))
        return time_run

    subjects = []
    for _ in range(2):  # the script announces both references first
        line = answers.readline()
        if not line:
            return [Subject(key="references", name="reference engines", unavailable=(
                f"{REFERENCES_SCRIPT.name} under {references_python()} ended early"))]
        found = json.loads(line)
        subjects.append(Subject(
            key=found["key"], name=found["name"], notes=tuple(found["notes"]),
            time_run=ask(found["key"]) if found["available"] else None,
            unavailable=None if found["available"] else found["reason"]))
    return subjects


# --- setup, machine, report ------------------------------------------------------------------


def install_references() -> None:
    """Install OpenSpiel and euchre-cli into ``.venv-references``, an environment of their own
    (made here if missing), never into the project's environment: euchre-cli installs a
    console script named ``euchre`` that would replace euchrekit's own ``euchre`` command
    (and uninstalling it later would delete ours)."""
    if not (REFERENCES_VENV / "pyvenv.cfg").exists():
        made = subprocess.run([sys.executable, "-m", "venv", str(REFERENCES_VENV)], check=False)
        if made.returncode != 0:
            print(f"could not create {REFERENCES_VENV} (venv exited {made.returncode}); "
                  "measuring without the references", file=sys.stderr)
            return
    pip = [str(references_python()), "-m", "pip", "install", "--quiet", "--upgrade"]
    for package in (OPENSPIEL_PACKAGE, EUCHRE_CLI_PACKAGE):
        done = subprocess.run([*pip, package], check=False)
        if done.returncode != 0:
            print(f"could not install {package} (pip exited {done.returncode}); measuring "
                  "without it", file=sys.stderr)


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
    parser.add_argument("--batch", action="store_true",
                        help="time batch mode beside OpenSpiel's C++ loop instead "
                        "(tools/bench_batch.py; its options follow --batch)")
    parser.add_argument("--install-references", action="store_true",
                        help=f"pip-install {OPENSPIEL_PACKAGE} and {EUCHRE_CLI_PACKAGE} into "
                        f"{REFERENCES_VENV.name} first")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.runs < 1:
        parser.error("--seconds must be above 0 and --runs at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--batch" in argv:  # batch mode's figures (numpy kernels), in bench_batch.py
        import bench_batch  # noqa: PLC0415 - beside this script; needs the batch extra

        return bench_batch.main([a for a in argv if a != "--batch"])
    args = parse_args(argv)
    if args.install_references:
        install_references()
    with contextlib.ExitStack() as stack:
        subjects = [
            euchrekit_subject("random", seed=args.seed),
            euchrekit_subject("heuristic", seed=args.seed),
            *reference_subjects(seed=derive_seed(args.seed, "references"), stack=stack),
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
