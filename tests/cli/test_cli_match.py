"""`euchre play` and `euchre replay` of a whole match (``tests/data/railroad-rubber.yaml``:
the best of three games to 5, laps, slam, a rubber bonus of 2; MATCH-A1, MATCH-A2): each game
says its place in the match, the next follows with the laps carried, the match's winner and
points are said, and each game's record replays with the match in it.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.play.records import match_of, read_record, replay

RUBBER = str(Path(__file__).resolve().parents[1] / "data" / "railroad-rubber.yaml")
ONES = "1\n" * 6000

Result = Any  # conftest.CliResult
Run = Callable[..., Result]


def test_a_whole_best_of_three_at_the_terminal(play: Run, run_cli: Run, tmp_path: Path) -> None:
    saved = tmp_path / "rubber.json"
    result = play(ONES, RUBBER, "--seed", "4", "--save", str(saved))
    assert result.code == 0, result.err
    out = result.out
    files = [saved, *sorted(tmp_path.glob("rubber-*.json"))]
    games = [replay(read_record(path)) for path in files]
    assert all(game.is_terminal() for game in games)
    # By hand from the games' records: the best of three stops once a side has two wins.
    winners = [tuple(game.winners) for game in games]
    assert len(winners) == (2 if winners[0] == winners[1] else 3)
    headings = re.findall(r"^Game (\d) of the match, best of 3", out, re.M)
    assert headings == [str(k) for k in range(1, len(games) + 1)]
    # Laps: each later game starts at the points its predecessor's winners scored past 5.
    for before, after in itertools.pairwise(games):
        laps = [max(0, s - 5) if seat in before.winners else 0
                for seat, s in enumerate(before.scores)]
        assert (after.initial_scores or [0] * 4) == laps
    # The match points: 1 a game, 2 for a game won before the losers scored (from the
    # score they began it with), and 2 more for the side with two wins.
    points = {(0, 2): 0, (1, 3): 0}
    for game in games:
        begun = game.initial_scores or [0] * 4
        losers = [s for s in range(4) if s not in game.winners]
        points[tuple(game.winners)] += 2 if all(game.scores[s] <= begun[s] for s in losers) else 1
    champion = max(set(winners), key=winners.count)
    points[champion] += 2
    lines = out.rstrip().splitlines()
    assert lines[-2:] == ["Play again? (yes/no)", lines[-1]]
    verdict = lines[-3]
    who = "You and North win" if champion == (0, 2) else "East-West win"
    assert verdict.startswith(f"{who} the match."), verdict
    assert verdict.endswith(f"Match points: North-South {points[(0, 2)]}, East-West "
                            f"{points[(1, 3)]} (the rubber bonus of 2 included)."), verdict
    # The last game's record holds the match before it: replaying it says the verdict too.
    record = read_record(files[-1])
    assert match_of(record, games[-1]) is not None
    replayed = run_cli("replay", str(files[-1]))
    assert replayed.code == 0 and replayed.out.rstrip().splitlines()[-1] == verdict.replace(
        "You and North win", "North-South win")


def test_resuming_a_finished_first_game_goes_on_to_the_second(play: Run,
                                                              tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    first = play(ONES, RUBBER, "--seed", "4", "--save", str(saved))
    assert first.code == 0
    resumed = play(ONES, "--resume", str(saved), "--save", str(tmp_path / "r.json"))
    assert resumed.code == 0, resumed.err
    assert "Game 1 of the match is over." in resumed.out
    assert re.search(r"^Game 2 of the match, best of 3\. Match score: ", resumed.out, re.M)
    # The same seeds: the resumed match ends as the first run's did.
    assert resumed.out.rstrip().splitlines()[-3] == first.out.rstrip().splitlines()[-3]


def test_show_names_the_match_keys_and_the_inherited_games_it_does_not_use(run_cli: Run
                                                                           ) -> None:
    out = run_cli("show", RUBBER).out
    assert "    best_of: 3  # " in out and "    rubber_bonus: 2  # " in out
    assert "    games: 3  # not used: the match is the best of 3 (game.match.best_of)" in out
