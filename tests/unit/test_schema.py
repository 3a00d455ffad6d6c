"""The variant schema (schema/variant.schema.json) and the errors it gives, in an author's words.

The schema is where the defaults live and where every key says what it means; the loader turns
jsonschema's errors into located messages with a suggested fix (STYLE.md practice 6).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from engine import check_variant, load_variant
from engine.rules.loader import resolved_variant
from engine.rules.schema_check import schema

Write = Callable[[str, str], Path]
"""The ``write`` fixture (tests/conftest.py): ``write("x.yaml", text)`` -> path."""


def _subschemas(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], dict]]:
    """Every subschema that describes a key (or a list item, or a $defs entry), with its path."""
    if not isinstance(node, dict):
        return
    yield path, node
    for key, sub in node.get("properties", {}).items():
        yield from _subschemas(sub, (*path, key))
    for key, sub in node.get("$defs", {}).items():
        yield from _subschemas(sub, ("$defs", key))
    if isinstance(node.get("items"), dict):
        yield from _subschemas(node["items"], (*path, "[]"))


def _render(value: Any) -> set[str]:
    """The ways a description may write a default value."""
    if isinstance(value, bool):
        return {str(value).lower()}
    if isinstance(value, list):
        if not value:
            return {"none", "[]"}
        return {json.dumps(value), ", ".join(map(str, value)), " ".join(map(str, value))}
    return {str(value)}


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(schema())


def test_every_key_in_the_schema_says_what_it_is() -> None:
    missing = [".".join(path) for path, node in _subschemas(schema())
               if path and path[-1] != "[]" and not node.get("description")]
    assert missing == []


def test_every_schema_default_is_valid_against_its_own_schema() -> None:
    defs = schema()["$defs"]
    invalid = []
    for path, node in _subschemas(schema()):
        if "default" in node:
            own = {**{k: v for k, v in node.items() if k != "default"}, "$defs": defs}
            if not jsonschema.Draft202012Validator(own).is_valid(node["default"]):
                invalid.append(".".join(path))
    assert invalid == []


def test_every_default_a_description_states_is_the_schemas_default() -> None:
    checked = 0
    for path, node in _subschemas(schema()):
        stated = re.search(r"Default(?: \([^)]*\))?: (.*?)(?: \([^)]*\))?\.?$",
                           node.get("description", ""))
        if stated is None or "default" not in node or isinstance(node["default"], dict):
            continue
        checked += 1
        assert stated[1] in _render(node["default"]), (path, stated[1], node["default"])
    assert checked >= 30


def test_the_loader_fills_in_the_schemas_defaults(write: Write) -> None:
    path = write("bare.yaml", """
        description: Only what has no default.
        deal: {upcard: true}
        scoring:
          table:
            - {when: "makers.tricks >= 3", makers: 1}
            - {when: "makers.tricks <= 2", defenders: 2}
    """)
    data = resolved_variant(path).data
    assert data["players"] == 4
    assert data["deck"] == {"size": 24, "jokers": 0}
    assert data["game"] == {"target": 10, "tie": "play_on", "max_hands": 1000}
    assert data["penalties"]["renege"]["offender"] == -2
    assert data["scoring"]["table"][0]["defenders"] == 0  # a default inside a list item
    variant = load_variant(path)
    assert variant.sides.teams == ((0, 2), (1, 3))  # partners opposite (schema: sides.teams)


# -- errors, in an author's words, where the value was written -----------------------------


def _only_error(path: Path) -> tuple[int, int, str, str, str]:
    errors = check_variant(path)
    assert errors, "expected an error"
    best = errors[0]
    assert best.location is not None
    return best.location.line, best.location.column, best.dotted_path, best.message, best.hint


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("deck: {sise: 28}",
                 (3, 8, "deck.sise", "unknown key `sise`", "did you mean `size`?"),
                 id="unknown-key-did-you-mean"),
    pytest.param("scorring: {}",
                 (3, 1, "scorring", "unknown key `scorring`", "did you mean `scoring`?"),
                 id="unknown-top-level-key-did-you-mean"),
    pytest.param("game: {target: ten}",
                 (3, 16, "game.target", "expected a whole number, found a text 'ten'", ""),
                 id="wrong-type"),
    pytest.param("game:\n  target:",
                 (4, 10, "game.target", "a value is missing here (expected a whole number)", ""),
                 id="missing-value"),
    pytest.param("players: 4.0",
                 (3, 10, "players", "expected a whole number, found a number 4.0", ""),
                 id="integral-float-is-not-a-whole-number"),
    pytest.param("deck: {size: 24.0}",
                 (3, 14, "deck.size", "expected a whole number, found a number 24.0", ""),
                 id="integral-float-in-an-enum-of-numbers"),
    pytest.param("players: 9",
                 (3, 10, "players", "9 is out of range; it must be at most 6", ""),
                 id="maximum"),
    pytest.param("dealer_pickup: {mode: mst}",
                 (3, 23, "dealer_pickup.mode",
                  "'mst' is not allowed here; choose one of: must, optional, discard_other",
                  "did you mean 'must'?"),
                 id="enum-did-you-mean"),
    pytest.param("flow: [deal, upcard_bidding, play, play, score]",
                 (3, 7, "flow", "the list has the same item twice", ""),
                 id="unique-items"),
    pytest.param("scoring:\n  table:\n    - {makers: 1}",
                 (5, 7, "scoring.table[0]", "missing required key `when`", ""),
                 id="required"),
    pytest.param("deal: {packets: sideways}",
                 (3, 17, "deal.packets", "expected 'one_at_a_time', found 'sideways'", ""),
                 id="one-of-const-or-list"),
    pytest.param("scoring:\n  table:\n    - {when: 3.5, makers: 1}",
                 (5, 14, "scoring.table[0].when", "expected a text, found a number 3.5", ""),
                 id="one-of-expression"),
])
def test_schema_error_is_located_at_the_value_and_says_what_is_wrong(
    text: str, expected: tuple[int, int, str, str, str], write: Write
) -> None:
    path = write("x.yaml", f"extends: standard\ndescription: One mistake.\n{text}\n")
    line, column, dotted, message, hint = _only_error(path)
    assert (line, column, dotted, message) == expected[:4]
    assert expected[4] in hint


def test_a_file_without_a_description_is_told_the_missing_key(write: Write) -> None:
    path = write("x.yaml", """
        deal: {upcard: true}
        scoring:
          table:
            - {when: "true"}
    """)
    assert _only_error(path)[2:4] == ("", "missing required key `description`")


def test_a_missing_required_key_is_explained_by_that_keys_description(write: Write) -> None:
    path = write("x.yaml", """
        description: No table.
        deal: {upcard: true}
    """)
    _, _, _, message, hint = _only_error(path)
    assert message == "missing required key `scoring`"
    assert hint == schema()["properties"]["scoring"]["description"]
