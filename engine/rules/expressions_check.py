"""Type-checking scoring expressions against the names a place in the variant file offers.

:class:`Checker` works out each node's type, records the names used, and raises an
:class:`ExpressionError` that quotes the expression, points at the offending part and says how
to fix it (a close name, the list of names, a conversion between numbers and true/false).

>>> from engine.rules.expressions_parse import parse
>>> checker = Checker("makers.tricks >= 3", {"makers.tricks": Type.INT})
>>> checker.type_of(parse("makers.tricks >= 3")), sorted(checker.used)
(<Type.BOOL: 'bool'>, ['makers.tricks'])
>>> Checker("min(1)", {}).type_of(parse("min(1)"))
Traceback (most recent call last):
  ...
engine.core.errors.ExpressionError: `min` takes at least 2 arguments, but got 1
    min(1)
    ^
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import NoReturn

from engine.core.errors import ExpressionError
from engine.rules.expression_errors import join_words, shorten
from engine.rules.expressions_cards import set_masks, uses_trump
from engine.rules.expressions_tree import (
    KIND_WORDS,
    Binary,
    BoolLit,
    Call,
    Compare,
    Expr,
    Given,
    HandCall,
    IntLit,
    Name,
    Scope,
    Type,
    Unary,
)
from engine.rules.expressions_visit import ExprVisitor

__all__ = ["PLACE_WORDS", "Checker", "conversion_hint"]

_BOTH = {Type.INT: "numbers", Type.BOOL: "true/false"}
PLACE_WORDS = {Type.INT: "a number", Type.BOOL: "a condition (true/false)"}
"""How an error names what a place in the file needs."""
_GIVEN_WORDS = {Given.HAND: "a hand of cards", Given.TRUMP: "the trump suit"}
# function name -> (fewest, most) arguments; None: no upper limit
_FUNCTIONS: dict[str, tuple[int, int | None]] = {"abs": (1, 1), "if": (3, 3), "max": (2, None),
                                                  "min": (2, None)}


def conversion_hint(want: Type, snippet: str) -> str:
    """How to turn ``snippet`` into a value of type ``want``."""
    if want is Type.BOOL:
        return f"compare the number to get true/false, as in `{snippet} >= 1`"
    return f"turn true/false into a number with `if({snippet}, 1, 0)`"


class Checker(ExprVisitor[Type]):
    """Works out each node's type against the scope, and records the names used (a walk of
    :class:`~engine.rules.expressions_visit.ExprVisitor`, as every reader of the tree is)."""

    __slots__ = ("scope", "text", "used")

    def __init__(self, text: str, scope: Scope) -> None:
        self.text, self.scope = text, scope
        self.used: dict[str, Type | Given] = {}

    def fail(self, message: str, node: Expr, hint: str = "", unknown: str = ""
             ) -> ExpressionError:
        """The error to raise about ``node``: the message, a caret under it, the hint."""
        return ExpressionError(message, text=self.text, column=node.column, hint=hint,
                               unknown=unknown)

    def source(self, node: Expr) -> str:
        """The text ``node`` was parsed from, shortened for messages."""
        return shorten(self.text[node.column - 1 : node.end - 1])

    def require(self, node: Expr, want: Type, rule: str, got: Type | None = None) -> None:
        """Raise, quoting ``rule``, unless ``node`` (or the type ``got``) is of type ``want``."""
        got = self.type_of(node) if got is None else got
        if got is not want:
            message = f"{rule}, but `{self.source(node)}` is {KIND_WORDS[got]}"
            raise self.fail(message, node, conversion_hint(want, self.source(node)))

    def type_of(self, node: Expr) -> Type:
        """The type of ``node``; names it uses are recorded in :attr:`used`."""
        return self.visit(node)

    def int_lit(self, node: IntLit) -> Type:
        return Type.INT

    def bool_lit(self, node: BoolLit) -> Type:
        return Type.BOOL

    def name(self, node: Name) -> Type:
        name = node.name
        if name not in self.scope:
            raise self.fail(f"unknown name `{name}`", node, _name_hint(name, self.scope),
                            unknown=name)
        kind = self.scope[name]
        if isinstance(kind, Given):
            raise self.fail(f"`{name}` is {_GIVEN_WORDS[kind]}", node,
                            "hands are read by `count(hand, cards)` and `holds(hand, "
                            "cards)`, as in `count(hand, trump) >= 3`")
        self.used[name] = kind
        return kind

    def hand_call(self, node: HandCall) -> Type:
        return self.check_hand_call(node)

    def unary(self, node: Unary) -> Type:
        if node.op == "not":
            self.require(node.operand, Type.BOOL, "`not` needs true/false")
            return Type.BOOL
        self.require(node.operand, Type.INT, f"`{node.op}` needs a number")
        return Type.INT

    def binary(self, node: Binary) -> Type:
        kind = Type.BOOL if node.op in ("and", "or") else Type.INT
        for side in (node.left, node.right):
            self.require(side, kind, f"`{node.op}` needs {_BOTH[kind]} on both sides")
        return kind

    def compare(self, node: Compare) -> Type:
        self.check_chain(node)
        return Type.BOOL

    def call(self, node: Call) -> Type:
        return self.check_call(node)

    def check_hand_call(self, node: HandCall) -> Type:
        """``count(hand, cards)`` is a number, ``holds(hand, cards)`` true/false; the hand must
        be a hand of this place, and a set that depends on trump needs trump to be fixed."""
        hand = node.hand
        if self.scope.get(hand.name) is not Given.HAND:
            hands = [name for name, kind in self.scope.items() if kind is Given.HAND]
            hint = (_suggest(hand.name, hands, "the hands here are") if hands
                    else "no hand can be read here")
            raise self.fail(f"`{hand.name}` is not a hand of cards", hand, hint)
        self.used[hand.name] = Given.HAND
        set_masks(node.cards, self.fail_at)
        needs = uses_trump(node.cards)
        if needs is not None:
            if self.scope.get("trump") is not Given.TRUMP:
                self.fail_at(
                    f"`{needs.name}` depends on trump, which is not fixed yet here",
                    needs.column,
                    "count ranks, suits or cards instead, as in `count(hand, rank in [J])`")
            self.used["trump"] = Given.TRUMP
        return Type.INT if node.function == "count" else Type.BOOL

    def fail_at(self, message: str, column: int, hint: str) -> NoReturn:
        """Raise an error with a caret at ``column`` (the card-set checks call this)."""
        raise ExpressionError(message, text=self.text, column=column, hint=hint)

    def check_chain(self, node: Compare) -> None:
        """Each link of a comparison chain compares two numbers, or two equal types."""
        operands, types = node.operands, [self.type_of(operand) for operand in node.operands]
        for index, op in enumerate(node.operators):
            left, right = operands[index], operands[index + 1]
            if op not in ("==", "!="):
                rule = f"`{op}` needs numbers on both sides"
                self.require(left, Type.INT, rule, types[index])
                self.require(right, Type.INT, rule, types[index + 1])
            elif types[index] is not types[index + 1]:
                raise self.fail(
                    f"`{op}` compares two numbers or two true/false values, but "
                    f"`{self.source(left)}` is {KIND_WORDS[types[index]]} and "
                    f"`{self.source(right)}` is {KIND_WORDS[types[index + 1]]}",
                    right,
                )

    def check_call(self, node: Call) -> Type:
        """Check a call's function name, argument count and types; return its type."""
        name, args = node.function, node.args
        if name not in _FUNCTIONS:
            hint = _suggest(name, _FUNCTIONS, "the functions are")
            if name in self.scope:
                hint = f"`{name}` is a value here, not a function; drop the parentheses"
            raise self.fail(f"unknown function `{name}`", node, hint)
        fewest, most = _FUNCTIONS[name]
        if len(args) < fewest or (most is not None and len(args) > most):
            amount = f"exactly {fewest}" if fewest == most else f"at least {fewest}"
            plural = "" if fewest == 1 else "s"
            message = f"`{name}` takes {amount} argument{plural}, but got {len(args)}"
            raise self.fail(message, node)
        if name != "if":
            for arg in args:
                self.require(arg, Type.INT, f"`{name}` needs numbers")
            return Type.INT
        condition, then, otherwise = args
        self.require(condition, Type.BOOL, "the first argument of `if` must be true/false")
        then_type, otherwise_type = self.type_of(then), self.type_of(otherwise)
        if then_type is not otherwise_type:
            raise self.fail(
                f"both branches of `if` must have the same type, but `{self.source(then)}` is "
                f"{KIND_WORDS[then_type]} and `{self.source(otherwise)}` is "
                f"{KIND_WORDS[otherwise_type]}",
                otherwise,
            )
        return then_type


def _name_hint(name: str, scope: Scope) -> str:
    if name in _FUNCTIONS:
        return f"`{name}` is a function: call it, as in `{name}(...)`"
    if not scope:
        return "no names can be used here"
    return _suggest(name, scope, "the names here are")


def _suggest(word: str, choices: Iterable[str], listing: str) -> str:
    """``did you mean `x`?`` when something is close, else the whole list."""
    ordered = sorted(choices)
    close = difflib.get_close_matches(word, ordered, n=1)
    if close:
        return f"did you mean `{close[0]}`?"
    return f"{listing} {join_words([f'`{choice}`' for choice in ordered])}"
