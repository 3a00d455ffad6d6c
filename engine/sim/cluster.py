"""Running a simulation on a Dask cluster (``simulate --scheduler ADDRESS``).

Every way this can go wrong ends with an :class:`~engine.core.errors.EuchreError` in bounded time:

- an address Dask cannot use as given (no port, ``tls://`` without certificates, ``ucx://``
  without UCX, an empty string) is refused before any connection is tried;
- a server that does not answer as a Dask scheduler (a web server such as Dask's own
  dashboard on 8787, a port that never answers) is given up after :data:`CONNECT_SECONDS`:
  Dask's own ``timeout`` does not bound its handshake, so the connection is made in a
  helper thread and waited for here;
- a scheduler that goes away during the run stops it with a message.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import re
import threading
from collections.abc import Callable
from typing import Any

from engine.core.errors import EuchreError
from engine.core.printable import printable

__all__ = ["CONNECT_SECONDS", "check_scheduler_address", "connect"]

CONNECT_SECONDS = 8.0
"""How long a scheduler has to answer."""

_CLOSE_SECONDS = 2.0
_ADDRESS = re.compile(r"(?:tcp://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(?P<port>\d{1,5})")


def check_scheduler_address(address: str) -> str:
    """The address as Dask takes it (``tcp://HOST:PORT``), or an error saying what is wrong.

    >>> check_scheduler_address("10.0.0.5:8786")
    'tcp://10.0.0.5:8786'
    """
    shown = printable(address)
    if not address.strip():
        raise EuchreError("--scheduler is empty: give the Dask scheduler's address, e.g. "
                          "tcp://host:8786 (leave the option out to run locally)")
    scheme = address.split("://", 1)[0].lower() if "://" in address else "tcp"
    if scheme != "tcp":
        raise EuchreError(f"--scheduler {shown}: only tcp:// scheduler addresses are supported "
                          f"({scheme}:// needs settings euchrekit does not pass to Dask)")
    match = _ADDRESS.fullmatch(address)
    if match is None or not 0 < int(match["port"]) < 65536:
        raise EuchreError(f"--scheduler {shown} is not a scheduler address: expected "
                          "tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786")
    return f"tcp://{match['host']}:{int(match['port'])}"


def _distributed() -> Any:
    try:
        # Dask is optional and only partly typed: use it through an Any-typed module.
        return importlib.import_module("dask.distributed")
    except ImportError:
        raise EuchreError("--scheduler needs Dask: pip install 'euchrekit[dask]'") from None


def _quiet_dask_logs() -> None:
    """Dask logs a lost scheduler with tracebacks on stderr; the failure is reported here,
    in one line, instead. Dask sets levels on its modules' loggers, so each is set."""
    manager = logging.Logger.manager
    for name in ["distributed", *manager.loggerDict]:
        if name == "distributed" or name.startswith("distributed."):
            logging.getLogger(name).setLevel(logging.CRITICAL)


def connect(address: str) -> Any:
    """A Dask client connected to the scheduler at ``address`` (checked first)."""
    target = check_scheduler_address(address)
    distributed = _distributed()
    _quiet_dask_logs()
    box: list[Any] = []

    def attempt() -> None:
        try:
            box.append(distributed.Client(target, timeout=CONNECT_SECONDS))
        except Exception as exc:  # any failure is reported to the user below
            box.append(exc)

    helper = threading.Thread(target=attempt, name="dask-connect", daemon=True)
    helper.start()
    helper.join(CONNECT_SECONDS + 0.5)
    shown = printable(address)
    if not box:
        raise EuchreError(f"{shown} did not answer as a Dask scheduler within "
                          f"{CONNECT_SECONDS:g} s (is it the scheduler's port, 8786 by default, "
                          "and not the dashboard's, 8787?)")
    if isinstance(box[0], Exception):
        raise EuchreError(f"cannot reach the Dask scheduler at {shown}: "
                          f"{printable(str(box[0]) or type(box[0]).__name__)}")
    return box[0]


def run_on_cluster(address: str, run: Callable[[Any, int], None]) -> None:
    """Connect, call ``run(client, workers)`` and close; a scheduler lost on the way, or any
    other failure of the cluster, becomes a :class:`EuchreError`."""
    client = connect(address)
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        run(client, workers)
    except EuchreError:
        raise
    except Exception as exc:  # Dask raises many kinds; the user needs one line
        if _scheduler_lost(client, exc):
            raise EuchreError(f"lost the Dask scheduler at {printable(address)} during the "
                              "run; the run was stopped") from None
        reason = printable(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
        raise EuchreError(f"the run on the Dask scheduler at {printable(address)} failed: "
                          f"{reason}") from None
    finally:
        _close(client)


def _scheduler_lost(client: Any, exc: Exception) -> bool:
    """Whether ``exc`` says the scheduler went away: the client knows it is closed, or the
    error is Dask's closed connection (raised before the client has noticed, a race)."""
    if getattr(client, "status", "running") != "running":
        return True
    closed = getattr(importlib.import_module("distributed.comm"), "CommClosedError", ())
    return isinstance(exc, closed)


def _close(client: Any) -> None:
    with contextlib.suppress(Exception):  # closing a client whose scheduler is gone
        client.close(timeout=_CLOSE_SECONDS)
