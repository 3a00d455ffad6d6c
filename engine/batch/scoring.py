"""Scoring expressions as vectorised numpy operations, and the bounds of their values.

:func:`vectorise` (:mod:`engine.mechanics.batch.vectors`, where the mechanics' batch forms
vectorise their hand conditions too) makes each expression of the scoring table, from the
typed tree the compiled expression keeps, one function from arrays of names (one value per
game) to an array of values. Card-set calls (``count``, ``holds``) read hands, which no
scoring row may: they have no batch form here. :func:`peak` bounds the values an expression
computes, which batch mode holds in 64-bit integers.

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

from collections.abc import Mapping

from engine.mechanics.batch.vectors import BatchEnv, NotVectorisable, vectorise
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

NAME_BOUND = 64
"""The largest value a number name of the scoring table takes (tricks, bids: a hand holds at
most 64 cards); booleans count 1."""

def peak(expression: CompiledExpression, bounds: Mapping[str, int] | None = None) -> int:
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

    ``bounds``: names that reach further (a bid table's ``value``, up to its largest).
    """
    return (_PEAKS if not bounds else _Peaks(bounds)).visit(expression.tree)[1]


_Bounds = tuple[int, int]
"""(a bound on a node's magnitude, a bound on every value computed inside it)."""
_FLAGS = frozenset({"alone", "defender_alone", "is_alone", "out", "exposed", "no_maker"})
"""The true/false names of the scoring table, which count 1."""


class _Peaks(ExprVisitor[_Bounds]):
    """The bounds of each node."""

    __slots__ = ("bounds",)

    def __init__(self, bounds: Mapping[str, int] | None = None) -> None:
        self.bounds = dict(bounds or {})
        """Names whose values reach past :data:`NAME_BOUND` (a bid table's ``value``)."""

    def other(self, node: Expr) -> _Bounds:
        raise NotVectorisable(f"`{type(node).__name__}` has no batch form")

    def int_lit(self, node: IntLit) -> _Bounds:
        return abs(node.value), abs(node.value)

    def bool_lit(self, node: BoolLit) -> _Bounds:
        return 1, 1

    def name(self, node: Name) -> _Bounds:
        if node.name in self.bounds:
            return self.bounds[node.name], self.bounds[node.name]
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
