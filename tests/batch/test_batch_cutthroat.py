"""Outcome shares of random batch Cutthroat match the scalar engine's random play.

The scalar interpreter with three ``random`` bots is the independent source: 1,000 of its
games (seed 7, about 7,000 hands) against 10,000 batch games (seed 7, about 70,000 hands).
Every comparison is a two-sided test at the 0.1% level (critical values from standard tables:
chi-square with 4 degrees of freedom 18.47; normal 3.29). A batch kernel whose defenders go
alone one time in three instead of one in two is caught (the last test), so the tests can fail.

Sample size: a two-proportion test at level 0.1% (z 3.29) with power 90% (z 1.28) detects a
difference d when d >= (3.29 + 1.28) * sqrt(p(1 - p) (1/n1 + 1/n2)): with n1 = 7,000 and
n2 = 70,000 hands, 3 points in a share near one half (less in rarer ones); over games (the
win rate of a third, 1,000 against 10,000) 7 points. The shy kernel of the last test moves
the lone-defender share by far more (each defender's one in two becomes one in three). The
module's tests share the two runs (one xdist group, so one worker computes them).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.run import compile_kernels, play_batch
from engine.batch.simulate import simulate_batch
from engine.core import actions as A
from engine.core.bot_spec import BotSpec
from engine.mechanics import go_alone_batch as batch_alone
from engine.mechanics.batch.hand import NONE, BatchHand
from engine.sim.simulate import simulate
from engine.sim.stats import Count, CountKey, Tally, Total
from engine.testing.homogeneity import label_chi_square, z_rate

CHI2_4DF_0_001 = 18.47
Z_0_001 = 3.29
LABELS = ("made", "march", "lone_march", "euchre", "lone_defender_march")
pytestmark = pytest.mark.xdist_group("batch-cutthroat")


@pytest.fixture(scope="module")
def scalar() -> Tally:
    return simulate(load_variant("cutthroat"), seed=7, games=1000,
                    bots=[BotSpec.parse("random")] * 3)


@pytest.fixture(scope="module")
def batch() -> Tally:
    return simulate_batch(load_variant("cutthroat"), seed=7, games=10_000,
                          batch_size=5000).tally


DUMMY_MERGES = (Count.FIGURE, ("dummy_merges", None))
"""The counter of the mechanic's figure ``dummy_merges``."""


def rate(t: Tally, what: Count | CountKey) -> tuple[int, int]:
    return t.n[what if isinstance(what, tuple) else (what, None)], t.hands


def test_cutthroat_scoring_row_shares_match_the_scalar_engine(scalar: Tally,
                                                               batch: Tally) -> None:
    assert label_chi_square(scalar, batch, LABELS) < CHI2_4DF_0_001


@pytest.mark.parametrize("what", [Count.ALONE, Count.DEFENDER_ALONE, DUMMY_MERGES, Count.MADE,
                                  Count.MARCH])
def test_cutthroat_rates_match_the_scalar_engine(scalar: Tally, batch: Tally,
                                                 what: Count | CountKey) -> None:
    assert abs(z_rate(rate(scalar, what), rate(batch, what))) < Z_0_001


def test_cutthroat_hands_per_game_and_wins_match_the_scalar_engine(scalar: Tally,
                                                                   batch: Tally) -> None:
    key = (Total.HANDS_PER_GAME, None)
    parts = []
    for t in (scalar, batch):
        mean = t.s[key] / t.games
        parts.append((mean, (t.sq[key] / t.games - mean * mean) / t.games))
    assert abs((parts[0][0] - parts[1][0]) / math.sqrt(parts[0][1] + parts[1][1])) < Z_0_001
    wins = [(t.n[Count.WINS, (0,)], t.games) for t in (scalar, batch)]
    assert abs(z_rate(*wins)) < Z_0_001


class _ShyDefenders(batch_alone.GoAlone):
    """A wrong kernel: each defender goes alone one time in three."""

    def _defenders(self, bh: BatchHand, asked: np.ndarray) -> None:
        loner = np.full(bh.n, NONE, dtype=np.int64)
        for k in (1, 2):
            seat = (bh.maker + k) % 3
            asking = asked & (loner < 0)
            says = asking & (bh.uniform(3) == 0)
            bh.act(asking, np.where(says, A.ALONE, A.PASS))
            loner = np.where(says, seat, loner)
        bh.defender_alone = loner
        bh.out = np.where(loner >= 0, 3 - bh.maker - loner, bh.out)


def test_the_cutthroat_tests_catch_a_biased_kernel(scalar: Tally) -> None:
    cutthroat = load_variant("cutthroat")
    wrong = [_ShyDefenders(cutthroat) if isinstance(k, batch_alone.GoAlone) else k
             for k in compile_kernels(cutthroat)]
    biased, _ = play_batch(cutthroat, wrong, seed=7, index=0, size=5000, games=10_000)
    assert label_chi_square(scalar, biased, LABELS) > CHI2_4DF_0_001
    assert abs(z_rate(rate(scalar, Count.DEFENDER_ALONE),
                      rate(biased, Count.DEFENDER_ALONE))) > Z_0_001
