"""A joker deck in batch mode (``standard-joker``, ``british``): the joker the top trump, and
the joker turned up (``upcard_bidding.joker_upcard: dealer_names``, STD-A3).

The scalar interpreter is the independent source: ``--verify`` replays batch games through it
(every action legal, the same scores; greedy and heuristic seats the scalar bots' actions;
random replays of every supported variant in tests/batch/test_batch_verify.py), and its
random games are set against batch games at fixed seeds, two-sided tests at the 0.1% level
(normal 3.29; chi-square with 3 degrees of freedom 16.27, standard tables).

Worked by hand from the rules: the upcard is one of the 25 cards, the joker one time in 25
(4%). Then the dealer names trump blind, before anyone bids, and takes the joker: that hand is
never thrown in, its maker is the dealer, and a random dealer names each suit one time in
four. 3,000 games give about 29,000 deals, some 1,150 with the joker turned up: the share's
standard error is 0.12 points (a form that never turned the joker up fails). A blind call is
the one decision a bot makes without seeing a card: the scalar heuristic draws it from its own
generator, the batch one uniformly, so the replay checks only that it is legal there (the
greedy bot, which sees no card, names the first suit, clubs).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.forms import missing, missing_bot
from engine.batch.run import GameLog, compile_kernels, play_batch
from engine.batch.simulate import simulate_batch
from engine.core import actions as A
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.play.state import State
from engine.rules.variant import Variant
from engine.sim.simulate import simulate
from engine.sim.stats import Count, Tally
from engine.testing.homogeneity import label_chi_square

CHI2_3DF_0_001 = 16.27
Z_0_001 = 3.29
LABELS = ("made", "march", "lone_march", "euchre")
RANDOM = [BotSpec.parse("random")] * 4
pytestmark = pytest.mark.xdist_group("batch-joker")


@pytest.fixture(scope="module")
def scalar() -> Tally:
    return simulate(load_variant("standard-joker"), seed=7, games=300, bots=RANDOM)


@pytest.fixture(scope="module")
def batch() -> Tally:
    return simulate_batch(load_variant("standard-joker"), seed=7, games=5000,
                          batch_size=5000).tally


@pytest.mark.parametrize("name", ["standard-joker", "british"])
def test_joker_decks_run_in_batch_with_every_batch_bot(name: str) -> None:
    v = load_variant(name)
    assert missing(v) is None
    assert missing_bot([BotSpec.parse("heuristic")] * 4, v) is None


@pytest.mark.parametrize(("name", "bots"), [("standard-joker", "greedy,random"),
                                            ("british", "heuristic,random,greedy,random")])
def test_joker_decks_replay_through_the_scalar_engine(name: str, bots: str) -> None:
    names = (bots.split(",") * 4)[:4]
    run = simulate_batch(load_variant(name), seed=5, games=60, batch_size=30, verify=60,
                         bots=[BotSpec.parse(b) for b in names])
    assert run.problems == []
    assert any(deal.upcard == C.JOKER for log in run.logs for deal in log.deals)


def test_the_joker_turned_up_is_the_hand_computation_and_the_dealer_names_trump() -> None:
    v = load_variant("standard-joker")
    _, logs = play_batch(v, compile_kernels(v), seed=3, index=0, size=1000, games=3000,
                         logged=3000)
    deals = sum(len(log.deals) for log in logs)
    joker = sum(deal.upcard == C.JOKER for log in logs for deal in log.deals)
    se = math.sqrt(1 / 25 * 24 / 25 / deals)
    assert abs(joker / deals - 1 / 25) < Z_0_001 * se, (joker, deals)
    # the first action of each hand of the first 200 games (about 80 with the joker up): the
    # dealer's blind call there, never a call elsewhere; each suit about 20 times
    firsts = _first_actions(v, logs[:200])
    assert firsts["joker"] and all(A.CALL <= a < A.CALL + 4 for a in firsts["joker"])
    assert not any(A.CALL <= a < A.CALL + 4 for a in firsts["other"])
    counts = np.bincount([a - A.CALL for a in firsts["joker"]], minlength=4)
    expected = len(firsts["joker"]) / 4
    assert float(((counts - expected) ** 2 / expected).sum()) < CHI2_3DF_0_001, counts


def _first_actions(v: Variant, logs: list[GameLog]) -> dict[str, list[int]]:
    """The first action of every hand, by whether its upcard was the joker: the scalar
    engine replays each game and says where each hand starts."""
    out: dict[str, list[int]] = {"joker": [], "other": []}
    for log in logs:
        state = State(v, seed=0, deals=list(log.deals))
        started = -1
        for action in log.actions:
            if len(state.hands_played) != started:  # a new hand begins with this action
                started = len(state.hands_played)
                joker = log.deals[started].upcard == C.JOKER
                out["joker" if joker else "other"].append(action)
            state.apply(action)
    return out


def test_joker_scoring_row_shares_match_the_scalar_engine(scalar: Tally, batch: Tally) -> None:
    assert label_chi_square(scalar, batch, LABELS) < CHI2_3DF_0_001


@pytest.mark.parametrize("what", [Count.ALONE, Count.MADE, Count.MARCH])
def test_joker_rates_match_the_scalar_engine(scalar: Tally, batch: Tally, what: Count) -> None:
    a, b = (scalar.n[what, None], scalar.hands), (batch.n[what, None], batch.hands)
    pooled = (a[0] + b[0]) / (a[1] + b[1])
    se = math.sqrt(pooled * (1 - pooled) * (1 / a[1] + 1 / b[1]))
    assert abs(a[0] / a[1] - b[0] / b[1]) < Z_0_001 * se
