"""The Bid Euchre family in batch mode: ``bid-euchre``, ``bid-euchre-low`` (special bids played
alone in partnerships, BID-A5; contract-result wins, BID-A7) and ``bid-euchre-stick`` (the
forced dealer, BID-A4).

The scalar interpreter is the independent source of legality, scores and winners: ``--verify``
replays batch games through it (random and greedy seats; the greedy seats' actions the scalar
bot's). Worked by hand from the rules (``final_levels`` below, exact fractions): four seats from
eldest, one turn each, each passing or bidding uniformly above the high bid (levels 1 to 5: 3,
4, 5, 6 and the moon, which ends the auction at once); all passing throws the deal in, or in
``bid-euchre-stick`` the dealer, last, draws among the five bids. Games are shortened to 12
hands (random Bid Euchre games run to the hand limit, the moon bid in most deals): 600 games
give 7,200 deals, a chi-square goodness of fit of the six outcomes (5 degrees of freedom,
20.52 at the 0.1% level) or the stuck auction's five (4, 18.47). A moon hand is played by
three seats (the bidder's partner sits out): 18 cards, a hand with a partner 24.
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
from engine.batch.run import _game_over, compile_kernels, play_batch
from engine.batch.simulate import simulate_batch
from engine.bots.greedy import ALONE_AT, ORDER_AT
from engine.core import actions as A
from engine.core.bot_spec import BotSpec
from engine.mechanics.batch.hand import BatchHand, GreedySeats
from engine.rules.variant import Variant
from engine.sim.stats import Count

CHI2_5DF_0_001 = 20.52
CHI2_4DF_0_001 = 18.47
SEATS, TOP = 4, 5
NAMES = (3, 4, 5, 6, "moon")
FAMILY = ("bid-euchre", "bid-euchre-low", "bid-euchre-stick")
pytestmark = pytest.mark.xdist_group("batch-bid-euchre")


def _short(tmp_path: Path, name: str) -> Variant:
    path = tmp_path / f"{name}-short.yaml"
    path.write_text(f"extends: {name}\ndescription: 12 hands at most\n"
                    "game: {target: 50, win: contract_result, tie: play_on, max_hands: 12}\n",
                    encoding="utf-8")
    return load_variant(str(path))


@cache
def final_levels(stick: bool, seat: int = 0, high: int = 0) -> dict[int, Fraction]:
    """The chance of each final level (0: thrown in) of a random one-each auction from
    ``seat`` (0: eldest, 3: the dealer) with the high level ``high``."""
    if seat == SEATS or high == TOP:
        return {high: Fraction(1)}
    stuck = stick and seat == SEATS - 1 and high == 0
    choices = list(range(high + 1, TOP + 1)) if stuck else [high, *range(high + 1, TOP + 1)]
    out: dict[int, Fraction] = {}
    for level in choices:
        for final, p in final_levels(stick, seat + 1, level).items():
            out[final] = out.get(final, Fraction(0)) + p / len(choices)
    return out


@pytest.mark.parametrize("name", FAMILY)
def test_the_family_runs_in_batch_with_every_batch_bot(name: str) -> None:
    v = load_variant(name)
    assert missing(v) is None
    for bot in ("random", "greedy", "heuristic"):
        assert missing_bot([BotSpec.parse(bot)] * 4, v) is None, bot


@pytest.mark.parametrize("name", FAMILY)
def test_the_family_replays_through_the_scalar_engine(tmp_path: Path, name: str) -> None:
    run = simulate_batch(_short(tmp_path, name), seed=11, games=30, batch_size=30, verify=30,
                         bots=[BotSpec.parse(b) for b in ("random", "greedy") * 2])
    assert run.problems == []
    moons = sum(log.actions.count(A.SPECIAL_BID) for log in run.logs)
    assert moons > 0


@pytest.mark.parametrize("stick", [False, True], ids=["redeal", "stick"])
def test_the_random_auction_is_the_hand_computation(tmp_path: Path, stick: bool) -> None:
    law = final_levels(stick)
    assert sum(law.values()) == 1 and (0 in law) is not stick
    v = _short(tmp_path, "bid-euchre-stick" if stick else "bid-euchre")
    tally, logs = play_batch(v, compile_kernels(v), seed=3, index=0, size=600, games=600,
                             logged=600)
    levels = range(1 if stick else 0, TOP + 1)
    counts = np.array([tally.n[Count.REDEALS, None] if k == 0 else tally.n[Count.BID, NAMES[k - 1]]
                       for k in levels], float)
    expected = counts.sum() * np.array([float(law[k]) for k in levels])
    limit = CHI2_4DF_0_001 if stick else CHI2_5DF_0_001
    assert float(((counts - expected) ** 2 / expected).sum()) < limit, counts
    # a moon hand is played by three seats (18 cards), a hand with a partner by four (24):
    # every scored hand names trump once (`name_trump`), each moon is one special bid
    named = sum(sum(1 for a in log.actions if A.CALL <= a < A.BID) for log in logs)
    moons = sum(log.actions.count(A.SPECIAL_BID) for log in logs)
    plays = sum(sum(1 for a in log.actions if a >= A.PLAY) for log in logs)
    assert plays == 24 * named - 6 * moons and moons > 1000


def test_the_stuck_dealer_draws_among_the_five_bids() -> None:
    """``bid-euchre-stick``, North (random) dealing and the three greedy seats passing (the
    greedy bot has no auction rule: ``pass``, its first legal action): North may not pass, so
    each of 3, 4, 5, 6 and the moon one time in five, over 20,000 deals."""
    v = load_variant("bid-euchre-stick")
    n = 20_000
    bh = BatchHand(rng=np.random.default_rng(5), dealer=np.zeros(n, dtype=np.int64), players=4,
                   extras=0, greedy=GreedySeats(seats=np.array([False, True, True, True]),
                                                order_at=ORDER_AT, alone_at=ALONE_AT))
    deal, auction = compile_kernels(v)[:2]
    deal.run(bh)
    auction.run(bh)
    assert (bh.maker == 0).all()
    counts = np.bincount(np.where(bh.special == 0, 7, bh.bid), minlength=8)[3:].astype(float)
    assert counts[-1] > 0 and counts.sum() == n
    assert float(((counts - n / 5) ** 2 / (n / 5)).sum()) < CHI2_4DF_0_001, counts


def test_only_the_side_whose_contract_result_it_was_wins() -> None:
    """BID-A7 (the rule's own example): North-South and East-West at 50 and 44, East (1) the
    maker: a made bid leaves North-South short of a win (the game goes on); a set bid wins it
    for North-South. A thrown-in hand ends no game."""
    v = load_variant("bid-euchre")
    scores = np.array([[50, 44, 50, 44]] * 3, dtype=np.int64)
    bh = BatchHand(rng=np.random.default_rng(0), dealer=np.zeros(3, dtype=np.int64), players=4,
                   extras=0)
    bh.maker = np.array([1, 1, -1])
    bh.contract_made = np.array([True, False, False])
    over, won = _game_over(v, scores, bh)
    assert over.tolist() == [False, True, False]
    assert won[1].tolist() == [True, False, True, False]
