"""The table page, drawn from the human seat's :class:`~engine.play.view.View` and the legal
actions alone: no mechanic has a page of its own, so every variant plays.

The root element ``#table`` carries ``data-variant``, ``data-phase``, ``data-hand`` and
``data-over``. Every legal action of the human is one element with ``data-action`` (its name as
in the README): a card action (``play:JH``, ``discard:9C``, ``give:AS``) on a card the human
holds is that card, made a button; every other action is a button in the action bar. The
other seats, the extra hands (dummy, ghost, kitty taken), the trick in the middle, the scores
and what the text layer says of the view sit around it, and the hand's history on the side.
"""

from __future__ import annotations

from engine.bots import BEST_BOT
from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.events import CardPlayed
from engine.play.view import View
from engine.text.narrate import hand_hidden, sorted_hand, trump_text
from engine.text.narrate_match import match_kind, match_score, match_verdict
from engine.web.game import NEXT_GAME, WebGame
from engine.web.html import backs_html, card_html, cards_html, esc
from engine.web.result import result_html
from engine.web.tables import SharedTable

__all__ = ["action_label", "table_html"]


def table_html(game: WebGame, *, shared: SharedTable | None = None) -> str:
    """The ``#table`` element for ``game`` as its human sees it; at a ``shared`` table, with
    the table's version and where to listen for the next one, and the invite links on the
    creator's page."""
    s = game.state
    view = s.view(game.seat)
    over = s.is_terminal()
    attrs = (f'id="table" data-variant="{esc(game.title)}" data-phase="{esc(s.phase)}" '
             f'data-hand="{view.hand_number}" data-over="{"true" if over else "false"}" '
             f'data-seat="{game.seat}" data-current="{s.current_player}"')
    base = ""
    if shared is not None:
        base = f"/t/{shared.id}"
        attrs += (f' data-table="{esc(shared.id)}" data-version="{shared.version}" '
                  f'data-events="{base}/events" data-poll="{base}/version"')
    parts = [_header(game, view, base), _invites(game, shared), '<div class="felt">',
             _others(game, view), _centre(game, view), _mine(game, view, base, shared),
             "</div>", _side(game, view)]
    return f'<main {attrs}>{"".join(parts)}</main>'


def _invites(game: WebGame, shared: SharedTable | None) -> str:
    """The creator's invite links, one per other seat kept for a person (``data-invite-seat``),
    each said taken once someone sits there."""
    if shared is None or game.seat != shared.people[0] or not shared.keys:
        return ""
    rows = []
    for seat, key in shared.keys.items():
        who = esc(game.narrator.names[seat])
        taken = seat in shared.tokens
        rows.append(f'<li><a data-invite-seat="{seat}" href="/t/{esc(shared.id)}/join/{seat}'
                    f'?key={esc(key)}">Invite link for {who}</a> '
                    f'<span class="joined">{"has joined" if taken else "not yet joined"}'
                    '</span></li>')
    return ('<section class="invites"><h2>Invite your friends</h2><p>Send each friend the '
            'link of a seat (copy it with the right mouse button). The first browser to open '
            'it takes the seat; no one else can.</p>'
            f'<ul>{"".join(rows)}</ul></section>')


def _header(game: WebGame, view: View, base: str = "") -> str:
    """The title, the score and the links. The record holds the seed, which deals every
    hidden hand: it is saved once the game is over. New game plays the shipped variant of
    that name, so it is offered only when the game's rules are that variant's."""
    n = game.narrator
    v = game.state.variant
    links = (f'<a href="{base or "/game"}/rules" target="_blank" rel="noopener">'
             'Rule book</a>')
    if game.state.is_terminal():
        links += f'<a href="{base}/record" download id="save">Save the game</a>'
    else:
        links += ('<span class="off" title="The record holds the seed, which deals every '
                  'hidden hand">Save the game (when it is over)</span>')
    if game.shipped:
        links += f'<a href="/play/{esc(v.name)}" class="newgame">New game</a>'
    links += '<a href="/">All variants</a>'
    match = ""
    if game.match is not None:
        match = (f'<span class="match">Game {game.match.number} {match_kind(game.match)}; '
                 f'match: {esc(match_score(game.match, n))}</span>')
    return (f'<header class="bar"><h1>{esc(game.title)}</h1>'
            f'<span class="score">{esc(n.score_line(view.scores))}</span>{match}'
            f'<span class="links">{links}</span></header>')


def _others(game: WebGame, view: View) -> str:
    """Every other seat, from the human's left round the table, and the extra hands."""
    n = view.players
    seats = [(game.seat + k) % n for k in range(1, n)]
    boxes = [_seat_box(game, view, s) for s in seats]
    extras = game.state.variant.deal.extra_hands
    for k, name in enumerate(extras):
        size = view.hand_sizes[n + k]
        if size:
            boxes.append(f'<section class="seat extra"><h2>{esc(name)} hand</h2>'
                         f'{backs_html(size)}</section>')
    return f'<div class="others">{"".join(boxes)}</div>'


def _seat_box(game: WebGame, view: View, seat: int) -> str:
    n = game.narrator
    marks = _marks(view, seat)
    shown = _hand_shown(view, seat)
    face_up = (cards_html(sorted_hand(shown, view.trump)) if shown is not None
               else backs_html(view.hand_sizes[seat]))
    if shown is not None and shown.bit_count() < view.hand_sizes[seat]:  # a tableau's cards
        face_up += backs_html(view.hand_sizes[seat] - shown.bit_count())
    turn = " turn" if view.current_player == seat else ""
    return (f'<section class="seat{turn}" data-seat="{seat}"><h2>{esc(n.names[seat])}</h2>'
            f'<p class="marks">{esc(marks)}</p>{face_up}'
            f'<p class="tricks">tricks: {view.tricks_won[seat]}</p></section>')


def _hand_shown(view: View, seat: int) -> int | None:
    """The cards of ``seat`` a mechanic of the view shows face up (an exposed lone hand:
    ``ViewPart.hand_shown``), or None: they lie face down."""
    for part in view.parts.values():
        shown = part.hand_shown(seat)
        if shown is not None:
            return shown
    return None


def _marks(view: View, seat: int) -> str:
    marks = []
    if seat == view.dealer:
        marks.append("dealer")
    if seat == view.maker:
        marks.append("maker")
    if seat in view.alone:
        marks.append("alone")
    if seat in view.sitting_out:
        marks.append("sits out")
    sides = view.known_sides()
    if sides and seat in sides[0] and seat != view.maker:
        marks.append("called partner")
    if view.current_player == seat:
        marks.append("to act")
    return " · ".join(marks)


def _centre(game: WebGame, view: View) -> str:
    """The upcard and the trick in progress, in play order, each card with its player."""
    n = game.narrator
    up = ""
    if view.upcard >= 0:
        up = f'<div class="upcard"><span>upcard</span>{card_html(view.upcard)}</div>'
    trump = (f'<p class="trump">Trump: {esc(trump_text(view.trump_suit))}</p>'
             if view.trump_suit else "")
    best = -1
    if len(view.trick) > 1:  # the seat winning it so far, as the latest card's event says
        latest = next(e for e in reversed(game.state.events) if isinstance(e, CardPlayed))
        best = next(i for i, (seat, _) in enumerate(view.trick) if seat == latest.winner)
    played = "".join(f'<figure class="played{" winning" if i == best else ""}">{card_html(card)}'
                     f'<figcaption>{esc(n.names[seat])}'
                     f'{" - winning so far" if i == best else ""}</figcaption></figure>'
                     for i, (seat, card) in enumerate(view.trick))
    trick = f'<div class="trick" aria-label="the trick in progress">{played}</div>'
    last = ""
    if game.last_trick:
        cards = "".join(f'<figure class="played">{card_html(card, named=False)}'
                        f'<figcaption>{esc(n.names[seat])}</figcaption></figure>'
                        for seat, card in game.last_trick)
        last = f'<div class="last" aria-label="the last trick"><span>last trick</span>{cards}</div>'
    return f'<div class="centre">{up}{trump}{trick}</div>{last}'


def _mine(game: WebGame, view: View, base: str = "",
          shared: SharedTable | None = None) -> str:
    """The human's hand and every legal action, in one form that posts the chosen one."""
    s = game.state
    legal = [] if game.result_pending else list(view.legal)  # the panel first
    cards_acting: dict[str, str] = {}
    for name in legal:
        kind, _, arg = name.partition(":")
        declared = A.kind_named(kind)
        if declared is not None and declared.arg is A.Arg.CARD and arg:
            cards_acting.setdefault(arg, name)
    blind = hand_hidden(view)
    hand_cards = []
    drawn: set[str] = set()
    for card in sorted_hand(view.hand, view.trump):
        name = cards_acting.pop(C.card_name(card), "")
        if not name:
            hand_cards.append(card_html(card))
        else:
            drawn.add(name)
            hand_cards.append(card_html(
                card, tag="button",
                attrs=f'name="action" value="{esc(name)}" data-action="{esc(name)}" '
                f'title="{esc(action_label(game, name))}"{_hinted(game, name)}'))
    buttons = [f'<button name="action" value="{esc(name)}" data-action="{esc(name)}"'
               f'{_hinted(game, name)}>{action_label(game, name, html=True)}</button>'
               for name in legal if name not in drawn]
    if game.next_game_due:
        buttons.append(f'<button name="action" value="{NEXT_GAME}">Next game of the '
                       'match</button>')
    hand = ('<p class="blind" id="hand">Your hand lies face down: you name trump first.</p>'
            if blind else f'<div class="hand{" choosing" if drawn else ""}" id="hand">'
            f'{"".join(hand_cards)}</div>')
    ask = _question(game, view, shared)
    hint = ""
    if legal:
        hint = (f'<button class="hint" formaction="{base}/hint" name="hint" value="1">'
                'Hint</button>'
                + (f'<p class="hint-text" role="status">Hint: the {BEST_BOT} bot would choose '
                   f'{action_label(game, game.hint, html=True)}'
                   f'{esc(_why(game.hint_why))}.</p>' if game.hint else ""))
    return (f'<form class="mine" method="post" action="{base}/act">'
            f'<input type="hidden" name="at" value="{len(s.history_ids)}">'
            f'{result_html(game, shared)}'
            f'<h2>{esc(game.narrator.names[view.seat])} (you)</h2>{hand}'
            f'<p class="ask">{esc(ask)}</p><div class="actions">{"".join(buttons)}</div>'
            f'{hint}</form>')


def _why(reason: str) -> str:
    """``: the cheapest card that wins`` (the hint bot's reason), or nothing."""
    return f": {reason}" if reason else ""


def _hinted(game: WebGame, name: str) -> str:
    return ' data-hinted="true"' if game.hint == name else ""


def _question(game: WebGame, view: View, shared: SharedTable | None = None) -> str:
    s = game.state
    if s.is_terminal():
        if game.match is not None and game.match.counted:
            return f"{game.ending()} {match_verdict(game.match, game.narrator, you=game.seat)}"
        return game.ending()
    if game.result_pending:
        return "The hand is over: continue to the next one."
    if not view.legal:
        if shared is not None and s.current_player in shared.people:
            who = game.narrator.names[s.current_player]
            if s.current_player not in shared.tokens:
                return (f"Waiting for {who}, who has not joined yet (send the invite "
                        "link).")
            return f"Waiting for {who} to play."
        return "Waiting for the other players."
    return f"Your turn ({view.phase.replace('_', ' ')}): choose one."


def action_label(game: WebGame, name: str, *, html: bool = False) -> str:
    """A button's words for an action: ``call hearts ♥``, ``bid 4``, ``order up``, a card.

    Plain text unless ``html`` (then a card shows as a styled glyph)."""
    kind, _, arg = name.partition(":")
    declared = A.kind_named(kind)
    if declared is not None and declared.arg is A.Arg.CARD and arg:
        card = C.card(arg)
        shown = card_html(card, named=False) if html else C.pretty(card)
        return f"{esc(kind) if html else kind} {shown}"
    if kind == "call" and arg:
        text = f"call {trump_text(arg)}"
    elif kind == "bid" and arg:
        text = f"bid {game.narrator.bid_text(arg)}"
    else:
        text = name.replace("_", " ")
    return esc(text) if html else text


def _side(game: WebGame, view: View) -> str:
    """What the text layer says of the view, and the game's history, newest last."""
    events = game.state.events_for(view.seat)
    lines = game.narrator.view_lines(view, events)[:-1]  # the last line is the hand, drawn above
    status = "".join(f"<li>{esc(line)}</li>" for line in lines)
    log = "".join(f"<li>{esc(line)}</li>" for line in game.log)
    return (f'<aside class="side"><h2>The table</h2><ul class="status">{status}</ul>'
            f'<h2>History</h2><ol class="log" id="log">{log}</ol></aside>')
