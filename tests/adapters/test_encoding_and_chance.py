"""The shared observation encoding and the chance-node game under both adapters.

The encoding is what a seat's view shows and nothing else; the chance game's bounds hold in
random play of every variant; a copy, a pickle and a resampled deal keep what a seat knows.
"""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

pytest.importorskip("numpy", reason="numpy comes with the openspiel or pettingzoo extra")

from engine import load_variant, new_game
from engine.adapters import game_shape
from engine.adapters.chance import CHANCE, TERMINAL, ChanceState, spec_for
from engine.adapters.encoding import (
    CARDS,
    OBSERVATION_SIZE,
    OFFSETS,
    Encoder,
    decode_cards,
)
from engine.adapters.resample import resample
from engine.core import cards as C
from engine.core.errors import InvalidArgument
from engine.testing.adapters import ENCODED, NOT_ENCODED

SOUTH = ["9C", "TC", "JC", "QC", "KC"]
DIAMONDS = ["9D", "TD", "JD", "QD", "KD"]
HEARTS = ["9H", "TH", "JH", "QH", "KH"]
SPADES = ["9S", "TS", "JS", "QS", "KS"]


def _game(west: list[str], north: list[str]):  # type: ignore[no-untyped-def]
    deal = {"dealer": 3, "hands": [SOUTH, west, north, SPADES], "upcard": "AC"}
    return new_game(load_variant("standard"), seed=1, deal=deal)


def test_the_encoding_shows_the_seats_own_cards_the_upcard_and_whose_turn_it_is() -> None:
    state = _game(DIAMONDS, HEARTS)
    vector = Encoder(state.variant).encode(state.view(0))
    assert vector.shape == (OBSERVATION_SIZE,)
    assert C.names(decode_cards(vector, "hand")) == SOUTH
    assert C.names(decode_cards(vector, "upcard")) == ["AC"]
    assert vector[OFFSETS["current"] + 0] == 1.0  # eldest, left of dealer 3, bids first
    assert vector[OFFSETS["dealer"] + 3] == 1.0


def test_the_encoding_never_depends_on_another_seats_hidden_cards() -> None:
    one, two = _game(DIAMONDS, HEARTS), _game(HEARTS, DIAMONDS)
    encoder = Encoder(one.variant)
    for state in (one, two):
        for action in ("pass", "order_up", "pass", "discard:9S", "play:9C"):
            state.apply(action)
    assert np.array_equal(encoder.encode(one.view(0)), encoder.encode(two.view(0)))
    assert np.array_equal(encoder.encode(one.view(2)), encoder.encode(two.view(2))) is False


def test_a_card_played_shows_in_the_trick_under_the_seat_that_played_it() -> None:
    state = _game(DIAMONDS, HEARTS)
    for action in ("pass", "pass", "pass", "pass", "call:D", "pass", "play:KC"):
        state.apply(action)
    vector = Encoder(state.variant).encode(state.view(2))
    trick = OFFSETS["trick"]
    assert vector[trick + 0 * CARDS + C.card("KC")] == 1.0  # south led the king of clubs


def _random_deal_decisions(name: str, rng: random.Random) -> tuple[int, list[float]]:
    state = ChanceState(spec_for(name, 1))
    decisions = 0
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            assert sum(probs) == pytest.approx(1.0)
            state.apply(rng.choices(outcomes, probs)[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions, state.returns()


@pytest.mark.parametrize("name", ENCODED)
def test_random_deals_stay_within_the_games_declared_bounds(name: str) -> None:
    spec = spec_for(name, 1)
    low, high = game_shape.hand_points(spec.variant)
    rng = random.Random(name)
    for _ in range(8):
        decisions, returns = _random_deal_decisions(name, rng)
        assert decisions <= spec.decisions_per_deal
        assert all(low <= r <= high for r in returns)


def _midway(name: str, seed: int, actions: int) -> ChanceState:
    rng = random.Random(seed)
    state = ChanceState(spec_for(name, 1))
    while state.current_player() == CHANCE or actions > 0:
        if state.current_player() == TERMINAL:
            break
        if state.current_player() == CHANCE:
            state.apply(rng.choice([c for c, _ in state.chance_outcomes()]))
        else:
            state.apply(rng.choice(state.legal_actions()))
            actions -= 1
    return state


def test_a_pickled_or_copied_state_is_the_same_game() -> None:
    state = _midway("cutthroat", 3, 6)
    for other in (pickle.loads(pickle.dumps(state)), state.copy()):
        assert other.history == state.history
        assert other.legal_actions() == state.legal_actions()
        assert [other.information_state(p) for p in range(3)] == \
            [state.information_state(p) for p in range(3)]


@pytest.mark.parametrize("name", ["standard", "cutthroat", "bid-euchre", "call-ace"])
def test_a_resampled_deal_keeps_everything_the_seat_knows(name: str) -> None:
    moved = 0
    for seed in range(4):
        state = _midway(name, seed, 9)
        if state.current_player() < 0:
            continue
        seat = state.current_player()
        other, exact = resample(state, seat, random.Random(seed))
        assert other.information_state(seat) == state.information_state(seat)
        assert other.legal_actions() == state.legal_actions()
        assert other.history != state.history or exact
        moved += not exact
    assert moved >= 2


def test_a_chance_outcome_that_cannot_happen_is_refused() -> None:
    state = ChanceState(spec_for("standard", 1))
    with pytest.raises(ValueError, match="not a chance outcome"):
        state.apply(4)  # seat 4: standard has seats 0 to 3
    state.apply(0)
    state.apply(C.card("JH"))
    with pytest.raises(ValueError, match="not a chance outcome"):
        state.apply(C.card("JH"))  # a 24-card deck has one jack of hearts
    with pytest.raises(ValueError, match="not a chance outcome"):
        state.apply(C.card("8H"))  # not in a 24-card deck (9 to ace)
    assert state.history == [0, C.card("JH")]


def test_the_adapters_refuse_a_deck_the_encoding_has_no_place_for_with_its_cards() -> None:
    # five-hundred's pack has the 4s of the red suits and the 5s of every suit (C500-A1): card
    # ids beyond the 62 the encoding holds; every other shipped variant is encoded
    assert NOT_ENCODED == ["five-hundred"]
    with pytest.raises(InvalidArgument) as refused:
        Encoder(load_variant("five-hundred"))
    assert "has cards the observation encoding has no place for (5C, 4D, 5D, 4H" in str(
        refused.value)
