"""A seat's view is built on the hot path of every bot decision (issue 23: the heuristic bot's
speed on ``standard`` within 5% of the tree before the mechanics owned their state; measured by
tools/bench.py and tools/instructions.py, not here). The upcard's view part is not made afresh
for every view: views showing the same upcard facts share one read-only part."""

from __future__ import annotations

from engine import State, new_game
from engine.core import cards as C
from engine.mechanics.upcard_trump import UpcardView
from engine.testing.rules import apply_all, variant

N, E, S, W = range(4)

DEAL = {"dealer": W, "upcard": "9H", "hands": [
    ["JH", "JD", "AH", "9C", "TC"], ["9S", "TS", "QS", "KS", "AS"],
    ["9D", "TD", "QD", "KD", "AD"], ["QC", "KC", "AC", "QH", "KH"]]}


def in_play() -> State:
    """North ordered hearts up, West took the 9H and threw the QC, North led the JH: East to
    play, no discard of his own in the hand."""
    state = new_game(variant("standard"), seed=0, deal=DEAL)
    apply_all(state, "order_up pass discard:QC play:JH")
    assert (state.phase, state.current_player) == ("play", E)
    return state


def test_views_showing_the_same_upcard_facts_share_one_part() -> None:
    state = in_play()
    first = state.view(N).parts[UpcardView]
    state.apply(state.legal_action_ids()[0])
    again = state.view(E).parts[UpcardView]
    assert again is first
    assert (first.proposed, first.turned_down) == (C.parse_suit("H"), -1)  # 9H ordered up
