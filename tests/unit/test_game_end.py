"""Game ends: countdown games (a starting score, won at 0 or less), wins only by a
contract result (BID-A7), and ties, through small overlay variants and ``score_hand``.

Expected values are worked out by hand in the comments.
"""

from __future__ import annotations

import pytest

from engine import new_game
from engine.core.errors import VariantError
from engine.testing.rules import overlay, variant

N, E, S, W = range(4)

# Standard, but counting down from 5: what a side wins comes off its score.
COUNTDOWN = """
extends: standard
description: standard counting down from 5 to 0
scoring:
  table:
    - {label: made, when: "3 <= makers.tricks <= 4", makers: -1}
    - {label: march, when: "makers.tricks == 5 and not alone", makers: -2}
    - {label: lone_march, when: "makers.tricks == 5 and alone", makers: -4}
    - {label: euchre, when: "makers.tricks <= 2", defenders: -2}
game: {start: 5, goal: down}
"""
# Four players each for himself, counting down from 25, each seat -1 a trick it took.
INDIVIDUAL_COUNTDOWN = """
extends: standard
description: four players each for himself, counting down from 25
sides:
  kind: individual
  teams: !delete
go_alone: {maker: false}
scoring:
  table:
    - {label: made, when: "makers.tricks >= 3", makers: -tricks, defenders: -tricks}
    - {label: bucked, when: "makers.tricks < 3", makers: 5, defenders: -tricks}
game: {start: 25, goal: down, tie: play_on}
"""


def test_a_countdown_game_starts_every_seat_at_its_starting_score() -> None:
    state = new_game(overlay(COUNTDOWN), seed=3)
    assert state.scores == [5, 5, 5, 5]


def test_a_countdown_side_wins_at_zero_or_below() -> None:
    # N-S at 1 make 3 tricks: 1 - 1 = 0, at the target: they win.
    result = overlay(COUNTDOWN).score_hand(dealer=W, maker=N, tricks=[2, 1, 1, 1],
                                           scores=[1, 3, 1, 3])
    assert result.deltas == (-1, 0, -1, 0) and result.scores == (0, 3, 0, 3)
    assert result.game_over and result.winners == (N, S)


def test_a_countdown_side_above_zero_plays_on() -> None:
    # N-S at 2 make 3 tricks: 1, still above 0.
    result = overlay(COUNTDOWN).score_hand(dealer=W, maker=N, tricks=[2, 1, 1, 1],
                                           scores=[2, 3, 2, 3])
    assert result.scores == (1, 3, 1, 3) and not result.game_over


def test_countdown_ties_lowest_wins_and_a_shared_lowest_plays_on() -> None:
    v = overlay(INDIVIDUAL_COUNTDOWN)
    # N at 2 makes with 3 tricks (-3: -1), E took 2 (-2: 0): both at or below 0, N lowest.
    result = v.score_hand(dealer=W, maker=N, tricks=[3, 2, 0, 0], scores=[2, 2, 9, 9])
    assert result.scores == (-1, 0, 9, 9) and result.winners == (N,)
    # Both at -1: the lowest is shared, so another hand is played.
    result = v.score_hand(dealer=W, maker=N, tricks=[3, 2, 0, 0], scores=[2, 1, 9, 9])
    assert result.scores == (-1, -1, 9, 9) and not result.game_over
    assert v.game_result([-1, -1, 9, 9]) == (False, ())


def test_countdown_ties_can_be_shared() -> None:
    v = overlay(INDIVIDUAL_COUNTDOWN.replace("tie: play_on", "tie: shared"))
    assert v.game_result([-1, -1, 9, 9]) == (True, (N, E))


def test_a_countdown_game_simulates_to_its_end_with_the_lowest_score_winning() -> None:
    v = overlay(INDIVIDUAL_COUNTDOWN)
    state = new_game(v, seed=5)
    while not state.is_terminal():
        state.apply(state.legal_action_ids()[-1])  # always order up: every hand is played
    low = min(state.scores)
    assert low <= 0 and state.winners == tuple(s for s in range(4) if state.scores[s] == low)
    assert state.hands_played[0].scores != (25, 25, 25, 25) or len(state.hands_played) > 1


def test_a_countdown_with_a_target_of_its_own_is_refused() -> None:
    with pytest.raises(VariantError, match="is won at 0 or less: it has no target"):
        overlay(COUNTDOWN.replace("game: {start: 5, goal: down}",
                                  "game: {start: 5, goal: down, target: 3}"))


def test_a_countdown_must_start_above_zero() -> None:
    with pytest.raises(VariantError, match="must start above 0"):
        overlay(COUNTDOWN.replace("start: 5", "start: 0"))


def test_a_target_must_be_above_the_start_when_counting_up() -> None:
    with pytest.raises(VariantError, match="must be above the starting score"):
        overlay("extends: standard\ndescription: x\ngame: {start: 10}\n")


def test_defenders_at_the_target_of_a_made_bid_do_not_win_BID_A7() -> None:
    # E-W bid 3 and take 3 (+3 each side a trick... N-S took 3 too): N-S reach 50 as defenders.
    v = variant("bid-euchre")
    result = v.score_hand(dealer=W, maker=E, tricks=[2, 2, 1, 1], scores=[47, 40, 47, 40],
                          bid=3)
    assert result.scores == (50, 43, 50, 43) and not result.game_over


def test_a_side_at_the_target_wins_at_the_next_hand_it_sets_the_bidders_BID_A7() -> None:
    # Next hand E-W bid 5 and take 3: set, -5; N-S +3 a trick: 53, and they set the bidders.
    v = variant("bid-euchre")
    result = v.score_hand(dealer=N, maker=E, tricks=[2, 2, 1, 1], scores=[50, 43, 50, 43],
                          bid=5)
    assert result.scores == (53, 38, 53, 38)
    assert result.game_over and result.winners == (N, S)


def test_makers_reaching_the_target_by_making_their_bid_win_BID_A7() -> None:
    # N-S bid 4 and take 4: +4, 46 + 4 = 50.
    result = variant("bid-euchre").score_hand(dealer=W, maker=N, tricks=[2, 1, 2, 1],
                                              scores=[46, 0, 46, 0], bid=4)
    assert result.scores == (50, 2, 50, 2) and result.winners == (N, S)


def test_the_first_to_reach_the_target_wins_without_BID_A7() -> None:
    # Pepper (BID-A7 off): defenders N-S reach 30 on E-W's made bid of 3 and win.
    result = variant("pepper").score_hand(dealer=W, maker=E, tricks=[2, 2, 1, 1],
                                          scores=[27, 0, 27, 0], bid=3)
    assert result.scores == (30, 3, 30, 3) and result.winners == (N, S)
