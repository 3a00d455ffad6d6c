"""HTML made on the server: escaping, cards as styled glyphs, the static files.

The pages are templates (:mod:`engine.web.templating`), which escape every value they show; the
few pieces of HTML made here (a card in a button's label, the result panel) put every piece of
text through :func:`esc` (names and descriptions from an uploaded variant file or record may
hold markup).

>>> esc('<b title="x">&</b>')
'&lt;b title=&quot;x&quot;&gt;&amp;&lt;/b&gt;'
>>> card_html(C.card("JH"))
'<span class="card red" data-card="JH">J♥</span>'
>>> card_html(C.JOKER)
'<span class="card joker" data-card="JK">Joker</span>'
>>> card_html(C.JOKER_LOW), card_html(C.card("4H"))[-24:]
('<span class="card joker" data-card="JL">Low joker</span>', 'data-card="4H">4♥</span>')
"""

from __future__ import annotations

import hashlib
import html
from importlib import resources

from engine.core import cards as C

__all__ = ["STATIC_FILES", "card_html", "esc", "static_version"]

_RED = (C.DIAMONDS, C.HEARTS)
STATIC_FILES = {name: resources.files("engine.web").joinpath("static", name).read_bytes()
                for name in ("table.css", "table.js", "favicon.svg")}
"""The static files, read once from the package (the server serves them from memory)."""
_VERSION = {name: hashlib.sha256(data).hexdigest()[:12] for name, data in STATIC_FILES.items()}


def static_version(name: str) -> str:
    """The hash of a static file's content, which its address carries (``?v=``)."""
    return _VERSION[name]


def esc(text: object) -> str:
    """``text`` as HTML text or attribute value (quotes escaped too)."""
    return html.escape(str(text), quote=True)


def card_html(card: int, *, tag: str = "span", attrs: str = "", named: bool = True) -> str:
    """One card as a styled glyph (``J♥`` in red); ``tag`` and ``attrs`` make it a button.
    ``named``: a card on the table (class ``card``, with ``data-card``); else a card named in
    a button's label or a hint (class ``glyph``), which is no card shown.

    >>> card_html(C.card("JH"), named=False)
    '<span class="glyph red">J♥</span>'
    """
    code = C.card_name(card)
    if card == C.JOKER or code == "JK":
        kind, face = "joker", "Joker"
    elif code == "JL":  # the low joker of a two-joker deck (DECK-A4)
        kind, face = "joker", "Low joker"
    else:
        kind = "red" if C.suit_of(card) in _RED else "black"
        face = C.pretty(card)
    extra = (f' data-card="{code}"' if named else "") + (f" {attrs}" if attrs else "")
    return f'<{tag} class="{"card" if named else "glyph"} {kind}"{extra}>{esc(face)}</{tag}>'
