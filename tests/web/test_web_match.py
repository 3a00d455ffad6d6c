"""The browser table of a variant with match rules (``game.match``; MATCH-A1, MATCH-A4): the
match score beside the game's, the verdict at a game's end, the next game of the match from a
button, from a fresh seed (the seed told at the end of game 1 must not tell game 2's cards),
and records that hold the match.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import IllegalActionError
from engine.play.match import game_seed
from engine.play.records import match_of, replay
from engine.rules.loader import load_variant
from engine.testing.web_client import WebClient
from engine.web.game import NEXT_GAME, WebGame
from engine.web.sessions import COOKIE, SessionStore
from engine.web.table import table_html

RUBBER = Path(__file__).resolve().parents[1] / "data" / "railroad-rubber.yaml"


def _finish(game: WebGame) -> None:
    while not game.state.is_terminal():
        game.play(game.state.legal_actions()[0])


def test_a_match_in_the_browser_shows_its_score_and_offers_the_next_game() -> None:
    game = WebGame.start(load_variant(RUBBER), seed=5)
    html = table_html(game)
    assert ('<span class="match">Game 1 (best of 3); match: North-South 0, East-West 0'
            '</span>') in html
    _finish(game)
    first = game.state
    assert game.match is not None and len(game.match.played) == 1
    html = table_html(game)
    side = "North-South" if 0 in first.winners else "East-West"
    assert "Game 1 of the match is over." in html and f"{side} 1" in html
    assert f'value="{NEXT_GAME}">Next game of the match</button>' in html
    record = game.record()  # the finished game 1: the match before it is empty
    assert record.match == {"seed": 5, "played": []}
    game.play(NEXT_GAME)
    second = game.state
    assert second is not first and second.initial_scores in (None, game.match.begun())
    # A fresh seed, not the one derived from game 1's (which the table has now told).
    assert second.seed != game_seed(5, 2)
    assert '<span class="match">Game 2 (best of 3)' in table_html(game)
    saved = game.record()
    assert saved.match is not None and len(saved.match["played"]) == 1
    replayed = replay(saved)
    again = match_of(saved, replayed)
    assert again is not None and again.played == game.match.played[:1]


def test_next_game_is_refused_while_a_game_is_in_progress() -> None:
    game = WebGame.start(load_variant(RUBBER), seed=5)
    assert not game.next_game_due
    with pytest.raises(IllegalActionError, match="no such action"):
        game.play(NEXT_GAME)


def test_the_next_game_of_railroad_over_http(client: WebClient, store: SessionStore,
                                             read: Any) -> None:
    response = client.get("/play/railroad?seed=3")
    page = read(response.text)
    rng = random.Random(3)
    for _ in range(3000):
        if page.over:
            break
        page = read(client.post("/act", data={"action": rng.choice(page.actions),
                                              "at": page.at}).text)
    assert page.over and "Next game of the match" in page.text
    response = client.post("/act", data={"action": NEXT_GAME, "at": page.at})
    assert response.status_code == 200
    assert re.search(r"Game 2 of 3; match: North-South \d, East-West \d", response.text)
    session = store.find(client.cookies.get(COOKIE))
    assert session is not None and session.game is not None
    assert session.game.match is not None and len(session.game.match.played) == 1
