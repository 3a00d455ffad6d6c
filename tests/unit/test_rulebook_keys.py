"""Every setting a shipped file writes is said in its rule book (issue 24: "each key a file
sets is named in its rule book").

The check does not read the book's words for a key (that would compare the renderer with
itself): it changes the setting, in a child file of the shipped variant, to each other value
the schema allows, and requires the book of some valid child to differ from the parent's. A
setting the book never reads leaves the book unchanged, whatever its value. The values come
from the schema (an enum's other members, a boolean flipped, an integer one up or down within
its bounds, free text changed); a child that does not validate (a hand size the deck cannot
deal) is not a candidate, nor is one the engine warns about (`partners: high_vs_low` in a
six-handed game "has no effect"). Lists (scoring tables, bids, shows) are rendered item by
item and checked by test_rulebook.py and test_rulebook_words.py.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine import load_variant, shipped_names
from engine.rules.loader import diagnose_variant
from engine.text.rulebook import rule_book
from engine.text.rulebook.model import RuleBook

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schema" / "variant.schema.json").read_text(encoding="utf-8"))
NOT_RULES = {"description", "extends", "flow"}
"""Keys that are no rule of play: the description heads the book, `extends` names the
parents, `flow` is the book's order of sections (tested by test_rulebook.py)."""

NO_SINGLE_CHANGE = {"players", "sides", "deal", "deck", "go_alone", "dealer", "redeal",
                    "auction", "upcard_bidding", "game"}
"""The blocks where some settings have no other value that validates alone (four players
with two teams; five cards from a 24-card pack with an upcard): each such key is counted and
the count is bounded below, so that the check cannot quietly test nothing."""


class _Source(yaml.SafeLoader):
    """A shipped file's own keys; `!delete` (remove an inherited key) sets nothing."""


_Source.add_constructor("!delete", lambda loader, node: None)


def _node(schema: dict[str, Any], key: str) -> dict[str, Any] | None:
    """The schema of ``key`` inside ``schema``, through references and alternatives."""
    if "$ref" in schema:
        schema = SCHEMA["$defs"][schema["$ref"].rpartition("/")[2]]
    if key in schema.get("properties", {}):
        return schema["properties"][key]  # type: ignore[no-any-return]
    for alternative in schema.get("oneOf", []) + schema.get("anyOf", []):
        found = _node(alternative, key)
        if found is not None:
            return found
    return None


def _others(schema: dict[str, Any], value: Any) -> list[Any]:
    """The values the schema allows besides ``value`` (enum members, a flipped boolean,
    neighbouring integers within bounds)."""
    if "$ref" in schema:
        schema = SCHEMA["$defs"][schema["$ref"].rpartition("/")[2]]
    found: list[Any] = [v for v in schema.get("enum", []) if v != value]
    for alternative in schema.get("oneOf", []) + schema.get("anyOf", []):
        found += [v for v in alternative.get("enum", [alternative.get("const", value)])
                  if v != value]
    if isinstance(value, str) and not found and schema.get("type") == "string":
        found.append(f"{value} (another)")  # free text (a rule source): any other text
    if isinstance(value, bool):
        found.append(not value)
    elif isinstance(value, int):
        low, high = schema.get("minimum", value - 1), schema.get("maximum", value + 1)
        found += [v for v in (value + 1, value - 1) if low <= v <= high]
    return found


def _settings(data: dict[str, Any], at: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """The paths of the scalar settings a file writes."""
    for key, value in data.items():
        if isinstance(value, dict):
            yield from _settings(value, (*at, key))
        elif value is not None and not isinstance(value, list):
            yield (*at, key)


def _rules(book: RuleBook) -> RuleBook:
    """The book's rules: all but the name, the file and the description (each file's own)."""
    return replace(book, name="", path="", description="")


def _book(ref: str | Path) -> RuleBook:
    return _rules(rule_book(load_variant(ref)))


def _child(folder: Path, parent: str | Path, path: tuple[str, ...], value: Any) -> Path:
    block: Any = value
    for key in reversed(path):
        block = {key: block}
    child = folder / f"{Path(parent).stem}-{'-'.join(path)}-{abs(hash(str(value)))}.yaml"
    child.write_text(yaml.safe_dump({"extends": str(parent), "description": "d", **block}),
                     encoding="utf-8")
    return child


def _unsaid(file: Path, name: str | Path, folder: Path) -> tuple[list[str], int, int]:
    """The settings ``file`` (variant ``name``) writes whose every valid change leaves the
    book as it is, with the number of settings checked and of those no single change
    validates."""
    data = yaml.load(file.read_text(encoding="utf-8"), Loader=_Source)  # safe: a SafeLoader
    book = _book(name)
    unsaid, checked, unchangeable = [], 0, 0
    for path in _settings(data):
        if path[0] in NOT_RULES:
            continue
        schema: dict[str, Any] | None = SCHEMA
        for key in path:
            schema = None if schema is None else _node(schema, key)
        assert schema is not None, f"{name}: {'.'.join(path)} is not in the schema"
        value = data
        for key in path:
            value = value[key]
        books = []
        for other in _others(schema, value):
            checked_child = diagnose_variant(_child(folder, name, path, other))
            if checked_child.variant is None or any(
                    warning.path == path for warning in checked_child.warnings):
                continue  # invalid, or the engine itself says this value has no effect
            books.append(_rules(rule_book(checked_child.variant)))
        if not books:
            assert path[0] in NO_SINGLE_CHANGE, f"{name}: no other value of {path} validates"
            unchangeable += 1
            continue
        checked += 1
        if all(text == book for text in books):
            unsaid.append(f"{'.'.join(path)}: {value!r}")
    return unsaid, checked, unchangeable


@pytest.mark.parametrize("name", shipped_names())
def test_every_setting_a_shipped_file_writes_changes_its_rule_book(name: str,
                                                                   tmp_path: Path) -> None:
    unsaid, checked, unchangeable = _unsaid(ROOT / "variants" / f"{name}.yaml", name,
                                            tmp_path)
    assert unsaid == [], f"{name}'s rule book never says: {unsaid}"
    if name == "standard":  # the check tests something: most of standard's settings
        assert checked >= 12 and unchangeable <= 6, (checked, unchangeable)


def test_a_setting_the_book_does_not_read_is_found(tmp_path: Path) -> None:
    """The check can fail: under `first: random` nobody draws, so the book need not say who
    deals at a draw, and a file writing `dealer.draw.dealer` is reported."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: standard\ndescription: d\n"
                     "dealer: {first: random, draw: {dealer: highest}}\n", encoding="utf-8")
    unsaid, checked, _ = _unsaid(house, house, tmp_path)
    assert unsaid == ["dealer.draw.dealer: 'highest'"] and checked == 2
