"""Tables for several people: one game, some seats kept for people, the others played by bots.

A table is made by ``POST /tables`` (:mod:`engine.web.table_routes`) with the seats kept for
people; its creator sits in the first of them at once, and every other kept seat has an
invite link, ``/t/TABLE/join/SEAT?key=KEY``. Whoever opens an invite link first takes that
seat: the server makes the seat's token then (:func:`secrets.token_urlsafe`, 256 bits) and
gives it to that browser alone, in a cookie scoped to the table's path. From then on the
invite link only brings back the browser that holds the seat's token (a player who closed the
page comes back by the same link); any other is refused (a seat is never taken twice). Every
request for a table is answered for the seat its token names, and none other: the page shows
what that seat may see, and an action is applied for that seat only. A seat not yet taken
waits: no bot plays for it.

Everything that changes a table happens under the table's lock and bumps its
:attr:`SharedTable.version`; the pages listen for a new version (server-sent events, polling
as a fallback) and redraw themselves.

Limits (:class:`TableStore`): at most :data:`MAX_TABLES` tables; a table nobody touched for
:data:`TABLE_IDLE_SECONDS` is forgotten; when a new table needs room, the table touched least
recently is forgotten if its game is over or nobody touched it for :data:`TABLE_KEEP_SECONDS`,
else the new table is refused. At most :data:`MAX_STREAMS_PER_SEAT` open event streams per seat
and :data:`MAX_STREAMS` in all.

>>> from engine import load_variant
>>> store = TableStore(limit=2)
>>> t = store.create(load_variant("standard"), people=(0, 2), title="standard", shipped=True)
>>> t.seat_of(t.tokens[0]), t.seat_of("forged"), t.seat_of(None), sorted(t.keys)
(0, None, None, [2])
>>> t.join(2, t.keys[2], held=None) is not None, t.join(2, t.keys[2], held=None)
(True, None)
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.play.state import State
from engine.rules.variant import Variant
from engine.web.game import DEFAULT_BOT, WebGame

__all__ = ["MAX_STREAMS", "MAX_STREAMS_PER_SEAT", "MAX_TABLES", "TABLE_IDLE_SECONDS",
           "TABLE_KEEP_SECONDS", "SharedTable", "TableStore", "TablesFull", "parse_people"]

MAX_TABLES = 64
"""Tables for several people kept at once."""
TABLE_IDLE_SECONDS = 4 * 3600
"""A table nobody touched this long is forgotten (its links and tokens stop working)."""
TABLE_KEEP_SECONDS = 30 * 60
"""A table whose game goes on, touched within this time, is never pushed out for a new one."""
MAX_STREAMS_PER_SEAT = 4
"""Open event streams (pages listening) per seat: a few tabs of one player."""
MAX_STREAMS = 256
"""Open event streams in all."""
STREAM_SECONDS = 300.0
"""An event stream ends after this long; the browser opens the next one itself."""


class TablesFull(Exception):
    """Every table is in play and was touched lately: none is pushed out."""


def parse_people(text: str, players: int) -> tuple[int, ...]:
    """The seats a ``people`` field keeps for people (``"0,2"``), in the order given.

    >>> parse_people("2, 0", 4)
    (2, 0)
    >>> parse_people("0,0", 4)
    Traceback (most recent call last):
    ...
    ValueError: seat 0 is listed twice
    """
    seats: list[int] = []
    for part in text.split(","):
        word = part.strip()
        if not (word.isascii() and word.isdigit() and len(word) <= 2):
            raise ValueError(f"people lists seats as numbers separated by commas (e.g. 0,2); "
                             f"{word[:12]!r} is not a seat number")
        seat = int(word)
        if seat >= players:
            raise ValueError(f"seat {seat} does not exist: this variant seats {players} "
                             f"players, numbered 0 to {players - 1}")
        if seat in seats:
            raise ValueError(f"seat {seat} is listed twice")
        seats.append(seat)
    return tuple(seats)


@dataclass(eq=False)
class SharedTable:
    """One table: its id (in its links), the seats kept for people, each seat's game (one
    state seen from each seat), each taken seat's token, each seat's invite key."""

    id: str
    people: tuple[int, ...]
    games: dict[int, WebGame]
    tokens: dict[int, str]
    """The token of each seat taken: the cookie of the browser sitting there."""
    keys: dict[int, str]
    """The invite key of each kept seat but the creator's (in its link)."""
    seen: float
    version: int = 0
    streams: dict[int, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def state(self) -> State:
        return self.games[self.people[0]].state

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token is ``token`` (compared in constant time), or None."""
        if not token or len(token) > 100:
            return None
        found = None
        for seat, mine in self.tokens.items():
            if secrets.compare_digest(mine.encode(), token.encode("utf-8", "replace")):
                found = seat
        return found

    def join(self, seat: int, key: str, *, held: str | None) -> str | None:
        """The token of ``seat`` for a browser that opens its invite link with ``key``: a
        new one if the seat is free, the browser's own (``held``) if it sits there already;
        None if the key is wrong or the seat is someone else's."""
        mine = self.keys.get(seat)
        if mine is None or not secrets.compare_digest(mine.encode(),
                                                      key.encode("utf-8", "replace")):
            return None
        with self.lock:
            if seat in self.tokens:
                return held if self.seat_of(held) == seat else None
            self.tokens[seat] = secrets.token_urlsafe(32)
            self.version += 1
            return self.tokens[seat]

    def who(self, seat: int, viewer: int) -> str:
        """How ``viewer``'s page names ``seat``."""
        return self.games[viewer].narrator.names[seat]

    def waiting_for(self) -> int | None:
        """The kept seat not yet taken whose turn it is (the table waits for it), or None."""
        s = self.state
        if s.is_terminal() or s.current_player not in self.games:
            return None
        return None if s.current_player in self.tokens else s.current_player

    def open_stream(self, seat: int, store: TableStore) -> bool:
        """Count one more open event stream of ``seat``; False (and nothing counted) when the
        seat or the server has as many as it may."""
        with self.lock:
            free = (self.streams.get(seat, 0) < store.streams_per_seat
                    and store.open_streams < store.stream_limit)
            if free:
                self.streams[seat] = self.streams.get(seat, 0) + 1
                store.open_streams += 1
            return free

    def close_stream(self, seat: int, store: TableStore) -> None:
        """An event stream counted by :meth:`open_stream` has ended."""
        with self.lock:
            self.streams[seat] -= 1
            store.open_streams -= 1


class TableStore:
    """The tables of one server, by id, least recently touched first."""

    def __init__(self, *, limit: int = MAX_TABLES, idle: float = TABLE_IDLE_SECONDS,
                 keep: float = TABLE_KEEP_SECONDS, streams_per_seat: int = MAX_STREAMS_PER_SEAT,
                 stream_limit: int = MAX_STREAMS, stream_seconds: float = STREAM_SECONDS,
                 clock: Callable[[], float] = time.monotonic,
                 seeds: Callable[[], int] = lambda: secrets.randbelow(2**63)) -> None:
        self._tables: OrderedDict[str, SharedTable] = OrderedDict()
        self.limit = limit
        self.idle = idle
        self.keep = keep
        self.streams_per_seat = streams_per_seat
        self.stream_limit = stream_limit
        self.stream_seconds = stream_seconds
        self.open_streams = 0
        self.clock = clock
        self.seeds = seeds
        """The deal seeds of tables whose creator chose none (a test may fix them)."""
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._tables)

    def find(self, table_id: str) -> SharedTable | None:
        """The table of ``table_id`` (marked as just touched), or None."""
        now = self.clock()
        with self._lock:
            self._expire(now)
            table = self._tables.get(table_id)
            if table is not None:
                table.seen = now
                self._tables.move_to_end(table_id)
            return table

    def create(self, variant: Variant, *, people: tuple[int, ...], title: str,
               shipped: bool, seed: int | None = None) -> SharedTable:
        """A new table of ``variant`` with ``people``'s seats kept (the first one taken by
        its creator), the bots played up to the first person's turn; raises
        :class:`TablesFull` when no table may be pushed out."""
        if not people:
            raise ValueError("keep at least one seat for a person (the creator's)")
        now = self.clock()
        with self._lock:
            self._expire(now)
            if len(self._tables) >= self.limit:
                self._make_room(now)
            table_id = secrets.token_urlsafe(12)
            state = State(variant, seed=self.seeds() if seed is None else seed)
            names = [None if s in people else DEFAULT_BOT for s in range(variant.players)]
            games: dict[int, WebGame] = {}
            for seat in people:  # one match for all (the first seat's: None for a game alone)
                first = games.get(people[0])
                games[seat] = WebGame.around(state, seat=seat, bot_names=names, title=title,
                                             shipped=shipped, run=False,
                                             match=first.match if first else None)
            for seat, game in games.items():
                game.peers = [g for s, g in games.items() if s != seat]
            games[people[0]].run_bots()
            table = SharedTable(id=table_id, people=people, games=games,
                                tokens={people[0]: secrets.token_urlsafe(32)},
                                keys={s: secrets.token_urlsafe(16) for s in people[1:]},
                                seen=now)
            self._tables[table_id] = table
            return table

    def _make_room(self, now: float) -> None:
        tables = list(self._tables.values())  # least recently touched first
        ranks: tuple[Callable[[SharedTable], bool], ...] = (
            lambda t: t.state.is_terminal(), lambda t: now - t.seen >= self.keep)
        for rank in ranks:
            victim = next((t for t in tables if rank(t)), None)
            if victim is not None:
                del self._tables[victim.id]
                return
        raise TablesFull(f"the server holds {self.limit} tables, all played in the last "
                         f"{self.keep / 60:.0f} minutes")

    def _expire(self, now: float) -> None:
        while self._tables:
            oldest = next(iter(self._tables.values()))
            if now - oldest.seen < self.idle:
                return
            self._tables.popitem(last=False)
