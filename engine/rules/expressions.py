"""Scoring conditions: a small typed expression language, compiled once into closures.

Variant files write conditions and point values as expressions over the names that exist at
that place in the file (``makers.tricks``, ``alone``, ...). The language has whole numbers
(at most 9 digits) and ``true``/``false``; ``+ - *`` and unary minus on numbers; comparisons
``== != < <= > >=`` chained as in Python; ``and``, ``or``, ``not`` on true/false; parentheses;
and the functions ``min(a, b, ...)``, ``max(a, b, ...)``, ``abs(a)`` and ``if(cond, a, b)``.
Where a place offers a hand (a name of kind :class:`Given`), ``count(hand, cards)`` is how many
of a set of cards it holds and ``holds(hand, cards)`` whether it holds one
(:mod:`expressions_cards`: ``count(hand, rank in [9, T]) == 5``, ``holds(hand, JOKER)``,
``count(hand, trump) >= 3`` where trump is fixed).
Precedence is Python's: ``or < and < not < comparison < + - < * < unary minus``. The grammar
is ``grammar/expr.lark``. Text is parsed (:mod:`expressions_parse`, into the typed nodes of
:mod:`expressions_tree`), type-checked against the scope (:mod:`expressions_check`) and turned
into nested closures (:mod:`expressions_compile`); nothing is ever passed to ``eval``. This
module is the entry point and re-exports the public names of the others.

>>> scope = {"makers.tricks": Type.INT, "alone": Type.BOOL}
>>> rule = compile_expression("3 <= makers.tricks <= 4 and not alone", scope, expected=Type.BOOL)
>>> rule.evaluate({"makers.tricks": 4, "alone": False}), sorted(rule.names)
(True, ['alone', 'makers.tricks'])
>>> compile_expression("if(alone, 4, 2)", scope, expected=Type.INT).evaluate({"alone": True})
4
>>> compile_expression("makers.trick >= 3", scope, expected=Type.BOOL)
Traceback (most recent call last):
  ...
engine.core.errors.ExpressionError: unknown name `makers.trick` (did you mean `makers.tricks`?)
    makers.trick >= 3
    ^
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.core.errors import ExpressionError
from engine.rules.expression_errors import shorten
from engine.rules.expressions_check import PLACE_WORDS, Checker, conversion_hint
from engine.rules.expressions_compile import closure
from engine.rules.expressions_parse import parse
from engine.rules.expressions_tree import (
    KIND_WORDS,
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_LENGTH,
    Binary,
    BoolLit,
    Call,
    Compare,
    Evaluator,
    Expr,
    Given,
    IntLit,
    Name,
    Node,
    Scope,
    Type,
    Unary,
    Value,
)
from engine.rules.expressions_visit import ExprVisitor

__all__ = [
    "MAX_DEPTH", "MAX_DIGITS", "MAX_LENGTH", "Binary", "BoolLit", "Call", "Compare",
    "CompiledExpression", "Expr", "ExprVisitor", "Given", "IntLit", "Name", "Node", "Scope",
    "Type", "Unary", "Value", "compile_expression", "parse",
]


@dataclass(frozen=True, slots=True)
class CompiledExpression:
    """A type-checked expression, ready to evaluate many times.

    ``names`` are the names it actually uses; :meth:`evaluate` needs exactly those. ``tree``
    is its typed syntax tree, parsed once when the variant compiled: every other reader (the
    batch engine's vectors, the rule book's words) walks it with an
    :class:`~engine.rules.expressions_visit.ExprVisitor` and never parses ``text`` again.

    >>> compile_expression("not alone", {"alone": Type.BOOL}, expected=Type.BOOL).tree
    Unary(column=1, end=10, op='not', operand=Name(column=5, end=10, name='alone'))
    """

    text: str
    type: Type
    names: frozenset[str]
    tree: Expr = field(repr=False, compare=False)
    _run: Evaluator = field(repr=False, compare=False)
    _name_types: tuple[tuple[str, Type | Given], ...] = field(repr=False, compare=False)

    def evaluate(self, env: Mapping[str, Value]) -> Value:
        """The value in ``env``: a Python ``bool`` for conditions, an ``int`` for numbers.

        A missing name or a value of the wrong type is a bug in the caller, not in the variant
        file, so it raises :class:`KeyError` or :class:`TypeError`, not an ``ExpressionError``.
        """
        for name, kind in self._name_types:
            if name not in env:
                raise KeyError(f"`{self.text}` needs `{name}`, which the environment lacks")
            value = env[name]
            if not isinstance(value, int) or isinstance(value, bool) != (kind is Type.BOOL):
                words = KIND_WORDS[kind] if isinstance(kind, Type) else kind.value
                raise TypeError(f"`{name}` must be {words} in `{self.text}`: {value!r}")
        return self._run(env)


def compile_expression(
    text: str | int | bool, scope: Scope, *, expected: Type, bowers: bool = True
) -> CompiledExpression:
    """Parse, type-check against ``scope`` and compile ``text``, which must be of ``expected``
    (``bowers``: the deck has bowers, ``deck.bowers``; ``trump`` and ``bowers`` sets say so).

    YAML may hand a number or a boolean instead of a string; it is compiled as that literal.

    >>> compile_expression(True, {}, expected=Type.BOOL).text
    'true'
    >>> compile_expression("alone and 3", {"alone": Type.BOOL}, expected=Type.BOOL)
    Traceback (most recent call last):
      ...
    engine.core.errors.ExpressionError: `and` needs true/false on both sides, but `3` is ...
        alone and 3
                  ^
    """
    source = _source_text(text)
    tree = parse(source)
    checker = Checker(source, scope)
    got = checker.type_of(tree)
    if got is not expected:
        raise ExpressionError(
            f"this place needs {PLACE_WORDS[expected]}, but the expression is {PLACE_WORDS[got]}",
            text=source,
            column=tree.column,
            hint=conversion_hint(expected, shorten(source.strip(" \t\r\n"), 40)),
        )
    return CompiledExpression(
        text=source,
        type=got,
        names=frozenset(checker.used),
        tree=tree,
        _run=closure(tree, bowers=bowers),
        _name_types=tuple(sorted(checker.used.items(), key=lambda item: item[0])),
    )


def _source_text(value: object) -> str:
    if isinstance(value, bool):  # before int: bool is an int subclass
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return value
    message = f"expected an expression, a whole number or true/false, not {type(value).__name__}"
    raise ExpressionError(message, text=shorten(repr(value), 60), column=1)
