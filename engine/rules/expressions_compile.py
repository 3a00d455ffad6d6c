"""Compiling type-checked scoring expressions into nested closures; nothing reaches ``eval``.

Each operator node becomes one small closure over its children's closures (a walk of the
typed tree by :class:`~engine.rules.expressions_visit.ExprVisitor`, as every reader of it
is); subtrees without names are evaluated once here and folded into a constant. Comparison
chains evaluate each operand once and stop at the first false link, as Python does.

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
from engine.rules.expressions_visit import ExprVisitor

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


class _Closures(ExprVisitor[_Compiled]):
    """A closure ``env -> value`` for each type-checked node; constant subtrees are folded."""

    __slots__ = ("bowers",)

    def __init__(self, *, bowers: bool) -> None:
        self.bowers = bowers
        """The deck has bowers (``deck.bowers``): what ``trump`` and ``bowers`` hold."""

    def int_lit(self, node: IntLit) -> _Compiled:
        value = node.value
        return _Compiled(lambda env: value, constant=True)

    def bool_lit(self, node: BoolLit) -> _Compiled:
        value = node.value
        return _Compiled(lambda env: value, constant=True)

    def name(self, node: Name) -> _Compiled:
        name = node.name
        return _Compiled(lambda env: env[name], constant=False)

    def hand_call(self, node: HandCall) -> _Compiled:
        return _Compiled(_hand_call(node, bowers=self.bowers), constant=False)

    def unary(self, node: Unary) -> _Compiled:
        parts = [self.visit(node.operand)]
        runs = [part.run for part in parts]
        if node.op == "not":
            return _folded(lambda env: not runs[0](env), parts)
        return _folded(lambda env: -runs[0](env), parts)

    def binary(self, node: Binary) -> _Compiled:
        parts = [self.visit(node.left), self.visit(node.right)]
        left, right = (part.run for part in parts)
        if node.op == "and":
            return _folded(lambda env: left(env) and right(env), parts)
        if node.op == "or":
            return _folded(lambda env: left(env) or right(env), parts)
        arithmetic = _ARITHMETIC[node.op]
        return _folded(lambda env: arithmetic(left(env), right(env)), parts)

    def compare(self, node: Compare) -> _Compiled:
        parts = [self.visit(child) for child in node.operands]
        tests = [_COMPARISONS[op] for op in node.operators]
        return _folded(_chain([part.run for part in parts], tests), parts)

    def call(self, node: Call) -> _Compiled:
        parts = [self.visit(child) for child in node.args]
        runs = [part.run for part in parts]
        if node.function == "if":
            condition, then, otherwise = runs
            return _folded(lambda env: then(env) if condition(env) else otherwise(env), parts)
        if node.function == "abs":
            return _folded(lambda env: abs(runs[0](env)), parts)
        pick = min if node.function == "min" else max
        return _folded(lambda env: pick(run(env) for run in runs), parts)


def _folded(run: Evaluator, parts: list[_Compiled]) -> _Compiled:
    """``run`` for an operator node, or its value folded into a constant when every child is
    a constant."""
    if all(part.constant for part in parts):
        folded = run({})
        return _Compiled(lambda env: folded, constant=True)
    return _Compiled(run, constant=False)


def _hand_call(node: HandCall, *, bowers: bool) -> Evaluator:
    """``count``/``holds``: an ``and`` with the set's mask (one per trump index) and a
    popcount; the masks were made once here."""
    hand = node.hand.name
    masks = set_masks(node.cards, _unchecked, bowers=bowers)
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


def closure(node: Expr, *, bowers: bool = True) -> Evaluator:
    """The closure ``env -> value`` for a node that :class:`Checker` has accepted
    (``bowers``: the deck's, ``deck.bowers``, for the card sets that depend on trump)."""
    return _CLOSURES[bowers].visit(node).run


_CLOSURES = {True: _Closures(bowers=True), False: _Closures(bowers=False)}
