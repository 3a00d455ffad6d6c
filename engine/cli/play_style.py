"""How ``euchre play`` writes its lines: plain text, or coloured with `rich`_ at a terminal.

Colour is on when the output is a terminal (not ``TERM=dumb``), or when the environment sets
``FORCE_COLOR`` (to anything but an empty string), and never when it sets ``NO_COLOR``
(https://no-color.org).
Coloured, hearts and diamonds are red, the human's seat (``South (you)``, ``Your hand``,
``You win``, the prompt) is highlighted, hand headers and summaries are bold and the card
winning the trick in progress is underlined; the words are the same as without colour. Without
colour every line is written exactly as given, so transcripts and tests read plain text.

The narration stays plain, and what to colour comes from the facts behind a line, not from
patterns: the table passes :class:`Marks` with each line (the cards its events and the
human's view show, the card winning the trick, whether the line heads a hand), and the cards
are found in the line as the narration writes them (``C.pretty``). Lines have already been
made printable (:func:`engine.core.printable.printable`), and rich is given them as plain text
(no markup), so nothing in a variant's names can style or move the terminal.

.. _rich: https://github.com/Textualize/rich

>>> import io
>>> from engine.core import cards as C
>>> out = io.StringIO()
>>> Styler(out, "South", colour=False).line("South (you) plays 10♥")
>>> out.getvalue()
'South (you) plays 10♥\\n'
>>> out = io.StringIO()
>>> Styler(out, "South", colour=True).line("North plays K♥", Marks(cards=C.mask_of(["KH"])))
>>> "\\x1b[" in out.getvalue() and "K♥" in out.getvalue()
True
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TextIO

from rich.console import Console
from rich.text import Text

from engine.core import cards as C

__all__ = ["PLAIN", "Marks", "Styler", "colour_wanted"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Marks:
    """What a line is about, from the events and the view behind it: the ``cards`` it may
    name (a mask: the cards the human may see), the card ``winning`` the trick in progress
    (-1: none), whether it is a ``heading`` (a hand's header or summary) or a ``hint``."""

    cards: int = 0
    winning: int = -1
    heading: bool = False
    hint: bool = False


PLAIN = Marks()


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
        self._you = (f"{you} (you)", "Your hand", "You")
        self._prompt = f"{you}> "
        self._console = Console(file=out, force_terminal=True, color_system="standard",
                                highlight=False, markup=False, emoji=False, soft_wrap=True,
                                no_color=False) if colour else None

    def line(self, text: str, marks: Marks = PLAIN, *, end: str = "\n") -> None:
        """Write ``text`` (already printable) and ``end``; flush when ``end`` is empty (a
        prompt waiting for its answer)."""
        if self._console is None:
            print(text, end=end, file=self.out, flush=not end)
            return
        styled = Text(text)
        if marks.heading:
            styled.stylize("bold")
        if marks.hint:
            styled.stylize("italic")
        for card in C.cards_of(marks.cards):
            red = C.suit_of(card) in (C.HEARTS, C.DIAMONDS)
            for start, stop in _found(text, C.pretty(card)):
                styled.stylize("bold red" if red else "bold", start, stop)
                if card == marks.winning:
                    styled.stylize("underline", start, stop)
        for words in self._you:
            for start, stop in _found(text, words):
                styled.stylize("bold reverse", start, stop)
        if text.startswith(self._prompt):
            styled.stylize("bold reverse", 0, len(self._prompt))
        self._console.print(styled, end=end)
        if not end:
            self.out.flush()


def _found(text: str, words: str) -> Iterator[tuple[int, int]]:
    """Where ``words`` stand in ``text`` as whole words (a card's ``J♥`` not inside another)."""
    start = text.find(words)
    while start >= 0:
        stop = start + len(words)
        before = text[start - 1] if start else " "
        if not (before.isalnum() or (stop < len(text) and text[stop].isalnum())):
            yield start, stop
        start = text.find(words, stop)
