"""The `farmers-hand` house rule on standard, from fixed deals (STD-A15): right after the deal,
a player with three nines or three tens may exchange them for the face-down kitty (the first in
turn from eldest), and a player with only nines and tens may have the same dealer deal again.

Seats are numbered clockwise 0..3 (N E S W); W deals, N is eldest. The deal below uses every
card of the 24-card pack once: the upcard AH and the kitty AD AS KS complete it.
"""

from __future__ import annotations

from engine import State, new_game
from engine.core.errors import Refusal as R
from engine.mechanics.redeal import FarmerView
from engine.testing.rules import apply_all, cards, last_hand, names, refuse, variant

N, E, S, W = range(4)

FARMERS = {"dealer": W, "upcard": "AH",
           "hands": [h.split() for h in ("9C 9D 9S KC QD",     # three nines: a farmer's hand
                                         "TC TD TH TS 9H",     # only nines and tens
                                         "JC JD JH JS AC",
                                         "QC QH QS KD KH")]}


def _game(name: str = "farmers-hand") -> State:
    return new_game(variant(name), seed=0, deal=FARMERS)


def test_three_nines_may_be_exchanged_for_the_face_down_kitty_STD_A15() -> None:
    state = _game()
    assert state.current_player == N and state.legal_actions() == ["keep", "exchange"]
    apply_all(state, "exchange")
    assert names(state.hand.hands[N]) == cards("KC QD AD AS KS")
    assert names(state.hand.kitty) == cards("9C 9D 9S")


def test_every_seat_sees_the_farmers_hand_he_showed_while_it_lies_in_the_kitty_STD_A15(
        ) -> None:
    state = _game()
    assert all(FarmerView.find(state.view(seat)) is None for seat in range(4))
    apply_all(state, "exchange")
    shown = cards("9C 9D 9S")
    for seat in range(4):  # shown to the table: every seat saw the three nines go down
        view = state.view(seat)
        part = FarmerView.of(view)
        assert part.farmer == N and names(part.shown) == shown and names(view.seen) == shown
    assert not any(names(state.view(seat).hand) == shown for seat in range(4))


def test_only_the_first_farmer_exchanges_the_kitty_STD_A15() -> None:
    # E holds four tens too, but N took the kitty first: E may only redeal or keep.
    state = apply_all(_game(), "exchange")
    assert state.current_player == E and state.legal_actions() == ["keep", "redeal"]
    assert "redeal or keep" in refuse(state, "exchange", R.HAND_NOT_MET)
    apply_all(state, "keep")
    # S and W hold no such hand, but they are asked too and can only keep, so that nobody
    # learns from the order of play who held one
    for seat in (S, W):
        assert state.current_player == seat and state.legal_actions() == ["keep"]
        state.apply("keep")
    assert state.phase == "upcard_bidding" and state.current_player == N


def test_a_hand_of_only_nines_and_tens_is_redealt_by_the_same_dealer_STD_A15() -> None:
    state = apply_all(_game(), "keep")
    assert state.legal_actions() == ["keep", "redeal", "exchange"]
    apply_all(state, "redeal")
    assert last_hand(state).to_json()["thrown_in"] == "redeal"
    assert state.dealer == W and state.hand_no == 2 and state.scores == [0, 0, 0, 0]


def test_standard_has_neither_rule() -> None:
    state = _game("standard")
    assert state.phase == "upcard_bidding" and state.legal_actions() == ["pass", "order_up"]
