"""Cards as small ints, hands as int bitmasks, and the per-trump tables computed once.

A card is ``suit * 8 + rank`` with suits ``C D H S`` = 0..3 and ranks ``7 8 9 T J Q K A`` =
0..7; the joker (the Benny) is 32. A set of cards is an int whose bit ``c`` is set when card
``c`` is in it. Names like ``"JH"`` exist only at the edges (parsing, display, records).

>>> card("JH"), card_name(card("JH"))
(20, 'JH')
>>> names(mask_of(["9C", "AS"]))
['9C', 'AS']
>>> SUIT_NAMES[left_bower_suit(HEARTS)]
'D'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

__all__ = [
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "JOKER",
    "LOW_NO_TRUMP",
    "NO_TRUMP",
    "RANK_NAMES",
    "SPADES",
    "SUIT_NAMES",
    "SUIT_WORDS",
    "TRUMP_LETTERS",
    "TrumpTables",
    "card",
    "card_name",
    "cards_of",
    "deck_mask",
    "left_bower_suit",
    "mask_of",
    "names",
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
CARD_COUNT = 33

_LOWEST_RANK_FOR_SIZE = {32: RANK_7, 28: RANK_8, 24: RANK_9}


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
    if len(text) != 2 or text[0] not in RANK_NAMES or text[1] not in SUIT_NAMES:
        raise ValueError(
            f"{code!r} is not a card: write rank then suit, e.g. 9C, TD, JH, QS, AD, or JK"
        )
    return SUIT_NAMES.index(text[1]) * 8 + RANK_NAMES.index(text[0])


def card_name(c: int) -> str:
    """The code of card ``c`` (``"JH"``; ``"JK"`` for the joker)."""
    if c == JOKER:
        return "JK"
    return RANK_NAMES[c & 7] + SUIT_NAMES[c >> 3]


def pretty(c: int) -> str:
    """The card with a suit symbol, for the terminal (``J♥``)."""
    if c == JOKER:
        return "Jkr"
    return ("10" if c & 7 == RANK_T else RANK_NAMES[c & 7]) + SUIT_SYMBOLS[c >> 3]


def suit_of(c: int) -> int:
    """The printed suit (``NO_TRUMP`` for the joker, which has none)."""
    return NO_TRUMP if c == JOKER else c >> 3


def rank_of(c: int) -> int:
    """The printed rank index (0 = 7 ... 7 = A; the joker is 8)."""
    return 8 if c == JOKER else c & 7


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
    """The cards of a 24, 28 or 32-card euchre deck, plus the joker if ``jokers`` is 1.

    >>> popcount(deck_mask(24, 0)), popcount(deck_mask(32, 1))
    (24, 33)
    >>> names(deck_mask(24, 0))[:6]
    ['9C', 'TC', 'JC', 'QC', 'KC', 'AC']
    """
    low = _LOWEST_RANK_FOR_SIZE[size]
    mask = 0
    for suit in range(4):
        for rank in range(low, 8):
            mask |= 1 << (suit * 8 + rank)
    if jokers:
        mask |= 1 << JOKER
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

_TRUMP_ORDER = ("joker", "right", "left", RANK_A, RANK_K, RANK_Q, RANK_T, RANK_9, RANK_8, RANK_7)
"""Trump ranking, high to low (`euchre rules NAME`, "The cards"): joker, right bower, left
bower, A K Q T 9 8 7."""

_PLAIN_ORDER = (RANK_A, RANK_K, RANK_Q, RANK_J, RANK_T, RANK_9, RANK_8, RANK_7)
"""Plain-suit ranking, high to low; the same-colour suit simply lacks its jack."""

_LOW_ORDER = tuple(reversed(_PLAIN_ORDER))
"""Low no-trump ranking, high to low (BID-A9): 7 8 9 T J Q K A, the ace lowest."""

_TRUMP_BASE = 100


class TrumpTables:
    """Effective suits, suit masks and trick powers for one trump (or no-trump, or low
    no-trump: the same suits as no-trump, each ranked upside down).

    ``effective[c]``: the suit card ``c`` belongs to (bowers and joker belong to trump);
    ``suit_mask[s]``: all cards whose effective suit is ``s``;
    ``power[led][c]``: trick power of ``c`` when suit ``led`` was led.
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
            for place, what in enumerate(reversed(_TRUMP_ORDER)):
                c = by_name[what] if isinstance(what, str) else trump * 8 + what
                trump_power[c] = _TRUMP_BASE + place
        else:
            # No-trump (docs/ambiguities.md, BID-A8 default) and low no-trump (BID-A9): the
            # joker is the highest card.
            trump_power[JOKER] = _TRUMP_BASE
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
                elif effective[c] == led and c != JOKER:
                    row.append(plain_power[c & 7])
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
