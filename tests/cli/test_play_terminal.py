"""The terminal game of issue 13, through the prompt: colour (on when forced, off with NO_COLOR
or when piped), cards typed as shown, forced moves played with one line, several discards in
one answer, the card winning the trick in progress marked, a short summary after each hand,
the offer to play again, ``hint`` and ``--delay``.

Expected values come from the game record the engine writes (``--save``), from a fixed deal
worked out by hand, or from a run of the same game with the feature turned off.
"""

from __future__ import annotations

import io
import itertools
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import load_variant, new_game
from engine.bots import BEST_BOT, BotSpec, make_bot
from engine.bots.advice import how_clear
from engine.bots.heuristic import HeuristicBot
from engine.cli.play_table import Table, TableOptions
from engine.core import cards as C
from engine.play.records import read_record, replay
from engine.play.state import State
from engine.sim.simulate import derive_seed
from engine.text.narrate import Narrator

Result = Any  # conftest.CliResult
Play = Callable[..., Result]
ONES = "1\n" * 3000
ESCAPE = "\x1b["


class Keys(io.TextIOBase):
    """A keyboard: ``decide(state)`` (the game replayed from ``record``) gives the line to
    type, or None for "1"; a game already over is answered ``at_end`` (then end of input)."""

    def __init__(self, record: Path, decide: Callable[[State], str | None],
                 at_end: list[str] | None = None) -> None:
        self.record, self.decide, self.at_end = record, decide, at_end or []
        self.count = 0

    def readline(self, size: int | None = -1) -> str:
        self.count += 1
        if self.count > 3000:
            return ""
        state = replay(read_record(self.record))
        if state.is_terminal():
            return self.at_end.pop(0) + "\n" if self.at_end else ""
        return (self.decide(state) or "1") + "\n"


def _no_colour_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)


# -- colour ------------------------------------------------------------------------------------


def test_forced_colour_makes_hearts_and_diamonds_red_and_highlights_you(
        play: Play, monkeypatch: pytest.MonkeyPatch) -> None:
    _no_colour_env(monkeypatch)
    monkeypatch.setenv("FORCE_COLOR", "1")
    out = play("quit\n", "standard", "--seed", "4").out
    # seed 4: South holds J♥ 9♥ and 10♦ (red) and Q♠ 9♣ (black), as the plain run shows.
    assert "\x1b[1;31mJ♥\x1b[0m" in out and "\x1b[1;31m10♦\x1b[0m" in out
    assert "\x1b[1;31mQ♠" not in out and "\x1b[1;31m9♣" not in out
    assert "\x1b[1;7mSouth> \x1b[0m" in out and "\x1b[1;7mYour hand\x1b[0m (South)" in out


def test_no_color_turns_colour_off_even_when_forced(play: Play,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    _no_colour_env(monkeypatch)
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("NO_COLOR", "1")
    out = play("quit\n", "standard", "--seed", "4").out
    assert ESCAPE not in out and "Your hand (South): Q♠  J♥ 9♥  9♣  10♦" in out


def test_piped_output_has_no_colour(play: Play, monkeypatch: pytest.MonkeyPatch) -> None:
    _no_colour_env(monkeypatch)
    out = play(ONES, "cutthroat", "--seed", "4").out
    assert ESCAPE not in out and "You" in out


# -- cards typed as shown ------------------------------------------------------------------------


@pytest.mark.parametrize("form", [
    C.pretty,                                          # K♥, 10♦
    lambda c: C.pretty(c).lower(),                     # k♥
    C.card_name,                                       # KH
    lambda c: C.card_name(c).replace("T", "10").lower(),  # 10h
    lambda c: C.pretty(c)[-1] + C.pretty(c)[:-1],      # ♥K
], ids=["K♥", "k♥", "KH", "10h", "♥K"])
def test_a_card_is_accepted_in_each_form_it_may_be_typed(play: Play, tmp_path: Path,
                                                          form: Callable[[int], str]) -> None:
    saved = tmp_path / "g.json"
    typed: list[int] = []
    at: list[int] = []

    def decide(state: State) -> str | None:
        if typed:
            return "quit"
        if state.phase == "play":
            card = C.card(state.legal_actions()[-1].partition(":")[2])
            typed.append(card)
            at.append(len(state.history))
            return form(card)
        return None

    result = play(Keys(saved, decide), "standard", "--seed", "4", "--ask-forced", "--save",
                  str(saved))
    assert typed and result.code == 0, result.out[-500:]
    assert f"South (you) plays {C.pretty(typed[0])}" in result.out
    assert "not an option" not in result.out
    assert read_record(saved).actions[at[0]] == f"play:{C.card_name(typed[0])}"


# -- forced moves --------------------------------------------------------------------------------


def _prompts(out: str, name: str = "South") -> int:
    return len(re.findall(rf"^{name}> ", out, re.M))


def test_forced_moves_are_played_with_one_line_and_the_game_is_the_same(
        play: Play, tmp_path: Path) -> None:
    auto = play(ONES, "standard", "--seed", "4", "--save", str(tmp_path / "a.json"))
    asked = play(ONES, "standard", "--seed", "4", "--ask-forced", "--save",
                 str(tmp_path / "b.json"))
    forced = re.findall(r"^South \(you\) .* \(the only legal move\)", auto.out, re.M)
    assert forced and "(the only legal move)" not in asked.out
    # Every forced move is one prompt fewer; "1" is the only answer there, so the games agree.
    assert _prompts(asked.out) == _prompts(auto.out) + len(forced)
    assert (read_record(tmp_path / "a.json").actions
            == read_record(tmp_path / "b.json").actions)


def test_a_lone_card_that_follows_suit_is_asked_where_reneging_is_allowed(play: Play) -> None:
    out = play(ONES, "renege", "--seed", "4").out.splitlines()
    forced = [i for i, line in enumerate(out) if "plays" in line and "only legal" in line]
    assert forced  # the fifth card of a hand has nothing to renege with: it is forced
    for i in forced:
        done = next(line for line in out[i:] if re.match(r"Trick \d ", line))
        assert done.startswith("Trick 5 "), done


# -- several discards ----------------------------------------------------------------------------


def _merge_keys(saved: Path, answer: Callable[[list[str]], str]) -> Keys:
    """Cutthroat, seed 5: A orders up, plays with the dummy, then discards five at once."""
    said: list[str] = []

    def decide(state: State) -> str | None:
        if said:
            return "quit"
        if state.phase == "upcard_bidding":
            return "order_up"
        if state.phase == "dummy_merge":
            said.append(answer(state.legal_actions()))
            return said[-1]
        return None

    return Keys(saved, decide)


@pytest.mark.parametrize("style", ["codes", "shown", "numbers"])
def test_several_discards_are_taken_in_one_answer(play: Play, tmp_path: Path,
                                                  style: str) -> None:
    saved = tmp_path / "g.json"
    before = new_game(load_variant("cutthroat"), seed=5)
    # Hearts trump; A holds 10 cards after the merge and keeps 5 (CTD-A3): he lets the five
    # clubs go, shown as options 2 to 6 (after the trump 10♥, before K♦ 9♦ K♠ 10♠).
    clubs = ["AC", "KC", "QC", "JC", "TC"]
    answers = {"codes": " ".join(clubs),
               "shown": ", ".join(C.pretty(C.card(c)) for c in clubs),
               "numbers": "2 3 4 5 6"}
    keys = _merge_keys(saved, lambda legal: answers[style])
    result = play(keys, "cutthroat", "--seed", "5", "--save", str(saved))
    assert before.current_player == 0 and result.code == 0
    options = re.findall(r"^ +(\d+)\. discard (\S+)$", result.out, re.M)
    assert [shown for _, shown in options[1:6]] == [C.pretty(C.card(c)) for c in clubs]
    actions = read_record(saved).actions
    assert list(actions[-5:]) == [f"discard:{c}" for c in clubs]
    assert _prompts(result.out, "A") == 4  # order up, not alone, the discards, quit


def test_too_many_discards_are_refused_and_nothing_is_discarded(play: Play,
                                                                tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    keys = _merge_keys(saved, lambda legal: "1 2 3 4 5 6")
    result = play(keys, "cutthroat", "--seed", "5", "--save", str(saved))
    assert "You discard only 5 now: nothing was discarded." in result.out
    assert not any(a.startswith("discard:") for a in read_record(saved).actions[2:])


def test_several_answers_outside_a_discard_are_refused(play: Play) -> None:
    result = play("1 2\nquit\n", "standard", "--seed", "4")
    assert "'1 2' is not an option: several answers at once are only for discards" in result.out
    assert "South (you) passes" not in result.out


# -- the trick in progress -----------------------------------------------------------------------


def test_the_card_winning_the_trick_so_far_is_marked() -> None:
    # Clubs trump (North orders up the A♣). North leads K♣, East cannot follow and throws 9♦:
    # K♣, a trump, is winning. South (the human) plays 9♥; West's only club is J♠, the left
    # bower, which beats the K♣ and takes the trick (the rules: the left bower is the second
    # highest trump).
    deal = {"dealer": 3, "upcard": "AC",
            "hands": [["9C", "TC", "JC", "QC", "KC"], ["9D", "TD", "JD", "QD", "KD"],
                      ["9H", "TH", "JH", "QH", "KH"], ["9S", "TS", "JS", "QS", "KS"]]}
    variant = load_variant("standard")
    state = new_game(variant, seed=1, deal=deal)
    for action in ["order_up", "pass", "discard:AC", "play:KC", "play:9D"]:
        state.apply(action)
    out = io.StringIO()
    bots = {s: HeuristicBot(variant, s, s) for s in (0, 1, 3)}
    table = Table(state, 2, bots, Narrator(variant, you=2), None, {}, io.StringIO("9♥\n"),
                  out)
    table.run()
    text = out.getvalue()
    assert "Trick 1 (clubs ♣ trump): North K♣ (winning), East 9♦. Tricks won:" in text
    assert "South (you) plays 9♥; North's K♣ wins so far" in text
    assert "Trick 1 to West: North K♣, East 9♦, South (you) 9♥, West J♠" in text


# -- the summary after each hand -----------------------------------------------------------------


def test_each_hand_ends_with_one_summary_line_that_says_whether_you_made_or_defended(
        play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    out = play(ONES, "standard", "--seed", "4", "--save", str(saved)).out
    hands = replay(read_record(saved)).hands_played
    summaries = re.findall(r"^Hand (\d+), dealer [^:]*: (.*)$", out, re.M)
    assert len(summaries) == len(hands) > 3
    for (number, text), record in zip(summaries, hands, strict=True):
        assert int(number) == record.hand
        if record.thrown_in is not None:
            assert "thrown in" in text and "You " not in text
            continue
        # South is seat 2, North-South (0 and 2) a side: who made trump says the role
        label = record.label.replace("_", " ")
        assert f"tricks: {label}." in text and "_" not in text
        if record.maker == 2:
            assert "You made trump." in text
        elif record.maker == 0:
            assert "Your side made trump." in text
        else:
            assert (f"You defended: your side took {record.tricks[0] + record.tricks[2]} of 5 "
                    "tricks.") in text
    assert "summary:" not in out  # one line a hand, not two


# -- the end of the game ---------------------------------------------------------------------------


def test_the_game_offers_another_and_yes_starts_it_saved_beside_the_first(
        play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    result = play(Keys(saved, lambda s: None, at_end=["yes"]), "cutthroat", "--seed", "4",
                  "--save", str(saved))
    assert result.code == 0
    first, _, second = result.out.partition("Play again? (yes/no)")
    assert re.search(r"^You (win|lose)", first, re.M)
    seed = derive_seed(4, "again") % 1_000_000
    assert f"Seed {seed}. You are A;" in second
    assert read_record(tmp_path / "g-2.json").seed == seed
    assert "End of input: you left the game." in second


@pytest.mark.parametrize("answer", ["n", "no", ""], ids=["n", "no", "end of input"])
def test_declining_another_game_exits_0(play: Play, tmp_path: Path, answer: str) -> None:
    saved = tmp_path / "g.json"
    result = play(Keys(saved, lambda s: None, at_end=[answer] if answer else []),
                  "cutthroat", "--seed", "4", "--save", str(saved))
    assert result.code == 0 and result.err == ""
    assert result.out.count("Seed ") == 1
    assert result.out.rstrip().splitlines()[-2] == "Play again? (yes/no)"
    assert not (tmp_path / "g-2.json").exists()


# -- hint ------------------------------------------------------------------------------------------


def test_hint_says_what_the_best_bot_would_do_and_why(play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    hinted: list[State] = []

    def decide(state: State) -> str | None:
        fresh = not hinted or len(hinted[-1].history) != len(state.history)
        if state.phase == "play" and len(hinted) < 3 and fresh:
            hinted.append(state)
            return "hint"
        return None

    result = play(Keys(saved, decide), "standard", "--seed", "4", "--ask-forced",
                  "--save", str(saved))
    hints = re.findall(r"^Hint: (\d+)\. (\S+) \((.+)\) Type 'why' for the figures\.$",
                       result.out, re.M)
    assert len(hints) == 3
    # the search's choice, said as the card is shown (J♥), with a reason in words: the
    # heuristic's rule when it plays the same card, else how clearly the card came out best
    # (never the search's figures, which `why` gives); the same position, the same hint
    for state, (_, shown, why) in zip(hinted, hints, strict=True):
        seed = derive_seed(state.seed, "hint", len(state.history))
        action, figures = make_bot(BEST_BOT, state.variant, 2, seed).advise(state)
        card = state.action_name(action).removeprefix("play:")
        assert C.pretty(C.card(card)) == shown
        rule_action, rule = make_bot(BotSpec.parse("heuristic"), state.variant, 2,
                                     seed).advise(state)
        if len(state.legal_action_ids()) == 1:  # --ask-forced asks a move with no choice
            assert why == "it is your only choice"
        else:
            assert why == (rule if rule and rule_action == action else how_clear(figures))
        assert "sampled deals" not in why


def test_asking_for_a_hint_does_not_change_the_game(play: Play, tmp_path: Path) -> None:
    play(ONES, "standard", "--seed", "4", "--save", str(tmp_path / "a.json"))
    play("hint\n" + ONES, "standard", "--seed", "4", "--save", str(tmp_path / "b.json"))
    assert (read_record(tmp_path / "a.json").actions
            == read_record(tmp_path / "b.json").actions)


# -- --delay ---------------------------------------------------------------------------------------


def test_delay_pauses_before_each_bot_action(play: Play, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    pauses: list[float] = []
    monkeypatch.setattr("time.sleep", pauses.append)
    saved = tmp_path / "g.json"
    play("1\n" * 4 + "quit\n", "standard", "--seed", "4", "--delay", "0.25",
         "--save", str(saved))
    record = read_record(saved)
    state = replay(record)
    bots = [(seat, action) for seat, action in zip(state.actors, state.history, strict=True)
            if seat != 2]
    # every bot move waits, but a quiet one (a pass) right after another bot's: it is said
    # with it in one line ("North and East pass"), and waiting would only slow that line
    joined = sum(1 for (_, a), (_, b) in itertools.pairwise(bots)
                 if a == b == "pass")
    assert set(pauses) == {0.25} and joined > 0
    assert len(bots) - joined <= len(pauses) < len(bots)


def test_no_delay_by_default_when_the_output_is_not_a_terminal(
        play: Play, monkeypatch: pytest.MonkeyPatch) -> None:
    pauses: list[float] = []
    monkeypatch.setattr("time.sleep", pauses.append)
    play("1\n" * 4 + "quit\n", "standard", "--seed", "4")
    assert pauses == []


@pytest.mark.parametrize("value", ["-1", "abc", "nan", "11"])
def test_a_bad_delay_exits_1_with_a_message(play: Play, value: str) -> None:
    result = play("quit\n", "standard", "--delay", value)
    assert result.code == 1 and "--delay" in result.err and "Traceback" not in result.err


def test_table_options_default_to_no_delay_and_no_hint() -> None:
    options = TableOptions()
    assert options.delay == 0 and options.hint is None and not options.ask_forced


@pytest.mark.parametrize("variant", ["standard", "cutthroat", "ghost-hand", "bid-euchre",
                                     "railroad", "call-ace", "buck-euchre", "pepper"])
def test_the_hint_is_a_legal_action_in_every_phase(variant: str) -> None:
    # Seeded random play; at every decision of seat 0 the hint bot must name a legal action.
    loaded = load_variant(variant)
    state = new_game(loaded, seed=3)
    advisor = make_bot(BEST_BOT, loaded, 0, 3)
    rng = random.Random(3)
    phases = set()
    while not state.is_terminal() and len(state.hands_played) < 2:
        if state.current_player == 0:
            action, _ = advisor.advise(state)
            assert action in state.legal_action_ids(), (state.phase, action)
            phases.add(state.phase)
        state.apply(rng.choice(state.legal_action_ids()))
    assert "play" in phases


def test_table_shows_the_whole_table_again(play: Play) -> None:
    out = play("table\nquit\n", "standard", "--seed", "4").out
    # asked for, not shown by itself: the hand's header and the narration said it all
    assert out.count("Hand 1, dealer West. Score: North-South 0, East-West 0") == 1
    assert out.count("This hand so far: ") == 1


def test_during_the_tricks_the_whole_table_is_shown_once_a_hand(play: Play) -> None:
    out = play(ONES, "standard", "--seed", "4").out
    blocks = out.split("\n-- Hand ")[1:]
    asked_in_play = 0
    for block in blocks:
        lines = block.splitlines()
        cards = [i for i, line in enumerate(lines) if line == "Your card:"]
        asked_in_play += len(cards)
        full = [i for i in cards
                if any(re.match(r"Trump: ", line) for line in lines[i - 3:i])]
        # The first question of the tricks says the contract again, the others only the
        # trick in progress and the hand; no question repeats the narrated bidding.
        assert len(full) <= 1, block
        assert not any(line.startswith("This hand so far") for line in lines), block
        for i in cards:
            assert lines[i - 2].startswith("Trick ") and lines[i - 1].startswith("Your hand")
    assert asked_in_play > len(blocks)
