"""`euchre replay FILE`: a checked record printed hand by hand; broken records exit 1 with
the reason and no traceback (STYLE.md 7: history is the truth)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import load_variant, new_game
from engine.core.bot_spec import BotSpec
from engine.play.records import record_of, write_record
from engine.play.state import State
from engine.sim.simulate import play_game
from engine.text.narrate import Narrator

RunCli = Callable[..., Any]
"""The ``run_cli`` fixture (tests/conftest.py)."""


def finished(variant: str, seed: int) -> State:
    v = load_variant(variant)
    return play_game(v, seed, [BotSpec.parse("heuristic")] * v.players)


@pytest.fixture(scope="module")
def standard_game() -> State:
    return finished("standard", 5)


@pytest.fixture
def saved(tmp_path: Path, standard_game: State) -> Path:
    path = tmp_path / "game.json"
    write_record(path, standard_game)
    return path


@pytest.mark.parametrize("variant", ["standard", "two-handed", "cutthroat", "ghost-hand"])
def test_replay_prints_every_hand_and_the_winner(run_cli: RunCli, tmp_path: Path,
                                                variant: str) -> None:
    state = finished(variant, 3)
    path = tmp_path / "game.json"
    write_record(path, state)
    result = run_cli("replay", str(path))
    assert result.code == 0 and result.err == ""
    for hand in state.hands_played:
        assert f"Hand {hand.hand}, dealer " in result.out
    assert result.out.rstrip().splitlines()[-1].endswith(
        f"Final score: {_scores(variant, state.scores)}")


def _scores(variant: str, scores: list[int]) -> str:
    return Narrator(load_variant(variant)).score_line(scores)


def test_replay_shows_every_seats_dealt_cards_and_the_upcard(run_cli: RunCli,
                                                            saved: Path) -> None:
    out = run_cli("replay", str(saved)).out
    first_hand = out.split("\n\n")[1]
    assert first_hand.startswith("-- Hand 1, dealer ")
    assert re.search(r"^  North: .+$", first_hand, re.M)
    assert re.search(r"^  upcard: \S+$", first_hand, re.M)
    for seat in ("North", "East", "South", "West"):
        assert len(re.findall(rf"^  {seat}: ", first_hand, re.M)) == 1
    assert first_hand.count("\nTrick ") in (0, 5)


def test_replay_shows_the_dummy_of_cutthroat(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    write_record(path, finished("cutthroat", 2))
    assert re.search(r"^  dummy hand: (\S+ ?){5,}", run_cli("replay", str(path)).out, re.M)


def test_replay_reveals_discarded_cards(run_cli: RunCli, saved: Path) -> None:
    out = run_cli("replay", str(saved)).out
    discards = re.findall(r"^\w+ discards(.*)$", out, re.M)
    assert discards and all(re.fullmatch(r" \S+", d) for d in discards)


def test_replay_of_an_unfinished_game_says_so(run_cli: RunCli, tmp_path: Path,
                                              standard_game: State) -> None:
    state = new_game(standard_game.variant, seed=standard_game.seed)
    for action in standard_game.history[:20]:
        state.apply(action)
    record = record_of(state)  # a game saved before its end
    path = tmp_path / "part.json"
    path.write_text(json.dumps(record.to_json()))
    result = run_cli("replay", str(path))
    assert result.code == 0 and "The game was left unfinished" in result.out


# -- broken records --------------------------------------------------------------------------


def _tamper_action(record: dict[str, Any]) -> None:
    """Swap the first two cards played: the leader now plays the next seat's card."""
    actions = record["actions"]
    first = next(i for i, a in enumerate(actions) if a.startswith("play:"))
    actions[first], actions[first + 1] = actions[first + 1], actions[first]


def _tamper_score(record: dict[str, Any]) -> None:
    record["result"]["scores"][0] += 1


def _drop_seed(record: dict[str, Any]) -> None:
    del record["seed"]


def _edit_rules(record: dict[str, Any]) -> None:
    record["variant"]["rules"]["game"]["target"] = 5


@pytest.mark.parametrize(("tamper", "message"), [
    (_tamper_action, r"action \d+ \(play:\w\w\) cannot be replayed"),
    (_tamper_score, r"the record says the scores were \[.*\], but replaying gives"),
    (_drop_seed, r"the record has no `seed`"),
    (_edit_rules, r"the embedded rules do not match their hash"),
])
def test_an_edited_record_exits_1_saying_what_is_wrong(run_cli: RunCli, saved: Path,
                                                      tamper: Callable[[dict[str, Any]], None],
                                                      message: str) -> None:
    record = json.loads(saved.read_text())
    tamper(record)
    saved.write_text(json.dumps(record))
    result = run_cli("replay", str(saved))
    assert result.code == 1 and result.out == ""
    assert result.err.startswith("euchre: ") and re.search(message, result.err), result.err
    assert "Traceback" not in result.err


@pytest.mark.parametrize(("content", "message"), [
    ("truncated", "not valid JSON"),
    ("[1, 2, 3]", "a record is a JSON object"),
    ('{"hello": "world"}', "not a euchrekit record"),
    ("", "not valid JSON"),
])
def test_a_file_that_is_not_a_record_exits_1(run_cli: RunCli, saved: Path, content: str,
                                             message: str) -> None:
    text = saved.read_text()[: len(saved.read_text()) // 2] if content == "truncated" else content
    saved.write_text(text)
    result = run_cli("replay", str(saved))
    assert result.code == 1 and message in result.err and "Traceback" not in result.err


def test_a_missing_file_exits_1(run_cli: RunCli, tmp_path: Path) -> None:
    result = run_cli("replay", str(tmp_path / "nope.json"))
    assert result.code == 1 and "cannot read" in result.err


def test_replay_needs_a_file_argument(run_cli: RunCli) -> None:
    assert run_cli("replay").code == 2
