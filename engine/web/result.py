"""The result panel (``#hand-result``): after each hand, what happened in it, the points and
the score, until the seat continues (``data-action="continue"``); at the end of the game, the
last hand, the final score and Play again.

The words are the text layer's (:meth:`Narrator.hand_summary`, :meth:`WebGame.ending`), so the
panel says what the terminal says.
"""

from __future__ import annotations

from engine.web.game import CONTINUE, WebGame
from engine.web.html import esc
from engine.web.tables import SharedTable

__all__ = ["result_html"]


def result_html(game: WebGame, shared: SharedTable | None = None) -> str:
    """The panel, or nothing when no hand result waits for this seat and the game goes on."""
    s = game.state
    over = s.is_terminal()
    if not (over or game.result_pending) or not s.hands_played:
        return ""
    n = game.narrator
    last = s.hands_played[-1]
    summary = n.hand_summary(last)
    head, _, rest = summary.partition(": ")
    if over:
        again = _play_again(game, shared)
        closing = (f'<p class="ending">{esc(game.ending())}</p>'
                   f'<p class="again">{again}</p>')
    else:
        closing = (f'<button name="action" value="{CONTINUE}" data-action="{CONTINUE}" '
                   'class="continue" autofocus>Continue</button>')
    return (f'<section id="hand-result" class="result" role="status">'
            f'<h2>{esc(head)}</h2><p>{esc(rest)}</p>{closing}</section>')


def _play_again(game: WebGame, shared: SharedTable | None) -> str:
    """Play again: the same variant, at a new table for the same seats when it was shared."""
    name = game.state.variant.name
    if shared is not None and game.shipped:
        people = ",".join(str(seat) for seat in shared.people)
        return (f'<button formaction="/tables" name="variant" value="{esc(name)}" '
                f'id="play-again">Play again (a new table: send the new links)</button>'
                f'<input type="hidden" name="people" value="{esc(people)}">')
    if game.shipped:
        return f'<a href="/play/{esc(name)}" id="play-again" class="newgame">Play again</a>'
    if shared is None:
        return ('<button formaction="/game/again" id="play-again" class="newgame">Play again'
                '</button>')
    return '<a href="/" id="play-again">Play again (choose a variant)</a>'
