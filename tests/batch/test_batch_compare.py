"""``compare --engine batch``: the scalar ``compare``'s report from batch play, paired per deal.

The scalar ``compare`` is the independent source of the figures: 600 of its paired games of
``standard`` against ``stick-the-dealer`` (heuristic bots, seed 3) against 20,000 batch games
(same seed). The two runs draw different deals, so each difference is two independent
estimates of one number: they agree at the 0.1% level when ``|d_scalar - d_batch| <= 3.29 *
sqrt(s_scalar² + s_batch²)``, with ``s = half-width / 1.96`` of each 95% interval (normal
tables). A batch engine that lets the dealer pass when stuck (no stick-the-dealer) moves the
thrown-in difference from about -0.35 per game to 0, far outside (the interval of 600 scalar
games is about ±0.04): the test can fail.

The pairing is shown on the deals themselves: the games both variants play are dealt the same
cards hand by hand (the logged deals are compared), whatever the bots draw, and the logged
paired games replay through the scalar interpreter (``--verify``).
"""

from __future__ import annotations

import math
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.compare import compare_batch
from engine.batch.pairs import PairedRun
from engine.batch.run import compile_kernels, play_batch
from engine.batch.verify import verify_games
from engine.core.bot_spec import BotSpec
from engine.sim.compare import Comparison, compare

Z_0_001 = 3.29
Z_95 = 1.96
HEURISTIC = (BotSpec.parse("heuristic"),) * 4
RANDOM = (BotSpec.parse("random"),) * 4
pytestmark = pytest.mark.xdist_group("batch-compare")


@pytest.fixture(scope="module")
def scalar() -> Comparison:
    return compare(load_variant("standard"), load_variant("stick-the-dealer"), seed=3,
                   games=600, bots_a=HEURISTIC, bots_b=HEURISTIC)


@pytest.fixture(scope="module")
def batch() -> Comparison:
    return compare_batch(load_variant("standard"), load_variant("stick-the-dealer"), seed=3,
                         games=20_000, batch_size=2_500, bots_a=HEURISTIC, bots_b=HEURISTIC)


def _sigma(ci: tuple[float, float]) -> float:
    return (ci[1] - ci[0]) / 2 / Z_95


def test_batch_differences_agree_with_the_scalar_compare(scalar: Comparison,
                                                         batch: Comparison) -> None:
    assert batch.paired and scalar.paired
    assert [f.metric for f in batch.figures] == [f.metric for f in scalar.figures]
    for s, b in zip(scalar.figures, batch.figures, strict=True):
        bound = Z_0_001 * math.hypot(_sigma(s.ci95), _sigma(b.ci95))
        assert abs(float(s.difference) - float(b.difference)) <= bound, (s.metric, s, b)


def test_the_thrown_in_difference_is_stick_the_dealers(batch: Comparison) -> None:
    # Stick the dealer throws in no deal, standard about one in 33 hands (every seat passing
    # twice), about 0.35 per game of 11.6 hands: the difference is minus standard's figure.
    redeals = next(f for f in batch.figures if f.metric == "redeals")
    assert redeals.b == 0 and redeals.a > 0.2
    assert redeals.difference == -redeals.a and redeals.significant


def test_paired_intervals_come_from_per_game_differences(batch: Comparison) -> None:
    # Under the heuristic most games of the two variants are the same game (they part only at a
    # deal standard throws in): the wins' paired interval is far narrower than two independent
    # runs of 20,000 games give (about ±1.0 points: 1.96 * 100 * sqrt(2 * 0.25 / 20,000)).
    wins = next(f for f in batch.figures if f.metric == "wins@0+2")
    assert float(wins.ci95[1] - wins.ci95[0]) / 2 < 0.6


@pytest.mark.parametrize("bots", [HEURISTIC, RANDOM], ids=["heuristic", "random"])
def test_both_variants_are_dealt_the_same_cards_game_by_game(bots: tuple[BotSpec, ...]) -> None:
    logs = {}
    for name in ("standard", "stick-the-dealer"):
        v = load_variant(name)
        paired = PairedRun(v, 11, offset=0, games=40)
        _, logs[name] = play_batch(v, compile_kernels(v), seed=11, index=0, size=8, games=40,
                                   logged=12, bots=bots, paired=paired)
        assert verify_games(v, logs[name], bots=bots) == []  # keyed deals replay legally
    compared = 0
    for a, b in zip(logs["standard"], logs["stick-the-dealer"], strict=True):
        assert a.index == b.index
        for deal_a, deal_b in zip(a.deals, b.deals, strict=False):  # the hands both play
            assert (deal_a.dealer, deal_a.hands, deal_a.upcard) == \
                (deal_b.dealer, deal_b.hands, deal_b.upcard)
            compared += 1
    assert compared > 100
    # unpaired batches (simulate's) draw every deal from the batch's one generator: once the
    # variants play differently (a deal standard throws in) their later deals differ, so the
    # check above can fail (random bots pass all round twice too rarely to show it)
    if bots != HEURISTIC:
        return
    unpaired = {}
    for name in ("standard", "stick-the-dealer"):
        v = load_variant(name)
        _, unpaired[name] = play_batch(v, compile_kernels(v), seed=11, index=0, size=8,
                                       games=40, logged=12, bots=bots)
    assert any(deal_a.hands != deal_b.hands
               for a, b in zip(unpaired["standard"], unpaired["stick-the-dealer"], strict=True)
               for deal_a, deal_b in zip(a.deals, b.deals, strict=False))


def test_compare_engine_batch_at_the_command_line_and_its_fallback(
        write: Callable[[str, str], Path]) -> None:
    run = subprocess.run([sys.executable, "-m", "engine.cli", "compare", "standard",
                          "stick-the-dealer", "--engine", "batch", "--games", "300", "--quiet",
                          "--json"], capture_output=True, text=True, check=True)
    assert '"paired": true' in run.stdout and "batch mode" not in run.stderr
    sides = write("next-seats.yaml", NEXT_SEATS)  # partners side by side: no batch form yet
    run = subprocess.run([sys.executable, "-m", "engine.cli", "compare", "standard",
                          str(sides), "--engine", "batch", "--games", "2", "--quiet"],
                         capture_output=True, text=True, check=True)
    assert "batch mode: next-seats: mechanic `score` as configured" in run.stderr
    assert "playing the scalar engine" in run.stderr
    assert "next-seats against standard" in run.stdout


NEXT_SEATS = """
    extends: standard
    description: standard, partners in seats side by side
    sides: {kind: teams, teams: [[0, 1], [2, 3]]}
    """
"""A variant with a setting that has no batch form: partners not in alternate seats."""


def test_the_report_is_the_same_for_any_number_of_workers() -> None:
    # the running sums are whole numbers merged in any order: two workers give one's report
    a, b = load_variant("standard"), load_variant("stick-the-dealer")
    one, two = (compare_batch(a, b, seed=9, games=1200, batch_size=100, bots_a=RANDOM,
                              bots_b=RANDOM, workers=k) for k in (1, 2))
    assert one.to_json() == two.to_json()
