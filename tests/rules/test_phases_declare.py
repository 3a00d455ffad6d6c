"""Shows declared before the play (`declare`, DECL-A1 to DECL-A4), from fixed deals.

Seats are numbered clockwise 0..3 (N E S W); W deals, N is eldest. `railroad-jamboree` plays
with the 24-card pack and the joker: the deal below gives E the joker, both red jacks and the
ace and king of hearts; the upcard 9H and the kitty TH QS KS AS complete the pack. With hearts
trump E holds the five highest trumps: a jamboree, which counts 16 (DECL-A4).
"""

from __future__ import annotations

import pytest

from engine import State, new_game
from engine.core.errors import Refusal as R
from engine.core.errors import VariantError
from engine.mechanics.declare import DeclareResult, DeclareView
from engine.testing.rules import apply_all, cards, last_hand, names, overlay, refuse, variant

N, E, S, W = range(4)

JAMBOREE = {"dealer": W, "upcard": "9H",
            "hands": [h.split() for h in ("QH 9C TC QC KC",      # N: one trump
                                          "JK JH JD AH KH",      # E: the five highest trumps
                                          "AC JC 9D TD QD",
                                          "KD AD 9S TS JS")]}


def _to_declare(state: State) -> State:
    """N orders hearts up and does not go alone; W takes the 9H and discards the 9S."""
    return apply_all(state, "order_up pass discard:9S")


def test_every_seat_answers_in_turn_from_the_dealers_left_DECL_A1() -> None:
    state = _to_declare(new_game(variant("railroad-jamboree"), seed=0, deal=JAMBOREE))
    assert state.phase == "declare"
    # N holds one trump: he may only pass; E holds the jamboree
    assert state.current_player == N and state.legal_actions() == ["pass"]
    assert "your hand does not meet" in refuse(state, "declare:1", R.HAND_NOT_MET)
    state.apply("pass")
    assert state.current_player == E and state.legal_actions() == ["pass", "declare:1"]
    # E keeps it hidden: S and W are asked all the same, then N leads
    apply_all(state, "pass")
    for seat in (S, W):
        assert state.current_player == seat and state.legal_actions() == ["pass"]
        state.apply("pass")
    assert state.phase == "play" and state.current_player == N


def test_a_jamboree_ends_the_hand_and_scores_16_for_the_declarers_side_DECL_A3_A4() -> None:
    state = apply_all(_to_declare(new_game(variant("railroad-jamboree"), seed=0,
                                           deal=JAMBOREE)), "pass declare:1")
    record = last_hand(state)
    # nobody played a card; E-W (seats 1 and 3) +16; the table was not consulted
    assert record.tricks == (0, 0, 0, 0) and record.label == "a jamboree"
    assert record.deltas == (0, 16, 0, 16)
    assert record.parts["declare"] == DeclareResult(
        declared=((E, "a jamboree", ("JD", "JH", "KH", "AH", "JK")),))
    assert state.scores == [0, 16, 0, 16]


def test_the_same_hand_is_no_jamboree_with_another_trump_DECL_A4() -> None:
    # diamonds trump: E holds JD (right), JH (left) and the joker but not AD or KD
    deal = dict(JAMBOREE, upcard="9H")
    state = new_game(variant("railroad-jamboree"), seed=0, deal=deal)
    apply_all(state, "pass pass pass pass call:D pass")
    while state.phase != "declare":
        state.apply(state.legal_actions()[0])
    seen = set()
    while state.phase == "declare":
        seen.update(state.legal_actions())
        state.apply("pass")
    assert seen == {"pass"}


POINTS_AND_CLAIM = """
extends: standard
description: test - both bowers shown for a point, five trumps claimed
flow: [deal, upcard_bidding, go_alone, dealer_pickup, declare, play, score]
declare:
  shows:
    - {label: both bowers, when: "count(hand, bowers) == 2", points: 1}
    - {label: a laydown, when: "count(hand, trump) == 5 and maker", then: claim}
"""

# 24 cards, no joker. Hearts: N holds both bowers and three more hearts (five trumps); the
# upcard 9H, kitty TD QS KS.
CLAIM = {"dealer": W, "upcard": "9H",
         "hands": [h.split() for h in ("JH JD AH KH QH",
                                       "9C TC QC KC AC",
                                       "JC 9D AD KD QD",
                                       "9S TS JS AS TH")]}


def test_a_show_for_points_adds_them_to_the_hand_played_on_and_everyone_sees_it() -> None:
    v = overlay(POINTS_AND_CLAIM)
    state = apply_all(new_game(v, seed=0, deal=CLAIM), "order_up pass discard:9S")
    # N meets both shows: declare:1 (both bowers), declare:2 (the laydown, as the maker)
    assert state.current_player == N and state.legal_actions() == ["pass", "declare:1",
                                                                   "declare:2"]
    state.apply("declare:1")
    # every seat sees the two bowers shown (the cards the condition names), not the rest
    for seat in range(4):
        declared = DeclareView.of(state.view(seat)).declared
        assert [(who, k, names(shown)) for who, k, shown in declared] == [(N, 0, cards("JH JD"))]
    # N may still declare the other show; he passes, and the others pass
    assert state.current_player == N and state.legal_actions() == ["pass", "declare:2"]
    apply_all(state, "pass pass pass pass")
    assert state.phase == "play"
    # N leads his five trumps and takes every trick: a march (2) and the show (1)
    for card in ("JH", "JD", "AH", "KH", "QH"):
        state.apply(f"play:{card}")
        while state.current_player != N and state.phase == "play":
            state.apply(state.legal_actions()[0])
    record = last_hand(state)
    assert record.label == "march" and record.deltas == (3, 0, 3, 0)


def test_a_claim_credits_every_trick_and_the_table_scores_it_DECL_A2() -> None:
    v = overlay(POINTS_AND_CLAIM)
    state = apply_all(new_game(v, seed=0, deal=CLAIM), "order_up pass discard:9S declare:2")
    record = last_hand(state)
    # five tricks to N, unplayed: a march for N-S, 2 points (standard's table)
    assert record.tricks == (5, 0, 0, 0) and record.label == "march"
    assert record.deltas == (2, 0, 2, 0)


def test_a_defender_meets_no_show_that_needs_the_maker() -> None:
    v = overlay(POINTS_AND_CLAIM)
    # E orders up (E-W make hearts); N still holds both bowers but is no maker
    state = apply_all(new_game(v, seed=0, deal=CLAIM), "pass order_up pass discard:9S")
    assert state.current_player == N and state.legal_actions() == ["pass", "declare:1"]


@pytest.mark.parametrize(("text", "message"), [
    ("flow: [deal, upcard_bidding, go_alone, declare, dealer_pickup, play, score]\n"
     "declare:\n  shows:\n    - {label: x, when: \"holds(hand, JH)\", points: 1}\n",
     "`declare` comes just before `play`"),
    ("flow: [deal, upcard_bidding, go_alone, dealer_pickup, declare, play, score]\n"
     "declare:\n  shows:\n    - {label: x, when: \"holds(hand, JH)\"}\n",
     "scores nothing and the hand is played on"),
    ("flow: [deal, upcard_bidding, go_alone, dealer_pickup, declare, play, score]\n"
     "declare:\n  shows:\n    - {label: x, when: \"holds(hand, JH)\", points: 1}\n"
     "    - {label: x, when: \"holds(hand, JD)\", points: 1}\n",
     "two shows are labelled `x`"),
])
def test_a_misplaced_or_useless_show_is_refused_where_it_is_written(text: str,
                                                                     message: str) -> None:
    with pytest.raises(VariantError) as caught:
        overlay("extends: standard\ndescription: test\n" + text)
    assert message in str(caught.value)


JAMBOREE_8 = """
extends: railroad-jamboree
description: test - the jamboree worth 8 and a show of both bowers added, by label
declare:
  change_shows:
    a jamboree: {points: 8}
  add_shows:
    - {label: both bowers, when: "count(hand, bowers) == 2", points: 1}
"""
"""A child edits one show by its label and adds one, as it edits scoring rows (AUTH-A3)."""


def test_a_child_edits_a_show_by_its_label_and_adds_one_AUTH_A3() -> None:
    v = overlay(JAMBOREE_8)
    state = _to_declare(new_game(v, seed=0, deal=JAMBOREE))
    state.apply("pass")
    # E holds the five highest trumps and both bowers: the edited jamboree is declare:1, the
    # added show declare:2 (E holds JH and JD, the bowers with hearts trump)
    assert state.current_player == E and state.legal_actions() == ["pass", "declare:1",
                                                                  "declare:2"]
    state.apply("declare:1")
    record = last_hand(state)
    # the jamboree now counts 8 for E-W (seats 1 and 3), and still ends the hand
    assert record.label == "a jamboree" and record.deltas == (0, 8, 0, 8)


def test_a_show_edit_of_an_unknown_label_is_refused_with_a_did_you_mean() -> None:
    with pytest.raises(VariantError) as caught:
        overlay("extends: railroad-jamboree\ndescription: d\ndeclare:\n  change_shows:\n"
                "    a jambore: {points: 8}\n")
    error = caught.value
    assert "`change_shows` edits the show labelled `a jambore`" in error.message
    assert error.hint is not None and error.hint.startswith("did you mean `a jamboree`?")
