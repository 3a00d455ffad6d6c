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
    "Compare", "Env", "Evaluator", "Expr", "IntLit", "Name", "Node", "Scope", "Type", "Unary",
    "Value",
]

MAX_LENGTH = 1000  # characters in one expression
MAX_DEPTH = 50  # levels of parentheses, and levels of the syntax tree
MAX_DIGITS = 9  # digits in one number literal


class Type(enum.Enum):
    """The two types of the language."""

    INT = "int"
    BOOL = "bool"


Value: TypeAlias = int | bool
Scope: TypeAlias = Mapping[str, Type]
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


Expr: TypeAlias = IntLit | BoolLit | Name | Unary | Binary | Compare | Call
