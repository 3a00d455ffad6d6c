"""The rules of Bid Euchre (`euchre rules bid-euchre`) and its `bid-euchre-stick` overlay, from
fixed deals played out and every row of the scoring table through ``score_hand``.

Seats are numbered clockwise 0..3 (N E S W); partners are 0-2 and 1-3. W deals, so N is eldest
and bids first, W last (BID-A2). Expected points are worked out by hand in the comments: a made
bid scores each side 1 a trick, a set bid loses the bid while the other side scores its tricks,
a moon (alone) scores 12 made and loses 6 failed (BID-A5).
"""

from __future__ import annotations

import pytest

from engine import State, new_game
from engine.cli.play_answers import question_for
from engine.core.errors import InvalidArgument
from engine.core.errors import Refusal as R
from engine.testing.rules import apply_all, last_hand, play, refuse, variant

N, E, S, W = range(4)

# N holds the six best hearts; E all the clubs, S all the spades, W the diamonds and the 9H.
N_MOON = {"dealer": W, "hands": [h.split() for h in (
    "JH JD AH KH QH TH", "AC KC QC JC TC 9C", "AS KS QS JS TS 9S", "9H AD KD QD TD 9D")]}
# E holds the five best hearts and the 9C; N the other clubs and the TH.
E_FIVE = {"dealer": W, "hands": [h.split() for h in (
    "AC KC QC JC TC TH", "JH JD AH KH QH 9C", "AS KS QS JS TS 9S", "9H AD KD QD TD 9D")]}
# E_FIVE with hearts trump and E leading (E, S, W, N in each trick): E takes five trump
# tricks, then leads the 9C and N's ace of clubs takes the last.
E_FIVE_TRICKS = ("JH 9S 9H TH | JD TS 9D TC | AH JS TD JC | KH QS QD QC | QH KS KD KC |"
                 " 9C AS AD AC")


def _game(deal: dict[str, object], name: str = "bid-euchre", **kw: object) -> State:
    return new_game(variant(name), seed=0, deal=deal, **kw)  # type: ignore[arg-type]


def test_the_moon_is_played_alone_and_the_partner_sits_out_BID_A5() -> None:
    state = apply_all(_game(N_MOON), "bid:moon")
    assert state.phase == "name_trump" and state.hand.maker == N
    assert state.hand.bid_special == "moon" and state.hand.bid == 6
    assert state.hand.alone == [N] and not state.hand.active(S)
    state.apply("call:H")
    assert state.view(E).sitting_out == (S,)
    # N leads (BID-A3); S sits out, so each trick is N, E, W: N's trumps take all six.
    play(state, "JH 9C 9H | JD TC 9D | AH JC TD | KH QC QD | QH KC KD | TH AC AD")
    record = last_hand(state)
    assert record.tricks == (6, 0, 0, 0) and record.bid == "moon" and record.alone == (N,)
    assert record.label == "moon" and state.scores == [12, 0, 12, 0]


def test_the_moon_beats_every_number_and_ends_the_auction_BID_A5() -> None:
    state = apply_all(_game(N_MOON), "bid:3 bid:moon")
    assert state.phase == "name_trump" and state.hand.maker == E


def test_each_bid_must_beat_the_last_and_each_player_bids_once_BID_A2() -> None:
    state = apply_all(_game(N_MOON), "bid:4")
    assert state.legal_actions() == ["pass", "bid:5", "bid:6", "bid:moon"]
    assert "beat the high bid (4)" in refuse(state, "bid:3", R.BID_TOO_LOW)
    state = apply_all(state, "pass pass pass")
    assert state.phase == "name_trump" and state.hand.maker == N and state.hand.bid == 4


def test_the_bidder_names_trump_or_no_trump_BID_A3() -> None:
    state = apply_all(_game(N_MOON), "bid:3 pass pass pass")
    assert state.legal_actions() == ["call:C", "call:D", "call:H", "call:S", "call:N"]
    state.apply("call:N")
    assert state.hand.trump_name == "N" and state.current_player == N  # the bidder leads


def test_all_pass_throws_the_deal_in_BID_A4() -> None:
    state = apply_all(_game(N_MOON), "pass pass pass pass")
    assert last_hand(state).thrown_in == "all passed" and state.dealer == N


def test_the_dealer_is_stuck_when_the_others_pass_in_the_stick_overlay_BID_A4() -> None:
    state = apply_all(_game(N_MOON, "bid-euchre-stick"), "pass pass pass")
    assert state.current_player == W and "pass" not in state.legal_actions()
    assert "the dealer must bid, at least 3" in refuse(state, "pass", R.MAY_NOT_PASS)
    assert question_for(state).endswith("(you may not pass).")
    state.apply("bid:3")
    assert state.hand.maker == W and state.hand.bid == 3 and state.phase == "name_trump"


def test_the_stuck_dealer_may_pass_once_someone_has_bid_BID_A4() -> None:
    state = apply_all(_game(N_MOON, "bid-euchre-stick"), "pass bid:3 pass")
    assert "pass" in state.legal_actions()


def test_defenders_who_reach_50_on_a_made_bid_play_on_BID_A7() -> None:
    # E bids 5 and makes it: E-W +5, N-S +1 for the trick they took: 49 + 1 = 50.
    state = apply_all(_game(E_FIVE, scores=[49, 0, 49, 0]), "pass bid:5 pass pass call:H")
    play(state, E_FIVE_TRICKS)
    record = last_hand(state)
    assert record.tricks == (1, 5, 0, 0) and record.label == "made"
    assert state.scores == [50, 5, 50, 5] and not state.is_terminal()


def test_makers_who_reach_50_by_making_their_bid_win_BID_A7() -> None:
    state = apply_all(_game(E_FIVE, scores=[0, 45, 0, 45]), "pass bid:5 pass pass call:H")
    play(state, E_FIVE_TRICKS)
    assert state.scores == [1, 50, 1, 50] and state.is_terminal() and state.winners == (E, W)


@pytest.mark.parametrize(("bid", "tricks", "label", "deltas"), [
    (3, (2, 1, 1, 2), "made", (3, 3, 3, 3)),      # N-S bid 3, take 3: each side its tricks
    (4, (2, 1, 2, 1), "made", (4, 2, 4, 2)),      # bid 4, take 4
    (5, (3, 0, 2, 1), "made", (5, 1, 5, 1)),      # bid 5, take 5
    (6, (4, 0, 2, 0), "made", (6, 0, 6, 0)),      # a numeric 6 made scores 6
    (3, (1, 2, 1, 2), "set", (-3, 4, -3, 4)),     # bid 3, take 2: -3, the others +4
    (4, (2, 1, 1, 2), "set", (-4, 3, -4, 3)),     # bid 4, take 3
    (6, (3, 0, 2, 1), "set", (-6, 1, -6, 1)),     # a numeric 6 set loses 6
])
def test_every_numeric_row_of_bid_euchre_scoring(bid: int, tricks: tuple[int, ...],
                                                 label: str, deltas: tuple[int, ...]) -> None:
    result = variant("bid-euchre").score_hand(dealer=W, maker=N, tricks=list(tricks),
                                              scores=[0, 0, 0, 0], bid=bid)
    assert result.deltas == deltas and result.label == label


@pytest.mark.parametrize(("tricks", "label", "deltas"), [
    ((6, 0, 0, 0), "moon", (12, 0, 12, 0)),         # the moon made: +12 (BID-A5)
    ((5, 1, 0, 0), "moon_failed", (-6, 1, -6, 1)),  # failed: -6, the defenders their tricks
    ((0, 3, 0, 3), "moon_failed", (-6, 6, -6, 6)),
])
def test_the_moon_rows_with_the_partner_sitting_out_BID_A5(
        tricks: tuple[int, ...], label: str, deltas: tuple[int, ...]) -> None:
    result = variant("bid-euchre").score_hand(dealer=W, maker=N, tricks=list(tricks),
                                              scores=[0, 0, 0, 0], bid="moon", sitting_out=[S])
    assert result.deltas == deltas and result.label == label


def test_score_hand_refuses_tricks_for_the_partner_of_a_lone_moon_BID_A5() -> None:
    with pytest.raises(InvalidArgument, match="sits out"):
        variant("bid-euchre").score_hand(dealer=W, maker=N, tricks=[4, 0, 2, 0],
                                         scores=[0, 0, 0, 0], bid="moon")
    with pytest.raises(InvalidArgument, match="sits out"):
        variant("bid-euchre").score_hand(dealer=W, maker=N, tricks=[4, 1, 0, 1],
                                         scores=[0, 0, 0, 0], bid=4, sitting_out=[E])


def test_score_hand_refuses_a_bid_the_variant_does_not_have() -> None:
    with pytest.raises(InvalidArgument, match=r"bid must be one of \[3, 4, 5, 6, 'moon'\]"):
        variant("bid-euchre").score_hand(dealer=W, maker=N, tricks=[2, 1, 1, 2],
                                         scores=[0, 0, 0, 0], bid=2)


def test_a_numeric_bid_is_not_played_alone_in_bid_euchre() -> None:
    with pytest.raises(InvalidArgument, match="cannot play alone"):
        variant("bid-euchre").score_hand(dealer=W, maker=N, tricks=[4, 1, 0, 1],
                                         scores=[0, 0, 0, 0], bid=4, alone=[N])
