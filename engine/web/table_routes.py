"""The routes of tables for several people (:mod:`engine.web.tables`).

``POST /tables`` (``variant``: a shipped name, or ``source=checked`` for the variant file this
browser checked last; ``people``: the seats kept for people, the creator's first) makes a table
and sends its creator to ``/t/TABLE`` (on a server open to the network, for the host only:
:mod:`engine.web.host_key`). Each seat's page is ``/t/TABLE``, read for the seat
whose token the request's cookie holds (the cookie ``euchrekit_seat``, scoped to the table's
path, so it goes to no other table); without a token of this table the page is refused (403),
as is every request of the table. ``/t/TABLE/join/SEAT?key=KEY`` takes a seat or brings its
holder back. ``POST /t/TABLE/act`` and ``/hint`` act for the token's seat only (the origin is
checked first, for every post, by :func:`engine.web.guard.with_session`); the form's ``at``
must be the game's position, so of two posts of one page only the first counts.
``GET /t/TABLE/events`` is a stream of server-sent events (``text/event-stream``), one
``data:`` line with the table's version at the start and at each change; ``/t/TABLE/version``
answers the version alone (the pages poll it when the stream fails).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import BaseRoute, Route
from starlette.types import Receive, Scope, Send

from engine.core.errors import IllegalActionError
from engine.web import shipped as known
from engine.web.forms import MAX_FORM, read_form
from engine.web.game import WebGame
from engine.web.guard import attachment
from engine.web.host_key import holds_key, refusal, remember
from engine.web.pages import rules_page
from engine.web.sessions import Session
from engine.web.table import table_html
from engine.web.tables import SharedTable, TablesFull, TableStore, parse_people
from engine.web.templating import page

__all__ = ["SEAT_COOKIE", "table_routes"]

SEAT_COOKIE = "euchrekit_seat"
_POLL = 0.2
"""How often an event stream looks for a new version, in seconds (in memory: cheap)."""


def table_routes() -> list[BaseRoute]:
    """The routes, for :func:`engine.web.app.create_app`."""
    return [
        Route("/tables", _create, methods=["POST"]),
        Route("/t/{table}", _page), Route("/t/{table}/join/{seat}", _join),
        Route("/t/{table}/act", _act, methods=["POST"]),
        Route("/t/{table}/hint", _hint, methods=["POST"]),
        Route("/t/{table}/events", _events), Route("/t/{table}/version", _version),
        Route("/t/{table}/record", _record), Route("/t/{table}/rules", _rules),
    ]


def _tables(request: Request) -> TableStore:
    tables: TableStore = request.app.state.tables
    return tables


def _found(request: Request) -> SharedTable:
    table_id = request.path_params["table"]
    table = _tables(request).find(table_id) if len(table_id) <= 40 else None
    if table is None:
        hours = _tables(request).idle / 3600
        raise HTTPException(404, "there is no such table: a table nobody plays at for "
                                 f"{hours:g} hours is forgotten (start a new one)")
    return table


def _seated(request: Request) -> tuple[SharedTable, int]:
    """The table and the seat the request's token names (403 without one of this table)."""
    table = _found(request)
    seat = table.seat_of(request.cookies.get(SEAT_COOKIE))
    if seat is None:
        raise HTTPException(403, "this browser has no seat at this table: open the invite "
                                 "link you were sent (a link is good for one browser)")
    return table, seat


def _to_page(table: SharedTable, token: str | None = None,
             store: TableStore | None = None) -> RedirectResponse:
    response = RedirectResponse(f"/t/{table.id}", status_code=303)
    if token is not None and store is not None:
        response.set_cookie(SEAT_COOKIE, token, max_age=int(store.idle), path=f"/t/{table.id}",
                            httponly=True, samesite="lax")
    return response


async def _create(request: Request) -> Response:
    form = await read_form(request, MAX_FORM)
    if not holds_key(request, form):  # a server open to the network makes tables for its host
        raise HTTPException(403, refusal(request, form))
    if form.get("source") == "checked":
        session: Session | None = request.state.session
        if session is None or session.custom is None:
            raise HTTPException(409, "no valid variant file was checked in this browser "
                                     "session")
        variant, title, shipped = session.custom, session.custom.name, False
    else:
        name = form.get("variant", "")
        variant, title, shipped = known.variant_named(name), name, True
    try:
        people = parse_people(form.get("people", "0"), variant.players)
    except ValueError as exc:
        raise HTTPException(400, str(exc)) from None
    text = form.get("seed")
    if text and len(people) > 1:  # the seed deals every hand: its chooser would know them all
        raise HTTPException(400, "a table for several people is dealt from the server's own "
                                 "seed (a chosen one would tell its chooser every hand): "
                                 "leave the seed out")
    seed = known.seed(text)[0] if text else None
    store = _tables(request)
    try:
        table = store.create(variant, people=people, title=title, shipped=shipped, seed=seed)
    except TablesFull as exc:
        raise HTTPException(503, f"{exc}: try again later") from None
    response = _to_page(table, table.tokens[people[0]], store)
    remember(request, response)
    return response


async def _page(request: Request) -> Response:
    table, seat = _seated(request)
    game = table.games[seat]
    return HTMLResponse(page(game.title, table_html(game, shared=table,
                                                    may_create=holds_key(request))),
                        headers={"cache-control": "no-store"})


async def _join(request: Request) -> Response:
    """An invite link: the seat for the first browser to open it, and for that one after."""
    table = _found(request)
    text = request.path_params["seat"]
    seat = int(text) if text.isascii() and text.isdigit() and len(text) <= 2 else -1
    site = request.headers.get("sec-fetch-site")
    if site not in (None, "same-origin", "none") and (
            request.headers.get("sec-fetch-dest", "document") != "document"):
        raise HTTPException(403, "a seat is taken by opening its link, not from within a "
                                 "page of another site (an image, a frame, a script)")
    if seat not in table.keys:
        raise HTTPException(404, "this table has no invite for that seat")
    held = request.cookies.get(SEAT_COOKIE)
    sitting = table.seat_of(held)
    if sitting is not None and sitting != seat:  # the creator clicking a friend's link
        raise HTTPException(409, f"this browser already sits at this table, as "
                                 f"{table.who(sitting, sitting)}: send this link to the friend "
                                 "it is for (or open it in another browser)")
    token = table.join(seat, request.query_params.get("key", ""), held=held)
    if token is None:
        raise HTTPException(403 if seat not in table.tokens else 409,
                            "this seat is taken: another browser opened its link first (a "
                            "link is good for one browser)" if seat in table.tokens else
                            "this invite link is not right: its key does not match")
    return _to_page(table, token if token != held else None, _tables(request))


def _check_position(game: WebGame, form: dict[str, str]) -> None:
    if form.get("at", "") != str(len(game.state.history_ids)):
        raise HTTPException(409, "that page was out of date: the game has moved on since "
                                 "(reload the table)")


async def _act(request: Request) -> Response:
    form = await read_form(request, MAX_FORM)
    table, seat = _seated(request)
    action = form.get("action", "")
    if not action or len(action) > 40:
        raise HTTPException(400, "no action was chosen")
    with table.lock:  # one change at a time, whichever thread the request runs in
        game = table.games[seat]
        _check_position(game, form)
        try:
            game.play(action)
        except IllegalActionError as exc:
            raise HTTPException(400, f"{exc.action} is not allowed: {exc.reason}") from None
        table.version += 1
    return _to_page(table)


async def _hint(request: Request) -> Response:
    form = await read_form(request, MAX_FORM)
    table, seat = _seated(request)
    with table.lock:
        game = table.games[seat]
        _check_position(game, form)
        if game.state.is_terminal():
            raise HTTPException(400, "the game is over: there is nothing to hint")
        game.hint = game.hint_for()
    return _to_page(table)


async def _version(request: Request) -> Response:
    table, _ = _seated(request)
    return PlainTextResponse(str(table.version), headers={"cache-control": "no-store"})


async def _events(request: Request) -> Response:
    """The table's versions as server-sent events, for as long as the store lets a stream
    last (the browser then opens the next); 503 past the seat's or the server's limit."""
    table, seat = _seated(request)
    store = _tables(request)
    if not table.open_stream(seat, store):
        raise HTTPException(503, f"too many pages listen to this table (at most "
                                 f"{store.streams_per_seat} per seat): close a tab")

    async def versions() -> AsyncIterator[str]:
        told = -1
        yield "retry: 1000\n\n"
        waited = 0.0
        while waited < store.stream_seconds:
            if table.version != told:
                told = table.version
                yield f"data: {json.dumps(told)}\n\n"
            await asyncio.sleep(_POLL)
            waited += _POLL

    return _Counted(versions(), media_type="text/event-stream",
                    headers={"cache-control": "no-store"}, done=lambda: table.close_stream(
                        seat, store))


class _Counted(StreamingResponse):
    """A stream that says when it ends, however it ends (done, cut off, or never begun)."""

    def __init__(self, content: AsyncIterator[str], *, media_type: str,
                 headers: dict[str, str], done: Callable[[], None]) -> None:
        super().__init__(content, media_type=media_type, headers=headers)
        self._done = done

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._done()


async def _record(request: Request) -> Response:
    table, seat = _seated(request)
    return record_download(table.games[seat])


def record_download(game: WebGame) -> Response:
    """The record of a finished game, as a download (a game alone or at a shared table). The
    record of a game in progress holds its seed, from which every hidden hand follows: it is
    refused until the game is over."""
    if not game.state.is_terminal():
        raise HTTPException(409, "the game is in progress: its record holds the seed, which "
                                 "deals every hidden hand, so it can be saved once the game "
                                 "is over")
    text = json.dumps(game.record().to_json(), indent=1) + "\n"
    return Response(text, media_type="application/json", headers={
        "content-disposition": attachment(game.state.variant.name, seed=game.state.seed)})


async def _rules(request: Request) -> Response:
    table, _ = _seated(request)
    return HTMLResponse(rules_page(table.state.variant))
