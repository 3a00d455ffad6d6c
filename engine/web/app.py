"""The web app: routes, the session cookie, forms read within limits, errors as pages.

A request belongs to the session its cookie names (:mod:`engine.web.sessions`); a request
without one, or with one this server does not know, has none, and a session is made only when
there is something to keep (a game starts, a valid upload). Every request that changes
something (each POST) must come from the table's own pages (:mod:`engine.web.guard`).
``GET /play/NAME`` starts a game only where none is in progress; over one, it asks, with a
form that posts. No request path reaches the file
system: shipped variants are looked up by name in the list of shipped names, and the static
files are held in memory. Forms are read as ``application/x-www-form-urlencoded`` up to a size
limit (413 beyond it). A bad request gets a 4xx page that says what was wrong; an error of the
server itself a 500 page without a traceback.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from engine.core.errors import EuchreError, IllegalActionError, RecordError
from engine.play.records import GameRecord, replay_steps
from engine.play.state import State
from engine.rules.variant import Variant
from engine.rules.yamlsource import MAX_FILE_BYTES
from engine.web import shipped as known
from engine.web.forms import MAX_FORM
from engine.web.forms import read_form as _form
from engine.web.game import WebGame
from engine.web.guard import ASGI, with_session
from engine.web.host_key import holds_key, with_host_key
from engine.web.html import STATIC_FILES
from engine.web.pages import (
    confirm_page,
    error_page,
    index_page,
    replay_page,
    rules_page,
    variant_page,
)
from engine.web.sessions import (
    MAX_RECORD_TEXT,
    Replay,
    Session,
    SessionStore,
    StoreFull,
)
from engine.web.table import table_html
from engine.web.table_routes import record_download, table_routes
from engine.web.tables import TableStore
from engine.web.templating import page
from engine.web.uploads import check_record_text, check_variant_text

__all__ = ["create_app"]

_STATIC = {name: (STATIC_FILES[name], kind)
           for name, kind in (("table.css", "text/css"), ("table.js", "text/javascript"),
                              ("favicon.svg", "image/svg+xml"))}
def create_app(store: SessionStore | None = None, tables: TableStore | None = None, *,
               host_key: str | None = None) -> ASGI:
    """The app, with its own session store and store of shared tables (fresh ones unless
    given); with a ``host_key``, only a browser holding it makes tables
    (:mod:`engine.web.host_key`)."""
    sessions = store if store is not None else SessionStore()
    routes = [
        Route("/", _index), Route("/play/{name}", _play),
        Route("/play/{name}", _play_anyway, methods=["POST"]), Route("/table", _table),
        Route("/act", _act, methods=["POST"]), Route("/hint", _hint, methods=["POST"]),
        Route("/record", _download), Route("/record", _upload_record, methods=["POST"]),
        Route("/variant", _check_variant, methods=["POST"]),
        Route("/variant/play", _play_custom, methods=["POST"]),
        Route("/variant/rules", _custom_rules), Route("/rules/{name}", _shipped_rules),
        Route("/game/rules", _game_rules), Route("/game/again", _again, methods=["POST"]),
        Route("/replay", _replay),
        Route("/static/{name}", _static), Route("/favicon.ico", _favicon),
        *table_routes(),
    ]
    app = Starlette(routes=routes, exception_handlers={
        HTTPException: _http_error, Exception: _server_error})
    app.state.tables = tables if tables is not None else TableStore()
    app.state.host_key = host_key
    return with_session(with_host_key(app, host_key), sessions)


# -- helpers -------------------------------------------------------------------------------


def _session(request: Request) -> Session | None:
    session: Session | None = request.state.session
    return session


def _store(request: Request) -> SessionStore:
    store: SessionStore = request.state.store
    return store


def _held(request: Request) -> Session:
    """The request's session, made now (its cookie set with the response) if it has none."""
    session = _session(request)
    if session is not None:
        return session
    try:
        session = _store(request).create()
    except StoreFull as exc:
        raise HTTPException(503, f"{exc}: try again later") from None
    request.state.session = session
    request.state.made = session
    return session


def _room_for(request: Request, **kept: Any) -> None:
    """Refuse (413) what would take the session past its bound in bytes."""
    session = _session(request) or Session(id="", seen=0.0)
    bound = _store(request).session_bytes
    total = session.kept_bytes(**kept)
    if total > bound:
        raise HTTPException(413, f"a browser session keeps at most {bound // 1024:,} KiB (a "
                                 "record to replay, a variant file and a game); this would "
                                 f"take it to {total // 1024:,} KiB")


def _game(request: Request) -> WebGame:
    session = _session(request)
    if session is None or session.game is None:
        raise HTTPException(409, "there is no game in progress in this browser session: "
                                 "choose a variant first")
    return session.game


def _html(text: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(text, status_code=status)


def _to_table() -> RedirectResponse:
    return RedirectResponse("/table", status_code=303)


def home_seat(players: int) -> int:
    """Where a person playing alone against bots sits: South at four, as at the terminal
    (``euchre play``), else the first seat."""
    return 2 if players == 4 else 0


def _start(request: Request, variant: Variant, seed: tuple[int, bool]) -> Response:
    game = WebGame.start(variant, seed=seed[0], seed_shown=seed[1], shipped=True,
                         seat=home_seat(variant.players))
    _held(request).game = game
    return _to_table()


# -- routes --------------------------------------------------------------------------------


async def _index(request: Request) -> Response:
    session = _session(request)
    game = session.game if session else None
    families = [(root, [known.shipped(name) for name in members])
                for root, members in known.families()]
    return _html(index_page(families, playing=game.title if game else "",
                            host_only=not holds_key(request)))


async def _play(request: Request) -> Response:
    """A new game of a shipped variant, where none is in progress; over one, the question.
    A page of another site may link here, but not load it as an image or a frame."""
    name = request.path_params["name"]
    variant = known.variant_named(name)
    text = request.query_params.get("seed")
    seed = known.seed(text)
    session = _session(request)
    if session is not None and session.playing() and session.game is not None:
        game = session.game
        return _html(confirm_page(playing=game.title, hand=game.state.hand_no,
                                  score=game.narrator.score_line(game.state.scores),
                                  name=name, seed=text or ""))
    site = request.headers.get("sec-fetch-site")
    if site not in (None, "same-origin", "none") and (
            request.headers.get("sec-fetch-mode", "navigate") != "navigate"
            or request.headers.get("sec-fetch-dest", "document") != "document"):
        raise HTTPException(403, "a game starts when its page is opened, not from within "
                                 "a page of another site (an image, a frame, a script)")
    return _start(request, variant, seed)


async def _play_anyway(request: Request) -> Response:
    """The confirmation's post: a new game, replacing the one in progress."""
    variant = known.variant_named(request.path_params["name"])
    form = await _form(request, MAX_FORM)
    return _start(request, variant, known.seed(form.get("seed")))


async def _table(request: Request) -> Response:
    session = _session(request)
    if session is None or session.game is None:
        return _html(page("Euchre", '<main class="index"><p>There is no game in progress in '
                          'this browser session. <a href="/">Choose a variant</a>.</p></main>'))
    return _html(page(session.game.title, table_html(session.game)))


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
    """The record of a finished game (refused while it is in progress: it holds the seed)."""
    return record_download(_game(request))


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
    title, shipped = known.title(final.variant)
    if mode == "replay":
        kept = Replay(text=json.dumps(record.to_json(), separators=(",", ":"),
                                      ensure_ascii=False),
                      shown=_shown_steps(record, final), finished=final.is_terminal(),
                      title=title)
        _room_for(request, replay=kept)
        _held(request).replay = kept
        return RedirectResponse("/replay?step=0", status_code=303)
    if final.is_terminal():
        raise HTTPException(400, "that game is over; replay it instead")
    game = WebGame.resume(record, final, title=title, shipped=shipped)
    _room_for(request, game=game)
    _held(request).game = game
    return _to_table()


def _shown_steps(record: GameRecord, final: State) -> int:
    """How many steps of a record the replay shows: all of a finished game; of a game in
    progress, up to the start of its hand in progress."""
    if final.is_terminal():
        return len(record.actions)
    for k, (state, _) in enumerate(replay_steps(record)):
        if state.hand_no == final.hand_no:
            return k
    return len(record.actions)  # pragma: no cover - the last step is in the last hand


async def _replay(request: Request) -> Response:
    session = _session(request)
    kept = session.replay if session else None
    if kept is None:
        raise HTTPException(409, "no record is loaded in this browser session: upload one on "
                                 "the first page")
    text = request.query_params.get("step", "0")
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        raise HTTPException(400, "step must be a whole number")
    return _html(replay_page(kept.record(), int(text), title=kept.title, shown=kept.shown,
                             finished=kept.finished))


async def _check_variant(request: Request) -> Response:
    form = await _form(request, 3 * MAX_FILE_BYTES + MAX_FORM)
    text = form.get("text", "").replace("\r\n", "\n")
    filename = form.get("filename", "")[:200]
    checked = check_variant_text(text, filename=filename)
    if checked.variant is not None:
        _room_for(request, custom=checked.variant)
        _held(request).custom = checked.variant
    elif (session := _session(request)) is not None:
        session.custom = None
    return _html(variant_page(text, filename, checked), 200 if checked.variant else 400)


async def _play_custom(request: Request) -> Response:
    session = _session(request)
    variant = session.custom if session else None
    if session is None or variant is None:
        raise HTTPException(409, "no valid variant file was checked in this browser session")
    session.game = WebGame.start(variant, seed=known.seed(None)[0],
                                 seat=home_seat(variant.players))
    return _to_table()


async def _again(request: Request) -> Response:
    """New game, or Play again, of the game's own rules (a file of the player's, a record's
    rules): a new deal at the same seat."""
    await _form(request, MAX_FORM)
    game = _game(request)
    _held(request).game = WebGame.start(game.state.variant, seed=known.seed(None)[0],
                                        seat=game.seat, title=game.title,
                                        shipped=game.shipped)
    return _to_table()


async def _custom_rules(request: Request) -> Response:
    session = _session(request)
    if session is None or session.custom is None:
        raise HTTPException(409, "no valid variant file was checked in this browser session")
    return _html(rules_page(session.custom))


async def _shipped_rules(request: Request) -> Response:
    name = request.path_params["name"]
    return _html(rules_page(known.variant_named(name), play=f"/play/{name}"))


async def _game_rules(request: Request) -> Response:
    return _html(rules_page(_game(request).state.variant))


async def _static(request: Request) -> Response:
    found = _STATIC.get(request.path_params["name"])
    if found is None:
        raise HTTPException(404, "no such file")
    # Pages name each file with a hash of its content (``?v=``), so it may be kept a day.
    return Response(found[0], media_type=found[1],
                    headers={"cache-control": "public, max-age=86400"})


async def _favicon(request: Request) -> Response:
    """The icon a browser asks for by this name (pages name ``/static/favicon.svg``)."""
    return Response(STATIC_FILES["favicon.svg"], media_type="image/svg+xml",
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
