"""No blackboard: the State keeps the game, ``state.hand`` (a slotted :class:`Hand`) keeps
everything that belongs to one hand, and a new Hand is made at each deal."""

from __future__ import annotations

import pytest

from engine import load_variant, new_game, shipped_names
from engine.bots import make_bot
from engine.core.bot_spec import BotSpec
from engine.mechanics.hand import Hand
from engine.play.state import State

GAME_FIELDS = {"variant", "seed", "rng", "scores", "dealer", "hand_no", "history_ids",
               "actors", "discard_log", "hands_played", "winners", "deals", "draw", "current",
               "phase_i", "hand"}


def test_state_holds_no_field_of_the_hand() -> None:
    assert not set(State.__slots__) & set(Hand.__slots__)
    for name in ("hands", "kitty", "upcard", "trump", "maker", "sides", "alone", "trick",
                 "tricks_won", "played", "reneges", "scratch"):
        assert name in Hand.__slots__, name


def test_state_keeps_the_game_and_its_hand() -> None:
    assert set(State.__slots__) >= GAME_FIELDS


def test_a_hand_is_slotted_and_starts_undecided() -> None:
    hand = Hand(players=3, positions=4, first_action=7)
    assert not hasattr(hand, "__dict__")
    assert (hand.maker, hand.trump, hand.upcard, hand.trump_name) == (-1, -1, -1, None)
    assert hand.hands == [0, 0, 0, 0] and hand.tricks_won == [0, 0, 0]
    assert hand.first_action == 7 and hand.scratch is None and hand.sides == ()


def test_next_active_skips_the_seats_that_sit_out() -> None:
    hand = Hand(players=4, positions=4, first_action=0)
    hand.inactive = 1 << 1
    assert not hand.active(1) and hand.active(2)
    assert [hand.next_active(seat) for seat in range(4)] == [2, 2, 3, 0]


def _play_one_hand(state: State, bots: list[object]) -> None:
    number = state.hand_no
    while state.hand_no == number and not state.is_terminal():
        state.apply(bots[state.current_player].act(state))  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", shipped_names())
def test_each_deal_gets_a_new_hand_that_starts_at_its_first_action(name: str) -> None:
    variant = load_variant(name)
    state = new_game(variant, seed=4)
    bots: list[object] = [make_bot(BotSpec.parse("random"), variant, seat, 4)
                          for seat in range(variant.players)]
    first = state.hand
    assert first.first_action == 0
    _play_one_hand(state, bots)
    if state.is_terminal():  # pragma: no cover - no shipped game ends in one hand
        return
    assert state.hand is not first
    assert state.hand.first_action == len(state.history_ids)  # nobody acted in it yet
    assert state.hand.tricks_won == [0] * variant.players and not state.hand.played
    result = state.hands_played[-1]
    if result.scored and not result.void:  # the finished hand is left as it ended
        assert tuple(first.tricks_won) == result.tricks and first.maker == result.maker


@pytest.mark.parametrize("name", shipped_names())
def test_a_clone_has_its_own_hand_and_scratch(name: str) -> None:
    variant = load_variant(name)
    state = new_game(variant, seed=2)
    twin = state.clone()
    assert twin.hand is not state.hand
    assert twin.hand.hands == state.hand.hands and twin.hand.hands is not state.hand.hands
    if state.hand.scratch is not None:
        assert twin.hand.scratch is not state.hand.scratch
    before = list(state.hand.hands), state.history
    twin.apply(twin.legal_actions()[-1])
    assert (list(state.hand.hands), state.history) == before


def test_state_trump_name_still_reads_the_trump_of_the_hand_in_progress() -> None:
    state = new_game(load_variant("standard"), seed=7)
    assert state.trump_name is None
    state.apply("order_up")
    assert state.trump_name == state.hand.trump_name is not None
