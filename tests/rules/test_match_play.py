"""Matches and rubbers in play (``game.match``; MATCH-A1 to MATCH-A3): the games of a match
one after another, a best of three stopping at two wins, the deciding game only at one game
each, laps carried into the next game, a slam credited twice, and the rubber bonus.

The published rule (Dwight, *The Laws of Euchre*, "The Rubber"): "The rubber is the best of
three games ... Each game won counts one unless the losing side has failed to score, in which
case the game counts two. Two additional points are taken by the side winning the rubber."
The expected values below are worked out from that by hand.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.bots import BotSpec, make_bot
from engine.core.errors import EuchreError, RecordError
from engine.core.seeds import derive_seed
from engine.play.match import Match, MatchGame, game_seed
from engine.play.record_shape import GameRecord
from engine.play.records import match_of, record_of, replay
from engine.rules.loader import load_variant
from engine.testing.rules import overlay, variant
from engine.text.narrate import Narrator
from engine.text.narrate_match import game_heading, match_verdict
from engine.text.rulebook import rule_book

RUBBER = Path(__file__).resolve().parents[1] / "data" / "railroad-rubber.yaml"
NS, EW = (0, 2), (1, 3)


def rubber() -> Match:
    return Match(load_variant(RUBBER), seed=1)


def won(by: tuple[int, ...], *, scores: tuple[int, ...], begun: tuple[int, ...] = (0,) * 4,
        credit: int = 1) -> MatchGame:
    return MatchGame(seed=1, begun=begun, scores=scores, winners=by, credit=credit)


def play_out(match: Match) -> None:
    """Play every game of the match with heuristic bots (their seeds from each game's)."""
    while True:
        state = match.state
        bots = [make_bot(BotSpec.parse("heuristic"), state.variant, seat,
                         derive_seed(state.seed, "bot", seat)) for seat in range(4)]
        while not state.is_terminal():
            state.apply(bots[state.current_player].act(state))
        match.finish(state)
        if match.over:
            return
        match.next_game()


# -- best of three: stopping once decided, the deciding game only when needed ---------------


def test_a_best_of_three_stops_at_two_wins_MATCH_A1() -> None:
    match = Match(load_variant(RUBBER), seed=1,
                  played=[won(NS, scores=(5, 2, 5, 2)), won(NS, scores=(6, 3, 6, 3))])
    # N-S won games 1 and 2: 2 of 3, so the match is over and no third game is played.
    assert match.over and match.winners == NS
    with pytest.raises(ValueError, match="the match is over"):
        match.next_game()


def test_the_third_game_is_played_only_at_one_game_each_MATCH_A1() -> None:
    match = Match(load_variant(RUBBER), seed=1,
                  played=[won(NS, scores=(5, 2, 5, 2)), won(EW, scores=(1, 5, 1, 5))])
    assert not match.over and match.number == 3
    heading = game_heading(match, Narrator(match.variant, you=2))
    assert heading.startswith("Game 3 of the match, best of 3 (the deciding game).")


def test_games_without_best_of_are_all_played_RAIL_A5() -> None:
    # railroad: `games: 3`: two wins for N-S do not end the match; the third is played.
    match = Match(variant("railroad"), seed=1,
                  played=[won(NS, scores=(10, 2, 10, 2)), won(NS, scores=(10, 3, 10, 3))])
    assert not match.over and match.number == 3


def test_a_slam_counts_once_toward_the_best_of_three_MATCH_A3() -> None:
    # A slam is credited as two games for the points, but one win toward the 2 of 3.
    match = Match(load_variant(RUBBER), seed=1,
                  played=[won(NS, scores=(5, 0, 5, 0), credit=2)])
    assert match.wins == [1, 0, 1, 0] and match.credits == [2, 0, 2, 0]
    assert not match.over


@pytest.mark.parametrize("seed", range(8))
def test_whole_best_of_three_matches_end_as_the_games_decide_MATCH_A1(seed: int) -> None:
    match = Match(load_variant(RUBBER), seed=seed)
    play_out(match)
    sides = [game.winners for game in match.played]
    # By hand: the match lasts two games when the same side won both, else three, and the
    # side with two wins takes it.
    assert len(sides) == (2 if sides[0] == sides[1] else 3)
    assert match.winners == max(set(sides), key=sides.count)
    assert [game.seed for game in match.played] == [game_seed(seed, k + 1)
                                                   for k in range(len(sides))]


# -- laps, slam and the rubber bonus ---------------------------------------------------------


def test_laps_carry_into_the_next_game_of_the_match_RAIL_A5() -> None:
    # Game 1 to 5: N-S won with 7, two past the target; E-W lost with 3. Game 2 starts at
    # N-S 2, E-W 0.
    match = Match(load_variant(RUBBER), seed=1, played=[won(NS, scores=(7, 3, 7, 3))])
    state = match.next_game()
    assert state.scores == [2, 0, 2, 0]
    assert state.initial_scores == [2, 0, 2, 0]


def test_the_rubber_bonus_is_added_to_the_games_won_MATCH_A2() -> None:
    # N-S: game 1 won 5-0 (a slam, 2), game 3 won 5-4 (1); E-W: game 2 won 5-1 (1). The
    # rubber is N-S's: 2 + 1 + 2 = 5 points; E-W 1.
    match = Match(load_variant(RUBBER), seed=1, played=[
        won(NS, scores=(5, 0, 5, 0), credit=2), won(EW, scores=(1, 5, 1, 5)),
        won(NS, scores=(5, 4, 5, 4))])
    assert match.over and match.winners == NS
    assert match.points == [5, 1, 5, 1]
    verdict = match_verdict(match, Narrator(match.variant, you=2), you=2)
    assert verdict == ("You and North win the match. Match score: North-South 2 (3 with "
                       "slams counted double), East-West 1. Match points: North-South 5, "
                       "East-West 1 (the rubber bonus of 2 included).")


def test_a_slam_is_credited_when_the_losers_never_scored_RAIL_A5() -> None:
    match = rubber()
    state = match.state
    # Play game 1 out, then compare the credit with the rule: two games when the losers
    # are still at the score they began with (0), else one.
    play_out(match)
    first = match.played[0]
    losers = [seat for seat in range(4) if seat not in first.winners]
    assert first.credit == (2 if all(first.scores[s] == 0 for s in losers) else 1)
    assert state.seed == 1


# -- records ---------------------------------------------------------------------------------


def _second_game_under_way() -> tuple[Match, dict[str, object]]:
    match = rubber()
    state = match.state
    bots = [make_bot(BotSpec.parse("heuristic"), state.variant, seat, seat) for seat in range(4)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].act(state))
    match.finish(state)
    if match.over:
        raise AssertionError("seed 1 must not end the match in one game")
    second = match.next_game()
    for _ in range(3):
        second.apply(bots[second.current_player].act(second))
    data = json.loads(json.dumps(record_of(second, match=match).to_json()))
    return match, data


def test_a_record_of_a_match_game_round_trips() -> None:
    match, data = _second_game_under_way()
    record = GameRecord.from_json(data)
    final = replay(record)
    again = match_of(record, final)
    assert again is not None
    assert again.played == match.played and again.number == 2
    assert final.initial_scores == (None if all(s == 0 for s in match.begun())
                                    else match.begun())


def test_a_record_whose_match_does_not_lead_to_its_game_is_refused() -> None:
    _, data = _second_game_under_way()
    played = data["match"]["played"][0]  # type: ignore[index]
    played["scores"] = [s + 3 if seat in played["winners"] else s  # laps no longer fit
                        for seat, s in enumerate(played["scores"])]
    record = GameRecord.from_json(data).signed()
    with pytest.raises(RecordError, match="the match's laps say"):
        replay(record)


def test_an_older_record_without_a_match_still_replays() -> None:
    state = load_variant(RUBBER)
    record = record_of(Match(state, seed=4).state)
    data = record.to_json()
    assert "match" not in data
    final = replay(GameRecord.from_json(data))
    assert match_of(GameRecord.from_json(data), final) is None


# -- the file and the rule book ---------------------------------------------------------------


def test_the_rule_book_says_each_match_key_in_words() -> None:
    text = "\n".join(rule.text for section in rule_book(load_variant(RUBBER)).sections
                     for rule in section.rules)
    assert "matches of the best of 3: the first side to win 2 games wins the match" in text
    assert "Laps: the points the winner of a game scored past 5 carry" in text
    assert "is credited as two games; it counts once toward winning the best of 3" in text
    assert "Rubber bonus: the side that wins the match scores 2 points more" in text
    railroad = "\n".join(rule.text for section in rule_book(variant("railroad")).sections
                         for rule in section.rules)
    assert "matches of 3 games, one after another: all 3 are played" in railroad


def test_games_and_best_of_in_one_file_is_a_located_error() -> None:
    with pytest.raises(EuchreError) as caught:
        overlay("extends: standard\ndescription: x\ngame:\n  match:\n    games: 3\n"
                "    best_of: 3\n")
    assert ":6:14: error: a match is either `games: 3` games played in full or " \
           "`best_of: 3` stopping once decided, not both" in str(caught.value)


def test_an_even_best_of_is_a_located_error() -> None:
    with pytest.raises(EuchreError) as caught:
        overlay("extends: standard\ndescription: x\ngame:\n  match:\n    best_of: 4\n")
    assert ":5:14: error: a best-of match needs an odd number of games" in str(caught.value)
    assert "write `best_of: 5` or `best_of: 3`" in str(caught.value)


def test_a_child_best_of_replaces_a_parents_games() -> None:
    # railroad writes `games: 3`; a child writing only `best_of: 5` plays the best of 5.
    child = overlay("extends: railroad\ndescription: x\ngame:\n  match:\n    best_of: 5\n")
    assert child.game.match is not None
    assert (child.game.match.games, child.game.match.best_of) == (5, 5)
