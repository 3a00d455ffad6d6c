"""Hostile values for the game ends of GAME-A1 and GAME-A2 (``game.hands``, ``game.lose_at``):
each is refused by `euchre validate` with exit 1 and a located error naming the setting, never
a traceback, and a hostile game of a fixed number of hands still ends by the safety stop."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import new_game
from engine.testing.rules import overlay

Run = Callable[..., Any]  # conftest.run_cli


@pytest.mark.parametrize(("game", "line"), [
    ("hands: true", 3),
    ("hands: '8'", 3),
    ("hands: 8.5", 3),
    ("hands: -3", 3),
    ("hands: 1000001", 3),
    ("lose_at: -1000000000000", 3),
    ("lose_at: .nan", 3),
    ("lose_at: [-500]", 3),
    ("{hands: 8, target: 10}", 3),
    ("{hands: 1000, max_hands: 999}", 3),
    ("{lose_at: 1000, start: 0}", 3),
])
def test_a_hostile_game_end_is_a_located_error_with_exit_1(
        run_cli: Run, tmp_path: Path, game: str, line: int) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: standard\ndescription: x\ngame: {game}\n" if game.startswith("{")
                    else f"extends: standard\ndescription: x\ngame:\n  {game}\n",
                    encoding="utf-8")
    result = run_cli("validate", str(path))
    assert result.code == 1
    assert "Traceback" not in result.err + result.out
    text = result.err + result.out
    want = line if game.startswith("{") else line + 1
    assert f"house.yaml:{want}:" in text and "game." in text, text


def test_a_fixed_number_of_hands_nobody_plays_ends_at_the_safety_stop() -> None:
    # Every deal passed: no hand is ever scored, so `hands` never ends it; max_hands does.
    v = overlay("extends: standard\ndescription: x\ngame: {hands: 5, max_hands: 6}\n")
    state = new_game(v, seed=1)
    while not state.is_terminal():
        state.apply("pass")
    assert len(state.hands_played) == 6 and state.winners == (0, 1, 2, 3)
