"""Golden playthroughs (STYLE.md practice 10): every shipped variant's seeded game, replayed
in memory, must match its file in ``tests/data/golden/`` line for line.

A rule change that is meant shows up here as a diff; accept it with ``python tools/golden.py``
and review the diff of the golden files with the change.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from engine import load_variant, new_game, shipped_names
from engine.testing import golden

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_DIR = ROOT / "tests" / "data" / "golden"
HINT = "If the rule change is intended, run `python tools/golden.py` and commit the new files."


@pytest.mark.parametrize("name", shipped_names())
def test_the_seeded_playthrough_matches_its_golden_file(name: str) -> None:
    path = golden.golden_path(GOLDEN_DIR, name)
    assert path.exists(), (f"{path.relative_to(ROOT)} is missing: a new variant needs its "
                           "golden file; run `python tools/golden.py`.")
    expected = path.read_text(encoding="utf-8")
    actual = golden.playthrough(name)
    if actual != expected:
        diff = "".join(difflib.unified_diff(
            expected.splitlines(keepends=True), actual.splitlines(keepends=True),
            fromfile=f"{path.relative_to(ROOT)} (golden)", tofile="engine now", n=2))
        pytest.fail(f"the playthrough of {name} changed:\n{diff}\n{HINT}", pytrace=False)


def test_every_golden_file_belongs_to_a_shipped_variant() -> None:
    names = {golden.golden_path(GOLDEN_DIR, name).name for name in shipped_names()}
    extra = sorted(p.name for p in GOLDEN_DIR.glob("*.txt") if p.name not in names)
    assert not extra, f"golden files without a variant: {extra}. {HINT}"


def test_a_golden_game_follows_the_recorded_actions_of_a_replay() -> None:
    """The golden text is a faithful log: its action lines replay to the same final scores."""
    text = golden.playthrough("standard")
    actions = [line.split()[1] for line in text.splitlines()
               if line.startswith("  ") and line.split()[0].isdigit()]
    state = new_game(load_variant("standard"), seed=golden.SEED)
    for action in actions:
        state.apply(action)
    final = [line for line in text.splitlines() if line.startswith("game over")]
    assert final and final[0].endswith("scores " + " ".join(str(x) for x in state.scores))
