"""Words for players outside the browser (issue 25): a dealer who orders himself up "picks it
up" (the published rules: the dealer, accepting the upcard, takes it into his hand; the
others "order it up"), at the prompt, in the terminal's narration and in ``euchre replay``;
and a refusal a player meets says what to do in words, with no action code (``play:XX``,
``call:C``, ``discard:XX``, ``give:XX``, ``partner:AS``) and no configuration key.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine import load_variant, new_game
from engine.cli.replay_command import replay_lines
from engine.core.bot_spec import BotSpec
from engine.core.errors import IllegalActionError
from engine.mechanics.base import LEGAL_NOW
from engine.play.records import record_of
from engine.play.state import State
from engine.sim.simulate import play_game
from engine.testing.rules import refuse
from engine.text.narrate import Narrator
from tests.cli.test_cli_play import Play, Typist

CODE = re.compile(r"\b[a-z]+:[A-Za-z0-9X]+\b|\b[a-z]+_[a-z_]+\b|`|\b[2-9TJQKA][CDHS]\b")
"""An action code (``play:XX``, ``call:C``), an internal name (``order_up``, ``pick_up``), a
configuration key in backquotes, or a card code (``AC``) instead of the card (``A♣``)."""


def test_the_narrator_says_the_dealer_picks_it_up() -> None:
    n = Narrator(load_variant("standard"))  # North East South West; East is seat 1
    assert n.action(1, "order_up", phase="upcard_bidding", dealer=1) == "East picks it up"
    assert n.action(1, "order_up", phase="upcard_bidding", dealer=3) == "East orders up"
    assert n.action(1, "order_up", phase="upcard_bidding") == "East orders up"
    assert n.option(1, "order_up", phase="upcard_bidding", dealer=1) == "pick it up"


@pytest.mark.parametrize("variant", ["standard", "cutthroat", "standard-joker", "two-handed"])
def test_replay_says_picks_it_up_exactly_for_the_dealer(variant: str) -> None:
    said = {"picks it up": 0, "orders up": 0}
    for seed in range(4):
        v = load_variant(variant)
        state = play_game(v, seed, [BotSpec.parse("heuristic")] * v.players)
        dealer = ""
        for line in replay_lines(record_of(state)):
            header = re.match(r"-- Hand \d+, dealer (.+?), upcard", line)
            if header:
                dealer = header.group(1)
            for verb in said:
                if line.endswith(f" {verb}"):
                    seat = line.removesuffix(f" {verb}")
                    assert (seat == dealer) == (verb == "picks it up"), (line, dealer)
                    said[verb] += 1
    assert said["picks it up"] and said["orders up"]  # both came up in these games


def test_the_dealer_at_the_prompt_is_offered_to_pick_it_up(play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"

    def dealer_takes(state: State) -> str | None:
        if state.phase == "upcard_bidding" and "order_up" in state.legal_actions() \
                and state.current == state.dealer:
            return "order_up"
        return None

    result = play(Typist(saved, dealer_takes), "standard", "--seed", "1", "--save", str(saved))
    assert result.code == 0
    assert "Your bid: pick it up, or pass?" in result.out
    assert re.search(r"^   2\. pick it up$", result.out, re.M)
    assert "South (you) picks it up" in result.out
    assert "South (you) orders up" not in result.out


def test_a_code_of_another_phase_at_the_prompt_is_refused_without_codes(
        play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    typist = Typist(saved, lambda s: "play:9C" if s.phase == "upcard_bidding" else None)
    out = play(typist, "standard", "--seed", "4", "--save", str(saved)).out
    assert ("Not allowed: it is not an action of the bidding, round 1; choose one of the "
            "options above.") in out
    assert "legal now" not in out


def _action_ids(state: State) -> list[int]:
    """The ids below 1,100 that name an action of the state's variant (its names depend on
    the variant's special bids alone, not on the position)."""
    out = []
    for a in range(1100):
        try:
            state.action_name(a)
        except (KeyError, IndexError):
            continue  # no action of this variant
        out.append(a)
    return out


def _reasons(variant: str, seeds: int = 3) -> list[tuple[str, str]]:
    """(phase, reason) of every action id refused along random games (the reason as a player
    is told it: without the list of legal actions by name a program is given)."""
    out = []
    v = load_variant(variant)
    ids = _action_ids(new_game(v, seed=0))
    for seed in range(seeds):
        state, rng = new_game(v, seed=seed), random.Random(seed)
        for _ in range(120):
            if state.is_terminal():
                break
            legal = set(state.legal_action_ids())
            for a in ids:
                if a in legal:
                    continue
                try:
                    state.check(a)
                except IllegalActionError as error:
                    out.append((state.phase, error.reason.partition(LEGAL_NOW)[0]))
            state.apply(rng.choice(sorted(legal)))
    return out


@pytest.mark.parametrize("variant", ["standard", "standard-joker", "railroad", "call-ace",
                                     "stick-the-dealer", "cutthroat", "two-handed",
                                     "farmers-hand", "buck-euchre"])
def test_no_refusal_outside_the_auction_names_an_action_code(variant: str) -> None:
    # The auction's words (bid-euchre's "e.g. bid:4H", its special bids by name) are the
    # auction's own file, worked on apart; every other phase is checked here.
    found = [(phase, reason) for phase, reason in _reasons(variant)
             if phase != "auction" and CODE.search(reason)]
    assert not found, found[:5]


def test_refusals_say_what_to_do_in_words() -> None:
    # standard, seed 7: North dealt; East, the eldest, is to bid on the upcard
    state = new_game(load_variant("standard"), seed=7)
    assert refuse(state, "call:H") .endswith(": order it up or pass")
    for _ in range(4):
        state.apply("pass")  # round 2: the upcard is turned down
    assert refuse(state, "order_up") == "the upcard was turned down; name another suit or pass"
    while state.phase != "play":
        state.apply(state.legal_actions()[-1])
    assert refuse(state, "order_up") == "the tricks are being played: play a card"


# railroad: North holds four hearts, West deals and turns up 9♥ (tests/rules/
# test_phases_railroad.py, LONE_MAKER): North orders up and goes alone
LONE_MAKER = {"dealer": 3, "upcard": "9H",
              "hands": [h.split() for h in ("JH AH KH QH 9C", "9D TD QD KD AD",
                                            "JK JD TH 9S TS", "AC KC QC JC TC")]}


def test_a_defender_asked_to_go_alone_is_told_he_would_defend_alone() -> None:
    state = new_game(load_variant("railroad"), seed=0, deal=LONE_MAKER)
    for action in ("order_up", "alone"):
        state.apply(action)
    assert state.phase == "go_alone" and state.current_player == 1  # East, a defender
    assert refuse(state, "play:9D") == "a defender now says whether he defends alone"
    for action in ("pass", "pass", "discard:TC"):  # nobody defends alone; West discards
        state.apply(action)
    # RAIL-A7: the lone maker discards first, then his partner passes him a card
    assert refuse(state, "give:JK") == "North plays alone and first discards a card face down"
    state.apply("discard:9C")
    assert refuse(state, "play:JK") == "South now gives his lone partner a card of his hand"
