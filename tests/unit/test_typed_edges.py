"""Typed edges (issue 23): a game record is a frozen :class:`GameRecord` with one serialiser
each way, and a bot is a :class:`BotSpec` parsed once where it is typed.

The expected record below is written by hand from the version 1 format (the keys in the order
records have always been written, one space of indent); its digest is computed here from the
format's definition (SHA-256 of the content without ``digest`` and ``variant.rules``, keys
sorted, compact separators), not by the code under test.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from engine import load_variant, new_game, shipped_names
from engine.bots import BotSpec, parse_bots
from engine.core.errors import EuchreError, RecordError
from engine.play.records import (
    GameRecord,
    RecordDeal,
    RecordResult,
    Seating,
    VariantRef,
    read_record,
    record_of,
    replay,
    write_record,
)

DEAL = {"dealer": 3, "hands": [["JH", "JD", "AH", "9C", "9S"], ["AC", "KC", "QC", "JC", "TC"],
                               ["9D", "TD", "QD", "KD", "AD"], ["AS", "KS", "QS", "JS", "TS"]],
        "upcard": "KH"}
ACTIONS = ["order_up", "pass", "discard:TS", "play:JH"]


def _hand_digest(content: dict[str, Any]) -> str:
    kept = {k: v for k, v in content.items() if k != "digest"}
    kept["variant"] = {k: v for k, v in kept["variant"].items() if k != "rules"}
    text = json.dumps(kept, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def test_a_saved_record_is_byte_for_byte_the_version_1_format(tmp_path: Path) -> None:
    standard = load_variant("standard")
    state = new_game(standard, seed=9, deal=DEAL, scores=[3, 5, 3, 5])
    for action in ACTIONS:
        state.apply(action)
    path = tmp_path / "g.json"
    write_record(path, state, table=Seating(human=2, bots=(
        BotSpec(name="heuristic"), BotSpec(name="search", simulations=8), None,
        BotSpec(name="random"))))
    expected: dict[str, Any] = {
        "format": "euchrekit-record", "version": 1,
        "variant": {"name": "standard", "hash": standard.rules_hash,
                    "rules": json.loads(standard.rules_json)},
        "seed": 9, "actions": ACTIONS,
        "result": {"actions": 4, "scores": [3, 5, 3, 5], "winners": [], "hands": 0,
                   "over": False},
        # cards in the deck's order (clubs, diamonds, hearts, spades; nine up to ace), the
        # kitty the three cards left
        "deals": [{"dealer": 3, "hands": [["9C", "JD", "JH", "AH", "9S"],
                                          ["TC", "JC", "QC", "KC", "AC"],
                                          ["9D", "TD", "QD", "KD", "AD"],
                                          ["TS", "JS", "QS", "KS", "AS"]],
                   "kitty": ["9H", "TH", "QH"], "upcard": "KH"}],
        "scores": [3, 5, 3, 5],
        "table": {"human": 2, "bots": ["heuristic", "search:8", None, "random"]},
    }
    expected["digest"] = _hand_digest(expected)
    assert path.read_text(encoding="utf-8") == json.dumps(expected, indent=1) + "\n"
    record = read_record(path)
    assert record.table == Seating(human=2, bots=(
        BotSpec(name="heuristic"), BotSpec(name="search", simulations=8), None,
        BotSpec(name="random")))
    assert record.result == RecordResult(actions=4, scores=(3, 5, 3, 5), winners=(), hands=0,
                                         over=False)
    assert record.deals[0].kitty == ("9H", "TH", "QH")
    assert replay(record).history == ACTIONS


@pytest.mark.parametrize("name", shipped_names())
def test_a_record_round_trips_through_its_json(name: str) -> None:
    variant = load_variant(name)
    state = new_game(variant, seed=4)
    for _ in range(12):
        state.apply(state.legal_action_ids()[0])
    seating = Seating(human=0, bots=(None, *[BotSpec(name="random")] * (variant.players - 1)))
    record = record_of(state, table=seating)
    assert GameRecord.from_json(record.to_json()) == record
    assert GameRecord.from_json(json.loads(json.dumps(record.to_json()))) == record
    assert replay(GameRecord.from_json(record.to_json())).history == state.history


def test_the_parts_round_trip_and_leave_out_what_was_left_out() -> None:
    deal = RecordDeal(hands=(("9C",), ("TC",)))
    assert deal.to_json() == {"hands": [["9C"], ["TC"]]}
    assert RecordDeal.from_json(deal.to_json(), number=1) == deal
    assert RecordResult.from_json({}, listed=3) == RecordResult()
    assert RecordResult().to_json() == {}
    ref = VariantRef(name="standard", hash="0" * 16)
    assert ref.to_json() == {"name": "standard", "hash": "0" * 16}


def _json() -> dict[str, Any]:
    state = new_game(load_variant("standard"), seed=2)
    state.apply(state.legal_action_ids()[0])
    return json.loads(json.dumps(record_of(state).to_json()))


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r.update(table={"human": True, "bots": []}), r"`table` \(the human's seat"),
    (lambda r: r.update(table={"human": 0, "bots": [None, 3]}), r"`table` \(the human's seat"),
    (lambda r: r.update(table={"human": 0, "bots": [None, "search:0"]}), "`table`"),
    (lambda r: r["result"].update(scores="9"), r"`result.scores` has the wrong type: '9'"),
    (lambda r: r["result"].update(over=1), r"`result.over` has the wrong type: 1"),
    (lambda r: r["result"].update(winners=[True]), r"`result.winners` has the wrong type"),
    (lambda r: r["result"].update(actions="1"), r"says '1' actions were played but lists 1"),
    (lambda r: r.update(deals=[{"dealer": "3", "hands": []}]),
     r"deal 1: the dealer must be a seat number, not '3'"),
    (lambda r: r.update(deals=[{"hands": [[9]]}]), r"deal 1: a deal needs `hands`"),
    (lambda r: r.update(deals=[{"hands": [], "upcard": 4}]), r"deal 1: the upcard must be"),
    (lambda r: r.update(deals=[{"hands": [], "kitty": None}]), r"kitty must be a list"),
    (lambda r: r.update(deals=[{"hands": [], "extra": {"dummy": "9C"}}]), r"`extra` must map"),
    (lambda r: r.update(scores=[1, 1, 1, True]), r"starting scores must be whole numbers"),
    (lambda r: r.update(digest=7), r"`digest` has the wrong type"),
])
def test_a_record_of_the_wrong_shape_is_refused_when_read(change: Any, message: str) -> None:
    data = _json()
    change(data)
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(data)


def test_a_seating_that_does_not_fit_the_game_is_told_apart() -> None:
    seating = Seating.from_json({"human": 1, "bots": ["random", None, "heuristic"]})
    assert seating.fits(3) and not seating.fits(4)
    assert not Seating(human=0, bots=(BotSpec(name="random"),) * 3).fits(3)


# -- bot specifications ------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "spec"), [
    ("heuristic", BotSpec(name="heuristic")),
    (" search ", BotSpec(name="search")),
    ("search:200", BotSpec(name="search", simulations=200)),
    ("search:0200", BotSpec(name="search", simulations=200)),
    ("greedy", BotSpec(name="greedy")),
])
def test_a_bot_spec_is_parsed_once_into_its_name_and_number(text: str, spec: BotSpec) -> None:
    assert BotSpec.parse(text) == spec
    assert BotSpec.parse(str(spec)) == spec


@pytest.mark.parametrize(("text", "message"), [
    ("genius", "no bot named 'genius'; choose from greedy, heuristic, random, search"),
    ("search:", "N in search:N is a number of simulations per decision, 1 to 1000000"),
    ("search:1000001", "N in search:N"),
    ("search:-5", "N in search:N"),
    ("random:5", "only search takes a number"),
    ("", "no bot named ''"),
])
def test_a_bad_bot_spec_is_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(EuchreError, match=message):
        BotSpec.parse(text)


def test_a_bot_spec_made_in_code_is_checked_too() -> None:
    with pytest.raises(EuchreError, match="no bot named 'clever'"):
        BotSpec(name="clever")
    with pytest.raises(EuchreError, match="only search takes a number"):
        BotSpec(name="heuristic", simulations=3)


def test_a_bots_list_is_one_spec_or_one_per_seat() -> None:
    assert parse_bots("search:8", 3) == (BotSpec(name="search", simulations=8),) * 3
    with pytest.raises(EuchreError, match=r"one name per seat \(4\); got 3"):
        parse_bots("random,random,heuristic", 4)
