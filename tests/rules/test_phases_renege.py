"""Reneging at the table, one rule per test, from fixed deals: the `renege` house rule on
standard (STD-A8: the hand ends at once, nothing else is scored, the other side +2), its
played-out alternative (deduct 2 from the offenders), and cutthroat with reneging allowed
(`euchre rules cutthroat`, "Penalties": the offender alone loses 2; alternative: the hand
ends and each non-offender scores 2).

Four-seat games: seats 0..3 are N E S W, partners 0-2 and 1-3, W deals so N is eldest.
Three-seat games: seats 0..2 are A B C, C deals, the dummy is position 3. Expected points are
worked out by hand from the rule book in the comments.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from engine import State, Variant, new_game, shipped_names
from engine.core import actions
from engine.core import cards as C
from engine.rules.results import HandResult, Penalty
from engine.testing.rules import apply_all, discard, last_hand, overlay, play, variant

N, E, S, W = range(4)
A, B, CC = range(3)  # CC: seat C


def four(hands: Sequence[str], upcard: str) -> dict[str, Any]:
    return {"dealer": W, "hands": [h.split() for h in hands], "upcard": upcard}


# Spades will be trump (named by N in round 2). N leads the AH: E must follow with the 9H,
# S with the TH, W with the JH (a plain heart under spades). Kitty JC QH QS.
HEARTS_LED = four(["AH 9C TC 9S TS", "9H QD KD QC KC", "TH KS AC JD AD", "9D TD JH AS JS"],
                  "KH")
SPADES_BY_N = "pass pass pass pass call:S pass"
# Hearts trump, ordered up by N (not alone); W picks up the KH and lays off the TS. N's bowers
# and ace take the first three tricks; then N leads the 9D and S, holding the KD, may renege.
MAKERS_AHEAD = four(["JH JD AH 9D 9S", "AC KC QC JC TD", "9C TC QD KD AD", "AS KS QS JS TS"],
                    "KH")
HEARTS_BY_N = "order_up pass discard:TS"
THREE_TRICKS_TO_N = "JH TD QD KH | JD JC TC AS | AH QC AD KS"


def renege_game(deal: dict[str, Any], **kw: Any) -> State:
    return new_game(variant("renege"), seed=0, deal=deal, **kw)


# -- STD-A8: the first renege ends the hand; only the other side scores, 2 ------------------

def test_a_renege_ends_the_hand_at_once_and_the_other_side_scores_2_STD_A8() -> None:
    state = apply_all(renege_game(HEARTS_LED), f"{SPADES_BY_N} play:AH")
    assert state.legal_actions() == ["play:9H"]
    state.apply("play:QD")  # E reneges
    record = last_hand(state)
    assert record.reneges == ((E, "QD"),) and record.void is True
    assert record.label == "renege" and record.tricks == (0, 0, 0, 0)
    assert record.deltas == (2, 0, 2, 0) and state.scores == [2, 0, 2, 0]
    # The next hand is dealt at once: N deals, E bids first.
    assert (state.hand_no, state.dealer, state.phase, state.current_player) == (
        2, N, "upcard_bidding", E)


def test_a_renege_on_the_last_card_of_a_trick_gives_nobody_that_trick_STD_A8() -> None:
    state = apply_all(renege_game(HEARTS_LED), f"{SPADES_BY_N} play:AH play:9H play:TH")
    state.apply("play:9D")  # W holds the JH: a renege, the fourth card of the trick
    record = last_hand(state)
    assert record.tricks == (0, 0, 0, 0)  # N's AH would have won it
    assert record.deltas == (2, 0, 2, 0) and state.hand_no == 2


def test_a_renege_by_the_makers_loses_what_they_had_made_STD_A8() -> None:
    state = apply_all(renege_game(MAKERS_AHEAD), HEARTS_BY_N)
    play(state, f"{THREE_TRICKS_TO_N} | 9D KC")
    assert state.legal_actions() == ["play:KD"]
    state.apply("play:9C")  # S reneges after N-S took three tricks: no "made" point
    record = last_hand(state)
    assert record.tricks == (3, 0, 0, 0) and record.label == "renege"
    assert record.deltas == (0, 2, 0, 2) and state.scores == [0, 2, 0, 2]
    assert record.penalties == (Penalty(seat=S, card="9C", trick=4, points=(0, 2, 0, 2)),)


def test_a_renege_that_brings_the_other_side_to_the_target_ends_the_game_STD_A8() -> None:
    state = apply_all(renege_game(HEARTS_LED, scores=[8, 9, 8, 9]),
                      f"{SPADES_BY_N} play:AH play:QD")
    assert state.is_terminal() and state.winners == (N, S)
    assert state.scores == [10, 9, 10, 9] and len(state.hands_played) == 1


DEDUCT = """extends: renege
description: A renege costs the offenders 2 (4 in a lone hand); the hand is played out.
penalties:
  renege:
    void_hand: false
    offender: "if(alone, -4, -2)"
    opponents: 0
"""


def test_the_deduct_alternative_plays_the_hand_out_and_charges_the_offenders_STD_A8() -> None:
    state = new_game(overlay(DEDUCT), seed=0, deal=MAKERS_AHEAD)
    apply_all(state, HEARTS_BY_N)
    play(state, f"{THREE_TRICKS_TO_N} | 9D KC 9C")  # S reneges
    assert state.hand_no == 1 and state.current_player == W  # the hand goes on
    play(state, "QS | 9S AC KD JS")
    record = last_hand(state)
    # N-S took 4 tricks (made, +1) and lose 2 for S's renege: -1 each; E-W score nothing.
    assert record.tricks == (4, 0, 0, 1) and record.label == "made"
    assert record.void is False and record.deltas == (-1, 0, -1, 0)


# -- cutthroat with reneging allowed (`euchre rules cutthroat`, "Penalties") -----------------

CUTTHROAT_RENEGE = """extends: cutthroat
description: Cutthroat where a renege is penalised, not refused.
penalties:
  renege:
    allowed: true
"""
CUTTHROAT_VOID = """extends: cutthroat
description: Cutthroat where a renege ends the hand and each non-offender scores 2.
penalties:
  renege:
    allowed: true
    void_hand: true
    offender: 0
    opponents: 2
"""
# A holds the two bowers and the ace of hearts; B the clubs, C the spades, the dummy the
# diamonds. A orders up the KH; C (dealer) takes it and lays off the TS; A merges the dummy
# and discards it whole. On A's JH lead C must follow with the KH.
STRONG = {"dealer": CC, "hands": [["JH", "JD", "AH", "9C", "9S"],
                                  ["AC", "KC", "QC", "JC", "TC"],
                                  ["AS", "KS", "QS", "JS", "TS"]],
          "upcard": "KH", "extra": {"dummy": ["9D", "TD", "QD", "KD", "AD"]}}


def cutthroat_to_first_lead(text: str) -> State:
    state = apply_all(new_game(overlay(text), seed=0, deal=STRONG),
                      "order_up discard:TS pass pass pass")
    discard(state, "9D TD QD KD AD")
    play(state, "JH TC")
    assert state.legal_actions() == ["play:KH"]
    return state


def test_a_renege_costs_the_offender_alone_2_not_his_fellow_defender_RULES_3_3() -> None:
    state = cutthroat_to_first_lead(CUTTHROAT_RENEGE)
    state.apply("play:AS")  # C, a defender, reneges; the hand is scored as played
    assert state.hand_no == 1
    play(state, "JD JC KH | AH QC KS | 9C AC QS | KC JS 9S")
    record = last_hand(state)
    # A took 3 tricks: made, A +1; B (the other defender) 0; C 0 - 2 for the renege.
    assert record.tricks == (3, 2, 0) and record.label == "made"
    assert record.deltas == (1, 0, -2) and state.scores == [1, 0, -2]


def test_the_void_alternative_ends_the_hand_and_each_non_offender_scores_2_RULES_3_3() -> None:
    state = cutthroat_to_first_lead(CUTTHROAT_VOID)
    state.apply("play:AS")  # C reneges: the hand ends; A and B score 2 each
    record = last_hand(state)
    assert record.void is True and record.tricks == (0, 0, 0)
    assert record.deltas == (2, 2, 0) and state.scores == [2, 2, 0]
    assert state.hand_no == 2


# -- every variant that allows reneging: the hand ends when, and only when, it should ---------

def renege_variants() -> list[Any]:
    shipped = [pytest.param(name, id=name) for name in shipped_names()
               if variant(name).renege.allowed]
    written = [pytest.param(text, id=label) for label, text in (
        ("cutthroat+renege", CUTTHROAT_RENEGE), ("cutthroat+void", CUTTHROAT_VOID),
        ("renege+deduct", DEDUCT))]
    return shipped + written


def wrong_cards(state: State) -> list[int]:
    """The current player's cards that do not follow suit: the reneges open to him."""
    if state.phase != "play":
        return []
    legal = set(state.legal_action_ids())
    return [actions.PLAY + c for c in C.cards_of(state.hand.hands[state.current_player])
            if actions.PLAY + c not in legal]


def expected_deltas(v: Variant, record: HandResult, before: list[int]) -> tuple[int, ...]:
    """The table's award for the hand as played (none when a renege voided it), plus each
    renege's penalty: the offender's points to his fixed side, the opponents' to every other
    seat ("Penalties" in `euchre rules standard` and `euchre rules cutthroat`, GH-A11)."""
    if record.void:
        deltas = [0] * v.players
    else:
        deltas = list(v.score_hand(dealer=record.dealer, maker=record.maker,
                                   tricks=record.tricks, scores=before, bid=record.bid,
                                   alone=record.alone).deltas)
    env = {"alone": record.maker in record.alone}
    for seat, _ in record.reneges:
        side = v.sides.side_of(seat)
        for other in range(v.players):
            rule = v.renege.offender if other in side else v.renege.opponents
            deltas[other] += int(rule.evaluate(env))
    return tuple(deltas)


@pytest.mark.parametrize("source", renege_variants())
def test_a_renege_ends_the_hand_exactly_when_the_variant_voids_it(source: str) -> None:
    v = variant(source) if "\n" not in source else overlay(source)
    reneges = 0
    for seed in range(3):
        state, rng = new_game(v, seed=seed), random.Random(seed)
        while not state.is_terminal() and len(state.hands_played) < 6:
            hand, done, before = state.hand_no, len(state.hands_played), list(state.scores)
            wrong = wrong_cards(state)
            renege = bool(wrong) and rng.random() < 0.3
            state.apply(rng.choice(wrong) if renege else rng.choice(state.legal_action_ids()))
            reneges += renege
            if renege and v.renege.void_hand:  # STD-A8: over at once
                assert len(state.hands_played) == done + 1 and state.hands_played[-1].void
            elif renege:  # GH-A11, `euchre rules cutthroat`: played out
                assert state.hand_no == hand and not state.is_terminal()
            assert state.is_terminal() or state.hand.cards_in_play() == v.deck.mask
            for record in state.hands_played[done:]:
                if record.scored:
                    assert record.deltas == expected_deltas(v, record, before), record
    assert reneges > 3
