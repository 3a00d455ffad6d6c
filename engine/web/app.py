"""The web app: routes, the session cookie, forms read within limits, errors as pages.

Every request belongs to a session found by its cookie alone (:mod:`engine.web.sessions`); a
request without one, or with one this server does not know, gets a new session. No request
path reaches the file system: shipped variants are looked up by name in the list of shipped
names, and the static files are held in memory. Forms are read as
``application/x-www-form-urlencoded`` up to a size limit (413 beyond it). A bad request gets a
4xx page that says what was wrong; an error of the server itself a 500 page without a
traceback.
"""

from __future__ import annotations

import functools
import json
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from engine.core.errors import EuchreError, IllegalActionError, RecordError
from engine.rules.loader import load_variant, shipped_names
from engine.rules.variant import Variant
from engine.rules.yamlsource import MAX_FILE_BYTES
from engine.web.game import WebGame
from engine.web.html import STATIC_FILES, page
from engine.web.pages import error_page, index_page, replay_page, rules_page, variant_page
from engine.web.sessions import COOKIE, MAX_RECORD_TEXT, Session, SessionStore
from engine.web.table import table_html
from engine.web.uploads import check_record_text, check_variant_text

__all__ = ["create_app"]

MAX_FORM = 4096
"""Largest body of a form that carries no file (an action, a hint)."""
MAX_SEED = 2**63 - 1
_STATIC = {name: (STATIC_FILES[name], kind)
           for name, kind in (("table.css", "text/css"), ("table.js", "text/javascript"))}
_HEADERS = [(b"content-security-policy",
             b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"),
            (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"same-origin")]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGI = Callable[[Scope, Receive, Send], Awaitable[None]]


def create_app(store: SessionStore | None = None) -> ASGI:
    """The app, with its own session store (a fresh one unless given)."""
    sessions = store if store is not None else SessionStore()
    routes = [
        Route("/", _index), Route("/play/{name}", _play), Route("/table", _table),
        Route("/act", _act, methods=["POST"]), Route("/hint", _hint, methods=["POST"]),
        Route("/record", _download), Route("/record", _upload_record, methods=["POST"]),
        Route("/variant", _check_variant, methods=["POST"]),
        Route("/variant/play", _play_custom, methods=["POST"]),
        Route("/variant/rules", _custom_rules), Route("/rules/{name}", _shipped_rules),
        Route("/game/rules", _game_rules), Route("/replay", _replay),
        Route("/static/{name}", _static),
    ]
    app = Starlette(routes=routes, exception_handlers={
        HTTPException: _http_error, Exception: _server_error})
    return _with_session(app, sessions)


def _with_session(app: ASGI, sessions: SessionStore) -> ASGI:
    """Find (or make) the request's session, put it in ``request.state.session``, set the
    cookie of a new one, and add the security headers to every response."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        cookie = b""
        fresh = False
        if not scope["path"].startswith("/static/"):
            session, fresh = sessions.get(Request(scope).cookies.get(COOKIE))
            scope.setdefault("state", {})["session"] = session
            cookie = (f"{COOKIE}={session.id}; Path=/; HttpOnly; SameSite=Lax").encode()

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", [])) + _HEADERS
                if fresh:
                    headers.append((b"set-cookie", cookie))
                message["headers"] = headers
            await send(message)

        await app(scope, receive, send_with_headers)

    return wrapped


# -- helpers -------------------------------------------------------------------------------


def _session(request: Request) -> Session:
    session: Session = request.state.session
    return session


def _game(request: Request) -> WebGame:
    game = _session(request).game
    if game is None:
        raise HTTPException(409, "there is no game in progress in this browser session: "
                                 "choose a variant first")
    return game


def _html(text: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(text, status_code=status)


def _to_table() -> RedirectResponse:
    return RedirectResponse("/table", status_code=303)


async def _form(request: Request, limit: int) -> dict[str, str]:
    """The urlencoded form of a POST, read up to ``limit`` bytes (413 beyond)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        raise HTTPException(415, "send the form as application/x-www-form-urlencoded")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise HTTPException(413, f"the form is larger than {limit:,} bytes")
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise HTTPException(413, f"the form is larger than {limit:,} bytes")
    except ClientDisconnect:  # the browser went away mid-request: nothing to answer
        raise HTTPException(400, "the request was cut off") from None
    try:
        fields = parse_qs(body.decode("ascii"), keep_blank_values=True, strict_parsing=False,
                          encoding="utf-8", errors="strict", max_num_fields=8)
    except (UnicodeDecodeError, ValueError):
        raise HTTPException(400, "the form is not valid urlencoded UTF-8 text") from None
    return {key: values[0] for key, values in fields.items()}


def _variant_named(name: str) -> Variant:
    """A shipped variant by name (404 for any other name: nothing else is looked up)."""
    if name not in _names():
        raise HTTPException(404, f"there is no shipped variant named {name[:60]!r}")
    return _shipped(name)


@functools.cache
def _names() -> tuple[str, ...]:
    """The shipped names, listed once per server (restart it to see a new file)."""
    return tuple(shipped_names())


@functools.cache
def _shipped(name: str) -> Variant:
    """A shipped variant, compiled once per server (a Variant is frozen: games share it)."""
    return load_variant(name)


# -- routes --------------------------------------------------------------------------------


async def _index(request: Request) -> Response:
    game = _session(request).game
    variants = [(name, _shipped(name).description) for name in _names()]
    return _html(index_page(variants, playing=game.state.variant.name if game else ""))


async def _play(request: Request) -> Response:
    variant = _variant_named(request.path_params["name"])
    text = request.query_params.get("seed")
    if text is None:
        seed = secrets.randbelow(1_000_000)
    elif text.isascii() and text.isdigit() and len(text) <= 19 and int(text) <= MAX_SEED:
        seed = int(text)
    else:
        raise HTTPException(400, f"seed must be a whole number from 0 to {MAX_SEED}")
    _session(request).game = WebGame.start(variant, seed=seed)
    return _to_table()


async def _table(request: Request) -> Response:
    game = _session(request).game
    if game is None:
        return _html(page("Euchre", '<main class="index"><p>There is no game in progress in '
                          'this browser session. <a href="/">Choose a variant</a>.</p></main>'))
    return _html(page(game.state.variant.name, table_html(game)))


def _check_position(game: WebGame, form: dict[str, str]) -> None:
    at = form.get("at", "")
    if at != str(len(game.state.history_ids)):
        raise HTTPException(409, "that page was out of date: the game has moved on since "
                                 "(reload the table)")


async def _act(request: Request) -> Response:
    form = await _form(request, MAX_FORM)
    game = _game(request)
    action = form.get("action", "")
    if not action or len(action) > 40:
        raise HTTPException(400, "no action was chosen")
    _check_position(game, form)
    try:
        game.play(action)
    except IllegalActionError as exc:
        raise HTTPException(400, f"{exc.action} is not allowed: {exc.reason}") from None
    return _to_table()


async def _hint(request: Request) -> Response:
    form = await _form(request, MAX_FORM)
    game = _game(request)
    _check_position(game, form)
    if game.state.is_terminal():
        raise HTTPException(400, "the game is over: there is nothing to hint")
    game.hint = game.hint_for()
    return _to_table()


async def _download(request: Request) -> Response:
    game = _game(request)
    text = json.dumps(game.record(), indent=1) + "\n"
    name = f"{game.state.variant.name}-seed{game.state.seed}.json"
    return Response(text, media_type="application/json", headers={
        "content-disposition": f'attachment; filename="{name}"'})


async def _upload_record(request: Request) -> Response:
    form = await _form(request, 3 * MAX_RECORD_TEXT)
    text = form.get("text", "")
    if len(text.encode("utf-8", errors="surrogateescape")) > MAX_RECORD_TEXT:
        raise HTTPException(413, f"the record is larger than {MAX_RECORD_TEXT // 1024} KiB")
    mode = form.get("mode", "")
    if mode not in ("resume", "replay"):
        raise HTTPException(400, "choose to resume the game or to replay it")
    try:
        record, final = check_record_text(text)
    except RecordError as exc:
        raise HTTPException(400, f"the record cannot be used: {exc}") from None
    session = _session(request)
    if mode == "replay":
        session.replay = record
        return RedirectResponse("/replay?step=0", status_code=303)
    if final.is_terminal():
        raise HTTPException(400, "that game is over; replay it instead")
    session.game = WebGame.resume(record, final)
    return _to_table()


async def _replay(request: Request) -> Response:
    record = _session(request).replay
    if record is None:
        raise HTTPException(409, "no record is loaded in this browser session: upload one on "
                                 "the first page")
    text = request.query_params.get("step", "0")
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        raise HTTPException(400, "step must be a whole number")
    return _html(replay_page(record, int(text)))


async def _check_variant(request: Request) -> Response:
    form = await _form(request, 3 * MAX_FILE_BYTES + MAX_FORM)
    text = form.get("text", "").replace("\r\n", "\n")
    filename = form.get("filename", "")[:200]
    checked = check_variant_text(text, filename=filename)
    session = _session(request)
    session.custom = checked.variant
    return _html(variant_page(text, filename, checked), 200 if checked.variant else 400)


async def _play_custom(request: Request) -> Response:
    variant = _session(request).custom
    if variant is None:
        raise HTTPException(409, "no valid variant file was checked in this browser session")
    _session(request).game = WebGame.start(variant, seed=secrets.randbelow(1_000_000))
    return _to_table()


async def _custom_rules(request: Request) -> Response:
    variant = _session(request).custom
    if variant is None:
        raise HTTPException(409, "no valid variant file was checked in this browser session")
    return _html(rules_page(variant))


async def _shipped_rules(request: Request) -> Response:
    return _html(rules_page(_variant_named(request.path_params["name"])))


async def _game_rules(request: Request) -> Response:
    return _html(rules_page(_game(request).state.variant))


async def _static(request: Request) -> Response:
    found = _STATIC.get(request.path_params["name"])
    if found is None:
        raise HTTPException(404, "no such file")
    # Pages name each file with a hash of its content (``?v=``), so it may be kept a day.
    return Response(found[0], media_type=found[1],
                    headers={"cache-control": "public, max-age=86400"})


# -- errors --------------------------------------------------------------------------------


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404 and exc.detail == "Not Found":
        message = "there is no such page"
    elif exc.status_code == 405:
        message = "this page does not take that method"
    else:
        message = str(exc.detail)
    return _html(error_page(exc.status_code, message), exc.status_code)


async def _server_error(request: Request, exc: Exception) -> Response:
    if isinstance(exc, EuchreError):  # pragma: no cover - every route catches its own
        return _html(error_page(400, str(exc)), 400)
    return _html(error_page(500, "the server met an error it did not expect"), 500)
