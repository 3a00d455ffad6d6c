"""``bid-euchre-trump-in-bid`` in batch mode: each numeric bid names its trump too (``bid:4H``,
``bid:3N``; ``auction.trump_in_bid``, BID-A3's alternative), the winner of a number has made
trump, the winner of the moon names it after the auction.

The scalar interpreter is the independent source of legality, scores and winners, and of the
greedy and heuristic seats' actions (``--verify``). Worked by hand from the rules
(``final_levels`` below, exact fractions): four seats from eldest, one turn each, each
choosing uniformly among its legal actions: pass, each number above the high bid in each of
the five contracts (the four suits and no-trump: ``name_trump.no_trump``), and the moon, which
ends the auction at once; so a number weighs five times a pass or the moon. All passing throws
the deal in. Games are shortened to 12 hands: 400 games give about 4,800 deals, a chi-square
goodness of fit of the final bid (6: 27%, the moon: 71%, and the rest, thrown in or 3 to 5,
2.0%, pooled: each alone is expected fewer than 5 times; 2 degrees of freedom, 13.82 at the
0.1% level), and of the five contracts a winning number names (one in five each; 4 degrees
of freedom, 18.47).
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
from engine.core import actions as A
from engine.core.bot_spec import BotSpec
from engine.rules.variant import Variant
from engine.sim.stats import Count

CHI2_2DF_0_001 = 13.82
CHI2_4DF_0_001 = 18.47
SEATS, NUMBERS, TOP, CONTRACTS = 4, 4, 5, 5
NAMES = (3, 4, 5, 6, "moon")
pytestmark = pytest.mark.xdist_group("batch-bid-euchre")


def _short(tmp_path: Path, extra: str = "") -> Variant:
    path = tmp_path / "trump-in-bid-short.yaml"
    path.write_text("extends: bid-euchre-trump-in-bid\ndescription: 12 hands at most\n"
                    "game: {target: 50, win: contract_result, tie: play_on, max_hands: 12}\n"
                    + extra, encoding="utf-8")
    return load_variant(str(path))


@cache
def final_levels(seat: int = 0, high: int = 0) -> dict[int, Fraction]:
    """The chance of each final level (0: thrown in; 1 to 4: the numbers 3 to 6; 5: the
    moon) of a random one-each auction from ``seat`` with the high level ``high``."""
    if seat == SEATS or high == TOP:
        return {high: Fraction(1)}
    weights = {high: 1, **{level: CONTRACTS if level <= NUMBERS else 1
                           for level in range(high + 1, TOP + 1)}}
    total = sum(weights.values())
    out: dict[int, Fraction] = {}
    for level, weight in weights.items():
        for final, p in final_levels(seat + 1, level).items():
            out[final] = out.get(final, Fraction(0)) + Fraction(weight, total) * p
    return out


def test_trump_in_bid_runs_in_batch_with_every_batch_bot() -> None:
    v = load_variant("bid-euchre-trump-in-bid")
    assert missing(v) is None
    for bot in ("random", "greedy", "heuristic"):
        assert missing_bot([BotSpec.parse(bot)] * 4, v) is None, bot


@pytest.mark.parametrize(("extra", "bots"), [
    ("", "heuristic,random,greedy,heuristic"),
    # a user's file: the dealer stuck (BID-A4; the greedy dealer's first legal action is the
    # moon, listed before the numbers) and low no-trump among the contracts
    ("auction: {all_pass: dealer_forced}\nname_trump: {no_trump: true, low_no_trump: true}\n",
     "greedy,random,heuristic,greedy"),
], ids=["shipped", "stuck-low"])
def test_trump_in_bid_replays_through_the_scalar_engine(tmp_path: Path, extra: str,
                                                        bots: str) -> None:
    run = simulate_batch(_short(tmp_path, extra), seed=3, games=12, batch_size=12, verify=12,
                         bots=[BotSpec.parse(b) for b in bots.split(",")])
    assert run.problems == []
    actions = [a for log in run.logs for a in log.actions]
    assert sum(a >= A.BID_TRUMP for a in actions) > 50  # numbers naming trump
    assert actions.count(A.SPECIAL_BID) > 0  # moons, whose winner names trump after


def test_the_random_auction_and_its_contracts_are_the_hand_computation(tmp_path: Path) -> None:
    law = final_levels()
    assert sum(law.values()) == 1
    v = _short(tmp_path)
    tally, logs = play_batch(v, compile_kernels(v), seed=5, index=0, size=400, games=400,
                             logged=400)
    counts = np.array([tally.n[Count.REDEALS, None] if k == 0 else tally.n[Count.BID, NAMES[k - 1]]
                       for k in range(TOP + 1)], float)
    # thrown in, 3, 4 and 5 pooled (each alone expected fewer than 5 times): three cells
    pooled = np.array([counts[:4].sum(), counts[4], counts[5]])
    chances = np.array([float(sum(law[k] for k in range(4))), float(law[4]), float(law[5])])
    expected = pooled.sum() * chances
    assert float(((pooled - expected) ** 2 / expected).sum()) < CHI2_2DF_0_001, counts
    # the contract the winning number named: its last bid naming trump in a hand won by a
    # number; and no `call:` in such a hand (name_trump asks nothing), one after each moon
    named = np.zeros(CONTRACTS)
    calls = moons = 0
    for log in logs:
        last, playing = -1, False
        for a in log.actions:
            if A.PLAY <= a < A.BID_TRUMP:  # a card: the hand's auction is over
                if not playing and last >= 0:
                    named[last] += 1
                playing = True
                continue
            if playing:  # the next hand's auction
                last, playing = -1, False
            if a >= A.BID_TRUMP:
                last = A.bid_trump(a)[1]
            elif a == A.SPECIAL_BID:
                last, moons = -1, moons + 1
            elif A.CALL <= a < A.BID:
                calls += 1
    assert calls == moons > 0
    expected_named = named.sum() / CONTRACTS
    assert float(((named - expected_named) ** 2 / expected_named).sum()) < CHI2_4DF_0_001, named
