"""Corrupt, truncated and tampered record files given to `euchre replay` and to
`euchre play --resume`: each exits 1 with a message naming what is wrong, never a traceback,
never a hang, and never a replay of something other than what the file holds.

``tests/test_records.py`` checks :func:`engine.play.records.replay` on one edit of each kind and
``tests/test_cli_replay.py`` a few through the CLI; here every case goes through both commands,
truncation is tried at every 7th byte, every action is flipped, and the files get hostile
(20 MB, deep, binary, devices, numbers of thousands of digits, megabyte-long values).
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from engine import load_variant
from engine.core.bot_spec import BotSpec
from engine.play.records import MAX_RECORD_BYTES, MAX_RECORD_DEPTH, record_of, write_record
from engine.play.state import State
from engine.sim.simulate import play_game

REPO = Path(__file__).resolve().parents[2]
Record = dict[str, Any]


class Result(NamedTuple):
    code: int
    out: str
    err: str


Run = Callable[[str, Path], Result]
"""``run(command, path)``: ``euchre replay PATH`` or ``euchre play --resume PATH``."""


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Run:
    from engine.cli import main  # noqa: PLC0415 - kept next to its only use

    def go(command: str, path: Path) -> Result:
        monkeypatch.setattr("sys.stdin", _EndOfInput())
        capsys.readouterr()
        argv = ["replay", str(path)] if command == "replay" else ["play", "--resume", str(path)]
        code = main(argv)
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return go


class _EndOfInput:
    """A keyboard with nothing on it: a resumed game that loads ends at its first prompt."""

    def readline(self, size: int = -1) -> str:
        return ""

    def isatty(self) -> bool:
        return False


COMMANDS = ["replay", "resume"]


@pytest.fixture(scope="module")
def finished() -> State:
    variant = load_variant("standard")
    return play_game(variant, 5, [BotSpec.parse("heuristic")] * variant.players)


@pytest.fixture(scope="module")
def good(finished: State) -> Record:
    record: Record = json.loads(json.dumps(record_of(finished).to_json()))
    return record


def _refused(result: Result, path: Path, *patterns: str) -> str:
    """The message of a refusal: exit 1, nothing on stdout, `euchre: PATH...` on stderr."""
    assert result.code == 1, (result.code, result.err[:300], result.out[-300:])
    assert result.out == ""
    assert "Traceback" not in result.err
    assert result.err.startswith(f"euchre: {path}"), result.err[:300]
    assert result.err.count("\n") == 1, result.err[:300]
    message = result.err[len("euchre: "):].rstrip("\n")
    if patterns:
        assert any(re.search(p, message) for p in patterns), message
    return message


def _save(path: Path, record: Any) -> Path:
    path.write_text(json.dumps(record, indent=1), encoding="utf-8")
    return path


def _rehash(record: Record) -> None:
    """Recompute the rules' hash, as a careful forger would."""
    text = json.dumps(record["variant"]["rules"], sort_keys=True, separators=(",", ":"))
    record["variant"]["hash"] = hashlib.sha256(text.encode()).hexdigest()[:16]


# -- truncated ---------------------------------------------------------------------------------


def test_a_record_truncated_at_every_7th_byte_is_refused_by_both_commands(
    run: Run, tmp_path: Path, finished: State, capsys: pytest.CaptureFixture[str],
) -> None:
    whole = tmp_path / "whole.json"
    write_record(whole, finished)
    data = whole.read_bytes()
    full = run("replay", whole)
    assert full.code == 0
    cut = tmp_path / "cut.json"
    for command in COMMANDS:
        for size in range(0, len(data), 7):
            cut.write_bytes(data[:size])
            result = run(command, cut)
            if data[:size].strip() == data.strip():  # only the final newline lost: intact
                assert result.code == 0 and (command == "resume" or result.out == full.out)
                continue
            _refused(result, cut, r"not valid JSON: .* \(truncated or edited\?\)$")


def test_a_record_whose_actions_are_cut_short_is_refused_at_every_7th_action(
    run: Run, tmp_path: Path, good: Record,
) -> None:
    path = tmp_path / "short.json"
    total = len(good["actions"])
    for keep in range(0, total, 7):
        record = copy.deepcopy(good)
        del record["actions"][keep:]
        _save(path, record)
        for command in COMMANDS:
            _refused(run(command, path),
                     path, rf"says {total} actions were played but lists {keep}: it was "
                     "truncated or edited$")


# -- tampered ------------------------------------------------------------------------------------

FLIPS = ["pass", "order_up", "alone", "call:H", "play:9C", "play:AS", "discard:JH"]
"""What each action is replaced with (the first that differs from it)."""

TAMPERED = (r"action \d+ \(.+\) cannot be replayed: ",
            r"the record says the (scores|winners) were .+, but replaying gives",
            r"the record's `(hands|over)` \(.+\) does not match the replay")
"""The ways a record that replays no longer is refused."""


def test_every_flipped_action_is_refused(run: Run, tmp_path: Path, good: Record) -> None:
    path = tmp_path / "flipped.json"
    for i, action in enumerate(good["actions"]):
        record = copy.deepcopy(good)
        record["actions"][i] = next(f for f in FLIPS if f != action)
        _save(path, record)
        message = _refused(run("replay", path), path, *TAMPERED)
        if "cannot be replayed" in message:
            at = int(re.search(r"action (\d+)", message)[1])  # type: ignore[index]
            assert at > i, f"flip at action {i + 1} blamed on action {at}"


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("seed", [6, 0, -1, 2**63, 10**300])
def test_a_swapped_seed_is_refused(run: Run, tmp_path: Path, good: Record, command: str,
                                   seed: int) -> None:
    record = copy.deepcopy(good)
    record["seed"] = seed
    path = _save(tmp_path / "seed.json", record)
    _refused(run(command, path), path, *TAMPERED)


def _set(path: tuple[str | int, ...], value: Any) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        target: Any = record
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = value

    return change


def _delete(*path: str) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        target: Any = record
        for part in path[:-1]:
            target = target[part]
        del target[path[-1]]

    return change


RULE_EDITS: dict[str, Callable[[Record], None]] = {
    "the target": _set(("variant", "rules", "game", "target"), 11),
    "the description": _set(("variant", "rules", "description"), "Standard, honest."),
    "a scoring row's points": _set(("variant", "rules", "scoring", "table", 0, "makers"), 9),
    "a key deleted": _delete("variant", "rules", "game", "tie"),
    "a key added": _set(("variant", "rules", "house"), True),
    "the flow's order": lambda r: r["variant"]["rules"]["flow"].reverse(),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("edit", sorted(RULE_EDITS))
def test_changed_embedded_rules_are_refused_by_their_hash(run: Run, tmp_path: Path,
                                                          good: Record, command: str,
                                                          edit: str) -> None:
    record = copy.deepcopy(good)
    RULE_EDITS[edit](record)
    path = _save(tmp_path / "rules.json", record)
    _refused(run(command, path), path,
             r"the embedded rules do not match their hash \(\w{16} != \w{16}\): the record "
             r"was edited$")


def test_reordered_keys_are_not_an_edit(run: Run, tmp_path: Path, good: Record) -> None:
    """The hash is of the rules' meaning (keys sorted), not of how the JSON was laid out."""
    record = copy.deepcopy(good)
    record["variant"]["rules"] = dict(reversed(record["variant"]["rules"].items()))
    path = _save(tmp_path / "reordered.json", record)
    assert run("replay", path).code == 0


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("edit", [
    (_set(("variant", "hash"), "0" * 16), r"embedded rules do not match their hash"),
    (lambda r: r["variant"].update(hash=r["variant"]["hash"].upper()), r"do not match"),
    (lambda r: r["variant"].update(hash=r["variant"]["hash"][:-1] + "x"), r"do not match"),
    (_set(("variant", "hash"), ""), r"do not match their hash"),
    (_set(("variant", "hash"), 12), r"the record's `hash` has the wrong type$"),
    (_delete("variant", "hash"), r"the record has no `hash`$"),
    (lambda r: (r["variant"].pop("rules"), r["variant"].update(hash="f" * 16)),
     r"was made with other rules for 'standard' \(hash f{16}, the variant file now gives"),
])
def test_a_changed_rules_hash_is_refused(run: Run, tmp_path: Path, good: Record, command: str,
                                         edit: tuple[Callable[[Record], None], str]) -> None:
    change, message = edit
    record = copy.deepcopy(good)
    change(record)
    path = _save(tmp_path / "hash.json", record)
    _refused(run(command, path), path, message)


def test_rules_edited_and_rehashed_still_fail_to_replay_the_game(run: Run, tmp_path: Path,
                                                                 good: Record) -> None:
    """A forger who recomputes the hash gets past it, but not past the replay: a game to 5
    ends hands before the record does."""
    record = copy.deepcopy(good)
    record["variant"]["rules"]["game"]["target"] = 5
    _rehash(record)
    path = _save(tmp_path / "forged.json", record)
    _refused(run("replay", path), path, r"action \d+ \(\w+(:\w+)?\) cannot be replayed: the "
             r"game is over$")


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("version", [0, 2, -1, 99, "1", 1.0, None, True, [1], {"v": 1}])
def test_a_wrong_version_is_refused(run: Run, tmp_path: Path, good: Record, command: str,
                                    version: Any) -> None:
    record = copy.deepcopy(good)
    record["version"] = version
    path = _save(tmp_path / "version.json", record)
    _refused(run(command, path), path,
             rf"record version {re.escape(repr(version))} is not supported \(this is 1\)$")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_missing_version_is_refused(run: Run, tmp_path: Path, good: Record,
                                      command: str) -> None:
    record = copy.deepcopy(good)
    del record["version"]
    path = _save(tmp_path / "version.json", record)
    _refused(run(command, path), path, r"record version None is not supported")


def test_resuming_a_record_as_another_variant_is_refused(
    tmp_path: Path, good: Record, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from engine.cli import main  # noqa: PLC0415

    path = _save(tmp_path / "game.json", good)
    monkeypatch.setattr("sys.stdin", _EndOfInput())
    assert main(["play", "cutthroat", "--resume", str(path)]) == 1
    err = capsys.readouterr().err
    assert err == f"euchre: {path} is a game of 'standard', not of 'cutthroat'\n"


@pytest.mark.parametrize("command", COMMANDS)
def test_a_record_naming_another_variant_without_rules_is_refused(
    run: Run, tmp_path: Path, good: Record, command: str,
) -> None:
    record = copy.deepcopy(good)
    del record["variant"]["rules"]
    record["variant"]["name"] = "cutthroat"
    path = _save(tmp_path / "other.json", record)
    _refused(run(command, path), path, r"was made with other rules for 'cutthroat'")


@pytest.mark.parametrize("command", COMMANDS)
def test_the_actions_of_one_variant_under_the_rules_of_another_are_refused(
    run: Run, tmp_path: Path, good: Record, command: str,
) -> None:
    cutthroat = load_variant("cutthroat")
    other = json.loads(json.dumps(record_of(play_game(cutthroat, 5,
                                                      [BotSpec.parse("heuristic")] * 3)).to_json()))
    record = copy.deepcopy(good)
    record["variant"] = other["variant"]
    path = _save(tmp_path / "mixed.json", record)
    _refused(run(command, path), path, *TAMPERED)


# -- not records at all ----------------------------------------------------------------------


def _sparse(path: Path, size: int) -> Path:
    with path.open("wb") as out:
        out.write(b'{"format": "euchrekit-record", ')
        out.truncate(size)
    return path


@pytest.mark.parametrize("command", COMMANDS)
def test_a_20_megabyte_file_is_refused_by_its_size(run: Run, tmp_path: Path,
                                                   command: str) -> None:
    path = _sparse(tmp_path / "big.json", 20 * 2**20)
    _refused(run(command, path), path,
             rf"is larger than {MAX_RECORD_BYTES // 2**20} MiB; not a record$")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_directory_is_refused(run: Run, tmp_path: Path, command: str) -> None:
    _refused(run(command, tmp_path), tmp_path, r"is a directory, not a record file$")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_device_is_refused_unread(run: Run, command: str) -> None:
    path = Path("/dev/zero")
    _refused(run(command, path), path, r"is not a regular file, not a record file$")


@pytest.mark.parametrize("command", ["replay", "play --resume"])
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path,
                                                               command: str) -> None:
    """Opening a pipe blocks until something writes to it: a real process, with a timeout."""
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    result = subprocess.run([sys.executable, "-m", "engine.cli", *command.split(), str(pipe)],
                            capture_output=True, text=True, timeout=60, cwd=REPO,
                            stdin=subprocess.DEVNULL, check=False)
    assert result.returncode == 1
    assert result.stderr == f"euchre: {pipe} is not a regular file, not a record file\n"


BINARY = {
    "random bytes": random.Random(1).randbytes(5000),
    "one byte": b"\x80",
    "NUL bytes": b"\x00" * 100,
    "a PNG header": b"\x89PNG\r\n\x1a\n" + bytes(range(256)),
    "gzip": b"\x1f\x8b\x08\x00" + random.Random(2).randbytes(300),
    "UTF-16": json.dumps({"format": "euchrekit-record"}).encode("utf-16"),
    "UTF-8 with a byte-order mark": b"\xef\xbb\xbf{}",
    "latin-1 text": "{\"format\": \"caf\u00e9\"}".encode("latin-1"),
    "empty": b"",
    "whitespace": b" \n\t\n",
    "YAML": b"format: euchrekit-record\nversion: 1\n",
    "JSON with trailing garbage": b'{"format": "euchrekit-record"} {}',
    "JSON with a NaN key": b"{NaN: 1}",
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("kind", sorted(BINARY))
def test_binary_garbage_is_refused(run: Run, tmp_path: Path, command: str, kind: str) -> None:
    path = tmp_path / "garbage.json"
    path.write_bytes(BINARY[kind])
    _refused(run(command, path), path, r"is not UTF-8 text; not a record$",
             r"not valid JSON: .+ \(truncated or edited\?\)$")


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("value", [[], "record", 1, None, True, [{"format": "euchrekit-record"}]])
def test_json_that_is_not_an_object_is_refused(run: Run, tmp_path: Path, command: str,
                                               value: Any) -> None:
    path = _save(tmp_path / "value.json", value)
    _refused(run(command, path), path, r": a record is a JSON object$")


# -- hostile contents --------------------------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS)
def test_a_number_of_thousands_of_digits_is_refused(run: Run, tmp_path: Path, good: Record,
                                                    command: str) -> None:
    """json.loads raises ValueError (not JSONDecodeError) past Python's 4,300-digit limit on
    int conversion; it used to escape as a traceback."""
    text = json.dumps(good).replace('"seed": 5', '"seed": ' + "9" * 5000, 1)
    path = tmp_path / "digits.json"
    path.write_text(text, encoding="utf-8")
    _refused(run(command, path), path, r"holds a number of thousands of digits; not a record$")


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("where", ["rules", "scores", "deals", "actions", "result", "seed"])
def test_deeply_nested_values_are_refused_before_they_exhaust_the_stack(
    run: Run, tmp_path: Path, good: Record, command: str, where: str,
) -> None:
    """900 levels is under json's own limit but over what the checks after it can recurse
    through (deep embedded rules used to escape as a RecursionError)."""
    record = copy.deepcopy(good)
    deep = _nested(900)
    if where == "rules":
        record["variant"]["rules"]["game"]["target"] = deep
        _rehash(record)
    elif where == "actions":
        record["actions"][3] = deep
    elif where == "result":
        record["result"]["scores"] = deep
    else:
        record[where] = deep
    path = tmp_path / "deep.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    _refused(run(command, path), path,
             rf"the record nests deeper than {MAX_RECORD_DEPTH} levels; no game record does")


@pytest.mark.parametrize("command", COMMANDS)
def test_json_nested_past_the_parsers_limit_is_refused(run: Run, tmp_path: Path,
                                                       command: str) -> None:
    path = tmp_path / "deeper.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    _refused(run(command, path), path, r": JSON nested too deeply; not a record$")


MEGABYTE_TEXT = "x" * 2**20


def _unshipped_name_without_rules(record: Record) -> None:
    del record["variant"]["rules"]
    record["variant"]["name"] = MEGABYTE_TEXT


LONG_VALUES: dict[str, Callable[[Record], None]] = {
    "version": _set(("version",), MEGABYTE_TEXT),
    "variant name": _unshipped_name_without_rules,
    "an action": lambda r: r["actions"].__setitem__(2, MEGABYTE_TEXT),
    "an action that is not text": lambda r: r["actions"].__setitem__(2, [MEGABYTE_TEXT]),
    "the stated action count": _set(("result", "actions"), MEGABYTE_TEXT),
    "the stated scores": _set(("result", "scores"), [MEGABYTE_TEXT]),
    "the stated hands": _set(("result", "hands"), MEGABYTE_TEXT),
    "the starting scores": _set(("scores",), [MEGABYTE_TEXT, 0, 0, 0]),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("where", sorted(LONG_VALUES))
def test_a_megabyte_long_value_is_quoted_short(run: Run, tmp_path: Path, good: Record,
                                               command: str, where: str) -> None:
    record = copy.deepcopy(good)
    LONG_VALUES[where](record)
    path = _save(tmp_path / "long.json", record)
    message = _refused(run(command, path), path)
    assert len(message) < 500 + len(str(path)), f"{len(message)} characters"
    assert "..." in message


@pytest.mark.parametrize("command", COMMANDS)
def test_escape_sequences_in_an_action_do_not_reach_the_terminal(run: Run, tmp_path: Path,
                                                                 good: Record,
                                                                 command: str) -> None:
    record = copy.deepcopy(good)
    record["actions"][0] = "pass\x1b[2J\x1b]0;owned\x07"
    path = _save(tmp_path / "escape.json", record)
    message = _refused(run(command, path), path, r"action 1 \('pass\\x1b\[2J")
    assert "\x1b" not in message and "\x07" not in message


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("edit", [
    (_set(("seed",), float("nan")), r"the record's `seed` has the wrong type$"),
    (_set(("seed",), 5.0), r"the record's `seed` has the wrong type$"),
    (_set(("seed",), "5"), r"the record's `seed` has the wrong type$"),
    (_set(("scores",), [float("inf")] * 4), r"scores must be whole numbers"),
    (_set(("actions",), {"0": "pass"}), r"the record's `actions` has the wrong type$"),
    (_set(("variant",), "standard"), r"the record's `variant` has the wrong type$"),
    (_set(("variant", "rules"), [1]), r"the record's `variant.rules` must be an object$"),
    (_set(("variant", "rules"), {}), r"the embedded rules do not match their hash"),
    (_set(("deals",), [{"dealer": 9, "hands": []}]), r"the dealer must be a seat from 0 to 3"),
    (_set(("deals",), "all of them"), r"`deals` must be a list of deals"),
    (_set(("format",), "euchrekit-record-2"), r"not a euchrekit record"),
    (_delete("format"), r"not a euchrekit record"),
])
def test_wrong_types_and_values_are_named(run: Run, tmp_path: Path, good: Record, command: str,
                                          edit: tuple[Callable[[Record], None], str]) -> None:
    change, message = edit
    record = copy.deepcopy(good)
    change(record)
    path = _save(tmp_path / "typed.json", record)
    _refused(run(command, path), path, message)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_record_that_is_intact_replays_and_resumes(run: Run, tmp_path: Path, good: Record,
                                                     command: str) -> None:
    """The control: the unedited record is accepted by both commands."""
    path = _save(tmp_path / "good.json", good)
    result = run(command, path)
    assert result.code == 0 and result.err == ""
    assert re.search(r" wins? the game\. Final score: ", result.out)


# -- issue 22, item 7: a record with its digest cut off ----------------------------------------


def _forged_without_digest(good: Record) -> Record:
    """The forgery of issue 22: cut the last hands' actions, rewrite `result` to what the cut
    game gives, and drop the digest that would have caught it."""
    from engine.play.records import GameRecord, replay_steps  # noqa: PLC0415 - forger's tool

    record = copy.deepcopy(good)
    del record["digest"]
    keep = len(record["actions"]) // 2
    del record["actions"][keep:]
    record["result"] = {"actions": keep}
    *_, (cut, _) = replay_steps(GameRecord.from_json(record))
    record["result"] = {"actions": keep, "scores": list(cut.scores), "winners": [],
                        "hands": len(cut.hands_played), "over": False}
    return record


@pytest.mark.parametrize("command", COMMANDS)
def test_a_record_whose_digest_was_removed_is_refused(run: Run, tmp_path: Path, good: Record,
                                                      command: str) -> None:
    path = _save(tmp_path / "cut.json", _forged_without_digest(good))
    message = _refused(run(command, path), path, r"has no `digest`")
    assert "--unsigned" in message or command == "resume"


def test_replay_unsigned_reads_a_hand_written_record_and_says_so(
        run_cli: Callable[..., Any], tmp_path: Path, good: Record) -> None:
    """A record written by hand has no digest: `replay --unsigned` reads it (and only that
    option), saying that nothing vouches for it."""
    path = _save(tmp_path / "hand-written.json", _forged_without_digest(good))
    result = run_cli("replay", "--unsigned", str(path))
    assert result.code == 0, result.err
    assert "The game was left unfinished" in result.out
    assert "no digest" in result.err and "not checked" in result.err


# -- issue 22, item 6: keys a record does not define -------------------------------------------


def _pad(where: str) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        place = record if where == "top" else record[where]
        place["padding"] = [{}] * 1000
    return change


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("where", ["top", "variant", "result", "table"])
def test_an_unknown_key_is_refused_at_every_level(run: Run, tmp_path: Path, good: Record,
                                                  command: str, where: str) -> None:
    from engine.play.records import digest_of  # noqa: PLC0415 - the forger's own tool

    record = copy.deepcopy(good)
    record["table"] = {"human": 0, "bots": [None, "heuristic", "heuristic", "heuristic"]}
    _pad(where)(record)
    record["digest"] = digest_of(record)  # a careful forger re-signs
    path = _save(tmp_path / "padded.json", record)
    message = _refused(run(command, path), path, r"unknown key `padding`")
    assert where == "top" or f"`{where}`" in message


@pytest.mark.parametrize("key", ["mystery", "extra"])
def test_an_unknown_key_in_a_deal_is_refused(run_cli: Callable[..., Any], tmp_path: Path,
                                             key: str) -> None:
    """A deal holds `dealer`, `hands`, `upcard`, `kitty` and `extra` (its extra hands by
    name, none in standard): nothing else."""
    from engine.play.records import digest_of  # noqa: PLC0415 - the forger's own tool
    from engine.play.state import State  # noqa: PLC0415
    from engine.rules.results import Deal  # noqa: PLC0415

    standard = load_variant("standard")
    deal = {"dealer": 3, "upcard": "AC", "hands": [
        ["9C", "TC", "JC", "QC", "KC"], ["9D", "TD", "JD", "QD", "KD"],
        ["9H", "TH", "JH", "QH", "KH"], ["9S", "TS", "JS", "QS", "KS"]]}
    state = State(standard, seed=1, deals=[Deal.from_json(standard, deal)])
    record = json.loads(json.dumps(record_of(state).to_json()))
    record["deals"][0][key] = {"ghost": []} if key == "extra" else 1
    record["digest"] = digest_of(record)
    path = _save(tmp_path / "deal.json", record)
    result = run_cli("replay", str(path))
    assert result.code == 1 and "Traceback" not in result.err
    assert "deal 1" in result.err and (f"unknown key `{key}`" in result.err
                                       or "unknown extra hand `ghost`" in result.err)
