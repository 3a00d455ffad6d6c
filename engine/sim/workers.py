"""Local worker processes for ``simulate`` and ``compare``: bounded, and never left behind.

- A run asks for at most :func:`worker_cap` processes (four per CPU): more only add
  memory and start-up time.
- A worker that dies (``kill -9``, the OOM killer) or a fork the system refuses stops the
  run with an :class:`~engine.core.errors.EuchreError` saying so, and the other workers are ended.
- Workers die with their parent: on Linux each one asks the kernel to kill it when the
  process that started it ends (``PR_SET_PDEATHSIG``); elsewhere a watchdog thread notices
  that its parent has gone.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from engine.core.errors import EuchreError

__all__ = ["WORKERS_PER_CPU", "cpu_count", "worker_cap", "worker_pool"]

WORKERS_PER_CPU = 4
"""The most worker processes a run starts per CPU available to it."""

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
_WATCHDOG_PERIOD = 1.0  # seconds between two looks at the parent, where prctl is missing


def cpu_count() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def worker_cap() -> int:
    """The most worker processes one run starts."""
    return WORKERS_PER_CPU * cpu_count()


def _die_with_parent(run: int) -> None:
    """Worker initializer: end this worker when the process that started it ends.

    That process is the run's own (``run``, with the ``fork`` start method) or a fork server
    that ends with the run. A run that ended before this worker got here ends it at once."""
    parent = os.getppid()
    if parent != run and not _running(run):
        os._exit(1)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0:
                if os.getppid() != parent:  # the parent ended before the request was made
                    os._exit(1)
                return
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists but is not ours to signal
        return True
    return True


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_WATCHDOG_PERIOD)
    os._exit(1)


@contextlib.contextmanager
def worker_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` local processes (at most :func:`worker_cap`).

    Leaving the block normally waits for the workers; leaving it with an error ends them at
    once. A dead worker or a refused fork becomes a :class:`EuchreError`."""
    pool = ProcessPoolExecutor(max_workers=min(workers, worker_cap()),
                               initializer=_die_with_parent, initargs=(os.getpid(),))
    try:
        yield pool
    except BrokenProcessPool:
        _end(pool)
        raise EuchreError("a worker process died (killed, or out of memory?); the run was "
                          "stopped: try fewer --workers") from None
    except OSError as exc:
        _end(pool)
        raise EuchreError(f"cannot start worker processes ({exc.strerror or exc}); try fewer "
                          "--workers") from None
    except BaseException:
        _end(pool)
        raise
    pool.shutdown(wait=True)


def _end(pool: ProcessPoolExecutor) -> None:
    """Stop a pool without waiting for its jobs: its workers are killed."""
    # The pool keeps its processes in ``_processes`` (CPython 3.8 and later); ending them
    # here is what keeps a failed run from waiting on work nobody will collect.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            process.kill()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AttributeError, AssertionError):
            process.join(timeout=2)
