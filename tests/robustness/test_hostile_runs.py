"""Hostile runs of ``simulate`` and ``compare`` (issue 9, items 3, 4, 5 and 7): bogus Dask
schedulers, killed workers, closed or full output streams and unwritable plot paths each end
with exit 1 and one line on stderr, in bounded time, never a traceback or a hang.

Everything here uses local sockets on 127.0.0.1 and local processes only.
"""

from __future__ import annotations

import http.server
import io
import json
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import load_variant
from engine.core.bot_spec import BotSpec
from engine.core.errors import EuchreError
from engine.play.records import write_record
from engine.sim import cluster
from engine.sim.simulate import play_game, simulate
from engine.sim.workers import worker_cap

REPO = Path(__file__).resolve().parents[2]


def _simulate_args(*extra: str) -> list[str]:
    return ["simulate", "standard", "--games", "4", "--bots", "random", "--quiet", *extra]


def _run(argv: list[str]) -> int:
    from engine.cli import main  # noqa: PLC0415 - after the test's monkeypatching

    return main(argv)


def _one_error_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert lines[0].startswith("euchre: "), err
    assert "Traceback" not in err
    return lines[0]


# --- item 3: --scheduler -----------------------------------------------------------------------


@pytest.mark.parametrize("address", ["", "bogus", "tls://127.0.0.1:8786", "ucx://127.0.0.1:8786",
                                     "tcp://127.0.0.1:notaport", "tcp://:8786"])
def test_a_scheduler_address_dask_cannot_use_is_refused_at_once(
        address: str, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("dask.distributed", reason="the dask extra is not installed")
    start = time.monotonic()
    assert _run(_simulate_args("--scheduler", address)) == 1
    assert time.monotonic() - start < 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "scheduler" in _one_error_line(err)


class _QuietHandler(http.server.BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        del format, args


@pytest.fixture
def http_server() -> Iterator[str]:
    """A web server (as Dask's dashboard on 8787 is: a realistic wrong address)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _QuietHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"tcp://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def silent_socket() -> Iterator[str]:
    """A port that accepts connections and never says a word."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"


@pytest.mark.parametrize("server", ["http_server", "silent_socket"])
def test_a_server_that_is_not_a_dask_scheduler_is_given_up_in_bounded_time(
        server: str, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("dask.distributed", reason="the dask extra is not installed")
    import engine.sim.cluster  # noqa: PLC0415

    assert engine.sim.cluster.CONNECT_SECONDS <= 10
    monkeypatch.setattr(engine.sim.cluster, "CONNECT_SECONDS", 2.0)  # the same path, sooner
    address = request.getfixturevalue(server)
    start = time.monotonic()
    assert _run(_simulate_args("--scheduler", address)) == 1
    assert time.monotonic() - start < 6
    assert "did not answer as a Dask scheduler" in _one_error_line(capsys.readouterr().err)


DYING_CLUSTER = """
import os, sys, time
from distributed import LocalCluster
cluster = LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp://",
                       dashboard_address=None)
print(cluster.scheduler_address, flush=True)
deadline = time.monotonic() + 60
while not cluster.scheduler.tasks and time.monotonic() < deadline:  # until a run has begun
    time.sleep(0.05)
time.sleep(0.5)
os._exit(0)  # scheduler and worker gone at once, as with kill -9
"""


def test_a_scheduler_that_dies_during_the_run_stops_it_with_a_message() -> None:
    pytest.importorskip("dask.distributed", reason="the dask extra is not installed")
    cluster = subprocess.Popen([sys.executable, "-c", DYING_CLUSTER], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    try:
        assert cluster.stdout is not None
        address = cluster.stdout.readline().strip()
        done = subprocess.run(
            [sys.executable, "-m", "engine.cli", *_simulate_args("--games", "100000000"),
             "--scheduler", address], cwd=REPO, capture_output=True, text=True, timeout=60,
            check=False)
    finally:
        cluster.kill()
        cluster.wait()
    assert done.returncode == 1
    assert "lost the Dask scheduler" in _one_error_line(done.stderr)


class _RunningClient:
    """A client that has not yet noticed its scheduler is gone (the race CI met)."""

    status = "running"

    def scheduler_info(self) -> dict[str, dict[str, object]]:
        return {"workers": {"w": {}}}

    def close(self, timeout: float) -> None:
        del timeout


def test_a_closed_connection_seen_before_the_client_notices_is_a_lost_scheduler(
        monkeypatch: pytest.MonkeyPatch) -> None:
    comm = pytest.importorskip("distributed.comm", reason="the dask extra is not installed")
    monkeypatch.setattr(cluster, "connect", lambda _address: _RunningClient())

    def run(_client: object, _workers: int) -> None:
        raise comm.CommClosedError("in <TCP (closed) ConnectionPool.gather>: Stream is closed")

    with pytest.raises(EuchreError, match=r"lost the Dask scheduler at tcp://127\.0\.0\.1:1 "):
        cluster.run_on_cluster("tcp://127.0.0.1:1", run)


# --- item 4: local workers ---------------------------------------------------------------------


def test_a_killed_worker_stops_the_run_with_a_message() -> None:
    def kill_a_worker(_games: int) -> None:
        children = multiprocessing.active_children()
        if children:
            os.kill(children[0].pid or 0, signal.SIGKILL)

    with pytest.raises(EuchreError, match="worker process died"):
        simulate(load_variant("standard"), seed=1, games=2000,
                 bots=[BotSpec.parse("random")] * 4, workers=2,
                 progress=kill_a_worker)


def test_workers_are_capped_at_four_per_cpu_with_a_message(
        capsys: pytest.CaptureFixture[str]) -> None:
    cap = 4 * len(os.sched_getaffinity(0))
    assert worker_cap() == cap
    assert _run(_simulate_args("--workers", str(cap + 1000), "--json")) == 0
    err = capsys.readouterr().err
    assert f"using {cap}" in err and "Traceback" not in err


def test_a_refused_fork_stops_the_run_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    real_fork = os.fork
    forks = 0

    def fork_refused_after_one() -> int:
        nonlocal forks
        forks += 1
        if forks > 1:
            raise BlockingIOError(11, "Resource temporarily unavailable")
        return real_fork()

    monkeypatch.setattr(os, "fork", fork_refused_after_one)
    start = time.monotonic()
    with pytest.raises(EuchreError, match="cannot start worker processes"):
        simulate(load_variant("standard"), seed=1, games=40, bots=[BotSpec.parse("random")] * 4,
                 workers=3)
    assert time.monotonic() - start < 10
    assert not multiprocessing.active_children()


def _children(pid: int) -> set[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return {int(x) for x in path.read_text().split()} if path.exists() else set()


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status  # a zombie has ended: it only waits to be reaped


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_end_when_their_parent_is_killed() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-m", "engine.cli", *_simulate_args("--games", "100000000"),
         "--workers", "2"], cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while len(_children(parent.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = _children(parent.pid)
        assert len(workers) == 2
    finally:
        parent.kill()
        parent.wait()
    deadline = time.monotonic() + 5
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [w for w in workers if _alive(w)]
    for worker in left:
        os.kill(worker, signal.SIGKILL)
    assert not left


# --- item 5: output streams --------------------------------------------------------------------


@pytest.fixture
def record(tmp_path: Path) -> str:
    path = tmp_path / "game.json"
    write_record(path, play_game(load_variant("standard"), 5, [BotSpec.parse("random")] * 4))
    return str(path)


COMMANDS = {
    "list": ["list"],
    "show": ["show", "standard"],
    "validate": ["validate", "standard"],
    "play": ["play", "standard", "--seed", "1"],
    "replay": ["replay", "RECORD"],
    "simulate": _simulate_args(),
    "compare": ["compare", "standard", "stick-the-dealer", "--games", "3", "--quiet"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_with_stdout_on_a_full_disk_exits_1_with_one_line(
        command: str, record: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = [record if word == "RECORD" else word for word in COMMANDS[command]]
    with capsys.disabled(), open("/dev/full", "w", encoding="utf-8") as full:
        err = io.StringIO()
        monkeypatch.setattr(sys, "stdout", full)
        monkeypatch.setattr(sys, "stderr", err)
        monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
        code = _run(argv)
        monkeypatch.undo()
    assert code == 1
    assert "No space left on device" in _one_error_line(err.getvalue())


def test_simulate_into_a_full_disk_in_a_real_process_exits_1_with_one_line() -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "engine.cli", *_simulate_args()], cwd=REPO,
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=60,
                              check=False)
    assert done.returncode == 1
    assert "No space left on device" in _one_error_line(done.stderr)


def test_simulate_with_stderr_closed_prints_its_report_without_a_bar() -> None:
    done = subprocess.run(f"exec {sys.executable} -m engine.cli simulate standard --games 4 "
                          "--bots random --json 2>&-", shell=True, cwd=REPO,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stdout
    assert '"games": 4' in done.stdout


# --- item 7: --plot ----------------------------------------------------------------------------


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run that would play a game fails the test."""
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a game was played before the plot path was checked")

    monkeypatch.setattr("engine.cli.simulate_command.simulate", refuse)


@pytest.mark.usefixtures("no_games")
@pytest.mark.parametrize(("plot", "message"), [
    ("out.txt", "PNG"),
    ("somedir", "directory"),
    ("/dev/full", "PNG"),
    ("pipe.png", "not a regular file"),  # a FIFO: opening it to write would wait for ever
    ("missing/out.png", "no directory"),
])
def test_a_plot_path_that_cannot_be_written_is_refused_before_any_game(
        plot: str, message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "somedir").mkdir()
    os.mkfifo(tmp_path / "pipe.png")
    assert _run(_simulate_args("--plot", plot)) == 1
    assert message in _one_error_line(capsys.readouterr().err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.png", "somedir"]


@pytest.mark.usefixtures("no_games")
def test_plot_without_matplotlib_is_refused_before_any_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails as if not installed
    assert _run(_simulate_args("--plot", str(tmp_path / "out.png"))) == 1
    assert "matplotlib" in _one_error_line(capsys.readouterr().err)


def test_the_report_is_printed_even_when_the_plot_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")

    def disk_full(*_args: object, **_kwargs: object) -> None:
        raise EuchreError("cannot write out.png: No space left on device")

    monkeypatch.setattr("engine.sim.plot.plot_report", disk_full)
    assert _run(_simulate_args("--plot", str(tmp_path / "out.png"))) == 1
    out, err = capsys.readouterr()
    assert "game wins:" in out
    assert "No space left on device" in _one_error_line(err)


# --- issue 22, item 25: --plot replaces only what this project wrote ---------------------------

_PHOTO = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dIHDR" + bytes(17) + b"a holiday photo"


@pytest.mark.usefixtures("no_games")
def test_plot_refuses_to_overwrite_a_picture_it_did_not_write(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    photo = tmp_path / "holiday-photo.png"
    photo.write_bytes(_PHOTO)
    assert _run(_simulate_args("--plot", str(photo))) == 1
    line = _one_error_line(capsys.readouterr().err)
    assert f"--plot {photo}: it already exists" in line and "--force" in line
    assert photo.read_bytes() == _PHOTO
    assert sorted(p.name for p in tmp_path.iterdir()) == ["holiday-photo.png"]


def test_plot_replaces_its_own_plot_and_with_force_any_regular_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    target = tmp_path / "run.png"
    assert _run(_simulate_args("--plot", str(target))) == 0
    first = target.stat().st_mode, target.read_bytes()
    assert _run(_simulate_args("--seed", "9", "--plot", str(target))) == 0, capsys.readouterr()
    assert target.read_bytes() != first[1]  # another run: another picture, same file
    target.write_bytes(_PHOTO)
    assert _run(_simulate_args("--plot", str(target), "--force")) == 0, capsys.readouterr()
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and target.read_bytes() != _PHOTO
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.png"]


def test_plot_through_a_symlink_keeps_the_link(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    link = tmp_path / "link.png"
    link.symlink_to("real.png")
    assert _run(_simulate_args("--plot", str(link))) == 0
    assert link.is_symlink() and (tmp_path / "real.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.usefixtures("no_games")
@pytest.mark.parametrize("force", [[], ["--force"]])
def test_plot_onto_a_symlink_loop_is_refused_and_keeps_both_links(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], force: list[str]) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    first, second = tmp_path / "a.png", tmp_path / "b.png"
    first.symlink_to(second.name)
    second.symlink_to(first.name)
    assert _run(_simulate_args("--plot", str(first), *force)) == 1
    assert "cannot be resolved" in _one_error_line(capsys.readouterr().err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.png", "b.png"]
    assert os.readlink(first) == "b.png" and os.readlink(second) == "a.png"


# -- awards of about 10^360 (issue 22, item 20) ------------------------------------------------

_HUGE_AWARD = " * ".join(["999999999"] * 40)  # about 10^360; numbers have at most 9 digits
_HUGE_FILE = f"""extends: standard
description: awards of about 10^360, past a float
scoring:
  table:
    - {{label: made, when: "makers.tricks >= 3", makers: "{_HUGE_AWARD}"}}
    - {{label: euchre, when: "makers.tricks <= 2", defenders: "{_HUGE_AWARD}"}}
"""


@pytest.mark.parametrize("extra", [[], ["--json"], ["--csv"], ["--engine", "batch"],
                                   ["compare"], ["compare", "--json"]])
def test_awards_past_a_float_give_an_exact_report_or_a_located_error_never_a_traceback(
        extra: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A loader that bounds awards refuses the file (exit 1, located); today's loader takes it,
    and every report is then exact: the points per hand are whole numbers of 361 digits."""
    path = tmp_path / "huge.yaml"
    path.write_text(_HUGE_FILE, encoding="utf-8")
    if extra[:1] == ["compare"]:
        argv = ["compare", "standard", str(path), "--games", "3", "--bots", "random",
                "--quiet", *extra[1:]]
    else:
        argv = ["simulate", str(path), "--games", "3", "--bots", "random", "--quiet", *extra]
    code = _run(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    if code == 1:  # refused when the file loads
        assert "huge.yaml:" in err and "error" in err
        return
    assert code == 0
    award = 999999999**40
    if "--json" in extra and extra[0] == "compare":
        figures = {f["metric"]: f for f in json.loads(out)["figures"]}
        assert figures["points@1+3"]["b"] % award == 0  # per 100 hands: whole awards
    elif "--json" in extra:
        means = [v["mean"] for v in json.loads(out)["points_per_hand"].values()]
        assert all(isinstance(m, int | float) for m in means) and max(means) >= award // 3
    elif "--csv" in extra:
        rows = [line.split(",") for line in out.splitlines()]
        means = [int(float(r[2])) if "." in r[2] else int(r[2])
                 for r in rows if r[0] == "points_per_hand"]
        assert max(means) >= award // 3 and str(max(means)).isdigit()
    else:
        assert "e+3" in out  # the means shown in scientific notation (e+359, e+360...)
        if "batch" in extra:
            assert "past the 64-bit integers of batch mode; playing the scalar engine" in err
