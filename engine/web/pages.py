"""The pages other than the table: the index of variants with the upload forms, a variant
file's check with each error beside its line, a rule book, a record replayed step by step,
the question asked before a new game replaces the game in progress.

Every page is a template (:mod:`engine.web.templating`, ``engine/web/templates``): every value
it shows is escaped by autoescaping; this module gathers what each one shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import cards as C
from engine.play.records import GameRecord, replay_steps
from engine.play.state import State
from engine.rules.variant import Variant
from engine.text.narrate import Narrator, sorted_hand, trump_text
from engine.text.rulebook import rule_book
from engine.web.templating import render
from engine.web.uploads import Problem, VariantCheck

__all__ = ["confirm_page", "error_page", "index_page", "replay_page", "rules_page",
           "variant_page"]


def index_page(families: Sequence[tuple[str, Sequence[Variant]]], *, playing: str = "",
               notice: str = "", host_only: bool = False) -> str:
    """Every shipped variant by family (``standard``'s first), with links to play it and to
    its rules; the form to sit down with friends (``host_only``: this browser lacks the host
    key, which it says); the forms to check a variant file and to resume or replay a
    record."""
    groups = [{"name": root, "variants": [{"name": v.name, "description": v.description,
                                           "players": v.players} for v in members],
               "heading": (f"{root} and the variants built on it" if len(members) > 1
                           else root) + f" ({members[0].players} players)"}
              for root, members in families]
    return render("index.html", families=groups, playing=playing, notice=notice, text="",
                  filename="", host_only=host_only)


def variant_page(text: str, filename: str, checked: VariantCheck) -> str:
    """A variant file's text with line numbers, each error and warning beside its line, and
    (when it is valid) the buttons to play it, alone or with friends, and to read its rule
    book."""
    lines = text.split("\n")
    by_line: dict[int, list[Problem]] = {}
    for p in [*checked.errors, *checked.warnings]:
        by_line.setdefault(min(p.line, len(lines)) if p.line else 0, []).append(p)
    rows = [{"number": number, "text": line, "problems": by_line.get(number, [])}
            for number, line in enumerate(lines, start=1)]
    return render("variant.html", filename=filename, text=text, variant=checked.variant,
                  errors=len(checked.errors), rows=rows, elsewhere=by_line.get(0, []))


def rules_page(variant: Variant, *, play: str = "") -> str:
    """The variant's rule book (the sections and rules ``euchre rules`` prints) as HTML; the
    other choices of the variant file folded away. ``play``: where to play it, if anywhere."""
    return render("rules.html", book=rule_book(variant), play=play, notice="")


def error_page(status: int, message: str) -> str:
    """A bad request's page: the status and what was wrong, never a traceback."""
    return render("error.html", status=status, message=message)


def confirm_page(*, playing: str, hand: int, score: str, name: str, seed: str) -> str:
    """Asked before ``GET /play/NAME`` replaces the game in progress: a form that posts to
    start the new game (a link of another site cannot), or back to the table."""
    return render("confirm.html", playing=playing, hand=hand, score=score, name=name,
                  seed=seed, notice="")


def replay_page(record: GameRecord, step: int, *, title: str, shown: int,
                finished: bool) -> str:
    """A checked record at ``step`` (0: before the first action): every position's cards
    (a record shows all), the trick, the score, what happened so far, and links to move.

    Steps past ``shown`` are not shown. A record of a game not ``finished`` stops at the start
    of its hand in progress (step ``shown``), whose cards stay face down: the server shows no
    card of it that its seat has not seen, nor the seed that deals it."""
    step = max(0, min(step, shown))
    narrator: Narrator | None = None
    lines: list[str] = []
    told = -1  # the state's events told so far (a record shows every card: all of them)
    shown_hand = 0
    at: State | None = None
    upcoming = ""
    for k, (state, action) in enumerate(replay_steps(record)):
        if narrator is None:
            narrator = Narrator(state.variant)
        if told >= 0:  # the last action's events: its line and what it brought about
            events = state.events[told:]
            lines += [narrator.action_line(events[0]), *narrator.after(events)]
        told = len(state.events)
        if state.hand_no != shown_hand and action:
            shown_hand = state.hand_no
            lines.append(narrator.hand_header(state))
        if k == step:
            at, upcoming = state, action
            break
    assert at is not None and narrator is not None
    hidden = not finished and step == shown
    return _replay_body(at, narrator, step=step, total=shown, upcoming=upcoming,
                        lines=lines, title=title, hidden=hidden, finished=finished)


def _card(card: int) -> dict[str, str]:
    code = C.card_name(card)
    if C.rank_of(card) == C.RANK_JOKER:  # the joker, or a two-joker deck's low one
        return {"code": code, "face": "Low joker" if card == C.JOKER_LOW else "Joker",
                "kind": "joker"}
    return {"code": code, "face": C.pretty(card),
            "kind": "red" if C.suit_of(card) in (C.DIAMONDS, C.HEARTS) else "black"}


def _replay_body(s: State, n: Narrator, *, step: int, total: int, upcoming: str,
                 lines: list[str], title: str, hidden: bool, finished: bool) -> str:
    h = s.hand
    v = s.variant

    def shown(name: str, mask: int, *, dealer: bool = False) -> dict[str, Any]:
        return {"name": name, "dealer": dealer, "backs": mask.bit_count() if hidden else None,
                "cards": [] if hidden else [_card(c) for c in
                                            sorted_hand(mask, h.trump, s.variant.deck)]}

    hands = [shown(n.names[p], h.hands[p], dealer=p == s.dealer) for p in range(v.players)]
    hands += [shown(f"{name} hand", h.hands[v.players + k])
              for k, name in enumerate(v.deal.extra_hands)]
    if hidden:
        nxt = (f"hand {s.hand_no} is not finished: its cards stay face down (resume the game "
               "to play it)")
    else:
        nxt = (n.action(s.current_player, upcoming, phase=s.phase, reveal=True)
               if upcoming else "the end of the record")
    return render("replay.html", name=title, step=step, total=total, hand_no=s.hand_no,
                  seed=s.seed if finished else None, score=n.score_line(s.scores),
                  upcoming=nxt, trump=trump_text(h.trump) if h.trump >= 0 else "",
                  hands=hands, upcard=_card(h.upcard) if h.upcard >= 0 else None,
                  trick=[{"card": _card(c), "who": n.names[p]}
                         for p, c in zip(h.trick_seats, h.trick, strict=True)],
                  lines=lines[-200:])
