"""Every face-up card on the table page is an element with ``data-card``, and none is a card
its seat may not see (issue 25, "The page's contract"): the hand, the upcard, the trick, the
last trick, a hand shown face up, and the cards a seat sees beside the hands (a pile it may
look at, the extra hand it looked at, the hand it swapped out, the farmer's cards in the
kitty). Cards the history and the status lines *mention* are words, not cards on the table (a
card of an earlier hand may be in another seat's hand now); a card named in a button's label
or a hint is a ``glyph``, not a ``card``.

The independent source of what a seat sees is the engine: the seat's hand, the cards its view
says it sees (``View.seen``), the trick, the upcard, and the cards played in the hand in
progress (the last trick's: a hand's last trick is gathered at the next deal, and only named in
the result panel); what it may not see is every other place's cards (the other hands, the extra
hands, the piles, the kitty) but those.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from engine.core import cards as C
from engine.testing.web_client import WebClient
from engine.web.app import create_app
from engine.web.tables import TableStore

DATA = Path(__file__).resolve().parents[1] / "data"
GLYPH = re.compile(r"(?:10|[2-9AKQJ])[♣♦♥♠]|\bJkr\b|\bJkL\b|\bJoker\b|\bLow joker\b")
NARRATION = ("log", "status", "glyph", "hint-text", "hint-numbers")
"""Where cards are named in words: the history, the status lines, a label's or a hint's
glyph."""


class Cards(HTMLParser):
    """The page's cards: the ``data-card`` of each element, elements of class ``card``
    without one, and card glyphs in text outside any card element and the narration."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.cards: list[str] = []
        self.bare: list[str] = []
        self.loose: list[str] = []
        self.places: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        classes = a.get("class", "").split()
        if "data-card" in a:
            self.cards.append(a["data-card"])
        elif "card" in classes:
            self.bare.append(self.get_starttag_text() or tag)
        if "place" in classes:
            self.places.append(tag)
        if tag not in ("input", "br", "meta", "link", "img"):
            self.stack.append((tag, a))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if not GLYPH.search(data):
            return
        for _, a in self.stack:
            if "data-card" in a or a.get("id") in NARRATION or any(
                    c in NARRATION for c in a.get("class", "").split()):
                return
        self.loose.append(data.strip())


def _check(page: Cards, game: Any) -> None:
    state, seat = game.state, game.seat
    view = state.view(seat)
    h = state.hand
    assert not page.bare, page.bare[:3]
    assert not page.loose, page.loose[:3]
    trick = {C.card_name(c) for _, c in view.trick}
    upcard = {C.card_name(view.upcard)} if view.upcard >= 0 else set()
    own = set(C.names(view.hand))
    seen = set(C.names(view.seen))
    shown = set(page.cards)
    # Every card the view says the seat sees is drawn (its own hand unless it lies blind).
    blind = 'id="hand"' in page.rawdata and "Your hand lies face down" in page.rawdata
    assert (seen | trick | upcard | (set() if blind else own)) <= shown, (
        (seen | trick | upcard | own) - shown)
    # No card of another place, unless the seat sees a card of that code.
    others = [h.hands[p] for p in range(len(h.hands)) if p != seat] + [h.kitty]
    hidden = {code for mask in others for code in C.names(mask)}
    played = {C.card_name(c) for _, c in h.played}  # this hand's, face up when played
    in_sight = own | seen | trick | upcard | played
    assert not (hidden - in_sight) & shown, (hidden - in_sight) & shown


# Ghost hand with an open swap: a seat may look at the ghost hand, then swap or not; with
# continuous turns a seat swaps and his old hand lies dead (his to see). Farmer's hand: the
# farmer's cards shown lie in the kitty. The widows: each seat's own widow, which he alone
# sees; the tableau: face-up cards in front of each seat.
PREFER = ("look", "swap", "exchange")


@pytest.mark.parametrize(("source", "place", "seed"), [
    ("standard", False, 11), ("five-hundred", False, 11), ("ghost-hand-open-swap", True, 11),
    ("ghost-hand-continuous", True, 11), ("farmers-hand", True, 193),  # South may exchange
    ("two-handed-widows.yaml", True, 0), ("two-handed-tableau.yaml", False, 0)])
def test_every_card_shown_is_a_data_card_and_none_is_hidden(
        new_client: Callable[[Any], WebClient], source: str, place: bool, seed: int) -> None:
    # A table for one person (seat 0) and bots: a table takes a seed for a file of one's
    # own too, so every game here is the same each run.
    tables = TableStore()
    client = new_client(create_app(tables=tables))
    form = {"people": "0", "seed": str(seed)}
    if source.endswith(".yaml"):
        text = (DATA / source).read_text(encoding="utf-8")
        assert client.post("/variant", data={"text": text, "filename": "house.yaml"}
                           ).status_code == 200
        form["source"] = "checked"
    else:
        form["variant"] = source
    response = client.post("/tables", data=form)
    (table,) = tables._tables.values()
    rng = random.Random(source)
    places = gathered = 0
    for _ in range(250):
        assert response.status_code == 200, response.text[:300]
        page = Cards(response.text)
        game = table.games[0]
        _check(page, game)
        places += len(page.places)
        if 'id="hand-result"' in response.text and 'data-over="false"' in response.text:
            # The hand's last trick is gathered at the next deal: named, no card left lying.
            gathered += 'class="gathered"' in response.text
            assert '<div class="last"' not in response.text
        actions = re.findall(r'data-action="([^"]+)"', response.text)
        if not actions:
            break
        preferred = [a for a in actions if a in PREFER]
        at = re.search(r'name="at" value="(\d+)"', response.text)
        assert at is not None
        response = client.post(f"/t/{table.id}/act", data={
            "action": preferred[0] if preferred else rng.choice(actions), "at": at.group(1)})
    # The variants with cards beside the hands drew them, by place, at some point.
    assert (places > 0) == place, places
    assert gathered > 0
