"""A mechanic's configuration is declared once, on its config record (issue 23).

The record's fields, declared with :func:`engine.rules.config_fields.option`, make the block's
schema fragment, its compile step and what ``euchre show`` adds; these tests hold the
generated parts to what the rules say, written out by hand here.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest

from engine import load_variant
from engine.cli import main
from engine.core.errors import NoSuchMechanic, VariantError
from engine.mechanics.dealer_pickup import DealerPickupRules, PickupMode
from engine.mechanics.dummy_merge import DummyMergeRules, MergeMode
from engine.mechanics.go_alone import GoAloneRules
from engine.mechanics.play_rules import FirstLead, JokerAtNoTrump, PlayRules
from engine.mechanics.registry import mechanics
from engine.rules.config_fields import Block, option
from engine.rules.loader import resolved_variant


class Size(StrEnum):
    SMALL = "small"
    LARGE = "large"


@dataclass(frozen=True, slots=True, kw_only=True)
class ToyRules:
    size: Size = option(Size.SMALL, doc="How big.")
    count: int = option(2, doc="How many.", minimum=1, maximum=9)
    late: bool = option(False, fill=False, doc="Added later.")
    note: str = option("", plain=False, schema={"type": "string"}, doc="Made by the hook.")


class _Context:
    """Enough of a CompileContext for a toy block: the data and the errors reported."""

    def __init__(self, block: dict[str, Any]) -> None:
        self.data = {"toy": block}
        self.failed: list[tuple[str, tuple[str, ...]]] = []

    def fail(self, message: str, path: tuple[str, ...], hint: str = "", **_: Any) -> None:
        self.failed.append((message, path))


def _hook(ctx: Any, rules: ToyRules) -> ToyRules:
    if rules.size is Size.LARGE and rules.count > 5:
        ctx.fail("too many large ones", ("toy", "count"))
    return dataclasses.replace(rules, note=f"{rules.count} {rules.size}")


TOY = Block(key="toy", record=ToyRules, doc="Phase `toy`.", check=_hook)


def test_the_schema_fragment_follows_each_default_type_and_bound() -> None:
    props = TOY.schema["properties"]
    assert props["size"] == {"description": "How big. Default: small.",
                             "enum": ["small", "large"], "default": "small"}
    assert props["count"] == {"description": "How many. Default: 2.", "type": "integer",
                              "minimum": 1, "maximum": 9, "default": 2}
    assert props["late"] == {"description": "Added later. Default: false.", "type": "boolean"}
    assert props["note"] == {"description": "Made by the hook.", "type": "string"}
    assert TOY.schema["additionalProperties"] is False


def test_the_compile_step_reads_members_fills_defaults_and_runs_the_hook() -> None:
    ctx = _Context({"size": "large", "count": 7})
    rules = TOY.compile(ctx)  # type: ignore[arg-type] # the toy context is enough here
    assert rules == ToyRules(size=Size.LARGE, count=7, late=False, note="7 large")
    assert rules.size is Size.LARGE
    assert ctx.failed == [("too many large ones", ("toy", "count"))]


def test_a_setting_the_compiler_supplies_is_left_out_of_the_resolved_data() -> None:
    # play.joker_at_no_trump came after the rules hash: files that leave it out keep theirs.
    assert "joker_at_no_trump" not in resolved_variant("standard").data["play"]
    assert load_variant("standard").rules(PlayRules) == PlayRules(
        first_lead=FirstLead.ELDEST, joker_at_no_trump=JokerAtNoTrump.LEADER_NAMES)


def test_every_mechanic_with_a_block_declares_each_setting_of_its_schema_once() -> None:
    converted = [m for m in mechanics() if m.block is not None]
    assert {m.key for m in converted} >= {"dealer_pickup", "dummy_merge", "stay_or_drop",
                                          "play", "go_alone", "call_partner", "upcard_trump",
                                          "name_trump", "kitty_exchange", "pass_cards",
                                          "upcard_bidding", "declare", "redeal", "deal", "auction"}
    for m in converted:
        assert m.schema is m.block.schema
        assert m.config is m.block.record
        names = [name for name, _, _ in m.block.settings]
        written = [key for key in m.block.schema["properties"] if key not in m.block.older]
        assert written == names
    # the older one-bid form sits just before the setting it is an older form of
    auction = next(m for m in converted if m.key == "auction").schema["properties"]
    assert list(auction)[1:3] == ["top_bid", "special_bids"]


def test_records_default_to_what_the_schema_says() -> None:
    assert DealerPickupRules().mode is PickupMode.MUST  # STD-A1
    assert GoAloneRules() == GoAloneRules(maker=True, defender=False,
                                          defender_needs_lone_maker=True)


def test_euchre_show_lists_the_defaults_the_compiler_supplies_as_comments(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["show", "standard"]) == 0
    lines = capsys.readouterr().out.splitlines()
    play = next(i for i, line in enumerate(lines)
                if line.startswith("play:  # variants/standard.yaml:"))
    assert lines[play + 2] == "  # joker_at_no_trump: leader_names  # default"
    assert "  # exposed: false  # default" in lines


def test_a_hook_error_is_located_at_the_setting_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "seed.yaml"
    path.write_text("extends: three-handed\nplay:\n  first_lead: literal_seed\n",
                    encoding="utf-8")
    with pytest.raises(VariantError) as raised:
        load_variant(str(path))
    error = raised.value
    assert "four players in teams" in str(error)
    assert (error.location.line, error.location.column) == (3, 15)


def test_rules_of_gives_a_mechanic_of_the_flow_its_record() -> None:
    assert load_variant("cutthroat").rules_of(DummyMergeRules).mode is MergeMode.CHOOSE  # CTD-A3


def test_rules_of_a_mechanic_outside_the_flow_names_it_and_the_flow() -> None:
    standard = load_variant("standard")
    assert standard.rules(DummyMergeRules) is None  # the optional lookup stays
    with pytest.raises(NoSuchMechanic) as raised:
        standard.rules_of(DummyMergeRules)
    assert str(raised.value) == (
        "variant standard has no mechanic configured by DummyMergeRules (its flow: deal, "
        "upcard_bidding, go_alone, dealer_pickup, play, score)")


def test_no_engine_code_checks_a_config_record_of_its_own_mechanic_for_none() -> None:
    # `rules = variant.rules(X)` followed by `assert rules is not None`: rules_of says it.
    pattern = re.compile(r"(\w+) = [\w.]+\.rules\(\w+\)\n\s+assert \1 is not None")
    engine = Path(__file__).resolve().parents[2] / "engine"
    found = [str(path.relative_to(engine)) for path in sorted(engine.rglob("*.py"))
             if pattern.search(path.read_text(encoding="utf-8"))]
    assert found == []
