"""HTML made on the server: escaping, the page around every view, cards as styled glyphs.

Every piece of text that reaches a page goes through :func:`esc` (names and descriptions from
an uploaded variant file or record may hold markup); the only unescaped HTML is what this
package writes itself.

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
from collections.abc import Iterable
from importlib import resources

from engine.core import cards as C

__all__ = ["STATIC_FILES", "backs_html", "card_html", "cards_html", "esc", "page"]

_RED = (C.DIAMONDS, C.HEARTS)
STATIC_FILES = {name: resources.files("engine.web").joinpath("static", name).read_bytes()
                for name in ("table.css", "table.js", "favicon.svg")}
"""The static files, read once from the package (the server serves them from memory)."""
_VERSION = {name: hashlib.sha256(data).hexdigest()[:12] for name, data in STATIC_FILES.items()}


def esc(text: object) -> str:
    """``text`` as HTML text or attribute value (quotes escaped too)."""
    return html.escape(str(text), quote=True)


def card_html(card: int, *, tag: str = "span", attrs: str = "", named: bool = True) -> str:
    """One card as a styled glyph (``J♥`` in red); ``tag`` and ``attrs`` make it a button.
    ``named`` adds ``data-card`` (a card on the table, not one named in a button's label)."""
    code = C.card_name(card)
    if card == C.JOKER or code == "JK":
        kind, face = "joker", "Joker"
    elif code == "JL":  # the low joker of a two-joker deck (DECK-A4)
        kind, face = "joker", "Low joker"
    else:
        kind = "red" if C.suit_of(card) in _RED else "black"
        face = C.pretty(card)
    extra = (f' data-card="{code}"' if named else "") + (f" {attrs}" if attrs else "")
    return f'<{tag} class="card {kind}"{extra}>{esc(face)}</{tag}>'


def cards_html(cards: Iterable[int]) -> str:
    """Cards side by side (an empty hand shows as a dash)."""
    shown = "".join(card_html(c) for c in cards)
    return f'<span class="cards">{shown or "-"}</span>'


def backs_html(count: int) -> str:
    """``count`` cards face down (at most 16 drawn, and the count)."""
    return (f'<span class="backs" title="{count} cards face down">'
            f'{"<i></i>" * min(count, 16)}<b>{count}</b></span>')


def page(title: str, body: str, *, notice: str = "") -> str:
    """A whole page: ``title`` (text), ``body`` (HTML), an optional ``notice`` (text) at the
    top."""
    note = f'<p class="notice" role="status">{esc(notice)}</p>' if notice else ""
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{esc(title)} · euchrekit</title>"
            f"<link rel=\"icon\" type=\"image/svg+xml\" "
            f"href=\"/static/favicon.svg?v={_VERSION['favicon.svg']}\">"
            f"<link rel=\"stylesheet\" href=\"/static/table.css?v={_VERSION['table.css']}\">"
            f"<script src=\"/static/table.js?v={_VERSION['table.js']}\" defer></script>"
            "</head><body>"
            "<nav class=\"top\"><a href=\"/\">euchrekit</a></nav>"
            f"{note}{body}</body></html>\n")
