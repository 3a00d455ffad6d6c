"""The result panel (``#hand-result``, the template ``result.html``): after each hand, what
happened in it, the points and the score, until the seat continues
(``data-action="continue"``); at the end of the game, the last hand, the final score and Play
again.

The words are the text layer's (:meth:`Narrator.hand_summary`, :meth:`WebGame.ending`), so the
panel says what the terminal says, a sentence a line. The hand's last trick, gathered when the
next hand was dealt, is named under it (glyphs, not cards on the table: the new hand may hold
the same cards).
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from engine.web.game import CONTINUE, WebGame
from engine.web.html import card_html
from engine.web.tables import SharedTable

__all__ = ["CONTINUE", "result_of"]


def result_of(game: WebGame, shared: SharedTable | None = None, *,
              may_create: bool = True) -> dict[str, Any] | None:
    """What the panel shows, or None when no hand result waits for this seat and the game
    goes on (``may_create``: this browser may make the next table)."""
    s = game.state
    over = s.is_terminal()
    if not (over or game.result_pending) or not s.hands_played:
        return None
    summary = game.narrator.hand_summary(s.hands_played[-1])
    head, _, rest = summary.partition(": ")
    lines = [part.strip().rstrip(".") + "." for part in rest.split(". ") if part.strip()]
    gathered = [] if over else [  # the hand's last trick, gathered at the next deal
        {"who": game.narrator.names[seat], "card": Markup(card_html(card, named=False))}
        for seat, card in game.gathered]
    return {"head": head, "lines": lines, "over": over, "gathered": gathered,
            "ending": game.ending() if over else "",
            "again": _play_again(game, shared, may_create=may_create)}


def _play_again(game: WebGame, shared: SharedTable | None, *,
                may_create: bool) -> dict[str, str]:
    """Play again: the same variant, at a new table for the same seats when it was shared
    (made by the host, on a server open to the network); a game of the player's own rules
    deals again by them."""
    name = game.state.variant.name
    if shared is not None and not may_create:
        return {"kind": "host"}
    if shared is not None and game.shipped:
        return {"kind": "table", "name": name,
                "people": ",".join(str(seat) for seat in shared.people)}
    if game.shipped:
        return {"kind": "shipped", "name": name}
    return {"kind": "own" if shared is None else "home"}
