"""Helpers shared by the rules tests (``test_phases_*.py``): playing written action lists
and checking refusals."""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path

import pytest

from engine import IllegalActionError, State, Variant, load_variant
from engine.core import cards as C
from engine.core.errors import Refusal
from engine.rules.results import HandResult


@functools.cache
def variant(name: str) -> Variant:
    """A shipped variant, loaded once per test run."""
    return load_variant(name)


@functools.cache
def overlay(text: str) -> Variant:
    """A variant written in the test (YAML text, usually ``extends:`` a shipped variant),
    loaded once per test run from a file that is removed again."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "overlay.yaml"
        path.write_text(text, encoding="utf-8")
        return load_variant(path)


def apply_all(state: State, actions: str) -> State:
    """Apply space-separated action names in turn."""
    for action in actions.split():
        state.apply(action)
    return state


def play(state: State, tricks: str) -> State:
    """Play cards in turn; ``tricks`` lists card codes, tricks separated by ``|``."""
    return apply_all(state, " ".join(f"play:{c}" for c in tricks.replace("|", " ").split()))


def discard(state: State, cards: str) -> State:
    """Discard the given cards in turn."""
    return apply_all(state, " ".join(f"discard:{c}" for c in cards.split()))


def refuse(state: State, action: str | int, kind: Refusal | None = None) -> str:
    """Apply an action that must be refused (for ``kind``'s reason, when given; ``check``
    and ``can`` must refuse it too); the state must not change. Returns the reason."""
    before = (list(state.history_ids), list(state.hand.hands), state.current_player, state.phase)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    assert (list(state.history_ids), list(state.hand.hands), state.current_player,
            state.phase) == before
    assert not state.can(action)
    if kind is not None:
        assert caught.value.kind is kind, (caught.value.kind, caught.value.reason)
    return caught.value.reason


def names(mask: int) -> set[str]:
    """The codes of a card set."""
    return set(C.names(mask))


def cards(text: str) -> set[str]:
    """The codes written in ``text``."""
    return set(text.split())


def last_hand(state: State) -> HandResult:
    """The record of the last hand played or thrown in."""
    return state.hands_played[-1]
