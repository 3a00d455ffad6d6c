"""Reneges taken back before the trick is turned (``penalties.renege.correct:
before_turned``; RENEGE-A1, RENEGE-A2), from fixed deals.

The club rule (American rules of 1877, section 11): a player who has revoked "may reclaim his
card and substitute one of the suit led, provided that he does so before the trick is turned
and quitted ... no penalty shall accrue against him ... and if one of his adversaries has
played after him, said adversary shall be allowed to take back his card and play another if
he so elect"; the laws of Euchre (69): "Any player or players who have played after him,
except his partner, may withdraw their cards and substitute others."

Seats 0..3 are N E S W, partners N-S and E-W; W deals so N is eldest. N names spades in the
second round; N leads the A♥ and E, who holds the 9♥, reneges with the Q♦.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import State, new_game
from engine.bots import BotSpec, make_bot
from engine.core import cards as C
from engine.core.errors import EuchreError
from engine.mechanics.events import TrickWon
from engine.play.records import record_of, replay
from engine.sim.simulate import play_game
from engine.testing.rules import apply_all, last_hand, overlay
from engine.text.narrate import Narrator
from engine.text.rulebook import rule_book

N, E, S, W = range(4)

CORRECT = """extends: renege
description: Standard with reneges taken back before the trick is turned (RENEGE-A1).
penalties:
  renege:
    correct: before_turned
"""
PLAYED_OUT = CORRECT + "    void_hand: false\n"
# S holds two hearts, the 10 and the Q; kitty J♣ K♠ Q♠.
DEAL: dict[str, Any] = {"dealer": W, "upcard": "KH", "hands": [
    h.split() for h in ("AH 9C TC 9S TS", "9H QD KD QC KC", "TH QH AC JD AD",
                        "9D TD JH AS JS")]}
SPADES_BY_N = "pass pass pass pass call:S pass"


def reneged_trick(text: str = CORRECT) -> State:
    """N leads the A♥, E reneges with the Q♦, S follows with the 10♥, W with the J♥: the
    trick is complete and not yet turned."""
    state = apply_all(new_game(overlay(text), seed=0, deal=DEAL), f"{SPADES_BY_N} play:AH")
    apply_all(state, "play:QD play:TH play:JH")
    return state


def test_before_the_trick_is_turned_the_reneger_is_asked_RENEGE_A1() -> None:
    state = reneged_trick()
    # The trick is complete but not turned: E may leave the Q♦ (pass) or play his 9♥.
    assert state.current_player == E and state.legal_actions() == ["pass", "play:9H"]
    assert state.hand.tricks_won == [0, 0, 0, 0]


def test_a_renege_taken_back_is_not_penalised_RENEGE_A1() -> None:
    state = reneged_trick()
    state.apply("play:9H")
    # S, an opponent who played after E, may change his card; W, E's partner, may not.
    assert state.current_player == S and state.legal_actions() == ["pass", "play:QH"]
    state.apply("pass")
    # The trick is turned: A♥ 9♥ 10♥ J♥ (spades trump), N's ace wins; no renege remains.
    assert state.hand.tricks_won == [1, 0, 0, 0] and state.hand.reneges == []
    assert state.current_player == N and "QD" in state.view(E).hand_codes
    # The hand is then played out and scored as if no renege had happened.
    assert state.hand_no == 1 and state.phase == "play"


def test_an_opponent_after_him_may_change_his_card_RENEGE_A2() -> None:
    state = reneged_trick()
    state.apply("play:9H")
    events = state.apply("play:QH")  # S takes back the 10♥ and plays the Q♥
    assert [type(e).__name__ for e in events] == ["CardChanged", "TrickWon"]
    trick = events[1]
    assert isinstance(trick, TrickWon) and trick.winner == N
    assert [C.card_name(card) for card in trick.cards] == ["AH", "9H", "QH", "JH"]
    assert state.view(S).hand_codes == ["AC", "JD", "AD", "TH"]


def test_a_renege_left_standing_ends_the_hand_when_the_trick_is_turned_STD_A8() -> None:
    state = reneged_trick()
    state.apply("pass")  # E lets the Q♦ stand: established, the hand is void (STD-A8)
    record = last_hand(state)
    assert record.reneges == ((E, "QD"),) and record.void is True
    assert record.deltas == (2, 0, 2, 0) and state.hand_no == 2


def test_a_renege_left_standing_in_a_played_out_hand_is_penalised_GH_A11() -> None:
    state = reneged_trick(PLAYED_OUT)
    state.apply("pass")
    # The trick is turned with the Q♦ in it: N's A♥ wins; the renege is recorded.
    assert state.hand.tricks_won == [1, 0, 0, 0]
    assert state.hand.reneges == [(E, C.card("QD"))]


def test_the_narration_says_the_card_taken_back_RENEGE_A1() -> None:
    state = reneged_trick()
    narrator = Narrator(state.variant, you=S)
    renege_line = narrator.after(state.events[-4:])
    assert renege_line[0] == ("East reneges: Q♦ does not follow hearts; it may be taken back "
                              "before the trick is turned (RENEGE-A1).")
    taken = state.apply("play:9H")
    assert narrator.action_line(taken[0]) == (
        "East takes back the Q♦ and plays the 9♥: the renege is corrected before the trick "
        "is turned, without penalty.")
    changed = state.apply("play:QH")
    assert narrator.action_line(changed[0]) == "South (you) takes back the 10♥ and plays the Q♥."
    assert narrator.after(changed)[0].startswith("Trick 1 to North: North A♥, East 9♥, South")


def test_a_record_with_a_correction_replays() -> None:
    state = reneged_trick()
    apply_all(state, "play:9H play:QH")
    again = replay(record_of(state))
    assert again.history == state.history and again.hand.tricks_won == [1, 0, 0, 0]


def test_the_bots_keep_their_cards_and_correct_their_own_renege_RENEGE_A1() -> None:
    state = reneged_trick()
    heuristic = BotSpec.parse("heuristic")
    # Asked about its own renege (as a hint would be), the bot plays the 9♥.
    assert state.action_name(make_bot(heuristic, state.variant, E, 1).act(state)) == "play:9H"
    state.apply("play:9H")
    # Asked whether to change its card, the opponent bot keeps it.
    assert state.action_name(make_bot(heuristic, state.variant, S, 1).act(state)) == "pass"


def test_views_show_the_corrected_trick_and_nothing_hidden() -> None:
    state = reneged_trick()
    state.apply("play:9H")
    for seat in range(4):
        view = state.view(seat)
        assert [C.card_name(card) for _, card in view.trick] == ["AH", "9H", "TH", "JH"]
        # The Q♦ is back in E's hand, which only E sees (the others saw it played).
        assert ("QD" in view.hand_codes) == (seat == E)


def test_the_rule_book_says_the_correction() -> None:
    text = "\n".join(rule.text for section in rule_book(overlay(CORRECT)).sections
                     for rule in section.rules)
    assert "Before the trick is turned (once its last card is played) he may take" in text
    assert "his partner may not (RENEGE-A1, RENEGE-A2)" in text


@pytest.mark.parametrize(("text", "message"), [
    ("extends: standard\ndescription: x\npenalties:\n  renege:\n    correct: before_turned\n",
     ":5:14: error: a renege can be taken back only where reneging is allowed"),
    ("extends: renege\ndescription: x\npenalties:\n  renege:\n    correct: before_turned\n"
     "go_alone:\n  exposed: true\n",
     ":7:12: error: taking back a renege is not built for exposed lone hands"),
])
def test_bad_combinations_are_located_errors(text: str, message: str) -> None:
    with pytest.raises(EuchreError) as caught:
        overlay(text)
    assert message in str(caught.value)


@pytest.mark.parametrize("seed", range(3))
def test_without_a_renege_the_tricks_are_played_as_before(seed: int) -> None:
    # Bots never renege: a game of the overlay is the game of `renege` card for card.
    bots = [BotSpec.parse("heuristic")] * 4
    mine = play_game(overlay(CORRECT), seed, bots)
    theirs = play_game(new_game("renege").variant, seed, bots)
    assert mine.history == theirs.history and mine.scores == theirs.scores
