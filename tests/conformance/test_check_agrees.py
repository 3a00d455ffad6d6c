"""``State.can``/``State.check`` and ``legal_action_ids()`` agree (STYLE.md practice 2, issue 23).

For every shipped variant, a seeded random game is stopped at sampled positions (the first
steps, then powers of two, and the first step of every phase of the first hand), and at each
every action id of the action space (:data:`engine.adapters.encoding.NUM_ACTIONS`) is asked:
``can(a)`` is true exactly for the ids ``legal_action_ids()`` lists, and for a renege the
variant accepts (``penalties.renege.allowed``: a card held that does not follow suit, in the
tricks); ``check(a)`` raises exactly when ``can(a)`` is false, with a reason and a kind; and
asking changes nothing. An id with no name is refused as ``UNKNOWN_ACTION``, every named one
once the game is over as ``GAME_OVER``.
"""

from __future__ import annotations

import random

import pytest

from engine import IllegalActionError, State, load_variant, new_game, shipped_names
from engine.adapters.encoding import NUM_ACTIONS
from engine.core import actions as A
from engine.core.errors import Refusal

MAX_STEPS = 300
SAMPLED = {0, 1, *(2 ** k for k in range(1, 7))}
"""The steps checked, besides the first of each phase of the first hand (OpenSpiel's harness
checks the first steps, then powers of two)."""


def _accepted_renege(state: State, action: int) -> bool:
    """A card in the hand of the seat to act, in the tricks of a variant that accepts reneges
    (the README, "Penalties": the card is played and the hand penalised)."""
    if not (state.variant.renege.allowed and state.phase == "play"):
        return False
    return A.is_card(A.PLAY, action) and bool(
        state.hand.hands[state.current_player] >> (A.card_of(action)) & 1)


def _named(state: State) -> set[int]:
    """The ids that name an action of this variant (the action table, :mod:`engine.core.actions`:
    an id without a name there is no action, whatever the phase)."""
    out = set()
    for a in range(NUM_ACTIONS):
        try:
            A.name_of(a, state.special_bids)
        except KeyError:
            continue
        out.add(a)
    return out


def _positions(name: str) -> list[State]:
    state = new_game(load_variant(name), seed=23)
    rng = random.Random(23)
    seen: set[tuple[int, str]] = set()
    out: list[State] = []
    for step in range(MAX_STEPS):
        first_of_phase = state.hand_no == 1 and (state.hand_no, state.phase) not in seen
        seen.add((state.hand_no, state.phase))
        if step in SAMPLED or first_of_phase:
            out.append(state.clone())
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_action_ids()))
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_action_ids()))
    out.append(state)
    return out


@pytest.mark.parametrize("name", shipped_names())
def test_can_and_check_agree_with_the_legal_actions_at_every_action_id(name: str) -> None:
    for state in _positions(name):
        legal = set(state.legal_action_ids())
        named = _named(state)
        before = (list(state.history_ids), list(state.hand.hands), state.current_player)
        for a in range(NUM_ACTIONS):
            expected = a in legal or _accepted_renege(state, a)
            assert state.can(a) is expected, (name, state.phase, a)
            if expected:
                state.check(a)
                continue
            try:  # (pytest.raises would cost more than the check, a thousand times a step)
                state.check(a)
            except IllegalActionError as error:
                kind, reason = error.kind, error.reason
            else:
                raise AssertionError(f"check let {a} through, though can() said no")
            assert reason and isinstance(kind, Refusal), a
            if a not in named:
                assert kind is Refusal.UNKNOWN_ACTION, a
            elif state.is_terminal():
                assert kind is Refusal.GAME_OVER, a
            else:
                assert kind not in (Refusal.UNKNOWN_ACTION, Refusal.GAME_OVER), a
        assert (list(state.history_ids), list(state.hand.hands), state.current_player) == before
