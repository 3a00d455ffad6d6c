"""``ghost-hand-continuous`` in batch mode: the open auction that goes round until all the
others have passed after the last bid (``auction.turns: continuous``, GH-A2).

The scalar interpreter is the independent source: ``--verify`` replays batch games through it
(every action legal: a seat that passed and bid again, or an auction that ended early or late,
is refused there; the same scores; greedy and heuristic seats the scalar bots' actions; random
replays of every supported variant in tests/batch/test_batch_verify.py).

Worked by hand from the rules (``final_bids`` below, exact fractions, written from GH-A2 and
GH-A4 alone): three seats from eldest; at its turn a seat passes for good, or bids above the
high bid (3, 4, 5, the moon: levels 1 to 4), or first swaps for the ghost hand where nobody
has swapped this deal and it has not bid yet ("before making his bid"), then passes or bids;
the auction ends when nobody is left, when the moon is bid, or when all the others have passed
after the last bid. A random deal ends thrown in with chance 1/125, at 3 with 61/2,000, at 4
with 1,019/18,000, at 5 with 661/4,500 and at the moon with 379/500 (one bid each instead
would give the moon 66.8%). 1,500 games shortened to 8 points and 12 hands give about 9,000
deals: a chi-square goodness of fit with 4 degrees of freedom, 18.47 at the 0.1% level.
"""

from __future__ import annotations

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
from engine.core.bot_spec import BotSpec
from engine.rules.variant import Variant
from engine.sim.stats import Count

CHI2_4DF_0_001 = 18.47
SEATS, TOP = 3, 4
pytestmark = pytest.mark.xdist_group("batch-continuous")


def _short(tmp_path: Path) -> Variant:
    path = tmp_path / "short.yaml"
    path.write_text("extends: ghost-hand-continuous\ndescription: to 8 points, 12 hands\n"
                    "game: {target: 8, tie: play_on, max_hands: 12}\n", encoding="utf-8")
    return load_variant(str(path))


@cache
def final_bids(state: tuple[int, int, int, int, bool, int] = (7, 0, -1, 0, False, 0)
               ) -> dict[int, Fraction]:
    """The chance of each final high bid (0: thrown in) of a random continuous auction, from
    ``state``: the seats still in (a bit mask), the high bid's level, its bidder, the seat to
    act, whether the ghost hand was taken, and the seats that have bid (a bit mask)."""
    active, high, bidder, seat, swapped, bid = state
    above = TOP - high
    turns: list[tuple[Fraction, int, bool]] = []  # (chance, levels raised (0: pass), swaps)
    if not swapped and not bid >> seat & 1:
        options = 2 + above  # pass, swap, the bids
        turns += [(Fraction(1, options), j, False) for j in range(above + 1)]
        turns += [(Fraction(1, options * (1 + above)), j, True) for j in range(above + 1)]
    else:
        turns += [(Fraction(1, 1 + above), j, False) for j in range(above + 1)]
    out: dict[int, Fraction] = {}
    for chance, raised, swaps in turns:
        left, top, by, bids = active, high, bidder, bid
        if raised:
            top, by, bids = high + raised, seat, bid | 1 << seat
        else:
            left &= ~(1 << seat)
        if not left:
            then = {0: Fraction(1)}
        elif top >= TOP or (by >= 0 and left == 1 << by):
            then = {top: Fraction(1)}
        else:
            nxt = next((seat + k) % SEATS for k in range(1, SEATS + 1)
                       if left >> (seat + k) % SEATS & 1)
            then = final_bids((left, top, by, nxt, swapped or swaps, bids))
        for level, p in then.items():
            out[level] = out.get(level, Fraction(0)) + chance * p
    return out


def test_the_hand_computation() -> None:
    assert final_bids() == {0: Fraction(1, 125), 1: Fraction(61, 2000),
                            2: Fraction(1019, 18000), 3: Fraction(661, 4500),
                            4: Fraction(379, 500)}


def test_the_continuous_auction_runs_in_batch_with_every_batch_bot() -> None:
    v = load_variant("ghost-hand-continuous")
    assert missing(v) is None
    assert missing_bot([BotSpec.parse("heuristic")] * 3, v) is None


@pytest.mark.parametrize("bots", ["heuristic,random,greedy", "random,heuristic,heuristic"])
def test_the_continuous_auction_replays_through_the_scalar_engine(tmp_path: Path,
                                                                  bots: str) -> None:
    run = simulate_batch(_short(tmp_path), seed=5, games=100, batch_size=50, verify=100,
                         bots=[BotSpec.parse(b) for b in bots.split(",")])
    assert run.problems == []


def test_the_random_final_bids_are_the_hand_computation(tmp_path: Path) -> None:
    v = _short(tmp_path)
    tally, _ = play_batch(v, compile_kernels(v), seed=3, index=0, size=1500, games=1500)
    counts = np.array([tally.n[Count.REDEALS, None], tally.n[Count.BID, 3],
                       tally.n[Count.BID, 4], tally.n[Count.BID, 5],
                       tally.n[Count.BID, "moon"]], float)
    expected = counts.sum() * np.array([float(final_bids()[k]) for k in range(5)])
    assert float(((counts - expected) ** 2 / expected).sum()) < CHI2_4DF_0_001, counts
