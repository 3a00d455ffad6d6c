"""The table page, drawn from the seat's :class:`~engine.play.view.View` and the legal
actions alone (no mechanic has a page of its own, so every variant plays), as a card table:
you at the bottom, the others round the table from your left (your partner across), each
named from your point of view (``Left``, ``Partner``, ``Right``, ``Across``) and by the
variant's seat name, the words the terminal uses; the trick's cards in front of who played
them; the seat to act marked; dealer and maker badges; trump in view and the bowers marked in
your hand. The HTML is the template ``table.html``; this module builds what it shows.

The root element ``#table`` carries ``data-variant``, ``data-phase``, ``data-hand``,
``data-over`` and ``data-seat``. Every legal action of the seat is one element with
``data-action`` (its name as in the README): a card action (``play:JH``, ``discard:9C``,
``give:AS``) on a card the seat holds is that card, made a button; every other action is a
button in the action bar. Every face-up card is an element with ``data-card``; the seat's own
hand is ``#hand``; after a hand, the result panel ``#hand-result`` (:mod:`engine.web.result`).
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from engine.bots import BEST_BOT
from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.events import CardPlayed
from engine.mechanics.registry import mechanic, offer_order
from engine.play.view import View
from engine.rules.variant import SidesKind
from engine.text.narrate import hand_hidden, sorted_hand, trump_text
from engine.text.narrate_match import match_kind, match_score, match_verdict
from engine.web.game import NEXT_GAME, WebGame
from engine.web.html import card_html, esc
from engine.web.result import result_of
from engine.web.tables import SharedTable
from engine.web.templating import render

__all__ = ["action_label", "position_word", "table_html"]

_SLOTS = {2: ("top",), 3: ("left", "right"), 4: ("left", "top", "right"),
          5: ("left", "top-left", "top-right", "right"),
          6: ("left", "top-left", "top", "top-right", "right")}
"""Where each other seat sits, from your left round the table (play goes to the left)."""
_RED = (C.DIAMONDS, C.HEARTS)


def position_word(view: View, teams: tuple[tuple[int, ...], ...] | None, seat: int) -> str:
    """How you call ``seat`` from your chair: ``You``, ``Partner`` (a fixed partner),
    ``Left``, ``Right``, ``Across``; empty for a seat further round a big table."""
    n, you = view.players, view.seat
    k = (seat - you) % n
    if k == 0:
        return "You"
    if teams and any(you in team and seat in team for team in teams):
        return "Partner"
    if n == 2 or (n % 2 == 0 and k == n // 2):
        return "Across"
    return "Left" if k == 1 else "Right" if k == n - 1 else ""


def _slot(view: View, seat: int) -> str:
    k = (seat - view.seat) % view.players
    if k == 0:
        return "bottom"
    slots = _SLOTS.get(view.players)
    return slots[k - 1] if slots else "top"


def _card(card: int, *, bowers: tuple[int, int] = (-1, -1)) -> dict[str, str]:
    """A card as the template draws it: its code, face, colour, and which bower it is."""
    code = C.card_name(card)
    if C.rank_of(card) == C.RANK_JOKER:  # the joker, or a two-joker deck's low one
        kind, face = "joker", "Low joker" if card == C.JOKER_LOW else "Joker"
    else:
        kind, face = ("red" if C.suit_of(card) in _RED else "black"), C.pretty(card)
    bower = ("right bower" if card == bowers[0] else "left bower" if card == bowers[1]
             else "")
    return {"code": code, "face": face, "kind": kind, "bower": bower}


def table_html(game: WebGame, *, shared: SharedTable | None = None,
               may_create: bool = True) -> str:
    """The ``#table`` element for ``game`` as its seat sees it; at a ``shared`` table, with
    the table's version and where to listen for the next one, and the invite links on the
    creator's page (``may_create``: this browser may make the next table, to play again)."""
    s = game.state
    view = s.view(game.seat)
    base = f"/t/{shared.id}" if shared is not None else ""
    v = s.variant
    teams = v.sides.teams if v.sides.kind is SidesKind.TEAMS and v.players > 2 else None
    bowers = game.narrator.bowers(view.trump)
    return render(
        "table.html", game=game, view=view, over=s.is_terminal(), shared=shared, base=base,
        header=_header(game, view, base), invites=_invites(game, shared),
        seats=[_seat(game, view, seat, teams) for seat in _others(view)],
        extras=_extras(game, view), centre=_centre(game, view),
        mine=_mine(game, view, base, shared, teams=teams, bowers=bowers,
                   may_create=may_create), side=_side(game, view),
        trump=trump_text(view.trump_suit) if view.trump_suit else "")


def _others(view: View) -> list[int]:
    n = view.players
    return [(view.seat + k) % n for k in range(1, n)]


def _header(game: WebGame, view: View, base: str) -> dict[str, Any]:
    """The title, the score and the links. The record holds the seed, which deals every
    hidden hand: it is saved once the game is over. New game plays the shipped variant of
    that name, so it is offered only when the game's rules are that variant's."""
    n = game.narrator
    match = ""
    if game.match is not None:
        match = (f"Game {game.match.number} {match_kind(game.match)}; "
                 f"match: {match_score(game.match, n)}")
    return {"title": game.title, "score": n.score_line(view.scores), "match": match,
            "rules": f"{base or '/game'}/rules",
            "save": f"{base}/record" if game.state.is_terminal() else "",
            "new": f"/play/{game.state.variant.name}" if game.shipped else "",
            "again": "" if game.shipped or base else "/game/again"}


def _invites(game: WebGame, shared: SharedTable | None) -> list[dict[str, Any]]:
    """The creator's invite links, one per other seat kept for a person."""
    if shared is None or game.seat != shared.people[0]:
        return []
    return [{"seat": seat, "who": game.narrator.names[seat], "taken": seat in shared.tokens,
             "href": f"/t/{shared.id}/join/{seat}?key={key}"}
            for seat, key in shared.keys.items()]


def _seat(game: WebGame, view: View, seat: int,
          teams: tuple[tuple[int, ...], ...] | None) -> dict[str, Any]:
    shown = _hand_shown(view, seat)
    size = view.hand_sizes[seat]
    return {"seat": seat, "name": game.narrator.names[seat], "slot": _slot(view, seat),
            "word": position_word(view, teams, seat), "marks": _marks(view, seat),
            "turn": view.current_player == seat, "tricks": view.tricks_won[seat],
            "cards": [_card(c) for c in sorted_hand(shown, view.trump, view.tables)]
            if shown else [],
            "backs": size - (shown.bit_count() if shown else 0)}


def _extras(game: WebGame, view: View) -> list[dict[str, Any]]:
    n = view.players
    return [{"name": name, "backs": view.hand_sizes[n + k]}
            for k, name in enumerate(game.state.variant.deal.extra_hands)
            if view.hand_sizes[n + k]]


def _hand_shown(view: View, seat: int) -> int | None:
    """The cards of ``seat`` a mechanic of the view shows face up (an exposed lone hand:
    ``ViewPart.hand_shown``), or None: they lie face down."""
    for part in view.parts.values():
        shown = part.hand_shown(seat)
        if shown is not None:
            return shown
    return None


def _marks(view: View, seat: int) -> list[str]:
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
        marks.append("to play")
    return marks


def _centre(game: WebGame, view: View) -> dict[str, Any]:
    """The upcard and the trick in progress, each card in front of who played it, the card
    winning so far marked; the last trick; the cards the seat sees beside the hands, by place
    (a pile face up, a hand it looked at: ``ViewPart.places``)."""
    n = game.narrator
    best = -1
    if len(view.trick) > 1:  # the seat winning it so far, as the latest card's event says
        latest = next(e for e in reversed(game.state.events) if isinstance(e, CardPlayed))
        best = next(i for i, (seat, _) in enumerate(view.trick) if seat == latest.winner)
    trick = [{"card": _card(card), "who": n.names[seat],
              "slot": _slot(view, seat), "winning": i == best,
              "play": f"t{game.tricks_done + 1}-{seat}-{C.card_name(card)}"}
             for i, (seat, card) in enumerate(view.trick)]
    last = [{"card": _card(card), "who": n.names[seat],
             "play": f"t{game.tricks_done}-{seat}-{C.card_name(card)}"}
            for seat, card in game.last_trick]
    places = [{"name": name, "cards": [_card(c) for c in sorted_hand(cards, view.trump,
                                                                     view.tables)]}
              for part in view.parts.values() for name, cards in part.places(view, n)]
    return {"upcard": _card(view.upcard) if view.upcard >= 0 else None, "trick": trick,
            "last": last, "places": places}


def _mine(game: WebGame, view: View, base: str, shared: SharedTable | None, *,
          teams: tuple[tuple[int, ...], ...] | None,
          bowers: tuple[int, int], may_create: bool = True) -> dict[str, Any]:
    """The seat's hand and every legal action, in one form that posts the chosen one."""
    legal = [] if game.result_pending else list(view.legal)  # the result panel first
    cards_acting: dict[str, str] = {}
    for name in legal:
        kind, _, arg = name.partition(":")
        declared = A.kind_named(kind)
        if declared is not None and declared.arg is A.Arg.CARD and arg:
            cards_acting.setdefault(arg, name)
    hand = []
    drawn: set[str] = set()
    for card in sorted_hand(view.hand, view.trump, view.tables):
        drawn_card = _card(card, bowers=bowers)
        name = cards_acting.pop(drawn_card["code"], "")
        if name:
            drawn.add(name)
        hand.append({**drawn_card, "action": name, "label": action_label(game, name) if name
                     else "", "hinted": bool(name) and game.hint == name})
    buttons = [{"action": name, "label": Markup(action_label(game, name, html=True)),
                "hinted": game.hint == name, "plain": False}
               for name in offer_order(game.state.variant, game.state.phase, legal)
               if name not in drawn]  # a bid table's bids by rank, as at the terminal
    if game.next_game_due:
        buttons.append({"action": NEXT_GAME, "label": "Next game of the match",
                        "hinted": False, "plain": True})  # no action of the game
    return {"action": f"{base}/act", "hint_action": f"{base}/hint",
            "at": len(game.state.history_ids), "name": game.narrator.names[view.seat],
            "word": position_word(view, teams, view.seat), "blind": hand_hidden(view),
            "hand": hand, "choosing": bool(drawn), "buttons": buttons,
            "ask": _question(game, view, shared), "can_hint": bool(legal),
            "hint": Markup(action_label(game, game.hint, html=True)) if game.hint
            else "", "hint_why": game.hint_why, "hint_bot": BEST_BOT,
            "hint_numbers": game.hint_numbers,
            "result": result_of(game, shared, may_create=may_create),
            "marks": _marks(view, view.seat), "turn": view.current_player == view.seat,
            "tricks": view.tricks_won[view.seat]}


def _question(game: WebGame, view: View, shared: SharedTable | None = None) -> str:
    s = game.state
    if s.is_terminal():
        if game.match is not None and game.match.counted:
            return f"{game.ending()} {match_verdict(game.match, game.narrator, you=game.seat)}"
        return game.ending()
    if game.result_pending:
        return "The hand is over: continue to the next one."
    if not view.legal:
        who = game.narrator.names[s.current_player]
        if shared is not None and s.current_player in shared.people:
            if s.current_player not in shared.tokens:
                return (f"Waiting for {who}, who has not joined yet (send the invite "
                        "link).")
            return f"Waiting for {who} to play."
        return "Waiting for the other players."
    asked = _scratch_question(game)
    if asked:
        return asked
    if any(name.startswith("play:") for name in view.legal):
        return "Your turn: play a card (the raised ones may be played)."
    prompt = mechanic(s.phase).words.prompt.replace("{offers}", "").strip().rstrip("?")
    if not prompt or prompt.endswith(":"):
        return f"{prompt or 'Your turn:'} choose one."
    return prompt if prompt.endswith(".") else f"{prompt}?"


def _scratch_question(game: WebGame) -> str:
    """The running phase's own question for the seat it asks (``Scratch.question``: a
    defender asked to go alone defends alone), or empty."""
    scratch = game.state.hand.scratch
    return scratch.question() if scratch is not None else ""


def action_label(game: WebGame, name: str, *, html: bool = False) -> str:
    """A button's words for an action, in a player's words (the terminal's:
    :meth:`Narrator.option`): ``order up``, ``name hearts ♥ as trump``, ``go alone``, a card.

    Plain text unless ``html`` (then escaped, and a card shows as a styled glyph)."""
    kind, _, arg = name.partition(":")
    declared = A.kind_named(kind)
    if kind == "play" and declared is not None and declared.arg is A.Arg.CARD and arg:
        card = C.card(arg)
        shown = card_html(card, named=False) if html else C.pretty(card)
        return f"play {shown}"
    asked = _scratch_question(game)
    if kind == "bid" and len(arg) > 1 and arg[:-1].isdigit() and arg[-1] in "CDHSN":
        text = f"bid {arg[:-1]} in {trump_text(arg[-1])}"  # a bid that names its trump
    elif kind == "bid" and arg:
        text = f"bid {game.narrator.bid_text(arg)}"
    elif kind == "alone" and asked.startswith("Defend alone"):
        text = "defend alone"  # what going alone means to a defender (Scratch.question)
    elif kind == "alone" and asked.startswith("Take the hand"):
        text = "play it alone"
    else:
        text = game.narrator.option(game.seat, name, phase=game.state.phase)
        if text == name or not text:
            text = name.replace("_", " ").replace(":", " ")
        if kind == "call" and arg and text.startswith(("call", "name")) is False:
            text = f"call {trump_text(arg)}"
    return esc(text) if html else text


def _side(game: WebGame, view: View) -> dict[str, list[str]]:
    """What the text layer says of the view, and the game's history, newest last."""
    events = game.state.events_for(view.seat)
    lines = game.narrator.view_lines(view, events)[:-1]  # the last line is the hand, drawn above
    return {"status": lines, "log": list(game.log)}
