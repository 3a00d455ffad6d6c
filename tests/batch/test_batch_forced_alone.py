"""``go_alone.must_when`` on the maker's cards in batch mode: a maker with three trumps or more
must go alone (an overlay of ``standard``).

The scalar interpreter is the independent source. ``--verify`` replays batch games through it:
a forced maker has ``alone`` as his only legal action, so a batch maker who passed there is an
illegal action and fails the replay; a heuristic or greedy seat must also choose as the scalar
bot. The lone-hand rate of 10,000 random batch games (seed 3) is set against 600 scalar
games (seed 3), a two-sided z test at the 0.1% level (normal 3.29). A random maker goes alone
one time in two unless forced. A seat that orders up holds 3 or more of the 6 trumps left
beside the upcard in 5 cards of the 23 unseen with chance (C(6,3) C(17,2) + C(6,4) C(17,1) +
C(6,5)) / C(23,5) = 2,981 / 33,649 = 0.089 (more for a dealer who takes the upcard, or a suit
named in round 2), so about 0.5 + 0.5 x 0.1 = 0.55 of the makers go alone; a kernel that
ignored the condition gives 0.50, 7 standard errors away with these samples (n1 = 5,600 and
n2 = 94,000 hands near p = 0.55: s.e. 0.0068), as the last test shows.
"""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine.batch.forms import missing
from engine.batch.run import compile_kernels, play_batch
from engine.batch.simulate import simulate_batch
from engine.core.bot_spec import BotSpec
from engine.mechanics.go_alone_batch import GoAlone
from engine.sim.simulate import simulate
from engine.sim.stats import Count, Tally
from engine.testing.homogeneity import z_rate
from engine.testing.replay import replay_problems
from engine.testing.rules import overlay

Z_0_001 = 3.29
FORCED = ("extends: standard\ndescription: three trumps go alone\n"
          "go_alone: {must_when: \"count(hand, trump) >= 3\"}\n")


def test_a_lone_hand_forced_by_the_cards_has_a_batch_form() -> None:
    assert missing(overlay(FORCED)) is None


@pytest.mark.parametrize("seats", ["random,heuristic,random,heuristic",
                                   "greedy,random,greedy,random"])
def test_forced_lone_hands_replay_through_the_scalar_engine(seats: str) -> None:
    assert replay_problems(overlay(FORCED), seats, games=200) == []


def _alone(t: Tally) -> tuple[int, int]:
    """(lone hands, hands scored: a deal all pass is thrown in unscored, so each has a
    maker)."""
    return t.n[Count.ALONE, None], t.hands


@pytest.fixture(scope="module")
def scalar() -> Tally:
    return simulate(overlay(FORCED), seed=3, games=600, bots=[BotSpec.parse("random")] * 4)


def test_forced_lone_hand_rate_matches_the_scalar_engine(scalar: Tally) -> None:
    batch = simulate_batch(overlay(FORCED), seed=3, games=10_000, batch_size=5000).tally
    share = _alone(batch)[0] / _alone(batch)[1]
    assert 0.52 < share < 0.60  # about 0.55 (the module's comment), not one in two
    assert abs(z_rate(_alone(scalar), _alone(batch))) < Z_0_001


class _Unforced(GoAlone):
    """A wrong kernel: ``must_when`` never read."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.forced = None


def test_the_rate_test_catches_a_kernel_that_ignores_the_condition(scalar: Tally) -> None:
    v = overlay(FORCED)
    wrong = [_Unforced(v) if isinstance(k, GoAlone) else k for k in compile_kernels(v)]
    biased, _ = play_batch(v, wrong, seed=3, index=0, size=5000, games=10_000)
    assert abs(z_rate(_alone(scalar), _alone(biased))) > Z_0_001
