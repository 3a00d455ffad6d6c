"""A shipped variant is checked against the schema without jsonschema, and only it (issue 23,
start-up; engine/rules/schema_verdicts.py): the verdicts shipped in
``engine/rules/schema_known.py`` are the ones jsonschema gives now, and any other data, an
edited copy of a shipped file included, is checked by jsonschema as before."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from engine.rules import schema_check
from engine.rules.loader import diagnose_variant, resolve, shipped_names

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


def test_checked_in_verdicts_are_the_ones_jsonschema_gives_now_run_tools_build_schema() -> None:
    """The list is rebuilt from the shipped files and the schema, and every shipped variant
    is in it (none falls back to jsonschema, which a stale list would make it do)."""
    from engine.rules.schema_verdicts_build import (  # noqa: PLC0415 - the builder, here only
        known_text,
        shipped_instances,
    )

    instances = shipped_instances()
    assert (REPO / "engine" / "rules" / "schema_known.py").read_text(encoding="utf-8") \
        == known_text(instances)
    assert [kind for kind, data in instances if not schema_check._known_valid(kind, data)] == []
    assert len(instances) > 2 * len(shipped_names())  # each variant twice, and its `extends`


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
