"""The rules of Pepper (`euchre rules pepper`), from fixed deals played out and every row of
the scoring table through ``score_hand``.

Seats are numbered clockwise 0..3 (N E S W); partners are 0-2 and 1-3. W deals, so N bids
first. Expected points are worked out by hand in the comments: a made bid scores each side 1 a
trick, a set bid loses the bid while the other side scores its tricks; little pepper is +12 or
-12 and big pepper +24 or -24, played with the partner (PEP-A2).
"""

from __future__ import annotations

import pytest

from engine import State, new_game
from engine.cli.play_answers import question_for
from engine.core.errors import InvalidArgument
from engine.core.errors import Refusal as R
from engine.testing.rules import apply_all, last_hand, play, refuse, variant
from engine.text.narrate import Narrator

N, E, S, W = range(4)

# N holds the six best hearts; E all the clubs, S all the spades, W the diamonds and the 9H.
N_HEARTS = {"dealer": W, "hands": [h.split() for h in (
    "JH JD AH KH QH TH", "AC KC QC JC TC 9C", "AS KS QS JS TS 9S", "9H AD KD QD TD 9D")]}


def _game(**kw: object) -> State:
    return new_game(variant("pepper"), seed=0, deal=N_HEARTS, **kw)  # type: ignore[arg-type]


def test_the_auction_goes_round_until_the_others_pass_PEP_A1() -> None:
    # N 1, E 2, S 3, W pass, N 4, E pass, S pass: N's 4 has been passed by the other three.
    state = apply_all(_game(), "bid:1 bid:2 bid:3 pass bid:4 pass")
    assert state.phase == "auction" and state.current_player == S
    state.apply("pass")
    assert state.phase == "name_trump" and state.hand.maker == N and state.hand.bid == 4


def test_little_and_big_pepper_rank_above_every_number_in_order_PEP_A2() -> None:
    state = apply_all(_game(), "bid:5")
    assert state.legal_actions() == ["pass", "bid:little_pepper", "bid:big_pepper"]
    state.apply("bid:little_pepper")
    assert state.legal_actions() == ["pass", "bid:big_pepper"]
    assert "beat the high bid (little_pepper)" in refuse(state, "bid:little_pepper", R.BID_TOO_LOW)
    state.apply("bid:big_pepper")  # the highest bid ends the auction at once
    assert state.phase == "name_trump" and state.hand.maker == S
    assert state.hand.bid_special == "big_pepper" and state.hand.alone == []


def test_the_special_bids_are_offered_and_said_by_their_labels_PEP_A2() -> None:
    state = _game()
    assert question_for(state) == ("Your bid: bid 1 to 5 or bid little pepper or bid big "
                                   "pepper, or pass?")
    narrator = Narrator(variant("pepper"))
    assert narrator.action(N, "bid:big_pepper", phase="auction") == "North bids big pepper"


def test_little_pepper_is_played_with_the_partner_and_scores_12_PEP_A2() -> None:
    state = apply_all(_game(), "bid:little_pepper pass pass pass call:H")
    assert state.view(E).sitting_out == ()
    # N leads his trumps (N, E, S, W in each trick); S plays too; N-S take all six.
    play(state, "JH 9C 9S 9H | JD TC TS 9D | AH JC JS TD | KH QC QS QD | QH KC KS KD |"
                " TH AC AS AD")
    record = last_hand(state)
    assert record.tricks == (6, 0, 0, 0) and record.bid == "little_pepper"
    assert record.label == "little_pepper" and state.scores == [12, 0, 12, 0]


def test_a_side_that_reaches_30_wins_PEP_A3() -> None:
    # N-S at 29 bid 1 and take all six: +6 reaches 35 and wins.
    state = apply_all(_game(scores=[29, 0, 29, 0]), "bid:1 pass pass pass call:H")
    play(state, "JH 9C 9S 9H | JD TC TS 9D | AH JC JS TD | KH QC QS QD | QH KC KS KD |"
                " TH AC AS AD")
    assert state.scores == [35, 0, 35, 0] and state.is_terminal() and state.winners == (N, S)


@pytest.mark.parametrize(("bid", "tricks", "label", "deltas"), [
    (1, (1, 2, 0, 3), "made", (1, 5, 1, 5)),                    # bid 1, take 1
    (3, (2, 1, 1, 2), "made", (3, 3, 3, 3)),                    # bid 3, take 3
    (5, (3, 0, 2, 1), "made", (5, 1, 5, 1)),                    # bid 5, take 5
    (2, (1, 2, 0, 3), "set", (-2, 5, -2, 5)),                   # bid 2, take 1: -2
    (5, (2, 1, 2, 1), "set", (-5, 2, -5, 2)),                   # bid 5, take 4: -5
    ("little_pepper", (4, 0, 2, 0), "little_pepper", (12, 0, 12, 0)),
    ("little_pepper", (3, 1, 2, 0), "little_pepper_set", (-12, 1, -12, 1)),
    ("big_pepper", (3, 0, 3, 0), "big_pepper", (24, 0, 24, 0)),
    ("big_pepper", (2, 1, 2, 1), "big_pepper_set", (-24, 2, -24, 2)),
])
def test_every_row_of_pepper_scoring_PEP_A2(bid: int | str, tricks: tuple[int, ...], label: str,
                                            deltas: tuple[int, ...]) -> None:
    result = variant("pepper").score_hand(dealer=W, maker=N, tricks=list(tricks),
                                          scores=[0, 0, 0, 0], bid=bid)
    assert result.deltas == deltas and result.label == label


def test_pepper_is_not_played_alone_PEP_A2() -> None:
    with pytest.raises(InvalidArgument, match="cannot play alone"):
        variant("pepper").score_hand(dealer=W, maker=N, tricks=[6, 0, 0, 0],
                                     scores=[0, 0, 0, 0], bid="big_pepper", alone=[N])
