"""tools/vs_openspiel.py plays a bot of ours against OpenSpiel's ISMCTS bot through the bridge."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip(
    "pyspiel", reason="open-spiel is not installed (pip install -e '.[openspiel]')")

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "tools" / "vs_openspiel.py"), *args],
                          capture_output=True, text=True, check=False, cwd=ROOT)


def test_search_plays_ismcts_on_the_same_deals_with_the_sides_swapped() -> None:
    done = _run("--hands", "2", "--simulations", "4", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert ("2 deals x 2 (sides swapped), search:4 against OpenSpiel's ISMCTS at 4 simulations"
            in done.stdout)
    # Every point of a hand goes to one side: the two sides' points add up to the total won.
    ours, theirs = map(int, re.search(r"won (\d+) points, ISMCTS (\d+)", done.stdout).groups())
    share = float(re.search(r"share ([\d.]+)%", done.stdout).group(1))
    assert share == pytest.approx(100 * ours / (ours + theirs), abs=0.05)
    assert re.search(r"CPU time per decision: search:4 [\d.]+ ms, ISMCTS [\d.]+ ms", done.stdout)


def test_equal_time_gives_ismcts_the_simulations_of_the_bots_time() -> None:
    done = _run("--hands", "1", "--bot", "heuristic", "--equal-time", "--calibrate", "1")
    assert done.returncode == 0, done.stderr
    found = re.search(r"ISMCTS at (\d+) simulations \(equal time: heuristic took ([\d.]+) ms a "
                      r"decision, ISMCTS at 256 ([\d.]+) ms, on 1 deals\)", done.stdout)
    assert found, done.stdout
    simulations, ours, probe = int(found[1]), float(found[2]), float(found[3])
    # Scaled from the probe of 256 by the ratio of the printed times (rounded to 0.1 ms each).
    low = 256 * max(ours - 0.05, 0) / (probe + 0.05)
    assert max(1, low - 1) <= simulations <= 256 * (ours + 0.05) / max(probe - 0.05, 1e-3) + 1


def test_a_bot_that_does_not_exist_is_a_usage_error() -> None:
    done = _run("--bot", "nobody")
    assert done.returncode == 2
    assert "no bot named 'nobody'" in done.stderr and "Traceback" not in done.stderr
