"""``compare --engine batch``: the scalar ``compare``'s report, both variants played by the
batch engine.

Batch ``i`` of each variant plays games ``8 B i`` to ``8 B (i + 1) - 1`` (as ``simulate``'s
batches, :mod:`engine.batch.simulate`), dealt by game and hand (:mod:`engine.batch.pairs`): game
``g`` of one variant is paired with game ``g`` of the other, on the same deals when both deal
alike, and each figure's interval comes from the per-game differences, exactly as the scalar
:func:`~engine.sim.compare.compare` does (same figures, same running sums in millionths,
:class:`~engine.sim.compare.PairTally`). A job is one batch of both variants; the report is the
same for a seed and a batch size whatever runs the jobs.

>>> from engine import load_variant
>>> from engine.core.bot_spec import BotSpec
>>> report = compare_batch(load_variant("standard"), load_variant("stick-the-dealer"), seed=1,
...                        games=40, batch_size=20, bots_a=[BotSpec.parse("heuristic")] * 4,
...                        bots_b=[BotSpec.parse("heuristic")] * 4)
>>> report.paired, report.games, [f.metric for f in report.figures][:3]
(True, 40, ['dealer_points', 'made', 'euchred'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from engine.batch.forms import headroom, missing_bot
from engine.batch.memory import too_big
from engine.batch.pairs import PairedRun
from engine.batch.run import play_batch
from engine.batch.simulate import GAMES_PER_SLOT, MAX_BATCH, BatchJob, _jobs, _kernels
from engine.core.bot_spec import BotSpec
from engine.core.errors import InvalidArgument
from engine.rules.variant import Variant
from engine.sim.compare import (
    Comparison,
    PairTally,
    common_keys,
    comparison,
    paired_possible,
)
from engine.sim.dispatch import run_jobs

__all__ = ["compare_batch", "paired_batch"]


@dataclass(frozen=True, slots=True)
class PairBatchJob:
    """The same batch of games under both variants, as sent to a worker."""

    a: BatchJob
    b: BatchJob


def paired_batch(job: BatchJob) -> PairedRun:
    """Play one batch of a comparison: its games dealt by game and hand, counted per game."""
    variant, kernels = _kernels(job.name, job.rules_json, job.rules_hash)
    offset = job.index * job.size * GAMES_PER_SLOT
    paired = PairedRun(variant, job.seed, offset, job.games)
    play_batch(variant, kernels, seed=job.seed, index=job.index, size=job.size, games=job.games,
               bots=job.bots, paired=paired)
    return paired


def _sums(x: np.ndarray, y: np.ndarray) -> list[int]:
    """``[sum x, sum x², sum y, sum y², sum (y - x), sum (y - x)²]`` as Python ints (squares
    of millionths pass ``int64``)."""
    xo, yo = x.astype(object), y.astype(object)
    d = yo - xo
    return [int(v) for v in (xo.sum(), (xo * xo).sum(), yo.sum(), (yo * yo).sum(), d.sum(),
                             (d * d).sum())]


def _run_pair(job: PairBatchJob) -> PairTally:
    a, b = paired_batch(job.a), paired_batch(job.b)
    tally = PairTally(common_keys(a.variant, b.variant))
    fa, fb = a.figures(), b.figures()
    tally.games = job.a.games
    tally.stopped_a, tally.stopped_b = int(a.stopped.sum()), int(b.stopped.sum())
    for key in tally.keys:
        tally.sums[key] = _sums(fa[key], fb[key])
    return tally


def compare_batch(
    a: Variant, b: Variant, *, seed: int, games: int, bots_a: Sequence[BotSpec],
    bots_b: Sequence[BotSpec], batch_size: int, workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Comparison:
    """:func:`engine.sim.compare.compare` in batch mode: the same report, from batches of
    ``batch_size`` games of each variant (both must have batch forms and batch bots:
    :func:`engine.batch.forms.missing`, :func:`~engine.batch.forms.missing_bot`)."""
    if not 1 <= batch_size <= MAX_BATCH:
        raise InvalidArgument(f"--batch-size must be from 1 to {MAX_BATCH:,}, not {batch_size:,}")
    for variant, bots in ((a, bots_a), (b, bots_b)):
        if (reason := missing_bot(bots, variant) or headroom(variant)) is not None:
            raise InvalidArgument(f"batch mode: {reason}")
    # both variants' batches of a job are in memory at once: each gets half
    for variant, bots in ((a, bots_a), (b, bots_b)):
        if (reason := too_big(variant, batch_size=min(batch_size, games), bots=bots,
                              workers=2 * workers)) is not None:
            raise InvalidArgument(f"batch mode: {reason}")
    paired = paired_possible(a, b) and list(bots_a) == list(bots_b)
    tally = PairTally(common_keys(a, b))

    def jobs(_: int) -> Iterator[PairBatchJob]:
        one = _jobs(a, seed=seed, games=games, size=batch_size, verify=0, bots=tuple(bots_a))
        two = _jobs(b, seed=seed, games=games, size=batch_size, verify=0, bots=tuple(bots_b))
        for job_a, job_b in zip(one, two, strict=True):
            yield PairBatchJob(job_a, job_b)

    def done(job: PairBatchJob, result: PairTally) -> None:
        tally.merge(result)
        if progress is not None:
            progress(2 * job.a.games)

    run_jobs(_run_pair, jobs, done, workers=workers, window=2)
    return comparison(a, b, tally, seed=seed, games=games, paired=paired, bots_a=bots_a,
                      bots_b=bots_b)
