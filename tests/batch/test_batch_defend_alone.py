"""``defend-alone`` in batch mode: a lone defender in partnerships, his partner sitting out
beside the lone maker's.

The scalar interpreter is the independent source: ``--verify`` replays batch games through it
(every action legal, the same scores, the heuristic seats' actions the scalar heuristic's),
and 1,000 of its random games (seed 7, about 7,700 hands) are set against 10,000 batch games
(seed 7, about 77,000 hands). Each comparison is a two-sided test at the 0.1% level (standard
tables: chi-square with 4 degrees of freedom 18.47; normal 3.29).

Sample size: a two-proportion test at 0.1% with power 90% detects d >= (3.29 + 1.28) *
sqrt(p(1 - p) (1/n1 + 1/n2)): near p = 0.5 with n1 = 7,700 and n2 = 77,000 hands, 3 points.
A kernel that leaves the lone defender's partner in play (two defenders against a lone
maker) moves the lone euchres from about half the lone defences to most of them, and the
scoring rows' shares with them: the last test shows the chi-square catches it.
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
from engine.mechanics.play_batch import Play
from engine.sim.simulate import simulate
from engine.sim.stats import Count, Tally
from engine.testing.homogeneity import label_chi_square, z_rate

CHI2_4DF_0_001 = 18.47
Z_0_001 = 3.29
LABELS = ("made", "march", "lone_march", "euchre", "lone_euchre")
RANDOM = [BotSpec.parse("random")] * 4
pytestmark = pytest.mark.xdist_group("batch-defend-alone")


@pytest.fixture(scope="module")
def scalar() -> Tally:
    return simulate(load_variant("defend-alone"), seed=7, games=1000, bots=RANDOM)


@pytest.fixture(scope="module")
def batch() -> Tally:
    return simulate_batch(load_variant("defend-alone"), seed=7, games=10_000,
                          batch_size=5000).tally


def test_defend_alone_replays_through_the_scalar_engine() -> None:
    # Random makers go alone one hand in two they make, so the heuristic defenders (East and
    # West) meet many lone makers: they defend alone at 4.0 estimated tricks; random seats too.
    v = load_variant("defend-alone")
    bots = [BotSpec.parse(name) for name in ("random", "heuristic", "random", "heuristic")]
    run = simulate_batch(v, seed=5, games=600, batch_size=300, verify=600, bots=bots)
    assert run.problems == []
    assert run.tally.n[Count.DEFENDER_ALONE, 1] + run.tally.n[Count.DEFENDER_ALONE, 3] > 0


def test_two_seats_out_side_by_side_are_skipped_for_the_first_lead() -> None:
    # East (1) deals, North (0) goes alone (South, 2, sits out) and
    # East defends alone (West, 3, sits out): eldest is South, out, then West, out: North leads.
    v = load_variant("defend-alone")
    bh = BatchHand(rng=np.random.default_rng(0), dealer=np.array([1]))
    bh.maker, bh.alone = np.array([0]), np.array([True])
    bh.out, bh.out2, bh.defender_alone = np.array([2]), np.array([3]), np.array([1])
    assert Play(v)._first_leader(bh).tolist() == [0]


def test_defend_alone_scoring_row_shares_match_the_scalar_engine(scalar: Tally,
                                                                  batch: Tally) -> None:
    assert label_chi_square(scalar, batch, LABELS) < CHI2_4DF_0_001


@pytest.mark.parametrize("what", [Count.ALONE, Count.DEFENDER_ALONE, Count.MADE, Count.MARCH])
def test_defend_alone_rates_match_the_scalar_engine(scalar: Tally, batch: Tally,
                                                    what: Count) -> None:
    assert scalar.n[what, None] > 0
    assert abs(z_rate((scalar.n[what, None], scalar.hands),
                      (batch.n[what, None], batch.hands))) < Z_0_001


def test_lone_defences_won_match_the_scalar_engine(scalar: Tally, batch: Tally) -> None:
    won = [(t.n[Count.DEFENDER_ALONE_WON, None], t.n[Count.DEFENDER_ALONE, None])
           for t in (scalar, batch)]
    assert abs(z_rate(*won)) < Z_0_001


class _PartnerStays(batch_alone.GoAlone):
    """A wrong kernel: the lone defender's partner does not sit out."""

    def _defenders(self, bh: BatchHand, asked: np.ndarray) -> None:
        super()._defenders(bh, asked)
        assert bh.out2 is not None
        bh.out2 = np.full(bh.n, NONE, dtype=np.int64)


def test_the_defend_alone_tests_catch_a_partner_left_in_play(scalar: Tally) -> None:
    v = load_variant("defend-alone")
    wrong = [_PartnerStays(v) if isinstance(k, batch_alone.GoAlone) else k
             for k in compile_kernels(v)]
    biased, _ = play_batch(v, wrong, seed=7, index=0, size=5000, games=10_000)
    assert label_chi_square(scalar, biased, LABELS) > CHI2_4DF_0_001
