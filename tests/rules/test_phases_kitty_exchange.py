"""The `kitty_exchange` mechanic on overlays of `standard`: a seat takes the undealt kitty
into his hand and discards as many cards face down; only he sees them.

Seats are numbered clockwise 0..3 (N E S W); W deals, N is eldest. With 24 cards, 20 are dealt
and the upcard turned: the kitty holds the other 3.
"""

from __future__ import annotations

from engine import new_game
from engine.testing.rules import apply_all, names, overlay, refuse

N, E, S, W = range(4)

ELDEST_MAY_EXCHANGE = """
extends: standard
description: eldest may exchange with the kitty before the bidding.
flow: [deal, kitty_exchange, upcard_bidding, go_alone, dealer_pickup, play, score]
kitty_exchange:
  seat: eldest
  optional: true
"""

# N holds nines and tens; the kitty (the three cards not dealt nor turned) is AS KS QS.
DEAL = {"dealer": W, "upcard": "9H",
        "hands": [h.split() for h in ("9C TC 9D TD 9S", "JH AH KH QH TH",
                                      "AC KC QC JC JD", "AD KD QD TS JS")]}


def test_eldest_takes_the_three_kitty_cards_and_discards_three() -> None:
    state = new_game(overlay(ELDEST_MAY_EXCHANGE), seed=0, deal=DEAL)
    assert state.phase == "kitty_exchange" and state.current_player == N
    assert state.legal_actions() == ["pick_up", "keep"]
    apply_all(state, "pick_up")
    assert names(state.hand.hands[N]) == {"9C", "TC", "9D", "TD", "9S", "AS", "KS", "QS"}
    assert "discard" in refuse(state, "order_up")
    apply_all(state, "discard:9C discard:TC discard:9D")
    assert names(state.hand.hands[N]) == {"TD", "9S", "AS", "KS", "QS"}
    assert state.hand.kitty == 0 and state.phase == "upcard_bidding"


def test_the_kitty_cards_and_discards_are_hidden_from_the_others() -> None:
    state = new_game(overlay(ELDEST_MAY_EXCHANGE), seed=0, deal=DEAL)
    apply_all(state, "pick_up discard:9C discard:TC discard:9D")
    east = state.view(E)
    assert east.hand & state.hand.hands[N] == 0
    assert [name for seat, name in east.actions if seat == N] == [
        "pick_up", "discard", "discard", "discard"]


def test_a_seat_that_keeps_his_hand_leaves_the_kitty() -> None:
    state = new_game(overlay(ELDEST_MAY_EXCHANGE), seed=0, deal=DEAL)
    apply_all(state, "keep")
    assert state.phase == "upcard_bidding" and names(state.hand.kitty) == {"AS", "KS", "QS"}


def test_the_maker_takes_the_kitty_after_the_bidding() -> None:
    v = overlay("""
extends: standard
description: the maker takes the kitty.
flow: [deal, upcard_bidding, go_alone, dealer_pickup, kitty_exchange, play, score]
kitty_exchange:
  seat: maker
""")
    state = apply_all(new_game(v, seed=0, deal=DEAL), "pass order_up pass discard:TS")
    assert state.phase == "kitty_exchange" and state.current_player == E  # E made hearts
    assert names(state.hand.hands[E]) >= {"AS", "KS", "QS"}
