"""A browser of its own against the ASGI app, in the test's own thread, and a reader of the
pages it gets (the HTTP tests).

Starlette's ``TestClient`` runs the app in a second thread and hands every part of every
request and response across to it; the HTTP tests make thousands of requests, and that hand-
over cost seven times what the app itself spent on a table page (2.5 ms against 0.35 ms).
This client is an ``httpx.Client`` (its cookie jar, redirects, forms and uploads are httpx's
own, as the ``TestClient``'s are) whose transport runs the app with httpx's ``ASGITransport``
on an event loop of its own, in this thread. What the app sees is the same ASGI request: the
host ``testserver``, the client address ``testclient``, no ``Origin`` unless a test sends one;
an exception in the app is raised in the test, as with the ``TestClient``. The app has no
lifespan events, so there are none to run.
"""

from __future__ import annotations

import asyncio
import html
import re
from typing import Any

import httpx


class WebClient(httpx.Client):
    """``WebClient(app)``: a client of ``app`` with its own cookie jar, following redirects
    (as a browser, and as the ``TestClient`` by default)."""

    def __init__(self, app: Any, *, follow_redirects: bool = True) -> None:
        self.app = app
        self._loop = asyncio.new_event_loop()
        super().__init__(transport=_InThread(app, self._loop), base_url="http://testserver",
                         follow_redirects=follow_redirects)

    def close(self) -> None:
        super().close()
        self._loop.close()


class _InThread(httpx.BaseTransport):
    """Each request through ``ASGITransport``, run to its end on ``loop``."""

    def __init__(self, app: Any, loop: asyncio.AbstractEventLoop) -> None:
        self._asgi = httpx.ASGITransport(app=app, client=("testclient", 50000))
        self._loop = loop

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        request.read()  # a form or an upload, whole: then the app reads it as bytes

        async def send() -> tuple[httpx.Response, bytes]:
            response = await self._asgi.handle_async_request(request)
            return response, await response.aread()

        response, body = self._loop.run_until_complete(send())
        return httpx.Response(response.status_code, headers=response.headers, content=body,
                              request=request)


_HIDDEN = re.compile(r"<!--.*?-->|(<(script|style)\b[^>]*>).*?(</\2\s*>)", re.S | re.I)
"""Comments, and the text inside a script or a style: no tags there (as html.parser reads)."""
_START = re.compile(r"<([a-zA-Z][-.:\w]*)((?:\s+[^\s\"'>/=]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|"
                    r"[^\s\"'=<>`]+))?)*)\s*/?>")
_ATTR = re.compile(r"([^\s\"'>/=]+)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'=<>`]+)))?")


def start_tags(text: str) -> list[tuple[str, dict[str, str]]]:
    """Each start tag of an HTML page, in order, with its attributes (names in lower case,
    values unescaped, a bare attribute's value empty): what ``html.parser`` reports, read
    with regular expressions, which are some ten times faster on the thousands of pages the
    HTTP tests read (tests/web/test_web_client.py holds the two to the same answers)."""
    text = _HIDDEN.sub(lambda m: (m[1] or "") + (m[3] or ""), text)
    tags = []
    for tag in _START.finditer(text):
        attrs = {}
        for name, double, single, bare in _ATTR.findall(tag[2]):
            attrs[name.lower()] = html.unescape(double or single or bare)  # the last one, too
        tags.append((tag[1].lower(), attrs))
    return tags
