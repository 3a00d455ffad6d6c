"""Parsing scoring expressions: ``grammar/expr.lark`` (LALR, built once) into typed nodes.

The cheap checks (length, emptiness, parenthesis depth) run before lark sees the text; the
tree depth is checked iteratively before the tree is turned into nodes, so nothing here
recurses deeper than :data:`MAX_DEPTH`.

An expression written in a shipped variant is not parsed again at each start: its tree is
read from :data:`engine.rules.known_expressions.KNOWN_TREES`, which ``tools/build_schema.py``
writes from lark's own parses and a test rebuilds and compares (issue 23, start-up: lark and
its parser are then not even imported). Any other text, an edited copy of a shipped one
included, is parsed by lark.

>>> parse("not alone")
Unary(column=1, end=10, op='not', operand=Name(column=5, end=10, name='alone'))
>>> parse("1 +")
Traceback (most recent call last):
  ...
engine.core.errors.ExpressionError: unexpected end of the expression; expected a number, a name, ...
    1 +
       ^
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING

from engine.core.errors import ExpressionError
from engine.rules.expression_errors import shorten, syntax_error
from engine.rules.expressions_tree import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_LENGTH,
    Binary,
    BoolLit,
    Call,
    CardSet,
    Compare,
    Expr,
    HandCall,
    IntLit,
    Name,
    SetCard,
    SetIn,
    SetName,
    SetOp,
    Unary,
)
from engine.rules.known_expressions import KNOWN_TREES
from engine.rules.resources import grammar_path

if TYPE_CHECKING:
    from lark import Lark, Token, Tree

__all__ = ["parse", "parse_with_lark", "recording"]

_recorded: set[str] | None = None
"""The texts :func:`parse` was given, while :func:`recording`."""


@contextmanager
def recording() -> Iterator[set[str]]:
    """Collect every text given to :func:`parse` inside the ``with`` block (what
    ``tools/build_schema.py`` lists the shipped variants' expressions with)."""
    global _recorded  # noqa: PLW0603 - one recorder, for the build tool only
    outer, _recorded = _recorded, set()
    try:
        yield _recorded
    finally:
        _recorded = outer


@cache
def _parser() -> Lark:
    """The one LALR parser of ``grammar/expr.lark``, made on first use: built once and then
    read back from its cache file (:mod:`engine.rules.grammar_cache`)."""
    from engine.rules.grammar_cache import cached_lark  # noqa: PLC0415 - imports lark

    return cached_lark(grammar_path("expr.lark"), parser="lalr", lexer="basic",
                       propagate_positions=True)


def parse(text: str) -> Expr:
    """Parse ``text`` into a typed syntax tree; raise :class:`ExpressionError` on bad input.
    A shipped variant's expression is read from the trees lark made of it before.

    >>> parse("1 + 2 * 3")  # doctest: +ELLIPSIS
    Binary(column=1, end=10, op='+', left=IntLit(column=1, end=2, value=1), right=Binary(...))
    """
    if _recorded is not None:
        _recorded.add(text)
    known = KNOWN_TREES.get(text)
    return known if known is not None else parse_with_lark(text)


def parse_with_lark(text: str) -> Expr:
    """:func:`parse`, always by lark."""
    from lark.exceptions import UnexpectedInput  # noqa: PLC0415 - lark for new texts only

    _check_bounds(text)
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as error:
        raise syntax_error(text, error, _parser()) from None
    _check_depth(tree, text)
    return _build(tree, text)


def _check_bounds(text: str) -> None:
    """The checks that cost nothing, made before parsing: length, emptiness, parentheses."""
    if len(text) > MAX_LENGTH:
        raise ExpressionError(
            f"the expression is {len(text)} characters long; the limit is {MAX_LENGTH}",
            text=text[:MAX_LENGTH],  # only the part that fits is quoted back
            column=MAX_LENGTH + 1,
            hint="split the rule into several simpler ones",
        )
    if not text.strip(" \t\r\n"):
        raise ExpressionError("the expression is empty", text=text, column=1)
    depth = 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
            if depth > MAX_DEPTH:
                message = f"parentheses are nested more than {MAX_DEPTH} deep"
                raise ExpressionError(message, text=text, column=index + 1)
        elif char == ")":
            depth = max(0, depth - 1)


def _check_depth(tree: Tree[Token], text: str) -> None:
    """Refuse trees deeper than :data:`MAX_DEPTH`, walking iteratively (never recursing)."""
    from lark import Tree  # noqa: PLC0415 - loaded by the parse

    stack = [(tree, 0)]  # (subtree, how many operators enclose it)
    while stack:
        node, depth = stack.pop()
        children = [child for child in node.children if isinstance(child, Tree)]
        if children and depth >= MAX_DEPTH:  # this operator is one level too many
            message = f"the expression is nested more than {MAX_DEPTH} levels deep"
            hint = "long chains of operators, `-` or `not` count as nesting; simplify it"
            raise ExpressionError(message, text=text, column=node.meta.start_pos + 1, hint=hint)
        stack.extend((child, depth + 1) for child in children)


def _build(tree: Tree[Token], text: str) -> Expr:
    """Turn one lark subtree into a typed node (recursion is bounded by :func:`_check_depth`)."""
    from lark import Token, Tree  # noqa: PLC0415 - loaded by the parse

    at = {"column": tree.meta.start_pos + 1, "end": tree.meta.end_pos + 1}
    if tree.data == "hand_call":
        function, hand = tree.children[0], tree.children[1]
        assert isinstance(function, Token) and isinstance(hand, Token)
        cards = tree.children[2]
        assert isinstance(cards, Tree)
        name = Name(name=str(hand), column=(hand.start_pos or 0) + 1,
                    end=(hand.end_pos or 0) + 1)
        return HandCall(function=str(function), hand=name, cards=_build_set(cards), **at)
    subtrees = [_build(kid, text) for kid in tree.children if isinstance(kid, Tree)]
    words = [str(kid) for kid in tree.children if isinstance(kid, Token)]
    match tree.data:
        case "int_lit":
            if len(words[0]) > MAX_DIGITS:
                message = f"the number `{shorten(words[0])}` has {len(words[0])} digits"
                hint = f"numbers have at most {MAX_DIGITS} digits"
                raise ExpressionError(message, text=text, column=at["column"], hint=hint)
            return IntLit(value=int(words[0]), **at)
        case "true" | "false":
            return BoolLit(value=tree.data == "true", **at)
        case "name":
            return Name(name=words[0], **at)
        case "unary":
            return Unary(op=words[0], operand=subtrees[0], **at)
        case "binary":
            return Binary(op=words[0], left=subtrees[0], right=subtrees[1], **at)
        case "compare":
            return Compare(operands=tuple(subtrees), operators=tuple(words), **at)
        case "call":
            return Call(function=words[0], args=tuple(subtrees), **at)
    raise AssertionError(f"grammar rule {tree.data!r} makes no node")  # pragma: no cover


def _build_set(tree: Tree[Token]) -> CardSet:
    """Turn a card-set subtree (inside ``count``/``holds``) into a typed node."""
    from lark import Token, Tree  # noqa: PLC0415 - loaded by the parse

    column, end = tree.meta.start_pos + 1, tree.meta.end_pos + 1
    subtrees = [_build_set(kid) for kid in tree.children if isinstance(kid, Tree)]
    tokens = [kid for kid in tree.children if isinstance(kid, Token)]
    match tree.data:
        case "set_in":
            words = tuple((str(word), (word.start_pos or 0) + 1) for word in tokens[2:])
            return SetIn(of=str(tokens[0]), words=words, column=column, end=end)
        case "set_name":
            return SetName(name=str(tokens[0]), column=column, end=end)
        case "set_card":
            return SetCard(code=str(tokens[0]), column=column, end=end)
        case "set_not":
            return SetOp(op="not", left=subtrees[0], column=column, end=end)
        case "set_binary":
            return SetOp(op=str(tokens[0]), left=subtrees[0], right=subtrees[1], column=column,
                         end=end)
    raise AssertionError(f"grammar rule {tree.data!r} makes no set")  # pragma: no cover


# --- type checking ---------------------------------------------------------------------------
