"""A lone hand taken over by the maker's partner in batch mode (``go_alone.partner``,
ALONE-A1): when the maker does not go alone his partner may, and the maker sits out (an
overlay of ``standard`` with a scoring row of its own for the take-over, as in the README).

Independent sources: the law of the random bots worked out by hand (a random maker goes alone
with chance 1/2; when he passes his partner is asked and takes over with chance 1/2: 1/4 of
the hands with a maker, the maker alone in 1/2), and the scalar interpreter: ``--verify``
replays batch games through it (every action legal, the greedy and heuristic seats' actions
the scalar bots'), and 600 of its random games (seed 1, about 5,500 hands) are set against
10,000 batch games (seed 1, about 91,000 hands) by the scoring rows' shares: chi-square with
4 degrees of freedom at the 0.1% level, 18.47. A kernel that kept the maker in play beside his
partner (two against two) makes the take-over's march several times as likely and fails it.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine.batch.forms import missing
from engine.batch.run import compile_kernels, play_batch
from engine.batch.simulate import simulate_batch
from engine.core.bot_spec import BotSpec
from engine.mechanics.batch.hand import NONE, BatchHand
from engine.mechanics.go_alone_batch import GoAlone
from engine.sim.simulate import simulate
from engine.sim.stats import Tally
from engine.testing.homogeneity import label_chi_square
from engine.testing.replay import replay_problems
from engine.testing.rules import overlay

CHI2_4DF_0_001 = 18.47
Z_0_001 = 3.29
LABELS = ("made", "march", "lone_march", "partner_march", "euchre")
TAKE_OVER = """extends: standard
description: the maker's partner may take the hand over
go_alone: {partner: true}
scoring:
  rows:
    lone_march: {when: "makers.tricks == 5 and alone and not partner_alone"}
  add:
    - {label: partner_march, when: "makers.tricks == 5 and partner_alone", makers: 3,
       before: lone_march}
"""


def test_a_lone_hand_taken_over_has_a_batch_form() -> None:
    assert missing(overlay(TAKE_OVER)) is None


def test_random_partners_take_over_a_quarter_of_the_hands() -> None:
    v = overlay(TAKE_OVER)
    rng = np.random.default_rng(1)
    bh = BatchHand(rng=rng, dealer=rng.integers(0, 4, size=20_000))
    for kernel in compile_kernels(v):
        kernel.run(bh)
    made = bh.maker >= 0
    assert bh.taken is not None
    n = int(made.sum())
    for share, law in ((bh.taken.sum() / n, 0.25), ((bh.alone & ~bh.taken).sum() / n, 0.5)):
        assert abs(share - law) < Z_0_001 * np.sqrt(law * (1 - law) / n)
    taken = bh.taken & made
    assert (bh.out[taken] == bh.maker[taken]).all()  # the maker sits out
    rows = np.arange(bh.n)[taken]
    assert (bh.tricks[rows, bh.maker[taken]] == 0).all()


@pytest.mark.parametrize("seats", ["random,heuristic,random,heuristic",
                                   "greedy,random,heuristic,random"])
def test_taken_over_hands_replay_through_the_scalar_engine(seats: str) -> None:
    assert replay_problems(overlay(TAKE_OVER), seats, games=150) == []


@pytest.fixture(scope="module")
def scalar() -> Tally:
    return simulate(overlay(TAKE_OVER), seed=1, games=600, bots=[BotSpec.parse("random")] * 4)


def test_taken_over_scoring_row_shares_match_the_scalar_engine(scalar: Tally) -> None:
    batch = simulate_batch(overlay(TAKE_OVER), seed=1, games=10_000, batch_size=5000).tally
    assert label_chi_square(scalar, batch, LABELS) < CHI2_4DF_0_001


class _MakerStays(GoAlone):
    """A wrong kernel: the maker stays in play beside the partner who took over."""

    def run(self, bh: BatchHand) -> None:
        super().run(bh)
        assert bh.taken is not None
        bh.out = np.where(bh.taken, NONE, bh.out)


def test_the_row_shares_catch_a_maker_left_in_play(scalar: Tally) -> None:
    v = overlay(TAKE_OVER)
    wrong = [_MakerStays(v) if isinstance(k, GoAlone) else k for k in compile_kernels(v)]
    biased, _ = play_batch(v, wrong, seed=1, index=0, size=5000, games=10_000)
    assert label_chi_square(scalar, biased, LABELS) > CHI2_4DF_0_001


SHOWS = """extends: standard
description: a show for a lone player; the maker's partner may take a hand over
go_alone: {partner: true}
flow: [deal, upcard_bidding, dealer_pickup, go_alone, declare, play, score]
declare:
  shows:
    - {label: three trumps alone, when: "alone and count(hand, trump) >= 3", points: 3,
       then: play}
"""


def test_a_show_for_the_partner_who_took_over_replays_through_the_scalar_engine() -> None:
    # `alone` in a show's condition is true for the partner who took the hand over, not for
    # the maker sitting out: the heuristic declares every show its hand meets, so a show not
    # offered to him is a decision the scalar bot makes otherwise.
    run = simulate_batch(overlay(SHOWS), seed=5, games=300, batch_size=300, verify=300,
                         bots=[BotSpec.parse("heuristic")] * 4)
    assert run.problems == []
