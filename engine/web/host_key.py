"""The host key: who may make tables when the server listens beyond this machine.

On the loopback interface (``euchre serve``'s default) whoever reaches the server is on this
machine, and anyone may make a table (``POST /tables``, the page's contract). When ``euchre
serve --host`` binds an address other machines reach, the server makes a random host key,
prints it in a link (as Jupyter prints its token), and makes tables only for a browser that
holds it: opening the link puts the key in a cookie (``euchrekit_host``, HttpOnly,
``SameSite=Lax``) and sends the browser on to the same page without the key in the address; a
program may post the key as the form field ``key`` (the cookie is then set too). Keys are
compared in constant time (:func:`hmac.compare_digest`). A friend needs no key: an invite link
takes a seat, and the seat's own token (:mod:`engine.web.tables`) opens that table's pages.

>>> needs_key("127.0.0.1"), needs_key("::1"), needs_key("localhost"), needs_key("0.0.0.0")
(False, False, False, True)
>>> len(new_key()) >= 32
True
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from engine.web.guard import ASGI, Receive, Scope, Send
from engine.web.pages import error_page

__all__ = ["HOST_COOKIE", "holds_key", "needs_key", "new_key", "refusal", "remember",
           "with_host_key"]

HOST_COOKIE = "euchrekit_host"
_MAX_KEY = 100


def needs_key(host: str) -> bool:
    """Whether a server listening on ``host`` needs a host key: every address but the
    loopback interface (``127.0.0.1``, ``::1``, ``localhost``)."""
    if host.lower() == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:  # a host name: it may name any interface
        return True


def new_key() -> str:
    """A fresh host key: 32 random bytes, URL-safe (43 characters)."""
    return secrets.token_urlsafe(32)


def _same(given: str | None, key: str) -> bool:
    if not given or len(given) > _MAX_KEY:
        return False
    return hmac.compare_digest(given.encode("utf-8", "surrogateescape"), key.encode())


def holds_key(request: Request, form: dict[str, str] | None = None) -> bool:
    """Whether ``request`` may make a table: no key is needed (loopback), or its cookie, or
    the form's ``key``, holds the host key."""
    key: str | None = request.app.state.host_key
    if key is None:
        return True
    return _same(request.cookies.get(HOST_COOKIE), key) or (
        form is not None and _same(form.get("key"), key))


def remember(request: Request, response: Response) -> None:
    """Keep the host key in the browser's cookie after its first use (a key posted in a
    form), so that its next table (Play again) needs no key again."""
    key: str | None = request.app.state.host_key
    if key is not None and not _same(request.cookies.get(HOST_COOKIE), key):
        _keep(response, key)


def _keep(response: Response, key: str) -> None:
    response.set_cookie(HOST_COOKIE, key, httponly=True, samesite="lax", path="/")


def refusal(request: Request, form: dict[str, str]) -> str:
    """Why a table may not be made (for the 403 page): no key, or a wrong one."""
    if form.get("key") or request.cookies.get(HOST_COOKIE):
        return ("the host key is not right, so no table was made: open the link `euchre "
                "serve` printed when it started (it holds the key), then make the table")
    return ("only the host may make a table on this server, which other machines of the "
            "network reach: open the link `euchre serve` printed when it started (it holds "
            "the host key) on the host's browser. A friend needs no key: the host sends him "
            "the invite link of his seat")


def with_host_key(app: ASGI, key: str | None) -> ASGI:
    """``app`` that takes the host key from a page's address (``?key=KEY``): the right key
    goes into the host cookie and the browser on to the page without it; a wrong one gets a
    403 page. Without a key (loopback) ``app`` itself."""
    if key is None:
        return app

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET":
            await app(scope, receive, send)
            return
        request = Request(scope)
        given = request.query_params.get("key")
        if given is None or request.url.path.startswith("/t/"):  # an invite has its own key
            await app(scope, receive, send)
            return
        if not _same(given, key):
            refused = HTMLResponse(error_page(403, (
                "this link's host key is not right: open the link `euchre serve` printed "
                "when it started, whole")), status_code=403)
            await refused(scope, receive, send)
            return
        rest = [(k, v) for k, v in request.query_params.multi_items() if k != "key"]
        target = request.url.path + (f"?{urlencode(rest)}" if rest else "")
        response = RedirectResponse(target, status_code=303)
        _keep(response, key)
        await response(scope, receive, send)

    return wrapped
