"""The per-trump card tables of :mod:`engine.core.cards` as numpy arrays, and bit tricks.

Card ids and masks are those of the scalar engine (a hand is a ``uint64`` whose bit ``c`` is
card ``c``), so a batch hand converts to a scalar :class:`~engine.rules.results.Deal` as is,
but for the 2 to 5 (ids from 64, DECK-A6): a batch mask holds them at :data:`SMALL_BITS`,
copy bits of their own suit that no deck with them uses; :func:`batch_card`,
:func:`scalar_mask`, :func:`scalar_cards` and :func:`card_actions` convert at the edges (a
logged deal, a card action's id).
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
from engine.core.actions import card_action

__all__ = ["BLANK", "BLANK_CARD", "COPIES", "EFFECTIVE", "ONE", "PLAYABLE", "POWER",
           "SMALL_BITS", "SUITS", "SUIT_MASK", "U64",
           "batch_card", "batch_cards", "card_actions", "choose_bit", "first_copies",
           "has_small", "keyed_uniform", "low_bit_index", "mix64", "pick_bits", "power_table",
           "scalar_cards", "scalar_mask"]

U64 = npt.NDArray[np.uint64]
ONE = np.uint64(1)
_CARDS = 65
"""Columns of the tables: every card id fits below 64 (a mask is one ``uint64``); column 64
stands for no card (:func:`low_bit_index` of an empty mask) and, like 63, has no suit
and no power."""

_SMALL_PLACES = (0, 1, 3, 4)
"""Where the 2, 3, 4 and 5 of a suit sit among the six copy bits of that suit (``C.COPY + 6 *
suit``: the copies of its 9, 10, jack, queen, king and ace): those of the 9, 10, queen and
king, never the jack's (a bower's copy) nor the ace's."""
SMALL_BITS: tuple[int, ...] = tuple(C.COPY + 6 * suit + place for suit in range(4)
                                    for place in _SMALL_PLACES)
"""``SMALL_BITS[c - C.SMALL]``: the batch bit of the 2 to 5 ``c`` (DECK-A6): a copy bit of
the card's own suit that is no jack's, so that the shared :data:`EFFECTIVE`, :data:`SUITS`
and :data:`SUIT_MASK` hold for it as for the copy there (each follows its printed suit under
every trump), and the order of ids is kept (ascending within and across suits, above every
card below :data:`C.COPY`), so that a tie broken by id is broken alike. A deck holds the 2 to
5 or second copies, never both (``deal_batch.Deal.check``); only the powers differ
(:func:`power_table`), and the conversions at the edges (:func:`scalar_cards`,
:func:`scalar_mask`, :func:`card_actions`) take whether the deck has them."""
_SMALL_MASK = sum(1 << b for b in SMALL_BITS)


def has_small(cards: tuple[int, ...] | list[int]) -> bool:
    """Whether a deck's cards include the 2 to 5 (ids from ``C.SMALL``)."""
    return any(c >= C.SMALL for c in cards)


def batch_card(c: int) -> int:
    """The bit that holds card ``c`` in a batch mask (``c`` itself below ``C.SMALL``).

    >>> batch_card(C.card("2C")), batch_card(C.card("5C")), batch_card(C.card("4S"))
    (37, 41, 58)
    """
    return c if c < C.SMALL else SMALL_BITS[c - C.SMALL]


def batch_cards(cards: tuple[int, ...] | list[int]) -> list[int]:
    """The batch bits of some card ids (a deck's cards), in their order."""
    return [batch_card(c) for c in cards]


_IDENTITY = np.arange(_CARDS, dtype=np.int64)
_SMALL_SCALAR = _IDENTITY.copy()
_SMALL_SCALAR[list(SMALL_BITS)] = np.arange(C.SMALL, C.SMALL + 16)


def scalar_cards(small: bool) -> npt.NDArray[np.int64]:
    """``scalar_cards(small)[b]``: the card id of batch bit ``b`` in a deck with the 2 to 5
    (``small``) or without (``b`` itself: a double deck's copies)."""
    return _SMALL_SCALAR if small else _IDENTITY


def scalar_mask(mask: int, small: bool) -> int:
    """A batch mask as the scalar engine's set of cards.

    >>> scalar_mask(1 << batch_card(C.card("3H")) | 1, True) == 1 << C.card("3H") | 1
    True
    """
    if not small or not mask & _SMALL_MASK:
        return mask
    out = mask & ~_SMALL_MASK
    for k, b in enumerate(SMALL_BITS):
        out |= (mask >> b & 1) << (C.SMALL + k)
    return out


def card_actions(base: int, small: bool) -> npt.NDArray[np.int64]:
    """``card_actions(A.PLAY, small)[b]``: the action id of the card kind at ``base`` with the
    card of batch bit ``b`` (:func:`engine.core.actions.card_action`; ``base + b`` in a deck
    without the 2 to 5)."""
    scalar = scalar_cards(small).tolist()
    return np.array([card_action(base, c) if b < C.NO_CARD else base + b
                     for b, c in enumerate(scalar)], dtype=np.int64)


_tables = [C.trump_tables(t) for t in range(6)]
EFFECTIVE = np.zeros((6, _CARDS), dtype=np.int64)
POWER = np.zeros((6, 5, _CARDS), dtype=np.int64)
SUIT_MASK = np.zeros((6, 5), dtype=np.uint64)
_n = C.NO_CARD  # the cards below 63 (the 2 to 5 at SMALL_BITS: power_table)
for _t, _table in enumerate(_tables):
    EFFECTIVE[_t, :_n] = _table.effective[:_n]
    SUIT_MASK[_t] = [mask & ((1 << _n) - 1) for mask in _table.suit_mask]
    for _led in range(5):
        POWER[_t, _led, :_n] = _table.power[_led][:_n]
SUITS = np.zeros(_CARDS, dtype=np.int64)
SUITS[:_n] = [C.suit_of(c) for c in range(_n)]
"""``SUITS[b]``: the printed suit (``NO_TRUMP`` for a joker)."""
assert all(int(EFFECTIVE[t, b]) == C.suit_of(c) == int(SUITS[b])
           for t in range(6) for c, b in zip(range(C.SMALL, C.SMALL + 16), SMALL_BITS,
                                              strict=True))


def power_table(deck_cards: tuple[int, ...], tables: list[C.TrumpTables]
                ) -> npt.NDArray[np.int64]:
    """:data:`POWER` for a deck with the 2 to 5 (DECK-A6), whose powers the deck's own
    tables number (``Deck.all_tables``: the ranks below the six have powers of their own); the
    shared table itself for any other deck, whose powers are the default ones. The effective
    suits are those of :data:`EFFECTIVE` in both."""
    if not has_small(deck_cards):
        return POWER
    power = np.zeros_like(POWER)
    for t, table in enumerate(tables[:6]):
        for c in deck_cards:
            b = batch_card(c)
            assert table.effective[c] == EFFECTIVE[t, b], (t, c)
            for led in range(5):
                power[t, led, b] = table.power[led][c]
    return power


BLANK_CARD = 63
"""No card has this id (every id is below 62): the tables give it no suit and no power; a
seat that does not play a trick holds it (:mod:`engine.mechanics.play_batch`)."""
BLANK = ONE << np.uint64(BLANK_CARD)
PLAYABLE = ~BLANK
"""Every bit but the blank card's: a seat that plays the blank card keeps it."""


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
