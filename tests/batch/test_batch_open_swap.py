"""``ghost-hand-open-swap`` in batch mode: a seat may look at the ghost hand before swapping
(``auction.swap.blind: false``, GH-A3), the deal's one chance.

The scalar interpreter is the independent source: ``--verify`` replays batch games through it
(every action legal: a batch form that let a second seat look or swap after a look is refused
there; the same scores; greedy and heuristic seats the scalar bots' actions; random replays
of every supported variant in tests/batch/test_batch_verify.py), and its random games are set
against batch games at fixed seeds, two-sided tests at the 0.1% level (normal 3.29).

Worked by hand from the rules (``look_chance`` below, exact fractions): each of the three
seats in turn from eldest, while nobody has swapped or looked and the moon (the top bid) has
not been bid, chooses uniformly among pass, swap, look and the bids above the high bid (3, 4,
5 and the moon); a look ends the chances of the seats after him, and so does a swap. A deal
has a look with chance 374,551 / 1,234,800 = 30.33% (eldest alone: 1/7). Games are shortened
to 8 points and 12 hands, as in the replay tests (random Ghost Hand games are about 500 hands
long): 1,500 games give about 9,000 deals, a standard error of 0.48 points; a form that let
only eldest look (14.3%), or let a seat look after another's swap, fails.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.forms import missing, missing_bot
from engine.batch.run import compile_kernels, play_batch
from engine.batch.simulate import simulate_batch
from engine.core import actions as A
from engine.core.bot_spec import BotSpec
from engine.rules.variant import Variant
from engine.sim.simulate import simulate
from engine.sim.stats import Count

Z_0_001 = 3.29
RANDOM = [BotSpec.parse("random")] * 3
pytestmark = pytest.mark.xdist_group("batch-open-swap")


@pytest.fixture
def short(tmp_path: Path) -> Callable[[], Variant]:
    def make() -> Variant:
        path = tmp_path / "short.yaml"
        path.write_text("extends: ghost-hand-open-swap\ndescription: to 8 points, 12 hands\n"
                        "game: {target: 8, tie: play_on, max_hands: 12}\n", encoding="utf-8")
        return load_variant(str(path))
    return make


def test_the_open_swap_runs_in_batch_with_every_batch_bot() -> None:
    v = load_variant("ghost-hand-open-swap")
    assert missing(v) is None
    assert missing_bot([BotSpec.parse("heuristic")] * 3, v) is None


@pytest.mark.parametrize("bots", ["heuristic,random,greedy", "random,heuristic,heuristic"])
def test_the_open_swap_replays_through_the_scalar_engine(short: Callable[[], Variant],
                                                          bots: str) -> None:
    run = simulate_batch(short(), seed=5, games=100, batch_size=50, verify=100,
                         bots=[BotSpec.parse(b) for b in bots.split(",")])
    assert run.problems == []
    assert sum(log.actions.count(A.LOOK) for log in run.logs) > 0


def look_chance(seat: int = 0, high: int = 0, top: int = 4) -> Fraction:
    """The chance that some seat from ``seat`` on looks, the high bid at level ``high``
    (0: none; the moon is level ``top``), nobody having swapped or looked yet."""
    if seat == 3 or high == top:
        return Fraction(0)
    options = 3 + top - high  # pass, swap, look, the bids above
    chance = Fraction(1, options) + look_chance(seat + 1, high, top) / options  # look; pass
    for level in range(high + 1, top + 1):  # a bid: the next seats may still look
        chance += look_chance(seat + 1, level, top) / options
    return chance


def test_a_random_deal_has_a_look_as_the_hand_computation(short: Callable[[], Variant]) -> None:
    assert look_chance() == Fraction(374_551, 1_234_800)
    share = float(look_chance())
    v = short()
    _, logs = play_batch(v, compile_kernels(v), seed=3, index=0, size=1500, games=1500,
                         logged=1500)
    deals = sum(len(log.deals) for log in logs)
    looks = sum(log.actions.count(A.LOOK) for log in logs)
    se = math.sqrt(share * (1 - share) / deals)
    assert abs(looks / deals - share) < Z_0_001 * se, (looks, deals)


def test_the_swap_share_matches_the_scalar_engine(short: Callable[[], Variant]) -> None:
    v = short()
    scalar = simulate(v, seed=7, games=300, bots=RANDOM)
    batch = simulate_batch(v, seed=7, games=3000, batch_size=3000).tally
    key = (Count.FIGURE, ("swaps", None))
    a, b = (scalar.n[key], scalar.hands), (batch.n[key], batch.hands)
    pooled = (a[0] + b[0]) / (a[1] + b[1])
    se = math.sqrt(pooled * (1 - pooled) * (1 / a[1] + 1 / b[1]))
    assert abs(a[0] / a[1] - b[0] / b[1]) < Z_0_001 * se
