"""The command line under a hostile environment (issue 22, items 24 and 26): an ASCII locale
prints the suits as letters rather than end with a traceback, and Ctrl-C at any moment of a
command, its imports included, exits 130 without one.

The locale runs are real processes (``LC_ALL=C``, UTF-8 mode off, no ``PYTHONIOENCODING``), a
few of them; the expected text is the UTF-8 output of the same command in-process, with the
symbols translated by the table below (written from the cards, not from the code).
"""

from __future__ import annotations

import io
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine._startup import started_as_command
from engine.cli import main
from engine.cli.streams import fit_output_stream

REPO = Path(__file__).resolve().parents[2]

_LETTERS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "—": "-"}


def _ascii_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONIOENCODING", "LANG", "LANGUAGE") and not k.startswith("LC_")}
    return {**env, "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}


def _ascii_run(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "engine.cli", *argv], input=stdin.encode(),
                          capture_output=True, cwd=REPO, env=_ascii_env(), timeout=120,
                          check=False)


def _in_letters(text: str) -> str:
    for symbol, letter in _LETTERS.items():
        text = text.replace(symbol, letter)
    return text


def _same_in_letters(done: subprocess.CompletedProcess[bytes], utf8_out: str) -> None:
    assert b"Traceback" not in done.stderr, done.stderr.decode("ascii", "replace")
    assert done.returncode == 0, done.stderr
    assert not utf8_out.isascii()  # the run shows suits (or dashes) at all
    assert done.stdout.decode("ascii") == _in_letters(utf8_out)


def test_rules_in_an_ascii_locale_prints_the_suits_as_letters(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "standard"]) == 0
    _same_in_letters(_ascii_run("rules", "standard"), capsys.readouterr().out)


def test_play_in_an_ascii_locale_shows_cards_in_letters(play: Callable[..., Any]) -> None:
    keys = "1\n1\nquit\n"
    utf8 = play(keys, "standard", "--seed", "4")
    assert utf8.code == 0, utf8.err
    _same_in_letters(_ascii_run("play", "standard", "--seed", "4", stdin=keys), utf8.out)


def test_replay_in_an_ascii_locale_prints_every_card_in_letters(
        play: Callable[..., Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "g.json"
    assert play("1\n" * 12, "standard", "--seed", "4", "--save", str(saved)).code == 0
    assert main(["replay", str(saved)]) == 0
    _same_in_letters(_ascii_run("replay", str(saved)), capsys.readouterr().out)


def _strict(encoding: str) -> tuple[io.BytesIO, io.TextIOWrapper]:
    raw = io.BytesIO()
    return raw, io.TextIOWrapper(raw, encoding=encoding, errors="strict", newline="\n")


def test_main_on_a_strict_ascii_stdout_prints_the_rules_without_failing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    raw, out = _strict("ascii")
    monkeypatch.setattr("sys.stdout", out)
    assert main(["rules", "standard"]) == 0
    out.flush()
    text = raw.getvalue().decode("ascii")
    assert "Made - the makers take 3 or 4 tricks" in text


def test_a_stream_writes_only_what_its_encoding_lacks_in_letters() -> None:
    raw, out = _strict("latin-1")
    fit_output_stream(out)
    out.write("10♠ é ½ — \udcff")  # a lone surrogate: a file name that is not UTF-8
    out.flush()
    assert raw.getvalue() == b"10S \xe9 \xbd - \\udcff"


def test_a_stream_whose_errors_were_chosen_is_left_alone() -> None:
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii", errors="replace")
    fit_output_stream(out)
    out.write("9♠")
    out.flush()
    assert raw.getvalue() == b"9?"


# --- item 26: Ctrl-C from the first instruction on ------------------------------------------

_LONG_RUN = ("simulate", "standard", "--games", "1000000", "--bots", "random", "--quiet")
"""A command that runs far longer than the test waits: the signal always finds it running."""


def _entry(name: str) -> list[str]:
    if name == "module":
        return [sys.executable, "-m", "engine.cli"]
    script = Path(sys.executable).with_name("euchre")  # the console script, as installed
    assert script.is_file(), f"no console script {script}"
    return [str(script)]


_READY = """\
import os
import re  # the first line of the console script pip writes: none of the project's code
fd = os.environ.pop("EUCHREKIT_TEST_READY_FD", None)
if fd is not None:
    os.write(int(fd), b"r")
    os.close(int(fd))
"""
"""A ``sitecustomize`` module: Python runs it as its own startup ends (site's last step), and
it tells the test so, once it has imported ``re`` as the console script's first line would.
Before then nothing of the project's has run, and Python's own start (and ``import re``) takes
from 30 ms to over 100 ms on a busy machine: the delays count from the end of it."""


def _interrupted(argv: list[str], delay: float, folder: Path) -> tuple[int, str]:
    """Start ``argv`` with Python's own Ctrl-C handling (whatever this test's process has),
    press Ctrl-C ``delay`` seconds after Python's startup; its exit code and standard error."""
    (folder / "sitecustomize.py").write_text(_READY, encoding="utf-8")
    ready, tell = os.pipe()
    path = os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path, "EUCHREKIT_TEST_READY_FD": str(tell)}
    # A child inherits an ignored SIGINT (a test run started in the background has one), and
    # Python then leaves Ctrl-C ignored; a handled one is reset to the default at exec.
    ours = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        child = subprocess.Popen(argv, cwd=REPO, env=env, pass_fds=(tell,),
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE)
    finally:
        signal.signal(signal.SIGINT, ours)
        os.close(tell)
    try:
        assert select.select([ready], [], [], 60)[0], "Python did not start within 60 s"
        assert os.read(ready, 1) == b"r", "the child did not run sitecustomize"
        time.sleep(delay)
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=60)
    finally:
        os.close(ready)
        if child.poll() is None:
            child.kill()
            child.communicate()
    return child.returncode, err.decode("utf-8", "replace")


@pytest.mark.parametrize("delay", [0.05, 0.15, 0.3, 0.5, 1.2])
@pytest.mark.parametrize("entry", ["script", "module"])
def test_ctrl_c_at_any_moment_of_a_command_exits_130_without_a_traceback(
        entry: str, delay: float, tmp_path: Path) -> None:
    code, err = _interrupted([*_entry(entry), *_LONG_RUN], delay, tmp_path)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert code == 130, (code, err)


def test_ctrl_c_at_the_table_is_still_the_tables_own(tmp_path: Path) -> None:
    """Once the command runs, Ctrl-C is the command's again: ``play`` says you left."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen([*_entry("script"), "play", "standard", "--seed", "4"], cwd=REPO,
                             env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    assert child.stdout is not None
    seen = b""
    try:
        deadline = time.monotonic() + 60
        while b"South> " not in seen and time.monotonic() < deadline:  # the first prompt
            if select.select([child.stdout], [], [], 1)[0]:
                chunk = os.read(child.stdout.fileno(), 4096)
                assert chunk, seen.decode()
                seen += chunk
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert b"Traceback" not in err, err.decode()
    assert child.returncode == 0 and b"Interrupted: you left the game." in seen + out


def test_importing_the_library_leaves_ctrl_c_alone() -> None:
    done = subprocess.run([sys.executable, "-c", "import signal, engine.cli; print(signal."
                           "getsignal(signal.SIGINT) is signal.default_int_handler)"],
                          cwd=REPO, capture_output=True, text=True, timeout=60, check=False)
    assert done.stdout == "True\n", done.stderr


@pytest.mark.parametrize(("argv", "orig_argv", "command"), [
    (["/home/u/.venv/bin/euchre", "play"], ["/home/u/.venv/bin/python", "euchre"], True),
    (["/usr/local/bin/euchrekit"], ["python3", "/usr/local/bin/euchrekit"], True),
    (["/opt/bin/euchre-script.py"], ["python", "/opt/bin/euchre-script.py"], True),
    (["-m"], ["python", "-m", "engine.cli", "list"], True),
    (["-m"], ["python", "-X", "dev", "-mengine.cli"], True),
    (["-m"], ["python", "-m", "engine.web"], False),
    (["-m"], ["python", "-m"], False),
    (["/usr/bin/pytest", "-q"], ["python", "/usr/bin/pytest", "-q"], False),
    (["-c"], ["python", "-c", "import engine"], False),
    ([""], ["python"], False),
])
def test_only_the_command_itself_exits_quietly_on_ctrl_c(
        argv: list[str], orig_argv: list[str], command: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.argv", argv)
    monkeypatch.setattr("sys.orig_argv", orig_argv)
    assert started_as_command() is command
