"""``standard-six`` in batch mode: six players, two sides of three in alternate seats, a lone
maker's two partners sitting out.

The scalar interpreter is the independent source: ``--verify`` replays batch games through it
(every action legal, the same scores; with the heuristic, every action the scalar heuristic's),
and 1,000 of its random games (seed 7, about 9,300 hands) are set against 10,000 batch games
(seed 7, about 93,000 hands). Two-sided tests at the 0.1% level (standard tables: chi-square
with 3 degrees of freedom 16.27; normal 3.29).

Sample size: a two-proportion test at 0.1% with power 90% detects d >= (3.29 + 1.28) *
sqrt(p(1 - p) (1/n1 + 1/n2)): near p = 0.5 with n1 = 9,300 and n2 = 93,000 hands, 2.5 points;
over games (1,000 against 10,000) 7.6 points. A kernel that lets one partner of a lone maker
play (two against three, not one) nearly quadruples the lone marches (24 in the scalar run's
9,256 hands; 936 in such a kernel's 97,014, chi-square about 450): the last test shows the
chi-square catches it.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.run import compile_kernels, play_batch
from engine.batch.simulate import simulate_batch
from engine.core.bot_spec import BotSpec
from engine.mechanics import go_alone_batch as batch_alone
from engine.mechanics.batch.hand import NONE, BatchHand
from engine.sim.simulate import simulate
from engine.sim.stats import Count, Tally
from engine.testing.homogeneity import label_chi_square, z_rate

CHI2_3DF_0_001 = 16.27
Z_0_001 = 3.29
LABELS = ("made", "march", "lone_march", "euchre")
RANDOM = [BotSpec.parse("random")] * 6
pytestmark = pytest.mark.xdist_group("batch-standard-six")


@pytest.fixture(scope="module")
def scalar() -> Tally:
    return simulate(load_variant("standard-six"), seed=7, games=1000, bots=RANDOM)


@pytest.fixture(scope="module")
def batch() -> Tally:
    return simulate_batch(load_variant("standard-six"), seed=7, games=10_000,
                          batch_size=5000).tally


@pytest.mark.parametrize("bots", ["random", "heuristic", "heuristic,random"])
def test_standard_six_replays_through_the_scalar_engine(bots: str) -> None:
    v = load_variant("standard-six")
    names = (bots.split(",") * 6)[:6]
    run = simulate_batch(v, seed=5, games=120, batch_size=50, verify=120,
                         bots=[BotSpec.parse(name) for name in names])
    assert run.problems == []
    if bots == "random":  # random makers go alone one hand in two
        assert run.tally.n[Count.ALONE, None] > 0


def test_standard_six_scoring_row_shares_match_the_scalar_engine(scalar: Tally,
                                                                  batch: Tally) -> None:
    assert label_chi_square(scalar, batch, LABELS) < CHI2_3DF_0_001


@pytest.mark.parametrize("what", [Count.ALONE, Count.MADE, Count.MARCH, Count.EUCHRED])
def test_standard_six_rates_match_the_scalar_engine(scalar: Tally, batch: Tally,
                                                    what: Count) -> None:
    assert abs(z_rate((scalar.n[what, None], scalar.hands),
                      (batch.n[what, None], batch.hands))) < Z_0_001


def test_standard_six_wins_match_the_scalar_engine(scalar: Tally, batch: Tally) -> None:
    wins = [(t.n[Count.WINS, (0, 2, 4)], t.games) for t in (scalar, batch)]
    assert abs(z_rate(*wins)) < Z_0_001


class _OnePartnerOut(batch_alone.GoAlone):
    """A wrong kernel: a lone maker's partner two seats on sits out, the other plays."""

    def run(self, bh: BatchHand) -> None:
        super().run(bh)
        bh.out2 = np.full(bh.n, NONE, dtype=np.int64)


def test_the_standard_six_tests_catch_a_partner_left_in_play(scalar: Tally) -> None:
    v = load_variant("standard-six")
    wrong = [_OnePartnerOut(v) if isinstance(k, batch_alone.GoAlone) else k
             for k in compile_kernels(v)]
    biased, _ = play_batch(v, wrong, seed=7, index=0, size=5000, games=10_000)
    assert label_chi_square(scalar, biased, LABELS) > CHI2_3DF_0_001
