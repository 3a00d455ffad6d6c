"""The browser table: ``euchre serve`` (a Starlette app run by uvicorn).

Any shipped variant, or a variant file pasted or uploaded, is played against bots at a table
drawn from the human seat's :class:`~engine.play.view.View` and the legal actions alone, so
every mechanic of every variant plays without pages of its own. Games live in memory, one per
browser session (:mod:`engine.web.sessions`), and a page of another site can change none
(:func:`engine.web.guard.cross_site`); the pages are plain HTML made on the server with
every piece of text escaped (:mod:`engine.web.html`, :mod:`engine.web.table`,
:mod:`engine.web.pages`), with a little vanilla JavaScript and CSS served from memory
(``engine/web/static``). The routes are in :mod:`engine.web.app`.

Contract for automated tests (kept stable): ``GET /play/NAME`` opens a new game of the shipped
variant NAME, the human in seat 0 against the heuristic bots, where the session has no game in
progress; over one it asks first (the button ``#confirm-new`` posts to ``/play/NAME``, starting
the new game); every legal action of the human
is an element with ``data-action`` set to its name (``pass``, ``order_up``, ``call:H``,
``play:JH``); the table's root element (``#table``) carries ``data-variant``, ``data-phase``,
``data-hand`` (the hand number) and ``data-over`` (``true`` once the game has ended).
"""
