"""Exposed lone hands in batch mode (``go_alone.exposed``, STD-A17): a lone maker's cards are
chosen by the opponent at his left, the next seat that plays (an overlay of ``standard``).

The scalar interpreter is the independent source: ``--verify`` replays batch games through it,
every action legal and each greedy or heuristic seat's action the scalar bot's; for the seat
that chooses an exposed hand's card that is the scalar ``choose_for_exposed`` (the card of
least trick power), which the batch form's ``least_power`` is also checked against on random
hands, and a kernel whose chooser plays another card fails the replay.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine.batch.forms import missing
from engine.batch.simulate import simulate_batch
from engine.core import actions as A
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.mechanics import play_batch
from engine.mechanics.play_exposed import choose_for_exposed
from engine.sim.stats import Count
from engine.testing.rules import overlay

EXPOSED = ("extends: standard\ndescription: exposed lone hands\n"
           "go_alone: {exposed: true}\n")


def test_exposed_lone_hands_have_a_batch_form() -> None:
    assert missing(overlay(EXPOSED)) is None


@pytest.mark.parametrize("seats", ["random,heuristic,random,heuristic",
                                   "heuristic,greedy,heuristic,greedy"])
def test_exposed_lone_hands_replay_through_the_scalar_engine(seats: str) -> None:
    # Random makers go alone one time in two, so the heuristic seat at a random maker's left
    # chooses many exposed hands' cards; heuristic makers go alone at 4.2 tricks.
    bots = [BotSpec.parse(name) for name in seats.split(",")]
    run = simulate_batch(overlay(EXPOSED), seed=5, games=120, batch_size=120, verify=120,
                         bots=bots)
    assert run.problems == []
    assert run.tally.n[Count.ALONE, None] > 0


def test_least_power_is_the_scalar_choice_for_an_exposed_hand() -> None:
    v = overlay(EXPOSED)
    form = play_batch.Play(v)
    deck = [c for c in range(C.NO_CARD) if v.deck.mask >> c & 1]
    rng = random.Random(3)
    for _ in range(300):
        trump = rng.randrange(4)
        cards = rng.sample(deck, rng.randint(1, 5))
        led_card = rng.choice([None, *[c for c in deck if c not in cards]])
        view = SimpleNamespace(trump=trump, trick=() if led_card is None else ((1, led_card),),
                               tables=[C.trump_tables(t) for t in range(6)])
        wanted = A.card_of(choose_for_exposed(view, [A.PLAY + c for c in sorted(cards)]))
        led = None if led_card is None else np.array([C.trump_tables(trump).effective[led_card]])
        got = form.least_power(np.array([sum(1 << c for c in cards)], dtype=np.uint64),
                               np.array([trump]), led)
        assert int(got[0]) == 1 << wanted, (trump, cards, led_card)


def _highest_id(self: play_batch.Play, legal: np.ndarray, trump: np.ndarray,
                led: object) -> np.ndarray:
    """A wrong kernel's choice for an exposed hand: the card of highest id."""
    return np.array([1 << (int(x).bit_length() - 1) if x else 0 for x in legal],
                    dtype=np.uint64)


def test_the_replay_catches_a_chooser_that_plays_another_card(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_batch.Play, "least_power", _highest_id)
    bots = [BotSpec.parse(name) for name in ["random", "heuristic", "random", "heuristic"]]
    run = simulate_batch(overlay(EXPOSED), seed=5, games=120, batch_size=120, verify=120,
                         bots=bots)
    assert run.problems
