"""How ``euchre play`` writes its lines: plain text, or coloured with `rich`_ at a terminal.

Colour is on when the output is a terminal (not ``TERM=dumb``), or when the environment sets
``FORCE_COLOR`` (to anything but an empty string), and never when it sets ``NO_COLOR``
(https://no-color.org).
Coloured, hearts and diamonds are red, the human's seat (``South (you)``, ``Your hand``,
``You win``, the prompt) is highlighted, hand headers are bold and the card winning the trick
in progress is underlined; the words are the same as without colour. Without colour every
line is written exactly as given, so transcripts and tests read plain text.

The narration stays plain: colour is laid over finished lines by pattern here, never inside
the text layer. Lines have already been made printable (:func:`engine.core.printable.printable`),
and rich is given them as plain text (no markup), so nothing in a variant's names can style or
move the terminal.

.. _rich: https://github.com/Textualize/rich

>>> import io
>>> out = io.StringIO()
>>> Styler(out, "South", colour=False).line("South (you) plays 10♥")
>>> out.getvalue()
'South (you) plays 10♥\\n'
>>> out = io.StringIO()
>>> Styler(out, "South", colour=True).line("North plays K♥")
>>> "\\x1b[" in out.getvalue() and "K♥" in out.getvalue()
True
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import TextIO

from rich.console import Console
from rich.text import Text

__all__ = ["Styler", "colour_wanted"]

_RED_CARDS = re.compile(r"(?:10|[2-9JQKAT])?[♥♦]")
_HEADER = re.compile(r"^-- Hand .* --$|^Hand \d+ summary:.*$")
_WINNING = re.compile(r"\S+ \(winning\)|winning the trick so far|\S+ wins so far")
_BLACK_CARDS = re.compile(r"(?:10|[2-9JQKAT])[♣♠]|Jkr")
_HINT = re.compile(r"^Hint: .*$")


def colour_wanted(out: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """Whether to colour ``out``: ``NO_COLOR`` set (not empty) says no, ``FORCE_COLOR`` set
    says yes, else only at a terminal that is not ``TERM=dumb``.

    >>> import io
    >>> colour_wanted(io.StringIO(), {}), colour_wanted(io.StringIO(), {"FORCE_COLOR": "1"})
    (False, True)
    >>> colour_wanted(io.StringIO(), {"FORCE_COLOR": "1", "NO_COLOR": "1"})
    False
    """
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    return is_terminal(out) and env.get("TERM") != "dumb"


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (a stream without ``isatty``, or closed, is not)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Styler:
    """Writes lines to ``out``: plain, or (``colour``) with the styles of the module doc; the
    human sits at the seat named ``you``."""

    def __init__(self, out: TextIO, you: str, *, colour: bool) -> None:
        self.out = out
        self.colour = colour
        self._you = re.compile(rf"\b{re.escape(you)} \(you\)|\bYou(?:r hand)?\b|"
                               rf"^{re.escape(you)}> ")
        self._console = Console(file=out, force_terminal=True, color_system="standard",
                                highlight=False, markup=False, emoji=False, soft_wrap=True,
                                no_color=False) if colour else None

    def line(self, text: str, *, end: str = "\n") -> None:
        """Write ``text`` (already printable) and ``end``; flush when ``end`` is empty (a
        prompt waiting for its answer)."""
        if self._console is None:
            print(text, end=end, file=self.out, flush=not end)
            return
        styled = Text(text)
        styled.highlight_regex(_HEADER, "bold")
        styled.highlight_regex(_HINT, "italic")
        styled.highlight_regex(_BLACK_CARDS, "bold")
        styled.highlight_regex(_RED_CARDS, "bold red")
        styled.highlight_regex(_WINNING, "underline")
        styled.highlight_regex(self._you, "bold reverse")
        self._console.print(styled, end=end)
        if not end:
            self.out.flush()
