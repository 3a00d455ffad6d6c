"""Cutthroat overlays whose hands may have no maker, with a dummy merge (CTD-A15): trump fixed
by a dirty-clubs upcard (`upcard_trump` before the bidding), or no-trump played when all pass
(`upcard_bidding.all_pass: no_trump`). Nobody may take the dummy then: it is set aside face
down, out of play, and no card is lost; games with such hands finish by their own rules.

Seats A B C are 0..2, the dummy is position 3; C deals, so A is eldest.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine import State, Variant, new_game
from engine.core import actions as A_
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.mechanics.dummy_merge import DummyMergeResult
from engine.sim.simulate import simulate
from engine.testing.rules import apply_all, names, overlay, variant
from engine.text.narrate import Narrator
from engine.text.rulebook import render_text, rule_book

A, B, CC = range(3)
DUMMY = 3

_SCORING = (Path(__file__).resolve().parents[1] / "data" / "no-maker-scoring.yaml").read_text(
    encoding="utf-8")
"""The scoring rows for hands that may have no maker, shared with the robustness test."""


def dirty_clubs(mode: str) -> Variant:
    return overlay(f"""
extends: cutthroat
description: cutthroat with dirty clubs and a dummy merge ({mode}).
flow: [deal, upcard_trump, upcard_bidding, dealer_pickup, go_alone, dummy_merge, play, score]
upcard_trump: {{suits: [C]}}
dummy_merge: {{mode: {mode}}}
{_SCORING}""")


def all_pass_no_trump(mode: str) -> Variant:
    return overlay(f"""
extends: cutthroat
description: cutthroat where all passing plays no-trump, with a dummy merge ({mode}).
upcard_bidding: {{all_pass: no_trump}}
dummy_merge: {{mode: {mode}}}
{_SCORING}""")


MODES = ["choose", "at_least_one", "optional"]
OVERLAYS = [(kind, mode) for kind in ("dirty_clubs", "all_pass_no_trump") for mode in MODES]


def overlay_of(kind: str, mode: str) -> Variant:
    return dirty_clubs(mode) if kind == "dirty_clubs" else all_pass_no_trump(mode)


def deal(upcard: str) -> dict[str, Any]:
    # Kitty: the three cards of the 24 neither dealt nor turned up.
    hands = ["JH JD AH 9C 9S", "AC KC QC JC QH", "AS KS QS JS TS"]
    return {"dealer": CC, "hands": [h.split() for h in hands], "upcard": upcard,
            "extra": {"dummy": ["9D", "TD", "QD", "KD", "AD"]}}


def places(s: State) -> list[int]:
    """Every place a card can be, written here from the hand's fields (not the engine's own
    total): each position, each seat's discards, kitty, upcard, dead cards, played cards."""
    h = s.hand
    out = [*h.hands, *h.discards, h.kitty, h.dead]
    out.append(1 << h.upcard if h.upcard >= 0 else 0)
    for _, c in h.played:
        out.append(1 << c)
    return out


def assert_conserved(s: State) -> None:
    union = 0
    for m in places(s):
        assert union & m == 0, f"{C.names(union & m)} in two places"
        union |= m
    assert union == s.variant.deck.mask, f"cards lost: {C.names(s.variant.deck.mask & ~union)}"


@pytest.mark.parametrize("mode", MODES)
def test_a_dirty_clubs_hand_sets_the_dummy_aside_unseen_and_plays_CTD_A15(mode: str) -> None:
    state = new_game(dirty_clubs(mode), seed=0, deal=deal("TC"))
    assert state.hand.trump == C.CLUBS and state.hand.maker == -1
    apply_all(state, "discard:TS")  # the dealer took the TC (dealer_takes_upcard)
    assert state.phase == "play" and state.current_player == A
    assert state.hand.hands[DUMMY] == 0
    assert names(state.hand.dead) == {"9D", "TD", "QD", "KD", "AD"}
    assert [state.hand.hands[s].bit_count() for s in range(3)] == [5, 5, 5]
    assert_conserved(state)
    for seat in range(3):
        assert state.view(seat).hand & state.hand.dead == 0


@pytest.mark.parametrize("mode", MODES)
def test_a_hand_all_passed_to_no_trump_sets_the_dummy_aside_CTD_A15(mode: str) -> None:
    state = new_game(all_pass_no_trump(mode), seed=0, deal=deal("KH"))
    apply_all(state, "pass pass pass pass pass pass")
    assert state.hand.trump == C.NO_TRUMP and state.hand.maker == -1
    assert state.phase == "play" and state.current_player == A
    assert names(state.hand.dead) == {"9D", "TD", "QD", "KD", "AD"}
    assert_conserved(state)


def test_a_hand_without_a_maker_is_played_out_and_scored_with_the_dummy_out() -> None:
    state = new_game(dirty_clubs("choose"), seed=0, deal=deal("TC"))
    apply_all(state, "discard:TS")
    while state.phase == "play" and state.hand_no == 1:
        state.apply(state.legal_actions()[0])
        if state.hand_no == 1:
            assert_conserved(state)
    record = state.hands_played[0]
    assert record.maker == -1 and sum(record.tricks) == 5
    assert record.part(DummyMergeResult) == DummyMergeResult(merged=False)
    assert record.deltas == record.tricks  # every player scores his own tricks (nobody_made)


@pytest.mark.parametrize(("kind", "mode"), OVERLAYS)
def test_random_games_of_the_overlays_lose_no_card_CTD_A15(kind: str, mode: str) -> None:
    v = overlay_of(kind, mode)
    no_maker_hands = 0
    for seed in range(6):
        state = new_game(v, seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if state.is_terminal():
                break
            assert_conserved(state)
            legal = state.legal_action_ids()
            assert legal and 0 <= state.current_player < 3
            if state.phase == "play" and state.hand.maker < 0 and not state.hand.played:
                no_maker_hands += 1
            # mostly pass, so that hands all passed (no-trump) come often
            state.apply(A_.PASS if A_.PASS in legal and rng.random() < 0.85
                        else rng.choice(legal))
    assert no_maker_hands > 0


@pytest.mark.parametrize(("kind", "mode"), OVERLAYS)
def test_simulated_games_of_the_overlays_all_finish(kind: str, mode: str) -> None:
    v = overlay_of(kind, mode)
    tally = simulate(v, seed=5, games=200, bots=[BotSpec.parse("heuristic")] * 3, workers=1)
    report = tally.report().to_json()
    assert report["games"] == 200
    assert report["stopped_at_hand_limit"] == 0


def test_the_rule_book_says_what_becomes_of_the_dummy_without_a_maker_CTD_A15() -> None:
    text = " ".join(render_text(rule_book(dirty_clubs("choose"))).split())
    assert "nobody takes the dummy: it is set aside face down" in text
    plain = " ".join(render_text(rule_book(overlay_of("all_pass_no_trump", "choose"))).split())
    assert "nobody takes the dummy" in plain
    shipped = " ".join(render_text(rule_book(variant("cutthroat"))).split())
    assert "nobody takes the dummy" not in shipped  # every cutthroat hand has a maker


def test_the_narration_says_the_dummy_is_set_aside_when_nobody_made_trump_CTD_A15() -> None:
    v = dirty_clubs("choose")
    n = Narrator(v)
    state = new_game(v, seed=0, deal=deal("TC"))
    assert n.after(state.apply("discard:TS")) == [
        "The dummy hand (5 cards) is set aside unseen: nobody made trump."]
    assert "The dummy hand: set aside unseen, since nobody made trump" in n.view_lines(
        state.view(B), state.events_for(B))
