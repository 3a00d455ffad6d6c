"""The per-trump card tables of :mod:`engine.core.cards` as numpy arrays, and bit tricks.

Card ids and masks are those of the scalar engine (a hand is a ``uint64`` whose bit ``c`` is
card ``c``), so a batch hand converts to a scalar :class:`~engine.rules.results.Deal` as is.
The tables are built once at import from the scalar ones (``trump_tables``), never written
again: ``EFFECTIVE[trump, c]`` is the suit card ``c`` follows, ``SUIT_MASK[trump, s]`` the cards
of effective suit ``s``, ``POWER[trump, led, c]`` the trick power of ``c``.

>>> import numpy as np
>>> from engine.core import cards as C
>>> int(EFFECTIVE[C.HEARTS, C.card("JD")]) == C.HEARTS
True
>>> low_bit_index(np.array([0b1000, 1 << 40], dtype=np.uint64)).tolist()
[3, 40]
>>> pick_bits(np.array([0b1011], dtype=np.uint64), np.array([2])).tolist()
[8]
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.core import cards as C

__all__ = ["COPIES", "EFFECTIVE", "ONE", "POWER", "SUITS", "SUIT_MASK", "U64", "choose_bit",
           "first_copies", "keyed_uniform", "low_bit_index", "mix64", "pick_bits"]

U64 = npt.NDArray[np.uint64]
ONE = np.uint64(1)
_CARDS = 65
"""Columns of the tables: every card id fits below 64 (a mask is one ``uint64``); column 64
stands for no card (:func:`low_bit_index` of an empty mask) and, like 63, has no suit
and no power."""

_tables = [C.trump_tables(t) for t in range(6)]
EFFECTIVE = np.zeros((6, _CARDS), dtype=np.int64)
POWER = np.zeros((6, 5, _CARDS), dtype=np.int64)
SUIT_MASK = np.zeros((6, 5), dtype=np.uint64)
_n = C.NO_CARD  # the cards below 63: a deck with the 2 to 5 has no batch form (DECK-A6)
for _t, _table in enumerate(_tables):
    EFFECTIVE[_t, :_n] = _table.effective[:_n]
    SUIT_MASK[_t] = [mask & ((1 << _n) - 1) for mask in _table.suit_mask]
    for _led in range(5):
        POWER[_t, _led, :_n] = _table.power[_led][:_n]
SUITS = np.zeros(_CARDS, dtype=np.int64)
SUITS[:_n] = [C.suit_of(c) for c in range(_n)]
"""``SUITS[c]``: the printed suit (``NO_TRUMP`` for a joker)."""

COPIES = np.uint64(((1 << C.JOKER_COPY) - 1) ^ ((1 << C.COPY) - 1))
"""The second copies of a double deck's 9 to A (DECK-A2)."""


def first_copies(masks: U64) -> U64:
    """Each mask less the second copy of every card whose first copy it holds: a card held
    twice is offered once, by its first copy (DECK-A2).

    >>> jh = C.card("JH")
    >>> first_copies(np.array([1 << jh | 1 << C.copy_of(jh), 1 << C.copy_of(jh)],
    ...                       dtype=np.uint64)).tolist() == [1 << jh, 1 << C.copy_of(jh)]
    True
    """
    doubled = np.zeros_like(masks)
    for suit in range(4):  # the 9 to A of a suit (bits 8 suit + 2 ..), their copies' bits
        nines = (masks >> np.uint64(suit * 8 + C.RANK_9)) & np.uint64(0x3F)
        doubled |= nines << np.uint64(C.COPY + 6 * suit)
    out: U64 = masks & ~doubled
    return out


def low_bit_index(bit: U64) -> npt.NDArray[np.int64]:
    """The index of a single set bit, per row: the count of the ones below it (64 for no
    bit, a column of the tables that no card has)."""
    index: npt.NDArray[np.int64] = np.bitwise_count(bit - ONE).astype(np.int64)
    return index


def pick_bits(masks: U64, k: npt.NDArray[np.int64]) -> U64:
    """The ``k``-th lowest set bit of each mask (``k`` below the mask's count), as a mask."""
    m = masks.copy()
    top = int(k.max()) if k.size else 0
    for j in range(top):
        np.bitwise_and(m, m - (k > j), out=m)  # clear the lowest bit where k > j
    return m & (~m + ONE)


def choose_bit(masks: U64, rng: np.random.Generator) -> U64:
    """One set bit of each (non-empty) mask, uniformly: a uniform legal card per game."""
    count = np.bitwise_count(masks).astype(np.int64)
    k = (rng.random(masks.shape[0]) * count).astype(np.int64)
    return pick_bits(masks, k)


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def mix64(z: U64) -> U64:
    """SplitMix64's finaliser, per element (``uint64`` arithmetic wraps): a counter-based
    generator's step, so that a draw depends on its key alone, not on what was drawn before.

    >>> mix64(np.array([0, 1], dtype=np.uint64)).tolist() != [0, 1]
    True
    """
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    out: U64 = z ^ (z >> np.uint64(31))
    return out


def keyed_uniform(keys: U64, count: int) -> npt.NDArray[np.float64]:
    """``(count, n)`` uniform floats in [0, 1): column ``r`` drawn from ``keys[r]`` alone
    (SplitMix64 on ``key + (i + 1) * golden``, the top 53 bits): rows with the same key draw
    the same numbers whatever else the batch draws (paired deals of ``compare``)."""
    steps = (np.arange(1, count + 1, dtype=np.uint64) * _GOLDEN)[:, None]
    bits = mix64(keys[None, :] + steps) >> np.uint64(11)
    out: npt.NDArray[np.float64] = bits.astype(np.float64) * (1.0 / (1 << 53))
    return out
