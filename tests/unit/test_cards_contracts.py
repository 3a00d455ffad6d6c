"""The trumpless contracts in the card tables and action names: no-trump (``N``) and low
no-trump (``L``, BID-A9), each rank order written out by hand from the rule."""

from __future__ import annotations

from engine.core import actions as A
from engine.core import cards as C


def test_low_no_trump_ranks_every_suit_upside_down_seven_best_ace_worst_BID_A9() -> None:
    low = C.trump_tables(C.LOW_NO_TRUMP)
    order = ["7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"]  # best first at low
    powers = [low.power[C.HEARTS][C.card(code)] for code in order]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == 8


def test_jacks_are_plain_at_both_trumpless_contracts() -> None:
    for trump in (C.NO_TRUMP, C.LOW_NO_TRUMP):
        t = C.trump_tables(trump)
        assert t.effective[C.card("JD")] == C.DIAMONDS and t.effective[C.card("JH")] == C.HEARTS
        assert t.effective[C.JOKER] == C.NO_TRUMP  # the joker belongs to no suit (BID-A8)


def test_the_joker_beats_every_card_at_low_no_trump_BID_A9() -> None:
    assert C.trump_tables(C.LOW_NO_TRUMP).winner([C.card("7S"), C.JOKER]) == 1


def test_call_l_names_low_no_trump_and_keeps_the_old_ids() -> None:
    assert A.action_id("call:L") == A.CALL + C.LOW_NO_TRUMP == 13
    assert A.name_of(A.CALL + C.NO_TRUMP) == "call:N" and A.action_id("call:H") == 10
    assert A.name_of(A.BID + 1) == "bid:1"  # the next kind's block is untouched
