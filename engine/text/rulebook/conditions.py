"""Scoring expressions in words: conditions (``3 <= makers.tricks <= 4``) and awards
(``if(is_alone, 4, 2)``), read from the typed syntax tree that each compiled expression keeps
(:attr:`~engine.rules.expressions.CompiledExpression.tree`), walked by visitors of
:class:`~engine.rules.expressions.ExprVisitor`: the text is never parsed again here.

Where a construct has no plain wording here the functions return ``None`` and the caller
quotes the expression as written.

>>> from engine.rules.expressions import Type, compile_expression
>>> scope = {"makers.tricks": Type.INT, "alone": Type.BOOL, "defender_alone": Type.BOOL,
...          "bid": Type.INT}
>>> def said(text: str, kind: Type = Type.BOOL) -> CompiledExpression:
...     return compile_expression(text, scope, expected=kind)
>>> words = Vocabulary.for_scoring(kind="teams", hand_size=5)
>>> condition_words(said("3 <= makers.tricks <= 4 and not alone"), words)
'the makers take 3 or 4 tricks and the maker does not play alone'
>>> text = condition_words(
...     said("makers.tricks <= 2 and not (defender_alone and makers.tricks == 0)"), words)
>>> for part in text.split(" and "): print(part)
the makers take 2 tricks or fewer
either no defender plays alone or the makers take at least 1 trick
>>> value_words(said("-2 * bid", Type.INT), words), value_words(said("bid * -3", Type.INT), words)
([('', '-twice the bid')], [('', '-3 times the bid')])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from engine.rules.expression_errors import join_words
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
from engine.text.rulebook.words import Party, party, tricks

__all__ = ["Vocabulary", "condition_words", "value_words"]

_MIRROR = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
_NEGATE = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}
_COMPARE_WORDS = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most",
                  ">": "is more than", ">=": "is at least"}
_AGAINST_BID = {">=": "at least as many tricks as the bid", "<": "fewer tricks than the bid",
                "==": "exactly as many tricks as the bid", "<=": "no more tricks than the bid",
                ">": "more tricks than the bid", "!=": "not exactly as many tricks as the bid"}


class _Unsaid(Exception):
    """A construct this module cannot put in words."""


_R = TypeVar("_R")


@dataclass(frozen=True, slots=True, kw_only=True)
class Vocabulary:
    """What the names of one place in a variant file mean, in words.

    ``counts`` maps a number of tricks (``makers.tricks``) to the party that took them;
    ``flags`` maps a true/false name to its (true, false) sentences; ``values`` maps other
    numbers (``bid``) to a noun phrase."""

    hand_size: int
    counts: Mapping[str, Party] = field(default_factory=dict)
    flags: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    values: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def for_scoring(cls, *, kind: str, hand_size: int,
                    special_bids: Sequence[tuple[str, str]] = (),
                    receiver: Party | None = None,
                    tricks_of: Party | None = None) -> Vocabulary:
        """The names of a scoring row (``special_bids``: each bid's name and label; ``receiver``
        is the party an award goes to, for ``is_alone``; ``tricks_of`` the side whose tricks
        ``tricks`` counts, the receiver's own by default)."""
        makers = party(kind=kind, makers=True)
        defenders = Party(subject="the defenders", plural=True, pronoun="they")
        bidder = makers if kind == "teams" else Party(subject="the bidder", plural=False,
                                                      pronoun="he")
        counts = {"makers.tricks": makers, "defenders.tricks": defenders,
                  "bidder.tricks": bidder}
        flags = {"alone": ("the maker plays alone", "the maker does not play alone"),
                 "defender_alone": ("a defender plays alone", "no defender plays alone"),
                 "no_maker": ("nobody made trump", "someone made trump")}
        for name, label in special_bids:
            flags[name] = (f'the bid is "{label}"', f'the bid is not "{label}"')
        if receiver is not None:
            counts["tricks"] = tricks_of or receiver
            who = receiver.pronoun
            flags["is_alone"] = (f"{who} plays alone", f"{who} does not play alone")
            flags["out"] = (f"{who} sat the hand out", f"{who} played the hand")
        return cls(hand_size=hand_size, counts=counts, flags=flags, values={"bid": "the bid"})


def condition_words(expression: CompiledExpression, words: Vocabulary) -> str | None:
    """A condition in words, or ``None`` when some part of it has no plain wording."""
    try:
        return _condition(expression.tree, words, negate=False)[0]
    except _Unsaid:
        return None


def value_words(expression: CompiledExpression, words: Vocabulary
                ) -> list[tuple[str, int | str]] | None:
    """A number expression as cases: ``[(condition in words or "", value)]`` where a value is
    an int, ``"tricks"`` (the receiving side's tricks) or a noun phrase (``"the bid"``), a
    leading ``-`` meaning the points are lost."""
    try:
        return _Cases(words, []).visit(expression.tree)
    except _Unsaid:
        return None


class _Words(ExprVisitor[_R]):
    """A walk that puts a tree in words; a construct without words raises :class:`_Unsaid`."""

    __slots__ = ("words",)

    def __init__(self, words: Vocabulary) -> None:
        self.words = words

    def other(self, node: Expr) -> _R:
        raise _Unsaid


# -- conditions --------------------------------------------------------------------------------

_Said = tuple[str, str]
"""A phrase and its shape: ``atom``, ``and`` or ``or`` (to group nested connectives)."""


def _condition(node: Expr, words: Vocabulary, *, negate: bool) -> _Said:
    return _Condition(words, negate=negate).visit(node)


class _Condition(_Words[_Said]):
    """A condition (or, with ``negate``, its opposite) as a phrase and its shape."""

    __slots__ = ("negate",)

    def __init__(self, words: Vocabulary, *, negate: bool) -> None:
        super().__init__(words)
        self.negate = negate

    def bool_lit(self, node: BoolLit) -> _Said:
        return ("in every case" if node.value != self.negate else "never", "atom")

    def name(self, node: Name) -> _Said:
        if node.name not in self.words.flags:
            raise _Unsaid
        yes, no = self.words.flags[node.name]
        return (no if self.negate else yes, "atom")

    def unary(self, node: Unary) -> _Said:
        if node.op != "not":
            raise _Unsaid
        return _condition(node.operand, self.words, negate=not self.negate)

    def binary(self, node: Binary) -> _Said:
        if node.op not in ("and", "or"):
            raise _Unsaid
        said = {"and": "or", "or": "and"}[node.op] if self.negate else node.op
        parts = [_grouped(self.visit(side), said) for side in (node.left, node.right)]
        return (f" {said} ".join(parts), said)

    def compare(self, node: Compare) -> _Said:
        return _compare(node.operands, node.operators, self.words, negate=self.negate)


def _grouped(said: _Said, within: str) -> str:
    text, shape = said
    if shape in ("atom", within):
        return text
    return f"either {text}" if shape == "or" else f"both {text}"


def _compare(operands: tuple[Expr, ...], operators: tuple[str, ...], words: Vocabulary, *,
             negate: bool) -> _Said:
    if not negate and len(operators) == 2:
        ranged = _range(operands, operators, words)
        if ranged is not None:
            return (ranged, "atom")
    links = [(operands[i], _NEGATE[op] if negate else op, operands[i + 1])
             for i, op in enumerate(operators)]
    phrases = [_link(left, op, right, words) for left, op, right in links]
    joiner = "or" if negate else "and"
    return (f" {joiner} ".join(phrases), "atom" if len(phrases) == 1 else joiner)


def _range(operands: tuple[Expr, ...], operators: tuple[str, ...], words: Vocabulary
           ) -> str | None:
    """``a <= x <= b`` (or ``b >= x >= a``) on a count of tricks."""
    low, middle, high = operands
    if set(operators) <= {">", ">="}:
        low, high = high, low
        operators = tuple(_MIRROR[op] for op in reversed(operators))
    if not (isinstance(low, IntLit) and isinstance(high, IntLit) and isinstance(middle, Name)
            and middle.name in words.counts and set(operators) <= {"<", "<="}):
        return None
    first = low.value + (operators[0] == "<")
    last = high.value - (operators[1] == "<")
    who = words.counts[middle.name]
    take = f"{who.subject} {who.verb('take', 'takes')}"
    if first == last:
        return f"{take} {tricks(first)}"
    between = "or" if last == first + 1 else "to"
    return f"{take} {first} {between} {last} tricks"


def _link(left: Expr, op: str, right: Expr, words: Vocabulary) -> str:
    if isinstance(left, IntLit) and isinstance(right, Name):
        left, op, right = right, _MIRROR[op], left
    if isinstance(left, Name) and left.name in words.counts:
        who = words.counts[left.name]
        take = f"{who.subject} {who.verb('take', 'takes')}"
        if isinstance(right, IntLit):
            return f"{take} {_how_many(op, right.value, words.hand_size)}"
        if isinstance(right, Name) and right.name == "bid":
            return f"{take} {_AGAINST_BID[op]}"
    return f"{_noun(left, words)} {_COMPARE_WORDS[op]} {_noun(right, words)}"


def _how_many(op: str, n: int, hand_size: int) -> str:
    if op == "==":
        return f"all {n} tricks" if n == hand_size else tricks(n)
    if op == "!=":
        return "at least 1 trick" if n == 0 else f"other than {tricks(n)}"
    return {"<=": f"{tricks(n)} or fewer", "<": f"fewer than {tricks(n)}",
            ">=": f"at least {tricks(n)}", ">": f"more than {tricks(n)}"}[op]


def _noun(node: Expr, words: Vocabulary) -> str:
    """A number as a noun phrase."""
    return _Noun(words).visit(node)


class _Noun(_Words[str]):
    """A number as a noun phrase."""

    __slots__ = ()

    def int_lit(self, node: IntLit) -> str:
        return str(node.value)

    def name(self, node: Name) -> str:
        if node.name in self.words.values:
            return self.words.values[node.name]
        if node.name in self.words.counts:
            who = self.words.counts[node.name]
            return f"the number of tricks {who.subject} took"
        raise _Unsaid

    def unary(self, node: Unary) -> str:
        if node.op != "-":
            raise _Unsaid
        return f"minus {self.visit(node.operand)}"

    def binary(self, node: Binary) -> str:
        match node:
            case Binary(op="*", left=IntLit(value=n), right=other) | Binary(
                    op="*", left=other, right=IntLit(value=n)) if n >= 0 and not isinstance(
                        other, IntLit):
                return f"{'twice' if n == 2 else f'{n} times'} {self.visit(other)}"
            case Binary(op="+" | "-" | "*" as op, left=left, right=right):
                word = {"+": "plus", "-": "minus", "*": "times"}[op]
                return f"{self.visit(left)} {word} {self.visit(right)}"
        raise _Unsaid

    def call(self, node: Call) -> str:
        match node:
            case Call(function="min" | "max" as function, args=args):
                which = "smaller" if function == "min" else "larger"
                return f"the {which} of {join_words([self.visit(arg) for arg in args], 'and')}"
            case Call(function="abs", args=(arg,)):
                return f"the size of {self.visit(arg)}"
        raise _Unsaid


# -- values by case ----------------------------------------------------------------------------


class _Cases(_Words[list[tuple[str, int | str]]]):
    """Nested ``if`` flattened into cases; each case's condition is its ``path`` of tests."""

    __slots__ = ("path",)

    def __init__(self, words: Vocabulary, path: list[str]) -> None:
        super().__init__(words)
        self.path = path

    def other(self, node: Expr) -> list[tuple[str, int | str]]:
        return [(" and ".join(self.path), _value(node, self.words))]

    def call(self, node: Call) -> list[tuple[str, int | str]]:
        if node.function != "if":
            return self.other(node)
        test, then, otherwise = node.args
        yes = _condition(test, self.words, negate=False)[0]
        no = _condition(test, self.words, negate=True)[0]
        return [*_Cases(self.words, [*self.path, yes]).visit(then),
                *_Cases(self.words, [*self.path, no]).visit(otherwise)]


def _magnitude(node: Expr) -> tuple[bool, Expr]:
    """Whether a product is negative, and the product without its minus signs: ``-2 * bid``
    is minus ``2 * bid`` (points lost), not a noun with "minus" in it."""
    match node:
        case Unary(op="-", operand=operand):
            negative, size = _magnitude(operand)
            return not negative, size
        case Binary(op="*", left=left, right=right):
            left_negative, left_size = _magnitude(left)
            right_negative, right_size = _magnitude(right)
            return left_negative != right_negative, Binary(
                column=node.column, end=node.end, op="*", left=left_size, right=right_size)
        case Binary(op="-", left=left, right=right):  # -bid - 2 is minus (bid + 2)
            left_negative, left_size = _magnitude(left)
            if left_negative:
                return True, Binary(column=node.column, end=node.end, op="+", left=left_size,
                                    right=right)
    return False, node


def _value(node: Expr, words: Vocabulary) -> int | str:
    negative, size = _magnitude(node)
    if isinstance(size, IntLit):
        return -size.value if negative else size.value
    if negative:
        return f"-{_noun(size, words)}"
    if isinstance(size, Name) and size.name == "tricks" and "tricks" in words.counts:
        return "tricks"
    return _noun(size, words)
