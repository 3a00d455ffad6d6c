"""The memory a batch needs: bytes per game in flight, and a batch size that would not fit
refused before it starts.

A batch of B rows holds, per row, the arrays of one hand (the hands as masks, the draws of
the deal and the play, the bots' working arrays: measured, :func:`hand_bytes`), the row's
running game (scores and counters: :data:`_SLOT_BYTES` a seat) and the results of the
:data:`~engine.batch.simulate.GAMES_PER_SLOT` games it plays in turn (:func:`result_bytes`).
One hand of :data:`PROBE_ROWS` rows played under ``tracemalloc`` measures the first: the
peak of numpy's allocations, divided by the rows. Each worker process plays one batch at a
time, so a run needs ``workers`` times a batch.

>>> from engine import load_variant
>>> 200 < bytes_per_game(load_variant("standard")) < 5_000
True
"""

from __future__ import annotations

import os
import tracemalloc
from collections.abc import Sequence
from functools import cache

from engine.core.bot_spec import BotSpec
from engine.rules.variant import Variant

__all__ = ["PROBE_ROWS", "available_bytes", "bytes_per_game", "too_big"]

PROBE_ROWS = 512
"""Rows of the one hand played to measure a row's arrays (enough that fixed costs, such as
the card tables, weigh little per row)."""
_SLOT_BYTES = 8
"""Per seat of a row: its running score (``int64``)."""
_SLOT_FIXED = 8 * 8
_MATCH_BYTES = 2 * 8
"""Per seat of a row playing a match (``game.match``): the scores its game began with and
the games credited so far (``int64`` each)."""
"""Per row: the game it plays, dealer, hands played, scored hands, flags (``int64`` each)."""
_SAFETY = 0.8
"""The share of the available memory a run may plan to use."""
_SURELY_BELOW = 16_384
"""Bytes a game in flight stays below in every shipped family (measured: 0.6 to 2.1 KB):
a run that fits at this much a game is not measured."""


def result_bytes(variant: Variant, games_per_row: int) -> int:
    """The results kept per row of a batch: per game its winners (a ``bool`` a seat), its
    scored hands (``int64``) and whether the hand limit stopped it (``bool``)."""
    return games_per_row * (variant.players + 8 + 1)


@cache
def _hand_bytes(rules_json: str, name: str, rules_hash: str, bots: tuple[BotSpec, ...]) -> int:
    from engine.batch.run import compile_kernels, play_batch  # noqa: PLC0415 - a cycle
    from engine.sim.simulate import _variant_of  # noqa: PLC0415

    variant = _variant_of(name, rules_json, rules_hash)
    kernels = compile_kernels(variant)
    rows = PROBE_ROWS
    match = variant.game.match
    games = rows * (1 if match is None else match.games)  # a row a match: every row full
    play_batch(variant, kernels, seed=0, index=0, size=rows, games=games, bots=bots, hands=1)
    tracemalloc.start()  # the second hand: once-only caches and tables are already made
    try:  # one hand of every row (the game of each ends or not: its first hand is measured)
        play_batch(variant, kernels, seed=0, index=0, size=rows, games=games, bots=bots,
                   hands=1)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return -(-peak // rows)


def hand_bytes(variant: Variant, bots: Sequence[BotSpec] = ()) -> int:
    """The peak bytes of one hand's arrays per row, measured (:data:`PROBE_ROWS` rows); 0
    when ``tracemalloc`` is already tracing (a caller measuring memory itself)."""
    if tracemalloc.is_tracing():
        return 0
    return _hand_bytes(variant.rules_json, variant.name, variant.rules_hash, tuple(bots))


def bytes_per_game(variant: Variant, bots: Sequence[BotSpec] = (),
                   games_per_row: int = 8) -> int:
    """The bytes a game in flight needs: a row's hand arrays, its running game and the
    results of the games it plays."""
    seat = _SLOT_BYTES + (_MATCH_BYTES if variant.game.match is not None else 0)
    return (hand_bytes(variant, bots) + _SLOT_FIXED + seat * variant.players
            + result_bytes(variant, games_per_row))


def available_bytes() -> int | None:
    """The memory the system can give without swapping (``MemAvailable`` of
    ``/proc/meminfo``; else the free pages), or None when unknown."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError):
        return None


def too_big(variant: Variant, *, batch_size: int, workers: int, bots: Sequence[BotSpec] = (),
            available: int | None = None) -> str | None:
    """Why ``workers`` batches of ``batch_size`` games at once would not fit in memory (with
    how much they need and the largest batch size that fits), or None."""
    free = available_bytes() if available is None else available
    if free is None:
        return None
    budget = int(free * _SAFETY)
    if _SURELY_BELOW * batch_size * max(1, workers) <= budget:
        return None  # fits whatever the family: no need to measure
    each = bytes_per_game(variant, bots)
    need = each * batch_size * max(1, workers)
    if need <= budget:
        return None
    fits = max(1, budget // (each * max(1, workers)))
    return (f"--batch-size {batch_size:,} needs about {_size(need)} ({each:,} bytes a game in "
            f"flight, {max(1, workers)} worker(s)), more than the {_size(budget)} this machine "
            f"can spare ({int(_SAFETY * 100)}% of {_size(free)} available); use "
            f"--batch-size {fits:,} or less")


def _size(number: int) -> str:
    value = float(number)
    for unit in ("bytes", "KB", "MB", "GB", "TB"):
        if value < 1024 or unit == "TB":
            return f"{value:,.0f} {unit}" if unit == "bytes" else f"{value:,.1f} {unit}"
        value /= 1024
    return f"{number} bytes"

