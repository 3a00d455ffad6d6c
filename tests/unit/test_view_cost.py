"""A seat's view is built on the hot path of every bot decision (issue 23: the heuristic bot's
speed on ``standard`` within 5% of the tree before the mechanics owned their state). The view
of ``standard`` costs four Python calls and no more: ``view_of`` itself, the comprehension of
the hand sizes, the upcard's view hook (the one mechanic of the flow that shows something) and
the legal actions of the seat to act. A property read through the state (``view_hooks``,
``special_bids``, ``running_phase``) or a view part made afresh for every view would be one
more call each, at every decision."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

from engine import State, new_game
from engine.core import cards as C
from engine.mechanics.upcard_trump import UpcardView
from engine.testing.rules import apply_all, variant

N, E, S, W = range(4)

DEAL = {"dealer": W, "upcard": "9H", "hands": [
    ["JH", "JD", "AH", "9C", "TC"], ["9S", "TS", "QS", "KS", "AS"],
    ["9D", "TD", "QD", "KD", "AD"], ["QC", "KC", "AC", "QH", "KH"]]}


def python_calls(build: Callable[[], Any]) -> list[str]:
    """The Python functions entered while ``build()`` runs (C functions are not counted)."""
    entered: list[str] = []

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            entered.append(frame.f_code.co_name)

    sys.setprofile(profile)
    try:
        build()
    finally:
        sys.setprofile(None)
    return entered


def in_play() -> State:
    """North ordered hearts up, West took the 9H and threw the QC, North led the JH: East to
    play, no discard of his own in the hand."""
    state = new_game(variant("standard"), seed=0, deal=DEAL)
    apply_all(state, "order_up pass discard:QC play:JH")
    assert (state.phase, state.current_player) == ("play", E)
    return state


def view_calls(state: State, seat: int) -> list[str]:
    """The Python calls a view of ``seat`` costs, besides the lambda and ``State.view``, and
    ``actions.hidden`` (West's discard, hidden from every other seat: not a cost of the parts)."""
    state.legal_action_ids()  # as a bot asks them first: the view's copy is then cached
    calls = python_calls(lambda: state.view(seat))
    assert calls[:2] == ["<lambda>", "view"]
    return sorted(name for name in calls[2:] if name != "hidden")


def test_the_view_of_the_seat_to_act_costs_four_python_calls() -> None:
    assert view_calls(in_play(), E) == sorted(["view_of", "<listcomp>", "upcard_view",
                                               "legal_action_ids"])


def test_a_view_of_a_seat_not_to_act_asks_no_legal_actions() -> None:
    assert view_calls(in_play(), S) == sorted(["view_of", "<listcomp>", "upcard_view"])


def test_a_view_during_the_bidding_also_asks_whether_the_bidding_hides_the_seats_cards() -> None:
    state = new_game(variant("standard"), seed=0, deal=DEAL)  # North to bid, West deals
    assert view_calls(state, N) == sorted(["view_of", "<listcomp>", "upcard_view",
                                           "legal_action_ids", "hides_hand"])


def test_views_showing_the_same_upcard_facts_share_one_part() -> None:
    state = in_play()
    first = state.view(N).parts[UpcardView]
    state.apply(state.legal_action_ids()[0])
    again = state.view(E).parts[UpcardView]
    assert again is first
    assert (first.proposed, first.turned_down) == (C.parse_suit("H"), -1)  # 9H ordered up
