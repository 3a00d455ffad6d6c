"""What protects a game at the browser table, outside the routes: the check that a request
which changes something comes from the table's own pages (:func:`cross_site`), the middleware
that finds the request's session and sets the cookie of one a route made
(:func:`with_session`), the security headers, and the download name of a record built from a
safe slug (:func:`attachment`).

A request that changes something (any method but GET, HEAD and OPTIONS) and whose browser
says it comes from another site is refused with a 403 page, as Go's
``http.CrossOriginProtection`` does: ``Sec-Fetch-Site`` is read first (no page can forge it);
without it, an ``Origin`` must name this host. A client that sends neither (a script on this
machine) is no browser led by another site. A page served on another port of this machine is
the same *site* to the browser (so the cookie, ``SameSite=Lax``, rides along with its posts) but
another origin: it is refused.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from typing import Any
from urllib.parse import quote, urlsplit

from starlette.requests import Request
from starlette.responses import HTMLResponse

from engine.web.pages import error_page
from engine.web.sessions import COOKIE, SessionStore

__all__ = ["ASGI", "attachment", "cross_site", "with_session"]

_HEADERS = [(b"content-security-policy",
             b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"),
            (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"same-origin")]
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGI = Callable[[Scope, Receive, Send], Awaitable[None]]


def cross_site(method: str, headers: Mapping[str, str], host: str) -> str:
    """Why a request that changes something comes from another site (``""``: it does not).

    ``Sec-Fetch-Site`` is read first (a browser sets it and no page can forge it):
    ``same-origin`` and ``none`` (typed, a bookmark) are this site. Without it, an ``Origin``
    must name this host; without either the request is no browser's led by another site.

    >>> cross_site("POST", {"origin": "http://evil.example"}, "127.0.0.1:8000")
    'Origin: http://evil.example'
    >>> cross_site("POST", {"sec-fetch-site": "same-origin"}, "127.0.0.1:8000")
    ''
    >>> cross_site("POST", {"origin": "http://127.0.0.1:8000"}, "127.0.0.1:8000")
    ''
    """
    if method in _SAFE_METHODS:
        return ""
    site = headers.get("sec-fetch-site")
    if site is not None:
        return "" if site in ("same-origin", "none") else f"Sec-Fetch-Site: {site[:40]}"
    origin = headers.get("origin")
    if origin is None:
        return ""
    try:
        netloc = urlsplit(origin).netloc
    except ValueError:
        netloc = ""
    return "" if netloc and netloc.lower() == host.lower() else f"Origin: {origin[:80]}"


def with_session(app: ASGI, sessions: SessionStore) -> ASGI:
    """Find the request's session (``request.state.session``, None without one), refuse a
    cross-site request that would change something, set the cookie of a session a route made,
    and add the security headers to every response."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        request = Request(scope)
        state = scope.setdefault("state", {})
        state["store"] = sessions
        state["made"] = None
        state["session"] = (None if scope["path"].startswith("/static/")
                            else sessions.find(request.cookies.get(COOKIE)))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", [])) + _HEADERS
                made = state.get("made")
                if made is not None:
                    headers.append((b"set-cookie", (f"{COOKIE}={made.id}; Path=/; HttpOnly; "
                                                    "SameSite=Lax").encode()))
                message["headers"] = headers
            await send(message)

        foreign = cross_site(request.method, request.headers, request.headers.get("host", ""))
        if foreign:
            refused = HTMLResponse(error_page(403, (
                f"this request came from another site ({foreign}): the table takes forms from "
                "its own pages only, so a page elsewhere cannot play, start or load a game in "
                "your name. Go back to the table and use its buttons.")), status_code=403)
            await refused(scope, receive, send_with_headers)
            return
        await app(scope, receive, send_with_headers)

    return wrapped


def attachment(name: str, *, seed: int) -> str:
    """The ``Content-Disposition`` of a record's download: a safe ASCII slug of the variant's
    name, and the name as written in RFC 6266's ``filename*`` (percent-encoded UTF-8) when it
    is not ASCII. Nothing of the name reaches the header unencoded.

    >>> print(attachment('x"\\r\\nSet-Cookie: a=b', seed=3))
    attachment; filename="x-Set-Cookie-a-b-seed3.json"
    >>> print(attachment("東", seed=3))
    attachment; filename="game-seed3.json"; filename*=UTF-8''%E6%9D%B1-seed3.json
    """
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")[:40] or "game"
    header = f'attachment; filename="{slug}-seed{seed}.json"'
    if not name.isascii():
        shown = "".join(c if c.isprintable() and c not in '/\\"' else "-" for c in name)
        header += f"; filename*=UTF-8''{quote(f'{shown[:60]}-seed{seed}.json', safe='')}"
    return header
