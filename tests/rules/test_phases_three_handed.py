"""The rules of three-handed Euchre without a dummy (`euchre rules three-handed`), from fixed
deals and through ``Variant.score_hand``.

Seats are numbered clockwise 0..2 (A B C); C deals in every deal here, so A is eldest. The
maker plays alone against the other two, who defend together for the hand (CT3-A4). Expected
points come from the scoring the references give for this game (CT3-A5): the maker scores 1
for three or four tricks and 3 for all five; a euchred maker gives each opponent 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine import State, new_game
from engine.core import cards as C
from engine.testing.rules import apply_all, last_hand, play, variant

A, B, CC = range(3)  # CC: seat C (``C`` is the cards module)


def deal_of(hands: Sequence[str], upcard: str, *, dealer: int = CC) -> dict[str, Any]:
    """A deal from hands written as space-separated codes; the kitty is the rest."""
    return {"dealer": dealer, "hands": [h.split() for h in hands], "upcard": upcard}


# A holds the five best hearts but the nine (the upcard); B the clubs, C the spades.
LOADED = deal_of(["JH JD AH KH QH", "AC KC QC JC TC", "AS KS QS JS TS"], "9H")
# A has one low heart; B holds the bowers, AH and KH; C the clubs and the AD. Upcard TH.
WEAK = deal_of(["QH 9C TC 9D TD", "JH JD AH KH 9S", "AC KC QC JC AD"], "TH")


def game(deal: dict[str, Any]) -> State:
    return new_game(variant("three-handed"), seed=0, deal=deal)


def test_five_cards_each_the_upcard_on_a_kitty_of_nine_CT3_A1() -> None:
    state = new_game(variant("three-handed"), seed=3)
    h = state.hand
    assert [C.popcount(h.hands[seat]) for seat in range(3)] == [5, 5, 5]
    assert C.popcount(h.kitty) == 8 and h.upcard >= 0  # 9 left over, the top one face up
    assert state.current_player == (state.dealer + 1) % 3  # eldest bids first


def test_the_maker_is_alone_and_no_one_is_offered_a_lone_hand_CT3_A4() -> None:
    state = apply_all(game(LOADED), "order_up")
    # straight to the dealer's exchange: there is no "alone" question for anyone
    assert state.phase == "dealer_pickup" and state.current_player == CC
    assert "alone" not in state.legal_actions()
    assert state.hand.sides == ((A,), (B, CC))  # the maker against the other two


def test_a_march_scores_3_to_the_maker_alone_CT3_A5() -> None:
    state = apply_all(game(LOADED), "order_up discard:TS")
    # A leads his trumps from the top; B has none, C only the 9H he took up (in play order).
    play(state, "JH TC 9H | JD JC JS | AH QC QS | KH KC KS | QH AC AS")
    record = last_hand(state)
    assert record.tricks == (5, 0, 0) and record.label == "march"
    assert state.scores == [3, 0, 0]


def test_a_euchred_maker_gives_each_opponent_2_CT3_A5() -> None:
    # A orders hearts with one queen; C takes the TH up and throws the AD. A leads the 9C: C
    # wins with the ace, leads the king and B ruffs; B then runs his trumps.
    state = apply_all(game(WEAK), "order_up discard:AD")
    play(state, "9C 9S AC | KC TC KH | JH TH QH | JD QC 9D | AH JC TD")
    record = last_hand(state)
    assert record.tricks == (0, 4, 1) and record.label == "euchre"
    assert state.scores == [0, 2, 2]  # each defender 2, whoever took the tricks


@pytest.mark.parametrize(("tricks", "label", "deltas"), [
    ((0, 3, 2), "euchre", (0, 2, 2)),
    ((1, 2, 2), "euchre", (0, 2, 2)),
    ((2, 3, 0), "euchre", (0, 2, 2)),
    ((3, 1, 1), "made", (1, 0, 0)),
    ((4, 0, 1), "made", (1, 0, 0)),
    ((5, 0, 0), "march", (3, 0, 0)),
])
def test_the_table_by_the_makers_tricks_CT3_A5(tricks: tuple[int, ...], label: str,
                                               deltas: tuple[int, ...]) -> None:
    result = variant("three-handed").score_hand(dealer=CC, maker=A, tricks=list(tricks),
                                                scores=[0, 0, 0])
    assert result.deltas == deltas and result.label == label


def test_several_players_past_10_the_highest_wins_a_shared_highest_plays_on_CT3_A6() -> None:
    three = variant("three-handed")
    # B and C at 9 each: A is euchred, both defenders reach 11, level: the game goes on
    tied = three.score_hand(dealer=CC, maker=A, tricks=[0, 3, 2], scores=[5, 9, 9])
    assert tied.scores == (5, 11, 11) and not tied.game_over
    # B at 9, C at 8: both pass 10, B is higher and wins alone
    won = three.score_hand(dealer=CC, maker=A, tricks=[0, 3, 2], scores=[5, 9, 8])
    assert won.game_over and won.winners == (B,)
