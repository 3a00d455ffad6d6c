"""One way in for an action (issue 23): a typed answer at the prompt, a click in the browser
and an adapter's action become an action id once, at the edge, and the id is applied; no
caller copies the whole game to learn why an action is refused (``State.check`` says why).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine import load_variant, new_game
from engine.adapters.chance import CHANCE, ChanceState, spec_for
from engine.cli.play_answers import action_for
from engine.core import actions as A
from engine.core.errors import IllegalActionError
from engine.play.state import State
from engine.web.game import WebGame


@pytest.fixture
def no_clones(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``State.clone`` fails the test from here on."""

    def clone(self: State) -> State:
        raise AssertionError("a copy of the game was made to learn a reason")

    monkeypatch.setattr(State, "clone", clone)
    yield


@pytest.fixture
def applied(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every argument ``State.apply`` is called with from here on."""
    seen: list[object] = []
    real = State.apply

    def apply(self: State, action: Any) -> Any:
        seen.append(action)
        return real(self, action)

    monkeypatch.setattr(State, "apply", apply)
    return seen


def test_the_prompt_says_why_without_copying_the_game(no_clones: None) -> None:
    state = new_game(load_variant("standard"), seed=4)  # the bidding: a card is refused
    with pytest.raises(IllegalActionError, match="legal now: pass, order_up"):
        action_for(state, "play:9C")
    assert action_for(state, "order_up") == A.ORDER_UP


def test_a_typed_answer_becomes_an_id_without_going_back_to_a_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game(load_variant("standard"), seed=4)
    named: list[int] = []
    real = State.action_name

    def action_name(self: State, action: int) -> str:
        named.append(action)
        return real(self, action)

    monkeypatch.setattr(State, "action_name", action_name)
    assert action_for(state, "ORDER_UP") == A.ORDER_UP
    assert action_for(state, "pass") == A.PASS
    assert named == []


def test_the_browser_says_why_without_copying_the_game(no_clones: None) -> None:
    game = WebGame.start(load_variant("standard"), seed=5)
    assert game.state.phase == "upcard_bidding"  # seed 5: the human bids first
    with pytest.raises(IllegalActionError, match="legal now"):
        game.play("play:9C")


def test_the_adapters_say_why_without_copying_the_game(no_clones: None) -> None:
    state = ChanceState(spec_for("standard", 1))
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    with pytest.raises(IllegalActionError, match="legal now"):
        state.apply(A.PLAY + 0)  # a card during the bidding


def test_the_terminal_applies_ids(play: Callable[..., Any], applied: list[object]) -> None:
    result = play("1\n1\n2\n1\n1\n1\nquit\n", "standard", "--seed", "7")
    assert result.code == 0, result.err
    assert applied and all(type(a) is int for a in applied), applied


def test_the_browser_applies_ids(applied: list[object]) -> None:
    game = WebGame.start(load_variant("standard"), seed=5)
    game.play("pass")
    game.play(game.state.legal_actions()[0])
    assert applied and all(type(a) is int for a in applied), applied


def test_an_id_is_applied_without_reading_a_name(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_names(*args: object) -> int:
        raise AssertionError("a name was parsed")

    state = new_game(load_variant("standard"), seed=7)
    monkeypatch.setattr(A, "action_id", no_names)
    state.apply(A.PASS)
    state.check(A.PASS)
    assert state.history_ids == [A.PASS]


def test_a_record_still_applies_names() -> None:
    state = new_game(load_variant("standard"), seed=7)
    state.apply("pass")
    state.apply(" Order_Up ")
    assert state.history_ids == [A.PASS, A.ORDER_UP]
