"""tools/vs_openspiel.py plays search against OpenSpiel's ISMCTS bot through the bridge."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip(
    "pyspiel", reason="open-spiel is not installed (pip install -e '.[openspiel]')")

ROOT = Path(__file__).resolve().parents[2]


def test_search_plays_ismcts_on_the_same_deals_with_the_sides_swapped() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "vs_openspiel.py"), "--hands",
                           "2", "--simulations", "4", "--seed", "3"],
                          capture_output=True, text=True, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "2 deals x 2 (sides swapped), 4 simulations per decision" in done.stdout
    assert "search's share" in done.stdout
