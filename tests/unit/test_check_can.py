"""Check, can, do (issue 23): ``State.check(action)`` raises ``IllegalActionError`` with the
player's reason and its kind (:class:`~engine.core.errors.Refusal`), ``State.can(action)``
answers yes or no, and ``apply`` refuses with the same check; ``legal_action_ids()`` gives
each caller what no other state (nor a later call) can change.

The property that ``can`` and ``legal_action_ids()`` agree at every action id of every shipped
variant is in tests/conformance/test_check_agrees.py.
"""

from __future__ import annotations

import contextlib
import random

import pytest

from engine import load_variant, new_game
from engine.core import actions as A
from engine.core.errors import IllegalActionError, Refusal
from engine.play.state import State


def refusal(state: State, action: object, **seat: int) -> IllegalActionError:
    """The error ``check`` raises for ``action``; ``apply`` must raise the same, unchanged."""
    before = list(state.history_ids)
    with pytest.raises(IllegalActionError) as checked:
        state.check(action, **seat)  # type: ignore[arg-type]  # hostile arguments on purpose
    if not seat:
        with pytest.raises(IllegalActionError) as applied:
            state.apply(action)  # type: ignore[arg-type]
        assert (applied.value.kind, applied.value.reason) == (checked.value.kind,
                                                              checked.value.reason)
    assert state.history_ids == before
    return checked.value


def test_a_card_during_the_bidding_is_of_the_wrong_phase_and_can_says_no_STD() -> None:
    state = new_game(load_variant("standard"), seed=7)  # seat 1 to bid: pass or order_up
    error = refusal(state, "play:9C")
    assert error.kind is Refusal.WRONG_PHASE
    assert error.reason.endswith("legal now: pass, order_up")
    assert not state.can("play:9C") and not state.can(A.PLAY + 0)
    assert state.can("pass") and state.can(A.ORDER_UP) and state.can("ORDER_UP")
    state.check("pass")  # a legal action passes the check and changes nothing
    assert state.history_ids == []


def test_another_seat_may_not_act_for_the_seat_to_play() -> None:
    state = new_game(load_variant("standard"), seed=7)
    other = (state.current_player + 1) % 4
    assert refusal(state, "pass", seat=other).kind is Refusal.NOT_YOUR_TURN
    assert not state.can("pass", seat=other)
    assert state.can("pass", seat=state.current_player)


@pytest.mark.parametrize("junk", ["shout", "play:ZZ", "", 999, -3, 1.5, None, b"pass"])
def test_what_names_no_action_is_refused_as_unknown(junk: object) -> None:
    state = new_game(load_variant("standard"), seed=7)
    assert refusal(state, junk).kind is Refusal.UNKNOWN_ACTION
    assert not state.can(junk)  # type: ignore[arg-type]


def test_after_the_game_every_action_is_refused_because_it_is_over() -> None:
    state = new_game(load_variant("standard"), seed=3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_action_ids()))
    error = refusal(state, "pass")
    assert error.kind is Refusal.GAME_OVER and error.reason == "the game is over"
    assert not state.can("pass")


def test_the_kind_reads_as_a_stable_word_for_machines() -> None:
    assert Refusal.MUST_FOLLOW_SUIT == "must_follow_suit"
    error = IllegalActionError("play:QD", "you must follow hearts", kind=Refusal.MUST_FOLLOW_SUIT)
    assert str(error) == "play:QD is illegal: you must follow hearts"


# -- legal_action_ids(): nobody can change what another caller is given (issue 23) ----------

def test_changing_the_legal_actions_one_caller_got_does_not_change_the_next_call() -> None:
    state = new_game(load_variant("standard"), seed=7)
    got = state.legal_action_ids()
    with contextlib.suppress(AttributeError, TypeError):  # an immutable answer refuses it
        got.append(A.PLAY)  # type: ignore[union-attr]
    assert list(state.legal_action_ids()) == [A.PASS, A.ORDER_UP]  # the rules, round 1


def _at_name_trump(seed: int) -> State:
    """A bid-euchre game where the high bidder names trump: the first bidder bids the
    highest bid, everyone after him passes."""
    state = new_game(load_variant("bid-euchre"), seed=seed)
    while state.phase != "name_trump":
        legal = state.legal_action_ids()
        state.apply(legal[-1] if not state.history_ids else legal[0])
    return state


def test_clearing_one_states_legal_actions_leaves_another_states_alone_bid_euchre() -> None:
    one, other = _at_name_trump(1), _at_name_trump(2)
    # bid-euchre.yaml: name_trump.no_trump is true, so the four suits and no-trump.
    calls = [A.action_id(name) for name in ("call:C", "call:D", "call:H", "call:S", "call:N")]
    got = one.legal_action_ids()
    with contextlib.suppress(AttributeError, TypeError):
        got.clear()  # type: ignore[union-attr]
    assert list(other.legal_action_ids()) == calls
    assert list(one.legal_action_ids()) == calls
    assert list(_at_name_trump(3).legal_action_ids()) == calls
