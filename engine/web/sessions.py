"""Browser sessions: an unguessable id per browser, and what each one holds, in memory.

A session is found only by its id, a cookie made with :func:`secrets.token_urlsafe` (256
bits); a request can reach no other session's game, uploaded variant or record. A session is
made only when there is something to keep (a game starts, a valid variant file or a record is
uploaded): pages, 404s and static files make none, so traffic without a cookie costs the store
nothing. The store holds at most :data:`MAX_SESSIONS`; when a new one needs room it forgets,
least recently used first, a session without a game, then one whose game is over, then a game
left untouched for :data:`KEEP_SECONDS`. A game played more recently is never pushed out: the
new session is refused (:class:`StoreFull`). Any session idle for :data:`IDLE_SECONDS` is
forgotten. What one session keeps is bounded in bytes (:meth:`Session.kept_bytes`, at most
:data:`MAX_SESSION_BYTES`; the routes of :mod:`engine.web.app` refuse an upload past it).

>>> store = SessionStore(limit=2)
>>> a = store.create()
>>> len(a.id) >= 43, store.find(a.id) is a, store.find("not-a-session"), store.find(None)
(True, True, None, None)
>>> _, _ = store.create(), store.create()
>>> a.id in store  # the least recently used of three sessions, holding no game, went
False
"""

from __future__ import annotations

import json
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from engine.play.record_shape import GameRecord
from engine.rules.variant import Variant
from engine.web.game import WebGame

__all__ = ["COOKIE", "IDLE_SECONDS", "KEEP_SECONDS", "MAX_RECORD_TEXT", "MAX_SESSIONS",
           "MAX_SESSION_BYTES", "Replay", "Session", "SessionStore", "StoreFull"]

COOKIE = "euchrekit_session"
MAX_SESSIONS = 256
"""Sessions kept at once."""
IDLE_SECONDS = 6 * 3600
"""A session untouched this long is forgotten."""
KEEP_SECONDS = 30 * 60
"""A game in progress played within this time is never pushed out to make room."""
MAX_RECORD_TEXT = 1024 * 1024
"""Largest record a browser may upload: a game of a thousand hands is about 300 KiB."""
MAX_SESSION_BYTES = 3 * 1024 * 1024
"""Most a session may keep (:meth:`Session.kept_bytes`): a record to replay, a variant file's
rules and a game (its rules, actions and log)."""
_ID = re.compile(r"[A-Za-z0-9_-]{43,64}")


class StoreFull(Exception):
    """Every session holds a game played within :data:`KEEP_SECONDS`: none is pushed out."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Replay:
    """A checked record kept for replay: its compact JSON ``text`` (what is kept; parsed
    again for each page), how many of its steps may be shown (``shown``: of a game not
    ``finished``, up to the start of its hand in progress, whose cards stay hidden) and the
    variant's ``title`` (as :attr:`WebGame.title`)."""

    text: str
    shown: int
    finished: bool
    title: str

    def record(self) -> GameRecord:
        """The record, parsed again."""
        return GameRecord.from_json(json.loads(self.text))


@dataclass(eq=False)
class Session:
    """One browser's things: its game, the valid variant it uploaded last, and the record it
    replays."""

    id: str
    seen: float
    game: WebGame | None = None
    custom: Variant | None = None
    replay: Replay | None = None

    def playing(self) -> bool:
        """Whether the session holds a game that is not over."""
        return self.game is not None and not self.game.state.is_terminal()

    def kept_bytes(self, *, game: WebGame | None = None, custom: Variant | None = None,
                   replay: Replay | None = None) -> int:
        """The bytes of what the session keeps from its users: the record to replay, the
        uploaded variant's rules, the game's rules, actions and log; with ``game``,
        ``custom`` or ``replay`` given, as it would be with that one in place of its own."""
        game = game or self.game
        custom = custom or self.custom
        replay = replay or self.replay
        total = len(replay.text.encode()) if replay else 0
        total += len(custom.rules_json.encode()) if custom else 0
        if game is not None:
            total += len(game.state.variant.rules_json.encode())
            total += sum(len(a) + 1 for a in game.state.history)
            total += sum(len(line.encode()) + 1 for line in game.log)
        return total


class SessionStore:
    """The sessions of one server, by id, least recently used first."""

    def __init__(self, *, limit: int = MAX_SESSIONS, idle: float = IDLE_SECONDS,
                 keep: float = KEEP_SECONDS, session_bytes: int = MAX_SESSION_BYTES,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self.limit = limit
        self.idle = idle
        self.keep = keep
        self.session_bytes = session_bytes
        self.clock = clock

    def __contains__(self, sid: object) -> bool:
        return sid in self._sessions

    def __len__(self) -> int:
        return len(self._sessions)

    def kept_bytes(self) -> int:
        """What all the sessions keep, in bytes (:meth:`Session.kept_bytes`)."""
        return sum(s.kept_bytes() for s in self._sessions.values())

    def find(self, sid: str | None) -> Session | None:
        """The session of cookie value ``sid`` (marked as just used), or None: for no
        cookie, a garbage one, or one this server has forgotten. Makes nothing."""
        now = self.clock()
        self._expire(now)
        if sid is None or not _ID.fullmatch(sid) or sid not in self._sessions:
            return None
        session = self._sessions[sid]
        session.seen = now
        self._sessions.move_to_end(sid)
        return session

    def create(self) -> Session:
        """A new session, making room as the module says; raises :class:`StoreFull` when
        every session holds a game played within :attr:`keep` seconds."""
        now = self.clock()
        self._expire(now)
        if len(self._sessions) >= self.limit:
            self._make_room(now)
        session = Session(id=secrets.token_urlsafe(32), seen=now)
        self._sessions[session.id] = session
        return session

    def _make_room(self, now: float) -> None:
        sessions = list(self._sessions.values())  # least recently used first
        for rank in (lambda s: s.game is None, lambda s: not s.playing(),
                     lambda s: now - s.seen >= self.keep):
            victim = next((s for s in sessions if rank(s)), None)
            if victim is not None:
                del self._sessions[victim.id]
                return
        raise StoreFull(f"the server holds {self.limit} games, all played in the last "
                        f"{self.keep / 60:.0f} minutes")

    def _expire(self, now: float) -> None:
        while self._sessions:
            oldest = next(iter(self._sessions.values()))
            if now - oldest.seen < self.idle:
                return
            self._sessions.popitem(last=False)
