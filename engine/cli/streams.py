"""Output streams that never fail on a character: an ASCII locale gets letters for the suits.

With ``LC_ALL=C`` (and Python's UTF-8 mode off) standard output is ASCII, and printing ``9♠``
would end the command with a traceback. :func:`fit_output_streams` makes each output stream
write what its encoding cannot hold in plain letters instead: a suit symbol becomes the
letter a player may also type (``9♠`` is shown ``9S``, and ``9S`` is an answer the table
takes), a dash ``-``, an accented letter its base letter (``é`` is ``e``), and anything else a
backslash escape (as a path holding bytes that are not UTF-8 is shown). A UTF-8 stream writes
every symbol as before; only what it cannot encode (those lone surrogates) is escaped.

>>> import io
>>> raw = io.BytesIO()
>>> out = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
>>> fit_output_stream(out)
>>> _ = out.write("J♥ J♦  9♣ 10♠ — café ±1 … 中")
>>> out.flush()
>>> raw.getvalue()
b'JH JD  9C 10S - cafe +/-1 ... \\\\u4e2d'
"""

from __future__ import annotations

import codecs
import io
import sys
import unicodedata

from engine.core.cards import SUIT_NAMES, SUIT_SYMBOLS

__all__ = ["FALLBACK", "fit_output_stream", "fit_output_streams"]

FALLBACK = "euchrekit-plain"
"""The name of the codec error handler that writes what an encoding lacks in plain letters."""

_PLAIN = {
    **dict(zip(SUIT_SYMBOLS, SUIT_NAMES, strict=True)),
    **dict(zip("♧♢♡♤", SUIT_NAMES, strict=True)),  # the white suits, as play_answers reads them
    # dashes (em, en, minus), quotation marks, the ellipsis, the middle dot, signs, arrows
    "\u2014": "-", "\u2013": "-", "\u2212": "-", "\u2018": "'", "\u2019": "'",
    "\u201c": '"', "\u201d": '"', "\u2026": "...", "\u00b7": ".", "\u00b1": "+/-",
    "\u00d7": "x", "\u2192": "->", "\u2190": "<-",
}


def _plain(char: str) -> str:
    """``char`` in ASCII: its plain form, its letters without accents, else an escape."""
    if char in _PLAIN:
        return _PLAIN[char]
    letters = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    if letters.isprintable() and letters:
        return letters
    return char.encode("ascii", "backslashreplace").decode()


def _fallback(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start:error.end]
    return "".join(_plain(char) for char in text), error.end


codecs.register_error(FALLBACK, _fallback)


def fit_output_stream(stream: object) -> None:
    """Make ``stream`` (a real text stream; anything else is left alone) write what its
    encoding cannot hold in plain letters rather than fail, unless its error handling was
    chosen to be lenient already (``PYTHONIOENCODING=ascii:replace``)."""
    if isinstance(stream, io.TextIOWrapper) and stream.errors in ("strict", "surrogateescape"):
        stream.reconfigure(errors=FALLBACK)


def fit_output_streams() -> None:
    """:func:`fit_output_stream` for standard output and standard error."""
    fit_output_stream(sys.stdout)
    fit_output_stream(sys.stderr)
