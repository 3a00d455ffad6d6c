"""Make user-supplied text safe to print on a terminal.

Any string that came from a user's file (a variant's description, an unknown key, an
``extends:`` name, a record's ``variant.name``) or from a prompt may hold escape sequences,
NUL bytes or bidirectional overrides (U+202E) that would repaint or reorder the terminal.
Every such string is passed through :func:`printable` before it is shown.

>>> printable("plain text, suits ♠♥ and accents é")
'plain text, suits ♠♥ and accents é'
>>> printable("\\x1b[2Jgone")
'\\\\x1b[2Jgone'
>>> printable("abc\\u202edef")
'abc\\\\u202edef'
>>> printable("tab\\there")
'tab\\\\there'
"""

from __future__ import annotations

import unicodedata

__all__ = ["printable"]


def _escape(char: str) -> str:
    code = ord(char)
    if code == 0x09:
        return "\\t"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every control, format (bidi), surrogate, private-use or unassigned
    character replaced by a visible backslash escape; ``keep_newlines`` keeps ``\\n``."""
    if text.isprintable():
        return text
    out: list[str] = []
    for char in text:
        shown = (char == "\n" and keep_newlines) or (
            char.isprintable() and not unicodedata.category(char).startswith("C")
        )
        out.append(char if shown else _escape(char))
    return "".join(out)
