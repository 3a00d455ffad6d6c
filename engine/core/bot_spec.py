"""Bot specifications: ``heuristic``, ``search``, ``search:200``, ``solver:24``, ``solver:200ms``,
parsed once
where a user types them (an option, a record's seating, a form) into a :class:`BotSpec`, and
passed on typed; nothing parses the text again.

This module lives in ``core``, below the game records that name bots, and knows the bots'
names without importing the bots (a record's seating is checked before any bot plays):
:data:`engine.bots.BOTS` is checked against :data:`BOT_NAMES` when it is built.

>>> BotSpec.parse("search:200")
BotSpec(name='search', simulations=200, milliseconds=None)
>>> str(BotSpec.parse("solver:250ms"))
'solver:250ms'
>>> str(BotSpec.parse(" heuristic "))
'heuristic'
>>> [str(spec) for spec in parse_bot_list("search:8,random", players=2)]
['search:8', 'random']
>>> try:
...     BotSpec.parse("search:0ms")
... except EuchreError as exc:
...     print(exc)
'search:0ms': the time budget in search:Nms is 1 to 60000 milliseconds per decision
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import EuchreError

__all__ = ["BOT_NAMES", "MAX_MILLISECONDS", "MAX_SIMULATIONS", "MAX_WORLDS", "SEARCH", "SOLVER",
           "BotSpec",
           "parse_bot_list"]

BOT_NAMES = ("random", "heuristic", "search", "greedy", "solver")
"""Every bot's name (:data:`engine.bots.BOTS` holds their classes)."""
SEARCH = "search"
"""A bot that takes a number: ``search:N``, N simulations per decision."""
SOLVER = "solver"
"""The other bot that takes a number: ``solver:N``, N sampled worlds per decision."""
MAX_SIMULATIONS = 1_000_000
MAX_WORLDS = 100_000
MAX_MILLISECONDS = 60_000
"""The longest time budget a decision may take (``search:60000ms``: a minute)."""
_LIMITS = {SEARCH: (MAX_SIMULATIONS, "simulations"), SOLVER: (MAX_WORLDS, "worlds")}
_NUMBERED = ("only search takes a number of simulations (search:N), and solver a number of "
             "worlds (solver:N); either takes a time budget per decision instead (search:200ms)")


@dataclass(frozen=True, slots=True, kw_only=True)
class BotSpec:
    """A bot as a user names it: its ``name`` and, for the search bot, the ``simulations``
    per decision, for the solver bot the worlds per decision (None: the bot's default); or,
    for either, ``milliseconds``: a time budget per decision (it samples until the time is
    spent; not reproducible from a seed, as the number forms are). ``str(spec)`` is its
    canonical text, as reports and records write it."""

    name: str
    simulations: int | None = None
    milliseconds: int | None = None

    def __post_init__(self) -> None:
        if self.name not in BOT_NAMES:
            raise EuchreError(f"no bot named {self.name!r}; choose from "
                              f"{', '.join(sorted(BOT_NAMES))} (search:N for N simulations "
                              "per decision, solver:N for N worlds)")
        if self.simulations is not None and (
                self.name not in _LIMITS or isinstance(self.simulations, bool)
                or not 1 <= self.simulations <= _LIMITS[self.name][0]):
            raise EuchreError(f"{str(self)!r}: {_NUMBERED}, from 1 to {MAX_SIMULATIONS} and "
                              f"{MAX_WORLDS}")
        if self.milliseconds is not None and (
                self.name not in _LIMITS or self.simulations is not None
                or isinstance(self.milliseconds, bool)
                or not 1 <= self.milliseconds <= MAX_MILLISECONDS):
            raise EuchreError(f"{str(self)!r}: {_NUMBERED}, from 1 to {MAX_MILLISECONDS} ms")

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """The spec of ``text`` (``search:200``; spaces around it ignored); raises
        :class:`~engine.core.errors.EuchreError` naming what is wrong."""
        name, colon, number = text.strip().partition(":")
        if name not in BOT_NAMES:
            raise EuchreError(f"no bot named {text.strip()!r}; choose from "
                              f"{', '.join(sorted(BOT_NAMES))} (search:N for N simulations "
                              "per decision, solver:N for N worlds)")
        if not colon:
            return cls(name=name)
        if name not in _LIMITS:
            raise EuchreError(f"{text.strip()!r}: {_NUMBERED}")
        limit, what = _LIMITS[name]
        if number.endswith("ms") and number[:-2].isdigit():
            if not 1 <= int(number[:-2]) <= MAX_MILLISECONDS:
                raise EuchreError(f"{text.strip()!r}: the time budget in {name}:Nms is 1 to "
                                  f"{MAX_MILLISECONDS} milliseconds per decision")
            return cls(name=name, milliseconds=int(number[:-2]))
        if not number.isdigit() or not 1 <= int(number) <= limit:
            raise EuchreError(f"{text.strip()!r}: N in {name}:N is a number of {what} "
                              f"per decision, 1 to {limit} (or a time budget: {name}:200ms)")
        return cls(name=name, simulations=int(number))

    def __str__(self) -> str:
        if self.milliseconds is not None:
            return f"{self.name}:{self.milliseconds}ms"
        return self.name if self.simulations is None else f"{self.name}:{self.simulations}"


def parse_bot_list(text: str, *, players: int) -> tuple[BotSpec, ...]:
    """``"heuristic"`` (every seat) or ``"heuristic,random,heuristic,random"`` (one per seat),
    as ``--bots`` takes them."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise EuchreError(f"--bots takes one name, or one name per seat ({players}); got "
                          f"{len(names)}")
    return tuple(BotSpec.parse(name) for name in names)
