"""At the table (issue 9, items 19 to 23): every listed action is accepted typed by name in
every shipped variant; ``--resume`` brings back the human's seat and the bots; a renege asks
first; the bid question matches the legal actions; the hand is shown at the deal and the end
of the game speaks to the player.
"""

from __future__ import annotations

import functools
import io
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import load_variant, new_game, shipped_names
from engine.cli.play_answers import action_for, question_for
from engine.cli.play_table import Table
from engine.core import cards as C
from engine.play.records import digest_of, read_record, replay
from engine.play.state import State
from engine.text.narrate import Narrator

Result = Any  # conftest.CliResult
Play = Callable[..., Result]


def _kind(name: str) -> str:
    return name.partition(":")[0]


@functools.cache
def _one_state_per_action_kind(variant: str) -> dict[str, tuple[State, str]]:
    """For each kind of action the variant offers (pass, look, call, play...), a state in
    which one action of that kind is legal, and that action's name: from seeded random play."""
    found: dict[str, tuple[State, str]] = {}
    for seed in range(12):
        state = new_game(load_variant(variant), seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal() and len(state.hands_played) < 3:
            for name in state.legal_actions():
                found.setdefault(_kind(name), (state.clone(), name))
            state.apply(rng.choice(state.legal_action_ids()))
    return found


@pytest.mark.parametrize("variant", shipped_names())
def test_every_listed_action_is_accepted_typed_by_name(variant: str) -> None:
    found = _one_state_per_action_kind(variant)
    assert {"pass", "play"} <= set(found)
    for state, name in found.values():
        assert action_for(state, name) == state.action_id(name), name
        assert action_for(state, name.upper()) == state.action_id(name), name


def test_look_is_offered_and_accepted_in_the_open_swap_variant() -> None:
    assert "look" in _one_state_per_action_kind("ghost-hand-open-swap")


def test_typing_look_at_the_table_looks_at_the_ghost_hand(play: Play) -> None:
    """The reproduction of item 19: `euchre play ghost-hand-open-swap --seed 7`, type look."""
    result = play("look\nquit\n", "ghost-hand-open-swap", "--seed", "7")
    assert result.code == 0
    assert "A (you) looks at the ghost hand" in result.out
    assert "is not an option" not in result.out


# -- item 22: the bid question ----------------------------------------------------------------


def _bidding_state(variant: str, seed: int, passes: int) -> State:
    state = new_game(load_variant(variant), seed=seed)
    for _ in range(passes):
        state.apply("pass")
    return state


def test_round_one_asks_to_order_up_or_pass() -> None:
    state = _bidding_state("standard", 4, 0)
    assert question_for(state) == "Your bid: order up, or pass?"


def test_round_two_asks_for_a_suit_other_than_the_turned_down_one_or_pass() -> None:
    state = _bidding_state("standard", 4, 4)
    turned = C.SUIT_WORDS[C.suit_of(state.hand.turned)]  # the upcard was turned down
    assert question_for(state) == f"Your bid: name a suit other than {turned}, or pass?"


def test_a_stuck_dealer_is_told_he_may_not_pass_before_he_answers() -> None:
    state = _bidding_state("stick-the-dealer", 1, 7)
    assert "pass" not in state.legal_actions()
    assert question_for(state).endswith("(you may not pass: you must name trump).")
    assert "or pass" not in question_for(state)


def test_a_joker_upcard_asks_the_dealer_to_name_any_suit() -> None:
    state = new_game(load_variant("standard-joker"), seed=67)
    assert state.hand.upcard == C.JOKER
    assert question_for(state) == "Your bid: name a suit (you may not pass: you must name trump)."


_WORDS = {"pass": "or pass", "order_up": "order up", "alone": "alone", "look": "look at",
          "swap": "swap for", "call": "name ", "bid": "bid "}


@pytest.mark.parametrize("variant", shipped_names())
def test_every_bid_question_offers_exactly_the_legal_kinds_of_action(variant: str) -> None:
    for seed in range(6):
        state = new_game(load_variant(variant), seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal() and len(state.hands_played) < 2:
            if state.phase in ("upcard_bidding", "auction", "go_alone"):
                question = question_for(state).lower()
                kinds = {_kind(name) for name in state.legal_actions()}
                for kind, words in _WORDS.items():
                    if kind == "bid" and "shoot the moon" in question:
                        continue
                    said = "pick it up" if kind == "order_up" and \
                        state.current == state.dealer else words  # the dealer picks it up
                    assert (said in question) == (kind in kinds), (question, kinds)
            state.apply(rng.choice(state.legal_action_ids()))


# -- item 23: the hand at the deal, the end of the game ---------------------------------------


def test_the_hand_is_shown_at_the_deal_even_when_bots_settle_the_bidding(play: Play) -> None:
    # standard, seed 4, South: every hand starts with South's cards under its header.
    result = play("1\n" * 3000, "standard", "--seed", "4")
    lines = result.out.splitlines()
    headers = [i for i, line in enumerate(lines) if line.startswith("-- Hand ")]
    assert len(headers) > 3
    for i in headers:
        assert lines[i + 1].startswith("Your hand (South): "), lines[i:i + 2]


def _finished(variant: str, seed: int) -> State:
    state = new_game(load_variant(variant), seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_action_ids()))
    return state


def _ending(state: State, seat: int) -> str:
    narrator = Narrator(state.variant, you=seat)
    return Table(state, seat, {}, narrator, None, {}, io.StringIO(), io.StringIO()).ending()


def test_the_end_of_the_game_speaks_to_the_player() -> None:
    state = _finished("cutthroat", 1)
    (winner,) = state.winners
    loser = (winner + 1) % 3
    names = "ABC"
    assert _ending(state, winner).startswith("You win the game. Final score: ")
    assert _ending(state, loser).startswith(
        f"You lose: {names[winner]} wins the game. Final score: ")


def test_a_partnership_win_names_the_partner() -> None:
    state = _finished("standard", 1)
    seat = state.winners[0]
    words = ["North", "East", "South", "West"]
    partner = words[(seat + 2) % 4]
    assert _ending(state, seat).startswith(f"You and {partner} win the game. Final score: ")
    other = "East-West" if seat % 2 else "North-South"
    assert _ending(state, (seat + 1) % 4).startswith(f"You lose: {other} win the game.")


def test_the_last_line_of_a_game_at_the_table_is_said_to_you(play: Play) -> None:
    lines = play("1\n" * 3000, "cutthroat", "--seed", "2").out.splitlines()
    assert lines[-2] == "Play again? (yes/no)"
    last = lines[-3]
    assert re.match(r"You (win the game|lose: [BC] wins the game)\. Final score: ", last), last


# -- item 20: resume restores the seat and the bots ---------------------------------------------


def test_resume_restores_the_human_seat_and_the_bots(play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    play("1\nquit\n", "cutthroat", "--seed", "9", "--seat", "C", "--bots", "random",
         "--save", str(saved))
    result = play("quit\n", "--resume", str(saved))
    assert result.code == 0, result.err
    assert "You are C; bots: A random, B random." in result.out


def test_resume_with_another_seat_is_refused_with_the_reason(play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    play("quit\n", "cutthroat", "--seed", "9", "--seat", "C", "--save", str(saved))
    result = play("quit\n", "--resume", str(saved), "--seat", "A")
    assert result.code == 1
    assert "--seat A: the saved game was played from seat C" in result.err


def test_resume_with_other_bots_is_refused_with_the_reason(play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    play("quit\n", "cutthroat", "--seed", "9", "--bots", "random", "--save", str(saved))
    result = play("quit\n", "--resume", str(saved), "--bots", "heuristic")
    assert result.code == 1 and "the saved game's bots are B random, C random" in result.err


@pytest.mark.parametrize("table", [{"human": 7, "bots": [None, "random", "random"]},
                                   {"human": 0, "bots": ["random", None, "random"]},
                                   {"human": 0, "bots": [None, "genius", "random"]}, []])
def test_a_record_with_a_bad_seating_is_refused_on_resume(play: Play, tmp_path: Path,
                                                          table: Any) -> None:
    saved = tmp_path / "g.json"
    play("quit\n", "cutthroat", "--seed", "9", "--save", str(saved))
    record = json.loads(saved.read_text())
    record["table"] = table
    record["digest"] = digest_of(record)  # re-signed: only the seating is wrong
    saved.write_text(json.dumps(record))
    result = play("quit\n", "--resume", str(saved))
    assert result.code == 1
    assert "the record's `table` (the human's seat and the bots) is not valid" in result.err


# -- item 21: a renege asks first ---------------------------------------------------------------


class _Reneger(io.TextIOBase):
    """Types a card that does not follow suit at the first chance, then ``then``."""

    def __init__(self, saved: Path, then: list[str]) -> None:
        self.saved, self.then, self.card = saved, then, ""

    def readline(self, size: int | None = -1) -> str:
        state = replay(read_record(self.saved))
        if not self.card and state.phase == "play" and state.hand.trick:
            legal = state.legal_action_ids()
            off = [c for c in C.cards_of(state.hand.hands[2]) if 128 + c not in legal]
            if off:
                self.card = C.card_name(off[0])
                return self.card + "\n"
        if self.card and self.then:
            return self.then.pop(0) + "\n"
        return "1\n"


def _renege_game(play: Play, tmp_path: Path, then: list[str]) -> tuple[Result, _Reneger]:
    saved = tmp_path / "g.json"
    keyboard = _Reneger(saved, then)
    result = play(keyboard, "renege", "--seed", "4", "--save", str(saved))
    assert result.code == 0, result.err
    assert keyboard.card, "no chance to renege came up"
    return result, keyboard


def test_a_renege_asks_for_confirmation_naming_the_suit_and_the_cost(play: Play,
                                                                     tmp_path: Path) -> None:
    result, keyboard = _renege_game(play, tmp_path, ["yes"])
    pretty = C.pretty(C.card(keyboard.card))
    asked = re.search(rf"^{re.escape(pretty)} does not follow (clubs|diamonds|hearts|spades|"
                      r"trump), which you hold: that is a renege\. It costs: (.+)\. "
                      r"Play it anyway\? \(yes/no\)$", result.out, re.M)
    assert asked, result.out
    assert "East-West +2" in asked.group(2)
    assert f"South (you) plays {pretty}" in result.out


def test_answering_no_to_a_renege_asks_for_the_card_again(play: Play, tmp_path: Path) -> None:
    result, keyboard = _renege_game(play, tmp_path, ["no"])
    pretty = C.pretty(C.card(keyboard.card))
    assert "Play it anyway? (yes/no)" in result.out
    final = replay(read_record(tmp_path / "g.json"))
    assert not any(hand.reneges for hand in final.hands_played)
    assert f"South (you) plays {pretty}" not in result.out.split("Play it anyway?")[1][:200]
