"""Every shipped variant file: valid, self-described, sourced, and shown faithfully.

A new file in variants/ is tested the moment it is added (STYLE.md practice 9).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine import check_variant, load_variant, shipped_names
from engine.rules.loader import resolved_variant

REPO = Path(__file__).resolve().parents[2]
VARIANTS = REPO / "variants"
AMBIGUITIES = (REPO / "docs" / "ambiguities.md").read_text(encoding="utf-8")
NAMES = sorted(p.stem for p in VARIANTS.glob("*.yaml"))
RunCli = Callable[..., Any]
"""The ``run_cli`` fixture (tests/conftest.py): ``run_cli("show", "standard")``."""

SOURCE = re.compile(r"  # (?:(?P<file>\S+\.yaml):(?P<line>\d+)|default)$")


def _own_data(name: str) -> dict[str, Any]:
    data = yaml.safe_load((VARIANTS / f"{name}.yaml").read_text(encoding="utf-8").replace(
        "!delete", "null"))
    assert isinstance(data, dict)
    return data


def test_the_shipped_names_are_the_files_in_variants() -> None:
    assert shipped_names() == NAMES
    assert {"standard", "two-handed", "cutthroat", "ghost-hand"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_shipped_variant_is_valid(name: str) -> None:
    assert check_variant(name) == []
    assert check_variant(VARIANTS / f"{name}.yaml") == []
    assert load_variant(name).name == name


@pytest.mark.parametrize("name", NAMES)
def test_shipped_variant_has_its_own_one_line_description(name: str) -> None:
    description = _own_data(name)["description"]
    assert isinstance(description, str)
    assert "\n" not in description
    assert load_variant(name).description == description


def test_no_two_shipped_variants_share_a_description() -> None:
    descriptions = [_own_data(name)["description"] for name in NAMES]
    assert len(set(descriptions)) == len(descriptions)


@pytest.mark.parametrize("name", NAMES)
def test_shipped_variant_comments_cite_a_seed_or_an_ambiguity_id(name: str) -> None:
    """The source of a variant's rules: a seed text, or an id explained in docs/ambiguities.md
    (every id a comment cites has its own section there)."""
    comments = [line for line in (VARIANTS / f"{name}.yaml").read_text().splitlines()
                if line.lstrip().startswith("#")]
    text = "\n".join(comments)
    ids = set(re.findall(r"\b[A-Z][A-Z0-9]*-A\d+\b", text))
    assert ids or re.search(r"\bseeds? \d{3}\b", text), f"{name} cites no source"
    explained = set(re.findall(r"^### ([A-Z][A-Z0-9]*-A\d+) ", AMBIGUITIES, re.MULTILINE))
    assert ids <= explained, f"{name} cites ids docs/ambiguities.md does not explain: " \
        f"{sorted(ids - explained)}"


def test_euchre_list_prints_one_line_per_shipped_variant(run_cli: RunCli) -> None:
    result = run_cli("list")
    assert result.code == 0
    lines = result.out.splitlines()
    assert [line.split()[0] for line in lines] == NAMES
    for name, line in zip(NAMES, lines, strict=True):
        assert line.endswith(load_variant(name).description)


@pytest.mark.parametrize("name", NAMES)
def test_euchre_show_prints_yaml_equal_to_the_resolved_data(name: str, run_cli: RunCli) -> None:
    result = run_cli("show", name)
    assert result.code == 0
    assert yaml.safe_load(result.out) == resolved_variant(name).data


@pytest.mark.parametrize("name", NAMES)
def test_euchre_show_names_the_file_and_line_of_every_value(name: str, run_cli: RunCli) -> None:
    lines = run_cli("show", name).out.splitlines()
    assert lines[0].startswith(f"# {name}: resolved from variants/{name}.yaml")
    body = [line for line in lines if not line.startswith("#")]
    assert body
    for line in body:
        source = SOURCE.search(line)
        assert source, f"no source comment: {line!r}"
        if source["file"] is None:
            continue
        written = (REPO / source["file"]).read_text(encoding="utf-8").splitlines()
        number = int(source["line"])
        assert 1 <= number <= len(written)
        leaf = re.match(r"\s*(?:- )?([a-z_$]+): \S", line[: source.start()])
        if leaf:  # a key and its value: the key is written on the line named
            assert leaf[1] in written[number - 1], (line, written[number - 1])


def test_euchre_show_marks_values_no_file_wrote_as_default(run_cli: RunCli) -> None:
    lines = run_cli("show", "standard").out.splitlines()
    assert "  max_hands: 1000  # default" in lines
    assert "  tie: play_on  # default" in lines
    written = (VARIANTS / "standard.yaml").read_text().splitlines()
    number = written.index("  target: 10") + 1
    assert f"  target: 10  # variants/standard.yaml:{number}" in lines


def test_euchre_show_keeps_a_multi_line_text_on_its_line(
    run_cli: RunCli, write: Callable[[str, str], Path]
) -> None:
    path = write("x.yaml", """
        extends: ghost-hand
        description: A label with a line break.
        auction:
          top_bid: {name: moon, label: "shoot\\nthe moon"}
    """)
    result = run_cli("show", str(path))
    assert result.code == 0
    assert yaml.safe_load(result.out)["auction"]["top_bid"]["label"] == "shoot\nthe moon"
    label = next(line for line in result.out.splitlines() if "label: " in line)
    assert SOURCE.search(label)
