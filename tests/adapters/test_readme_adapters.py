"""The README's "OpenSpiel and PettingZoo" examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="open-spiel is not installed on this platform")
pytest.importorskip("pettingzoo", reason="pettingzoo is not installed: pip install -e "
                                         "'.[pettingzoo]'")

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
SECTION = README.split("## OpenSpiel and PettingZoo", 1)[1].split("\n## ", 1)[0]
BLOCKS = re.findall(r"```py\n(.*?)```", SECTION, flags=re.DOTALL)


def test_the_section_has_an_openspiel_and_a_pettingzoo_example_of_ten_lines_or_so() -> None:
    assert len(BLOCKS) == 2
    assert "pyspiel" in BLOCKS[0] and "pettingzoo" in BLOCKS[1]
    assert all(len(block.strip().splitlines()) <= 12 for block in BLOCKS)


@pytest.mark.parametrize("index", [0, 1])
def test_the_example_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, object] = {}
    exec(compile(BLOCKS[index], "README.md", "exec"), namespace)  # our own documentation
    printed = capsys.readouterr().out
    if index == 0:
        assert printed.strip().endswith("[0.0, 0.0]")  # the deal is not over yet: no returns
    else:
        assert "cutthroat: over after 1 deal(s)" in printed
