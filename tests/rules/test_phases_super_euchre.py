"""The `super-euchre` house rule on standard, from fixed deals: makers who take no trick give
the defenders 4 instead of 2 (STD-A11); every other row of the table is standard's.

Seats are numbered clockwise 0..3 (N E S W); partners are 0-2 and 1-3; W deals, N is eldest.
Expected points are worked out by hand from the rule, in the comments.
"""

from __future__ import annotations

import pytest

from engine import State, new_game
from engine.testing.rules import apply_all, last_hand, play, variant

N, E, S, W = range(4)

# N holds no heart and E the five best: when N orders hearts up, E takes every trick.
E_HOLDS_TRUMP = {"dealer": W, "upcard": "TH",
                 "hands": [h.split() for h in ("9C TC 9D TD 9S", "JH JD AH KH QH",
                                               "AC KC QC JC AD", "AS KS QS JS TS")]}


def _game() -> State:
    return new_game(variant("super-euchre"), seed=0, deal=E_HOLDS_TRUMP)


def test_makers_who_take_no_trick_give_the_defenders_4_STD_A11() -> None:
    # N orders up, W (dealer) takes the TH and discards the TS. N leads; E ruffs with the
    # right bower, then leads his trumps from the top (cards in the order they are played).
    state = apply_all(_game(), "order_up pass discard:TS")
    play(state, "9C JH AC AS  JD AD TH 9D  AH KC KS 9S  KH QC QS TC  QH JC JS TD")
    record = last_hand(state)
    assert record.tricks == (0, 5, 0, 0)  # makers N-S took nothing
    assert record.label == "super_euchre" and state.scores == [0, 4, 0, 4]


@pytest.mark.parametrize(("tricks", "label", "deltas"), [
    ((0, 3, 0, 2), "super_euchre", (0, 4, 0, 4)),  # no trick: defenders 4
    ((1, 3, 0, 1), "euchre", (0, 2, 0, 2)),        # one trick: a plain euchre, 2
    ((1, 2, 1, 1), "euchre", (0, 2, 0, 2)),        # two tricks: 2
    ((2, 1, 1, 1), "made", (1, 0, 1, 0)),          # three: made, 1
    ((3, 0, 2, 0), "march", (2, 0, 2, 0)),         # all five: march, 2
])
def test_the_table_of_super_euchre_by_the_makers_tricks_STD_A11(
        tricks: tuple[int, ...], label: str, deltas: tuple[int, ...]) -> None:
    result = variant("super-euchre").score_hand(dealer=W, maker=N, tricks=list(tricks),
                                                scores=[0, 0, 0, 0])
    assert result.deltas == deltas and result.label == label


def test_a_lone_maker_who_takes_no_trick_is_super_euchred_too_STD_A11() -> None:
    result = variant("super-euchre").score_hand(dealer=W, maker=N, tricks=[0, 3, 0, 2],
                                                scores=[0, 0, 0, 0], alone=[N])
    assert result.deltas == (0, 4, 0, 4) and result.label == "super_euchre"
