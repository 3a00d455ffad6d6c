"""Tables for several people over HTTP (Starlette's WebClient), issue 25, "Tables for several
people" and "The page's contract": ``POST /tables`` keeps seats for people, the creator's page
has an invite link per other kept seat (``data-invite-seat``), the first browser to open it
takes the seat (a token in a cookie) and nobody else can; a forged token, or one of another
table, is refused; of two posts at once for one seat only one counts; the limits on tables and
on listening pages; each page is drawn for its own seat and never shows another's hidden cards;
the record of a shared table saves and replays.
"""

from __future__ import annotations

import json
import random
import re
import threading
from collections.abc import Callable
from typing import Any

import pytest

from engine.core import cards as C
from engine.mechanics.play_exposed import ExposedView
from engine.testing.web_client import WebClient
from engine.web.app import create_app
from engine.web.table_routes import SEAT_COOKIE
from engine.web.tables import TableStore

Read = Callable[[str], Any]


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _app(**limits: Any) -> tuple[Any, TableStore]:
    """The app and its store of tables, every table dealt from seed 5 (the server's choice: a
    table for several people takes no seed from its creator)."""
    tables = TableStore(stream_seconds=0.3, seeds=lambda: 5, **limits)
    return create_app(tables=tables), tables


def _create(client: WebClient, variant: str = "standard", people: str = "0,2") -> Any:
    response = client.post("/tables", data={"variant": variant, "people": people})
    assert response.status_code == 200, response.text[:400]
    return response


def _invites(text: str) -> dict[int, str]:
    return {int(seat): href.replace("&amp;", "&") for seat, href in
            re.findall(r'data-invite-seat="(\d+)" href="([^"]+)"', text)}


def _hidden_cards(state: Any, seat: int) -> set[str]:
    """Codes of cards in the other seats' hands, which ``seat`` may not see (a lone maker's
    exposed hand apart; a code also in sight, as the other copy of a double deck, too)."""
    h = state.hand
    part = ExposedView.find(state.view(seat))
    exposed = part.exposed if part else -1
    others = [h.hands[s] for s in range(state.variant.players) if s not in (seat, exposed)]
    in_sight = {C.card_name(c) for _, c in h.played} | set(C.names(h.hands[seat]))
    if h.upcard >= 0:
        in_sight.add(C.card_name(h.upcard))
    return {code for mask in others for code in C.names(mask)} - in_sight


@pytest.mark.parametrize(("variant", "people"), [("standard", "0,2"), ("cutthroat", "1,0")])
def test_two_people_at_one_table_play_a_whole_game_each_seeing_only_his_own_cards(
        read: Read, new_client: Callable[..., WebClient], variant: str, people: str) -> None:
    app, tables = _app()
    creator, friend = new_client(app), new_client(app)
    first, second = (int(s) for s in people.split(","))
    page = read(_create(creator, variant, people).text)
    assert page.table["data-seat"] == str(first)  # the creator sits in the first listed seat
    links = _invites(page.text)
    assert list(links) == [second]
    joined = friend.get(links[second])
    assert joined.status_code == 200 and str(joined.url).endswith(page.table["data-table"])
    (table,) = tables._tables.values()
    clients = {first: creator, second: friend}
    rng = random.Random(variant)
    moves = 0
    read_results = {first: 0, second: 0}
    while not table.state.is_terminal():
        pages = {seat: read(c.get(f"/t/{table.id}").text) for seat, c in clients.items()}
        state = table.state
        for seat, panel in list(pages.items()):
            if len(state.hands_played) > read_results[seat]:  # each reads the hand's result
                assert panel.actions == ["continue"] and "hand-result" in panel.ids
                assert not _hidden_cards(state, seat) & set(panel.cards), (seat, moves)
                assert clients[seat].post(f"/t/{table.id}/act", data={
                    "action": "continue", "at": panel.at}).status_code == 200
                read_results[seat] = len(state.hands_played)
                pages[seat] = read(clients[seat].get(f"/t/{table.id}").text)
        for seat, seen in pages.items():
            assert seen.table["data-seat"] == str(seat)
            assert not _hidden_cards(state, seat) & set(seen.cards), (seat, moves)
            mine = state.current_player == seat
            # Only the seat to act is offered actions, exactly the engine's legal ones.
            assert sorted(seen.actions) == (sorted(state.legal_actions()) if mine else [])
        to_act = state.current_player
        assert to_act in clients  # the bots played their seats up to a person
        seen = pages[to_act]
        response = clients[to_act].post(f"/t/{table.id}/act", data={
            "action": rng.choice(seen.actions), "at": seen.at})
        assert response.status_code == 200, response.text[:400]
        moves += 1
        assert moves < 2000
    for c in clients.values():
        end = read(c.get(f"/t/{table.id}").text)
        assert end.over and end.actions == [] and "hand-result" in end.ids
        assert "You win the game" in end.text or "You lose" in end.text
    # The record of a shared table saves and replays like any other, in another browser.
    saved = friend.get(f"/t/{table.id}/record")
    assert saved.status_code == 200
    record = saved.json()
    assert record["table"]["human"] == second and record["result"]["over"] is True
    other = new_client(app)
    replayed = other.post("/record", data={"text": json.dumps(record), "mode": "replay"})
    assert replayed.status_code == 200 and 'id="replay"' in replayed.text


def test_a_forged_token_or_another_tables_token_is_refused(
        read: Read, new_client: Callable[..., WebClient]) -> None:
    app, tables = _app()
    alice, bob = new_client(app), new_client(app)
    mine = read(_create(alice).text).table["data-table"]
    theirs = read(_create(bob).text).table["data-table"]
    bobs_token = tables._tables[theirs].tokens[0]
    page = read(alice.get(f"/t/{mine}").text)
    stranger = new_client(app)
    for token in (None, "x" * 43, bobs_token, tables._tables[mine].tokens[0] + "x"):
        headers = {} if token is None else {"cookie": f"{SEAT_COOKIE}={token}"}
        for response in (stranger.get(f"/t/{mine}", headers=headers),
                         stranger.get(f"/t/{mine}/events", headers=headers),
                         stranger.get(f"/t/{mine}/version", headers=headers),
                         stranger.post(f"/t/{mine}/act", headers=headers, data={
                             "action": page.actions[0], "at": page.at}),
                         stranger.post(f"/t/{mine}/hint", headers=headers,
                                       data={"at": page.at})):
            assert response.status_code == 403, (token, response.request.url)
            assert "no seat at this table" in response.text and "Traceback" not in response.text
    assert read(alice.get(f"/t/{mine}").text).at == page.at  # nothing moved
    # A cross-site post with the right cookie is refused too (the guard of every post).
    response = alice.post(f"/t/{mine}/act", data={"action": page.actions[0], "at": page.at},
                          headers={"origin": "http://evil.example"})
    assert response.status_code == 403 and "another site" in response.text
    assert read(alice.get(f"/t/{mine}").text).at == page.at


def test_a_seat_is_taken_once_and_its_holder_comes_back_by_the_same_link(
        read: Read, new_client: Callable[..., WebClient]) -> None:
    app, tables = _app()
    creator, friend, late = new_client(app), new_client(app), new_client(app)
    page = read(_create(creator, people="0,1,3").text)
    links = _invites(page.text)
    assert sorted(links) == [1, 3]
    table = tables._tables[page.table["data-table"]]
    assert "not yet joined" in page.text
    # A seat not yet taken waits: no bot plays it. The creator (seat 0) passes until seat 1,
    # a person's seat nobody has taken, is to act; the game then stands there.
    while table.state.current_player == 0:
        page = read(creator.post(f"/t/{table.id}/act", data={
            "action": "pass", "at": page.at}).text)
    if table.state.current_player == 1:
        standing = len(table.state.history_ids)
        page = read(creator.get(f"/t/{table.id}").text)
        assert "has not joined yet" in page.text and page.actions == []
        assert len(table.state.history_ids) == standing
    wrong = links[1].replace("key=", "key=x")
    assert friend.get(wrong).status_code == 403  # a key made up is no invitation
    assert friend.get(links[1]).status_code == 200
    token = table.tokens[1]
    assert late.get(links[1]).status_code == 409  # the seat is someone else's now
    assert creator.get(links[1]).status_code == 409  # even the creator's browser
    # The creator following a link not yet taken keeps his own seat: one seat per browser.
    taken = creator.get(links[3])
    assert taken.status_code == 409 and "already sits at this table" in taken.text
    assert 3 not in table.tokens and read(creator.get(f"/t/{table.id}").text).table[
        "data-seat"] == "0"
    assert table.tokens[1] == token
    again = friend.get(links[1])  # the friend closed the page: the same link brings him back
    assert again.status_code == 200 and read(again.text).table["data-seat"] == "1"
    assert table.tokens[1] == token
    assert friend.get(f"/t/{table.id}/join/2?key=x").status_code == 404  # a bot's seat
    assert friend.get(f"/t/{table.id}/join/0?key=x").status_code == 404  # the creator's


def test_of_two_posts_at_once_for_one_seat_only_one_counts(
        read: Read, new_client: Callable[..., WebClient]) -> None:
    """Two tabs of one seat post the same page's action at the same moment, each request in
    a thread of its own (each WebClient runs the app in its own event loop thread)."""
    app, tables = _app()
    creator = new_client(app)
    page = read(_create(creator, people="0").text)
    table = tables._tables[page.table["data-table"]]
    cookie = {"cookie": f"{SEAT_COOKIE}={table.tokens[0]}"}
    tabs = [new_client(app) for _ in range(2)]
    before = len(table.state.history_ids)
    start = threading.Barrier(2)
    codes: list[int] = []

    def post(tab: WebClient) -> None:
        start.wait()
        response = tab.post(f"/t/{table.id}/act", headers=cookie, follow_redirects=False,
                            data={"action": page.actions[0], "at": page.at})
        codes.append(response.status_code)

    threads = [threading.Thread(target=post, args=(tab,)) for tab in tabs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(codes) == [303, 409]
    # One action of the person, then the three bots' until his next turn or more: the game
    # moved on from the one post only (the second was out of date).
    assert table.games[0].state.history[before] == page.actions[0]
    assert table.version == 1


@pytest.mark.parametrize("people", ["0,0", "4", "", "0;2", "-1", "0," * 20])
def test_a_bad_people_field_is_refused_with_the_reason(
        new_client: Callable[..., WebClient], people: str) -> None:
    app, tables = _app()
    response = new_client(app).post("/tables", data={"variant": "standard", "people": people})
    assert response.status_code in (400, 413), response.text[:300]
    assert "Traceback" not in response.text
    assert len(tables) == 0
    unknown = new_client(app).post("/tables", data={"variant": "../x", "people": "0"})
    assert unknown.status_code == 404


def test_a_table_for_several_people_takes_no_seed_from_its_creator(
        new_client: Callable[..., WebClient]) -> None:
    # The seed deals every hand: a creator who chose it would know his friend's cards.
    app, tables = _app()
    client = new_client(app)
    refused = client.post("/tables", data={"variant": "standard", "people": "0,2",
                                           "seed": "9"})
    assert refused.status_code == 400 and "leave the seed out" in refused.text
    assert len(tables) == 0
    # Alone with bots he may choose it, as for a game against bots (/play).
    alone = client.post("/tables", data={"variant": "standard", "people": "0", "seed": "9"})
    assert alone.status_code == 200
    (table,) = tables._tables.values()
    assert table.state.seed == 9


def test_tables_are_limited_and_an_idle_table_is_forgotten(
        read: Read, new_client: Callable[..., WebClient]) -> None:
    clock = Clock()
    app, tables = _app(limit=1, idle=3600.0, keep=600.0, clock=clock)
    alice, bob = new_client(app), new_client(app)
    first = read(_create(alice).text).table["data-table"]
    refused = bob.post("/tables", data={"variant": "standard", "people": "0"})
    assert refused.status_code == 503 and "try again later" in refused.text
    clock.now += 601  # nobody played at the first table for ten minutes: it may make room
    second = read(_create(bob).text).table["data-table"]
    assert alice.get(f"/t/{first}").status_code == 404
    clock.now += 3601  # nobody touched the second for an hour: forgotten
    gone = bob.get(f"/t/{second}")
    assert gone.status_code == 404 and "forgotten" in gone.text and len(tables) == 0


def test_the_page_listens_for_changes_and_listeners_are_limited(
        read: Read, new_client: Callable[..., WebClient]) -> None:
    app, tables = _app(streams_per_seat=1)
    alice = new_client(app)
    page = read(_create(alice, people="0").text)
    tid = page.table["data-table"]
    assert page.table["data-events"] == f"/t/{tid}/events"
    assert page.table["data-version"] == "0"
    first = alice.get(f"/t/{tid}/events")  # the stream ends after 0.3 s in this app
    assert first.headers["content-type"].startswith("text/event-stream")
    assert first.text.split("\n\n")[:2] == ["retry: 1000", "data: 0"]
    assert alice.post(f"/t/{tid}/act", data={"action": page.actions[0],
                                             "at": page.at}).status_code == 200
    assert alice.get(f"/t/{tid}/version").text == "1"
    assert "data: 1" in alice.get(f"/t/{tid}/events").text
    # While one stream is open, the seat's second one is refused.
    other = new_client(app)
    codes: list[int] = []
    opened = threading.Thread(target=lambda: codes.append(other.get(
        f"/t/{tid}/events", headers={"cookie": f"{SEAT_COOKIE}={tables._tables[tid].tokens[0]}"}
    ).status_code))
    opened.start()
    for _ in range(100):
        if tables.open_streams:
            break
        threading.Event().wait(0.01)
    assert tables.open_streams == 1
    refused = alice.get(f"/t/{tid}/events")
    assert refused.status_code == 503 and "close a tab" in refused.text
    opened.join(10)
    assert codes == [200] and tables.open_streams == 0


def test_a_checked_variant_file_is_played_with_friends(
        read: Read, new_client: Callable[..., WebClient]) -> None:
    app, tables = _app()
    creator, friend = new_client(app), new_client(app)
    refused = creator.post("/tables", data={"source": "checked", "people": "0,1"})
    assert refused.status_code == 409  # nothing checked in this browser yet
    text = "extends: cutthroat\ndescription: Cutthroat to 5.\ngame: {target: 5}\n"
    assert creator.post("/variant", data={"text": text, "filename": "ours.yaml"}
                        ).status_code == 200
    page = read(creator.post("/tables", data={"source": "checked", "people": "0,1"}).text)
    assert page.table["data-variant"] == "ours" and "(game to 5)" in page.text
    joined = read(friend.get(_invites(page.text)[1]).text)
    assert joined.table["data-variant"] == "ours" and joined.table["data-seat"] == "1"
    assert len(tables) == 1  # the refused post made no table
