"""Lone hands for defenders only in batch mode (``go_alone: {maker: false, defender: true}``):
the maker may not go alone, and one defender may, whatever the maker does.

Independent sources: the random bots' law worked out by hand (the two defenders are asked in
turn, each saying ``alone`` with chance 1/2 until one does: 1/2 + 1/4 = 3/4 of the hands have a
lone defender, and none a lone maker), and the scalar interpreter through ``--verify`` (every
action legal, the greedy and heuristic seats' actions the scalar bots').
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine.batch.forms import missing
from engine.batch.simulate import simulate_batch
from engine.sim.stats import Count
from engine.testing.replay import replay_problems
from engine.testing.rules import overlay

Z_0_001 = 3.29
DEFENDERS = """extends: standard
description: only a defender may go alone
go_alone: {maker: false, defender: true, defender_needs_lone_maker: false}
scoring:
  table:
    - {label: made, when: "3 <= makers.tricks <= 4", makers: 1}
    - {label: march, when: "makers.tricks == 5", makers: 2}
    - {label: euchre, when: "makers.tricks <= 2 and not defender_alone", defenders: 2}
    - {label: lone_euchre, when: "makers.tricks <= 2 and defender_alone", defenders: 4}
"""


def test_lone_hands_for_defenders_only_have_a_batch_form() -> None:
    assert missing(overlay(DEFENDERS)) is None


def test_random_defenders_go_alone_in_three_hands_of_four() -> None:
    tally = simulate_batch(overlay(DEFENDERS), seed=1, games=2000, batch_size=2000).tally
    n = tally.hands
    share = tally.n[Count.DEFENDER_ALONE, None] / n
    assert abs(share - 0.75) < Z_0_001 * np.sqrt(0.75 * 0.25 / n)
    assert tally.n[Count.ALONE, None] == 0


@pytest.mark.parametrize("seats", ["random,random,random,random",
                                   "heuristic,random,greedy,heuristic"])
def test_defenders_only_replay_through_the_scalar_engine(seats: str) -> None:
    assert replay_problems(overlay(DEFENDERS), seats, games=150) == []
