"""``tools/bench.py --batch``'s README table and its distance column (``--verify``)."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pytest

from engine.bots.heuristic import HeuristicBot
from engine.play.state import State

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
bench_batch = importlib.import_module("bench_batch")


def test_markdown_rows_read_the_measurements() -> None:
    # 250,000 hands per CPU-second against OpenSpiel's 100,000 is 2.50 times (1,003,456 is
    # 1,000,000 to three figures, 10.03 times); a variant with
    # no heuristic measured shows blanks, not zeros.
    measured = {"openspiel_cpp": {"hands_per_cpu_s": 100_000.0},
                "standard B=10000": {"hands_per_cpu_s": 1_003_456.0, "bytes_per_game": 670},
                "standard heuristic B=10000": {"hands_per_cpu_s": 250_000.0,
                                               "bytes_per_game": 820},
                "five-hundred B=10000": {"hands_per_cpu_s": 450_000.0, "bytes_per_game": 800}}
    duplicates = {"standard: heuristic vs greedy": (0.225, 0.011),
                  "standard: heuristic vs random": (1.271, 0.0113)}
    table = bench_batch.markdown(measured, duplicates, {"standard": 0},
                                 ["standard", "five-hundred"], size=10_000, games=200)
    rows = table.splitlines()
    assert "games differing of 200" in rows[0]
    assert rows[2] == "| OpenSpiel C++ `evaluate_bots` | 100,000 (1) | | | | | |"
    assert rows[3] == ("| `standard` | 1,000,000 (10.03) | 250,000 (2.50) | 670 / 820 | "
                       "+0.225 (±0.011) | +1.271 (±0.011) | 0 |")
    assert rows[4] == "| `five-hundred` | 450,000 (4.50) | - | 800 / - | - | - | - |"


class _Contrary(HeuristicBot):
    """The heuristic, except that it plays the last legal action where it has a choice."""

    def act(self, state: State) -> int:
        legal = state.legal_action_ids()
        wanted = super().act(state)
        return legal[-1] if legal[-1] != wanted else legal[0]


def test_distance_counts_games_that_differ(monkeypatch: pytest.MonkeyPatch) -> None:
    # The batch heuristic makes the scalar bot's decisions: no game of 4 differs. A scalar bot
    # that always chooses otherwise differs in every game (each has a choice in its auction).
    assert bench_batch.distance("standard", 4) == 0
    monkeypatch.setattr("engine.batch.verify.HeuristicBot", _Contrary)
    assert bench_batch.distance("standard", 4) == 4


def test_markdown_from_a_saved_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = {"measured": {"openspiel_cpp": {"hands_per_cpu_s": 100_000.0},
                          "pepper B=10000": {"hands_per_cpu_s": 800_000.0,
                                             "bytes_per_game": 756}},
             "no_batch_form": {"x": "x: mechanic `piles` has no batch form"},
             "duplicate": {"pepper: heuristic vs greedy": [0.5, 0.04]}, "distance": {}}
    path = tmp_path / "run.json"
    path.write_text(json.dumps(saved), encoding="utf-8")
    assert bench_batch.main(["--markdown-from", str(path), "--verify", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[3] == "| `pepper` | 800,000 (8.00) | - | 756 / - | +0.500 (±0.040) | - | - |"
    assert out[4] == "x: x: mechanic `piles` has no batch form"
    assert bench_batch.main(["--markdown-from", str(tmp_path / "none.json")]) == 1
    assert "none.json" in capsys.readouterr().err
