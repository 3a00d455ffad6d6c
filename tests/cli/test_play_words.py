"""The terminal in a player's words (issue 25): trump named as a player says it, the bowers
and trump in view during the tricks, the bots' quiet moves in one line, options without
action codes, and line editing at a real terminal.

Expected values come from the rules (clubs trump: the jack of clubs is the right bower, the
jack of spades, the same colour, the left) and from the cards of fixed deals.
"""

from __future__ import annotations

import itertools
import os
import re
import select
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import load_variant, new_game
from engine.cli.play_answers import action_for, question_for
from engine.core import cards as C
from engine.core.errors import IllegalActionError, Refusal
from engine.text.narrate import Narrator

Play = Callable[..., Any]
ONES = "1\n" * 3000
ROOT = Path(__file__).resolve().parents[2]


def _round_two(seed: int) -> Any:
    """A standard game at its second round of bidding: everyone passed the upcard."""
    state = new_game(load_variant("standard"), seed=seed)
    for _ in range(4):
        state.apply("pass")
    return state


@pytest.mark.parametrize("answer", ["clubs", "Clubs", "club", "c", "C", "♣", "♧"])
def test_trump_is_named_by_its_word_its_letter_or_its_symbol(answer: str) -> None:
    state = _round_two(5)  # seed 5: the upcard Q♠ was turned down, clubs may be named
    assert C.suit_of(state.hand.turned) == C.SPADES
    assert state.action_name(action_for(state, answer)) == "call:C"


def test_the_turned_down_suit_named_by_its_word_is_refused_with_the_rules_reason() -> None:
    state = _round_two(5)
    with pytest.raises(IllegalActionError) as refused:
        action_for(state, "spades")
    assert refused.value.kind is Refusal.TURNED_DOWN


DEAL = {"dealer": 3, "upcard": "AC",
        "hands": [["9C", "TC", "QC", "KC", "9D"], ["TD", "JD", "QD", "KD", "AD"],
                  ["JC", "JS", "9H", "TH", "QH"], ["9S", "TS", "QS", "KS", "JH"]]}
"""West deals, the A♣ turned up; South (seat 2) holds both black jacks."""


def test_the_bowers_are_marked_in_your_hand_and_trump_stays_in_view_during_the_tricks(
        ) -> None:
    variant = load_variant("standard")
    state = new_game(variant, seed=1, deal=DEAL)
    events = [*state.apply("order_up"), *state.apply("pass")]  # North orders clubs up
    narrator = Narrator(variant, you=2)
    said = narrator.after(events)
    # clubs trump: the jack of clubs is the right bower, the jack of spades the left
    assert "Trump: clubs ♣, made by North. The bowers: J♣ and J♠." in said
    state.apply("discard:9S")  # West takes the A♣ and lets the 9♠ go
    view = state.view(2)
    assert view.phase == "play"
    line = narrator.hand_line(view)
    assert line.startswith("Your hand (South): J♣ (right bower) J♠ (left bower)")
    assert narrator.trick_line(view).startswith("Trick 1 (clubs ♣ trump): ")


def test_at_no_trump_nobody_holds_a_bower() -> None:
    narrator = Narrator(load_variant("bid-euchre"))
    assert narrator.bowers(C.NO_TRUMP) == (-1, -1)
    assert narrator.bowers(C.HEARTS) == (C.card("JH"), C.card("JD"))


def test_the_bots_quiet_moves_are_said_in_one_line(play: Play) -> None:
    out = play(ONES, "cutthroat", "--seed", "5").out
    # C orders up and merges the dummy: 5 + 5 + the upcard = 11 cards, he keeps 5 (CTD-A3)
    assert "C discards 6 cards" in out.splitlines()
    assert not re.search(r"^C discards$", out, re.M)
    lines = play(ONES, "standard", "--seed", "4").out.splitlines()
    quiet = re.compile(r"^(North|East|West) (passes|does not go alone|discards)$")
    for first, second in itertools.pairwise(lines):
        one, two = quiet.match(first), quiet.match(second)
        assert not (one and two and one.group(2) == two.group(2)), first
    assert any(re.match(r"^(North|East|West)(, \w+)* and \w+ (pass|do not go alone)$", line)
               for line in lines)


def test_options_are_words_not_action_codes(play: Play) -> None:
    out = play(ONES, "standard", "--seed", "4").out
    options = re.findall(r"^ +\d+\. (.*)$", out, re.M)
    assert options and not [o for o in options if re.search(r"\w+[:_]\w+", o)]
    assert "order up" in options and "pass" in options


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_the_prompt_edits_lines_and_recalls_the_last_answer_at_a_terminal() -> None:
    import pty  # noqa: PLC0415 - POSIX only

    pid, fd = pty.fork()
    if pid == 0:  # the child: euchre play at a real (pseudo) terminal
        os.environ["NO_COLOR"] = "1"
        os.chdir(ROOT)
        os.execv(sys.executable, [sys.executable, "-m", "engine.cli", "play", "standard",
                                  "--seed", "4", "--delay", "0"])
    out = b""

    def until(marker: bytes, count: int) -> None:
        nonlocal out
        end = time.monotonic() + 30
        while out.count(marker) < count and time.monotonic() < end:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    out += os.read(fd, 4096)
                except OSError:
                    return

    try:
        until(b"South> ", 1)
        os.write(fd, b"hint\n")
        until(b"South> ", 2)
        os.write(fd, b"\x1b[A\n")  # the Up arrow, then Enter: the last answer again
        until(b"South> ", 3)
        os.write(fd, b"quit\n")
        until(b"left the game", 1)
    finally:
        os.close(fd)
        os.waitpid(pid, 0)
    text = out.decode("utf-8", errors="replace")
    assert text.count("Hint: ") == 2, text
    assert "Control characters" not in text and "^[[A" not in text


@pytest.mark.parametrize("name", ["cutthroat", "defend-alone"])
def test_a_defender_asked_to_go_alone_is_told_it_means_defending_alone(name: str) -> None:
    state = new_game(load_variant(name), seed=5)
    asked = []
    while not state.is_terminal() and len(state.hands_played) < 3:
        maker = state.current_player == state.hand.maker
        if state.phase == "go_alone":
            asked.append((maker, question_for(state)))
        # the first seat asked orders up; in defend-alone (a lone defender only against a lone
        # maker, RAIL-A2) the maker goes alone; the defenders pass
        legal = state.legal_actions()
        lone = name == "defend-alone" and maker and state.phase == "go_alone"
        state.apply("order_up" if "order_up" in legal else "alone" if lone else legal[0])
    assert ("Defend alone against the makers (your partner sits out), or pass?"
            in {question for maker, question in asked if not maker})
    assert {question for maker, question in asked if maker} == {
        "Go alone (your partner sits this hand out), or pass?"}


def test_a_hint_gives_a_reason_in_words_and_why_gives_the_figures(play: Play) -> None:
    out = play("hint\nwhy\nquit\n", "standard", "--seed", "4").out
    hint = next(line for line in out.splitlines() if line.startswith("Hint: "))
    assert "sampled deals" not in hint and "chance of winning" not in hint
    figures = out.split("South> why\n", 1)[1].splitlines()[0]
    # the best bot plays standard for the game (engine/bots/equity.py): its figure is a chance
    assert "% chance of winning the game" in figures and "sampled deals" in figures
