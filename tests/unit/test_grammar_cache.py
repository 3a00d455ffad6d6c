"""The expression parser is built once and kept on disk like bytecode (issue 23, start-up).

Each test points Python's bytecode folder (``sys.pycache_prefix``) at a temporary folder, so
that the cache the tests write never touches the repository, and builds the parser of the
real grammar through :func:`engine.rules.grammar_cache.cached_lark`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from lark import Lark
from lark.exceptions import UnexpectedInput

from engine.rules import grammar_cache
from engine.rules.expression_errors import syntax_error
from engine.rules.resources import grammar_path

OPTIONS: dict[str, Any] = {"parser": "lalr", "lexer": "basic", "propagate_positions": True}
TEXTS = ("makers.tricks >= 3 and not alone", "count(hand, J) * 2 - bid", "-(1 + 2) * 3")


@pytest.fixture
def bytecode_into(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Python writes bytecode, under ``tmp_path``; returns where the grammar's cache goes."""
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    return tmp_path


def _cached(tmp_path: Path) -> list[Path]:
    return sorted(tmp_path.rglob("*.lark-cache"))


def _refuse_to_build(monkeypatch: pytest.MonkeyPatch) -> None:
    def build(*_args: Any, **_options: Any) -> Lark:
        raise AssertionError("the parser was built again instead of read from its cache")
    monkeypatch.setattr(grammar_cache, "Lark", type("NoBuild", (), {"__new__": build,
                                                                    "load": Lark.load}))


def test_the_built_parser_is_saved_and_read_back_instead_of_built_again(
        bytecode_into: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built = grammar_cache.cached_lark(grammar_path(), **OPTIONS)
    [saved] = _cached(bytecode_into)
    # beside the grammar folder's bytecode: its path mirrored under the prefix
    assert saved.parent == bytecode_into / grammar_path().parent.relative_to("/")
    assert saved.name.startswith("expr.lark.")
    _refuse_to_build(monkeypatch)
    loaded = grammar_cache.cached_lark(grammar_path(), **OPTIONS)
    for text in TEXTS:  # the same trees, positions included
        assert loaded.parse(text) == built.parse(text)
        assert loaded.parse(text).meta.column == built.parse(text).meta.column
    for bad in ("1 +", "count(hand, ", "(makers.tricks"):  # and the same errors, in words
        assert _error(loaded, bad) == _error(built, bad)
    assert "expected a number, a name" in _error(loaded, "1 +")


def _error(parser: Lark, text: str) -> str:
    with pytest.raises(UnexpectedInput) as error:
        parser.parse(text)
    return str(syntax_error(text, error.value, parser))


def test_nothing_is_written_when_python_writes_no_bytecode(
        bytecode_into: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert grammar_cache.cached_lark(grammar_path(), **OPTIONS).parse("1")
    assert _cached(bytecode_into) == []


def test_a_damaged_cache_file_is_built_again_and_replaced(bytecode_into: Path) -> None:
    grammar_cache.cached_lark(grammar_path(), **OPTIONS)
    [saved] = _cached(bytecode_into)
    saved.write_bytes(b"not a parser")
    assert grammar_cache.cached_lark(grammar_path(), **OPTIONS).parse("1 + 2")
    assert saved.read_bytes() != b"not a parser"
    assert not list(saved.parent.glob("*.tmp")), "a temporary file was left behind"


def test_another_grammar_or_other_options_never_read_the_old_parser(
        bytecode_into: Path, tmp_path: Path) -> None:
    grammar_cache.cached_lark(grammar_path(), **OPTIONS)
    changed = tmp_path / "grammar" / "expr.lark"
    changed.parent.mkdir()
    changed.write_text(grammar_path().read_text(encoding="utf-8").replace('"+"', '"plus"'),
                       encoding="utf-8")
    assert grammar_cache.cached_lark(changed, **OPTIONS).parse("1 plus 2")
    grammar_cache.cached_lark(grammar_path(), **{**OPTIONS, "propagate_positions": False})
    assert len(_cached(bytecode_into)) == 3


def test_a_folder_that_cannot_be_written_only_costs_the_cache(
        bytecode_into: Path, tmp_path: Path) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would go", encoding="utf-8")
    sys.pycache_prefix = str(blocked)  # mkdir under a file fails, whoever runs the test
    assert grammar_cache.cached_lark(grammar_path(), **OPTIONS).parse("1 + 2")
