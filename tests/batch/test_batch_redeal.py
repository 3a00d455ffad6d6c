"""``redeal`` in batch mode (``farmers-hand``): poor hands thrown in, the farmer's exchange.

The scalar interpreter is the independent source: ``--verify`` replays batch games through it
(every action legal, the same scores; greedy and heuristic seats the scalar bots' actions;
the heuristic alone in tests/batch/test_batch_heuristic.py),
and its random games are set against batch games at fixed seeds, two-sided tests at the 0.1%
level (normal 3.29; chi-square with 3 degrees of freedom 16.27, standard tables).

Two shares worked by hand from the rules:

- The heuristic exchanges every farmer's hand it is offered (``redeal.decide``), and a hand of
  only nines and tens, the one it could throw in, always holds three of one of them: a deal
  has an exchange exactly when some seat holds three nines or three tens. One seat:
  p = 2 (C(4,3) C(20,2) + C(4,4) C(20,1)) / C(24,5) = 1560 / 42504 = 3.670%. Two farmers'
  hands of the same rank, or one seat with both, would need six cards; three farmers need
  two of a rank: the union of the eight events (seat, rank) is 4p - 12q, q the chance that one
  given seat holds three nines or more and another three tens or more,
  q = sum over i = 3, 4 nines and j = 0, 1 tens in the first hand of
  C(4,i) C(4,j) C(16,5-i-j) / C(24,5) * P(the second holds 3+ of the 4-j tens left, 5 of
  19) = 0.04997%: 14.08% of deals. 1,000 games give about 12,000 deals, a standard error
  of 0.32 points: a form that never exchanges, or only nines (7.2%), fails.
- With ``redeal.when: holds(hand, AS)`` (no exchange) and random bots: the ace of spades is in
  a seat's hand with chance 20/24, and that seat says ``redeal`` or ``keep`` with one chance in
  two, whoever answered before him (only he may redeal): 5/12 = 41.67% of deals are redealt,
  each by the same dealer (STD-A15). 500 games give about 8,000 deals, a standard error of
  0.55 points; a form that redealt with chance 1/3 or passed the deal fails.
"""

from __future__ import annotations

import math
from math import comb
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.forms import missing, missing_bot
from engine.batch.run import compile_kernels, play_batch
from engine.batch.simulate import simulate_batch
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.mechanics.batch.vectors import vectorise_hands
from engine.mechanics.redeal import EXCHANGE, REDEAL, RedealRules
from engine.rules.results import REDEAL_WHY
from engine.rules.variant import Variant
from engine.sim.simulate import simulate
from engine.sim.stats import Count, Tally
from engine.testing.homogeneity import label_chi_square

CHI2_3DF_0_001 = 16.27
Z_0_001 = 3.29
LABELS = ("made", "march", "lone_march", "euchre")
RANDOM = [BotSpec.parse("random")] * 4
HEURISTIC = [BotSpec.parse("heuristic")] * 4
pytestmark = pytest.mark.xdist_group("batch-redeal")


def _one_farmer() -> float:
    return 2 * (comb(4, 3) * comb(20, 2) + comb(4, 4) * comb(20, 1)) / comb(24, 5)


def _two_farmers() -> float:
    q = 0.0
    for nines in (3, 4):
        for tens in (0, 1):
            first = comb(4, nines) * comb(4, tens) * comb(16, 5 - nines - tens) / comb(24, 5)
            left = 4 - tens
            second = sum(comb(left, k) * comb(19 - left, 5 - k)
                         for k in range(3, left + 1)) / comb(19, 5)
            q += first * second
    return q


EXCHANGE_SHARE = 4 * _one_farmer() - 12 * _two_farmers()
REDEAL_SHARE = 20 / 24 / 2


def _variant(tmp_path: Path, name: str, redeal: str) -> Variant:
    path = tmp_path / f"{name}.yaml"
    path.write_text("extends: standard\ndescription: A redeal rule, for the batch tests.\n"
                    "flow: [deal, redeal, upcard_bidding, go_alone, dealer_pickup, play, score]\n"
                    f"redeal:\n{redeal}", encoding="utf-8")
    return load_variant(str(path))


@pytest.fixture(scope="module")
def scalar() -> Tally:
    return simulate(load_variant("farmers-hand"), seed=7, games=300, bots=RANDOM)


@pytest.fixture(scope="module")
def batch() -> Tally:
    return simulate_batch(load_variant("farmers-hand"), seed=7, games=5000,
                          batch_size=5000).tally


def test_the_hand_computations() -> None:
    assert _one_farmer() == pytest.approx(0.036702, abs=1e-6)
    assert round(EXCHANGE_SHARE, 5) == 0.14081


def test_farmers_hand_runs_in_batch_with_every_batch_bot() -> None:
    v = load_variant("farmers-hand")
    assert missing(v) is None
    assert missing_bot(HEURISTIC, v) is None


def test_a_hand_condition_is_vectorised_as_the_scalar_one_reads_it() -> None:
    # only nines and tens: the first hand yes; the second holds an ace; the third a jack
    when = load_variant("farmers-hand").rules_of(RedealRules).when
    assert when is not None
    hands = [C.mask_of(["9C", "9D", "TC", "TS", "9H"]), C.mask_of(["9C", "9D", "TC", "TS", "AH"]),
             C.mask_of(["9C", "9D", "TC", "TS", "JH"])]
    got = vectorise_hands(when)({"hand": np.array(hands, dtype=np.uint64)}).tolist()
    assert got == [True, False, False]
    assert got == [when.evaluate({"hand": hand}) for hand in hands]


@pytest.mark.parametrize("bots", ["random,greedy", "heuristic,random"])
def test_farmers_hand_replays_through_the_scalar_engine(bots: str) -> None:
    v = load_variant("farmers-hand")
    names = (bots.split(",") * 4)[:4]
    run = simulate_batch(v, seed=5, games=40, batch_size=20, verify=40,
                         bots=[BotSpec.parse(name) for name in names])
    assert run.problems == []
    assert sum(log.actions.count(EXCHANGE) for log in run.logs) > 0


def test_the_heuristics_redeals_replay_as_the_scalar_heuristics(tmp_path: Path) -> None:
    # a hand without an ace or the jack of hearts may be thrown in: the heuristic throws in
    # those whose best suit is worth less than a trick, about one deal in seven
    v = _variant(tmp_path, "no-aces", '  when: "count(hand, rank in [A]) == 0 and not '
                 'holds(hand, JH)"\n  exchange: {ranks: ["9", T], cards: 3}\n')
    run = simulate_batch(v, seed=5, games=30, batch_size=15, verify=30,
                         bots=[BotSpec.parse(b) for b in ("heuristic", "random") * 2])
    assert run.problems == []
    assert sum(log.actions.count(REDEAL) for log in run.logs) > 0


def test_the_exchange_share_of_the_heuristic_is_the_hand_computation() -> None:
    v = load_variant("farmers-hand")
    _, logs = play_batch(v, compile_kernels(v), seed=3, index=0, size=1000, games=1000,
                         logged=1000, bots=HEURISTIC)
    deals = sum(len(log.deals) for log in logs)
    exchanges = sum(log.actions.count(EXCHANGE) for log in logs)
    se = math.sqrt(EXCHANGE_SHARE * (1 - EXCHANGE_SHARE) / deals)
    assert abs(exchanges / deals - EXCHANGE_SHARE) < Z_0_001 * se, (exchanges, deals)


def test_a_redeal_share_is_the_hand_computation_and_the_dealer_stays(tmp_path: Path) -> None:
    v = _variant(tmp_path, "ace-of-spades", '  when: "holds(hand, AS)"\n')
    tally, logs = play_batch(v, compile_kernels(v), seed=3, index=0, size=500, games=500,
                             logged=500)
    deals = sum(len(log.deals) for log in logs)
    redeals = sum(log.actions.count(REDEAL) for log in logs)
    se = math.sqrt(REDEAL_SHARE * (1 - REDEAL_SHARE) / deals)
    assert abs(redeals / deals - REDEAL_SHARE) < Z_0_001 * se, (redeals, deals)
    # the same dealer after each redeal (a game's last hand is scored, never redealt), the
    # next one after every other hand
    steps = [(b.dealer - a.dealer) % 4 for log in logs
             for a, b in zip(log.deals, log.deals[1:], strict=False)]
    assert steps.count(0) == redeals and set(steps) == {0, 1}
    assert tally.n[Count.THROWN_IN, REDEAL_WHY] == redeals


def test_farmers_hand_scoring_row_shares_match_the_scalar_engine(scalar: Tally,
                                                                 batch: Tally) -> None:
    assert label_chi_square(scalar, batch, LABELS) < CHI2_3DF_0_001


@pytest.mark.parametrize("what", [(Count.FIGURE, ("farmer_exchanges", None)),
                                  (Count.MADE, None), (Count.ALONE, None)])
def test_farmers_hand_rates_match_the_scalar_engine(scalar: Tally, batch: Tally,
                                                    what: tuple[Count, object]) -> None:
    a, b = (scalar.n[what], scalar.hands), (batch.n[what], batch.hands)  # type: ignore[index]
    assert a[0] > 0 and b[0] > 0
    pooled = (a[0] + b[0]) / (a[1] + b[1])
    se = math.sqrt(pooled * (1 - pooled) * (1 / a[1] + 1 / b[1]))
    assert abs(a[0] / a[1] - b[0] / b[1]) < Z_0_001 * se
