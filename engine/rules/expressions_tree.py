"""The typed syntax tree of scoring expressions, and the language's types and limits.

Every node records where it was written (``column`` from 1, ``end`` just past it), so that a
checker or compiler error can point a caret at it. The parser (:mod:`expressions_parse`)
builds these nodes; the checker (:mod:`expressions_check`) types them; the compiler
(:mod:`expressions_compile`) turns them into closures.

>>> IntLit(value=3, column=1, end=2)
IntLit(column=1, end=2, value=3)
>>> Type("bool") is Type.BOOL
True
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeAlias

__all__ = [
    "KIND_WORDS", "MAX_DEPTH", "MAX_DIGITS", "MAX_LENGTH", "Binary", "BoolLit", "Call",
    "CardSet", "Compare", "Env", "Evaluator", "Expr", "Given", "HandCall", "IntLit", "Name", "Node",
    "Scope", "SetCard", "SetIn", "SetName", "SetOp", "Type", "Unary", "Value",
]

MAX_LENGTH = 1000  # characters in one expression
MAX_DEPTH = 50  # levels of parentheses, and levels of the syntax tree
MAX_DIGITS = 9  # digits in one number literal


class Type(enum.Enum):
    """The two types of the language."""

    INT = "int"
    BOOL = "bool"


class Given(enum.Enum):
    """The kinds of name that only hand conditions read: a seat's cards (an int bitmask) and
    the trump index (:mod:`engine.core.cards`). No expression has these types."""

    HAND = "hand"
    TRUMP = "trump"


Value: TypeAlias = int | bool
Scope: TypeAlias = Mapping[str, Type | Given]
Env: TypeAlias = Mapping[str, Value]
Evaluator: TypeAlias = Callable[[Env], Value]

KIND_WORDS = {Type.INT: "a number", Type.BOOL: "true/false"}
"""How error messages name a value of each type."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Node:
    """Where a node was written: ``column`` counts from 1; ``end`` is the column just past it."""
    column: int
    end: int


@dataclass(frozen=True, slots=True, kw_only=True)
class IntLit(Node):
    """A whole number such as ``3``."""
    value: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BoolLit(Node):
    """``true`` or ``false``."""
    value: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Name(Node):
    """A name from the scope, such as ``makers.tricks``."""
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Unary(Node):
    """``-operand`` or ``not operand``."""
    op: str
    operand: Expr


@dataclass(frozen=True, slots=True, kw_only=True)
class Binary(Node):
    """``left op right`` for ``+ - * and or``."""
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True, kw_only=True)
class Compare(Node):
    """A comparison chain: ``operands[0] operators[0] operands[1] operators[1] ...``."""
    operands: tuple[Expr, ...]
    operators: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Call(Node):
    """A call of one of the built-in functions ``min``, ``max``, ``abs`` and ``if``."""
    function: str
    args: tuple[Expr, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SetIn(Node):
    """``rank in [9, T]`` or ``suit in [H, D]``: ``of`` is ``rank`` or ``suit``; ``words`` the
    words as written, each with its column."""
    of: str
    words: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SetName(Node):
    """A named set of cards: ``trump``, ``bowers``, ``right_bower``, ``left_bower``, ``any``."""
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SetCard(Node):
    """One card written as its code: ``JH``, ``9S``, ``JOKER``."""
    code: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SetOp(Node):
    """``not`` (``right`` is None), ``and`` or ``or`` of card sets."""
    op: str
    left: CardSet
    right: CardSet | None = None


CardSet: TypeAlias = SetIn | SetName | SetCard | SetOp
"""A set of cards, the second argument of ``count`` and ``holds``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandCall(Node):
    """``count(hand, cards)``, a number, or ``holds(hand, cards)``, true/false."""
    function: str
    hand: Name
    cards: CardSet


Expr: TypeAlias = IntLit | BoolLit | Name | Unary | Binary | Compare | Call | HandCall
