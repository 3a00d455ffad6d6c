"""The browser table: ``euchre serve`` (a Starlette app run by uvicorn).

Any shipped variant, or a variant file pasted or uploaded, is played against bots, alone or
with friends at a shared table (:mod:`engine.web.tables`: seats kept for people, an invite link
for each, a token per seat in a cookie, pages that redraw themselves from server-sent events),
at a card table drawn from the seat's :class:`~engine.play.view.View` and the legal actions
alone, so every mechanic of every variant plays without pages of its own. Games live in memory,
one per browser session (:mod:`engine.web.sessions`) or per shared table, and a page of another
site can change none (:func:`engine.web.guard.cross_site`); the pages are Jinja2 templates
(``engine/web/templates``, :mod:`engine.web.templating`, autoescaped), with a little vanilla
JavaScript and CSS served from memory (``engine/web/static``). The routes are in
:mod:`engine.web.app` and :mod:`engine.web.table_routes`.

Contract for automated tests (kept stable): ``GET /play/NAME`` opens a new game of the shipped
variant NAME against the heuristic bots (you South at four players, else in seat 0) where the
session has no game in progress; over one it asks first (the button ``#confirm-new`` posts to
``/play/NAME``, starting the new game). ``POST /tables`` (``variant``, ``people``: the seats
kept for people, the creator's first) answers with the creator's table page, with an element
``data-invite-seat="K"`` for every other kept seat K whose ``href`` opens that seat. Every
legal action of the seat is an element with ``data-action`` set to its name (``pass``,
``order_up``, ``call:H``, ``play:JH``, ``continue`` on the result panel ``#hand-result``);
every face-up card of the table is an element with ``data-card``; the seat's hand is inside
``#hand``; the table's root element (``#table``) carries ``data-variant``, ``data-phase``,
``data-hand`` (the hand number), ``data-over`` (``true`` once the game has ended) and
``data-seat``.
"""
