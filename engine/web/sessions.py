"""Browser sessions: an unguessable id per browser, and what each one holds, in memory.

A session is found only by its id, a cookie made with :func:`secrets.token_urlsafe` (256
bits); a request can reach no other session's game, uploaded variant or record. The store
holds at most :data:`MAX_SESSIONS` sessions and forgets the least recently used one beyond
that, and any session idle for :data:`IDLE_SECONDS`; what one session holds is bounded too (one
game, one uploaded variant of at most a variant file's size, one record of at most
:data:`MAX_RECORD_TEXT` bytes).

>>> store = SessionStore(limit=2)
>>> a, fresh = store.get(None)
>>> fresh, len(a.id) >= 43
(True, True)
>>> store.get(a.id) == (a, False)
True
>>> store.get("not-a-session")[1]  # an unknown or garbage id gets a new session
True
>>> _ = store.get(None)
>>> a.id in store  # the least recently used of three sessions went
False
"""

from __future__ import annotations

import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.rules.variant import Variant
from engine.web.game import WebGame

__all__ = ["COOKIE", "IDLE_SECONDS", "MAX_RECORD_TEXT", "MAX_SESSIONS", "Session",
           "SessionStore"]

COOKIE = "euchrekit_session"
MAX_SESSIONS = 256
"""Sessions kept at once; the least recently used goes first."""
IDLE_SECONDS = 6 * 3600
"""A session untouched this long is forgotten."""
MAX_RECORD_TEXT = 1024 * 1024
"""Largest record a browser may upload: a game of a thousand hands is about 300 KiB."""
_ID = re.compile(r"[A-Za-z0-9_-]{43,64}")


@dataclass(eq=False)
class Session:
    """One browser's things: its game, the valid variant it uploaded last, and the record it
    replays."""

    id: str
    seen: float
    game: WebGame | None = None
    custom: Variant | None = None
    replay: dict[str, Any] | None = None


class SessionStore:
    """The sessions of one server, by id, least recently used first."""

    def __init__(self, *, limit: int = MAX_SESSIONS, idle: float = IDLE_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self.limit = limit
        self.idle = idle
        self.clock = clock

    def __contains__(self, sid: object) -> bool:
        return sid in self._sessions

    def __len__(self) -> int:
        return len(self._sessions)

    def get(self, sid: str | None) -> tuple[Session, bool]:
        """The session of cookie value ``sid``, or a new one (then True): for no cookie, a
        garbage one, or one this server has forgotten."""
        now = self.clock()
        self._expire(now)
        if sid is not None and _ID.fullmatch(sid) and sid in self._sessions:
            session = self._sessions[sid]
            session.seen = now
            self._sessions.move_to_end(sid)
            return session, False
        session = Session(id=secrets.token_urlsafe(32), seen=now)
        self._sessions[session.id] = session
        while len(self._sessions) > self.limit:
            self._sessions.popitem(last=False)
        return session, True

    def _expire(self, now: float) -> None:
        while self._sessions:
            oldest = next(iter(self._sessions.values()))
            if now - oldest.seen < self.idle:
                return
            self._sessions.popitem(last=False)
