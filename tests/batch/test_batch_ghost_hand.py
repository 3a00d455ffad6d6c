"""Random batch Ghost Hand hands match the scalar engine's random play, hand by hand.

Random Ghost Hand games last about 500 hands (a random seat shoots the moon in two hands of
three and loses 6), so the comparison is over hands, which random play makes independent of
the score, in games stopped at 100 hands (``HUNDRED_HANDS``; most random games reach it): 60
scalar games (seed 7, about 4,500 hands) against 1,000 batch games (seed 7, about 75,000
hands, in one batch: a batch costs about as much per step whatever its size).
Every comparison is a two-sided test at the 0.1% level (critical values from standard tables:
chi-square with 3 degrees of freedom 16.27; normal 3.29).

Sample size: a two-proportion test at level 0.1% (z 3.29) with power 90% (z 1.28) detects a
difference d when d >= (3.29 + 1.28) * sqrt(p(1 - p) (1/n1 + 1/n2)); with n1 = 4,500 and
n2 = 75,000 hands that is 3.5 points in a share near one half (the swaps, about 0.4 a hand),
1.4 points in the made rate (about 4%): a kernel off by less than that is not the kind of
defect these tests are for (a missing or doubled branch moves a share by far more). A batch
auction that never offers the swap is caught (the last test), so the tests can fail. The
module's tests share the two runs (one xdist group, so one worker computes them).
"""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine.batch.run import compile_kernels, play_batch
from engine.batch.simulate import simulate_batch
from engine.core.bot_spec import BotSpec
from engine.mechanics import auction_batch as batch_auction
from engine.mechanics.batch.hand import NONE
from engine.rules.variant import Variant
from engine.sim.simulate import simulate
from engine.sim.stats import Count, CountKey, Tally
from engine.testing.homogeneity import z_rate
from engine.testing.rules import overlay

CHI2_3DF_0_001 = 16.27
Z_0_001 = 3.29
LABELS = ("made", "set", "moon", "moon_failed")
BIDS = (3, 4, 5, "moon")
pytestmark = pytest.mark.xdist_group("batch-ghost-hand")


HUNDRED_HANDS = """\
extends: ghost-hand
description: Ghost Hand stopped at 100 hands
game: {target: 32, tie: play_on, max_hands: 100}
"""


@pytest.fixture(scope="module")
def scalar() -> Tally:
    return simulate(overlay(HUNDRED_HANDS), seed=7, games=60, bots=[BotSpec.parse("random")] * 3)


@pytest.fixture(scope="module")
def batch() -> Tally:
    return simulate_batch(overlay(HUNDRED_HANDS), seed=7, games=1000, batch_size=1000).tally


def chi_square(a: Tally, b: Tally, what: Count, keys: tuple[object, ...]) -> float:
    """Pearson's chi-square of homogeneity of the shares of hands by ``keys``."""
    rows = np.array([[t.n[what, key] for key in keys] for t in (a, b)], float)
    expected = rows.sum(axis=1, keepdims=True) * rows.sum(axis=0) / rows.sum()
    return float(((rows - expected) ** 2 / expected).sum())


SWAPS = (Count.FIGURE, ("swaps", None))
"""The counter of the mechanic's figure ``swaps``."""


def rate(t: Tally, what: Count | CountKey) -> tuple[int, int]:
    return t.n[what if isinstance(what, tuple) else (what, None)], t.hands


def test_ghost_hand_scoring_rows_and_bids_match_the_scalar_engine(scalar: Tally,
                                                                  batch: Tally) -> None:
    assert scalar.hands > 4_000
    assert chi_square(scalar, batch, Count.LABEL, LABELS) < CHI2_3DF_0_001
    assert chi_square(scalar, batch, Count.BID, BIDS) < CHI2_3DF_0_001


@pytest.mark.parametrize("what", [SWAPS, Count.MADE, Count.MARCH])
def test_ghost_hand_rates_match_the_scalar_engine(scalar: Tally, batch: Tally,
                                                  what: Count | CountKey) -> None:
    assert abs(z_rate(rate(scalar, what), rate(batch, what))) < Z_0_001


def test_ghost_hand_throw_ins_match_the_scalar_engine(scalar: Tally, batch: Tally) -> None:
    # GH-A16: the deal is thrown in when all three pass
    deals = [(t.n[Count.REDEALS, None], t.hands + t.n[Count.REDEALS, None])
             for t in (scalar, batch)]
    assert abs(z_rate(*deals)) < Z_0_001


class _NoSwap(batch_auction.Auction):
    """A wrong kernel: the ghost hand is never offered."""

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.ghost = NONE


def test_the_ghost_hand_tests_catch_a_kernel_without_the_swap(scalar: Tally) -> None:
    ghost = overlay(HUNDRED_HANDS)
    wrong = [_NoSwap(ghost) if isinstance(k, batch_auction.Auction) else k
             for k in compile_kernels(ghost)]
    biased, _ = play_batch(ghost, wrong, seed=7, index=0, size=50, games=50)
    assert abs(z_rate(rate(scalar, SWAPS), rate(biased, SWAPS))) > Z_0_001
