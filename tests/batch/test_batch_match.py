"""``railroad`` in batch mode: three-game matches with laps and slams (``game.match``, RAIL-A5),
and ``railroad-jamboree``'s shows that end the hand (``declare``, DECL-A1 to DECL-A4).

The scalar interpreter is the independent source: ``--verify`` replays batch games through it
from the scores each game began with (every action legal, the same scores; greedy and
heuristic seats the scalar bots' actions), and its random games are set against batch games at
fixed seeds, two-sided tests at the 0.1% level (normal 3.29; chi-square with 6 degrees of
freedom 22.46, standard tables).

Worked by hand from the rules (RAIL-A5, target 10, start 0): a game won 12 to 3 carries 2 to
the winners' next game and 0 to the losers'; a game won while every loser is still at the
score he began it with is a slam, credited as two games; 1 otherwise.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.forms import missing, missing_bot
from engine.batch.match import MatchRows
from engine.batch.run import compile_kernels, heuristic_numbers, play_batch
from engine.batch.simulate import simulate_batch
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.mechanics.batch.hand import BatchHand
from engine.mechanics.batch.heuristic import HeuristicSeats, HeuristicTables
from engine.mechanics.declare import DECLARE
from engine.sim.simulate import simulate
from engine.sim.stats import Count, Tally

Z_0_001 = 3.29
CHI2_6DF_0_001 = 22.46
RANDOM = [BotSpec.parse("random")] * 4
pytestmark = pytest.mark.xdist_group("batch-railroad")

EASY_SHOWS = """
    extends: railroad-jamboree
    description: Railroad with two shows that end the hand, often met
    declare:
      shows:
        - label: three trumps
          when: "count(hand, trump) >= 3 and not maker"
          points: 2
          then: end
        - label: a joker or alone
          when: "holds(hand, JOKER) or alone"
          points: 3
          then: end
    """
"""Shows that end the hand, met in most hands (a jamboree is met about once in 900 heuristic
hands): two shows met at once, ``maker`` and ``alone`` read, a seat sitting out not asked."""


@pytest.fixture(scope="module")
def batch() -> Tally:
    return simulate_batch(load_variant("railroad"), seed=7, games=1501, batch_size=500).tally


@pytest.fixture(scope="module")
def scalar() -> Tally:
    return simulate(load_variant("railroad"), seed=7, games=150, bots=RANDOM)


def test_railroad_and_the_jamboree_run_in_batch_with_every_batch_bot() -> None:
    heuristic = [BotSpec.parse("heuristic")] * 4
    for name in ("railroad", "railroad-jamboree"):
        v = load_variant(name)
        assert missing(v) is None and missing_bot(heuristic, v) is None


def test_laps_and_slams_worked_by_hand() -> None:
    rows = MatchRows(load_variant("railroad"))
    won = np.array([[True, False, True, False]] * 3)
    final = np.array([[12, 3, 12, 3], [10, 0, 10, 0], [11, 1, 11, 1]])
    begun = np.array([[0, 0, 0, 0], [0, 0, 0, 0], [2, 1, 2, 1]])
    assert rows.carry(final, won).tolist() == [[2, 0, 2, 0], [0, 0, 0, 0], [1, 0, 1, 0]]
    # 3 > 0: no slam; both losers still at 0: a slam; losers at 1 having begun at 1: a slam
    assert rows.credit(begun, final, won).tolist() == [1, 2, 2]


def test_each_game_of_a_match_begins_from_the_laps_of_the_last() -> None:
    # a row plays a match's three games in turn: game 3k begins at 0, game 3k+1 and 3k+2 at
    # the points past 10 of the last game's winners (0 for its losers); the replay proves each
    # game's play from where it began
    v = load_variant("railroad")
    _, logs = play_batch(v, compile_kernels(v), seed=3, index=0, size=6, games=18, logged=18)
    for log in logs:
        if log.index % 3 == 0:
            assert log.begun == (0, 0, 0, 0)
        else:
            last = logs[log.index - 1]
            assert log.begun == tuple(max(0, s - 10) if seat in last.winners else 0
                                      for seat, s in enumerate(last.scores))
    assert any(any(log.begun or ()) for log in logs)  # some laps were carried


def test_a_run_of_matches_counts_every_match_and_the_one_cut_short(batch: Tally) -> None:
    # 1,501 games: 500 whole matches and one of a single game (the run's end)
    report = batch.report().to_json()["match"]
    assert report["matches"] == 500 and report["unfinished_matches"] == 1
    assert report["unfinished_match_games"] == 1
    assert sum(report["match_wins"].values()) + report["tied_matches"] == 500
    # every game is won by one side (a side alone at 10 or more, or the hand limit's leader)
    credited = sum(report["games_credited"].values())
    assert credited == 1501 + report["slams"]["count"]


@pytest.mark.parametrize("what", ["slams", "points_carried_per_game"])
def test_match_figures_match_the_scalar_engine(batch: Tally, scalar: Tally, what: str) -> None:
    a, b = (t.report().to_json()["match"] for t in (scalar, batch))
    if what == "points_carried_per_game":
        ma, mb = a[what]["mean"], b[what]["mean"]
        se = math.sqrt(sum(((m[what]["ci95"][1] - m[what]["ci95"][0]) / 3.92) ** 2
                           for m in (a, b)))
        assert ma > 0 and abs(ma - mb) < Z_0_001 * se
        return
    (ka, na), (kb, nb) = ((m[what]["count"], m[what]["of"]) for m in (a, b))
    pooled = (ka + kb) / (na + nb)
    se = math.sqrt(pooled * (1 - pooled) * (1 / na + 1 / nb))
    assert ka > 0 and kb > 0 and abs(ka / na - kb / nb) < Z_0_001 * se


def test_railroad_matches_replay_through_the_scalar_engine() -> None:
    bots = [BotSpec.parse(b) for b in ("greedy", "random", "heuristic", "random")]
    run = simulate_batch(load_variant("railroad"), seed=5, games=9, batch_size=3, verify=9,
                         bots=bots)
    assert run.problems == [] and len(run.logs) == 9


@pytest.fixture(scope="module")
def easy_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import textwrap  # noqa: PLC0415
    path = tmp_path_factory.mktemp("shows") / "easy-shows.yaml"
    path.write_text(textwrap.dedent(EASY_SHOWS).lstrip("\n"), encoding="utf-8")
    return path


MIXED_SHOWS = """
    extends: railroad-jamboree
    description: Railroad with shows played on, claiming the tricks and ending the hand
    declare:
      shows:
        - label: two trumps
          when: "count(hand, trump) >= 2"
          points: 1
        - label: an ace
          when: "count(hand, rank in [A]) >= 1 and not maker"
          points: 2
        - label: four trumps
          when: "count(hand, trump) >= 4"
          then: claim
        - label: a joker or alone
          when: "holds(hand, JOKER) or alone"
          points: 3
          then: end
    """
"""Every kind of show, met often: a seat declares a show played on and answers again while
his hand meets another (DECL-A1), a claim takes every trick unplayed (DECL-A2)."""


def test_shows_replay_through_the_scalar_engine(write: Callable[[str, str], Path]) -> None:
    v = load_variant(str(write("mixed-shows.yaml", MIXED_SHOWS)))
    bots = [BotSpec.parse(b) for b in ("heuristic", "random", "greedy", "random")]
    run = simulate_batch(v, seed=4, games=8, batch_size=4, verify=8, bots=bots)
    assert run.problems == []
    actions = [a for log in run.logs for a in log.actions]
    shows = {a for a in actions if DECLARE < a <= DECLARE + 4}
    assert shows == {DECLARE + k for k in (1, 2, 3, 4)}  # every show declared and replayed
    # a seat declared two shows one after the other (one played on, then another)
    assert any(DECLARE < a <= DECLARE + 4 and DECLARE < b <= DECLARE + 4
               for a, b in pairwise(actions))


def test_show_shares_match_the_scalar_engine(easy_path: Path) -> None:
    v = load_variant(str(easy_path))
    labels = ("made", "march", "lone_march", "euchre", "lone_euchre", "three trumps",
              "a joker or alone")
    tallies = (simulate(v, seed=9, games=60, bots=RANDOM),
               simulate_batch(v, seed=9, games=600, batch_size=300).tally)
    rows = np.array([[t.n[Count.LABEL, label] for label in labels] for t in tallies], float)
    assert rows[:, 5:].min() > 20  # both shows were declared in both engines
    expected = rows.sum(axis=1, keepdims=True) * rows.sum(axis=0) / rows.sum()
    assert float(((rows - expected) ** 2 / expected).sum()) < CHI2_6DF_0_001


def test_a_jamboree_is_declared_and_scores_only_its_16_points() -> None:
    # DECL-A1/A3/A4 by hand: the first seat from the dealer's left that plays this hand and
    # holds the joker, both bowers, the ace and the king of trump declares (the heuristic
    # declares whenever its hand meets a show); that hand's tricks are not played, and its
    # side scores 16, the other side 0 (a jamboree is met about once in 900 heuristic hands)
    v = load_variant("railroad-jamboree")
    n, p = 12000, 4
    smart = HeuristicSeats(seats=np.ones(p, dtype=bool),
                           tables=HeuristicTables(v, heuristic_numbers(v)))
    bh = BatchHand(rng=np.random.Generator(np.random.PCG64(5)), players=p,
                   dealer=np.arange(n, dtype=np.int64) % p, heuristic=smart)
    kernels = compile_kernels(v)
    at = v.flow.index("declare")
    for kernel in kernels[:at]:
        kernel.run(bh)
    hands, out = bh.hands.copy(), bh.out.copy()
    for kernel in kernels[at:]:
        kernel.run(bh)
    show = len(v.scoring.rows)  # the show's label index, after the table's rows
    trump = np.maximum(bh.trump, 0)
    fives = np.array([C.mask_of(["JK", f"J{s}", f"J{C.SUIT_NAMES[C.left_bower_suit(t)]}",
                                 f"A{s}", f"K{s}"]) for t, s in enumerate(C.SUIT_NAMES)],
                     dtype=np.uint64)[trump]
    holds = (hands[:, :p] & fives[:, None]) == fives[:, None]
    holds &= (bh.maker >= 0)[:, None]
    rows = np.flatnonzero(holds.any(axis=1) | (bh.label == show)).tolist()
    assert rows
    for row in rows:
        sitting = (int(out[row]), int(bh.defender_alone[row]) ^ 2
                   if bh.defender_alone[row] >= 0 else -1)  # a lone defender's partner
        holders = [seat for seat in ((int(bh.dealer[row]) + k) % p for k in range(1, p + 1))
                   if seat not in sitting and holds[row, seat]]
        assert (bh.label[row] == show) == bool(holders), row
        if holders:
            side = holders[0] % 2
            assert bh.deltas[row].tolist() == [16 if seat % 2 == side else 0
                                               for seat in range(p)]
            assert bh.tricks[row].tolist() == [0] * p


def test_a_match_row_is_measured_full_with_its_match_counters() -> None:
    # a batch of B rows plays B matches at once: the memory probe fills all its rows (a game a
    # row would fill a third of them and count a third of the bytes), and a row holds two
    # more int64 a seat than a game's (where its game began, the games credited): 64 bytes
    from engine.batch.memory import bytes_per_game  # noqa: PLC0415
    laps, none = (bytes_per_game(load_variant(name)) for name in ("railroad", "railroad-no-laps"))
    assert laps - none >= 64 and laps < 1.3 * none


BEST_OF = """
    extends: railroad
    description: Railroad in a best-of-three match with a rubber bonus
    game: {match: {best_of: 3, rubber_bonus: 2}}
    """


def test_a_best_of_match_stops_once_decided(write: Callable[[str, str], Path]) -> None:
    # MATCH-A1/A2 by hand: the third game of a match is played only when the first two were
    # split; the games it did not need are neither played nor counted; each side's match
    # points are its games credited, plus 2 for the match's winner
    v = load_variant(str(write("best-of.yaml", BEST_OF)))
    tally, logs = play_batch(v, compile_kernels(v), seed=6, index=0, size=30, games=90,
                             logged=90)
    played = {log.index: log for log in logs}
    for k in range(30):
        first, second = played[3 * k], played[3 * k + 1]
        assert (3 * k + 2 in played) == (first.winners != second.winners)
    report = tally.report().to_json()
    assert report["games"] == len(played) < 90 and report["match"]["matches"] == 30
    match = report["match"]
    assert sum(match["rubber_points"].values()) == (
        sum(match["games_credited"].values()) + 2 * (30 - match["tied_matches"]))
    assert match["tied_matches"] == 0  # two wins of three: a best-of match has a winner
