"""What is known of the shipped files, so that loading one is fast (issue 23, start-up): a
shipped variant is checked against the schema without jsonschema (engine/rules/schema_verdicts.py)
and a shipped file is read by libyaml (engine/rules/yamlsource.py), and only they. The lists
shipped in ``engine/rules/known_shipped.py`` are the ones the shipped files give now, and any
other file or data, an edited copy of a shipped file included, is read by the Python reader
after the token checks and checked by jsonschema, as before."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.core.errors import ExpressionError, VariantError
from engine.rules import expressions_parse, schema_check, yamlsource
from engine.rules.expressions_parse import parse, parse_with_lark
from engine.rules.known_expressions import KNOWN_TREES
from engine.rules.loader import diagnose_variant, resolve, shipped_names
from engine.rules.yamlsource import MAX_LIST_ITEMS

REPO = Path(__file__).resolve().parents[2]
STANDARD = (REPO / "variants" / "standard.yaml").read_text(encoding="utf-8")


def _no_jsonschema(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(version: int) -> Any:
        raise AssertionError("jsonschema was asked")

    monkeypatch.setattr(schema_check, "_validator_for", refuse)
    monkeypatch.setattr(schema_check, "_extends_validator_for", refuse)


def _validator_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = schema_check._validator_for

    def counted(version: int) -> Any:
        calls.append(version)
        return real(version)

    monkeypatch.setattr(schema_check, "_validator_for", counted)
    return calls


def test_checked_in_lists_are_the_ones_the_shipped_files_give_run_tools_build_schema() -> None:
    """The lists are rebuilt from the shipped files and the schema, and every shipped file and
    variant is in them (none falls back to the slow path, which a stale list would make it
    do)."""
    from engine.rules.known_shipped_build import (  # noqa: PLC0415 - the builder, here only
        expressions_text,
        known_text,
        shipped_facts,
        shipped_texts,
    )

    assert yaml.__with_libyaml__, "PyYAML without libyaml cannot check the list of texts"
    (instances, expressions), texts = shipped_facts(), shipped_texts()
    stale = "stale: run python tools/build_schema.py"
    assert (REPO / "engine" / "rules" / "known_shipped.py").read_text(encoding="utf-8") \
        == known_text(instances, texts), stale
    assert (REPO / "engine" / "rules" / "known_expressions.py").read_text(encoding="utf-8") \
        == expressions_text(expressions), stale
    # As tools/build_schema.py does: the facts again, in a process that compiled them already
    # (where kept compiles, engine/rules/compiled.py, would record no expression).
    assert expressions_text() == expressions_text(expressions)
    assert sorted(KNOWN_TREES) == expressions and len(expressions) > 20
    assert {text: KNOWN_TREES[text] for text in expressions} \
        == {text: parse_with_lark(text) for text in expressions}
    assert [kind for kind, data in instances if not schema_check._known_valid(kind, data)] == []
    assert len(instances) > 2 * len(shipped_names())  # each variant twice, and its `extends`
    assert len(texts) == len(shipped_names())


def test_a_shipped_file_is_read_by_libyaml_and_an_edited_copy_by_the_python_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    checked: list[str] = []
    real = yamlsource.check_tokens

    def counted(text: str, display: str) -> None:
        checked.append(display)
        real(text, display)

    monkeypatch.setattr(yamlsource, "check_tokens", counted)
    shipped = yamlsource.read_yaml(REPO / "variants" / "standard.yaml", "variants/standard.yaml")
    assert checked == []
    path = tmp_path / "house.yaml"
    path.write_text(STANDARD + "\n# my notes\n", encoding="utf-8")
    copied = yamlsource.read_yaml(path, "variants/standard.yaml")
    assert checked == ["variants/standard.yaml"]
    assert repr(copied) == repr(shipped)


def test_an_edited_copy_of_a_shipped_file_keeps_the_python_readers_limits(
    tmp_path: Path,
) -> None:
    """A shipped file with one list made too long is refused by the token checks, located."""
    path = tmp_path / "house.yaml"
    long_list = "\n".join(["flow_notes:", *(["  - x"] * (MAX_LIST_ITEMS + 1))])
    path.write_text(STANDARD + long_list + "\n", encoding="utf-8")
    with pytest.raises(VariantError) as raised:
        yamlsource.read_yaml(path, "house.yaml")
    assert raised.value.message == f"the list has more than {MAX_LIST_ITEMS} items"
    assert raised.value.location is not None  # the list begins on the line after its key
    first_item = STANDARD.count("\n") + 2
    assert (raised.value.location.line, raised.value.location.column) == (first_item, 3)


@pytest.mark.parametrize("name", ["standard", "renege", "pepper", "bid-euchre-low"])
def test_a_shipped_variant_and_its_extends_are_checked_without_jsonschema(
    name: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    _no_jsonschema(monkeypatch)
    assert diagnose_variant(name).errors == []


def test_a_byte_for_byte_copy_of_standard_elsewhere_is_the_same_data_and_known_valid(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(STANDARD + "\n# my notes\n", encoding="utf-8")
    _no_jsonschema(monkeypatch)
    assert diagnose_variant(path).errors == []


def test_an_edited_copy_of_standard_is_checked_by_jsonschema_and_its_error_located(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``target: 10.0`` reads as the same number, but a variant means a whole number: the
    edit must reach jsonschema and be reported where it was written (line 70, column 11)."""
    path = tmp_path / "house.yaml"
    assert "  target: 10\n" in STANDARD
    path.write_text(STANDARD.replace("  target: 10\n", "  target: 10.0\n"), encoding="utf-8")
    calls = _validator_calls(monkeypatch)
    errors = diagnose_variant(path).errors
    assert calls, "the edited file never reached jsonschema"
    [error] = errors
    assert error.location is not None
    assert (error.location.line, error.location.column) == (70, 11)
    assert error.path == ("game", "target")
    assert "whole number" in error.message


def test_a_valid_edit_of_standard_is_checked_by_jsonschema(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(STANDARD.replace("  target: 10\n", "  target: 11\n"), encoding="utf-8")
    calls = _validator_calls(monkeypatch)
    assert diagnose_variant(path).errors == []
    assert calls


@pytest.mark.parametrize("change", [
    "tuple for a list", "text key made an int", "int made a float", "int made a bool",
    "text subclass", "nan",
])
def test_standard_data_json_would_blur_is_never_known_valid(change: str) -> None:
    """Each change leaves ``json.dumps`` of the data nearly or exactly as it was; none may
    pass as the shipped, known-valid data."""
    data = copy.deepcopy(resolve("standard").data)
    assert schema_check._known_valid("variant", data)

    class Text(str):
        pass

    if change == "tuple for a list":
        data["flow"] = tuple(data["flow"])
    elif change == "text key made an int":
        data["game"] = {1 if k == "target" else k: v for k, v in data["game"].items()}
    elif change == "int made a float":
        data["game"]["target"] = 10.0
    elif change == "int made a bool":
        data["penalties"]["renege"]["offender"] = False
    elif change == "text subclass":
        data["description"] = Text(data["description"])
    else:
        data["game"]["target"] = float("nan")
    assert not schema_check._known_valid("variant", data)


def test_a_shipped_expression_is_not_parsed_again_and_an_edited_one_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse() -> Any:
        raise AssertionError("lark was asked")

    monkeypatch.setattr(expressions_parse, "_parser", refuse)
    text = "3 <= makers.tricks <= 4"  # standard's `made` row
    assert text in STANDARD and text in KNOWN_TREES
    assert parse(text) == KNOWN_TREES[text]
    with pytest.raises(AssertionError, match="lark was asked"):
        parse(text + " ")


def test_an_edited_shipped_expression_gets_larks_error_at_its_column() -> None:
    """Standard's ``3 <= makers.tricks <= 4`` with one ``=`` too many: lark's error points at
    the extra ``=`` (column 22)."""
    text = "3 <= makers.tricks <== 4"
    assert text not in KNOWN_TREES
    with pytest.raises(ExpressionError) as raised:
        parse(text)
    assert raised.value.column == 22
    assert "unexpected" in raised.value.message
