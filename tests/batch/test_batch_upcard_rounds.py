"""Upcard bidding of one round, and forced orders (STD-A16), in batch mode (overlays of
``standard``).

Independent sources: the random bots' law worked out by hand (in one round each of the four
seats orders up with chance 1/2, so all pass, and the deal is thrown in, with chance
(1/2)^4 = 1/16; with stick the dealer never), and the scalar interpreter: ``--verify`` replays
batch games through it (a seat that passes where it must order up plays an illegal action;
the greedy and heuristic seats' actions must be the scalar bots'), which a kernel that lets a
forced seat pass fails.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine.batch.forms import missing
from engine.batch.run import compile_kernels, play_batch
from engine.batch.simulate import simulate_batch
from engine.batch.verify import verify_game
from engine.mechanics.upcard_bidding_batch import UpcardBidding
from engine.sim.stats import Count, Tally
from engine.testing.replay import replay_problems
from engine.testing.rules import overlay

Z_0_001 = 3.29
HOUSE = "extends: standard\ndescription: a house rule\nupcard_bidding: {%s}\n"
ONE_ROUND = HOUSE % "rounds: 1"
ONE_ROUND_STUCK = HOUSE % "rounds: 1, stick_the_dealer: true"
FORCED = HOUSE % 'must_order_when: "count(hand, trump) >= 3"'


def _thrown(t: Tally) -> tuple[int, int]:
    """(deals thrown in, deals)."""
    thrown = t.n[Count.REDEALS, None]
    return thrown, thrown + t.hands


@pytest.mark.parametrize("text", [ONE_ROUND, ONE_ROUND_STUCK, FORCED])
def test_one_round_and_forced_orders_have_a_batch_form(text: str) -> None:
    assert missing(overlay(text)) is None


def test_one_round_throws_in_one_deal_in_sixteen() -> None:
    thrown, deals = _thrown(simulate_batch(overlay(ONE_ROUND), seed=1, games=3000,
                                           batch_size=3000).tally)
    law = 1 / 16
    assert abs(thrown / deals - law) < Z_0_001 * np.sqrt(law * (1 - law) / deals)
    stuck = simulate_batch(overlay(ONE_ROUND_STUCK), seed=1, games=500, batch_size=500).tally
    assert stuck.n[Count.REDEALS, None] == 0 and stuck.hands > 0


def test_the_replay_catches_a_kernel_that_lets_a_forced_seat_pass() -> None:
    # A seat with three of the upcard's suit passes, one time in two, where ORDER_UP is its
    # only legal action: the scalar engine refuses the pass.
    v = overlay(FORCED)
    kernels = compile_kernels(v)
    for kernel in kernels:
        if isinstance(kernel, UpcardBidding):
            kernel.must = None
    _, logs = play_batch(v, kernels, seed=5, index=0, size=100, games=100, logged=100)
    assert any(verify_game(v, log) for log in logs)


@pytest.mark.parametrize(("text", "seats"), [
    (ONE_ROUND, "heuristic,random,greedy,heuristic"),
    (ONE_ROUND_STUCK, "greedy,heuristic,heuristic,random"),
    (FORCED, "heuristic,random,greedy,heuristic")])
def test_one_round_and_forced_orders_replay_through_the_scalar_engine(text: str,
                                                                      seats: str) -> None:
    assert replay_problems(overlay(text), seats, games=150) == []
