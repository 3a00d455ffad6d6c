"""``railroad-no-laps`` in batch mode: calling for the partner's best (``pass_cards``), a joker
turned up proposing hearts (``joker_upcard: fixed_suit``), lone defenders against a lone maker.

The scalar interpreter is the independent source: ``--verify`` replays batch games through it
(every action legal, the same scores; greedy and heuristic seats the scalar bots' actions;
random replays of every supported variant in tests/batch/test_batch_verify.py), and its random
games are set against batch games at fixed seeds, two-sided tests at the 0.1% level (normal
3.29; chi-square with 4 degrees of freedom 18.47, standard tables).

Worked by hand from the rules (RAIL-A7): a lone player whose partner sits out discards one card
and his partner then gives him one: every lone maker, and every lone defender (here only
against a lone maker, whose partner sits out too), makes exactly one discard and receives
exactly one card, and no one else does; a lone player's hand is five cards again.
"""

from __future__ import annotations

import math

import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.forms import missing, missing_bot
from engine.batch.run import compile_kernels, play_batch
from engine.batch.simulate import simulate_batch
from engine.core.bot_spec import BotSpec
from engine.mechanics.pass_cards import GIVE
from engine.sim.simulate import simulate
from engine.sim.stats import Count, Tally
from engine.testing.homogeneity import label_chi_square

CHI2_4DF_0_001 = 18.47
Z_0_001 = 3.29
LABELS = ("made", "march", "lone_march", "euchre", "lone_euchre")
RANDOM = [BotSpec.parse("random")] * 4
pytestmark = pytest.mark.xdist_group("batch-railroad")


@pytest.fixture(scope="module")
def scalar() -> Tally:
    return simulate(load_variant("railroad-no-laps"), seed=7, games=300, bots=RANDOM)


@pytest.fixture(scope="module")
def batch() -> Tally:
    return simulate_batch(load_variant("railroad-no-laps"), seed=7, games=5000,
                          batch_size=5000).tally


def test_railroad_without_laps_runs_in_batch_with_every_batch_bot() -> None:
    v = load_variant("railroad-no-laps")
    assert missing(v) is None
    assert missing_bot([BotSpec.parse("heuristic")] * 4, v) is None


@pytest.mark.parametrize("bots", ["greedy,heuristic", "heuristic,random,greedy,random"])
def test_railroad_replays_through_the_scalar_engine(bots: str) -> None:
    names = (bots.split(",") * 4)[:4]
    run = simulate_batch(load_variant("railroad-no-laps"), seed=5, games=60, batch_size=30,
                         verify=60, bots=[BotSpec.parse(b) for b in names])
    assert run.problems == []
    assert any(GIVE.base <= a < GIVE.base + 64 for log in run.logs for a in log.actions)


def test_every_lone_player_discards_one_card_and_receives_one() -> None:
    v = load_variant("railroad-no-laps")
    tally, logs = play_batch(v, compile_kernels(v), seed=3, index=0, size=500, games=500,
                             logged=500)
    gives = sum(1 for log in logs for a in log.actions if GIVE.base <= a < GIVE.base + 64)
    loners = tally.n[Count.ALONE, None] + tally.n[Count.DEFENDER_ALONE, None]
    assert loners > 0 and gives == loners


def test_railroad_scoring_row_shares_match_the_scalar_engine(scalar: Tally,
                                                             batch: Tally) -> None:
    assert label_chi_square(scalar, batch, LABELS) < CHI2_4DF_0_001


@pytest.mark.parametrize("what", [Count.ALONE, Count.DEFENDER_ALONE, Count.MADE])
def test_railroad_rates_match_the_scalar_engine(scalar: Tally, batch: Tally,
                                                what: Count) -> None:
    a, b = (scalar.n[what, None], scalar.hands), (batch.n[what, None], batch.hands)
    assert a[0] > 0 and b[0] > 0
    pooled = (a[0] + b[0]) / (a[1] + b[1])
    se = math.sqrt(pooled * (1 - pooled) * (1 / a[1] + 1 / b[1]))
    assert abs(a[0] / a[1] - b[0] / b[1]) < Z_0_001 * se
