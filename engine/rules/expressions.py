"""Scoring conditions: a small typed expression language, compiled once into closures.

Variant files write conditions and point values as expressions over the names that exist at
that place in the file (``makers.tricks``, ``alone``, ...). The language has whole numbers
(at most 9 digits) and ``true``/``false``; ``+ - *`` and unary minus on numbers; comparisons
``== != < <= > >=`` chained as in Python; ``and``, ``or``, ``not`` on true/false; parentheses;
and the functions ``min(a, b, ...)``, ``max(a, b, ...)``, ``abs(a)`` and ``if(cond, a, b)``.
Precedence is Python's: ``or < and < not < comparison < + - < * < unary minus``. The grammar
is ``grammar/expr.lark``. Text is parsed, type-checked against the scope and turned into
nested closures; nothing is ever passed to ``eval``.

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

import difflib
import enum
import operator
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple, TypeAlias

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from engine.core.errors import ExpressionError
from engine.rules.expression_errors import join_words, shorten, syntax_error
from engine.rules.resources import grammar_path

__all__ = [
    "MAX_DEPTH", "MAX_DIGITS", "MAX_LENGTH", "Binary", "BoolLit", "Call", "Compare",
    "CompiledExpression", "Expr", "IntLit", "Name", "Node", "Scope", "Type", "Unary", "Value",
    "compile_expression", "parse",
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

_KIND = {Type.INT: "a number", Type.BOOL: "true/false"}
_BOTH = {Type.INT: "numbers", Type.BOOL: "true/false"}
_PLACE = {Type.INT: "a number", Type.BOOL: "a condition (true/false)"}
# function name -> (fewest, most) arguments; None: no upper limit
_FUNCTIONS: dict[str, tuple[int, int | None]] = {"abs": (1, 1), "if": (3, 3), "max": (2, None),
                                                  "min": (2, None)}


# --- the typed syntax tree ------------------------------------------------------------------


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


# --- parsing ---------------------------------------------------------------------------------


@cache
def _parser() -> Lark:
    """The one LALR parser, built from ``grammar/expr.lark`` on first use."""
    grammar = grammar_path("expr.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="basic", propagate_positions=True)


def parse(text: str) -> Expr:
    """Parse ``text`` into a typed syntax tree; raise :class:`ExpressionError` on bad input.

    >>> parse("1 + 2 * 3")  # doctest: +ELLIPSIS
    Binary(column=1, end=10, op='+', left=IntLit(column=1, end=2, value=1), right=Binary(...))
    """
    _check_bounds(text)
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as error:
        raise syntax_error(text, error, _parser()) from None
    _check_depth(tree, text)
    return _build(tree, text)


def _check_bounds(text: str) -> None:
    """The checks that cost nothing, made before parsing: length, emptiness, parentheses."""
    if len(text) > MAX_LENGTH:
        raise ExpressionError(
            f"the expression is {len(text)} characters long; the limit is {MAX_LENGTH}",
            text=text[:MAX_LENGTH],  # only the part that fits is quoted back
            column=MAX_LENGTH + 1,
            hint="split the rule into several simpler ones",
        )
    if not text.strip(" \t\r\n"):
        raise ExpressionError("the expression is empty", text=text, column=1)
    depth = 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
            if depth > MAX_DEPTH:
                message = f"parentheses are nested more than {MAX_DEPTH} deep"
                raise ExpressionError(message, text=text, column=index + 1)
        elif char == ")":
            depth = max(0, depth - 1)


def _check_depth(tree: Tree[Token], text: str) -> None:
    """Refuse trees deeper than :data:`MAX_DEPTH`, walking iteratively (never recursing)."""
    stack = [(tree, 0)]  # (subtree, how many operators enclose it)
    while stack:
        node, depth = stack.pop()
        children = [child for child in node.children if isinstance(child, Tree)]
        if children and depth >= MAX_DEPTH:  # this operator is one level too many
            message = f"the expression is nested more than {MAX_DEPTH} levels deep"
            hint = "long chains of operators, `-` or `not` count as nesting; simplify it"
            raise ExpressionError(message, text=text, column=node.meta.start_pos + 1, hint=hint)
        stack.extend((child, depth + 1) for child in children)


def _build(tree: Tree[Token], text: str) -> Expr:
    """Turn one lark subtree into a typed node (recursion is bounded by :func:`_check_depth`)."""
    at = {"column": tree.meta.start_pos + 1, "end": tree.meta.end_pos + 1}
    subtrees = [_build(kid, text) for kid in tree.children if isinstance(kid, Tree)]
    words = [str(kid) for kid in tree.children if isinstance(kid, Token)]
    match tree.data:
        case "int_lit":
            if len(words[0]) > MAX_DIGITS:
                message = f"the number `{shorten(words[0])}` has {len(words[0])} digits"
                hint = f"numbers have at most {MAX_DIGITS} digits"
                raise ExpressionError(message, text=text, column=at["column"], hint=hint)
            return IntLit(value=int(words[0]), **at)
        case "true" | "false":
            return BoolLit(value=tree.data == "true", **at)
        case "name":
            return Name(name=words[0], **at)
        case "unary":
            return Unary(op=words[0], operand=subtrees[0], **at)
        case "binary":
            return Binary(op=words[0], left=subtrees[0], right=subtrees[1], **at)
        case "compare":
            return Compare(operands=tuple(subtrees), operators=tuple(words), **at)
        case "call":
            return Call(function=words[0], args=tuple(subtrees), **at)
    raise AssertionError(f"grammar rule {tree.data!r} makes no node")  # pragma: no cover


# --- type checking ---------------------------------------------------------------------------


def _conversion_hint(want: Type, snippet: str) -> str:
    """How to turn ``snippet`` into a value of type ``want``."""
    if want is Type.BOOL:
        return f"compare the number to get true/false, as in `{snippet} >= 1`"
    return f"turn true/false into a number with `if({snippet}, 1, 0)`"


class _Checker:
    """Works out each node's type against the scope, and records the names used."""

    def __init__(self, text: str, scope: Scope) -> None:
        self.text, self.scope = text, scope
        self.used: dict[str, Type] = {}

    def fail(self, message: str, node: Expr, hint: str = "") -> ExpressionError:
        return ExpressionError(message, text=self.text, column=node.column, hint=hint)

    def source(self, node: Expr) -> str:
        return shorten(self.text[node.column - 1 : node.end - 1])

    def require(self, node: Expr, want: Type, rule: str, got: Type | None = None) -> None:
        got = self.type_of(node) if got is None else got
        if got is not want:
            message = f"{rule}, but `{self.source(node)}` is {_KIND[got]}"
            raise self.fail(message, node, _conversion_hint(want, self.source(node)))

    def type_of(self, node: Expr) -> Type:
        match node:
            case IntLit():
                return Type.INT
            case BoolLit():
                return Type.BOOL
            case Name(name=name):
                if name not in self.scope:
                    raise self.fail(f"unknown name `{name}`", node, _name_hint(name, self.scope))
                self.used[name] = self.scope[name]
                return self.scope[name]
            case Unary(op="not", operand=operand):
                self.require(operand, Type.BOOL, "`not` needs true/false")
                return Type.BOOL
            case Unary(op=op, operand=operand):
                self.require(operand, Type.INT, f"`{op}` needs a number")
                return Type.INT
            case Binary(op=op, left=left, right=right):
                kind = Type.BOOL if op in ("and", "or") else Type.INT
                for side in (left, right):
                    self.require(side, kind, f"`{op}` needs {_BOTH[kind]} on both sides")
                return kind
            case Compare():
                self.check_chain(node)
                return Type.BOOL
            case Call():
                return self.check_call(node)
        raise AssertionError(f"unknown node {node!r}")  # pragma: no cover

    def check_chain(self, node: Compare) -> None:
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
                    f"`{self.source(left)}` is {_KIND[types[index]]} and "
                    f"`{self.source(right)}` is {_KIND[types[index + 1]]}",
                    right,
                )

    def check_call(self, node: Call) -> Type:
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
                f"{_KIND[then_type]} and `{self.source(otherwise)}` is {_KIND[otherwise_type]}",
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


# --- compiling to closures -------------------------------------------------------------------

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


@dataclass(frozen=True, slots=True)
class CompiledExpression:
    """A type-checked expression, ready to evaluate many times.

    ``names`` are the names it actually uses; :meth:`evaluate` needs exactly those.
    """

    text: str
    type: Type
    names: frozenset[str]
    _run: Evaluator = field(repr=False, compare=False)
    _name_types: tuple[tuple[str, Type], ...] = field(repr=False, compare=False)

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
                raise TypeError(f"`{name}` must be {_KIND[kind]} in `{self.text}`: {value!r}")
        return self._run(env)


def compile_expression(
    text: str | int | bool, scope: Scope, *, expected: Type
) -> CompiledExpression:
    """Parse, type-check against ``scope`` and compile ``text``, which must be of ``expected``.

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
    checker = _Checker(source, scope)
    got = checker.type_of(tree)
    if got is not expected:
        raise ExpressionError(
            f"this place needs {_PLACE[expected]}, but the expression is {_PLACE[got]}",
            text=source,
            column=tree.column,
            hint=_conversion_hint(expected, shorten(source.strip(" \t\r\n"), 40)),
        )
    return CompiledExpression(
        text=source,
        type=got,
        names=frozenset(checker.used),
        _run=_compile(tree).run,
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
