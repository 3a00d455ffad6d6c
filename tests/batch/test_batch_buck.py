"""``buck-euchre`` in batch mode (every batch bot): dirty clubs, hands without a maker, staying
or dropping out, four players each for himself counting down from 25.

The scalar interpreter is the independent source: ``--verify`` replays batch games through it
(every action legal, the same scores and winners: a kernel that let a dropped seat play, or
scored a dirty-clubs hand as a made one, or ended a countdown at the wrong hand, ends with other
scores; greedy and heuristic seats must take the scalar bots' actions, the heuristic's
stay-or-drop rule, its no-trump calls in round 2 and its play with seats out included; random
replays of every supported variant in tests/batch/test_batch_verify.py), and random games are
set against scalar games at fixed seeds, two-sided tests at the 0.1% level (normal 3.29;
chi-square with 2 degrees of freedom 13.82, standard tables).

Worked by hand from the rules for the random bot, 24 cards of which 6 are clubs: a club is
turned up (dirty clubs, trump with no maker) one hand in 4; otherwise each of the four seats
orders up one time in 2 (all pass: 1/16) and in round 2 each picks one of pass, the three
suits left and no-trump (all pass: (1/5)**4 = 1/625), when the hand is played at no-trump with
no maker too (BUCK-A5): P(no maker) = 1/4 + 3/4 * 1/16 * 1/625 = 0.250075. In a hand with a
maker each of the three others is asked and drops one time in two: 1.5 seats a hand.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.forms import missing, missing_bot
from engine.batch.pairs import SCALE, PairedRun
from engine.batch.run import _game_over, compile_kernels, heuristic_numbers, play_batch
from engine.batch.simulate import simulate_batch
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.mechanics.batch.hand import BatchHand
from engine.mechanics.batch.heuristic import HeuristicSeats, HeuristicTables
from engine.mechanics.stay_or_drop import DROP, STAY
from engine.mechanics.stay_or_drop_batch import StayOrDrop
from engine.play.state import State
from engine.sim.compare import metrics_for
from engine.sim.simulate import play_game, simulate
from engine.sim.stats import Count, Tally
from engine.testing.homogeneity import label_chi_square, z_rate

CHI2_2DF_0_001 = 13.82
Z_0_001 = 3.29
RANDOM = [BotSpec.parse("random")] * 4
HEURISTIC = [BotSpec.parse("heuristic")] * 4
LABELS = ("made", "bucked", "no_maker")
pytestmark = pytest.mark.xdist_group("batch-buck")


def test_buck_euchre_runs_in_batch_with_every_batch_bot() -> None:
    v = load_variant("buck-euchre")
    assert missing(v) is None
    assert missing_bot(RANDOM, v) is None
    assert missing_bot(HEURISTIC, v) is None


@pytest.mark.parametrize("bots", ["heuristic,heuristic,heuristic,heuristic",
                                  "greedy,random,heuristic,random"])
def test_buck_replays_through_the_scalar_engine(bots: str) -> None:
    # heuristic games last about 30 hands, the mixed ones about 23 (some 180 and 280 hands;
    # a greedy seat never drops: it has no rule there and takes the first legal action, stay)
    v = load_variant("buck-euchre")
    games = 6 if "greedy" not in bots else 12
    run = simulate_batch(v, seed=5, games=games, batch_size=games, verify=games,
                         bots=[BotSpec.parse(name) for name in bots.split(",")])
    assert run.problems == []
    actions = [a for log in run.logs for a in log.actions]
    assert actions.count(STAY) > 0 and actions.count(DROP) > 0
    report = run.tally.report().to_json()
    assert report["no_maker"]["count"] > 0 and report["dropped"] > 0


@pytest.fixture(scope="module")
def batch() -> Tally:
    """The first 4 hands of 5,000 random batch games (a random bot reads no score: every
    hand's outcome has the same law, whatever the scores)."""
    v = load_variant("buck-euchre")
    tally, _ = play_batch(v, compile_kernels(v), seed=2, index=0, size=5000, games=5000,
                          hands=4)
    return tally


def test_the_share_of_hands_without_a_maker_is_a_club_upcard_worked_by_hand(batch: Tally
                                                                           ) -> None:
    # the module docstring: P(no maker) = 1/4 + 3/4 * 1/16 * 1/625 = 0.250075; the seats
    # asked (three a hand with a maker) drop one time in two
    tally = batch
    hands = sum(tally.n[Count.LABEL, label] for label in LABELS)  # no game ends in 4 hands
    unmade = tally.n[Count.NO_MAKER, None]
    assert hands == 4 * 5000 and unmade == tally.n[Count.LABEL, "no_maker"]
    p = 0.25 + 0.75 / 16 / 625
    assert abs(unmade / hands - p) < Z_0_001 * math.sqrt(p * (1 - p) / hands)
    asked = 3 * (hands - unmade)
    dropped = tally.n[Count.FIGURE, ("dropped", None)]
    assert abs(dropped / asked - 0.5) < Z_0_001 * math.sqrt(0.25 / asked)
    assert sum(tally.n[Count.FIGURE, ("dropped", seat)] for seat in range(4)) == dropped


def test_buck_outcome_shares_match_the_scalar_engine(batch: Tally) -> None:
    v = load_variant("buck-euchre")
    scalar = simulate(v, seed=7, games=30, bots=RANDOM)  # about 1,800 hands
    assert label_chi_square(scalar, batch, LABELS) < CHI2_2DF_0_001
    hands = sum(batch.n[Count.LABEL, label] for label in LABELS)
    for key in (("dropped", None), ("dropped", 2)):  # drops per hand, all and of one seat
        a = (scalar.n[Count.FIGURE, key], 3 * scalar.hands)
        b = (batch.n[Count.FIGURE, key], 3 * hands)
        assert a[0] > 0 and abs(z_rate(a, b)) < Z_0_001


def test_the_heuristic_stays_with_a_top_trump_or_one_and_a_half_tricks() -> None:
    # hearts trump: the right bower is the best trump: it stays on it whatever the rest
    # (the scalar rule's "two best trumps" are those of a deck with a joker, the right
    # bower and the joker, whatever the deck: a left bower does not count by itself);
    # four small trumps are worth at least 4 * 0.30 (the least a trump
    # counts) + 0.2 * (4 - 2) (the length past two) = 1.6 >= 1.5: it stays; no trump and no
    # ace counts 0 (every side suit held: no void bonus, which needs two trumps): it drops
    v = load_variant("buck-euchre")
    hands = [["JH", "9S", "TS", "9D", "TD"], ["9H", "TH", "QH", "KH", "9C"],
             ["9S", "TS", "9D", "TD", "QC"], ["JH", "9S", "TS", "9C", "TC"]]
    bh = BatchHand(rng=np.random.default_rng(0), dealer=np.zeros(4, dtype=np.int64),
                   heuristic=HeuristicSeats(seats=np.ones(4, dtype=bool), tables=HeuristicTables(
                       v, heuristic_numbers(v))))
    bh.hands[:, 1] = [C.mask_of(h) for h in hands]
    bh.trump[:] = C.HEARTS
    drops = StayOrDrop(v)._drops(bh, np.ones(4, dtype=np.int64))
    assert drops.tolist() == [False, False, True, False]


def test_a_countdown_ends_at_zero_the_lowest_wins_a_shared_lowest_plays_on() -> None:
    # BUCK-A7: 0 or less wins; of several the lowest; a shared lowest plays another hand;
    # nobody at 0 or less plays on
    v = load_variant("buck-euchre")
    scores = np.array([[0, 3, -2, 5], [-1, -1, 4, 2], [1, 2, 3, 4], [0, 2, 2, 2]])
    bh = BatchHand(rng=np.random.default_rng(0), dealer=np.zeros(4, dtype=np.int64))
    over, won = _game_over(v, scores, bh)
    assert over.tolist() == [True, False, False, True]
    assert [np.flatnonzero(row).tolist() for row in won[over]] == [[2], [0]]


def test_compare_counts_a_hand_without_a_maker_neither_made_nor_euchred() -> None:
    # the scalar compare's figures of one Buck game: made + euchred = the hands with a maker
    v = load_variant("buck-euchre")
    state = play_game(v, 3, HEURISTIC)
    scored = [r for r in state.hands_played if r.thrown_in is None]
    with_maker = sum(1 for r in scored if r.maker >= 0)
    assert 0 < with_maker < len(scored)
    figures = {m.key: m.value(state) for m in metrics_for(v)}
    assert figures["made"] + figures["euchred"] == Fraction(100 * with_maker, len(scored))
    assert figures["march"] <= figures["made"]


def test_batch_compare_figures_are_the_scalar_compares_game_by_game() -> None:
    # each logged game of a paired batch replayed through the scalar engine: the scalar
    # compare's figures of that game (made and euchred not counting the hands without a
    # maker, marches only a maker's) are the batch pair's, exactly (in millionths)
    v = load_variant("buck-euchre")
    paired = PairedRun(v, 3, offset=0, games=6)
    _, logs = play_batch(v, compile_kernels(v), seed=3, index=0, size=6, games=6, logged=6,
                         bots=[BotSpec.parse(name) for name in ("greedy", "random",
                                                                 "heuristic", "random")],
                         paired=paired)
    figures = paired.figures()
    assert len(logs) == 6
    for log in logs:
        state = State(v, seed=0, deals=list(log.deals))
        for action in log.actions:
            state.apply_fast(action)
        for metric in metrics_for(v):
            assert figures[metric.key][log.index] == round(metric.value(state) * SCALE), metric
