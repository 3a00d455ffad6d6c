"""Outcome shares of random batch play match the scalar engine's random play.

The scalar interpreter with four ``random`` bots is the independent source: 700 of its games
(seed 7, about 6,600 hands) against 10,000 batch games (seed 7, about 94,000 hands). Every
comparison is a two-sided test at the 0.1% level (critical values from standard tables:
chi-square with 3 degrees of freedom 16.27; normal 3.29), so that a correct engine passes
reliably for the fixed seeds; a batch engine whose lone hands are one chance in three instead
of one in two is caught by every one of them (the last test), so they can fail.

Sample size: a two-proportion test at level 0.1% (z 3.29) with power 90% (z 1.28) detects a
difference d when d >= (3.29 + 1.28) * sqrt(p(1 - p) (1/n1 + 1/n2)): with n1 = 6,600 and
n2 = 94,000 hands, 3 points in a share near one half (less in rarer ones); over games (the
win rate, 700 against 10,000) 9 points. The shy kernel of the last test moves the lone-hand
share by a sixth of the hands with a maker, far more. The module's tests share the two runs
(one xdist group, so one worker computes them).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.run import compile_kernels, play_batch
from engine.batch.simulate import simulate_batch
from engine.core.bot_spec import BotSpec
from engine.mechanics import go_alone_batch
from engine.mechanics.batch.hand import NONE, BatchHand
from engine.sim.simulate import simulate
from engine.sim.stats import Count, Tally, Total
from engine.testing.homogeneity import label_chi_square, z_rate

CHI2_3DF_0_001 = 16.27
Z_0_001 = 3.29
LABELS = ("euchre", "made", "march", "lone_march")
pytestmark = pytest.mark.xdist_group("batch-statistics")


@pytest.fixture(scope="module")
def scalar() -> Tally:
    return simulate(load_variant("standard"), seed=7, games=700,
                    bots=[BotSpec.parse("random")] * 4)


@pytest.fixture(scope="module")
def batch() -> Tally:
    return simulate_batch(load_variant("standard"), seed=7, games=10_000, batch_size=5000).tally


def z_mean(a: Tally, b: Tally) -> float:
    """Two-sample z statistic of the mean number of hands per game."""
    key = (Total.HANDS_PER_GAME, None)
    parts = []
    for t in (a, b):
        mean = t.s[key] / t.games
        parts.append((mean, (t.sq[key] / t.games - mean * mean) / t.games))
    return (parts[0][0] - parts[1][0]) / math.sqrt(parts[0][1] + parts[1][1])


def alone(t: Tally) -> tuple[int, int]:
    return t.n[Count.ALONE, None], t.hands


def test_scoring_row_shares_match_the_scalar_engine(scalar: Tally, batch: Tally) -> None:
    assert label_chi_square(scalar, batch, LABELS) < CHI2_3DF_0_001


def test_lone_hand_rate_matches_the_scalar_engine(scalar: Tally, batch: Tally) -> None:
    assert abs(z_rate(alone(scalar), alone(batch))) < Z_0_001


def test_hands_per_game_match_the_scalar_engine(scalar: Tally, batch: Tally) -> None:
    assert abs(z_mean(scalar, batch)) < Z_0_001


def test_made_and_win_rates_match_the_scalar_engine(scalar: Tally, batch: Tally) -> None:
    made = [(t.n[Count.MADE, None], t.hands) for t in (scalar, batch)]
    assert abs(z_rate(*made)) < Z_0_001
    wins = [(t.n[Count.WINS, (0, 2)], t.games) for t in (scalar, batch)]
    assert abs(z_rate(*wins)) < Z_0_001


class _ShyGoAlone(go_alone_batch.GoAlone):
    """A wrong kernel: the maker goes alone one time in three."""

    def run(self, bh: BatchHand) -> None:
        made = bh.maker >= 0
        lone = made & (bh.uniform(3) == 0)
        bh.alone = lone
        bh.out = np.where(lone, (bh.maker + 2) % bh.players, NONE)


def test_the_tests_catch_a_biased_kernel(scalar: Tally) -> None:
    standard = load_variant("standard")
    wrong = [_ShyGoAlone(standard) if isinstance(k, go_alone_batch.GoAlone) else k
             for k in compile_kernels(standard)]
    biased, _ = play_batch(standard, wrong, seed=7, index=0, size=5000, games=10_000)
    assert label_chi_square(scalar, biased, LABELS) > CHI2_3DF_0_001
    assert abs(z_rate(alone(scalar), alone(biased))) > Z_0_001
