"""Fixtures of the browser table's tests: an in-process client, a page reader, a live server.

The HTTP tests drive the app in this thread (engine/testing/web_client.py); the browser tests
through a real server (uvicorn, in a thread of this process, on a free loopback port) and
Debian's Chromium.
Without the ``web`` extra these tests are skipped with the reason (``make test`` requires it,
so there a missing extra fails the run instead: tests/conftest.py).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the browser table needs the web extra "
                    "(pip install -e '.[web]')")
pytest.importorskip("httpx", reason="the HTTP tests' client is httpx's (the test extra)")

import uvicorn

from engine.cli.serve_command import listen
from engine.testing.web_client import WebClient, start_tags
from engine.web.app import create_app
from engine.web.sessions import SessionStore


class Page:
    """What the tests read from a page: the table's attributes, every ``data-action`` in
    document order, every card shown (``data-card``), and the problems of a variant check."""

    def __init__(self, text: str) -> None:
        self.table: dict[str, str] = {}
        self.actions: list[str] = []
        self.cards: list[str] = []
        self.problems: list[dict[str, str]] = []
        self.hinted: list[str] = []
        self.ids: set[str] = set()
        self.text = text
        for _, attrs in start_tags(text):
            self.handle(attrs)

    def handle(self, a: dict[str, str]) -> None:
        if "id" in a:
            self.ids.add(a["id"])
        if a.get("id") == "table":
            self.table = a
        if "data-action" in a:
            self.actions.append(a["data-action"])
        if "data-hinted" in a:
            self.hinted.append(a.get("data-action", ""))
        if "data-card" in a:
            self.cards.append(a["data-card"])
        if "problem" in a.get("class", "").split():
            self.problems.append(a)

    @property
    def over(self) -> bool:
        return self.table.get("data-over") == "true"

    @property
    def at(self) -> str:
        """The position the table's form is for (``at``)."""
        marker = 'name="at" value="'
        start = self.text.index(marker) + len(marker)
        return self.text[start:self.text.index('"', start)]


@pytest.fixture
def store() -> SessionStore:
    """The session store of the ``client`` fixture's app (tests read games from it)."""
    return SessionStore()


@pytest.fixture
def client(store: SessionStore) -> Iterator[WebClient]:
    """A browser of its own against a fresh app (its own cookie jar)."""
    with WebClient(create_app(store)) as c:
        yield c


@pytest.fixture
def new_client() -> Iterator[Callable[..., WebClient]]:
    """``new_client(app)``: another browser, with its own cookie jar, of the same app."""
    made: list[WebClient] = []

    def make(app: Any) -> WebClient:
        c = WebClient(app)
        made.append(c)
        return c

    yield make
    for c in made:
        c.close()


@pytest.fixture(scope="session")
def read() -> Callable[[str], Page]:
    """``read(html)``: a :class:`Page` (test modules do not import from conftest)."""
    return Page


@pytest.fixture(scope="session")
def live_server() -> Iterator[str]:
    """A real server (uvicorn) in a thread; its base URL."""
    sock = listen("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.started, "the server did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)
    sock.close()

