"""Cards as small ints, hands as int bitmasks, and the per-trump tables computed once.

A card is ``suit * 8 + rank`` with suits ``C D H S`` = 0..3 and ranks ``7 8 9 T J Q K A`` =
0..7; the joker (the Benny) is 32. The cards added later have the ids after it, so that no
existing id moves: the sixes of a 36-card deck are 33..36 (``6C`` .. ``6S``, rank
:data:`RANK_6`), and the second copies of a double deck (9 to A of each suit, then the joker)
are 37..61 (DECK-A2), and the low joker of a two-joker deck is 62 (``JL``; the first joker,
``JK``, is the high one, DECK-A4). Id 63 is no card (a hidden card's place in an action
block). The 2 to 5 of each suit are 64..79 (``SMALL + 4 * suit + rank - RANK_2`` in the order
2 3 4 5: ``2C`` .. ``5S``, DECK-A6). A set of cards is an int whose bit ``c`` is set when card
``c`` is in it. Names like ``"JH"`` exist only at the edges (parsing, display, records);
both copies of a card have the same name, and :func:`card` names the first.

>>> card("JH"), card_name(card("JH"))
(20, 'JH')
>>> names(mask_of(["9C", "AS"]))
['9C', 'AS']
>>> SUIT_NAMES[left_bower_suit(HEARTS)]
'D'
>>> card("6S"), card_name(copy_of(card("JH"))), original(copy_of(card("JH"))) == card("JH")
(36, 'JH', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

__all__ = [
    "CARD_IDS",
    "CLUBS",
    "DIAMONDS",
    "FIRST_COPIES",
    "HEARTS",
    "JOKER",
    "JOKERS",
    "JOKER_LOW",
    "LOW_NO_TRUMP",
    "NO_CARD",
    "NO_TRUMP",
    "RANK_2",
    "RANK_3",
    "RANK_4",
    "RANK_5",
    "RANK_6",
    "RANK_NAMES",
    "SMALL",
    "SPADES",
    "SUIT_NAMES",
    "SUIT_WORDS",
    "TRUMP_LETTERS",
    "TrumpTables",
    "card",
    "card_name",
    "card_of_rank",
    "cards_of",
    "copy_of",
    "deck_mask",
    "deck_of",
    "left_bower_suit",
    "mask_of",
    "names",
    "original",
    "parse_suit",
    "popcount",
    "rank_of",
    "suit_of",
    "trump_letter",
    "trump_tables",
]

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
NO_TRUMP = 4
"""The index used for a hand played without trump (also the joker's printed 'suit')."""
LOW_NO_TRUMP = 5
"""Low no-trump ("lo"): no trump and every suit ranked upside down, the ace lowest (BID-A9).
Its cards' suits are those of no-trump (the joker's is ``NO_TRUMP``); only the powers differ."""
TRUMP_LETTERS = "CDHSNL"
"""The letter of each trump index: the suits, ``N`` no-trump, ``L`` low no-trump."""

SUIT_NAMES = "CDHS"
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = "789TJQKA"
RANK_7: int = 0
RANK_8: int = 1
RANK_9: int = 2
RANK_T: int = 3
RANK_J: int = 4
RANK_Q: int = 5
RANK_K: int = 6
RANK_A: int = 7
JOKER = 32
RANK_JOKER = 8
"""The joker's rank index (:func:`rank_of`)."""
RANK_6 = 9
"""The six (36-card decks): below the seven, numbered after the joker's rank so that no
existing rank or card id moves."""
SIX = 33
"""``SIX + suit`` is the six of that suit."""
COPY = 37
"""The first second copy (double decks): ``COPY + 6 * suit + rank - RANK_9`` for 9 to A, then
the joker's copy, :data:`JOKER_COPY`."""
JOKER_COPY = COPY + 24
JOKER_LOW = JOKER_COPY + 1
"""The low joker (``JL``) of a deck with two jokers: below the first (``JK``, the high joker),
above the right bower (DECK-A4). Id 62 is the last a card action's block of 64 ids can hold
(``base + 63`` is a hidden card), so there is no third joker."""
NO_CARD = 63
"""Not a card: ``base + 63`` of a card action kind is its hidden form (``discard``)."""
RANK_5: int = 10
RANK_4: int = 11
RANK_3: int = 12
RANK_2: int = 13
"""The 5 to 2 (DECK-A6): below the six, numbered after it so that no rank index moves."""
_RANK_NONE = 14
"""The rank index of :data:`NO_CARD` (no rank: it matches no set of cards)."""
SMALL = 64
"""``SMALL + 4 * suit + k`` is the 2, 3, 4 or 5 (``k`` 0 to 3) of that suit: ids after every
other, so that none moves (DECK-A6). A card action of one of them has its own block of ids
(:func:`engine.core.actions.card_action`)."""
JOKERS = 1 << JOKER | 1 << JOKER_COPY | 1 << JOKER_LOW
"""Every joker id (the joker, a double deck's copy of it, the low joker)."""
CARD_COUNT = SMALL + 16
CARD_IDS: tuple[int, ...] = tuple(c for c in range(CARD_COUNT) if c != NO_CARD)
"""Every card id (:data:`NO_CARD` is none)."""
FIRST_COPIES = ((1 << CARD_COUNT) - 1) & ~(((1 << (JOKER_COPY + 1)) - 1) ^ ((1 << COPY) - 1))
"""Every card but the second copies: a table's suit mask ``&`` this holds each card once."""
DOUBLE_RANKS = (RANK_9, RANK_T, RANK_J, RANK_Q, RANK_K, RANK_A)
"""The ranks a double deck may hold (the copies have ids for these only)."""
SMALL_RANKS = (RANK_2, RANK_3, RANK_4, RANK_5)
"""The ranks below the six, lowest first."""
RANK_ORDER = (RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8, RANK_9, RANK_T, RANK_J,
              RANK_Q, RANK_K, RANK_A)
"""Every rank, lowest first (printed order, not trick power)."""

_LOWEST_RANK_FOR_SIZE = {36: RANK_6, 32: RANK_7, 28: RANK_8, 24: RANK_9}


def _first_cards() -> list[tuple[int, int]]:
    """(suit, rank) of every id that is not a second copy."""
    out = [(c >> 3, c & 7) for c in range(32)] + [(NO_TRUMP, RANK_JOKER)]
    return out + [(suit, RANK_6) for suit in range(4)]


_COPIES: dict[int, int] = {suit * 8 + rank: COPY + 6 * suit + rank - RANK_9
           for suit in range(4) for rank in DOUBLE_RANKS} | {JOKER: JOKER_COPY}
_ORIGINAL: tuple[int, ...] = tuple([*range(COPY), *sorted(_COPIES, key=_COPIES.__getitem__),
                                    *range(JOKER_LOW, CARD_COUNT)])
_LATER: dict[int, tuple[int, int]] = {JOKER_LOW: (NO_TRUMP, RANK_JOKER),
                                      NO_CARD: (NO_TRUMP, _RANK_NONE)} | {
    SMALL + 4 * suit + k: (suit, rank) for suit in range(4) for k, rank in enumerate(SMALL_RANKS)}
_SUIT_RANK: tuple[tuple[int, int], ...] = tuple(
    _first_cards()[c] if c < COPY else _LATER[c] for c in _ORIGINAL)
SUITS: tuple[int, ...] = tuple(suit for suit, _ in _SUIT_RANK)
"""``SUITS[c]``: the printed suit of card ``c`` (``NO_TRUMP`` for a joker)."""
RANKS: tuple[int, ...] = tuple(rank for _, rank in _SUIT_RANK)
"""``RANKS[c]``: the rank index of card ``c`` (:data:`RANK_JOKER` for a joker)."""
_RANK_LETTER = RANK_NAMES + "?65432?"
_NAMES = tuple("JL" if c == JOKER_LOW else "JK" if rank == RANK_JOKER else "??" if c == NO_CARD
               else _RANK_LETTER[rank] + SUIT_NAMES[suit]
               for c, (suit, rank) in enumerate(_SUIT_RANK))


def copy_of(c: int) -> int:
    """The second copy of card ``c`` (double decks: 9 to A and the joker); raises
    ``KeyError`` for a card that has none."""
    return _COPIES[c]


def original(c: int) -> int:
    """The first copy of ``c`` (``c`` itself unless it is a second copy)."""
    return _ORIGINAL[c]


def rank_letter(rank: int) -> str:
    """The letter of a rank index (``"6"`` for :data:`RANK_6`, ``"2"`` for :data:`RANK_2`)."""
    return _RANK_LETTER[rank]


_LETTER_RANK = {letter: rank for rank, letter in enumerate(_RANK_LETTER) if letter != "?"}


def rank_index(letter: str) -> int:
    """The rank index of a letter (``"2"`` ... ``"9"``, ``"T"``, ... ``"A"``); ``ValueError``."""
    if len(letter) != 1 or letter not in _LETTER_RANK:
        raise ValueError(f"{letter!r} is not a rank")
    return _LETTER_RANK[letter]


def card_of_rank(suit: int, rank: int) -> int:
    """The id of the card of ``rank`` in ``suit`` (the first copy).

    >>> names(1 << card_of_rank(HEARTS, RANK_6) | 1 << card_of_rank(HEARTS, RANK_4))
    ['6H', '4H']
    """
    if rank == RANK_6:
        return SIX + suit
    if rank in SMALL_RANKS:
        return SMALL + 4 * suit + SMALL_RANKS.index(rank)
    return suit * 8 + rank


def card(code: str) -> int:
    """The int of a card code such as ``"9C"``, ``"TD"`` or ``"JK"`` (joker; ``"JL"`` the low
    joker of a two-joker deck); ``"10H"`` works too.

    Raises ``ValueError`` with the reason for anything else.

    >>> card("9C"), card("10h"), card("JK")
    (2, 19, 32)
    >>> card("1H")
    Traceback (most recent call last):
      ...
    ValueError: '1H' is not a card: write rank then suit, e.g. 9C, TD, JH, QS, AD, or JK
    """
    text = code.strip().upper()
    if text in ("JK", "JOKER"):
        return JOKER
    if text == "JL":
        return JOKER_LOW
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) != 2 or text[0] not in _LETTER_RANK or text[1] not in SUIT_NAMES:
        raise ValueError(
            f"{code!r} is not a card: write rank then suit, e.g. 9C, TD, JH, QS, AD, or JK"
        )
    return card_of_rank(SUIT_NAMES.index(text[1]), _LETTER_RANK[text[0]])


def card_name(c: int) -> str:
    """The code of card ``c`` (``"JH"``; ``"JK"`` for the joker; a second copy has the name of
    the first)."""
    return _NAMES[c]


def pretty(c: int) -> str:
    """The card with a suit symbol, for the terminal (``J♥``)."""
    suit, rank = _SUIT_RANK[c]
    if rank == RANK_JOKER:
        return "JkL" if c == JOKER_LOW else "Jkr"
    return ("10" if rank == RANK_T else _RANK_LETTER[rank]) + SUIT_SYMBOLS[suit]


def suit_of(c: int) -> int:
    """The printed suit (``NO_TRUMP`` for the joker, which has none)."""
    return SUITS[c]


def rank_of(c: int) -> int:
    """The printed rank index (0 = 7 ... 7 = A; the joker is 8, the six :data:`RANK_6`, the
    5 to 2 :data:`RANK_5` to :data:`RANK_2`)."""
    return RANKS[c]


def parse_suit(text: str) -> int:
    """``"H"`` or ``"hearts"`` -> 2.

    >>> parse_suit("H"), parse_suit("hearts"), parse_suit("Spade")
    (2, 2, 3)
    """
    t = text.strip().lower()
    for i, (letter, word) in enumerate(zip(SUIT_NAMES, SUIT_WORDS, strict=True)):
        if t in (letter.lower(), word, word[:-1]):
            return i
    raise ValueError(f"{text!r} is not a suit: use C, D, H or S")


def trump_letter(trump: int) -> str:
    """The letter of a trump index (``H``; ``N`` no-trump, ``L`` low no-trump).

    >>> trump_letter(HEARTS), trump_letter(NO_TRUMP), trump_letter(LOW_NO_TRUMP)
    ('H', 'N', 'L')
    """
    return TRUMP_LETTERS[trump]


def left_bower_suit(trump: int) -> int:
    """The suit of the same colour, whose jack becomes the left bower (C<->S, D<->H)."""
    return 3 - trump


def deck_mask(size: int, jokers: int) -> int:
    """The cards of a 24, 28, 32 or 36-card euchre deck, plus the joker if ``jokers`` is 1.

    >>> popcount(deck_mask(24, 0)), popcount(deck_mask(32, 1)), popcount(deck_mask(36, 0))
    (24, 33, 36)
    >>> names(deck_mask(24, 0))[:6]
    ['9C', 'TC', 'JC', 'QC', 'KC', 'AC']
    """
    low = _LOWEST_RANK_FOR_SIZE[size]
    return deck_of(RANK_ORDER[RANK_ORDER.index(low):], jokers=jokers)


def deck_of(ranks: Iterable[int], *, jokers: int = 0, copies: int = 1,
            suit_ranks: Sequence[Iterable[int]] | None = None) -> int:
    """The cards of the given ranks in every suit (or, with ``suit_ranks``, the ranks of each
    suit C D H S), ``jokers`` jokers (0, 1, or 2: the high ``JK`` and the low ``JL``), and with
    ``copies=2`` the second copy of each (double decks: only :data:`DOUBLE_RANKS`, one joker).

    >>> popcount(deck_of(DOUBLE_RANKS, copies=2)), popcount(deck_of([RANK_6, RANK_A]))
    (48, 8)
    >>> names(deck_of([], suit_ranks=[[RANK_A], [RANK_K, RANK_A], [], [RANK_6]], jokers=2))
    ['AC', 'KD', 'AD', 'JK', '6S', 'JL']
    """
    per_suit = [list(ranks)] * 4 if suit_ranks is None else [list(r) for r in suit_ranks]
    mask = 0
    for suit in range(4):
        for rank in per_suit[suit]:
            c = card_of_rank(suit, rank)
            mask |= 1 << c
            if copies == 2:
                mask |= 1 << _COPIES[c]
    if jokers:
        mask |= 1 << JOKER
        if copies == 2:
            mask |= 1 << JOKER_COPY
    if jokers == 2:
        mask |= 1 << JOKER_LOW
    return mask


def popcount(mask: int) -> int:
    """Number of cards in a set."""
    return mask.bit_count()


def cards_of(mask: int) -> Iterator[int]:
    """The cards of a set, lowest id first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(codes: Iterable[str | int]) -> int:
    """The set of the given card codes or ints."""
    mask = 0
    for c in codes:
        mask |= 1 << (card(c) if isinstance(c, str) else c)
    return mask


def names(mask: int) -> list[str]:
    """The codes of a set's cards, lowest id first."""
    return [card_name(c) for c in cards_of(mask)]


# The per-trump tables live in engine/core/trump.py (they read the tables above).
from engine.core.trump import TrumpTables, trump_tables  # noqa: E402
