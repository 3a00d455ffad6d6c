"""A progress bar with the time left, on stderr, for runs longer than a second."""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["ProgressBar"]


class ProgressBar:
    """Call the bar with the number of games just finished; ``close()`` at the end.

    Nothing is drawn when ``enabled`` is false, when there is no stream (stderr closed) or it
    is not a terminal, or during the first second (short runs stay quiet). A stream that
    fails to take the bar turns it off: the bar never stops a run."""

    def __init__(self, total: int, *, enabled: bool = True, stream: TextIO | None = None,
                 label: str = "games") -> None:
        self.total = max(1, total)
        self.done = 0
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled and _is_terminal(self.stream)
        self.started = time.monotonic()
        self.last_draw = 0.0
        self.drawn = False

    def __call__(self, count: int) -> None:
        self.done += count
        if not self.enabled:
            return
        now = time.monotonic()
        elapsed = now - self.started
        if elapsed < 1.0 or now - self.last_draw < 0.1:
            return
        self.last_draw = now
        fraction = min(1.0, self.done / self.total)
        left = elapsed / fraction - elapsed if fraction > 0 else 0.0
        bar = "#" * int(30 * fraction)
        self._draw(f"\r[{bar:<30}] {100 * fraction:5.1f}% {self.done:,}/{self.total:,} "
                   f"{self.label}, {left:5.0f}s left ")
        self.drawn = self.enabled

    def close(self) -> None:
        """Erase the bar."""
        if self.drawn:
            self._draw("\r" + " " * 79 + "\r")

    def _draw(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # the terminal went away: run on without a bar
            self.enabled = False


def _is_terminal(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):  # a closed stream
        return False
