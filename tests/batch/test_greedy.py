"""The ``greedy`` bot: its rules of thumb on fixed deals (engine/bots/greedy.py), and its batch
form choosing, action by action, what the scalar bot chooses.

Expected choices come from the rules as written in the bot's docstring, applied by hand to
each deal (the comments say how).
"""

from __future__ import annotations

import pytest

from engine import load_variant, new_game
from engine.bots.greedy import GreedyBot
from engine.core.bot_spec import BotSpec
from engine.play.state import State

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine.batch.simulate import simulate_batch


def game(hands: list[str], upcard: str, dealer: int = 3) -> State:
    deal = {"dealer": dealer, "upcard": upcard, "hands": [h.split() for h in hands]}
    return new_game(load_variant("standard"), seed=0, deal=deal)


def choose(state: State) -> str:
    return state.action_name(GreedyBot(state.variant, state.current_player, 1).act(state))


def test_greedy_orders_up_with_three_trumps_and_passes_with_two() -> None:
    # seat 0 holds JH, JD (left bower) and AH: three hearts trumps with the 9H turned
    three = game(["JH JD AH 9C TC", "9D TD QD KD AD", "QC KC AC 9S TS", "QS KS AS TH QH"], "9H")
    assert choose(three) == "order_up"
    two = game(["JH AD AH 9C TC", "9D TD QD KD JD", "QC KC AC 9S TS", "QS KS AS TH QH"], "9H")
    assert choose(two) == "pass"


def test_greedy_round_two_call_by_counting_bowers() -> None:
    # hearts turned down; seat 0: JS JC AS are three spades trumps -> call spades
    state = game(["JS JC AS 9D TD", "9C TC QH KH 9S", "QC KC AC KD AD", "QS KS TS QD JD"], "9H")
    for _ in range(4):
        state.apply("pass")
    assert choose(state) == "call:S"


def test_greedy_goes_alone_with_four_trumps() -> None:
    state = game(["JH JD AH KH TC", "9D TD QD KD AD", "QC KC AC 9S TS", "QS KS AS TH QH"], "9H")
    state.apply("order_up")
    assert choose(state) == "alone"  # JH JD AH KH: four trumps


def test_greedy_leads_its_strongest_card_and_follows_with_the_least_winner() -> None:
    # spades trump (ordered by seat 0); seat 0 leads: the right bower JS is its strongest card
    state = game(["JS AS KS 9D TD", "9C TC AH KH 9S", "QC KC AC KD AD", "QS QH TS QD JD"], "TH")
    for _ in range(4):
        state.apply("pass")
    state.apply("call:S")   # seat 0 names spades
    state.apply("pass")     # not alone
    assert choose(state) == "play:JS"
    state.apply("play:JS")
    # seat 1 must follow spades: only 9S; seat 2 has no spade and no winner: its least card
    state.apply("play:9S")
    assert choose(state) == "play:QC"  # QC KC AC KD AD off-suit: least power, lowest id (QC)


def test_greedy_follower_takes_the_trick_with_the_least_winning_card() -> None:
    # hearts trump; seat 0 leads 9C; seat 1 holds TC and AC: the least winner is TC
    state = game(["9C 9H TH QH KH", "TC AC 9D TD QD", "JC QC 9S TS QS", "KC KS AS KD AD"], "AH")
    state.apply("order_up")          # seat 0 orders the AH up
    state.apply("pass")              # and plays with his partner
    state.apply("discard:AD")        # the dealer (seat 3) takes the AH and discards
    state.apply("play:9C")
    assert choose(state) == "play:TC"


@pytest.mark.parametrize("bots", [["greedy"] * 4, ["greedy", "random", "greedy", "random"],
                                  ["random", "greedy", "random", "greedy"]])
@pytest.mark.parametrize("name", ["standard", "standard-32"])
def test_batch_greedy_plays_what_the_scalar_greedy_bot_plays(name: str, bots: list[str]) -> None:
    run = simulate_batch(load_variant(name), seed=21, games=150, batch_size=60, verify=150,
                         bots=[BotSpec.parse(b) for b in bots])
    assert run.problems == []
