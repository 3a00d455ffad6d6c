"""Match rules (`game.match`, RAIL-A5): laps carry the points past the target into the next
game of a match, a slam (a game won before the losers scored) counts as two games, and
`simulate` plays and reports whole matches, the same for any number of workers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli import main
from engine.core.bot_spec import BotSpec
from engine.rules.game_end import MatchRules
from engine.rules.loader import load_variant
from engine.sim.simulate import derive_seed, iter_jobs, play_game, simulate
from engine.testing.rules import overlay, variant

LAPS_AND_SLAM = MatchRules(games=3, laps=True, slam=True)


def test_laps_carry_the_winners_points_past_the_target_RAIL_A5() -> None:
    # N-S win with 13 of 10: 3 carry; E-W, who lost, start again from 0.
    assert LAPS_AND_SLAM.carry([13, 7, 13, 7], winners=(0, 2), target=10, start=0) == [
        3, 0, 3, 0]


def test_without_laps_every_game_starts_afresh_RAIL_A5() -> None:
    rules = MatchRules(games=3, laps=False, slam=True)
    assert rules.carry([13, 7, 13, 7], winners=(0, 2), target=10, start=0) == [0, 0, 0, 0]


def test_a_game_won_before_the_losers_score_counts_two_RAIL_A5() -> None:
    # E-W started the game at 0 and are still at 0: a slam. N-S's carried laps do not matter.
    assert LAPS_AND_SLAM.credit(begun=[4, 0, 4, 0], scores=[10, 0, 10, 0], winners=(0, 2)) == 2


def test_a_game_won_after_the_losers_scored_counts_one_RAIL_A5() -> None:
    assert LAPS_AND_SLAM.credit(begun=[0, 0, 0, 0], scores=[11, 2, 11, 2], winners=(0, 2)) == 1


def test_without_slam_a_whitewash_counts_one_RAIL_A5() -> None:
    rules = MatchRules(games=3, laps=True, slam=False)
    assert rules.credit(begun=[0, 0, 0, 0], scores=[10, 0, 10, 0], winners=(0, 2)) == 1


def test_railroad_plays_laps_and_slam_in_matches_of_three_RAIL_A5() -> None:
    match = variant("railroad").game.match
    assert match == MatchRules(games=3, laps=True, slam=True)
    assert variant("railroad-no-laps").game.match is None


def test_variants_without_match_rules_report_no_match() -> None:
    report = simulate(variant("standard"), seed=1, games=3,
                      bots=[BotSpec.parse("heuristic")] * 4).report().to_json()
    assert "match" not in report


def test_runs_are_cut_at_match_boundaries() -> None:
    v = variant("railroad")
    starts = [job.start for job in iter_jobs(v, 1, 100, [BotSpec.parse("random")] * 4, parts=7)]
    assert starts and all(start % 3 == 0 for start in starts)


def test_the_second_game_of_a_match_starts_from_the_laps_of_the_first_RAIL_A5() -> None:
    # Play the first two games of match 0 by hand: game 1 from 0, game 2 from what the
    # winners of game 1 scored past 10. The run's report must carry the same points.
    v = variant("railroad")
    bots = [BotSpec.parse("heuristic")] * 4
    # (Seed 12: a run whose first game ends past 10 with the heuristic bot of issue 14.)
    first = play_game(v, derive_seed(12, 0), bots)
    assert first.scores == [3, 11, 3, 11]  # E-W won with 11: 1 point carries
    laps = [max(0, score - 10) if seat in first.winners else 0
            for seat, score in enumerate(first.scores)]
    second = play_game(v, derive_seed(12, 1), bots, scores=laps)
    assert laps == [0, 1, 0, 1]
    opening = second.hands_played[0]
    assert opening.scores[1] - opening.deltas[1] == 1  # E-W began game 2 at 1
    laps2 = [max(0, score - 10) if seat in second.winners else 0
             for seat, score in enumerate(second.scores)]
    report = simulate(v, seed=12, games=2, bots=bots).report().to_json()["match"]
    assert report["points_carried_per_game"]["mean"] == (max(laps) + max(laps2)) / 2
    # two games of a match of three: a match cut short, reported apart (issue 22, item 11)
    assert report["matches"] == 0 and report["unfinished_matches"] == 1


def test_a_slam_is_tallied_as_two_games_credited() -> None:
    v = variant("railroad")
    report = simulate(v, seed=3, games=60,
                      bots=[BotSpec.parse("heuristic")] * 4).report().to_json()["match"]
    credited = sum(report["games_credited"].values())
    assert credited == 60 + report["slams"]["count"]
    assert report["matches"] == 20
    assert sum(report["match_wins"].values()) + report["tied_matches"] == 20


@pytest.mark.parametrize("games", [7, 12])
def test_two_workers_give_the_match_report_of_one_RAIL_A5(games: int) -> None:
    v = variant("railroad")
    bots = [BotSpec.parse("random")] * 4
    one = simulate(v, seed=9, games=games, bots=bots, workers=1).report().to_json()
    two = simulate(v, seed=9, games=games, bots=bots, workers=2).report().to_json()
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)


def test_match_rules_need_a_game_that_counts_up() -> None:
    with pytest.raises(Exception, match="countdown game has neither"):
        overlay("extends: buck-euchre\ndescription: x\ngame:\n  match:\n    laps: true\n")


@pytest.mark.parametrize("workers", [1, 2])
def test_a_match_cut_short_by_games_is_not_counted_as_a_tied_match(workers: int) -> None:
    """Issue 22, item 11: 20 games of matches of 3 are 6 whole matches (18 games) and 2 games
    of a seventh, which is neither won nor tied: it is reported apart."""
    v = variant("railroad")
    report = simulate(v, seed=5, games=20, bots=[BotSpec.parse("random")] * 4,
                      workers=workers).report().to_json()
    match = report["match"]
    assert match["matches"] == 6
    assert sum(match["match_wins"].values()) + match["tied_matches"] == 6
    assert match["unfinished_matches"] == 1 and match["unfinished_match_games"] == 2
    assert report["games"] == 20  # the unfinished match's games still count as games


def test_a_run_of_whole_matches_has_none_unfinished() -> None:
    match = simulate(variant("railroad"), seed=5, games=6,
                     bots=[BotSpec.parse("random")] * 4).report().to_json()["match"]
    assert match["matches"] == 2 and sum(match["match_wins"].values()) + \
        match["tied_matches"] == 2
    assert match["unfinished_matches"] == 0 and match["unfinished_match_games"] == 0


def test_simulate_text_json_and_csv_report_a_match_cut_short_apart(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "railroad", "--games", "5", "--bots", "random", "--seed", "5", "--quiet"]
    assert main(args) == 0
    text = capsys.readouterr().out
    line = next(line for line in text.splitlines() if line.startswith("matches of 3 games"))
    assert line.startswith("matches of 3 games: 1; ")
    assert "1 unfinished match (2 of its 3 games played) not counted" in text
    assert main([*args, "--json"]) == 0
    match = json.loads(capsys.readouterr().out)["match"]
    assert (match["matches"], match["unfinished_matches"], match["unfinished_match_games"]) \
        == (1, 1, 2)
    assert main([*args, "--csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert "match.matches,,1,," in rows and "match.unfinished_matches,,1,," in rows
    assert "match.unfinished_match_games,,2,," in rows


def test_simulate_stops_a_best_of_three_once_decided_MATCH_A1() -> None:
    # Three matches (9 game numbers): each is played here game by game from the seeds the
    # run uses (game i from derive_seed(seed, i)), stopping at two wins; the run must have
    # played the same games, credited the same, and scored 2 more for each rubber won.
    v = load_variant(Path(__file__).resolve().parents[1] / "data" / "railroad-rubber.yaml")
    bots = [BotSpec.parse("heuristic")] * 4
    played, points = 0, {"0+2": 0, "1+3": 0}
    for match in range(3):
        begun, wins = [0, 0, 0, 0], {"0+2": 0, "1+3": 0}
        for index in range(3 * match, 3 * match + 3):
            game = play_game(v, derive_seed(5, index), bots, scores=begun)
            side = "0+2" if 0 in game.winners else "1+3"
            wins[side] += 1
            losers = [s for s in range(4) if s not in game.winners]
            points[side] += 2 if all(game.scores[s] <= begun[s] for s in losers) else 1
            played += 1
            begun = [max(0, s - 5) if seat in game.winners else 0
                     for seat, s in enumerate(game.scores)]
            if wins[side] == 2:
                points[side] += 2  # the rubber bonus
                break
    report = simulate(v, seed=5, games=9, bots=bots).report().to_json()
    assert report["games"] == played < 9
    assert report["match"]["matches"] == 3
    assert report["match"]["rubber_points"] == points
    assert simulate(v, seed=5, games=9, bots=bots, workers=2).report().to_json()[
        "match"] == report["match"]
