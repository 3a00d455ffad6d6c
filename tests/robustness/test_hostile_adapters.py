"""Hostile use of the OpenSpiel and PettingZoo adapters (issue 22, items 20, 22 and 23).

An agent that sends a float, a bool, a string or a renege gets a refusal and the game does
not move; a resampled deal agrees with everything the resampling seat has seen, the voids
that play showed included, so that it never holds a renege the real game does not; awards
too large for the frameworks' float returns are refused when the game is made, with a
message, never an OverflowError in the middle of an episode.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from engine import load_variant, shipped_names
from engine.adapters import game_shape
from engine.adapters.chance import CHANCE, ChanceState, spec_for
from engine.adapters.resample import resample
from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import EuchreError, IllegalActionError, Refusal
from engine.play.state import State
from engine.testing.adapters import ENCODED

GHOST_FAMILY = sorted(name for name in shipped_names() if name.startswith("ghost-hand"))


# -- PettingZoo: a refused action changes nothing (item 22) -------------------------------------

def _pettingzoo_env(name: str, seed: int) -> Any:
    pz = pytest.importorskip("engine.adapters.pettingzoo",
                             reason="pettingzoo is not installed: pip install -e '.[pettingzoo]'")
    e = pz.env(name)
    e.reset(seed=seed)
    return e


def _snapshot(e: Any) -> tuple[Any, ...]:
    g = e.game
    return (list(g.history_ids), g.current_player, e.agent_selection, dict(e.rewards),
            dict(e._cumulative_rewards), list(g.scores), g.phase)


@pytest.mark.parametrize("action", [1.5, 1.0, True, False, "1", "order_up", None, [1],
                                    np.float64(1.0), np.float32(0.0), np.bool_(True),
                                    -1, 1152, 10**30])
def test_pettingzoo_refuses_a_non_integer_or_out_of_range_action_and_the_game_stays_put(
        action: Any) -> None:
    e = _pettingzoo_env("standard", 7)
    before = _snapshot(e)
    assert e.game.legal_action_ids() == (A.action_id("pass"), A.action_id("order_up"))
    with pytest.raises(ValueError):
        e.step(action)
    assert _snapshot(e) == before


@pytest.mark.parametrize("kind", [np.int64, np.int32, np.uint16, int])
def test_pettingzoo_takes_python_and_numpy_integer_actions(kind: Any) -> None:
    e = _pettingzoo_env("standard", 7)
    e.step(kind(A.action_id("order_up")))
    assert e.game.history == ["order_up"]


def _renege_position(name: str) -> tuple[State, int]:
    """A game of ``name`` (random legal play) at a turn where the seat to act holds a card that
    does not follow suit although it could: a renege, which the variant accepts."""
    for seed in range(200):
        rng = random.Random(seed)
        state = State(load_variant(name), seed=seed)
        while not state.is_terminal():
            legal = state.legal_action_ids()
            if state.phase == "play":
                held = [A.PLAY + c for c in C.cards_of(state.view(state.current_player).hand)]
                reneges = [a for a in held if a not in legal]
                if reneges:
                    return state, reneges[0]
            state.apply(rng.choice(legal))
    raise AssertionError(f"no renege position in {name}")


def test_pettingzoo_refuses_a_renege_the_variant_would_accept_and_the_game_stays_put() -> None:
    pz = pytest.importorskip("engine.adapters.pettingzoo", reason="pettingzoo is not installed")
    state, renege = _renege_position("ghost-hand")
    e = pz.env("ghost-hand", hands=0)
    e.reset(seed=0)
    e.game = state
    e.agent_selection = e.possible_agents[state.current_player]
    before = _snapshot(e)
    with pytest.raises(ValueError, match="legal") as caught:
        e.step(renege)
    assert _snapshot(e) == before and state.hand.reneges == []
    assert isinstance(caught.value, IllegalActionError)
    assert caught.value.kind is Refusal.MUST_FOLLOW_SUIT


# -- OpenSpiel: the same (item 22) -----------------------------------------------------------

def _spiel_at_play(name: str) -> Any:
    pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    from engine.adapters.openspiel import load_game  # noqa: PLC0415 - needs pyspiel

    state = load_game(name).new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    return state


def _spiel_snapshot(state: Any) -> tuple[Any, ...]:
    core = state.core
    return (list(state.history()), list(core.history), list(core.actions),
            [list(lines) for lines in core.lines], state.current_player(),
            list(core.engine.history_ids))


@pytest.mark.parametrize("action", [7, A.action_id("play:9C"), -3, 1152, 5000])
def test_openspiel_refuses_an_illegal_action_and_the_state_stays_put(action: int) -> None:
    state = _spiel_at_play("standard")
    before = _spiel_snapshot(state)
    with pytest.raises((IllegalActionError, ValueError)):
        state.apply_action(action)
    assert _spiel_snapshot(state) == before
    assert state.serialize() == state.clone().serialize()


@pytest.mark.parametrize("action", [1.5, "1", np.float64(1.0)])
def test_openspiel_refuses_a_non_integer_action_and_the_state_stays_put(action: Any) -> None:
    state = _spiel_at_play("standard")
    before = _spiel_snapshot(state)
    with pytest.raises((TypeError, ValueError)):
        state.apply_action(action)
    assert _spiel_snapshot(state) == before


@pytest.mark.parametrize("action", [True, False, np.bool_(True)])
@pytest.mark.parametrize("where", ["chance", "play"])
def test_openspiel_refuses_a_bool_action_although_pyspiel_would_make_it_an_int(
        action: Any, where: str) -> None:
    """pyspiel's ``apply_action`` turns ``True`` into action 1 (a card id at a chance node,
    an action id in play) before the game's ``_apply_action`` sees it; the state's own
    ``apply_action`` and ``child`` refuse a bool first."""
    if where == "play":
        state = _spiel_at_play("standard")
    else:
        pytest.importorskip("pyspiel", reason="open_spiel is not installed")
        from engine.adapters.openspiel import load_game  # noqa: PLC0415 - needs pyspiel

        state = load_game("standard").new_initial_state()
        state.apply_action(0)  # the first dealer: seat 0; next, a card: 1 is a card id
    before = _spiel_snapshot(state) if where == "play" else list(state.history())
    for move in (state.apply_action, state.child):
        with pytest.raises(IllegalActionError) as caught:
            move(action)
        assert caught.value.kind is Refusal.UNKNOWN_ACTION
    assert (_spiel_snapshot(state) if where == "play" else list(state.history())) == before


@pytest.mark.parametrize("action", [1.5, 1.0, True, "1"])
def test_the_chance_state_refuses_a_non_integer_outcome_or_action(action: Any) -> None:
    state = ChanceState(spec_for("standard", 1))
    with pytest.raises((TypeError, ValueError)):
        state.apply(action)  # the first dealer
    assert state.history == [] and state.dealer == -1
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    history = list(state.history)
    with pytest.raises((TypeError, ValueError)):
        state.apply(action)
    assert state.history == history and state.actions == []


def test_the_chance_state_refuses_a_renege_the_variant_would_accept() -> None:
    rng = random.Random(11)
    for _ in range(100):
        state = ChanceState(spec_for("ghost-hand", 1))
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(rng.choice(state.chance_outcomes())[0])
                continue
            e = state.engine
            assert e is not None
            legal = state.legal_actions()
            if e.phase == "play":
                held = [A.PLAY + c for c in C.cards_of(e.view(e.current_player).hand)]
                reneges = [a for a in held if a not in legal]
                if reneges:
                    history = list(state.history)
                    with pytest.raises(IllegalActionError) as caught:
                        state.apply(reneges[0])
                    assert caught.value.kind is Refusal.MUST_FOLLOW_SUIT
                    assert state.history == history and e.hand.reneges == []
                    return
            state.apply(rng.choice(legal))
    raise AssertionError("no renege position found")


# -- resampling never invents a renege (item 23) -------------------------------------------

def _resamples(name: str, count: int, seed: int) -> list[tuple[ChanceState, ChanceState, int]]:
    """``count`` (real state, resampled state, seat) triples from random positions of random
    legal play: the seat to act resamples, and now and then another seat."""
    rng = random.Random(seed)
    spec = spec_for(name, 1)
    out: list[tuple[ChanceState, ChanceState, int]] = []
    while len(out) < count:
        state = ChanceState(spec)
        while not state.is_terminal() and len(out) < count:
            if state.current_player() == CHANCE:
                state.apply(rng.choice(state.chance_outcomes())[0])
                continue
            if rng.random() < 0.25:
                seat = state.current_player()
                if rng.random() < 0.3:
                    seat = rng.randrange(state.variant.players)
                other, _ = resample(state, seat, random.Random(rng.random()))
                out.append((state.copy(), other, seat))
            state.apply(rng.choice(state.legal_actions()))
    return out


def _check_resample(state: ChanceState, other: ChanceState, seat: int) -> None:
    e, o = state.engine, other.engine
    assert e is not None and o is not None
    assert other.information_state(seat) == state.information_state(seat)
    assert o.hand.reneges == e.hand.reneges == []  # the adapters play only legal actions
    assert [r.reneges for r in o.hands_played] == [r.reneges for r in e.hands_played]
    assert other.actions == state.actions and len(other.history) == len(state.history)
    start = state.deal_starts[-1]
    assert other.history[:start] == state.history[:start]
    assert other.current_player() == state.current_player()
    assert o.view(seat).hand == e.view(seat).hand
    if state.current_player() == seat:
        assert other.legal_actions() == state.legal_actions()
    # the resampled deal could have been dealt, and every action in it was legal
    replayed = State(state.variant, seed=0, deals=other.deals)
    for action in other.actions:
        assert action in replayed.legal_action_ids()
        replayed.apply(action)
    assert replayed.hand.reneges == []


@pytest.mark.parametrize("name", GHOST_FAMILY)
def test_a_resampled_ghost_hand_deal_holds_a_renege_exactly_when_the_real_one_does(
        name: str) -> None:
    moved = 0
    for state, other, seat in _resamples(name, 100, seed=len(name)):
        _check_resample(state, other, seat)
        moved += other.history != state.history
    assert moved >= 50  # most resamples deal the unseen cards otherwise


@pytest.mark.parametrize("name", [n for n in ENCODED if n not in GHOST_FAMILY])
def test_a_resampled_deal_of_every_other_variant_agrees_with_what_the_seat_saw(
        name: str) -> None:
    for state, other, seat in _resamples(name, 12, seed=len(name)):
        _check_resample(state, other, seat)


# -- awards too large for float returns (item 20) --------------------------------------------

def _with_awards(name: str, award: int) -> Any:
    """``name`` whose scoring table gives ``award`` for every outcome (test-only: built past
    the loader, which may bound awards)."""
    variant = load_variant(name)
    points = dict.fromkeys(variant.scoring.points, award)
    return replace(variant, scoring=replace(variant.scoring, points=points))


@pytest.mark.parametrize("award", [10**15, -(10**15), 10**360])
def test_returns_too_large_for_exact_floats_are_refused_with_a_message(award: int) -> None:
    variant = _with_awards("standard", award)
    with pytest.raises(EuchreError, match="award"):
        game_shape.check_returns(variant, deals=1000)
    game_shape.check_returns(_with_awards("standard", 10**6), deals=1000)  # 10^9 is exact


def test_a_file_with_huge_awards_is_refused_by_both_adapters_with_a_message(
        tmp_path: Any) -> None:
    """Today's loader takes the file and the adapters refuse it; a loader that bounds awards
    refuses it first. Either way a clear error, never an OverflowError."""
    path = tmp_path / "huge.yaml"
    huge = " * ".join(["999999999"] * 40)  # about 10^360: numbers have at most 9 digits
    path.write_text("extends: standard\ndescription: huge awards\nscoring:\n  table:\n"
                    f'    - {{label: made, when: "makers.tricks >= 3", makers: "{huge}"}}\n'
                    f'    - {{label: euchre, when: "makers.tricks <= 2", defenders: "{huge}"}}\n')
    pz = pytest.importorskip("engine.adapters.pettingzoo", reason="pettingzoo is not installed")
    with pytest.raises(EuchreError):
        pz.env(str(path))
    pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    from engine.adapters.openspiel import load_game  # noqa: PLC0415 - needs pyspiel

    with pytest.raises(EuchreError):
        load_game(str(path))
