"""``play.first_lead: literal_seed`` in batch mode (STD-A14): eldest leads, but the player
across from the dealer does when a seat of eldest's side plays alone (an overlay of
``defend-alone``, where a defender may go alone too).

Expected leaders worked out by hand from the rule, and the scalar interpreter through
``--verify`` (a wrong leader plays a card the scalar seat to lead does not hold: the replay
fails).
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine.batch.forms import missing
from engine.mechanics.batch.hand import NONE, BatchHand
from engine.mechanics.play_batch import Play
from engine.testing.replay import replay_problems
from engine.testing.rules import overlay

LITERAL = ("extends: defend-alone\ndescription: across from the dealer leads against eldest's "
           "loner\nplay: {first_lead: literal_seed}\n")


def test_literal_seed_has_a_batch_form() -> None:
    assert missing(overlay(LITERAL)) is None


def test_the_first_leader_by_hand() -> None:
    # North (0) deals in every row; eldest is East (1), across from the dealer South (2).
    # 1. East alone (West, 3, out): eldest's side is alone, South leads (eldest would be East).
    # 2. West alone (East out): eldest's side again; South leads.
    # 3. South alone (North out), nobody defends alone: not eldest's side; East leads.
    # 4. South alone, East defends alone (West out beside North): South leads.
    # 5. Nobody alone: East leads.
    bh = BatchHand(rng=np.random.default_rng(0), dealer=np.zeros(5, dtype=np.int64))
    bh.maker = np.array([1, 3, 2, 2, 2])
    bh.alone = np.array([True, True, True, True, False])
    bh.out = np.array([3, 1, 0, 0, NONE])
    bh.out2 = np.array([NONE, NONE, NONE, 3, NONE])
    bh.defender_alone = np.array([NONE, NONE, NONE, 1, NONE])
    assert Play(overlay(LITERAL))._first_leader(bh).tolist() == [2, 2, 1, 2, 1]


@pytest.mark.parametrize("seats", ["random,random,random,random",
                                   "heuristic,random,greedy,heuristic"])
def test_literal_seed_replays_through_the_scalar_engine(seats: str) -> None:
    assert replay_problems(overlay(LITERAL), seats, games=150) == []
