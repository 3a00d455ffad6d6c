"""A variant's expressions are parsed once, when it compiles, and read as trees (issue 23).

``CompiledExpression`` keeps its typed tree; the closure compiler, the batch engine's vectors
and bounds, the rule book's words and the mechanics' compile steps walk that tree. Every lark
parse is counted here (the one parser of :mod:`engine.rules.expressions_parse` is replaced by
a counting proxy); a parse that ``compile_expression`` did not ask for, or any parse after the
variant is loaded, is a consumer reading the text again.
"""

from __future__ import annotations

import ast
import typing
from pathlib import Path
from typing import Any

import pytest

from engine import load_variant
from engine.batch import scoring as batch_scoring
from engine.batch.forms import missing
from engine.batch.score import Score
from engine.mechanics.batch import vectors as batch_vectors
from engine.rules import (
    compiled,
    expressions,
    expressions_check,
    expressions_compile,
    expressions_parse,
    expressions_visit,
    scoring,
)
from engine.rules.expressions import Expr, ExprVisitor
from engine.rules.loader import shipped_names
from engine.text.rulebook import conditions, render_markdown, render_text, rule_book
from engine.text.rulebook.conditions import Vocabulary
from engine.text.rulebook.words import party

ROOT = Path(__file__).resolve().parents[2]


class _Parses:
    """Each lark parse: the text, and whether ``compile_expression``'s parse asked for it."""

    def __init__(self) -> None:
        self.inside = False
        self.seen: list[tuple[str, bool]] = []

    def stray(self) -> list[str]:
        return [text for text, inside in self.seen if not inside]


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> _Parses:
    counted = _Parses()
    real = expressions_parse._parser()

    class Counting:
        def parse(self, text: str) -> Any:
            counted.seen.append((text, counted.inside))
            return real.parse(text)

        def __getattr__(self, name: str) -> Any:  # error messages read the real parser
            return getattr(real, name)

    real_parse = expressions.parse

    def compile_parse(text: str) -> Any:
        counted.inside = True
        try:
            return real_parse(text)
        finally:
            counted.inside = False

    monkeypatch.setattr(expressions_parse, "_parser", Counting)
    monkeypatch.setattr(expressions, "parse", compile_parse)
    # The shipped expressions' trees made before (engine/rules/known_expressions.py) would
    # spare lark these parses: every text goes to lark here, so that each parse is seen.
    monkeypatch.setattr(expressions_parse, "KNOWN_TREES", {})
    # Nor may a variant compiled earlier in the run be handed back (engine/rules/compiled.py).
    compiled.forget()
    return counted


@pytest.mark.parametrize("name", shipped_names())
def test_a_shipped_variants_expressions_are_parsed_only_by_compile_expression(
        name: str, parses: _Parses) -> None:
    variant = load_variant(name)
    assert parses.seen, "the counting parser saw nothing: the test is not wired"
    assert parses.stray() == [], "a compile step parsed an expression's text again"
    parses.seen.clear()
    book = rule_book(variant)
    assert render_text(book) and render_markdown(book)
    if missing(variant) is None:  # the batch engine's bounds (peak) and its vectors
        Score(variant)
    assert parses.seen == [], "the rule book or the batch engine parsed an expression again"


def test_the_batch_vectors_of_standard_come_from_the_compiled_trees(parses: _Parses) -> None:
    variant = load_variant("standard")
    assert missing(variant) is None
    parses.seen.clear()
    Score(variant)
    missing(variant)
    assert parses.seen == []


CONSUMERS = ["engine/batch/scoring.py", "engine/mechanics/batch/vectors.py",
             "engine/batch/score.py", "engine/batch/forms.py",
             "engine/text/rulebook/conditions.py", "engine/text/rulebook/scoring.py",
             "engine/mechanics/declare.py", "engine/mechanics/redeal.py"]


@pytest.mark.parametrize("path", CONSUMERS)
def test_no_reader_of_expressions_imports_the_parser(path: str) -> None:
    """Only the rules layer's compile step calls ``parse``: the readers import no parse
    entry point (``parse`` of :mod:`engine.rules.expressions` or of ``expressions_parse``)."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    imported = {(node.module, alias.name) for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert ("engine.rules.expressions", "parse") not in imported
    assert not any(module == "engine.rules.expressions_parse" for module, _ in imported)


# -- the rule book's words reach expression names through the rules layer -----------------------

def _engine_imports(path: str) -> set[str]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("engine.")}


def test_the_rule_books_expression_words_import_no_mechanic() -> None:
    """conditions.py reads trees and names from the rules layer (and the book's own words),
    never a module under engine/mechanics/."""
    imports = _engine_imports("engine/text/rulebook/conditions.py")
    assert not [name for name in imports if name.startswith("engine.mechanics")], imports
    assert "engine.rules.expressions" in imports


def test_every_name_the_rule_book_words_is_a_name_of_the_rules_layers_scoring_scopes() -> None:
    """The names the vocabulary puts in words are those the rules layer declares for the
    scoring table (a renamed or misspelt name would leave its rows quoted, not worded)."""
    declared = {*scoring.WHEN_NAMES, *scoring.AUCTION_NAMES, *scoring.AWARD_NAMES,
                *scoring.NO_MAKER_NAMES, *scoring.EXPOSED_NAMES}
    for kind in ("teams", "maker_vs_rest", "individual"):
        words = Vocabulary.for_scoring(kind=kind, hand_size=5,
                                       receiver=party(kind=kind, makers=True))
        worded = {*words.counts, *words.flags, *words.values}
        assert worded <= declared, worded - declared
        assert {"makers.tricks", "alone", "tricks", "bid"} <= worded


# -- one visitor base ----------------------------------------------------------------------------

def test_the_visitor_base_has_a_method_for_every_kind_of_expression_node() -> None:
    """A node kind added to the tree without a method would fall through to ``other``."""
    assert set(typing.get_args(Expr)) == set(expressions_visit._METHODS)
    for method in expressions_visit._METHODS.values():
        assert callable(getattr(ExprVisitor, method))


@pytest.mark.parametrize("reader", [
    expressions_check.Checker, expressions_compile._Closures, batch_vectors._Vectors,
    batch_vectors._HandVectors,
    batch_scoring._Peaks, conditions._Condition, conditions._Noun, conditions._Cases])
def test_every_reader_of_the_tree_is_a_walk_of_the_one_visitor_base(reader: type) -> None:
    assert issubclass(reader, ExprVisitor)


def test_a_reader_without_a_form_for_a_node_says_so_in_its_own_error() -> None:
    scope = {"hand": expressions.Given.HAND}
    counted = expressions.compile_expression("count(hand, any) + 1", scope,
                                             expected=expressions.Type.INT)
    with pytest.raises(batch_scoring.NotVectorisable, match="`HandCall` has no batch form"):
        batch_scoring.vectorise(counted)
    assert conditions.value_words(counted, Vocabulary(hand_size=5)) is None
