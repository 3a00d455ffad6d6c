"""Running a stream of jobs in this process, in local worker processes or on a Dask cluster.

Every runner of many games (``simulate``, ``compare``, batch mode) cuts its work into jobs
whose results merge in any order, then hands them to :func:`run_jobs`. A bounded window of
jobs is in flight at once (memory stays flat however long the run); local workers never
outlive the run (:mod:`engine.sim.workers`); a cluster that cannot be reached stops the run
with a message (:mod:`engine.sim.cluster`).

>>> seen = []
>>> run_jobs(lambda n: n * n, lambda workers: iter(range(4)), lambda n, r: seen.append(r))
>>> seen
[0, 1, 4, 9]
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from typing import Any, TypeVar

from engine.sim.cluster import run_on_cluster
from engine.sim.workers import worker_pool

__all__ = ["run_jobs", "run_windowed"]

JobT = TypeVar("JobT")
ResultT = TypeVar("ResultT")


def run_windowed(
    submit: Callable[[JobT], Any], wait_one: Callable[[set[Any]], Any], jobs: Iterator[JobT],
    window: int, done: Callable[[JobT, Any], None],
) -> None:
    """Keep at most ``window`` jobs in flight. ``submit`` starts a job and returns its future;
    ``wait_one`` returns one finished future from a set; ``done`` receives each job with its
    result."""
    pending: dict[Any, JobT] = {}
    for job in jobs:
        pending[submit(job)] = job
        while len(pending) >= window:
            future = wait_one(set(pending))
            done(pending.pop(future), future.result())
    while pending:
        future = wait_one(set(pending))
        done(pending.pop(future), future.result())


def _first_done(futures: set[Future[Any]]) -> Future[Any]:
    finished, _ = wait(futures, return_when=FIRST_COMPLETED)
    return next(iter(finished))


def run_jobs(
    run: Callable[[JobT], ResultT], jobs: Callable[[int], Iterator[JobT]],
    done: Callable[[JobT, ResultT], None], *, workers: int = 1,
    scheduler: str | None = None, window: int = 4,
) -> None:
    """Run every job of ``jobs(k)`` (``k``: the number of workers, so that the caller may cut
    the work to fit) with ``run`` and give each result to ``done``: in this process
    (``workers <= 1``), in ``workers`` local processes, or on the Dask cluster at
    ``scheduler``. At most ``window`` jobs per worker are in flight. ``run`` must be a
    module-level function (it is sent to other processes)."""
    if scheduler is not None:  # an empty address is a mistake, not a request to run locally
        def on_cluster(client: Any, count: int) -> None:
            distributed: Any = importlib.import_module("dask.distributed")

            def first_done(futures: set[Any]) -> Any:
                return next(iter(distributed.wait(futures, return_when="FIRST_COMPLETED").done))

            run_windowed(lambda job: client.submit(run, job, pure=False), first_done,
                         jobs(count), count * window, done)

        run_on_cluster(scheduler, on_cluster)
    elif workers <= 1:
        for job in jobs(1):
            done(job, run(job))
    else:
        with worker_pool(workers) as pool:
            run_windowed(lambda job: pool.submit(run, job), _first_done, jobs(workers),
                         workers * window, done)
