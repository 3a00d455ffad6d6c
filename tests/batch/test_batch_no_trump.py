"""``no-trump`` in batch mode (every batch bot): round 2 may also name no-trump.

The scalar interpreter is the independent source: ``--verify`` replays batch games through it
(every action legal, the same scores; greedy seats the scalar greedy bot's actions), and its
random games are set against batch games at fixed seeds, two-sided tests at the 0.1% level
(normal 3.29; chi-square with 3 degrees of freedom 16.27, standard tables).

The share of hands played at no-trump, worked by hand for random bots: a hand reaches round 2
when all four pass round 1 (1/16); there each seat in turn passes with chance 1/5 (pass, three
suits, no-trump: the turned-down suit excluded), so the hand is made in round 2 with chance
1 - (1/5)^4 and at no-trump with one chance in four of that: 1/16 * (1 - 1/625) / 4 = 1.56%
of all deals (thrown-in deals included). 3,000 batch games give about 28,000 deals: 440 at
no-trump, a standard error of 0.074 points. The check is on the batch share itself against
the hand computation, at 3.29 standard errors: a form that never names no-trump (0%), or that
offers the turned-down suit too (six options: 1/16 * (1 - 1/1296) / 5 = 1.25%, 4.2 standard
errors away), fails it.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.forms import missing, missing_bot
from engine.batch.run import compile_kernels, heuristic_numbers, play_batch
from engine.batch.simulate import simulate_batch
from engine.bots.heuristic import HeuristicBot
from engine.core import actions as A
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.mechanics.batch.heuristic import HeuristicTables
from engine.sim.simulate import simulate
from engine.sim.stats import Count, Tally
from engine.testing.homogeneity import label_chi_square

CHI2_3DF_0_001 = 16.27
Z_0_001 = 3.29
LABELS = ("made", "march", "lone_march", "euchre")
RANDOM = [BotSpec.parse("random")] * 4
HEURISTIC = [BotSpec.parse("heuristic")] * 4
NO_TRUMP_SHARE = 1 / 16 * (1 - 1 / 625) / 4
pytestmark = pytest.mark.xdist_group("batch-no-trump")


@pytest.fixture(scope="module")
def scalar() -> Tally:
    return simulate(load_variant("no-trump"), seed=7, games=1000, bots=RANDOM)


@pytest.fixture(scope="module")
def batch() -> Tally:
    return simulate_batch(load_variant("no-trump"), seed=7, games=10_000, batch_size=5000).tally


def test_no_trump_runs_in_batch_with_every_batch_bot() -> None:
    v = load_variant("no-trump")
    assert missing(v) is None
    assert missing_bot(RANDOM, v) is None
    assert missing_bot(HEURISTIC, v) is None


def test_the_trumpless_estimate_is_the_heuristics_count_worked_by_hand() -> None:
    # at no-trump, AH KH 9H AS 9C: hearts headed by the ace 0.95 (three cards: no length past
    # four), the king a guarded second best +0.5, the queen (third best) not held; spades the
    # ace 0.95; clubs the nine nothing: 2.40 (the scalar _trumpless_strength's numbers)
    v = load_variant("no-trump")
    tables = HeuristicTables(v, heuristic_numbers(v))
    hand = C.mask_of(["AH", "KH", "9H", "AS", "9C"])
    est = tables.strength(np.array([hand, hand], dtype=np.uint64),
                          np.array([C.NO_TRUMP, C.HEARTS]))
    assert est[0] == pytest.approx(2.40)
    assert est.tolist() == [HeuristicBot(v, 0, 0).strength(hand, t)
                            for t in (C.NO_TRUMP, C.HEARTS)]
    assert est[1] != pytest.approx(2.40)  # a suit trump counts the hand otherwise


def test_the_lead_at_no_trump_is_a_card_no_one_can_beat_worked_by_hand() -> None:
    # KH QS 9C in hand at no-trump: with the ace of hearts played the king of hearts is
    # sure (no better heart out) and led; with nothing played nothing is sure: the low card,
    # the nine of clubs; with AH, AS and KS played both majors are sure: the first by card
    # id (the scalar loop's order), KH
    v = load_variant("no-trump")
    tables = HeuristicTables(v, heuristic_numbers(v))
    hand = C.mask_of(["KH", "QS", "9C"])
    gone = [C.mask_of(["AH"]), 0, C.mask_of(["AH", "AS", "KS"])]
    led = tables.lead(np.array([hand] * 3, dtype=np.uint64), np.full(3, C.NO_TRUMP),
                      np.ones(3, dtype=bool), np.array(gone, dtype=np.uint64))
    assert [C.card_name(int(c)) for c in led] == ["KH", "9C", "KH"]


def test_the_no_trump_heuristic_replays_as_the_scalar_heuristic() -> None:
    # every bid, lone hand and card of the heuristic seats is the scalar bot's in the same
    # position; beside random seats the heuristic calls no-trump in about 3% of deals
    v = load_variant("no-trump")
    run = simulate_batch(v, seed=5, games=80, batch_size=40, verify=80,
                         bots=[BotSpec.parse(b) for b in ("heuristic", "random") * 2])
    assert run.problems == []
    assert sum(log.actions.count(A.CALL + C.NO_TRUMP) for log in run.logs) > 0


def test_the_no_trump_heuristic_shares_match_the_scalar_heuristic() -> None:
    # scalar heuristic: 100 games (about 1,150 hands), batch 2,000 games; the scoring rows'
    # shares, chi-square at the 0.1% level
    v = load_variant("no-trump")
    scalar = simulate(v, seed=7, games=100, bots=HEURISTIC)
    batch = simulate_batch(v, seed=7, games=2000, batch_size=2000, bots=HEURISTIC).tally
    assert label_chi_square(scalar, batch, LABELS) < CHI2_3DF_0_001
    assert batch.n[Count.LABEL, "euchre"] / batch.hands < 0.2  # not random play's third


@pytest.mark.parametrize("bots", ["random", "greedy,random"])
def test_no_trump_replays_through_the_scalar_engine(bots: str) -> None:
    v = load_variant("no-trump")
    names = (bots.split(",") * 4)[:4]
    run = simulate_batch(v, seed=5, games=300, batch_size=100, verify=300,
                         bots=[BotSpec.parse(name) for name in names])
    assert run.problems == []
    calls = sum(log.actions.count(A.CALL + C.NO_TRUMP) for log in run.logs)
    assert calls > 0 if bots == "random" else True


def test_the_batch_no_trump_share_is_the_hand_computation() -> None:
    v = load_variant("no-trump")
    _, logs = play_batch(v, compile_kernels(v), seed=3, index=0, size=1000, games=3000,
                         logged=3000)
    deals = sum(len(log.deals) for log in logs)
    at_no_trump = sum(log.actions.count(A.CALL + C.NO_TRUMP) for log in logs)
    se = math.sqrt(NO_TRUMP_SHARE * (1 - NO_TRUMP_SHARE) / deals)
    assert abs(at_no_trump / deals - NO_TRUMP_SHARE) < Z_0_001 * se, (at_no_trump, deals)


def test_no_trump_scoring_row_shares_match_the_scalar_engine(scalar: Tally,
                                                             batch: Tally) -> None:
    assert label_chi_square(scalar, batch, LABELS) < CHI2_3DF_0_001


@pytest.mark.parametrize("what", [Count.ALONE, Count.MADE, Count.REDEALS])
def test_no_trump_rates_match_the_scalar_engine(scalar: Tally, batch: Tally,
                                                what: Count) -> None:
    a, b = (scalar.n[what, None], scalar.hands), (batch.n[what, None], batch.hands)
    pooled = (a[0] + b[0]) / (a[1] + b[1])
    se = math.sqrt(pooled * (1 - pooled) * (1 / a[1] + 1 / b[1]))
    assert abs(a[0] / a[1] - b[0] / b[1]) < Z_0_001 * se
