"""Who sat where in a recorded game (``table`` of a record): :class:`Seating`, for
``play --resume`` and the browser. Kept beside :mod:`engine.play.record_shape`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.bot_spec import BotSpec
from engine.core.errors import EuchreError, RecordError

__all__ = ["Seating"]


Json = Any
"""A value as :func:`json.loads` gives it."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True, kw_only=True)
class Seating:
    """Who sat where, for ``play --resume`` and the browser: the human's seat and one bot per
    seat (None at the human's)."""

    human: int
    bots: tuple[BotSpec | None, ...]

    @classmethod
    def from_json(cls, data: Json) -> Seating:
        human = data.get("human") if isinstance(data, dict) else None
        bots = data.get("bots") if isinstance(data, dict) else None
        specs: tuple[BotSpec | None, ...] | None = None
        if _is_int(human) and isinstance(bots, list) and all(
                bot is None or isinstance(bot, str) for bot in bots):
            try:
                specs = tuple(None if bot is None else BotSpec.parse(bot) for bot in bots)
            except EuchreError:
                specs = None
        if specs is None:
            raise RecordError("the record's `table` (the human's seat and the bots) is not "
                              "valid")
        assert isinstance(human, int)
        return cls(human=human, bots=specs)

    def fits(self, players: int) -> bool:
        """Whether the seating fits a game of ``players``: the human at a seat, a bot at each
        other seat, none at the human's."""
        return (0 <= self.human < players and len(self.bots) == players
                and all((bot is None) == (seat == self.human)
                        for seat, bot in enumerate(self.bots)))

    def to_json(self) -> dict[str, Json]:
        return {"human": self.human,
                "bots": [None if bot is None else str(bot) for bot in self.bots]}
