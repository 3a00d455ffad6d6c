"""Expressions as vectorised numpy operations, from the same typed trees.

The scalar engine compiles each expression into closures
(:mod:`engine.rules.expressions_compile`); here the same typed tree, the one the compiled
expression keeps (:attr:`~engine.rules.expressions.CompiledExpression.tree`, parsed once when
the variant compiled), becomes one function from arrays of names (one value per game) to an
array of values; both are walks of :class:`~engine.rules.expressions.ExprVisitor`. Operators
map to their elementwise numpy forms: ``and`` / ``or`` / ``not`` to ``& | ~`` on booleans,
comparison chains to the ``&`` of their links, ``if`` to ``where``.

:func:`vectorise` is the scoring table's form (:mod:`engine.batch.scoring`): no scoring row may
read hands, so a card-set call has no form there. :func:`vectorise_hands` adds them, for hand
conditions (``redeal.when``): ``count(hand, cards)`` is a popcount of the hand masks ``and`` the
set's mask, ``holds`` whether that is not empty (the set's mask by the row's ``trump`` when it
depends on trump).

>>> import numpy as np
>>> from engine.core import cards as C
>>> from engine.rules.expressions import Given, Type, compile_expression
>>> poor = compile_expression("count(hand, rank in [9, T]) == 5", {"hand": Given.HAND},
...                           expected=Type.BOOL)
>>> hands = np.array([C.mask_of(["9C", "9D", "TC", "TS", "9H"]),
...                   C.mask_of(["9C", "9D", "TC", "TS", "AH"])], dtype=np.uint64)
>>> vectorise_hands(poor)({"hand": hands}).tolist()
[True, False]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NoReturn

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
from engine.rules.expressions_cards import set_masks, uses_trump
from engine.rules.expressions_tree import HandCall

__all__ = ["BatchEnv", "NotVectorisable", "Vector", "vectorise", "vectorise_hands"]

BatchEnv = Mapping[str, Any]
"""Name -> an array with one value per game (or a plain int or bool for all of them)."""
Vector = Callable[[BatchEnv], Any]

_OPS: dict[str, Callable[[Any, Any], Any]] = {
    "+": np.add, "-": np.subtract, "*": np.multiply, "and": np.logical_and,
    "or": np.logical_or, "==": np.equal, "!=": np.not_equal, "<": np.less,
    "<=": np.less_equal, ">": np.greater, ">=": np.greater_equal,
}

_MASK64 = (1 << 64) - 1
"""The card ids a batch hand holds (a ``uint64``): batch decks have none past 62."""


class NotVectorisable(Exception):
    """An expression uses something without a batch form (a card-set call)."""


def vectorise(expression: CompiledExpression) -> Vector:
    """The vectorised form of a compiled expression, from its typed tree."""
    return _VECTORS.visit(expression.tree)


def vectorise_hands(expression: CompiledExpression, *, bowers: bool = True) -> Vector:
    """The vectorised form of a hand condition: ``count`` and ``holds`` read the ``uint64``
    hand masks of their name (``bowers``: the deck's, ``deck.bowers``)."""
    return _HandVectors(bowers=bowers).visit(expression.tree)


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


class _HandVectors(_Vectors):
    """:class:`_Vectors` with the card-set calls of hand conditions."""

    __slots__ = ("bowers",)

    def __init__(self, *, bowers: bool) -> None:
        self.bowers = bowers

    def hand_call(self, node: HandCall) -> Vector:
        hand = node.hand.name
        masks = np.array([m & _MASK64 for m in set_masks(node.cards, _unchecked,
                                                         bowers=self.bowers)], dtype=np.uint64)
        by_trump = uses_trump(node.cards) is not None

        def cards(env: BatchEnv) -> Any:
            return env[hand] & (masks[env["trump"]] if by_trump else masks[0])

        if node.function == "holds":
            return lambda env: cards(env) != 0
        return lambda env: np.bitwise_count(cards(env)).astype(np.int64)


def _unchecked(message: str, column: int, hint: str) -> NoReturn:  # pragma: no cover
    raise AssertionError(f"the checker accepted a bad card set: {message}")


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
