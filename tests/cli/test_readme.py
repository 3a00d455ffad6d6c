"""The README's examples run: its Python block, its house-rule file and its tour commands."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from engine.cli import main

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


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
