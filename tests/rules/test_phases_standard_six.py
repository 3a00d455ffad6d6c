"""The `standard-six` variant (SIX-A1..A4) and the 36-card deck (DECK-A1), from fixed deals and
the scoring table through ``score_hand``.

Six seats clockwise 0..5; the teams are 0-2-4 and 1-3-5 (alternate seats, SIX-A1). Seat 5 deals,
so seat 0 is eldest. Expected points are worked out by hand in the comments.
"""

from __future__ import annotations

import pytest

from engine import new_game
from engine.core import cards as C
from engine.testing.rules import apply_all, last_hand, overlay, play, variant
from engine.text.narrate import seat_names

# Seat 0 holds the five best hearts; his partners (2, 4) the other hearts but the upcard and
# the TH; the opponents hold no heart. 30 cards dealt, 2 left.
HEARTS_TO_SEAT_0 = {"dealer": 5, "upcard": "7H", "hands": [h.split() for h in (
    "JH JD AH KH QH", "7C 8C 9C TC JC", "7D 8D 9D 8H 9H", "7S 8S 9S TS JS",
    "QC KC AC TD QD", "QS KS AS KD AD")]}


def test_six_seats_form_two_teams_of_three_in_alternate_seats_SIX_A1() -> None:
    v = variant("standard-six")
    assert v.players == 6 and v.sides.teams == ((0, 2, 4), (1, 3, 5))
    assert v.sides.hand_sides(3) == ((1, 3, 5), (0, 2, 4))
    assert seat_names(6) == tuple(f"Seat {k}" for k in range(6))  # as `--seat` counts


def test_32_cards_deal_five_each_and_leave_the_upcard_and_one_card_SIX_A2() -> None:
    state = new_game(variant("standard-six"), seed=0, deal=HEARTS_TO_SEAT_0)
    assert [h.bit_count() for h in state.hand.hands] == [5] * 6
    assert C.names(state.hand.kitty) == ["TH"]  # 32 - 30 - the upcard 7H


def test_a_lone_maker_plays_against_three_while_his_two_partners_sit_out_SIX_A3() -> None:
    # Seat 0 orders up hearts alone; the dealer (seat 5) takes the 7H and throws it again.
    # Seats 2 and 4 sit out; seat 0 leads his trumps from the top and takes all five
    # (seats 0, 1, 3, 5 play each trick): a lone march, 5 to each of seats 0, 2, 4.
    state = apply_all(new_game(variant("standard-six"), seed=0, deal=HEARTS_TO_SEAT_0),
                      "order_up alone discard:7H")
    assert state.hand.inactive == (1 << 2) | (1 << 4)
    play(state, "JH 7C 7S QS  JD 8C 8S KS  AH 9C 9S AS  KH TC TS KD  QH JC JS AD")
    record = last_hand(state)
    assert record.label == "lone_march" and record.tricks == (5, 0, 0, 0, 0, 0)
    assert state.scores == [5, 0, 5, 0, 5, 0]


@pytest.mark.parametrize(("tricks", "alone", "label", "deltas"), [
    ((2, 0, 1, 1, 0, 1), (), "made", (1, 0, 1, 0, 1, 0)),         # 3 tricks: 1 each
    ((2, 0, 2, 0, 1, 0), (), "march", (2, 0, 2, 0, 2, 0)),        # all 5: 2 each
    ((5, 0, 0, 0, 0, 0), (0,), "lone_march", (5, 0, 5, 0, 5, 0)),  # alone, all 5: 5 (SIX-A3)
    ((1, 2, 0, 1, 1, 0), (), "euchre", (0, 2, 0, 2, 0, 2)),       # 2 tricks: defenders 2
])
def test_the_table_of_standard_six_by_the_makers_tricks_SIX_A3(
        tricks: tuple[int, ...], alone: tuple[int, ...], label: str,
        deltas: tuple[int, ...]) -> None:
    out = (2, 4) if alone else ()
    result = variant("standard-six").score_hand(dealer=5, maker=0, tricks=list(tricks),
                                                scores=[0] * 6, alone=list(alone),
                                                sitting_out=list(out))
    assert result.deltas == deltas and result.label == label


SIXES = overlay("""
extends: standard
description: Standard with 36 cards (6 to A).
deck: {size: 36}
dealer:
  draw: {ranking: [K, Q, J, T, "9", "8", "7", "6", A]}
""")


def test_a_36_card_deck_holds_the_sixes_below_the_sevens_DECK_A1() -> None:
    assert len(SIXES.deck.cards) == 36
    assert C.names(SIXES.deck.mask & C.mask_of(["6C", "6D", "6H", "6S"])) == [
        "6C", "6D", "6H", "6S"]
    assert SIXES.deck.cards[:2] == (C.card("6C"), C.card("7C"))  # printed order
    # At hearts the 6H is the lowest trump, yet a trump: it beats the ace led.
    assert SIXES.trick_winner("H", ["AC", "6H", "KC"]) == 1
    assert SIXES.trick_winner("H", ["6H", "7H"]) == 1
    assert SIXES.trick_winner("S", ["6D", "7D"]) == 1  # plain: the seven beats the six
    assert SIXES.trick_winner("L", ["7D", "6D"]) == 1  # low no-trump: the six is best


def test_deck_ranks_lists_any_set_of_ranks_DECK_A1() -> None:
    v = overlay("""
extends: standard
description: Standard with the ranks 6 and 9 to A.
deck: {ranks: ["6", "9", T, J, Q, K, A]}
dealer: {first: random}
""")
    assert v.deck.size == 28 and sorted({C.card_name(c)[0] for c in v.deck.cards}) == sorted(
        "69TJQKA")
