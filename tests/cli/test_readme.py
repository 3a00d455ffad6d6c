"""The README's examples run: its Python block, its house-rule file, its tour commands and the
authoring examples of every mechanic."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
import yaml

from engine.cli import main

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
SCHEMA = Path(__file__).resolve().parents[2] / "schema" / "variant.schema.json"


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.DOTALL)


def test_the_python_example_runs() -> None:
    (code,) = _blocks("python")
    namespace: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), namespace)  # our own documentation, not user input
    state = namespace["state"]
    assert state.is_terminal()  # type: ignore[attr-defined]


def test_the_house_rule_example_validates(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    house = next(block for block in _blocks("yaml") if block.startswith("# my-house.yaml"))
    path = tmp_path / "my-house.yaml"
    path.write_text(house, encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    assert main(["show", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "stick_the_dealer: true" in shown and "target: 11" in shown


def test_the_changing_one_row_example_validates_and_shows_its_rows(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    example = next(block for block in _blocks("yaml") if block.startswith("# march-3.yaml"))
    path = tmp_path / "march-3.yaml"
    path.write_text(example, encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    assert main(["show", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "- label: set_alone" in shown and "# row added in " in shown
    assert main(["rules", str(path), "--diff"]) == 0
    assert "the makers score 3." in " ".join(capsys.readouterr().out.split())


def test_the_scoring_example_is_the_standard_table() -> None:
    table = next(block for block in _blocks("yaml") if block.startswith("scoring:"))
    standard = (Path(__file__).resolve().parents[2] / "variants" / "standard.yaml").read_text()
    for row in table.splitlines()[2:]:
        assert row.strip() in standard


@pytest.mark.parametrize("command", ["list", "show cutthroat"])
def test_tour_commands_succeed(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert f".venv/bin/euchre {command}" in README
    assert main(shlex.split(command)) == 0
    assert capsys.readouterr().out


def test_every_shipped_variant_is_in_the_readme_table() -> None:
    from engine import shipped_names  # noqa: PLC0415

    for name in shipped_names():
        assert f"`{name}`" in README, f"README's variant table lacks {name}"


def _authoring_blocks() -> list[str]:
    start = README.index("### Authoring a variant")
    end = README.index("\n### ", start + 1)
    return re.findall(r"```yaml\n(.*?)```", README[start:end], flags=re.DOTALL)


def test_the_authoring_examples_use_only_keys_the_schema_knows() -> None:
    """Every key the "Authoring a variant" examples write is a key of the variant schema (a
    mechanic's settings one level down), so a user who copies them writes a valid file."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    blocks = _authoring_blocks()
    assert len(blocks) >= 7
    for block in blocks:
        data = yaml.safe_load(block)
        for key, value in data.items():
            assert key in schema["properties"], (key, block)
            settings = schema["properties"][key].get("properties")
            if isinstance(value, dict) and settings is not None:
                assert set(value) <= set(settings), (key, sorted(set(value) - set(settings)))


def test_the_authoring_examples_that_are_whole_files_validate(tmp_path: Path) -> None:
    whole = [block for block in _authoring_blocks() if block.startswith("extends:")]
    assert whole
    for i, block in enumerate(whole):
        path = tmp_path / f"example-{i}.yaml"
        path.write_text(block, encoding="utf-8")
        assert main(["validate", str(path)]) == 0, block
