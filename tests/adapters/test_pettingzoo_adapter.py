"""Every variant as a PettingZoo AEC environment, checked by PettingZoo's own tests.

PettingZoo's ``api_test`` and ``seed_test`` run on every shipped variant; a random-policy
rollout loop (the one PettingZoo's documentation shows) plays whole games; illegal actions,
rendering and seeding behave as documented. Skipped, saying why, where pettingzoo is missing
(``make test`` requires it: it installs everywhere).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed: pip install -e "
                                         "'.[pettingzoo]'")

from pettingzoo.test import api_test, seed_test

from engine.adapters.encoding import OBSERVATION_SIZE, OFFSETS
from engine.adapters.pettingzoo import env
from engine.core import actions as A
from engine.core.errors import IllegalActionError, Refusal
from engine.testing.adapters import ENCODED


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    """api_test warns that a Dict observation "probably should be" a Box, as it does for
    PettingZoo's own card games with action masks."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        yield


@pytest.mark.parametrize("name", ENCODED)
def test_pettingzoos_api_and_seed_tests_pass(name: str) -> None:
    api_test(env(name), num_cycles=60)
    seed_test(lambda: env(name), num_cycles=60)


def _rollout(name: str, seed: int, hands: int) -> tuple[dict[str, float], object]:
    """PettingZoo's random-policy loop: each agent samples a legal action from its mask."""
    e = env(name, hands=hands)
    e.reset(seed=seed)
    for agent in e.agents:
        e.action_space(agent).seed(seed)
    totals = {agent: 0.0 for agent in e.agents}
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            action = e.action_space(agent).sample(observation["action_mask"])
        e.step(action)
    return totals, e


def test_a_random_rollout_of_a_whole_game_rewards_each_seat_its_final_score() -> None:
    totals, e = _rollout("standard", seed=4, hands=0)
    scores = e.game.scores  # type: ignore[attr-defined]
    assert totals == {f"player_{seat}": float(scores[seat]) for seat in range(4)}
    assert max(scores) >= 10  # standard is played to 10 (seed 003)
    assert totals["player_0"] == totals["player_2"]  # partners score together


def test_a_random_rollout_of_one_deal_of_a_countdown_game_rewards_points_lost() -> None:
    """Buck Euchre counts down from 25 (BUCK-A1): the points a seat loses are its reward."""
    for seed in range(3):
        totals, e = _rollout("buck-euchre", seed=seed, hands=1)
        record = e.game.hands_played[0]  # type: ignore[attr-defined]
        assert totals == {f"player_{seat}": float(-d) for seat, d in enumerate(record.deltas)}


def test_every_variant_has_the_same_observation_size() -> None:
    sizes = {env(name).observation_space("player_0")["observation"].shape
             for name in ("two-handed", "standard-six", "bid-euchre-double", "ghost-hand")}
    assert sizes == {(OBSERVATION_SIZE,)}


def test_an_illegal_action_is_refused_with_the_reason() -> None:
    e = env("standard")
    e.reset(seed=7)
    with pytest.raises(ValueError, match=r"play:9C is illegal.*legal now: pass, order_up"):
        e.step(A.action_id("play:9C"))  # a card, during the bidding


@pytest.mark.parametrize(("action", "kind"), [
    (A.action_id("play:9C"), Refusal.WRONG_PHASE),  # a card during the bidding
    (1152, Refusal.UNKNOWN_ACTION),  # past the last action id (Discrete(1152))
    (-1, Refusal.UNKNOWN_ACTION),
    (1.5, Refusal.UNKNOWN_ACTION),  # not a whole number: no action has this id
    (True, Refusal.UNKNOWN_ACTION),
])
def test_an_illegal_action_is_refused_with_its_refusal_kind_and_as_a_value_error(
        action: object, kind: Refusal) -> None:
    e = env("standard")
    e.reset(seed=7)  # seat 1 to act in round 1 of the bidding: pass or order up
    with pytest.raises(IllegalActionError) as caught:
        e.step(action)  # type: ignore[arg-type]  # what a careless agent hands over
    assert caught.value.kind is kind
    assert isinstance(caught.value, ValueError)  # PettingZoo's environments raise ValueError
    assert e.game is not None and e.game.history == []


def test_render_gives_the_seat_to_act_and_the_scores_as_text() -> None:
    e = env("standard", render_mode="ansi")
    e.reset(seed=7)
    text = e.render()
    assert isinstance(text, str) and "seat 1" in text and "scores [0, 0, 0, 0]" in text


def test_a_seed_gives_the_same_game_and_another_seed_another() -> None:
    def first_hand(seed: int) -> np.ndarray:
        e = env("standard")
        e.reset(seed=seed)
        hand = OFFSETS["hand"]
        return e.observe("player_0")["observation"][hand:hand + 62].copy()

    assert np.array_equal(first_hand(3), first_hand(3))
    assert not np.array_equal(first_hand(3), first_hand(4))
