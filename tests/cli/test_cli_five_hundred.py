"""Five Hundred at the terminal (issue 24: "both ... play at the terminal"): a whole game of
each shipped file, answered with the first option at every prompt, ends by its rules: a side
reaches 500 or falls to -500 (C500-A8, GAME-A2)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.play.records import read_record, replay

Play = Callable[..., Any]
ONES = "1\n" * 6000


@pytest.mark.parametrize("name", ["five-hundred", "five-hundred-3"])
def test_a_whole_game_of_five_hundred_is_played_at_the_terminal(play: Play, name: str,
                                                                 tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = play(ONES, name, "--seed", "5", "--save", str(saved))
    assert result.code == 0 and "Traceback" not in result.err
    state = replay(read_record(saved))
    assert state.is_terminal()
    assert max(state.scores) >= 500 or min(state.scores) <= -500
    # the bids are offered in words, and the game's end is said with the final score
    assert re.search(r"^ +\d+\. bid (6|7|8|9|10) in (clubs|diamonds|hearts|spades)$",
                     result.out, re.M)
    assert re.search(r"^ +\d+\. bid misère$", result.out, re.M)
    assert re.search(r"^You( and \w+)? win the game|^You lose", result.out, re.M)
