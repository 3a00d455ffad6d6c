"""Scoring expressions as vectorised numpy operations, from the same typed trees.

The scalar engine compiles each expression of the scoring table into closures
(:mod:`engine.rules.expressions_compile`); here the same typed tree, the one the compiled
expression keeps (:attr:`~engine.rules.expressions.CompiledExpression.tree`, parsed once when
the variant compiled), becomes one function from arrays of names (one value per game) to an
array of values; both are walks of :class:`~engine.rules.expressions.ExprVisitor`. Operators
map to their elementwise numpy forms: ``and`` / ``or`` / ``not`` to ``& | ~`` on booleans,
comparison chains to the ``&`` of their links, ``if`` to ``where``. Card-set calls (``count``,
``holds``) read hands, which no scoring row may: they have no batch form.

>>> import numpy as np
>>> from engine.rules.expressions import Type, compile_expression
>>> scope = {"makers.tricks": Type.INT, "alone": Type.BOOL}
>>> run = vectorise(compile_expression("3 <= makers.tricks <= 4 and not alone", scope,
...                                    expected=Type.BOOL))
>>> run({"makers.tricks": np.array([2, 3, 4, 5]), "alone": np.array([0, 0, 1, 0], bool)})
array([False,  True, False, False])
>>> award = compile_expression("if(alone, 4, 2) + 2 * 3", scope, expected=Type.INT)
>>> vectorise(award)({"alone": np.array([True, False])}).tolist()
[10, 8]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from engine.rules.expressions import (
    Binary,
    BoolLit,
    Call,
    Compare,
    CompiledExpression,
    Expr,
    ExprVisitor,
    IntLit,
    Name,
    Unary,
)

__all__ = ["NAME_BOUND", "BatchEnv", "NotVectorisable", "peak", "vectorise"]

BatchEnv = Mapping[str, Any]
"""Name -> an array with one value per game (or a plain int or bool for all of them)."""
Vector = Callable[[BatchEnv], Any]

_OPS: dict[str, Callable[[Any, Any], Any]] = {
    "+": np.add, "-": np.subtract, "*": np.multiply, "and": np.logical_and,
    "or": np.logical_or, "==": np.equal, "!=": np.not_equal, "<": np.less,
    "<=": np.less_equal, ">": np.greater, ">=": np.greater_equal,
}


NAME_BOUND = 64
"""The largest value a number name of the scoring table takes (tricks, bids: a hand holds at
most 64 cards); booleans count 1."""


class NotVectorisable(Exception):
    """An expression uses something without a batch form (a card-set call)."""


def vectorise(expression: CompiledExpression) -> Vector:
    """The vectorised form of a compiled expression, from its typed tree."""
    return _VECTORS.visit(expression.tree)


class _Vectors(ExprVisitor[Vector]):
    """Each node as a function of the batch environment."""

    __slots__ = ()

    def other(self, node: Expr) -> Vector:
        raise NotVectorisable(f"`{type(node).__name__}` has no batch form")

    def int_lit(self, node: IntLit) -> Vector:
        value = node.value
        return lambda env: value

    def bool_lit(self, node: BoolLit) -> Vector:
        value = node.value
        return lambda env: value

    def name(self, node: Name) -> Vector:
        name = node.name
        return lambda env: env[name]

    def unary(self, node: Unary) -> Vector:
        inner = self.visit(node.operand)
        if node.op == "not":
            return lambda env: np.logical_not(inner(env))
        return lambda env: np.negative(inner(env))

    def binary(self, node: Binary) -> Vector:
        a, b, f = self.visit(node.left), self.visit(node.right), _OPS[node.op]
        return lambda env: f(a(env), b(env))

    def compare(self, node: Compare) -> Vector:
        runs = [self.visit(o) for o in node.operands]
        tests = [_OPS[op] for op in node.operators]
        return lambda env: _chain(env, runs, tests)

    def call(self, node: Call) -> Vector:
        if node.function == "if":
            condition, then, otherwise = (self.visit(a) for a in node.args)
            return lambda env: np.where(condition(env), then(env), otherwise(env))
        if node.function == "abs":
            inner = self.visit(node.args[0])
            return lambda env: np.abs(inner(env))
        runs = [self.visit(a) for a in node.args]
        pick = np.minimum if node.function == "min" else np.maximum
        return lambda env: _fold(env, runs, pick)


_VECTORS = _Vectors()


def _chain(env: BatchEnv, runs: list[Vector], tests: list[Callable[[Any, Any], Any]]) -> Any:
    values = [run(env) for run in runs]
    result: Any = True
    for test, left, right in zip(tests, values, values[1:], strict=False):
        result = np.logical_and(result, test(left, right))
    return result


def _fold(env: BatchEnv, runs: list[Vector], pick: Callable[[Any, Any], Any]) -> Any:
    value = runs[0](env)
    for run in runs[1:]:
        value = pick(value, run(env))
    return value


def peak(expression: CompiledExpression) -> int:
    """An upper bound on the magnitude of every value evaluating ``expression`` can produce,
    its intermediate values included: batch mode computes them in 64-bit integers, which wrap
    silently past 2**63 (``3 * 999999999 * 999999999 * 999999999 <= ...`` would compare
    wrapped numbers).

    >>> from engine.rules.expressions import Type, compile_expression
    >>> scope = {"makers.tricks": Type.INT, "alone": Type.BOOL}
    >>> def bound(text: str) -> int:
    ...     return peak(compile_expression(text, scope, expected=Type.INT))
    >>> bound("if(alone, 4, 2) + 2 * 3"), bound("if(makers.tricks * 3 >= 9, 1, 0)")
    (10, 192)
    >>> bound("-999999999 * 999999999 * 999999999 + 1") == 999999999 ** 3 + 1
    True
    """
    return _PEAKS.visit(expression.tree)[1]


_Bounds = tuple[int, int]
"""(a bound on a node's magnitude, a bound on every value computed inside it)."""
_FLAGS = frozenset({"alone", "defender_alone", "is_alone", "out", "exposed", "no_maker"})
"""The true/false names of the scoring table, which count 1."""


class _Peaks(ExprVisitor[_Bounds]):
    """The bounds of each node."""

    __slots__ = ()

    def other(self, node: Expr) -> _Bounds:
        raise NotVectorisable(f"`{type(node).__name__}` has no batch form")

    def int_lit(self, node: IntLit) -> _Bounds:
        return abs(node.value), abs(node.value)

    def bool_lit(self, node: BoolLit) -> _Bounds:
        return 1, 1

    def name(self, node: Name) -> _Bounds:
        if node.name in _FLAGS:
            return 1, 1
        return NAME_BOUND, NAME_BOUND

    def unary(self, node: Unary) -> _Bounds:
        if node.op == "not":
            return 1, max(1, self.visit(node.operand)[1])
        return self.visit(node.operand)

    def binary(self, node: Binary) -> _Bounds:
        (a, pa), (b, pb) = self.visit(node.left), self.visit(node.right)
        value = {"+": a + b, "-": a + b, "*": a * b}.get(node.op, 1)
        return value, max(value, pa, pb)

    def compare(self, node: Compare) -> _Bounds:
        return 1, max(1, *(self.visit(o)[1] for o in node.operands))

    def call(self, node: Call) -> _Bounds:
        bounds = [self.visit(a) for a in node.args]
        if node.function == "if":
            value = max(bounds[1][0], bounds[2][0])
            return value, max(value, *(inner for _, inner in bounds))
        # abs, min, max: no larger than their largest argument
        return max(b for b, _ in bounds), max(inner for _, inner in bounds)


_PEAKS = _Peaks()
