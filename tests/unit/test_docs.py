"""Docs that run and docs a user has: doctests are collected everywhere, and nothing cites a
rules document that is not in the repository.

Every module under engine/ is collected for doctests (``pyproject.toml``: ``--doctest-modules``
over ``tests`` and ``engine``). The modules below are the ones whose examples a reader relies
on; each must keep at least one example, so that removing them fails here rather than passing
quietly. The rules the code cites live in the repository: ``euchre rules NAME`` prints a
variant's rule book and docs/ambiguities.md explains every ambiguity id; ``RULES.md``, which a
user of the repository does not have, is cited nowhere but in the files listed below.
"""

from __future__ import annotations

import doctest
import importlib
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

MODULES_WITH_EXAMPLES = [
    "engine", "engine.core.cards", "engine.core.actions", "engine.core.errors",
    "engine.rules.expressions", "engine.rules.expressions_tree", "engine.rules.expressions_parse",
    "engine.rules.expressions_check", "engine.rules.expressions_compile",
    "engine.rules.expression_errors", "engine.rules.scoring", "engine.rules.variant",
    "engine.play.state", "engine.play.game", "engine.play.records",
    "engine.text.narrate", "engine.text.narrate_words", "engine.text.narrate_table",
    "engine.text.rulebook", "engine.text.rulebook.book", "engine.text.rulebook.conditions",
    "engine.text.rulebook.scoring", "engine.text.rulebook.words", "engine.sim.confidence",
]

# Files that may still cite RULES.md, a document users of the repository do not have: none.
RULES_MD_LEFT: set[str] = set()


def test_pytest_collects_doctests_from_every_engine_module() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pytest_options = options["tool"]["pytest"]["ini_options"]
    assert "engine" in pytest_options["testpaths"]
    assert "--doctest-modules" in pytest_options["addopts"].split()


@pytest.mark.parametrize("name", MODULES_WITH_EXAMPLES)
def test_the_module_keeps_its_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    examples = [example for test in doctest.DocTestFinder().find(module)
                for example in test.examples]
    assert examples, f"{name} has no docstring example left"


def test_only_the_listed_files_cite_rules_md() -> None:
    citing = set()
    for folder in ("engine", "tests", "variants", "tools", "docs", "schema"):
        for path in (ROOT / folder).rglob("*"):
            readable = path.suffix in (".py", ".yaml", ".md", ".json")
            if readable and path.name != "test_docs.py" and "RULES.md" in path.read_text(
                    encoding="utf-8", errors="replace"):
                citing.add(path.relative_to(ROOT).as_posix())
    if "RULES.md" in (ROOT / "README.md").read_text(encoding="utf-8"):
        citing.add("README.md")
    assert citing <= RULES_MD_LEFT, sorted(citing - RULES_MD_LEFT)
