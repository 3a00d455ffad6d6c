"""engine.text.narrate: seat names (`euchre rules NAME`), sorted hands, one-line actions, hand
summaries, and that a seat's view text holds only what that seat may see."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from engine import load_variant, new_game
from engine.core import cards as C
from engine.mechanics.auction_result import AuctionResult
from engine.mechanics.dummy_merge import DummyMergeResult
from engine.mechanics.events import TrickWon, for_seat
from engine.play.state import State
from engine.rules.results import HandResult
from engine.testing.rules import overlay
from engine.text.narrate import Narrator, hand_text, seat_names, sorted_hand, third_person


def codes(cards: list[int]) -> list[str]:
    return [C.card_name(c) for c in cards]


@pytest.mark.parametrize(("players", "names"), [
    (2, ("P1", "P2")),
    (3, ("A", "B", "C")),
    (4, ("North", "East", "South", "West")),
    (5, ("Seat 0", "Seat 1", "Seat 2", "Seat 3", "Seat 4")),
])
def test_seat_names_follow_rules_section_0(players: int, names: tuple[str, ...]) -> None:
    assert seat_names(players) == names


def test_trump_comes_first_with_joker_right_then_left_bower() -> None:
    hand = C.mask_of(["9C", "JD", "AH", "JH", "TS", "JK", "QD"])
    assert codes(sorted_hand(hand, C.HEARTS)) == ["JK", "JH", "JD", "AH", "9C", "QD", "TS"]


def test_left_bower_sits_with_its_printed_suit_before_trump_is_named() -> None:
    hand = C.mask_of(["JD", "QD", "AH", "9H"])
    assert codes(sorted_hand(hand)) == ["AH", "9H", "QD", "JD"]


def test_suits_alternate_in_colour_after_trump() -> None:
    hand = C.mask_of(["9C", "9D", "9H", "9S"])
    assert codes(sorted_hand(hand, C.CLUBS)) == ["9C", "9D", "9S", "9H"]


def test_hand_text_uses_suit_symbols_and_separates_suits() -> None:
    assert hand_text(C.mask_of(["TH", "AH", "9C"]), C.HEARTS) == "A♥ 10♥  9♣"
    assert hand_text(0) == "(no cards)"


@pytest.mark.parametrize(("variant", "seat", "action", "phase", "text"), [
    ("standard", 1, "order_up", "upcard_bidding", "East orders up"),
    ("standard", 2, "alone", "go_alone", "South goes alone"),
    ("standard", 2, "pass", "go_alone", "South does not go alone"),
    ("standard", 3, "pass", "upcard_bidding", "West passes"),
    ("standard", 3, "call:S", "upcard_bidding", "West names spades ♠ as trump"),
    ("standard", 2, "play:JH", "play", "South plays J♥"),
    ("standard", 2, "play:TD", "play", "South plays 10♦"),
    ("ghost-hand", 0, "swap", "auction", "A swaps for the ghost hand"),
    ("ghost-hand", 1, "bid:4", "auction", "B bids 4"),
    ("ghost-hand", 2, "bid:moon", "auction", "C shoots the moon"),
    ("ghost-hand", 1, "pass", "auction", "B passes"),
    ("ghost-hand-open-swap", 0, "look", "auction", "A looks at the ghost hand"),
    ("ghost-hand-open-swap", 0, "swap", "auction", "A swaps for the ghost hand"),
    ("cutthroat", 0, "merge", "dummy_merge", "A takes the dummy into the hand"),
    ("cutthroat", 0, "keep", "dummy_merge", "A leaves the dummy"),
])
def test_each_action_reads_as_one_line(variant: str, seat: int, action: str, phase: str,
                                       text: str) -> None:
    assert Narrator(load_variant(variant)).action(seat, action, phase=phase) == text


def test_a_discard_names_the_card_only_to_its_owner_or_a_record() -> None:
    n = Narrator(load_variant("standard"))
    assert n.action(0, "discard:9C", viewer=1) == "North discards"
    assert n.action(0, "discard:9C", viewer=0) == "North discards 9♣"
    assert n.action(0, "discard:9C", reveal=True) == "North discards 9♣"
    assert n.action(0, "discard") == "North discards"


def test_the_human_seat_is_marked_you() -> None:
    n = Narrator(load_variant("standard"), you=2)
    assert n.action(2, "pass") == "South (you) passes"


def test_score_line_names_partnerships_and_the_target() -> None:
    n = Narrator(load_variant("standard"))
    assert n.score_line([4, 6, 4, 6]) == "North-South 4, East-West 6 (game to 10)"


def test_hand_summary_of_a_thrown_in_deal() -> None:
    n = Narrator(load_variant("standard"))
    record = HandResult.thrown_in_deal(hand=3, dealer=3, why="all passed", scores=[0] * 4)
    assert n.hand_summary(record) == "Hand 3, dealer West: thrown in (all passed); no score."


def test_hand_summary_of_a_lone_march() -> None:
    n = Narrator(load_variant("standard"))
    record = HandResult(hand=1, dealer=0, maker=1, trump="H", alone=(1,), tricks=(0, 5, 0, 0),
                        label="lone_march", deltas=(0, 4, 0, 4), scores=(0, 4, 0, 4))
    assert n.hand_summary(record) == (
        "Hand 1, dealer North: East made hearts ♥ trump (East alone); the makers took 5 of "
        "5 tricks: lone march. East-West +4. Score: North-South 0, East-West 4 (game to 10)")


def test_winners_line_names_the_winning_partnership() -> None:
    n = Narrator(load_variant("standard"))
    assert n.winners_line((1, 3), [7, 10, 7, 10]).startswith("East-West win the game.")
    n3 = Narrator(load_variant("cutthroat"))
    assert n3.winners_line((1,), [3, 10, 5]).startswith("B wins the game.")


def test_view_text_never_shows_the_ghost_hand_or_other_seats_cards() -> None:
    variant = load_variant("ghost-hand")
    state = new_game(variant, seed=11)
    seat = state.current_player
    text = "\n".join(Narrator(variant).view_lines(state.view(seat), state.events_for(seat)))
    own = state.hand.hands[seat]
    for c in C.cards_of(variant.deck.mask & ~own):
        assert f" {C.pretty(c)}" not in text, C.card_name(c)
    assert "The ghost hand: 6 cards, face down" in text


def test_a_finished_trick_is_announced_with_its_winner_the_left_bower_here() -> None:
    variant = load_variant("standard")
    deal = {"dealer": 3, "hands": [["9C", "TC", "JC", "QC", "KC"], ["9D", "TD", "JD", "QD", "KD"],
                                   ["9H", "TH", "JH", "QH", "KH"], ["9S", "TS", "JS", "QS", "KS"]],
            "upcard": "AC"}
    state = new_game(variant, seed=1, deal=deal)
    for action in ["order_up", "pass", "discard:AC", "play:KC", "play:9D", "play:9H"]:
        state.apply(action)
    assert Narrator(variant).after(state.apply("play:JS")) == [
        "Trick 1 to West: North K♣, East 9♦, South 9♥, West J♠"]


# -- Cutthroat: the dummy (`euchre rules cutthroat`, CTD-A3, CTD-A13) ------------------------

CUTTHROAT = {"dealer": 2, "hands": [["JH", "JD", "AH", "9C", "9S"], ["AC", "KC", "QC", "JC", "TC"],
                                    ["AS", "KS", "QS", "JS", "TS"]],
             "upcard": "KH", "extra": {"dummy": ["9D", "TD", "QD", "KD", "AD"]}}


def run(state: State, actions: str) -> State:
    for action in actions.split():
        state.apply(action)
    return state


def narrate_last(narrator: Narrator, state: State, action: str, *, reveal: bool = False,
                 viewer: int | None = None) -> list[str]:
    """Apply ``action`` and return what ``after`` says about it, to ``viewer`` (None: a seat
    that sees no private event whole), or to a record's reader (``reveal``)."""
    events = state.apply(action)
    return narrator.after(events if reveal else for_seat(events, -1 if viewer is None
                                                         else viewer))


def view_text(narrator: Narrator, state: State, seat: int) -> str:
    return "\n".join(narrator.view_lines(state.view(seat), state.events_for(seat)))


def hidden_cards_shown(text: str, hidden: int) -> list[str]:
    return [C.card_name(c) for c in C.cards_of(hidden) if f" {C.pretty(c)}" in text]


def test_the_dummy_shows_its_size_face_down_until_the_merge_RULES_3_3() -> None:
    variant = load_variant("cutthroat")
    state = new_game(variant, seed=0, deal=CUTTHROAT)
    text = view_text(Narrator(variant), state, 1)
    assert "The dummy hand: 5 cards, face down" in text
    assert hidden_cards_shown(text, state.hand.hands[3]) == []


def test_the_merge_says_who_merged_the_dummy_and_how_many_cards_go_CTD_A3() -> None:
    variant = load_variant("cutthroat")
    n = Narrator(variant)
    state = run(new_game(variant, seed=0, deal=CUTTHROAT), "order_up discard:TS pass pass")
    assert narrate_last(n, state, "pass") == [
        "The dummy hand (5 cards) is merged by A, who holds 10 cards and discards 5."]
    assert "You hold 10 cards: discard 5 to keep 5" in view_text(n, state, 0)
    assert "You hold" not in view_text(n, state, 1)
    run(state, "discard:9D discard:TD discard:QD discard:KD discard:AD")
    assert "The dummy hand: merged by A" in view_text(n, state, 1)
    # The others hear of five discards, not which.
    assert "A discards 5 cards" in view_text(n, state, 1)
    assert "A discards 9♦" in view_text(n, state, 0)


def test_the_dealer_who_took_the_upcard_merges_eleven_and_discards_six_RULES_3_3() -> None:
    variant = load_variant("cutthroat")
    state = run(new_game(variant, seed=0, deal=CUTTHROAT), "pass pass order_up pass pass")
    assert narrate_last(Narrator(variant), state, "pass") == [
        "The dummy hand (5 cards) is merged by C, who holds 11 cards and discards 6."]


def test_a_lone_maker_gives_up_the_dummy_unseen_CTD_A13() -> None:
    variant = load_variant("cutthroat")
    n = Narrator(variant)
    state = run(new_game(variant, seed=0, deal=CUTTHROAT), "order_up discard:TS alone pass")
    assert narrate_last(n, state, "pass") == [
        "The dummy hand (5 cards) is given up unseen: A plays alone."]
    for seat in range(3):
        text = view_text(n, state, seat)
        assert "The dummy hand: given up unseen" in text
        assert hidden_cards_shown(text, state.hand.dead) == []


def test_cutthroat_hand_summaries_tell_the_dummys_fate_RULES_3_3() -> None:
    n = Narrator(load_variant("cutthroat"))
    record = HandResult(hand=1, dealer=2, maker=0, trump="H", tricks=(3, 2, 0), label="made",
                        deltas=(1, 0, 0), scores=(1, 0, 0),
                        parts={"dummy_merge": DummyMergeResult(merged=True)})
    assert n.hand_summary(record) == (
        "Hand 1, dealer C: A made hearts ♥ trump (the dummy merged by A); A took 3 of 5 "
        "tricks: made. A +1. Score: A 1, B 0, C 0 (game to 10)")
    lone = record._replace(alone=(0, 1), parts={"dummy_merge": DummyMergeResult(merged=False)},
                           tricks=(0, 5, 0),
                           label="lone_defender_march", deltas=(0, 4, 4), scores=(0, 4, 4))
    assert n.hand_summary(lone) == (
        "Hand 1, dealer C: A made hearts ♥ trump (A alone; B alone; the dummy given up "
        "unseen); A took 0 of 5 tricks: lone defender march. B +4, C +4. Score: A 0, B 4, "
        "C 4 (game to 10)")


# -- Ghost Hand: the auction, the swap, the dead hand, the look (`euchre rules ghost-hand`) --

A_CODES = ["JH", "JD", "AH", "9C", "9S", "9D"]
GHOST_CODES = ["AD", "KD", "QD", "TD", "TH", "9H"]
GHOST = {"dealer": 2, "hands": [A_CODES, ["AC", "KC", "QC", "JC", "TC", "KH"],
                                ["AS", "KS", "QS", "JS", "TS", "QH"]],
         "extra": {"ghost": GHOST_CODES}}
GHOST_CARDS = C.mask_of(GHOST_CODES)
A_HAND = C.mask_of(A_CODES)


def test_the_auction_shows_the_high_bid_so_far_RULES_3_5() -> None:
    variant = load_variant("ghost-hand")
    n = Narrator(variant)
    state = new_game(variant, seed=0, deal=GHOST)
    assert "High bid so far: none" in view_text(n, state, 0)
    state.apply("bid:4")
    text = view_text(n, state, 1)
    assert "High bid so far: 4, by A" in text and "This hand so far: A bids 4" in text


def test_the_moon_is_said_in_the_variants_words_RULES_3_5() -> None:
    variant = load_variant("ghost-hand")
    n = Narrator(variant)
    state = run(new_game(variant, seed=0, deal=GHOST), "bid:4 bid:moon")
    assert n.action(1, "bid:moon") == "B shoots the moon"
    state.apply("call:C")
    text = view_text(n, state, 0)
    assert "This hand so far: A bids 4; B shoots the moon; B names clubs ♣ as trump" in text
    assert "Trump: clubs ♣, made by B (bid: shoot the moon)" in text


def test_ghost_hand_summaries_name_the_bid_and_the_top_bids_label_RULES_3_5() -> None:
    n = Narrator(load_variant("ghost-hand"))
    record = HandResult(hand=2, dealer=0, maker=1, trump="S", bid="moon", tricks=(1, 5, 0),
                        label="moon_failed", deltas=(1, -6, 0), scores=(4, -6, 1),
                        parts={"auction": AuctionResult(swapped=1)})
    assert n.hand_summary(record) == (
        "Hand 2, dealer A: B made spades ♠ trump on a bid to shoot the moon (B swapped for "
        "the ghost hand); B took 5 of 6 tricks: moon failed. A +1, B -6. Score: A 4, B -6, "
        "C 1 (game to 32)")
    assert " on a bid of 4 (" in n.hand_summary(record._replace(bid=4, label="made"))


def test_a_swap_leaves_a_dead_hand_whose_cards_only_the_swapper_sees_GH_A3() -> None:
    variant = load_variant("ghost-hand")
    n = Narrator(variant)
    state = new_game(variant, seed=0, deal=GHOST)
    events = state.apply("swap")
    assert n.after(for_seat(events, 1)) == [
        "The hand A gave up lies dead, face down (6 cards); no other swap this deal."]
    assert n.after(for_seat(events, 2)) == n.after(for_seat(events, 1))
    assert n.after(for_seat(events, 0)) == [
        f"The hand A gave up lies dead, face down (6 cards): {hand_text(A_HAND)}; no other "
        "swap this deal."]
    assert n.after(events) == n.after(for_seat(events, 0))  # a record shows everything
    own = view_text(n, state, 0)
    assert "A swapped for the ghost hand; your old hand lies dead (6 cards): " in own
    other = view_text(n, state, 1)
    assert "A swapped for the ghost hand; A's old hand lies dead (6 cards)" in other
    assert hidden_cards_shown(other, A_HAND | GHOST_CARDS) == []
    assert "The ghost hand:" not in other  # no ghost left to swap


def test_a_look_shows_the_ghost_cards_to_the_looker_only_ghost_hand_open_swap() -> None:
    variant = load_variant("ghost-hand-open-swap")
    n = Narrator(variant)
    state = new_game(variant, seed=0, deal=GHOST)
    events = state.apply("look")
    assert n.action_line(events[0]) == "A looks at the ghost hand"
    assert n.after(for_seat(events, 1)) == [] and n.after(for_seat(events, 2)) == []
    [line] = n.after(for_seat(events, 0))
    assert line.startswith("The ghost hand A looks at: ")
    assert sorted(hidden_cards_shown(line, GHOST_CARDS)) == sorted(C.names(GHOST_CARDS))
    assert n.after(events) == [line]  # a replay shows everything
    own = view_text(n, state, 0)
    assert f"You looked at the ghost hand: {hand_text(GHOST_CARDS)}" in own
    state.apply("bid:3")
    for seat in (1, 2):
        text = view_text(n, state, seat)
        assert "A looked at the ghost hand; nobody else may look or swap this deal" in text
        assert hidden_cards_shown(text, GHOST_CARDS) == []
        assert "You looked" not in text
    assert "You looked at the ghost hand: " in view_text(n, state, 0)


# -- reneges (GH-A11, STD-A8, `euchre rules cutthroat`): told once, cards as shown everywhere

RAW_CODE = re.compile(r"\b(?:[2-9TJQKA][CDHS]|JK)\b")
"""A card written as its code (``QD``): narration shows cards as ``Q♦``."""

# Spades are named by North in round 2; North leads the A♥, which every seat can follow.
HEARTS_LED = {"dealer": 3, "hands": [h.split() for h in [
    "AH 9C TC 9S TS", "9H QD KD QC KC", "TH KS AC JD AD", "9D TD JH AS JS"]], "upcard": "KH"}
CUTTHROAT_RENEGE = """extends: cutthroat
description: Cutthroat where a renege is penalised, not refused.
penalties:
  renege:
    allowed: true
"""


def plays(cards: str) -> list[str]:
    return [f"play:{c}" for c in cards.split()]


def test_a_renege_that_ends_the_hand_is_told_once_with_its_card_and_cost_STD_A8() -> None:
    variant = load_variant("renege")
    state = run(new_game(variant, seed=0, deal=HEARTS_LED),
                "pass pass pass pass call:S pass play:AH play:9H play:TH")
    lines = narrate_last(Narrator(variant), state, "play:9D")  # West holds the J♥
    assert lines == [
        "Trick 1 does not count: North A♥, East 9♥, South 10♥, West 9♦",
        "Hand 1, dealer West: North made spades ♠ trump; West reneged with 9♦ in trick 1, "
        "which ends the hand: nothing else is scored; North-South +2. "
        "Score: North-South 2, East-West 0 (game to 10)"]


def test_a_renege_in_mid_trick_leaves_the_trick_unfinished_STD_A8() -> None:
    variant = load_variant("renege")
    state = run(new_game(variant, seed=0, deal=HEARTS_LED), "pass pass pass pass call:S pass")
    state.apply("play:AH")
    lines = narrate_last(Narrator(variant, you=1), state, "play:QD")
    assert lines[0] == "Trick 1 does not count: North A♥, East (you) Q♦"
    assert lines[1].count("+2") == 1 and "East (you) reneged with Q♦ in trick 1" in lines[1]


def test_a_renege_in_a_hand_played_out_is_told_when_made_and_costed_in_the_summary_GH_A11(
        ) -> None:
    variant = load_variant("ghost-hand")
    n = Narrator(variant)
    state = run(new_game(variant, seed=0, deal=GHOST), "bid:3 pass pass call:H")
    run(state, " ".join(plays("9S TC AS KS JH JC JD")))
    assert narrate_last(n, state, "play:QC") == [  # B holds the K♥; the J♦ led is trump
        "B reneges: Q♣ does not follow trump; the penalty is scored with the hand."]
    *first, last = plays("QH AH KH QS 9C AC JS KC TS 9D")
    run(state, " ".join(first))
    assert narrate_last(n, state, last)[-1] == (
        "Hand 1, dealer C: A made hearts ♥ trump on a bid of 3; A took 3 of 6 tricks: made. "
        "B reneged with Q♣ in trick 3: B -2. In all: A +3, B 0, C +1. "
        "Score: A 3, B 0, C 1 (game to 32)")


def test_a_cutthroat_renege_is_charged_to_the_offender_alone_in_the_text_RULES_3_3(
        tmp_path: Path) -> None:
    path = tmp_path / "cutthroat-renege.yaml"
    path.write_text(CUTTHROAT_RENEGE, encoding="utf-8")
    variant = load_variant(path)
    n = Narrator(variant)
    state = run(new_game(variant, seed=0, deal=CUTTHROAT),
                "order_up discard:TS pass pass pass discard:9D discard:TD discard:QD "
                "discard:KD discard:AD play:JH play:TC")
    assert narrate_last(n, state, "play:AS") == [  # C holds the K♥
        "C reneges: A♠ does not follow trump; the penalty is scored with the hand.",
        "Trick 1 to A: A J♥, B 10♣, C A♠"]
    *first, last = plays("JD JC KH AH QC KS 9C AC QS KC JS 9S")
    run(state, " ".join(first))
    assert narrate_last(n, state, last)[-1] == (
        "Hand 1, dealer C: A made hearts ♥ trump (the dummy merged by A); A took 3 of 5 "
        "tricks: made. C reneged with A♠ in trick 1: C -2. In all: A +1, B 0, C -2. "
        "Score: A 1, B 0, C -2 (game to 10)")


@pytest.mark.parametrize(("name", "deal", "before", "renege"), [
    ("renege", HEARTS_LED, "pass pass pass pass call:S pass play:AH", "play:QD"),
    ("ghost-hand", GHOST, "bid:3 pass pass call:H play:9S play:TC play:AS play:KS play:JH "
                          "play:JC play:JD", "play:QC"),
])
def test_no_line_of_a_game_with_a_renege_shows_a_raw_card_code(
        name: str, deal: dict[str, Any], before: str, renege: str) -> None:
    variant = load_variant(name)
    n = Narrator(variant, you=1)
    state = new_game(variant, seed=0, deal=deal)
    said: list[str] = []
    for action in [*before.split(), renege]:
        said.append(n.action(state.current_player, action, phase=state.phase, viewer=1))
        said += narrate_last(n, state, action, viewer=1)
    while state.hand_no == 1:
        action = state.legal_actions()[0]
        said.append(n.action(state.current_player, action, phase=state.phase, viewer=1))
        said += narrate_last(n, state, action, viewer=1)
    said += n.view_lines(state.view(1), state.events_for(1))
    assert any("reneged" in line for line in said)
    assert [line for line in said if RAW_CODE.search(line)] == []


@pytest.mark.parametrize(("phrase", "said"), [
    ("shoot the moon", "shoots the moon"), ("go for broke", "goes for broke"),
    ("try all", "tries all"), ("play", "plays"), ("pass", "passes"),
])
def test_a_top_bid_label_is_said_in_the_third_person(phrase: str, said: str) -> None:
    assert third_person(phrase) == said


@pytest.mark.parametrize("name", ["cutthroat", "cutthroat-must-merge", "ghost-hand-open-swap",
                                  "ghost-hand-continuous", "renege"])
def test_every_action_of_a_short_seeded_game_has_words_of_its_own(name: str) -> None:
    variant = load_variant(name)
    n = Narrator(variant)
    state = new_game(variant, seed=3)
    rng = random.Random(3)
    while not state.is_terminal() and state.hand_no <= 3:
        seat = state.current_player
        action = rng.choice(state.legal_actions())
        line = n.action(seat, action, phase=state.phase, reveal=True)
        assert line != f"{n.seat(seat)} {action}", line  # a verb, not the raw action name
        narrate_last(n, state, action, reveal=True)
        for seat_ in range(variant.players):
            n.view_lines(state.view(seat_), state.events_for(seat_))


# -- the trick's winner is the one the play mechanic recorded (narration never works it out) --


def test_a_trick_line_names_the_winner_the_play_mechanic_recorded() -> None:
    variant = load_variant("standard")
    deal = {"dealer": 3, "hands": [["9C", "TC", "JC", "QC", "KC"], ["9D", "TD", "JD", "QD", "KD"],
                                   ["9H", "TH", "JH", "QH", "KH"], ["9S", "TS", "JS", "QS", "KS"]],
            "upcard": "AC"}
    state = run(new_game(variant, seed=1, deal=deal),
                "order_up pass discard:AC play:KC play:9D play:9H")
    events = state.apply("play:JS")
    [trick] = [e for e in events if isinstance(e, TrickWon)]
    assert trick.winner == 3  # West's left bower
    # were the event to say East, the line would say East
    told = [e._replace(winner=1) if isinstance(e, TrickWon) else e for e in events]
    assert Narrator(variant).after(told) == [
        "Trick 1 to East: North K♣, East 9♦, South 9♥, West J♠"]


@pytest.mark.parametrize("name", ["standard", "cutthroat", "ghost-hand"])
def test_the_last_trick_of_a_hand_goes_to_the_seat_the_hands_record_credits(name: str) -> None:
    variant = load_variant(name)
    n = Narrator(variant)
    state, rng = new_game(variant, seed=7), random.Random(7)
    checked = 0
    while not state.is_terminal() and checked < 3:
        action = rng.choice(state.legal_actions())
        hands_done, won = len(state.hands_played), list(state.hand.tricks_won)
        lines = narrate_last(n, state, action)
        scored = state.hands_played[hands_done:]
        if action.startswith("play:") and scored and scored[0].thrown_in is None:
            winner = next(s for s, t in enumerate(scored[0].tricks) if t > won[s])
            trick = [line for line in lines if line.startswith("Trick ")]
            assert trick and trick[0].startswith(
                f"Trick {variant.deal.hand_size} to {n.seat(winner)}: "), lines
            checked += 1
    assert checked == 3


# -- an exchange with an extra hand names the seat that took it (`kitty_exchange`) -------------

GHOST_EXCHANGE = """
extends: two-handed
description: two-handed with a ghost hand the dealer exchanges with{after}.
flow: [deal, {flow}, play, score]
deal:
  packets: one_at_a_time
  extra_hands: [{{name: ghost, position: dealer_right}}]
kitty_exchange: {{source: ghost, seat: dealer}}
"""
TWO_GHOST = {"dealer": 0, "hands": [["9C", "TC", "JC", "QC", "KC"], ["9D", "TD", "JD", "QD", "KD"]],
             "upcard": "9S", "extra": {"ghost": ["AC", "AD", "AH", "AS", "KH"]}}


def test_the_dealer_who_takes_the_ghost_hand_is_named_with_his_discards() -> None:
    variant = overlay(GHOST_EXCHANGE.format(
        after=" after the bidding",
        flow="upcard_bidding, dealer_pickup, kitty_exchange"))
    n = Narrator(variant)
    # P2 (eldest) orders up the 9S; P1, the dealer, takes it and discards; then he exchanges.
    state = run(new_game(variant, seed=0, deal=TWO_GHOST), "order_up")
    assert narrate_last(n, state, "discard:9C") == [
        "P1 takes the ghost hand (5 cards): he holds 10 cards and discards 5."]
    assert state.current_player == 0


def test_a_ghost_hand_taken_as_the_hand_begins_is_said_in_the_hand_header() -> None:
    variant = overlay(GHOST_EXCHANGE.format(
        after="", flow="kitty_exchange, upcard_bidding, dealer_pickup"))
    state = new_game(variant, seed=0, deal=TWO_GHOST)
    assert Narrator(variant).hand_header(state) == (
        "-- Hand 1, dealer P1, upcard 9♠; P1 takes the ghost hand (5 cards) --")


# -- words that agree (issue 22, items 16 and 28) --------------------------------------------

def test_two_partners_of_a_lone_maker_sit_out_in_the_plural_standard_six() -> None:
    variant = load_variant("standard-six")
    state = run(new_game(variant, seed=0), "order_up")  # seed 0: Seat 2 (eldest) orders up
    assert state.current_player == 2 and "alone" in state.legal_actions()
    assert narrate_last(Narrator(variant), state, "alone") == [
        "Seat 1 picks up the Q♦.", "Seat 0 and Seat 4 sit out this hand."]


def test_a_lone_partner_sitting_out_is_said_in_the_singular_standard() -> None:
    variant = load_variant("standard")
    state = run(new_game(variant, seed=4), "order_up")  # seed 4: North orders up, West deals
    assert narrate_last(Narrator(variant), state, "alone") == [
        "West picks up the J♠.", "South sits out this hand."]


def test_a_hand_played_at_no_trump_was_called_not_made_trump_bid_euchre() -> None:
    n = Narrator(load_variant("bid-euchre"))
    record = HandResult(hand=1, dealer=3, maker=0, trump="N", tricks=(2, 0, 2, 2), bid=4,
                        label="made", deltas=(4, 2, 4, 2), scores=(4, 2, 4, 2))
    assert n.hand_summary(record).startswith(
        "Hand 1, dealer West: North called no-trump on a bid of 4; the makers took 4 of 6 "
        "tricks: made.")


def test_a_special_bid_named_as_a_noun_is_a_bid_of_it_pepper() -> None:
    n = Narrator(load_variant("pepper"))
    record = HandResult(hand=1, dealer=3, maker=0, trump="H", tricks=(3, 0, 3, 0),
                        bid="little_pepper", label="little_pepper", deltas=(12, 0, 12, 0),
                        scores=(12, 0, 12, 0))
    assert "North made hearts ♥ trump on a bid of little pepper;" in n.hand_summary(record)
    assert n.action(0, "bid:little_pepper") == "North bids little pepper"


def test_a_top_bid_named_as_a_noun_is_a_bid_of_it_and_is_bid() -> None:
    variant = overlay("""
extends: ghost-hand
description: ghost hand whose top bid is called the double moon.
auction:
  top_bid: {name: moon, tricks: 6, label: double moon}
""")
    n = Narrator(variant)
    record = HandResult(hand=1, dealer=2, maker=0, trump="H", tricks=(6, 0, 0), bid="moon",
                        label="moon", deltas=(24, 0, 0), scores=(24, 0, 0))
    assert "A made hearts ♥ trump on a bid of double moon;" in n.hand_summary(record)
    assert n.action(0, "bid:moon") == "A bids double moon"


def test_a_moon_shot_stays_a_bid_to_shoot_the_moon_ghost_hand() -> None:
    n = Narrator(load_variant("ghost-hand"))
    record = HandResult(hand=1, dealer=2, maker=0, trump="H", tricks=(6, 0, 0), bid="moon",
                        label="moon", deltas=(24, 0, 0), scores=(24, 0, 0))
    assert "A made hearts ♥ trump on a bid to shoot the moon;" in n.hand_summary(record)


FARMER = {"dealer": 3, "upcard": "KS",
          "hands": [h.split() for h in ("9C 9D 9H TC AS", "JH AH KH QH TH",
                                        "AC KC QC JC JD", "AD KD QD TD JS")]}


def test_a_farmers_exchange_names_the_cards_shown_STD_A15() -> None:
    variant = load_variant("farmers-hand")
    n = Narrator(variant)
    state = new_game(variant, seed=0, deal=FARMER)
    # North holds three nines (and the ten of clubs): he shows the nines, first suits first
    assert narrate_last(n, state, "exchange") == [
        "North shows 9♥ 9♣ 9♦ and takes three cards of the kitty in their place, face down."]


def test_the_hand_so_far_says_who_kept_his_hand_in_the_redeal_farmers_hand() -> None:
    variant = load_variant("farmers-hand")
    state = run(new_game(variant, seed=0, deal=FARMER), "exchange keep keep keep")
    assert state.phase == "upcard_bidding"
    text = view_text(Narrator(variant), state, 1)
    assert ("This hand so far: North shows a farmer's hand and exchanges it with the kitty; "
            "East keeps his hand; South keeps his hand; West keeps his hand") in text
    assert "leaves the upcard" not in text


def test_passes_after_trump_belong_to_going_alone_then_to_declaring_railroad_jamboree() -> None:
    variant = load_variant("railroad-jamboree")
    deal = {"dealer": 3, "upcard": "9H",
            "hands": [h.split() for h in ("QH 9C TC QC KC", "JK JH JD AH KH",
                                          "AC JC 9D TD QD", "KD AD 9S TS JS")]}
    state = run(new_game(variant, seed=0, deal=deal), "order_up pass discard:9S pass pass")
    text = view_text(Narrator(variant), state, 2)
    assert ("This hand so far: North orders up; North does not go alone; West discards; "
            "North passes; East passes") in text
