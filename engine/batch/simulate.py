"""``simulate`` in batch mode: a run cut into batches of B games, in this process, in local
worker processes, or on a Dask cluster, with the report of the scalar engine.

Batch ``i`` plays games ``8 B i`` to ``8 B (i + 1) - 1`` on B rows (``8 B`` rounded up to whole
matches where the variant has match rules: :func:`chunk_of`) and draws from its own seed
(:mod:`engine.batch.run`); tallies are integer counters that merge in any order, so the report
is the same for a seed and a batch size whatever runs the batches. A job (one batch) carries the
variant's resolved rules, as the scalar engine's jobs do.

>>> from engine import load_variant
>>> run = simulate_batch(load_variant("standard"), seed=1, games=50, batch_size=20, verify=5)
>>> run.tally.games, len(run.logs), run.problems
(50, 5, [])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.batch.forms import headroom, missing_bot
from engine.batch.memory import too_big
from engine.batch.run import GameLog, compile_kernels, play_batch
from engine.batch.verify import verify_games
from engine.core.bot_spec import BotSpec
from engine.core.errors import InvalidArgument
from engine.rules.variant import Variant
from engine.sim.dispatch import run_jobs
from engine.sim.simulate import Progress, _variant_of
from engine.sim.stats import Tally

__all__ = ["DEFAULT_BATCH", "BatchJob", "BatchRun", "simulate_batch"]

DEFAULT_BATCH = 10_000
"""Games per batch by default: near the fastest on one core (README, "Batch mode")."""
MAX_BATCH = 1_000_000


@dataclass(slots=True)
class BatchRun:
    """A batch run: the tally, the logs of the first ``verify`` games and what their replay
    through the scalar engine found wrong (empty: nothing)."""

    tally: Tally
    logs: list[GameLog] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class BatchJob:
    """One batch, as sent to a worker process or a Dask worker."""

    name: str
    rules_json: str
    rules_hash: str
    seed: int
    index: int
    size: int
    games: int
    logged: int
    bots: tuple[BotSpec, ...] = ()


@cache
def _kernels(name: str, rules_json: str, rules_hash: str) -> tuple[Variant, list[Any]]:
    variant = _variant_of(name, rules_json, rules_hash)
    return variant, compile_kernels(variant)


def run_batch_job(job: BatchJob) -> tuple[Tally, list[GameLog]]:
    """Play one batch (in whatever process it lands)."""
    variant, kernels = _kernels(job.name, job.rules_json, job.rules_hash)
    tally, logs = play_batch(variant, kernels, seed=job.seed, index=job.index, size=job.size,
                             games=job.games, logged=job.logged, bots=job.bots)
    offset = job.index * chunk_of(variant, job.size)
    return tally, [GameLog(index=offset + log.index, deals=log.deals, actions=log.actions,
                           scores=log.scores, winners=log.winners, begun=log.begun)
                   for log in logs]


GAMES_PER_SLOT = 8
"""A batch of B slots plays 8 B games (a slot takes the next game when its game ends)."""


def chunk_of(variant: Variant, size: int) -> int:
    """The games of a batch of ``size`` rows: :data:`GAMES_PER_SLOT` a row, rounded up to
    whole matches (``game.match``: a match is played whole, in one batch)."""
    match = variant.game.match
    games = 1 if match is None else match.games
    return -(-size * GAMES_PER_SLOT // games) * games


def _jobs(variant: Variant, *, seed: int, games: int, size: int, verify: int,
          bots: tuple[BotSpec, ...]) -> Iterator[BatchJob]:
    chunk = chunk_of(variant, size)
    for index, start in enumerate(range(0, games, chunk)):
        count = min(chunk, games - start)
        yield BatchJob(variant.name, variant.rules_json, variant.rules_hash, seed, index, size,
                       count, max(0, min(count, verify - start)), bots)


def simulate_batch(variant: Variant, *, seed: int, games: int, batch_size: int = DEFAULT_BATCH,
                   workers: int = 1, scheduler: str | None = None, verify: int = 0,
                   bots: Sequence[BotSpec] = (), progress: Progress | None = None) -> BatchRun:
    """Play ``games`` games (``bots``: one name per seat, random by default) in batches of
    ``batch_size`` and tally them; replay the first ``verify`` through the scalar interpreter.
    The variant must have batch forms for all its mechanics (:func:`engine.batch.forms.missing`);
    one whose scores could wrap batch mode's 64-bit integers is refused
    (:func:`engine.batch.forms.headroom`: the scalar engine plays it exactly), and so is a
    batch size that would not fit in memory (:func:`engine.batch.memory.too_big`).
    """
    if not 1 <= batch_size <= MAX_BATCH:
        raise InvalidArgument(f"--batch-size must be from 1 to {MAX_BATCH:,}, not {batch_size:,}")
    if (reason := missing_bot(bots, variant) or headroom(variant)) is not None:
        raise InvalidArgument(f"batch mode: {reason}")
    if (reason := too_big(variant, batch_size=min(batch_size, games), bots=bots,
                          workers=1 if scheduler else workers)) is not None:
        raise InvalidArgument(f"batch mode: {reason}")
    run = BatchRun(Tally.for_variant(variant))

    def done(job: BatchJob, result: tuple[Tally, list[GameLog]]) -> None:
        run.tally.merge(result[0])
        run.logs.extend(result[1])
        if progress is not None:
            progress(job.games)

    run_jobs(run_batch_job, lambda _: _jobs(variant, seed=seed, games=games, size=batch_size,
                                             verify=verify, bots=tuple(bots)),
             done, workers=workers, scheduler=scheduler, window=2)
    run.logs.sort(key=lambda log: log.index)
    run.problems = verify_games(variant, run.logs, bots=tuple(bots))
    return run
