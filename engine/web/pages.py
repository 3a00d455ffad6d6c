"""The pages other than the table: the index of variants with the upload forms, a variant
file's check with each error beside its line, a rule book, a record replayed step by step,
the question asked before a new game replaces the game in progress.

The index, the rule book, the error and the question are templates
(:mod:`engine.web.templating`, autoescaped); the check and the replay are assembled here, every
piece of text escaped (:func:`engine.web.html.esc`).
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from engine.play.records import GameRecord, replay_steps
from engine.play.state import State
from engine.rules.variant import Variant
from engine.text.narrate import Narrator, sorted_hand, trump_text
from engine.text.rulebook import rule_book
from engine.web.html import backs_html, card_html, cards_html, esc
from engine.web.templating import page, render
from engine.web.uploads import Problem, VariantCheck

__all__ = ["confirm_page", "error_page", "index_page", "replay_page", "rules_page",
           "variant_page"]


def index_page(families: Sequence[tuple[str, Sequence[Variant]]], *, playing: str = "",
               notice: str = "") -> str:
    """Every shipped variant by family (``standard``'s first), with links to play it and to
    its rules; the form to sit down with friends; the forms to check a variant file and to
    resume or replay a record."""
    groups = [{"name": root, "variants": [{"name": v.name, "description": v.description,
                                           "players": v.players} for v in members],
               "heading": (f"{root} and the variants built on it" if len(members) > 1
                           else root) + f" ({members[0].players} players)"}
              for root, members in families]
    return render("index.html", families=groups, playing=playing, notice=notice,
                  variant_form=Markup(_variant_form("")))


def _variant_form(text: str, filename: str = "") -> str:
    return render("variant_form.html", text=text, filename=filename)


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
    return page(f"Replay of {title}",
                _replay_body(at, narrator, step=step, total=shown, upcoming=upcoming,
                              lines=lines, title=title, hidden=hidden, finished=finished))


def _replay_body(s: State, n: Narrator, *, step: int, total: int, upcoming: str,
                 lines: list[str], title: str, hidden: bool, finished: bool) -> str:
    h = s.hand

    def cards(mask: int) -> str:
        return backs_html(mask.bit_count()) if hidden else cards_html(sorted_hand(mask, h.trump))

    seats = "".join(
        f'<tr><th>{esc(n.names[p])}{" (dealer)" if p == s.dealer else ""}</th>'
        f'<td>{cards(h.hands[p])}</td></tr>' for p in range(s.variant.players))
    for k, name in enumerate(s.variant.deal.extra_hands):
        seats += (f"<tr><th>{esc(name)} hand</th>"
                  f"<td>{cards(h.hands[s.variant.players + k])}</td></tr>")
    if h.upcard >= 0:
        seats += f"<tr><th>upcard</th><td>{card_html(h.upcard)}</td></tr>"
    trick = "".join(f'<figure class="played">{card_html(c)}<figcaption>{esc(n.names[p])}'
                    f"</figcaption></figure>" for p, c in zip(h.trick_seats, h.trick,
                                                               strict=True))
    if hidden:
        nxt = (f"hand {s.hand_no} is not finished: its cards stay face down (resume the game "
               "to play it)")
    else:
        nxt = (esc(n.action(s.current_player, upcoming, phase=s.phase, reveal=True))
               if upcoming else "the end of the record")

    def link(to: int, word: str) -> str:
        if to == step or not 0 <= to <= total:
            return f'<span class="off">{word}</span>'
        return f'<a href="/replay?step={to}" id="{word.lower()}">{word}</a>'

    nav = " ".join([link(0, "First"), link(step - 1, "Previous"), link(step + 1, "Next"),
                    link(total, "Last")])
    log = "".join(f"<li>{esc(line)}</li>" for line in lines[-200:])
    trump = f'<p class="trump">Trump: {esc(trump_text(h.trump))}</p>' if (
        h.trump >= 0) else ""
    seed = f", seed {s.seed}" if finished else ""
    return (f'<main id="replay" data-step="{step}" data-steps="{total}" '
            f'data-variant="{esc(title)}" data-hand="{s.hand_no}">'
            f'<header class="bar"><h1>Replay: {esc(title)}{seed}</h1>'
            f'<span class="score">{esc(n.score_line(s.scores))}</span></header>'
            f'<p class="nav">Step {step} of {total}. {nav}</p>'
            f'<p class="next">Next: {nxt}</p>{trump}<div class="felt"><table class="hands">{seats}'
            f'</table><div class="trick">{trick}</div></div>'
            f'<aside class="side"><h2>So far</h2><ol class="log" id="log">{log}</ol></aside>'
            f'</main>')

