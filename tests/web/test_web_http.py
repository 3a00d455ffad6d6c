"""The browser table over HTTP (Starlette's WebClient): the contract for automated players,
and the safety rules (issue 13, "Browser": each game belongs to one session, bad requests get
4xx with a message and never a traceback, no request path reaches the file system, uploads
have the limits of `validate`).
"""

from __future__ import annotations

import json
import random
import re
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import load_variant, new_game
from engine.bots import BEST_BOT
from engine.cli import main
from engine.core import cards as C
from engine.mechanics.play_exposed import ExposedView
from engine.play.records import GameRecord, record_of, replay
from engine.rules.loader import shipped_names
from engine.testing.web_client import WebClient
from engine.web.app import create_app
from engine.web.sessions import COOKIE, KEEP_SECONDS, SessionStore

BROKEN = Path(__file__).resolve().parents[1] / "broken"


def _start(client: WebClient, name: str = "standard", seed: int = 3) -> Any:
    response = client.get(f"/play/{name}?seed={seed}")
    assert response.status_code == 200, response.text
    return response


def _act(client: WebClient, page: Any, action: str) -> Any:
    return client.post("/act", data={"action": action, "at": page.at})


def test_play_opens_a_table_with_the_contract_attributes(client: WebClient, read: Any) -> None:
    page = read(_start(client).text)
    assert page.table["data-variant"] == "standard"
    assert page.table["data-hand"] == "1"
    assert page.table["data-over"] == "false"
    # The first decision of standard's seed 3 is round 1 of bidding on the upcard: the only
    # choices are to order it up or to pass (`euchre rules standard`, "Bidding").
    assert page.table["data-phase"] == "upcard_bidding"
    assert sorted(page.actions) == ["order_up", "pass"]


def test_the_table_shows_the_human_his_own_cards_and_the_upcard_only(
        client: WebClient, store: SessionStore, read: Any) -> None:
    page = read(_start(client).text)
    app_game = _only_game(client, store)
    hands = app_game.state.hand.hands
    assert app_game.seat == 2  # South at four players, as at the terminal
    mine = set(C.names(hands[2]))
    # Before any card is played the only cards a seat may see are its own five and the
    # upcard: nobody else's.
    assert len(mine) == 5
    assert set(page.cards) == mine | {C.card_name(app_game.state.hand.upcard)}
    for seat in (0, 1, 3):
        assert not set(C.names(hands[seat])) & set(page.cards)


def _only_game(client: WebClient, store: SessionStore) -> Any:
    """The game of ``client``'s session, read from the app's store."""
    session = store.find(client.cookies.get(COOKIE))
    assert session is not None
    return session.game


@pytest.mark.parametrize("name", shipped_names())
def test_a_whole_game_is_played_through_the_data_action_elements(
        client: WebClient, store: SessionStore, read: Any, name: str) -> None:
    """Every mechanic of every shipped variant plays from the generic table: choosing a
    seeded random data-action on every page ends the game, and the data-action elements are
    exactly the legal actions the engine lists, each once, except after each hand: then the
    result panel (``#hand-result``) and its one action, ``continue`` (issue 25)."""
    rng = random.Random(name)
    page = read(_start(client, name, seed=11).text)
    panels = 0
    for _ in range(3000):
        if page.over:
            break
        game = _only_game(client, store)
        if len(game.state.hands_played) > panels:  # a hand ended since the last page
            assert page.actions == ["continue"] and "hand-result" in page.ids
            panels = len(game.state.hands_played)
            page = read(_act(client, page, "continue").text)
            assert "hand-result" not in page.ids
            continue
        assert sorted(page.actions) == sorted(game.state.legal_actions())
        assert not _hidden_cards(game.state, game.seat) & set(page.cards)
        response = _act(client, page, rng.choice(page.actions))
        assert response.status_code == 200, response.text
        page = read(response.text)
    assert page.over
    assert page.actions == [] and "hand-result" in page.ids and "play-again" in page.ids
    assert page.table["data-phase"] == "over"
    assert "You win the game" in page.text or "You lose" in page.text


def _hidden_cards(state: Any, seat: int) -> set[str]:
    """Codes of cards in the other seats' hands, which ``seat`` may not see (a lone maker's
    exposed hand apart; a code that is also in sight, the other copy in a double deck, too)."""
    h = state.hand
    part = ExposedView.find(state.view(seat))
    exposed = part.exposed if part else -1
    others = [h.hands[s] for s in range(state.variant.players) if s not in (seat, exposed)]
    in_sight = {C.card_name(c) for _, c in h.played} | set(C.names(h.hands[seat]))
    if h.upcard >= 0:
        in_sight.add(C.card_name(h.upcard))
    return {code for mask in others for code in C.names(mask)} - in_sight


def test_bad_names_get_404_and_reach_no_file(client: WebClient) -> None:
    _start(client)
    for path in ["/play/nosuch", "/play/..%2F..%2Fpyproject", "/play/standard.yaml",
                 "/rules/..%2Fpyproject.toml", "/rules/%2Fetc%2Fpasswd", "/static/app.py",
                 "/static/..%2Fapp.py", "/static/", "/nowhere", "/variants/standard.yaml"]:
        response = client.get(path)
        assert response.status_code == 404, path
        assert "Traceback" not in response.text
        assert 'id="error"' in response.text or "no such" in response.text


def test_an_illegal_action_is_400_with_the_reason(client: WebClient, read: Any) -> None:
    page = read(_start(client).text)
    response = _act(client, page, "play:AS")  # bidding: no card may be played yet
    assert response.status_code == 400
    assert "play:AS is not allowed" in response.text
    response = _act(client, page, "fly")
    assert response.status_code == 400
    assert "no such action" in response.text
    response = client.post("/act", data={"action": "pass", "at": str(int(page.at) + 1)})
    assert response.status_code == 409  # a form for another position
    assert _act(client, page, "pass").status_code == 200  # the game itself was not changed


def test_a_garbage_session_cookie_gets_a_new_session(client: WebClient) -> None:
    client.cookies.set(COOKIE, "garbage'<script>")
    response = client.get("/table")
    assert response.status_code == 200
    assert "no game in progress" in response.text
    assert "set-cookie" not in response.headers  # nothing to keep: no session is made
    assert "garbage" not in response.text
    assert client.post("/act", data={"action": "pass", "at": "0"}).status_code == 409
    response = client.get("/play/standard?seed=3", follow_redirects=False)
    new = response.cookies.get(COOKIE)
    assert new and new != "garbage'<script>" and len(new) >= 43  # 256 bits, base64
    cookie = response.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_two_sessions_cannot_see_or_change_each_others_games(
        new_client: Callable[[Any], WebClient], read: Any) -> None:
    store = SessionStore()
    app = create_app(store)
    alice, bob = new_client(app), new_client(app)
    page = read(_start(alice).text)
    assert alice.cookies.get(COOKIE) != bob.cookies.get(COOKIE)
    assert "no game in progress" in bob.get("/table").text
    assert "no game in progress" in bob.get("/record").text
    assert bob.post("/act", data={"action": "pass", "at": page.at}).status_code == 409
    assert bob.post("/hint", data={"at": page.at}).status_code == 409
    # Bob's own game is his: starting it leaves Alice's where it was.
    _start(bob, seed=4)
    assert read(alice.get("/table").text).text.count('data-action="') == len(page.actions)
    assert _only_game(alice, store).state.seed == 3
    assert _only_game(bob, store).state.seed == 4


def test_an_oversize_upload_is_refused(client: WebClient, read: Any) -> None:
    huge = "description: x\n" + "# " + "x" * (1024 * 1024) + "\n"
    response = client.post("/variant", data={"text": huge, "filename": "big.yaml"})
    assert response.status_code == 413
    # Within the form's limit but over a variant file's (256 KiB, as `euchre validate`).
    big = "description: x\n" + "# " + "x" * (300 * 1024) + "\n"
    response = client.post("/variant", data={"text": big, "filename": "big.yaml"})
    assert response.status_code == 400
    assert "larger than 256 KiB" in response.text
    response = client.post("/record", data={"text": "x" * (1100 * 1024), "mode": "replay"})
    assert response.status_code == 413
    response = client.post("/act", content=b"action=" + b"p" * 10_000,
                           headers={"content-type": "application/x-www-form-urlencoded"})
    assert response.status_code == 413


@pytest.mark.parametrize("name", ["schema-wrong-type", "syntax-error", "duplicate-key",
                                  "overlapping-table", "unknown-name"])
def test_a_broken_file_shows_its_errors_at_their_line_and_column(
        client: WebClient, read: Any, name: str) -> None:
    text = (BROKEN / f"{name}.yaml").read_text(encoding="utf-8")
    # Each broken file says where its first error is: `# expect: LINE:COL | message`.
    expect = re.match(r"# expect: (\d+):(\d+) \| (.*)", text)
    assert expect, name
    response = client.post("/variant", data={"text": text, "filename": f"{name}.yaml"})
    assert response.status_code == 400
    page = read(response.text)
    first = page.problems[0]
    assert (first["data-line"], first["data-column"]) == (expect[1], expect[2])
    assert re.search(r'<tr class="line bad" id="L' + expect[1] + '"', response.text)
    assert expect[3].strip()[:20] in response.text.replace("&#x27;", "'").replace("&quot;", '"')


def test_an_uploaded_file_may_not_name_a_path_in_extends(client: WebClient, read: Any) -> None:
    text = "extends: ../../pyproject.yaml\ndescription: reads a file of the server\n"
    response = client.post("/variant", data={"text": text, "filename": "sneaky.yaml"})
    assert response.status_code == 400
    first = read(response.text).problems[0]
    assert (first["data-line"], first["data-column"]) == ("1", "10")
    assert "names a shipped variant" in response.text


def test_a_valid_file_is_played_under_its_own_name(client: WebClient, read: Any) -> None:
    text = "extends: cutthroat\ndescription: Cutthroat to 5.\ngame: {target: 5}\n"
    response = client.post("/variant", data={"text": text, "filename": "my house.yaml"})
    assert response.status_code == 200
    assert 'id="verdict"' in response.text and "ok." in response.text
    assert client.get("/variant/rules").status_code == 200
    page = read(client.post("/variant/play").text)
    assert page.table["data-variant"] == "my-house"
    assert "(game to 5)" in page.text


def test_a_downloaded_record_replays_and_resumes_in_another_session(
        client: WebClient, new_client: Callable[[Any], WebClient], read: Any) -> None:
    page = read(_start(client, "ghost-hand", seed=8).text)
    rng = random.Random(8)
    while not page.over:  # the record holds the seed: it is saved once the game is over
        assert client.get("/record").status_code == 409
        page = read(_act(client, page, rng.choice(page.actions)).text)
    record = client.get("/record")
    assert record.headers["content-disposition"].startswith("attachment")
    final = replay(GameRecord.from_json(record.json()))  # the engine's own check of a record
    other = new_client(client.app)
    over = other.post("/record", data={"text": record.text, "mode": "resume"})
    assert over.status_code == 400 and "replay it instead" in over.text
    shown = other.post("/record", data={"text": record.text, "mode": "replay"})
    assert 'data-step="0"' in shown.text
    last = other.get(f"/replay?step={len(final.history)}")
    assert f'data-steps="{len(final.history)}"' in last.text
    assert other.get("/replay?step=9999999").status_code == 200  # past the end: the last step
    assert other.get("/replay?step=-1").status_code == 400
    edited = record.text.replace('"seed": 8', '"seed": 9')
    refused = other.post("/record", data={"text": edited, "mode": "replay"})
    assert refused.status_code == 400 and "cannot be used" in refused.text
    garbage = other.post("/record", data={"text": "{not json", "mode": "resume"})
    assert garbage.status_code == 400 and "line 1, column 2" in garbage.text
    # A game saved unfinished (at the terminal: `euchre play --save`) resumes where it was.
    state = new_game(load_variant("ghost-hand"), seed=8)
    for _ in range(12):
        state.apply(rng.choice(state.legal_action_ids()))
    saved = json.dumps(record_of(state).to_json())
    resumed = read(other.post("/record", data={"text": saved, "mode": "resume"}).text)
    assert resumed.table["data-variant"] == "ghost-hand"
    assert int(resumed.at) >= len(state.history)
    assert 'class="newgame"' in resumed.text


def test_the_hint_marks_one_legal_action(client: WebClient, read: Any) -> None:
    page = read(_start(client).text)
    hinted = read(client.post("/hint", data={"at": page.at}).text)
    assert len(hinted.hinted) == 1 and hinted.hinted[0] in page.actions
    assert f"Hint: the {BEST_BOT} bot would choose" in hinted.text


def test_every_shipped_rule_book_is_one_click_away(client: WebClient) -> None:
    index = client.get("/").text
    for name in shipped_names():
        assert f'href="/play/{name}"' in index and f'href="/rules/{name}"' in index
    book = client.get("/rules/cutthroat")
    assert book.status_code == 200 and "dummy" in book.text.lower()
    _start(client)
    assert 'href="/game/rules"' in client.get("/table").text
    assert client.get("/game/rules").status_code == 200


def test_serve_refuses_a_bad_port_and_a_port_in_use(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "99999"]) == 2
    assert "not a port number" in capsys.readouterr().err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 1
    err = capsys.readouterr().err
    assert f"cannot listen on 127.0.0.1:{port}" in err and "Traceback" not in err


def test_a_game_played_lately_is_never_pushed_out_by_a_new_session(
        new_client: Callable[[Any], WebClient]) -> None:
    """The store's policy (README, "Playing in a browser"): beyond its cap a new session
    pushes out a session without a game first, then a finished game, then a game idle for
    KEEP_SECONDS; a game played more lately never, and the new game is refused (503)."""
    now = [0.0]
    store = SessionStore(limit=2, clock=lambda: now[0])
    app = create_app(store)
    first, second, third = new_client(app), new_client(app), new_client(app)
    _start(first)
    second.post("/variant", data={"text": "extends: standard\ndescription: x\n"})
    assert len(store) == 2
    _start(third)  # the session holding only a checked file goes
    assert store.find(second.cookies.get(COOKIE)) is None
    assert second.get("/play/standard").status_code == 503  # two games, both played lately
    assert "try again later" in second.get("/play/standard").text
    now[0] += KEEP_SECONDS - 1
    assert first.get("/table").status_code == 200  # first plays on; third is left idle
    now[0] += 2
    _start(second)  # third's game, idle past KEEP_SECONDS, is the one that goes
    assert store.find(third.cookies.get(COOKIE)) is None
    assert store.find(first.cookies.get(COOKIE)) is not None


def test_serve_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: euchre serve") and "127.0.0.1" in out


def test_hostile_requests_get_4xx_with_a_message(client: WebClient) -> None:
    cases = [
        client.post("/record", data={"text": "[" * 200_000, "mode": "replay"}),  # deep JSON
        client.post("/record", data={"text": '{"format": "euchrekit-record"}', "mode": "x"}),
        client.post("/variant", content=b"text=\xff\xfe",
                    headers={"content-type": "application/x-www-form-urlencoded"}),
        client.post("/variant", content=b"{}", headers={"content-type": "application/json"}),
        client.post("/variant", data={f"k{i}": "v" for i in range(50)}),  # too many fields
        client.get("/act"),
        client.get("/play/standard?seed=-1"),
        client.get("/play/standard?seed=" + "9" * 40),
        client.get("/replay?step=1"),  # no record loaded in this session
    ]
    for response in cases:
        assert 400 <= response.status_code < 500, response.request.url
        assert "Traceback" not in response.text
        assert 'class="message" id="error"' in response.text


def test_the_last_trick_stays_on_the_table_after_the_bots_play_on(
        client: WebClient, store: SessionStore, read: Any) -> None:
    page = read(_start(client, seed=7).text)
    while True:
        state = _only_game(client, store).state
        done = sum(state.hand.tricks_won)
        if done >= 1 and state.phase == "play":
            break
        page = read(_act(client, page, page.actions[0]).text)
    # The hand keeps the cards played in order: with every seat in, trick k is the k-th run
    # of as many cards as seats play.
    active = state.variant.players - len(state.view(0).sitting_out)
    expected = [(C.card_name(c), C.pretty(c))
                for _, c in state.hand.played[(done - 1) * active:done * active]]
    section = re.search(r'<div class="last".*?</div>', page.text)
    assert section  # each card face up, with its code (issue 25, "The page's contract")
    assert re.findall(r'class="card [a-z]+" data-card="([^"]+)">([^<]+)<', section[0]) == expected


def _standard_winner(trick: list[str], trump: str) -> int:
    """The index of the card winning a trick of `standard` so far, worked out from the rule
    book: the right bower, the left bower (the jack of the same colour), then trump A K Q T 9;
    without trump, the highest card of the suit led (A K Q J T 9)."""
    left = {"H": "D", "D": "H", "C": "S", "S": "C"}[trump]

    def suit(card: str) -> str:
        return trump if card == f"J{left}" else card[1]

    def power(card: str) -> int:
        if card == f"J{trump}":
            return 100
        if card == f"J{left}":
            return 99
        order = "9TJQKA"
        return (50 if suit(card) == trump else 0) + order.index(card[0])

    led = suit(trick[0])
    return max((i for i, c in enumerate(trick) if suit(c) in (led, trump)),
               key=lambda i: power(trick[i]))


def test_the_card_winning_the_trick_so_far_is_marked(
        client: WebClient, store: SessionStore, read: Any) -> None:
    page = read(_start(client, seed=7).text)
    marked = 0
    for _ in range(200):
        state = _only_game(client, store).state
        if state.is_terminal():
            break
        trick = [C.card_name(c) for c in state.hand.trick]
        figures = re.findall(r'<figure class="played( winning)?"[^>]*>.*?</figure>',
                             page.text.split('class="trick"')[1].split("</div>")[0])
        if state.phase == "play" and state.hand.trump >= 0 and len(trick) > 1:
            trump = "CDHS"[state.hand.trump]
            assert [bool(f) for f in figures].count(True) == 1
            assert [bool(f) for f in figures].index(True) == _standard_winner(trick, trump)
            marked += 1
        else:
            assert not any(figures)
        page = read(_act(client, page, page.actions[0]).text)
    assert marked >= 3


def test_the_hint_says_why_in_a_few_words(client: WebClient, read: Any) -> None:
    page = read(_start(client, seed=3).text)
    hinted = read(client.post("/hint", data={"at": page.at}).text)
    # the best bot gives its reason with its choice (Bot.advise)
    line = re.search(r'<p class="hint-text"[^>]*>(.*?)</p>', hinted.text)
    assert line and "would choose" in line[1] and ": " in line[1].split("would choose")[1]


def test_the_favicon_is_served_and_every_page_names_it(client: WebClient) -> None:
    """Issue 22, item 17: a browser asks for /favicon.ico on every page; it must not 404."""
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.content.startswith(b"<svg") and b"</svg>" in icon.content
    for path in ["/", "/rules/standard", "/nowhere", "/play/standard?seed=3"]:
        text = client.get(path).text
        link = re.search(r'<link rel="icon" type="image/svg\+xml" href="([^"]+)">', text)
        assert link, path
        assert client.get(link[1]).content == icon.content


def test_the_hint_is_advice_in_words_with_the_numbers_behind_why(
        client: WebClient, read: Any) -> None:
    """Issue 25, "Hints in words": the hint says what the best bot would do and a reason a
    player understands; its figures (a share of sampled deals) only behind "why?"."""
    page = read(_start(client, seed=3).text)
    hinted = client.post("/hint", data={"at": page.at}).text
    line = re.search(r'<p class="hint-text"[^>]*>(.*?)</p>', hinted, re.S)
    assert line and "would choose" in line[1]
    assert "%" not in line[1] and "sampled" not in line[1] and "mean" not in line[1]
    numbers = re.search(r'<details class="hint-numbers"><summary>why\?</summary>(.*?)</details>',
                        hinted, re.S)
    assert numbers and re.search(r"best in \d+% of \d+ sampled deals", numbers[1])


def test_a_pasted_file_plays_under_its_own_name_with_new_game(
        client: WebClient, store: SessionStore, read: Any) -> None:
    """Issue 25, "The pages": a file pasted without a file name is named after the variant it
    builds on (not "pasted"), and its table offers New game, which deals again by its rules."""
    text = "extends: cutthroat\ndescription: Cutthroat to 5.\ngame: {target: 5}\n"
    assert client.post("/variant", data={"text": text, "filename": ""}).status_code == 200
    page = read(client.post("/variant/play").text)
    assert page.table["data-variant"] == "cutthroat-house" and "pasted" not in page.text
    assert 'form="again"' in page.text
    first = _only_game(client, store)
    again = read(client.post("/game/again", data={"at": page.at}).text)
    assert again.table["data-variant"] == "cutthroat-house" and "(game to 5)" in again.text
    second = _only_game(client, store)
    assert second is not first and second.state.variant is first.state.variant  # a new deal


def test_the_index_puts_standard_first_and_groups_the_families(client: WebClient) -> None:
    text = client.get("/").text
    families = re.findall(r'<section class="family" id="family-([a-z-]+)">', text)
    # The shipped files' `extends:` lines (variants/*.yaml) make these families: standard's
    # house rules, and the variants of their own with theirs.
    assert families[0] == "standard" and sorted(families[1:]) == families[1:]
    assert {"cutthroat", "bid-euchre", "ghost-hand"} <= set(families)
    first = re.search(r'<a class="play" href="/play/([a-z0-9-]+)"', text)
    assert first and first[1] == "standard"
    standard = text.split('id="family-standard"')[1].split("</section>")[0]
    assert "/play/railroad-jamboree" in standard and "/play/cutthroat" not in standard
    assert 'id="friends-form"' in text and "seat 0" not in text.lower().replace("seat 0 ", "")


def test_the_rule_book_is_a_web_page_with_one_title(client: WebClient) -> None:
    text = client.get("/rules/standard").text
    assert "<pre" not in text and text.count("<h1>") == 1
    assert text.count("The rules of standard") == 1  # the page's heading, not doubled
    sections = re.findall(r"<h2>(\d+)\. ([^<]+)</h2>", text)
    assert len(sections) >= 5 and [int(n) for n, _ in sections] == list(
        range(1, len(sections) + 1))
    assert "phase `" not in text  # the variant file's keys stay in `euchre rules`
    assert '<details class="other"><summary>Other choice</summary>' in text


def test_buttons_speak_a_players_words(client: WebClient, store: SessionStore,
                                       read: Any) -> None:
    """Issue 25, "Words for players": no action code or internal label on a button (no
    `order_up`, `call:H`, `pass / alone`); a defender asked to go alone is asked to defend
    alone."""
    seen: set[str] = set()
    for name, seed in (("standard", 3), ("cutthroat", 2), ("bid-euchre", 4)):
        rng = random.Random(name)
        page = read(_start(client, name, seed=seed).text)
        if page.table.get("data-over") is None:
            page = read(client.post(f"/play/{name}", data={"seed": str(seed)}).text)
        for _ in range(150):
            if page.over:
                break
            for label in re.findall(r'<button name="action" value="[^"]*" data-action="[^"]*"'
                                    r'[^>]*>(.*?)</button>', page.text):
                words = re.sub(r"<[^>]+>", "", label)
                assert "_" not in words and not re.search(r"\w:\w", words), (name, words)
                assert "/" not in words, (name, words)
                seen.add(words)
            response = _act(client, page, rng.choice(page.actions))
            page = read(response.text)
    assert {"order up", "pass"} <= seen
    game = _only_game(client, store)
    assert game is not None
