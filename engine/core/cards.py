"""Cards as small ints, hands as int bitmasks, and the per-trump tables computed once.

A card is ``suit * 8 + rank`` with suits ``C D H S`` = 0..3 and ranks ``7 8 9 T J Q K A`` =
0..7; the joker (the Benny) is 32. The cards added later have the ids after it, so that no
existing id moves: the sixes of a 36-card deck are 33..36 (``6C`` .. ``6S``, rank
:data:`RANK_6`), and the second copies of a double deck (9 to A of each suit, then the joker)
are 37..61 (DECK-A2). A set of cards is an int whose bit ``c`` is set when card ``c`` is in
it. Names like ``"JH"`` exist only at the edges (parsing, display, records); both copies of a
card have the same name, and :func:`card` names the first.

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

from collections.abc import Iterable, Iterator

__all__ = [
    "CLUBS",
    "DIAMONDS",
    "FIRST_COPIES",
    "HEARTS",
    "JOKER",
    "LOW_NO_TRUMP",
    "NO_TRUMP",
    "RANK_6",
    "RANK_NAMES",
    "SPADES",
    "SUIT_NAMES",
    "SUIT_WORDS",
    "TRUMP_LETTERS",
    "TrumpTables",
    "card",
    "card_name",
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
RANK_7, RANK_8, RANK_9, RANK_T, RANK_J, RANK_Q, RANK_K, RANK_A = range(8)
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
FIRST_COPIES = (1 << COPY) - 1
"""Every card but the second copies: a table's suit mask ``&`` this holds each card once."""
CARD_COUNT = JOKER_COPY + 1
DOUBLE_RANKS = (RANK_9, RANK_T, RANK_J, RANK_Q, RANK_K, RANK_A)
"""The ranks a double deck may hold (the copies have ids for these only)."""
RANK_ORDER = (RANK_6, RANK_7, RANK_8, RANK_9, RANK_T, RANK_J, RANK_Q, RANK_K, RANK_A)
"""Every rank, lowest first (printed order, not trick power)."""

_LOWEST_RANK_FOR_SIZE = {36: RANK_6, 32: RANK_7, 28: RANK_8, 24: RANK_9}


def _first_cards() -> list[tuple[int, int]]:
    """(suit, rank) of every id that is not a second copy."""
    out = [(c >> 3, c & 7) for c in range(32)] + [(NO_TRUMP, RANK_JOKER)]
    return out + [(suit, RANK_6) for suit in range(4)]


_COPIES: dict[int, int] = {suit * 8 + rank: COPY + 6 * suit + rank - RANK_9
           for suit in range(4) for rank in DOUBLE_RANKS} | {JOKER: JOKER_COPY}
_ORIGINAL: tuple[int, ...] = tuple([*range(COPY), *sorted(_COPIES, key=_COPIES.__getitem__)])
_SUIT_RANK: tuple[tuple[int, int], ...] = tuple(_first_cards()[c] for c in _ORIGINAL)
SUITS: tuple[int, ...] = tuple(suit for suit, _ in _SUIT_RANK)
"""``SUITS[c]``: the printed suit of card ``c`` (``NO_TRUMP`` for a joker)."""
RANKS: tuple[int, ...] = tuple(rank for _, rank in _SUIT_RANK)
"""``RANKS[c]``: the rank index of card ``c`` (:data:`RANK_JOKER` for a joker)."""
_RANK_LETTER = RANK_NAMES + "?6"
_NAMES = tuple("JK" if rank == RANK_JOKER else _RANK_LETTER[rank] + SUIT_NAMES[suit]
               for suit, rank in _SUIT_RANK)


def copy_of(c: int) -> int:
    """The second copy of card ``c`` (double decks: 9 to A and the joker); raises
    ``KeyError`` for a card that has none."""
    return _COPIES[c]


def original(c: int) -> int:
    """The first copy of ``c`` (``c`` itself unless it is a second copy)."""
    return _ORIGINAL[c]


def rank_letter(rank: int) -> str:
    """The letter of a rank index (``"6"`` for :data:`RANK_6`)."""
    return _RANK_LETTER[rank]


def rank_index(letter: str) -> int:
    """The rank index of a letter (``"6"``, ``"9"``, ``"T"``, ... ``"A"``); ``ValueError``."""
    if letter == "6":
        return RANK_6
    if len(letter) != 1 or letter not in RANK_NAMES:
        raise ValueError(f"{letter!r} is not a rank")
    return RANK_NAMES.index(letter)


def card(code: str) -> int:
    """The int of a card code such as ``"9C"``, ``"TD"`` or ``"JK"`` (joker); ``"10H"`` works too.

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
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) != 2 or text[0] not in RANK_NAMES + "6" or text[1] not in SUIT_NAMES:
        raise ValueError(
            f"{code!r} is not a card: write rank then suit, e.g. 9C, TD, JH, QS, AD, or JK"
        )
    suit = SUIT_NAMES.index(text[1])
    if text[0] == "6":
        return SIX + suit
    return suit * 8 + RANK_NAMES.index(text[0])


def card_name(c: int) -> str:
    """The code of card ``c`` (``"JH"``; ``"JK"`` for the joker; a second copy has the name of
    the first)."""
    return _NAMES[c]


def pretty(c: int) -> str:
    """The card with a suit symbol, for the terminal (``J♥``)."""
    suit, rank = _SUIT_RANK[c]
    if rank == RANK_JOKER:
        return "Jkr"
    return ("10" if rank == RANK_T else _RANK_LETTER[rank]) + SUIT_SYMBOLS[suit]


def suit_of(c: int) -> int:
    """The printed suit (``NO_TRUMP`` for the joker, which has none)."""
    return SUITS[c]


def rank_of(c: int) -> int:
    """The printed rank index (0 = 7 ... 7 = A; the joker is 8, the six :data:`RANK_6`)."""
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


def deck_of(ranks: Iterable[int], *, jokers: int = 0, copies: int = 1) -> int:
    """The cards of the given ranks in every suit, ``jokers`` jokers (0 or 1 a copy), and with
    ``copies=2`` the second copy of each (double decks: only :data:`DOUBLE_RANKS`).

    >>> popcount(deck_of(DOUBLE_RANKS, copies=2)), popcount(deck_of([RANK_6, RANK_A]))
    (48, 8)
    """
    mask = 0
    for rank in ranks:
        for suit in range(4):
            c = SIX + suit if rank == RANK_6 else suit * 8 + rank
            mask |= 1 << c
            if copies == 2:
                mask |= 1 << _COPIES[c]
    if jokers:
        mask |= 1 << JOKER
        if copies == 2:
            mask |= 1 << JOKER_COPY
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


# ---------------------------------------------------------------------------------------------
# Per-trump tables (python-chess style: computed once at import, read in the hot path).
#
# Trick power: the card with the highest power in a trick wins. Trumps beat the suit led,
# which beats everything else (power 0). The explicit rank tables below say the order.

_TRUMP_ORDER = ("joker", "right", "left", RANK_A, RANK_K, RANK_Q, RANK_T, RANK_9, RANK_8, RANK_7,
                RANK_6)
"""Trump ranking, high to low (`euchre rules NAME`, "The cards"): joker, right bower, left
bower, A K Q T 9 8 7 6."""

_PLAIN_ORDER = (RANK_A, RANK_K, RANK_Q, RANK_J, RANK_T, RANK_9, RANK_8, RANK_7, RANK_6)
"""Plain-suit ranking, high to low; the same-colour suit simply lacks its jack."""

_LOW_ORDER = tuple(reversed(_PLAIN_ORDER))
"""Low no-trump ranking, high to low (BID-A9): 6 7 8 9 T J Q K A, the ace lowest."""

_TRUMP_BASE = 100


class TrumpTables:
    """Effective suits, suit masks and trick powers for one trump (or no-trump, or low
    no-trump: the same suits as no-trump, each ranked upside down).

    ``effective[c]``: the suit card ``c`` belongs to (bowers and joker belong to trump);
    ``suit_mask[s]``: all cards whose effective suit is ``s``;
    ``power[led][c]``: trick power of ``c`` when suit ``led`` was led.

    A second copy (double decks) belongs to the suit of its first and has the same power, so
    of two identical cards the first played wins (DECK-A3).
    """

    __slots__ = ("effective", "power", "suit_mask", "trump")

    def __init__(self, trump: int) -> None:
        self.trump = trump
        effective = [suit_of(c) for c in range(CARD_COUNT)]
        trump_power: dict[int, int] = {}
        if trump < NO_TRUMP:
            right = trump * 8 + RANK_J
            left = left_bower_suit(trump) * 8 + RANK_J
            effective[JOKER] = trump
            effective[left] = trump
            by_name = {"joker": JOKER, "right": right, "left": left}
            # The six sits one below the seven's place, so that every other power stays
            # what it was before sixes existed (bots read ``power - _TRUMP_BASE``).
            for place, what in enumerate(reversed(_TRUMP_ORDER), start=-1):
                if isinstance(what, str):
                    c = by_name[what]
                else:
                    c = SIX + trump if what == RANK_6 else trump * 8 + what
                trump_power[c] = _TRUMP_BASE + place
        else:
            # No-trump (docs/ambiguities.md, BID-A8 default) and low no-trump (BID-A9): the
            # joker is the highest card.
            trump_power[JOKER] = _TRUMP_BASE
        for c in range(COPY, CARD_COUNT):
            effective[c] = effective[_ORIGINAL[c]]
            if _ORIGINAL[c] in trump_power:
                trump_power[c] = trump_power[_ORIGINAL[c]]
        self.effective = tuple(effective)
        masks = [0] * 5
        for c in range(CARD_COUNT):
            masks[effective[c]] |= 1 << c
        self.suit_mask = tuple(masks)
        order = _LOW_ORDER if trump == LOW_NO_TRUMP else _PLAIN_ORDER
        plain_power = {rank: 1 + place for place, rank in enumerate(reversed(order))}
        rows = []
        for led in range(5):
            row = []
            for c in range(CARD_COUNT):
                if c in trump_power:
                    row.append(trump_power[c])
                elif effective[c] == led and RANKS[c] != RANK_JOKER:
                    row.append(plain_power[RANKS[c]])
                else:
                    row.append(0)
            rows.append(tuple(row))
        self.power = tuple(rows)

    def winner(self, cards: list[int] | tuple[int, ...]) -> int:
        """Index of the winning card among ``cards`` played in order (the first of equals).

        With hearts trump the jack of diamonds (the left bower) beats the ace of hearts, and a
        card of a suit not led cannot win:

        >>> hearts = trump_tables(HEARTS)
        >>> hearts.winner([card("AH"), card("JD"), card("KS")])
        1
        >>> hearts.winner([card("9C"), card("AS"), card("TC")])
        2

        At low no-trump the lowest card of the suit led wins and jacks are plain:

        >>> trump_tables(LOW_NO_TRUMP).winner([card("AH"), card("9H"), card("JD")])
        1

        Of two identical cards (a double deck) the first played wins (DECK-A3):

        >>> hearts.winner([card("QH"), copy_of(card("JH")), card("JH")])
        1
        """
        power = self.power[self.effective[cards[0]]]
        best = 0
        best_power = power[cards[0]]
        for i in range(1, len(cards)):
            p = power[cards[i]]
            if p > best_power:
                best, best_power = i, p
        return best


_TABLES = tuple(TrumpTables(t) for t in range(6))


def trump_tables(trump: int) -> TrumpTables:
    """The tables for ``trump`` (0..3, ``NO_TRUMP`` or ``LOW_NO_TRUMP``)."""
    return _TABLES[trump]
