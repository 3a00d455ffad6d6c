"""Simulating many games: seeded, deterministic, and the same for any number of workers.

Game ``i`` of a run with seed ``S`` is played from its own seed, derived from ``(S, i)``; each
bot's RNG is derived from the game's seed and its seat. Games are tallied into integer
counters (:class:`~engine.stats.Tally`) that merge in any order, so a run split over K local
processes, or over a Dask cluster, gives exactly the same report as one process.

Workers receive the variant's resolved rules as JSON (not a file name), so a cluster needs
euchrekit installed but none of the user's files.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.bots import make_bot
from engine.errors import EuchreError
from engine.loader import variant_from_data
from engine.phases.base import TERMINAL
from engine.state import State
from engine.stats import Tally
from engine.variant import Variant

__all__ = ["Job", "derive_seed", "play_game", "run_games", "simulate"]

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed from ints and strings, stable across processes and machines."""
    text = "/".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def play_game(variant: Variant, seed: int, bots: Sequence[str]) -> State:
    """Play one game to the end with the named bots (one per seat)."""
    state = State(variant, seed=seed)
    players = [make_bot(name, variant, seat, derive_seed(seed, "bot", seat))
               for seat, name in enumerate(bots)]
    while state.current != TERMINAL:
        action = players[state.current].act(state)
        if action in state.legal_action_ids():  # bots choose among legal actions
            state._apply(action)
        else:
            state.apply(action)  # raises IllegalActionError with the reason
    return state


def run_games(
    variant: Variant,
    *,
    seed: int,
    indices: range,
    bots: Sequence[str],
    progress: Progress | None = None,
) -> Tally:
    """Play the games numbered ``indices`` of the run ``seed`` and tally them."""
    tally = Tally.for_variant(variant)
    for index in indices:
        tally.add_game(play_game(variant, derive_seed(seed, index), bots))
        if progress is not None:
            progress(1)
    return tally


@dataclass(frozen=True, slots=True)
class Job:
    """A slice of a run, as sent to a worker process or a Dask worker."""

    name: str
    rules_json: str
    rules_hash: str
    seed: int
    start: int
    stop: int
    bots: tuple[str, ...]


@cache
def _variant_of(name: str, rules_json: str, rules_hash: str) -> Variant:
    variant = variant_from_data(json.loads(rules_json), name=name, file=f"<{name}>")
    if variant.rules_hash != rules_hash:
        raise EuchreError(f"worker compiled {name} to other rules ({variant.rules_hash} != "
                          f"{rules_hash}); install the same euchrekit version everywhere")
    return variant


def run_job(job: Job) -> Tally:
    """Run one slice (in whatever process it lands)."""
    variant = _variant_of(job.name, job.rules_json, job.rules_hash)
    return run_games(variant, seed=job.seed, indices=range(job.start, job.stop), bots=job.bots)


def _jobs(variant: Variant, seed: int, games: int, bots: Sequence[str], parts: int) -> list[Job]:
    size = max(1, min(200, -(-games // max(1, parts))))
    return [Job(variant.name, variant.rules_json, variant.rules_hash, seed, start,
                min(games, start + size), tuple(bots)) for start in range(0, games, size)]


def simulate(
    variant: Variant,
    *,
    seed: int,
    games: int,
    bots: Sequence[str],
    workers: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> Tally:
    """Play ``games`` games and tally them: in this process (``workers=1``), in ``workers``
    local processes, or on the Dask cluster at ``scheduler``. The result is identical."""
    if scheduler:
        return _simulate_dask(variant, seed=seed, games=games, bots=bots, scheduler=scheduler,
                              progress=progress)
    if workers <= 1:
        return run_games(variant, seed=seed, indices=range(games), bots=bots, progress=progress)
    tally = Tally.for_variant(variant)
    jobs = _jobs(variant, seed, games, bots, workers * 8)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(run_job, job): job for job in jobs}
        for future in as_completed(futures):
            tally.merge(future.result())
            if progress is not None:
                job = futures[future]
                progress(job.stop - job.start)
    return tally


def _simulate_dask(
    variant: Variant, *, seed: int, games: int, bots: Sequence[str], scheduler: str,
    progress: Progress | None,
) -> Tally:
    try:
        # Dask is optional and only partly typed: use it through an Any-typed module.
        distributed: Any = importlib.import_module("dask.distributed")
    except ImportError:
        raise EuchreError("--scheduler needs Dask: pip install 'euchrekit[dask]'") from None
    try:
        client = distributed.Client(scheduler, timeout=10)
    except (OSError, TimeoutError) as exc:
        raise EuchreError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    tally = Tally.for_variant(variant)
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        jobs = _jobs(variant, seed, games, bots, workers * 8)
        futures = client.map(run_job, jobs, pure=False)
        sizes = {future.key: job.stop - job.start for future, job in zip(futures, jobs,
                                                                          strict=True)}
        for future in distributed.as_completed(futures):
            tally.merge(future.result())
            if progress is not None:
                progress(sizes[future.key])
    finally:
        client.close()
    return tally


def default_workers() -> int:
    """The CPU count available to this process."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1
