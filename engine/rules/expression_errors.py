"""Syntax errors in the expression language, said in plain words.

lark reports what it found; this module adds what could have been written there (asked of a
fresh interactive parser, since LALR's merged states blur lark's own lists) and a hint for the
usual slips (``=`` for ``==``, ``&`` for ``and``, capitals).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.core.errors import ExpressionError

if TYPE_CHECKING:  # lark is imported when an expression is parsed by it (expressions_parse)
    from lark import Lark
    from lark.exceptions import UnexpectedInput

__all__ = ["join_words", "shorten", "syntax_error"]

_OPERAND_WORDS = {
    "INT": "a number", "NAME": "a name", "TRUE": "`true`", "FALSE": "`false`", "LPAR": "`(`",
    "MINUS": "`-`", "NOT": "`not`",
}
_OPERATOR_WORDS = {
    "PLUS": "`+`", "MINUS": "`-`", "STAR": "`*`", "COMP_OP": "a comparison", "AND": "`and`",
    "OR": "`or`",
}
_CLOSER_WORDS = {"COMMA": "`,`", "RPAR": "`)`", "LSQB": "`[`", "RSQB": "`]`",
                 "$END": "the end of the expression"}
_CARD_SET_WORDS = "a set of cards (`trump`, `rank in [9, T]`, `suit in [H]`, `JH`, `JOKER`)"
_CHARACTER_HINTS = {
    "=": "to compare, write `==`",
    "!": "write `not`, or `!=` to compare",
    "&": "write `and`",
    "|": "write `or`",
    ".": "a dot only joins the parts of a name, as in `makers.tricks`; numbers are whole",
}


def syntax_error(text: str, error: UnexpectedInput, parser: Lark) -> ExpressionError:
    """Say what was found where, and what could have been written there instead."""
    from lark.exceptions import (  # noqa: PLC0415 - lark is loaded already: it raised `error`
        UnexpectedCharacters,
        UnexpectedToken,
    )

    hint = ""
    if isinstance(error, UnexpectedToken) and error.token.type != "$END":
        token = error.token
        position = token.start_pos or 0
        kind = {"INT": "number ", "NAME": "name "}.get(token.type, "")
        found = f"{kind}`{shorten(str(token))}`"
        before = text[:position]
        if token.type == "RPAR" and before.count("(") <= before.count(")"):
            hint = "this `)` has no matching `(`"
        if token.type == "CARD_WORD":
            hint = ("names and keywords are written in lower case; upper case words (ranks, "
                    "suits, cards) go inside `count(hand, ...)` and `holds(hand, ...)`")
    elif isinstance(error, UnexpectedCharacters):
        position = error.pos_in_stream or 0
        char = text[position]
        found = f"character `{char}`" if char.isprintable() and char != "`" else f"{char!r}"
        hint = _CHARACTER_HINTS.get(char, "")
        if char.isupper():
            hint = "names and keywords are written in lower case"
    else:  # the text ended too early
        position, found = len(text), "end of the expression"
        if text.count("(") > text.count(")"):
            hint = "a `(` is not closed"
    message = f"unexpected {found}"
    expected = _expected_after(parser, text[:position])
    if expected:
        message += f"; expected {_expected_words(expected)}"
    return ExpressionError(message, text=text, column=position + 1, hint=hint)


def _expected_after(parser: Lark, prefix: str) -> set[str]:
    """The terminals that may follow ``prefix``, asked of a fresh parser: the sets in lark's
    errors are blurred by LALR's merged states and by reductions made on the bad token."""
    from lark.exceptions import LarkError  # noqa: PLC0415 - lark is loaded already

    try:
        interactive = parser.parse_interactive(prefix)
        interactive.exhaust_lexer()
        # lark leaves accepts() unannotated
        accepted: set[str] = interactive.accepts()  # type: ignore[no-untyped-call]
        return accepted
    except LarkError:  # pragma: no cover - the prefix parsed once already
        return set()


def _expected_words(expected: set[str]) -> str:
    if "CARD_WORD" in expected:  # inside `count(hand, ...)`: a set, or a rank or suit word
        item = "a rank or suit (`9`, `T`, `H`)" if "INT" in expected else _CARD_SET_WORDS
        return join_words([item])
    if "INT" in expected:  # a value must come here, so `-` is unary minus
        items = [word for name, word in _OPERAND_WORDS.items() if name in expected]
    else:
        operators = [word for name, word in _OPERATOR_WORDS.items() if name in expected]
        items = [f"an operator ({join_words(operators)})"] if operators else []
    return join_words(items + [word for name, word in _CLOSER_WORDS.items() if name in expected])


def join_words(words: Sequence[str], word: str = "or") -> str:
    """``a``, ``a or b``, ``a, b or c`` (``word`` joins the last two; nothing for no words).

    >>> join_words(["a"]), join_words(["a", "b"]), join_words(["a", "b", "c"], "and")
    ('a', 'a or b', 'a, b and c')
    """
    if not words:
        return ""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {word} {words[-1]}"


def shorten(text: str, limit: int = 30) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut.

    >>> shorten("makers.tricks >= 3"), shorten("makers.tricks >= 3", limit=8)
    ('makers.tricks >= 3', 'makers.…')
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"
