"""``pepper`` in batch mode: a continuous auction in partnerships (bids 1 to 5, little and big
pepper), then the high bidder names a suit or no-trump (``name_trump.no_trump``).

The scalar interpreter is the independent source: ``--verify`` replays batch games through it
(every action legal, the same scores; greedy and heuristic seats the scalar bots' actions, the
heuristic's no-trump contracts by its trumpless estimate and lead; random replays of every
supported variant in tests/batch/test_batch_verify.py).

Worked by hand from the rules (``final_bids`` below, exact fractions): four seats from eldest,
each at its turn passing for good or bidding above the high bid (levels 1 to 7: 1 to 5, little
pepper, big pepper), until all the others have passed after the last bid, or nobody is left, or
big pepper (the top) is bid; a random high bidder then names one of five contracts, no-trump
one time in five. Games are shortened to 10 points and 12 hands (random Pepper games run
long): 1,000 games give about 8,000 deals, a chi-square goodness of fit of the eight outcomes
(thrown in, or the final level) with 7 degrees of freedom, 24.32 at the 0.1% level; and the
no-trump share of the made hands at 3.29 standard errors.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.forms import missing, missing_bot
from engine.batch.run import compile_kernels, play_batch
from engine.batch.simulate import simulate_batch
from engine.core import actions as A
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.rules.variant import Variant
from engine.sim.stats import Count

CHI2_7DF_0_001 = 24.32
Z_0_001 = 3.29
SEATS, TOP = 4, 7
NAMES = (1, 2, 3, 4, 5, "little_pepper", "big_pepper")
pytestmark = pytest.mark.xdist_group("batch-pepper")


def _short(tmp_path: Path) -> Variant:
    path = tmp_path / "short.yaml"
    path.write_text("extends: pepper\ndescription: to 10 points, 12 hands\n"
                    "game: {target: 10, win: reach, tie: play_on, max_hands: 12}\n",
                    encoding="utf-8")
    return load_variant(str(path))


@cache
def final_bids(state: tuple[int, int, int, int] = (15, 0, -1, 0)) -> dict[int, Fraction]:
    """The chance of each final level (0: thrown in) of a random continuous auction from
    ``state``: the seats still in (a bit mask), the high level, its bidder, the seat to act."""
    active, high, bidder, seat = state
    options = 1 + TOP - high  # pass, the bids above
    out: dict[int, Fraction] = {}
    for raised in range(TOP - high + 1):
        left, top, by = active, high + raised, seat if raised else bidder
        if not raised:
            left &= ~(1 << seat)
        if not left:
            then = {0: Fraction(1)}
        elif top >= TOP or (by >= 0 and left == 1 << by):
            then = {top: Fraction(1)}
        else:
            nxt = next((seat + k) % SEATS for k in range(1, SEATS + 1)
                       if left >> (seat + k) % SEATS & 1)
            then = final_bids((left, top, by, nxt))
        for level, p in then.items():
            out[level] = out.get(level, Fraction(0)) + Fraction(1, options) * p
    return out


def test_pepper_runs_in_batch_with_every_batch_bot() -> None:
    v = load_variant("pepper")
    assert missing(v) is None
    assert missing_bot([BotSpec.parse("heuristic")] * 4, v) is None


@pytest.mark.parametrize("bots", ["heuristic,random,greedy,random", "heuristic,greedy"])
def test_pepper_replays_through_the_scalar_engine(tmp_path: Path, bots: str) -> None:
    names = (bots.split(",") * 4)[:4]
    run = simulate_batch(_short(tmp_path), seed=5, games=80, batch_size=40, verify=80,
                         bots=[BotSpec.parse(b) for b in names])
    assert run.problems == []
    assert any(A.CALL + C.NO_TRUMP in log.actions for log in run.logs)


def test_the_random_auction_and_contracts_are_the_hand_computation(tmp_path: Path) -> None:
    assert sum(final_bids().values()) == 1
    v = _short(tmp_path)
    tally, logs = play_batch(v, compile_kernels(v), seed=3, index=0, size=1000, games=1000,
                             logged=1000)
    counts = np.array([tally.n[Count.REDEALS, None],
                       *(tally.n[Count.BID, name] for name in NAMES)], float)
    expected = counts.sum() * np.array([float(final_bids()[k]) for k in range(TOP + 1)])
    assert float(((counts - expected) ** 2 / expected).sum()) < CHI2_7DF_0_001, counts
    made = tally.hands
    at_no_trump = sum(log.actions.count(A.CALL + C.NO_TRUMP) for log in logs)
    se = math.sqrt(0.2 * 0.8 / made)
    assert abs(at_no_trump / made - 0.2) < Z_0_001 * se, (at_no_trump, made)
