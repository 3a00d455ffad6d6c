"""Scoring expressions as vectorised numpy operations, from the same typed trees.

The scalar engine compiles each expression of the scoring table into closures
(:mod:`engine.rules.expressions_compile`); here the same typed tree
(:func:`engine.rules.expressions_parse.parse` of the text the variant holds) becomes one
function from arrays of names (one value per game) to an array of values. Operators map
to their elementwise numpy forms: ``and`` / ``or`` / ``not`` to ``& | ~`` on booleans,
comparison chains to the ``&`` of their links, ``if`` to ``where``. Card-set calls (``count``,
``holds``) read hands, which no scoring row may: they have no batch form.

>>> import numpy as np
>>> run = vectorise("3 <= makers.tricks <= 4 and not alone")
>>> run({"makers.tricks": np.array([2, 3, 4, 5]), "alone": np.array([0, 0, 1, 0], bool)})
array([False,  True, False, False])
>>> vectorise("if(alone, 4, 2) + 2 * 3")({"alone": np.array([True, False])}).tolist()
[10, 8]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from engine.rules.expressions_parse import parse
from engine.rules.expressions_tree import (
    Binary,
    BoolLit,
    Call,
    Compare,
    Expr,
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


def vectorise(text: str) -> Vector:
    """The vectorised form of a type-checked expression (its text, as the variant holds it)."""
    return _node(parse(text))


def _node(node: Expr) -> Vector:
    match node:
        case IntLit(value=value) | BoolLit(value=value):
            return lambda env: value
        case Name(name=name):
            return lambda env: env[name]
        case Unary(op="not", operand=operand):
            inner = _node(operand)
            return lambda env: np.logical_not(inner(env))
        case Unary(operand=operand):
            inner = _node(operand)
            return lambda env: np.negative(inner(env))
        case Binary(op=op, left=left, right=right):
            a, b, f = _node(left), _node(right), _OPS[op]
            return lambda env: f(a(env), b(env))
        case Compare(operands=operands, operators=operators):
            runs = [_node(o) for o in operands]
            tests = [_OPS[op] for op in operators]
            return lambda env: _chain(env, runs, tests)
        case Call(function="if", args=args):
            condition, then, otherwise = (_node(a) for a in args)
            return lambda env: np.where(condition(env), then(env), otherwise(env))
        case Call(function="abs", args=args):
            inner = _node(args[0])
            return lambda env: np.abs(inner(env))
        case Call(function=function, args=args):
            runs = [_node(a) for a in args]
            pick = np.minimum if function == "min" else np.maximum
            return lambda env: _fold(env, runs, pick)
    raise NotVectorisable(f"`{type(node).__name__}` has no batch form")


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


def peak(text: str) -> int:
    """An upper bound on the magnitude of every value evaluating the expression ``text`` can
    produce, its intermediate values included: batch mode computes them in 64-bit integers,
    which wrap silently past 2**63 (``3 * 999999999 * 999999999 * 999999999 <= ...`` would
    compare wrapped numbers).

    >>> peak("if(alone, 4, 2) + 2 * 3"), peak("makers.tricks * 3 >= 9")
    (10, 192)
    >>> peak("-999999999 * 999999999 * 999999999 + 1") == 999999999 ** 3 + 1
    True
    """
    return _peak(parse(text))[1]


def _peak(node: Expr) -> tuple[int, int]:
    """(a bound on ``node``'s magnitude, a bound on every value computed inside it)."""
    match node:
        case IntLit(value=value):
            return abs(value), abs(value)
        case BoolLit() | Name(name="alone" | "defender_alone" | "is_alone" | "out" | "exposed"
                              | "no_maker"):
            return 1, 1
        case Name():
            return NAME_BOUND, NAME_BOUND
        case Unary(op="not", operand=operand):
            return 1, max(1, _peak(operand)[1])
        case Unary(operand=operand):
            return _peak(operand)
        case Binary(op=op, left=left, right=right):
            (a, pa), (b, pb) = _peak(left), _peak(right)
            value = {"+": a + b, "-": a + b, "*": a * b}.get(op, 1)
            return value, max(value, pa, pb)
        case Compare(operands=operands):
            return 1, max(1, *(_peak(o)[1] for o in operands))
        case Call(function="if", args=args):
            bounds = [_peak(a) for a in args]
            value = max(bounds[1][0], bounds[2][0])
            return value, max(value, *(inner for _, inner in bounds))
        case Call(args=args):  # abs, min, max: no larger than their largest argument
            bounds = [_peak(a) for a in args]
            return max(b for b, _ in bounds), max(inner for _, inner in bounds)
    raise NotVectorisable(f"`{type(node).__name__}` has no batch form")
