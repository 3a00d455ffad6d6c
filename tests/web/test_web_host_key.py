"""What protects a table on a server open to the network (issue 25, "Done when": "what protects
a table"): ``euchre serve --host`` beyond loopback makes a host key and prints it in a link;
only a browser that opened that link (the key kept in a cookie) or a program posting it makes
a table; no key or a wrong one gets a 403 page that says what to do; the invite links work for
the invited, who hold no host key; on loopback ``POST /tables`` with ``variant`` and ``people``
stays as the page's contract says.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from engine.cli import main
from engine.testing.web_client import WebClient
from engine.web.app import create_app
from engine.web.host_key import HOST_COOKIE
from engine.web.tables import TableStore

KEY = "k3y-0f-th3-h0st-" + "x" * 27
TABLE = {"variant": "standard", "people": "2,0"}


@pytest.fixture
def guarded() -> Any:
    """The app of a server open to the network, with the host key KEY (its tables dealt from
    seed 5)."""
    return create_app(tables=TableStore(seeds=lambda: 5), host_key=KEY)


def test_on_loopback_anyone_makes_a_table_with_variant_and_people(
        client: WebClient, read: Callable[[str], Any]) -> None:
    made = client.post("/tables", data={"variant": "standard", "people": "0,1"})
    assert made.status_code == 200 and read(made.text).table["data-seat"] == "0"
    assert 'id="host-only"' not in client.get("/").text


def test_no_key_or_a_wrong_key_is_refused_with_a_page_that_says_why(
        guarded: Any, new_client: Callable[[Any], WebClient]) -> None:
    stranger = new_client(guarded)
    # The index says only the host makes tables here, and how he does.
    assert 'id="host-only"' in stranger.get("/").text
    refused = stranger.post("/tables", data=TABLE)
    assert refused.status_code == 403
    assert "only the host may make a table" in refused.text and "invite link" in refused.text
    assert "Traceback" not in refused.text
    wrong = stranger.post("/tables", data={**TABLE, "key": KEY[:-1] + "y"})
    assert wrong.status_code == 403 and "the host key is not right" in wrong.text
    stranger.cookies.set(HOST_COOKIE, "guess")
    assert stranger.post("/tables", data=TABLE).status_code == 403
    # A wrong key in a link is refused too, and sets no cookie.
    link = stranger.get("/?key=guess", follow_redirects=False)
    assert link.status_code == 403 and "host key is not right" in link.text
    assert HOST_COOKIE not in link.headers.get("set-cookie", "")


def test_the_hosts_link_keeps_the_key_in_a_cookie_and_he_makes_tables(
        guarded: Any, new_client: Callable[[Any], WebClient],
        read: Callable[[str], Any]) -> None:
    host = new_client(guarded)
    opened = host.get(f"/?key={KEY}", follow_redirects=False)
    # On to the same page without the key in its address; the key in an HttpOnly cookie.
    assert opened.status_code == 303 and opened.headers["location"] == "/"
    cookie = opened.headers["set-cookie"]
    assert cookie.startswith(f"{HOST_COOKIE}={KEY}") and "HttpOnly" in cookie
    assert 'id="host-only"' not in host.get("/").text
    page = read(host.post("/tables", data=TABLE).text)
    assert page.table["data-seat"] == "2"
    # A program may post the key instead.
    program = new_client(guarded)
    assert program.post("/tables", data={**TABLE, "key": KEY}).status_code == 200


def test_the_invited_friend_needs_no_host_key(
        guarded: Any, new_client: Callable[[Any], WebClient],
        read: Callable[[str], Any]) -> None:
    host, friend = new_client(guarded), new_client(guarded)
    made = host.post("/tables", data={**TABLE, "key": KEY})
    links = dict(re.findall(r'data-invite-seat="(\d+)" href="([^"]+)"', made.text))
    joined = friend.get(links["0"].replace("&amp;", "&"))
    assert joined.status_code == 200
    seat = read(joined.text)
    assert seat.table["data-seat"] == "0"
    # His seat's token opens the table's pages (the page, its version), as it did before.
    assert friend.get(f"{joined.url}/version").status_code == 200
    # ... but he makes no table of his own.
    assert friend.post("/tables", data=TABLE).status_code == 403


def test_serve_prints_the_hosts_link_beyond_loopback_only(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import uvicorn  # noqa: PLC0415 - the web extra, as serve imports it

    made: list[Any] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: made.append(self.config))
    # uvicorn.Config points its loggers at the sys.stderr of the moment: here capsys's, closed
    # after this test, which broke every later test of the worker.
    monkeypatch.setattr(uvicorn.Config, "configure_logging", lambda self: None)
    assert main(["serve", "--port", "0"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"http://127\.0\.0\.1:\d+/ \(Ctrl-C", out) and "key=" not in out
    assert main(["serve", "--host", "0.0.0.0", "--port", "0"]) == 0
    out = capsys.readouterr().out
    key = re.search(r"http://[^/\s]+:\d+/\?key=([A-Za-z0-9_-]{43}) ", out)
    assert key and "no TLS" in out and "invite link" in out
    # The app it serves makes tables for that key, and for no other.
    app = made[-1].app
    with WebClient(app) as c:
        assert c.post("/tables", data=TABLE).status_code == 403
        assert c.post("/tables", data={**TABLE, "key": key[1]}).status_code == 200


def test_at_the_end_only_the_host_is_offered_a_new_table(
        guarded: Any, new_client: Callable[[Any], WebClient],
        read: Callable[[str], Any]) -> None:
    host, friend = new_client(guarded), new_client(guarded)
    made = host.post("/tables", data={**TABLE, "key": KEY})
    links = dict(re.findall(r'data-invite-seat="(\d+)" href="([^"]+)"', made.text))
    url = str(friend.get(links["0"].replace("&amp;", "&")).url)
    for _ in range(3000):  # each plays the first thing offered until the game is over
        pages = [(c, read(c.get(url).text)) for c in (host, friend)]
        if all(page.over for _, page in pages):
            break
        for c, page in pages:
            if page.actions:
                c.post(f"{url}/act", data={"action": page.actions[0], "at": page.at})
                break
    host_end, friend_end = (read(c.get(url).text) for c in (host, friend))
    assert host_end.over and friend_end.over
    # The host may make the next table (the same seats); the friend is told who does.
    assert 'id="play-again"' in host_end.text and 'formaction="/tables"' in host_end.text
    assert 'id="play-again"' not in friend_end.text and "play-again-host" in friend_end.ids
