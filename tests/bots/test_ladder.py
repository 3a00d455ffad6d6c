"""tools/ladder.py: pairs of bots on duplicate deals, with the seats rotated (issue 14)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from engine.testing.rules import variant

ROOT = Path(__file__).resolve().parents[2]


def ladder_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ladder", ROOT / "tools" / "ladder.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ladder"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_partnerships_swap_sides_and_other_games_rotate_every_seat() -> None:
    rotations = ladder_module().rotations
    assert rotations(variant("standard")) == [(0, 2), (1, 3)]  # the two partnerships
    assert rotations(variant("cutthroat")) == [(0,), (1,), (2,)]  # one seat of three, each
    assert rotations(variant("two-handed")) == [(0,), (1,)]
    for name in ("call-ace", "buck-euchre"):
        seen = [seat for seats in rotations(variant(name)) for seat in seats]
        players = variant(name).players
        assert sorted(set(seen)) == list(range(players))  # every seat plays as A
        assert len(seen) == len(rotations(variant(name))) * (players // 2)


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "tools" / "ladder.py"), *argv],
                          capture_output=True, text=True, check=False, cwd=ROOT)


def test_ladder_reports_every_pair_with_intervals_and_decision_times() -> None:
    done = run("--bots", "random,heuristic,search:4", "--variants", "standard,cutthroat",
               "--games", "2", "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)["rows"]
    pairs = {(r["variant"], r["a"], r["b"]) for r in rows}
    assert pairs == {(v, a, b) for v in ("standard", "cutthroat")
                     for a, b in (("heuristic", "random"), ("search:4", "random"),
                                  ("search:4", "heuristic"))}
    for r in rows:
        assert r["games"] == (2 if r["variant"] == "standard" else 3)  # whole sets
        low, high = r["a_win_rate_ci"]
        assert 0 <= low <= r["a_win_rate"] <= high <= 1
        assert r["points_per_hand_diff_ci"][0] <= r["points_per_hand_diff"]
        assert set(r["ms_per_decision"]) == {r["a"], r["b"]}
    assert all(r["simulations_per_second"] > 0 for r in rows if r["a"] == "search:4")


def test_ladder_refuses_a_bad_bot_with_a_message() -> None:
    done = run("--bots", "random,nobody", "--games", "1")
    assert done.returncode == 1
    assert "no bot named 'nobody'" in done.stderr and "Traceback" not in done.stderr


def _outcome(rows: list[dict[str, object]]) -> list[tuple[object, ...]]:
    """What the games decided (not the times they took)."""
    return [(r["variant"], r["a"], r["b"], r["games"], r["a_wins"], r["points_per_hand_diff"])
            for r in rows]


def test_a_recorded_run_resumes_and_split_records_join(tmp_path: Path) -> None:
    ladder = ladder_module()
    bots = [ladder.BotSpec.parse("random"), ladder.BotSpec.parse("greedy")]
    whole = ladder.ladder(["standard"], bots, games=8, seed=3, workers=1)  # 4 sets
    assert whole[0]["games"] == 8
    record = tmp_path / "match.jsonl"
    ladder.ladder(["standard"], bots, games=1, seed=3, workers=1, sets=range(2),
                  record=record)
    assert len(record.read_text().splitlines()) == 2
    resumed = ladder.ladder(["standard"], bots, games=1, seed=3, workers=1, sets=range(4),
                            record=record)
    assert len(record.read_text().splitlines()) == 4  # the two held sets were not played again
    assert _outcome(resumed) == _outcome(whole)
    other = tmp_path / "second-half.jsonl"
    ladder.ladder(["standard"], bots, games=1, seed=3, workers=1, sets=range(2, 4),
                  record=other)
    joined = tmp_path / "joined.jsonl"
    lines = record.read_text().splitlines()[:2] + other.read_text().splitlines()
    joined.write_text("\n".join(lines) + "\n")
    before = joined.read_text()
    assert _outcome(ladder.ladder(["standard"], bots, games=1, seed=3, workers=1,
                                  sets=range(4), record=joined)) == _outcome(whole)
    assert joined.read_text() == before  # every set was held: nothing played or written
    pooled = tmp_path / "two-workers.jsonl"
    assert _outcome(ladder.ladder(["standard"], bots, games=1, seed=3, workers=2,
                                  sets=range(4), record=pooled)) == _outcome(whole)
    assert len(pooled.read_text().splitlines()) == 4  # each set kept as its worker ends it


def test_a_file_that_is_not_a_record_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    done = run("--bots", "random,greedy", "--variants", "standard", "--sets", "0:1",
               "--record", str(notes))
    assert done.returncode == 1
    assert f"{notes}:1: not a line of a ladder record" in done.stderr
    assert "Traceback" not in done.stderr
    assert notes.read_text() == "my notes\n"
    bad = run("--bots", "random,greedy", "--sets", "5:2")
    assert bad.returncode == 2 and "--sets takes LO:HI" in bad.stderr
