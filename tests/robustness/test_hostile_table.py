"""Hostile input against `play` and `replay`, one compact case per class fixed in issue 9:
a save over an existing file, a device as --save, stray temporary files, escape sequences in a
record, starting scores of thousands of digits. Each exits cleanly with a one-line reason and
leaves the user's files as they were.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import load_variant, new_game
from engine.play.records import digest_of, record_of

Result = Any  # conftest.CliResult
Run = Callable[..., Result]


def _one_line_error(result: Result) -> None:
    assert result.code == 1
    assert result.err.count("\n") == 1 and result.err.startswith("euchre: ")
    assert "Traceback" not in result.err


def test_save_over_an_existing_file_is_refused(play: Run, tmp_path: Path) -> None:
    mine = tmp_path / "unfinished.txt"
    mine.write_bytes(b"precious")
    result = play("1\n", "standard", "--seed", "1", "--save", str(mine))
    _one_line_error(result)
    assert mine.read_bytes() == b"precious"


def test_a_device_as_save_is_refused(play: Run, tmp_path: Path) -> None:
    device = tmp_path / "zero"  # a link of the test's own: unfixed code replaces only the link
    device.symlink_to("/dev/zero")
    _one_line_error(play("1\n", "standard", "--seed", "1", "--save", str(device), "--force"))
    assert device.is_char_device()


def test_a_stray_temporary_file_is_cleaned(play: Run, tmp_path: Path) -> None:
    stray = tmp_path / ".g.json.4194000.tmp"
    stray.write_text('{\n "format": "euchrekit-record", "ver')
    result = play("quit\n", "standard", "--seed", "1", "--save", str(tmp_path / "g.json"))
    assert result.code == 0 and not stray.exists()


def _edited(path: Path, change: Callable[[dict[str, Any]], None], hands: int = 0) -> Path:
    state = new_game(load_variant("standard"), seed=3)
    rng = random.Random(3)
    while len(state.hands_played) < hands:
        state.apply(rng.choice(state.legal_action_ids()))
    record = record_of(state)
    change(record)
    record["digest"] = digest_of(record)
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_escape_sequences_in_a_record_never_reach_the_terminal(run_cli: Run, play: Run,
                                                               tmp_path: Path) -> None:
    def rename(record: dict[str, Any]) -> None:
        record["variant"]["name"] = "\x1b[2Jgone\u202e\x00"

    saved = _edited(tmp_path / "esc.json", rename)
    for result in (run_cli("replay", str(saved)), play("quit\n", "--resume", str(saved))):
        assert result.code == 0, result.err
        shown = result.out + result.err
        assert "\\x1b[2Jgone\\u202e\\x00" in shown
        assert not {"\x1b", "\u202e", "\x00"} & set(shown)


def test_starting_scores_of_thousands_of_digits_are_refused(run_cli: Run,
                                                            tmp_path: Path) -> None:
    def inflate(record: dict[str, Any]) -> None:
        record["scores"] = [10**4299 * 9] * 4
        del record["result"]

    saved = _edited(tmp_path / "huge.json", inflate, hands=1)
    result = run_cli("replay", str(saved))
    _one_line_error(result)
    assert "starting scores must be whole numbers from -" in result.err


def test_escape_sequences_in_a_variant_file_never_reach_the_table(play: Run, write: Any) -> None:
    house = write("house.yaml", 'extends: standard\ndescription: "Evil \\e[2J\\u202e\\0 rules"\n')
    result = play("quit\n", str(house), "--seed", "1")
    assert result.code == 0, result.err
    assert "Evil \\x1b[2J\\u202e\\x00 rules" in result.out
    assert not {"\x1b", "\u202e", "\x00"} & set(result.out)
