"""`simulate` counts each kind of deal apart (issue 22, item 28): deals thrown in because all
passed, hands thrown in by the redeal rule, and farmer's-hand exchanges. The expected counts
come from the games themselves, read here from each hand's record and each game's history."""

from __future__ import annotations

import json

import pytest

from engine import State
from engine.bots import BotSpec
from engine.cli import main
from engine.sim.simulate import play_game
from engine.sim.stats import Tally
from engine.testing.rules import overlay, variant

POOR_HANDS_REDEAL = """
extends: farmers-hand
description: farmer's hand, and any hand holding a nine or a ten may be thrown in.
redeal:
  when: "count(hand, rank in [9, T]) >= 1"
  exchange: {ranks: ["9", T], cards: 3}
"""


def games(v_name: str, seeds: range, bots: str) -> list[State]:
    v = overlay(v_name) if "\n" in v_name else variant(v_name)
    return [play_game(v, seed, [BotSpec.parse(bots)] * v.players) for seed in seeds]


def tally_of(states: list[State]) -> dict[str, object]:
    tally = Tally.for_variant(states[0].variant)
    for state in states:
        tally.add_game(state)
    report = tally.report().to_json()
    assert isinstance(report, dict)
    return report


def test_a_variant_without_a_redeal_phase_has_no_redeals_only_deals_all_passed() -> None:
    states = games("standard", range(40), "heuristic")
    all_passed = sum(r.thrown_in == "all passed" for s in states for r in s.hands_played)
    assert all_passed > 0  # the heuristic bots pass a deal out now and then
    report = tally_of(states)
    assert report["redeals"] == 0
    assert report["thrown_in"] == all_passed
    assert report["thrown_in_by_cause"] == {"all passed": all_passed}
    assert "farmer_exchanges" not in report


def test_redeals_by_the_rule_and_farmers_exchanges_are_counted_apart() -> None:
    states = games(POOR_HANDS_REDEAL, range(30), "heuristic")
    redeals = sum(r.thrown_in == "redeal" for s in states for r in s.hands_played)
    all_passed = sum(r.thrown_in == "all passed" for s in states for r in s.hands_played)
    exchanges = sum(s.history.count("exchange") for s in states)
    assert redeals > 0 and all_passed > 0 and exchanges > 0
    report = tally_of(states)
    assert report["redeals"] == redeals
    assert report["thrown_in"] == redeals + all_passed
    assert report["thrown_in_by_cause"] == {"all passed": all_passed, "redeal": redeals}
    farmer = report["farmer_exchanges"]
    assert isinstance(farmer, dict) and farmer["count"] == exchanges
    per_seat = report["per_seat"]
    assert isinstance(per_seat, dict)
    assert sum(seat["redeals_as_dealer"] for seat in per_seat.values()) == redeals
    assert sum(seat["thrown_in_as_dealer"] for seat in per_seat.values()) == redeals + all_passed


def test_the_text_report_names_each_cause_and_the_farmers_swaps(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "farmers-hand", "--games", "30", "--seed", "2", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert " thrown-in deals (" in text and " all passed" in text
    assert "farmer's-hand swaps: " in text
    assert " redeals;" not in text
    assert main(["simulate", "farmers-hand", "--games", "30", "--seed", "2", "--quiet",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["redeals"] == report["thrown_in_by_cause"].get("redeal", 0)
