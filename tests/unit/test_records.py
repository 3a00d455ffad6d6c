"""Game records (STYLE.md practice 7): a game is its variant, seed or deals, and actions.

Records round-trip through JSON for every shipped variant; a record that was tampered with,
truncated, or written by another version is refused with a :class:`RecordError` that says
what is wrong.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import RecordError, State, Variant, load_variant, new_game, shipped_names
from engine.core.errors import InvalidArgument
from engine.play.records import (
    FORMAT,
    MAX_RECORD_BYTES,
    VERSION,
    GameRecord,
    read_record,
    record_of,
    replay,
    replay_steps,
    write_record,
)


@functools.cache
def variant(name: str) -> Variant:
    return load_variant(name)


def played(name: str, seed: int, actions: int | None = None) -> State:
    """A seeded game with random legal actions: all of it, or its first ``actions``."""
    state = new_game(variant(name), seed=seed)
    rng = random.Random(seed)
    count = 0
    while not state.is_terminal() and (actions is None or count < actions):
        state.apply(rng.choice(state.legal_action_ids()))
        count += 1
    return state


@functools.cache
def a_record() -> dict[str, Any]:
    """A record's JSON, to edit."""
    return record_of(played("standard", 4, actions=40)).to_json()


def refused(change: Callable[[dict[str, Any]], Any]) -> str:
    record = copy.deepcopy(a_record())
    change(record)
    with pytest.raises(RecordError) as caught:
        replay(GameRecord.from_json(record))
    return str(caught.value)


# -- round trips ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", shipped_names())
def test_a_finished_game_round_trips_through_a_json_file(name: str, tmp_path: Path) -> None:
    state = played(name, seed=2, actions=None if name != "ghost-hand" else 300)
    path = tmp_path / "game.json"
    write_record(path, state)
    record = read_record(path)
    assert record.to_json()["format"] == FORMAT and record.to_json()["version"] == VERSION
    assert path.read_text(encoding="utf-8") == json.dumps(record.to_json(), indent=1) + "\n"
    again = replay(record)
    assert again.history == state.history and again.scores == state.scores
    assert again.hands_played == state.hands_played and again.winners == state.winners
    assert record_of(again) == record


def test_a_game_from_given_deals_and_scores_round_trips() -> None:
    deal = {"dealer": 3, "hands": [["JH", "JD", "AH", "9C", "9S"],
                                   ["AC", "KC", "QC", "JC", "TC"],
                                   ["9D", "TD", "QD", "KD", "AD"],
                                   ["AS", "KS", "QS", "JS", "TS"]], "upcard": "KH"}
    state = new_game(variant("standard"), seed=9, deal=deal, scores=[3, 5, 3, 5])
    for action in ["order_up", "pass", "discard:TS", "play:JH"]:
        state.apply(action)
    record = json.loads(json.dumps(record_of(state).to_json()))
    assert record["deals"][0]["hands"][0] == ["9C", "JD", "JH", "AH", "9S"]
    assert record["scores"] == [3, 5, 3, 5]
    again = replay(GameRecord.from_json(record))
    assert again.history == state.history and again.scores == [3, 5, 3, 5]
    assert again.hand.hands == state.hand.hands and again.dealer == 3


def test_a_record_replays_without_its_embedded_rules_while_the_file_is_unchanged() -> None:
    record = copy.deepcopy(a_record())
    del record["variant"]["rules"]
    assert replay(GameRecord.from_json(record)).history == a_record()["actions"]


def test_replay_steps_yields_the_state_before_each_action_then_the_end() -> None:
    record = a_record()
    steps = [(len(state.history), action)
             for state, action in replay_steps(GameRecord.from_json(record))]
    assert steps == [(i, a) for i, a in enumerate(record["actions"])] + [(40, "")]


# -- wrong format or version -------------------------------------------------------------------

def test_a_record_of_another_version_is_refused() -> None:
    assert refused(lambda r: r.update(version=2)) == \
        "record version 2 is not supported (this is 1)"
    assert "not supported" in refused(lambda r: r.update(version=True))
    assert "not supported" in refused(lambda r: r.pop("version"))


def test_something_that_is_not_a_record_is_refused() -> None:
    assert "format should be 'euchrekit-record'" in refused(lambda r: r.update(format="pgn"))
    with pytest.raises(RecordError, match="a record is a JSON object"):
        GameRecord.from_json([1, 2])


# -- truncated --------------------------------------------------------------------------------

def test_a_record_with_actions_cut_off_is_refused_as_truncated() -> None:
    message = refused(lambda r: r.update(actions=r["actions"][:-3]))
    assert message == ("the record says 40 actions were played but lists 37: it was "
                       "truncated or edited")


def test_a_truncated_record_file_is_refused_with_the_place(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(a_record(), indent=1)[:500], encoding="utf-8")
    with pytest.raises(RecordError, match=r"cut.json:\d+:\d+: not valid JSON: .*truncated"):
        read_record(path)


def test_a_missing_field_is_named() -> None:
    assert refused(lambda r: r.pop("seed")) == "the record has no `seed`"
    assert refused(lambda r: r.pop("actions")) == "the record has no `actions`"
    assert refused(lambda r: r["variant"].pop("hash")) == "the record has no `hash`"


def test_binary_or_huge_files_are_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError, match="not UTF-8"):
        read_record(path)
    with pytest.raises(RecordError, match="is a directory"):
        read_record(tmp_path)
    with pytest.raises(RecordError, match="cannot read"):
        read_record(tmp_path / "missing.json")


# -- tampered --------------------------------------------------------------------------------

def test_edited_rules_are_refused_by_their_hash() -> None:
    message = refused(lambda r: r["variant"]["rules"]["game"].update(target=5))
    assert message.startswith("the embedded rules do not match their hash")
    assert message.endswith("the record was edited")


def test_an_illegal_action_is_refused_with_its_number_and_the_reason() -> None:
    def swap_first_play(record: dict[str, Any]) -> None:
        i = next(i for i, a in enumerate(record["actions"]) if a.startswith("play:"))
        record["actions"][i] = "play:ZZ"

    message = refused(swap_first_play)
    assert message.startswith("action ") and "(play:ZZ) cannot be replayed: no such action" \
        in message

    def wrong_card(record: dict[str, Any]) -> None:
        state = new_game(variant("standard"), seed=record["seed"])
        for action in record["actions"]:
            if state.phase == "play":
                break
            state.apply(action)
        i = len(state.history)
        other = next(c for c in state.legal_actions() if c != record["actions"][i])
        record["actions"][i] = "pass" if other == "pass" else "order_up"

    assert "cannot be replayed" in refused(wrong_card)


def test_edited_results_are_refused_with_both_values() -> None:
    assert refused(lambda r: r["result"].update(scores=[9, 9, 9, 9])).startswith(
        "the record says the scores were [9, 9, 9, 9], but replaying gives")
    assert "the winners were [0, 2]" in refused(lambda r: r["result"].update(winners=[0, 2]))
    assert "`hands` (99) does not match" in refused(lambda r: r["result"].update(hands=99))
    assert "`over` (True) does not match" in refused(lambda r: r["result"].update(over=True))
    assert refused(lambda r: r.update(result="won")) == "the record's `result` must be an object"


def test_bad_deals_or_scores_are_refused() -> None:
    assert "`deals` must be a list of deals" in refused(lambda r: r.update(deals=[1]))
    assert "a deal needs `hands`" in refused(lambda r: r.update(deals=[{"hands": 3}]))
    assert "scores need one number per seat (4)" in refused(lambda r: r.update(scores=[1]))
    assert "whole numbers" in refused(lambda r: r.update(scores=["a"] * 4))
    assert "partners [0, 2] must start with equal scores" in refused(
        lambda r: r.update(scores=[1, 0, 0, 0]))


def test_a_record_may_only_name_a_shipped_variant_without_its_rules() -> None:
    def unknown(record: dict[str, Any]) -> None:
        del record["variant"]["rules"]
        record["variant"]["name"] = "../../etc/passwd"

    assert "which is not shipped, and does not embed its rules" in refused(unknown)

    def other_hash(record: dict[str, Any]) -> None:
        del record["variant"]["rules"]
        record["variant"]["hash"] = "0" * 16

    assert "was made with other rules for 'standard'" in refused(other_hash)


def test_a_wrong_type_is_named() -> None:
    assert refused(lambda r: r.update(seed="4")) == "the record's `seed` has the wrong type"
    assert refused(lambda r: r.update(seed=True)) == "the record's `seed` has the wrong type"
    assert refused(lambda r: r.update(actions="pass")) == \
        "the record's `actions` has the wrong type"
    assert refused(lambda r: r["actions"].__setitem__(0, 3)) == \
        "action 1 is not an action name: 3"


def test_an_edit_that_still_replays_is_caught_by_the_digest() -> None:
    record = copy.deepcopy(a_record())
    record["variant"]["name"] = "cutthroat"  # the rules and actions still replay
    with pytest.raises(RecordError, match="edited after it was written"):
        replay(GameRecord.from_json(record))
    del record["digest"]  # cutting the digest off does not help (issue 22, item 7)
    with pytest.raises(RecordError, match="has no `digest`"):
        replay(GameRecord.from_json(record))
    # a record written by hand has none: read only when asked for by name
    assert replay(GameRecord.from_json(record), unsigned=True).history == a_record()["actions"]


def test_starting_scores_are_bounded_like_every_other_number() -> None:
    record = copy.deepcopy(a_record())
    record["scores"] = [10**4299 * 9] * 4
    del record["result"], record["digest"]
    with pytest.raises(RecordError, match="starting scores must be whole numbers from -"):
        replay(GameRecord.from_json(record))
    with pytest.raises(InvalidArgument, match="from -1000000 to 1000000"):
        new_game(variant("standard"), scores=[1_000_001] * 4)


def _record_bytes(state: State) -> int:
    return len((json.dumps(record_of(state).to_json(), indent=1) + "\n").encode())


WORST_ACTIONS_PER_HAND = (
    2 * 6  # upcard bidding: two rounds of at most six seats
    + 6  # go alone: each seat once
    + 2  # dealer pickup: pick up or keep, and a discard
    + 13 * 6 + 6 + 2  # continuous auction: each round raises (13 bids) or ends; swap, look
    + 1  # name trump
    + 1 + 12  # dummy merge: merge, then discards back to at most twelve cards
    + 33  # every card of the largest deck (32 and a joker) played
)
"""More actions than any hand of any valid variant can take (each phase appears once in a
flow: the schema makes ``flow`` unique)."""

RULES_ALLOWANCE = 512 * 1024
"""More than the embedded rules of any valid variant take (the schema bounds every list and
string in them: 40 scoring rows, expressions of at most 1,000 characters, ...)."""


def _action_bytes(name: str) -> int:
    """What one action adds to a record as ``write_record`` writes it (indented, one a line)."""
    one = json.dumps({"actions": [name]}, indent=1)
    return len(json.dumps({"actions": [name, name]}, indent=1)) - len(one)


def test_the_longest_game_a_valid_variant_allows_fits_in_a_record() -> None:
    """Item 9 of issue 9: a game stopped at ``game.max_hands`` (at the schema's maximum) must
    leave a record that can be read back, whatever the variant."""
    schema = json.loads((Path(__file__).parents[2] / "schema/variant.schema.json").read_text())
    most_hands = schema["properties"]["game"]["properties"]["max_hands"]["maximum"]
    per_action = _action_bytes("discard:TS")  # the longest action name
    assert 64 + RULES_ALLOWANCE + WORST_ACTIONS_PER_HAND * per_action * most_hands \
        <= MAX_RECORD_BYTES


@pytest.mark.parametrize("name", shipped_names())
def test_the_worst_case_per_hand_bounds_what_shipped_games_write(name: str) -> None:
    state = played(name, 1)
    empty = _record_bytes(new_game(state.variant, seed=1))
    assert empty < RULES_ALLOWANCE
    per_hand = (_record_bytes(state) - empty) / len(state.hands_played)
    assert per_hand < WORST_ACTIONS_PER_HAND * _action_bytes("discard:TS")
