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
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

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
