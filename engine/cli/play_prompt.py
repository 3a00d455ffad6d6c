"""The human's side of ``euchre play``: reading an answer at the prompt, and saying the bots'
quiet moves in one line.

:class:`Prompt` reads one checked line at a time: at a terminal through :func:`input`, with
line editing and history where Python has :mod:`readline` (the Up arrow brings back the last
answer instead of printing ``^[[A``); from a pipe or a file with a bounded ``readline``, each
answer echoed so that a transcript reads well. Over-long lines and control characters are
refused with a sentence, never read whole.

:class:`QuietLines` gathers the bots' moves that change nothing anyone sees (a pass, a card
discarded face down) while no other line comes between them: ``West, North and East do not
go alone``, ``C discards 6 cards`` instead of one line each.
"""

from __future__ import annotations

import contextlib
import sys
import unicodedata
from dataclasses import dataclass, field
from typing import TextIO

from engine.cli.play_style import Styler, is_terminal
from engine.mechanics.wording import agreeing, counted
from engine.text.narrate_words import imperative

__all__ = ["MAX_LINE", "Prompt", "QuietLines", "Quit"]

MAX_LINE = 200
"""Longer input lines are refused unread: no answer needs more than a few characters."""


class Quit(Exception):
    """The human left the game (quit, end of input or Ctrl-C); ``message`` says how."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _line_editing(inp: TextIO, out: TextIO) -> bool:
    """Whether answers are read with :func:`input` and :mod:`readline`: the process's own
    terminal on both sides, and a Python built with readline."""
    if inp is not sys.stdin or out is not sys.stdout or not (is_terminal(inp)
                                                             and is_terminal(out)):
        return False
    with contextlib.suppress(ImportError):  # without it (some builds) input() still works
        import readline  # noqa: F401, PLC0415 - imported for its effect on input()
    return True


@dataclass
class Prompt:
    """Reads the answers of the human called ``name`` from ``inp``; the prompt and the
    messages go through ``styler``."""

    inp: TextIO
    out: TextIO
    styler: Styler
    name: str
    editing: bool = field(init=False)

    def __post_init__(self) -> None:
        self.editing = _line_editing(self.inp, self.out)

    def say(self, text: str) -> None:
        self.styler.line(text)

    def read(self) -> str | None:
        """One line from the input, checked; ``None`` when the prompt should be repeated.
        Raises :class:`Quit` at the end of the input."""
        prompt = f"{self.name}> "
        if self.editing:
            try:
                text = input(prompt)  # readline: editing and history; colour left out, as
            except EOFError:          # readline counts the prompt's width
                raise Quit("\nEnd of input: you left the game.") from None
            raw = text + "\n"
        else:
            self.styler.line(prompt, end="")
            raw = self.inp.readline(MAX_LINE + 2)
            if not raw:
                raise Quit("\nEnd of input: you left the game.")
            text = raw.rstrip("\r\n")
            if not is_terminal(self.inp):  # echo piped answers, so transcripts read well
                print("".join(ch if ch.isprintable() else "?" for ch in text[:MAX_LINE]),
                      file=self.out)
        if len(text) > MAX_LINE:
            if not self.editing:
                self._skip_rest(raw)
            self.say(f"That line is longer than {MAX_LINE} characters; answers are short, "
                     "e.g. 1, pass or JH.")
            return None
        if any(unicodedata.category(ch).startswith("C") for ch in text):
            self.say("Control characters are not accepted; type plain text, e.g. 1 or JH.")
            return None
        return text.strip() or None

    def _skip_rest(self, start: str) -> None:
        """Read and drop the rest of an over-long line, a bounded piece at a time."""
        chunk = start
        while chunk and not chunk.endswith("\n"):
            chunk = self.inp.readline(4096)


@dataclass
class QuietLines:
    """The bots' quiet moves not said yet, in order: (who, what he does, in the third
    person: ``West``, ``does not go alone``)."""

    moves: list[tuple[str, str]] = field(default_factory=list)

    def add(self, who: str, does: str) -> None:
        self.moves.append((who, does))

    def same(self, does: str) -> bool:
        """Whether a move ``does`` would join the last line gathered."""
        return bool(self.moves) and self.moves[-1][1] == does

    def flush(self) -> list[str]:
        """The lines of the moves gathered (one a run of the same move), and forget them.

        >>> quiet = QuietLines()
        >>> for who in ("West", "North", "East"):
        ...     quiet.add(who, "does not go alone")
        >>> for _ in range(6):
        ...     quiet.add("C", "discards")
        >>> quiet.flush()
        ['West, North and East do not go alone', 'C discards 6 cards']
        """
        lines = []
        runs: list[tuple[str, list[str]]] = []
        for who, does in self.moves:
            if runs and runs[-1][0] == does:
                runs[-1][1].append(who)
            else:
                runs.append((does, [who]))
        for does, seats in runs:
            if len(set(seats)) == 1 and len(seats) > 1:
                times = counted(len(seats), "card") if does == "discards" else \
                    f"({len(seats)} times)"
                lines.append(f"{seats[0]} {does} {times}")
            else:
                lines.append(agreeing(list(dict.fromkeys(seats)), does, imperative(does)))
        self.moves.clear()
        return lines
