"""Compiling type-checked scoring expressions into nested closures; nothing reaches ``eval``.

Each operator node becomes one small closure over its children's closures; subtrees without
names are evaluated once here and folded into a constant. Comparison chains evaluate each
operand once and stop at the first false link, as Python does.

>>> from engine.rules.expressions_parse import parse
>>> run = closure(parse("if(alone, 4, 2) + 2 * 3"))
>>> run({"alone": True}), run({"alone": False})
(10, 8)
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import NamedTuple, NoReturn

from engine.rules.expressions_cards import set_masks, uses_trump
from engine.rules.expressions_tree import (
    Binary,
    BoolLit,
    Call,
    Compare,
    Env,
    Evaluator,
    Expr,
    HandCall,
    IntLit,
    Name,
    Unary,
    Value,
)

__all__ = ["closure"]

_ARITHMETIC: dict[str, Callable[[int, int], int]] = {"+": operator.add, "-": operator.sub,
                                                     "*": operator.mul}
_COMPARISONS: dict[str, Callable[[Value, Value], bool]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
    ">=": operator.ge,
}


class _Compiled(NamedTuple):
    run: Evaluator
    constant: bool  # no names below: the value is known now


def _compile(node: Expr) -> _Compiled:
    """A closure ``env -> value`` for a type-checked node; constant subtrees are folded."""
    match node:
        case IntLit(value=value) | BoolLit(value=value):
            return _Compiled(lambda env: value, constant=True)
        case Name(name=name):
            return _Compiled(lambda env: env[name], constant=False)
        case HandCall():
            return _Compiled(_hand_call(node), constant=False)
        case Unary(operand=operand):
            parts = [_compile(operand)]
        case Binary(left=left, right=right):
            parts = [_compile(left), _compile(right)]
        case Compare(operands=children) | Call(args=children):
            parts = [_compile(child) for child in children]
    run = _combine(node, [part.run for part in parts])
    if all(part.constant for part in parts):
        folded = run({})
        return _Compiled(lambda env: folded, constant=True)
    return _Compiled(run, constant=False)


def _combine(node: Expr, runs: list[Evaluator]) -> Evaluator:
    """The closure for one operator node, given its children's closures."""
    match node:
        case Unary(op="not"):
            return lambda env: not runs[0](env)
        case Unary():
            return lambda env: -runs[0](env)
        case Binary(op="and"):
            left, right = runs
            return lambda env: left(env) and right(env)
        case Binary(op="or"):
            left, right = runs
            return lambda env: left(env) or right(env)
        case Binary(op=op):
            left, right, arithmetic = *runs, _ARITHMETIC[op]
            return lambda env: arithmetic(left(env), right(env))
        case Compare(operators=operators):
            return _chain(runs, [_COMPARISONS[op] for op in operators])
        case Call(function="if"):
            condition, then, otherwise = runs
            return lambda env: then(env) if condition(env) else otherwise(env)
        case Call(function="abs"):
            return lambda env: abs(runs[0](env))
        case Call(function=function):
            pick = min if function == "min" else max
            return lambda env: pick(run(env) for run in runs)
    raise AssertionError(f"not an operator node: {node!r}")  # pragma: no cover


def _hand_call(node: HandCall) -> Evaluator:
    """``count``/``holds``: an ``and`` with the set's mask (one per trump index) and a
    popcount; the masks were made once here."""
    hand = node.hand.name
    masks = set_masks(node.cards, _unchecked)
    mask = masks[0]
    if node.function == "holds":
        if uses_trump(node.cards) is None:
            return lambda env: env[hand] & mask != 0
        return lambda env: env[hand] & masks[env["trump"]] != 0
    if uses_trump(node.cards) is None:
        return lambda env: (env[hand] & mask).bit_count()
    return lambda env: (env[hand] & masks[env["trump"]]).bit_count()


def _unchecked(message: str, column: int, hint: str) -> NoReturn:  # pragma: no cover
    raise AssertionError(f"the checker accepted a bad card set: {message}")


def _chain(runs: list[Evaluator], tests: list[Callable[[Value, Value], bool]]) -> Evaluator:
    """``a < b <= c`` as Python does it: each operand once, stop at the first false link."""
    first, rest = runs[0], list(zip(tests, runs[1:], strict=True))

    def chain(env: Env) -> Value:
        left = first(env)
        for test, run in rest:
            right = run(env)
            if not test(left, right):
                return False
            left = right
        return True

    return chain


# --- the public entry point ------------------------------------------------------------------


def closure(node: Expr) -> Evaluator:
    """The closure ``env -> value`` for a node that :class:`Checker` has accepted."""
    return _compile(node).run
