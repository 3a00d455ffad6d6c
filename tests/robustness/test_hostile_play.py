"""Hostile input at the `euchre play` prompt: the game says what is wrong, asks again, and
ends cleanly (exit 0) at end of input, whatever is typed or piped in.

``tests/test_cli_play.py`` checks one bad entry of each kind in the bidding and the play; this
module types a mistake before *every* answer of whole games of several variants, feeds lines
of a megabyte, control characters, escape sequences, NUL bytes and bytes that are not UTF-8
(through a real ``io.TextIOWrapper``, as the CLI reads them), actions of the wrong phase at
every prompt, and ends the input at every kind of prompt there is.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.cli import main
from engine.cli.play_command import MAX_LINE
from engine.core import cards as C
from engine.core.errors import IllegalActionError
from engine.play.records import read_record, replay
from engine.play.state import State

REPO = Path(__file__).resolve().parents[2]
PROMPT = re.compile(r"^(?:North|East|South|West|A|B|C|P1|P2)> ")
WINNER = re.compile(r" wins? the game\. Final score: ")
AGAIN = "Play again? (yes/no)"
EOF_LINE = "End of input: you left the game."


Result = Any  # conftest.CliResult: exit code, out, err
Play = Callable[..., Result]  # the `play` fixture of conftest.py


def _clean_exit(result: Result) -> None:
    assert result.code == 0, result.err
    assert result.err == ""
    assert "Traceback" not in result.out


SEATS = ("North", "East", "South", "West")


def _ending(out: str) -> str:
    """The line that ends the game: the one before the offer to play again (declined by the
    next line typed, or by the end of input)."""
    lines = out.rstrip().splitlines()
    at = max(i for i, line in enumerate(lines) if line == AGAIN)
    # after the offer only the prompt and its complaints about mistyped answers: no play
    assert not any(line.startswith(("Hand ", "Trick ", *SEATS)) for line in lines[at + 1:]
                   if not PROMPT.match(line)), lines[at:]
    return lines[at - 1]


def _typed(out: str) -> list[tuple[int, str]]:
    """(line number, line) of each prompt in the output, in order."""
    return [(i, line) for i, line in enumerate(out.splitlines()) if PROMPT.match(line)]


# -- mistakes that are never an answer -------------------------------------------------------

NEVER_AN_ANSWER: list[tuple[str, str]] = [
    ("", ""),  # an empty line asks again, without a complaint
    ("   ", ""),
    ("\r", ""),
    ("0", "There is no option 0: choose 1 to"),
    ("-1", "'-1' is not an option, an action or a card."),
    ("99999999999999999999", "There is no option 99999999999999999999: choose 1 to"),
    ("+1", "'+1' is not an option"),
    ("1.0", "'1.0' is not an option"),
    ("1 frob", "is not an option"),  # "1 2" may discard two cards (issue 13)
    ("\u0661", "'\u0661' is not an option"),  # ARABIC-INDIC DIGIT ONE: a digit, not ASCII
    ("\uff11", "'\uff11' is not an option"),  # FULLWIDTH DIGIT ONE
    ("\u00b2", "'\u00b2' is not an option"),  # SUPERSCRIPT TWO
    ("frobnicate", "'frobnicate' is not an option, an action or a card."),
    ("\u00df", "'\u00df' is not an option"),  # upper-cases to two letters: SS
    ("play:", "'play:' is not an option"),
    (":", "':' is not an option"),
    ("call:X", "'call:X' is not an option"),
    ("bid:99", "'bid:99' is not an option"),
    ("bid:-1", "'bid:-1' is not an option"),
    ("play:JH:JH", "'play:JH:JH' is not an option"),
    ("discard:", "'discard:' is not an option"),
    ("\x00", "Control characters are not accepted"),
    ("1\x00", "Control characters are not accepted"),
    ("\x1b[2J", "Control characters are not accepted"),  # clear the screen
    ("\x1b]0;owned\x07", "Control characters are not accepted"),  # set the window title
    ("\x7f", "Control characters are not accepted"),
    ("\t1", "Control characters are not accepted"),
    ("\u202e1", "Control characters are not accepted"),  # RIGHT-TO-LEFT OVERRIDE
    ("\u200b", "Control characters are not accepted"),  # ZERO WIDTH SPACE
    ("\ud800", "Control characters are not accepted"),  # a lone surrogate
    ("x" * (MAX_LINE + 1), f"That line is longer than {MAX_LINE} characters"),
    ("\ufffd", "'\ufffd' is not an option"),
]
"""Lines that are never a legal answer, with what the game answers (empty: nothing)."""


def _mistake_then_1(lines: int = 4000) -> tuple[str, list[str]]:
    """The keyboard: a mistake from NEVER_AN_ANSWER before every answer "1"."""
    typed = []
    for i in range(lines):
        typed += [NEVER_AN_ANSWER[i % len(NEVER_AN_ANSWER)][0], "1"]
    return "".join(line + "\n" for line in typed), typed


@pytest.mark.parametrize("variant", ["standard", "two-handed", "cutthroat", "ghost-hand",
                                     "ghost-hand-open-swap", "renege", "openspiel"])
def test_a_mistake_before_every_answer_is_answered_and_the_game_still_ends(
    play: Play, variant: str,
) -> None:
    stdin, typed = _mistake_then_1()
    result = play(stdin, variant, "--seed", "7")
    _clean_exit(result)
    assert WINNER.search(_ending(result.out))
    game = result.out[:result.out.rindex(AGAIN)]  # the offer to play again is declined
    lines = game.splitlines()
    prompts = _typed(game)
    assert len(prompts) > 20
    for k, (at, _) in enumerate(prompts):
        if k % 2:  # the "1" after the mistake: always an answer
            assert not PROMPT.match(lines[at + 1]), lines[at + 1]
            continue
        said = NEVER_AN_ANSWER[(k // 2) % len(NEVER_AN_ANSWER)][1]
        if said:
            assert said in lines[at + 1], (typed[k], lines[at + 1])
        else:
            assert PROMPT.match(lines[at + 1]), (typed[k], lines[at + 1])
    assert "\x1b" not in result.out and "\x00" not in result.out and "\x07" not in result.out


def test_the_mistakes_are_echoed_without_their_control_characters(play: Play) -> None:
    result = play("\x1b[2J\n\x00x\n\u202eabc\nquit\n", "standard", "--seed", "4")
    _clean_exit(result)
    echoed = [line for _, line in _typed(result.out)]
    assert echoed[:3] == ["South> ?[2J", "South> ?x", "South> ?abc"]


# -- long lines --------------------------------------------------------------------------------


def _bytes_keyboard(data: bytes, errors: str = "strict") -> io.TextIOWrapper:
    """Standard input as the CLI reads it: UTF-8 text over a byte stream."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors=errors)


MEGABYTE = 2**20


@pytest.mark.parametrize(("line", "name"), [
    (b"y" * MEGABYTE, "letters"),
    (b"\x00" * MEGABYTE, "NUL bytes"),
    ("\u20ac".encode() * (MEGABYTE // 3), "three-byte characters"),
    (b"1" * MEGABYTE, "digits"),
    (b"\xff" * MEGABYTE, "bytes that are not UTF-8"),
])
def test_a_one_megabyte_line_is_refused_in_bounded_memory_and_the_next_line_read(
    play: Play, line: bytes, name: str,
) -> None:
    keyboard = _bytes_keyboard(line + b"\n2\nquit\n")
    tracemalloc.start()
    try:
        result = play(keyboard, "standard", "--seed", "4")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    _clean_exit(result)
    assert f"That line is longer than {MAX_LINE} characters" in result.out, name
    assert "South (you) orders up" in result.out, name
    assert peak < 16 * MEGABYTE, f"{name}: {peak / MEGABYTE:.1f} MB"


def test_a_one_megabyte_line_cut_off_by_end_of_input_ends_the_game_cleanly(play: Play) -> None:
    result = play(_bytes_keyboard(b"z" * MEGABYTE), "standard", "--seed", "4")
    _clean_exit(result)
    assert result.out.rstrip().endswith(EOF_LINE)


# -- bytes that are not UTF-8 ------------------------------------------------------------------

NOT_UTF8 = b"\xff\xfe\n\xc3\x28\n\xe2\x82\n\xed\xa0\x80\n\xc0\xaf\n"
"""Five lines that do not decode: stray bytes, a broken pair, a cut-off sequence, an encoded
surrogate, an overlong slash."""


@pytest.mark.parametrize("errors", ["strict", "surrogateescape"])
def test_lines_that_are_not_utf8_are_refused_and_the_game_goes_on(play: Play,
                                                                  errors: str) -> None:
    """``strict`` is what Python gives standard input under most UTF-8 locales,
    ``surrogateescape`` under C.UTF-8 and POSIX: both must leave the game running (a strict
    stream used to raise UnicodeDecodeError and lose the lines read with the bad ones)."""
    keyboard = _bytes_keyboard(b"2\n" + NOT_UTF8 + b"1\n" * 3000, errors=errors)
    result = play(keyboard, "standard", "--seed", "4")
    _clean_exit(result)
    lines = result.out.splitlines()
    prompts = _typed(result.out)
    assert "South (you) orders up" in lines[prompts[0][0] + 1]
    for at, _ in prompts[1:6]:
        assert ("is not an option" in lines[at + 1]
                or "Control characters are not accepted" in lines[at + 1]), lines[at + 1]
    assert WINNER.search(_ending(result.out))


def test_a_real_process_with_a_strict_keyboard_survives_bytes_that_are_not_utf8() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    result = subprocess.run(
        [sys.executable, "-m", "engine.cli", "play", "standard", "--seed", "4"],
        input=b"\xff\xfe\n2\n" + NOT_UTF8 + b"quit\n", capture_output=True, env=env,
        cwd=REPO, timeout=60, check=False,
    )
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    assert result.stderr == b""
    out = result.stdout.decode()
    assert "South (you) orders up" in out and out.rstrip().endswith("You left the game.")


# -- actions of the wrong phase, at every prompt ------------------------------------------------

WRONG_PHASE = ["order_up", "pass", "alone", "pick_up", "keep", "merge", "swap", "look",
               "call:H", "call:N", "bid:3", "bid:moon"]
"""Action names of every phase; at each prompt one that is not legal there is typed."""


def _wrong_action(state: State) -> str | None:
    """An action of another phase, or a card not allowed now; None if every one is legal."""
    hand = list(C.cards_of(state.hand.hands[state.current_player]))
    candidates = WRONG_PHASE + [f"{kind}:{C.card_name(c)}" for c in hand
                                for kind in ("play", "discard")]
    legal = state.legal_action_ids()
    for name in candidates:
        try:
            action = state.action_id(name)
        except IllegalActionError:
            continue  # not an action of this variant at all (bid:moon without a moon)
        if action not in legal and not state.can(action):
            return name
    return None


class WrongThenRight(io.TextIOBase):
    """A keyboard that types an action of the wrong phase at every prompt (reading the game
    from its saved record), then "1"."""

    def __init__(self, record: Path) -> None:
        self.record = record
        self.wrong: list[tuple[str, str]] = []
        self.pending = False

    def readline(self, size: int | None = -1) -> str:
        if len(self.wrong) > 1000:
            return ""
        if self.pending:
            self.pending = False
            return "1\n"
        state = replay(read_record(self.record))
        if state.is_terminal():  # the offer to play again
            return "no\n"
        name = _wrong_action(state)
        if name is None:
            return "1\n"
        self.wrong.append((state.phase, name))
        self.pending = True
        return name + "\n"


@pytest.mark.parametrize("variant", ["standard", "cutthroat", "ghost-hand-open-swap",
                                     "two-handed", "renege"])
def test_an_action_of_the_wrong_phase_at_every_prompt_is_refused_with_the_reason(
    play: Play, tmp_path: Path, variant: str,
) -> None:
    saved = tmp_path / "g.json"
    keyboard = WrongThenRight(saved)
    result = play(keyboard, variant, "--seed", "5", "--save", str(saved))
    _clean_exit(result)
    assert WINNER.search(_ending(result.out))
    refusals = re.findall(r"^Not allowed: .+\.$", result.out, re.M)
    assert len(refusals) == len(keyboard.wrong) > 10
    assert len({phase for phase, _ in keyboard.wrong}) >= 2


def test_a_renege_typed_at_the_table_is_accepted_once_where_the_variant_allows_it(
    play: Play, tmp_path: Path,
) -> None:
    """The answer used to be applied twice (once to check it), so a renege in the `renege`
    variant ended the game with "play:XX is illegal" (STD-A8: a renege is penalised, not
    refused)."""
    saved = tmp_path / "g.json"
    reneged: list[str] = []

    class Reneger(io.TextIOBase):
        def readline(self, size: int | None = -1) -> str:
            state = replay(read_record(saved))
            if not reneged and state.phase == "play" and state.hand.trick:
                legal = state.legal_action_ids()
                off = [c for c in C.cards_of(state.hand.hands[2]) if 128 + c not in legal]
                if off:
                    reneged.append(C.card_name(off[0]))
                    return reneged[0] + "\n"
            if len(reneged) == 1:  # the renege asks first (issue 9, item 21)
                reneged.append("yes")
                return "yes\n"
            return "1\n"

    result = play(Reneger(), "renege", "--seed", "4", "--save", str(saved))
    _clean_exit(result)
    assert reneged, "no chance to renege came up"
    assert f"South (you) reneged with {C.pretty(C.card(reneged[0]))}" in result.out
    final = replay(read_record(saved))
    assert final.is_terminal()
    assert any(hand.reneges == ((2, reneged[0]),) for hand in final.hands_played)


# -- end of input at every kind of prompt --------------------------------------------------------

QUESTIONS: dict[str, str] = {
    "Your bid: order up, or pass?": "standard",
    "Go alone (your partner sits this hand out), or pass?": "standard",
    "Discard a card": "standard",
    "Your card:": "standard",
    "Your bid: bid 3 to 5 or shoot the moon, or pass?": "ghost-hand",
    "You won the bidding: name trump.": "ghost-hand",
    "Take it, or keep your hand?": "pickup.yaml",
}
"""Every question the prompt asks, and a variant that asks it."""

PICKUP = "extends: standard\ndescription: The dealer may leave the upcard.\ndealer_pickup:\n" \
         "  mode: optional\n"


def _answers() -> Iterator[str]:
    """"2" then "1", over and over: a game that orders up, goes alone, bids and discards (a
    "2" that is not an option is refused, and the "1" after it answers)."""
    while True:
        yield "2"
        yield "1"


def _first_prompt_of_each_question(out: str) -> dict[str, int]:
    """For each question in the output, how many prompts came before its first showing."""
    lines = out.splitlines()
    prompts = 0
    first: dict[str, int] = {}
    for i, line in enumerate(lines):
        if PROMPT.match(line):
            prompts += 1
        for question in QUESTIONS:
            if line.startswith(question) and lines[i + 1].startswith("   1. "):
                first.setdefault(question, prompts)
    return first


@pytest.mark.parametrize("question", sorted(QUESTIONS))
def test_end_of_input_at_each_kind_of_prompt_leaves_the_game_cleanly_and_saved(
    play: Play, tmp_path: Path, question: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pickup.yaml").write_text(PICKUP, encoding="utf-8")
    variant = QUESTIONS[question]
    answers = _answers()
    whole = "".join(next(answers) + "\n" for _ in range(4000))
    played = play(whole, variant, "--seed", "4")
    _clean_exit(played)
    before = _first_prompt_of_each_question(played.out).get(question)
    assert before is not None, f"{variant} never asked {question!r}"
    # The same game (same seed, same answers) cut off when that question is first asked.
    saved = tmp_path / "g.json"
    cut = "".join(whole.splitlines(keepends=True)[:before])
    result = play(cut, variant, "--seed", "4", "--save", str(saved))
    _clean_exit(result)
    lines = result.out.rstrip().splitlines()
    assert PROMPT.match(lines[-3]) and lines[-2] == EOF_LINE, lines[-3:]
    assert lines[-1] == f"The game is saved in {saved}; continue it with --resume {saved}."
    asked = [line for line in lines if any(line.startswith(q) for q in QUESTIONS)]
    assert asked[-1].startswith(question), asked[-1]
    # The save replays to the same prompt, and the game can be finished from it.
    state = replay(read_record(saved))
    human = 2 if state.variant.players == 4 else 0
    assert not state.is_terminal() and state.current_player == human
    resumed = play("1\n" * 3000, "--resume", str(saved))
    _clean_exit(resumed)
    assert WINNER.search(_ending(resumed.out))


def test_end_of_input_in_the_middle_of_a_line_still_reads_that_line(play: Play) -> None:
    result = play("2", "standard", "--seed", "4")
    _clean_exit(result)
    assert "South (you) orders up" in result.out
    assert result.out.rstrip().endswith(EOF_LINE)


def test_end_of_input_before_the_first_answer_exits_0(play: Play) -> None:
    result = play("", "standard", "--seed", "4")
    _clean_exit(result)
    assert result.out.rstrip().endswith(EOF_LINE)


def test_a_closed_standard_input_is_the_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """`euchre play standard <&-`: Python sets sys.stdin to None (it used to raise
    AttributeError at the first prompt)."""
    monkeypatch.setattr("sys.stdin", None)
    assert main(["play", "standard", "--seed", "4"]) == 0
    captured = capsys.readouterr()
    assert captured.out.rstrip().endswith(EOF_LINE) and captured.err == ""
