"""Masks moved bit by bit through byte tables: a hand in any order of cards is one gather a
byte (the batch heuristic's orders: which card of a mask comes first by some rule).

>>> import numpy as np
>>> bits = BitMap([order_places(np.array([5, 2, 9]))], cards=10)
>>> int(bits.first(np.array([1 << 2 | 1 << 9], dtype=np.uint64), 0)[0])  # 2 before 9
2
"""

from __future__ import annotations

import numpy as np

from engine.mechanics.batch.hand import Ints
from engine.mechanics.batch.tables import ONE, U64

__all__ = ["BitMap", "order_places"]


class BitMap:
    """Masks moved bit by bit, per key: bit ``c`` of a mask to bit ``place[key][c]`` (or
    nowhere), a byte at a time through 256-entry tables, so that a mask in any card order is
    one gather a byte. The lowest bit of a mask in an order's places is its first card in
    that order (:meth:`first`)."""

    def __init__(self, places: list[dict[int, int]], cards: int) -> None:
        self.bytes = (cards + 7) // 8
        table = np.zeros((len(places), self.bytes, 256), dtype=np.uint64)
        inverse = np.full((len(places), 65), 63, dtype=np.int64)
        values = np.arange(256)
        for key, place in enumerate(places):
            for c, to in place.items():
                byte, bit = divmod(c, 8)
                table[key, byte, (values >> bit) & 1 == 1] |= ONE << np.uint64(to)
                inverse[key, to] = c
        self.table, self.inverse = table, inverse
        self.flat = table.reshape(-1)

    def move(self, masks: U64, key: Ints | int) -> U64:
        """Each mask with its bits moved to their places for the row's ``key``."""
        base = np.asarray(key, dtype=np.int64) * (self.bytes * 256)
        out = self.flat[base + (masks & np.uint64(255)).astype(np.int64)]
        for b in range(1, self.bytes):
            out |= self.flat[base + (b * 256) + ((masks >> np.uint64(8 * b))
                                                 & np.uint64(255)).astype(np.int64)]
        return out

    def first(self, masks: U64, key: Ints | int) -> Ints:
        """Per row, the first card of ``masks[row]`` in the order ``key`` (63 for none)."""
        moved = self.move(masks, key)
        place = np.bitwise_count((moved & -moved) - ONE).astype(np.int64)
        card: Ints = self.inverse[np.asarray(key, dtype=np.int64), place]
        return card


def order_places(cards: Ints) -> dict[int, int]:
    """Each card's place in an order of cards (for :class:`BitMap`)."""
    return {int(c): i for i, c in enumerate(cards)}
