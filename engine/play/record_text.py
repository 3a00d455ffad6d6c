r"""How a game record's values are quoted in messages (cut short, never an escape sequence on
the terminal), and how deep its JSON nests, walked without recursion.

>>> print(shown("North\x1b[2J"))
'North\x1b[2J'
>>> nests_within({"a": [[1]]}, 3), nests_within({"a": [[1]]}, 2)  # an object, a list, a list
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterator

__all__ = ["cut", "nests_within", "quote", "shown"]


def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def quote(value: object, limit: int = 60) -> str:
    """A value from the record as a message quotes it: its repr, cut short (a record may hold
    megabytes)."""
    return cut(repr(value), limit)


def shown(text: str, limit: int = 60) -> str:
    """Text from the record as a message shows it: bare when printable, else as a repr (no
    escape sequences reach the terminal); cut short."""
    return cut(text if text.isprintable() else repr(text), limit)


def nests_within(value: object, limit: int) -> bool:
    """Whether lists and objects in ``value`` nest at most ``limit`` deep; walked with one
    iterator per level, so neither recursion nor memory grows with the size of the data."""
    stack: list[Iterator[object]] = [iter([value])]
    while stack:
        for node in stack[-1]:
            if isinstance(node, dict | list):
                if len(stack) > limit:
                    return False
                stack.append(iter(node.values() if isinstance(node, dict) else node))
                break
        else:
            stack.pop()
    return True
