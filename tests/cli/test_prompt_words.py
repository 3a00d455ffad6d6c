"""The questions `euchre play` asks, in plain English (issue 22, items 16 and 28): a count of
discards that matches what the phase still asks, and a declare question that names each show
once and offers `pass` once."""

from __future__ import annotations

from engine import new_game
from engine.cli.play_answers import question_for
from engine.testing.rules import apply_all, overlay, variant

N, E, S, W = range(4)

DOUBLE_DECK_CALLS_FOR_TWO = """
extends: bid-euchre-double
description: double-deck bid euchre where a lone hand calls for two cards.
flow: [deal, auction, name_trump, go_alone, pass_cards, play, score]
pass_cards: {cards: 2}
"""


def test_a_lone_hand_calling_for_two_cards_is_asked_to_discard_two_RAIL_A7() -> None:
    # seed 0: East bids 11, South shoots the moon (alone), names clubs; he discards two first
    state = apply_all(new_game(overlay(DOUBLE_DECK_CALLS_FOR_TWO), seed=0),
                      "bid:11 bid:moon call:C alone")
    assert state.phase == "pass_cards"
    assert state.hand.hands[state.current_player].bit_count() == 12
    assert question_for(state) == (
        "Discard 2 cards face down; your partner then gives you as many; one answer may name "
        "them all, e.g. 1 2 or 9C TD.")
    state.apply(state.legal_actions()[0])
    assert question_for(state) == (
        "Discard a card face down; your partner then gives you as many.")


def test_the_dealer_who_takes_the_upcard_is_asked_for_one_discard_STD_A1() -> None:
    state = apply_all(new_game(variant("standard"), seed=4), "order_up pass")
    assert state.phase == "dealer_pickup"
    assert question_for(state) == "Discard a card (you keep 5)."


# The Railroad jamboree deal of tests/rules/test_phases_declare.py: E holds the joker, both
# bowers, the ace and the king of hearts.
JAMBOREE = {"dealer": W, "upcard": "9H",
            "hands": [h.split() for h in ("QH 9C TC QC KC", "JK JH JD AH KH",
                                          "AC JC 9D TD QD", "KD AD 9S TS JS")]}


def test_the_declare_question_names_the_show_and_offers_pass_once_DECL_A1() -> None:
    state = apply_all(new_game(variant("railroad-jamboree"), seed=0, deal=JAMBOREE),
                      "order_up pass discard:9S pass")
    assert state.current_player == E and state.legal_actions() == ["pass", "declare:1"]
    assert question_for(state) == "Declare a jamboree, or pass?"


def test_a_redeal_question_does_not_say_that_a_pass_is_refused() -> None:
    # farmers-hand seed 0: eldest holds no farmer's hand and may only keep (a forced move);
    # the question for a seat that may exchange offers exchange or keep, nothing about passing
    state = new_game(variant("farmers-hand"), seed=0, deal={
        "dealer": W, "upcard": "KS",
        "hands": [h.split() for h in ("9C 9D 9H TC AS", "JH AH KH QH TH",
                                      "AC KC QC JC JD", "AD KD QD TD JS")]})
    assert state.phase == "redeal" and state.legal_actions() == ["keep", "exchange"]
    assert question_for(state) == "Exchange, or keep?"
