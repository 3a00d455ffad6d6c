"""`euchre play`: a human at the terminal against bots, driven through sys.stdin.

Scripted answers are plain strings; where an answer depends on the cards, a ``Typist`` reads
the game's record (written by ``--save`` before every prompt) and decides from the replayed
state, so the tests do not depend on how the bots happen to play.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core import cards as C
from engine.play.records import read_record, replay
from engine.play.state import State
from engine.rules.loader import load_variant

ONES = "1\n" * 3000
"""Always the first option: enough answers to finish any shipped game."""


Result = Any  # conftest.CliResult: exit code, out, err
Play = Callable[..., Result]  # the `play` fixture of conftest.py


class Typist(io.TextIOBase):
    """A keyboard that answers from the game in ``record`` through ``decide(state)``.

    ``decide`` returns the line to type, or None for "1"; after ``decide`` has typed
    ``lines`` answers the typist stops looking and types "1" to the end of the game."""

    def __init__(self, record: Path, decide: Callable[[State], str | None], *,
                 lines: int = 1) -> None:
        self.record = record
        self.decide = decide
        self.lines = lines
        self.typed: list[str] = []

    def readline(self, size: int | None = -1) -> str:
        if len(self.typed) > 3000:
            return ""
        answer = None
        if self.lines:
            answer = self.decide(replay(read_record(self.record)))
            self.lines -= answer is not None
        line = answer or "1"
        self.typed.append(line)
        return line + "\n"


def ending_line(out: str) -> str:
    """The line that ends the game: the one before the offer to play again (which the
    scripted "1" declines)."""
    lines = out.rstrip().splitlines()
    assert lines[-2:] == ["Play again? (yes/no)", lines[-1]], lines[-3:]
    return lines[-3]


def prompts(out: str) -> int:
    return len(re.findall(r"^(?:North|East|South|West|A|B|C|P1|P2)> ", out, re.M))


# -- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "seed"), [
    ("standard", 4), ("two-handed", 4), ("cutthroat", 4), ("ghost-hand", 4),
    ("three-handed", 4), ("british", 4), ("no-trump", 4), ("bid-euchre", 4), ("pepper", 4),
    ("buck-euchre", 4), ("canadian-loner", 4), ("farmers-hand", 4), ("railroad", 4),
    ("call-ace", 4), ("standard-six", 4), ("bid-euchre-double", 4), ("railroad-jamboree", 4),
])
def test_a_human_typing_1_plays_a_whole_game_to_its_winner(play: Play, tmp_path: Path,
                                                            variant: str, seed: int) -> None:
    saved = tmp_path / "game.json"
    result = play(ONES, variant, "--seed", str(seed), "--save", str(saved))
    assert result.code == 0, result.err
    assert "End of input" not in result.out
    final = replay(read_record(saved))
    assert final.is_terminal()
    last = ending_line(result.out)
    if load_variant(variant).game.match:  # a match: its verdict follows the last game
        assert re.search(r"(You|You and North|East-West) wins? the match\. Match score: ", last)
        last = result.out.rstrip().splitlines()[-4]
    assert re.search(r" wins? the game\. Final score: ", last), last
    assert result.err == ""


def test_four_players_default_to_south_and_others_to_seat_0(play: Play) -> None:
    assert "You are South;" in play("quit\n", "standard", "--seed", "1").out
    assert "You are A;" in play("quit\n", "cutthroat", "--seed", "1").out
    assert "You are P2;" in play("quit\n", "two-handed", "--seed", "1", "--seat", "1").out


def test_the_table_is_shown_before_each_decision(play: Play) -> None:
    out = play("quit\n", "standard", "--seed", "4").out
    # the hand's header says the upcard and the score; the hand is shown once, as dealt
    assert re.search(r"^-- Hand 1, dealer West, upcard \S+ -- Score: North-South 0, "
                     r"East-West 0 \(game to 10\)$", out, re.M)
    assert out.count("Your hand (South): ") == 1
    # the options in a player's words, not action codes
    assert re.search(r"^   1\. pass$", out, re.M) and re.search(r"^   2\. order up$", out, re.M)


def test_bots_discards_are_never_shown_to_the_human(play: Play) -> None:
    out = play(ONES, "standard", "--seed", "4").out
    bot_discards = re.findall(r"^(?:North|East|West) discards.*$", out, re.M)
    assert bot_discards and set(bot_discards) <= {f"{s} discards" for s in
                                                  ("North", "East", "West")}


# -- answers ---------------------------------------------------------------------------------


def test_a_number_selects_that_option(play: Play) -> None:
    out = play("2\nquit\n", "standard", "--seed", "4").out
    assert "South (you) orders up" in out


def test_an_action_name_is_accepted_in_any_case(play: Play) -> None:
    out = play("ORDER_UP\nquit\n", "standard", "--seed", "4").out
    assert "South (you) orders up" in out


def test_a_bare_card_code_plays_that_card_10h_style_too(play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    chosen: list[str] = []

    def decide(state: State) -> str | None:
        if state.phase == "play":
            code = state.legal_actions()[-1].partition(":")[2]
            chosen.append(code)
            return code.replace("T", "10").lower()
        return None

    typist = Typist(saved, decide)
    result = play(typist, "standard", "--seed", "4", "--save", str(saved))
    assert result.code == 0
    assert f"South (you) plays {C.pretty(C.card(chosen[0]))}" in result.out


def _bad_entry(play: Play, tmp_path: Path, when: Callable[[State], str | None]) -> Result:
    """Type one bad entry when ``when`` gives it, then 1s to the end of the game."""
    saved = tmp_path / "g.json"
    typist = Typist(saved, when)
    result = play(typist, "standard", "--seed", "4", "--save", str(saved))
    assert not typist.lines, "the situation for the bad entry never came up"
    assert result.code == 0 and " the game. Final score: " in result.out
    return result


def _in_bidding(entry: str) -> Callable[[State], str | None]:
    return lambda state: entry if state.phase == "upcard_bidding" else None


@pytest.mark.parametrize(("entry", "message"), [
    ("frobnicate", "'frobnicate' is not an option, an action or a card."),
    ("9", "There is no option 9: choose 1 to 2."),
    ("0", "There is no option 0: choose 1 to 2."),
    ("play:ZZ", "'play:ZZ' is not an option, an action or a card."),
    ("call:H", "Not allowed: round 1 is on the upcard's suit"),
    ("bid:3", "Not allowed: it is not an action of the bidding, round 1"),
    ("x" * 201, "That line is longer than 200 characters"),
    ("pa\x07ss", "Control characters are not accepted"),
    ("help", "Answer with a number from the list"),
])
def test_a_bad_entry_in_bidding_says_why_and_asks_again(play: Play, tmp_path: Path, entry: str,
                                                        message: str) -> None:
    result = _bad_entry(play, tmp_path, _in_bidding(entry))
    lines = result.out.splitlines()
    at = next(i for i, line in enumerate(lines) if message in line)
    assert any(line.startswith("South> ") for line in lines[at + 1:at + 5])


def _off_suit_card(state: State) -> str | None:
    if state.phase != "play" or state.current_player != 2 or not state.hand.trick:
        return None
    legal = state.legal_action_ids()
    hand = [c for c in C.cards_of(state.hand.hands[2]) if 128 + c not in legal]
    return C.card_name(hand[0]) if hand else None


def test_not_following_suit_is_refused_with_the_rules_reason(play: Play, tmp_path: Path) -> None:
    result = _bad_entry(play, tmp_path, _off_suit_card)
    assert re.search(r"Not allowed: you must follow (trump|clubs|diamonds|hearts|spades)\.",
                     result.out)


def _card_not_held(state: State) -> str | None:
    if state.phase != "play":
        return None
    missing = state.variant.deck.mask & ~state.hand.hands[2]
    return C.card_name(next(C.cards_of(missing)))


def test_a_card_not_in_hand_is_refused(play: Play, tmp_path: Path) -> None:
    result = _bad_entry(play, tmp_path, _card_not_held)
    # the card said as the table shows it (9♣, 10♦), not as a code (9C, TD)
    assert re.search(r"Not allowed: (9|10|J|Q|K|A)[♣♦♥♠] is not in your hand\.", result.out)


def test_an_action_of_another_phase_is_refused_during_the_tricks(play: Play,
                                                                  tmp_path: Path) -> None:
    result = _bad_entry(play, tmp_path, lambda s: "order_up" if s.phase == "play" else None)
    assert "Not allowed: the tricks are being played: play a card." in result.out


def test_a_very_long_line_is_refused_and_the_next_line_read(play: Play) -> None:
    result = play("y" * 100_000 + "\n2\nquit\n", "standard", "--seed", "4")
    assert "That line is longer than 200 characters" in result.out
    assert "South (you) orders up" in result.out


def test_empty_lines_just_ask_again_without_a_complaint(play: Play) -> None:
    result = play("\n   \n\nquit\n", "standard", "--seed", "4")
    assert result.code == 0 and prompts(result.out) == 4
    assert "not an option" not in result.out


# -- leaving and coming back -----------------------------------------------------------------


def test_end_of_input_mid_game_exits_0_cleanly(play: Play) -> None:
    result = play("1\n1\n", "standard", "--seed", "4")
    assert result.code == 0
    assert result.out.rstrip().endswith("End of input: you left the game.")
    assert "Traceback" not in result.out + result.err


class _CtrlC(io.StringIO):
    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


def test_ctrl_c_exits_0_cleanly_and_keeps_the_save(play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    result = play(_CtrlC(), "standard", "--seed", "4", "--save", str(saved))
    assert result.code == 0 and "Interrupted: you left the game." in result.out
    assert json.loads(saved.read_text())["format"] == "euchrekit-record"


def test_quit_ends_the_game_with_exit_0(play: Play) -> None:
    result = play("quit\n", "standard", "--seed", "4")
    assert result.code == 0 and "You left the game." in result.out


def test_save_then_resume_continues_the_same_game(play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    first = play("1\n" * 6, "standard", "--seed", "4", "--save", str(saved))
    assert first.code == 0
    before = read_record(saved).actions
    assert len(before) > 6
    again = tmp_path / "g2.json"
    result = play(ONES, "--resume", str(saved), "--save", str(again))
    assert result.code == 0 and f"{len(before)} actions replayed" in result.out
    after = read_record(again).actions
    assert after[:len(before)] == before and len(after) > len(before)
    assert replay(read_record(again)).is_terminal()


def test_resume_saves_back_into_the_resumed_file(play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    play("1\n" * 3, "standard", "--seed", "4", "--save", str(saved))
    count = len(read_record(saved).actions)
    play("1\n" * 3, "--resume", str(saved))
    assert len(read_record(saved).actions) > count


def test_the_save_leaves_no_temporary_file_behind(play: Play, tmp_path: Path) -> None:
    play("1\n" * 3, "standard", "--seed", "4", "--save", str(tmp_path / "g.json"))
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


def test_resuming_a_tampered_record_exits_1_with_the_reason(play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    play("1\n" * 3, "standard", "--seed", "4", "--save", str(saved))
    record = json.loads(saved.read_text())
    record["actions"][0] = "play:JH"
    saved.write_text(json.dumps(record))
    result = play(ONES, "--resume", str(saved))
    assert result.code == 1
    assert result.err.startswith(f"euchre: {saved}: action 1 (play:JH) cannot be replayed")
    assert "Traceback" not in result.err


@pytest.mark.parametrize(("argv", "message"), [
    (["standard", "--seat", "7"], "--seat '7' is not a seat of this 4-player game"),
    (["standard", "--bots", "genius"], "no bot named 'genius'"),
    ([], "name a variant to play"),
    (["no-such-variant"], "euchre: "),
])
def test_bad_options_exit_1_with_a_message(play: Play, argv: list[str], message: str) -> None:
    result = play("", *argv)
    assert result.code == 1 and message in result.err and "Traceback" not in result.err


def test_seat_may_be_given_by_name(play: Play) -> None:
    assert "You are West;" in play("quit\n", "standard", "--seat", "west", "--seed", "1").out
