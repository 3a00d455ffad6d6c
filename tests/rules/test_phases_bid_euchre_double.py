"""The `bid-euchre-double` variant (DECK-A2, DECK-A3, DBL-A1..A4): 48 cards, two of each 9 to
A, twelve to each of four players; of two identical cards in a trick the first played wins; a
card's name plays whichever copy the seat holds; the scoring table through ``score_hand``.

Seats are numbered clockwise 0..3 (N E S W); partners are 0-2 and 1-3. W deals, so N is eldest
and bids first (BID-A2). Expected points are worked out by hand in the comments.
"""

from __future__ import annotations

import pytest

from engine import State, new_game
from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import Refusal as R
from engine.mechanics.events import TrickWon
from engine.testing.rules import apply_all, play, refuse, variant

N, E, S, W = range(4)

# Every card twice: N the hearts without the jacks and the AS and KS; E the other spades and
# both JC; S every diamond (both JD, the left bowers at hearts); W the clubs and both JH.
TWO_OF_EACH = {"dealer": W, "hands": [h.split() for h in (
    "AS KS AH AH KH KH QH QH TH TH 9H 9H",
    "AS KS QS QS TS TS 9S 9S JS JS JC JC",
    "AD AD KD KD QD QD TD TD 9D 9D JD JD",
    "AC AC KC KC QC QC TC TC 9C 9C JH JH")]}


def _game() -> State:
    return new_game(variant("bid-euchre-double"), seed=0, deal=TWO_OF_EACH)


def test_the_pack_holds_two_of_each_card_of_9_to_A_and_all_48_are_dealt_DBL_A1() -> None:
    v = variant("bid-euchre-double")
    assert len(v.deck.cards) == 48 and v.deck.copies == 2
    assert sorted(C.names(v.deck.mask)) == sorted(C.names(C.deck_mask(24, 0)) * 2)
    state = _game()
    assert [h.bit_count() for h in state.hand.hands] == [12, 12, 12, 12]


def test_of_two_identical_cards_the_first_played_wins_the_trick_DECK_A3() -> None:
    # N bids 6 and names hearts; N leads the AS, E follows with the other AS, S and W are
    # void in spades and throw plain cards: the first AS (N's) wins.
    state = apply_all(_game(), "bid:6 pass pass pass call:H")
    play(state, "AS AS 9D 9C")
    assert [e.winner for e in state.events if isinstance(e, TrickWon)] == [N]
    # E holds only the second AS: his `play:AS` played it (DECK-A2).
    assert (E, C.copy_of(C.card("AS"))) in state.hand.played
    assert variant("bid-euchre-double").trick_winner("H", ["KS", "KS", "AS"]) == 2
    assert variant("bid-euchre-double").trick_winner("H", ["JH", "JH"]) == 0  # DECK-A3


def test_the_second_copy_wins_when_it_is_played_first_DECK_A3() -> None:
    spades = C.trump_tables(C.HEARTS)
    second = C.copy_of(C.card("QS"))
    assert spades.winner([second, C.card("QS")]) == 0


def test_a_seat_holding_both_copies_is_offered_the_card_once_DECK_A2() -> None:
    state = apply_all(_game(), "bid:6 pass pass pass call:H")
    play(state, "AS AS 9D 9C")  # N wins and leads again
    # N's eleven cards: the KS and two each of AH KH QH TH 9H: six different cards.
    legal = state.legal_actions()
    assert legal.count("play:AH") == 1 and len(legal) == len(set(legal)) == 6
    reason = refuse(state, A.PLAY + C.copy_of(C.card("AH")), R.SECOND_COPY)
    assert "both are the same card" in reason


def test_a_deal_that_names_a_card_three_times_is_refused_DECK_A2() -> None:
    deal = {"dealer": W, "hands": [h[:] for h in TWO_OF_EACH["hands"]]}
    deal["hands"][0][0] = "AH"  # a third AH, and only one AS left
    with pytest.raises(Exception, match=r"exactly once|not in"):
        new_game(variant("bid-euchre-double"), seed=0, deal=deal)


@pytest.mark.parametrize(("bid", "tricks", "label", "deltas"), [
    (6, (5, 2, 3, 2), "made", (8, 4, 8, 4)),     # N-S 8 >= 6: each side 1 a trick
    (9, (4, 3, 3, 2), "set", (-9, 5, -9, 5)),    # N-S 7 < 9: -9, E-W their 5 tricks
    (11, (6, 0, 5, 1), "made", (11, 1, 11, 1)),  # 11 of 12 made
])
def test_the_table_of_bid_euchre_double_by_bid_and_tricks_DBL_A3(
        bid: int, tricks: tuple[int, ...], label: str, deltas: tuple[int, ...]) -> None:
    result = variant("bid-euchre-double").score_hand(dealer=W, maker=N, tricks=list(tricks),
                                                     scores=[0, 0, 0, 0], bid=bid)
    assert result.deltas == deltas and result.label == label


@pytest.mark.parametrize(("tricks", "label", "deltas"), [
    ((12, 0, 0, 0), "moon", (24, 0, 24, 0)),            # all twelve alone: +24
    ((11, 1, 0, 0), "moon_failed", (-12, 1, -12, 1)),   # short: -12, E-W 1 a trick
])
def test_the_lone_moon_takes_all_twelve_for_24_or_loses_12_DBL_A3(
        tricks: tuple[int, ...], label: str, deltas: tuple[int, ...]) -> None:
    result = variant("bid-euchre-double").score_hand(
        dealer=W, maker=N, tricks=list(tricks), scores=[0, 0, 0, 0], bid="moon",
        sitting_out=[S])
    assert result.deltas == deltas and result.label == label


def test_bids_run_from_6_to_11_then_the_moon_DBL_A2() -> None:
    state = _game()
    assert state.legal_actions() == ["pass", *[f"bid:{n}" for n in range(6, 12)], "bid:moon"]
