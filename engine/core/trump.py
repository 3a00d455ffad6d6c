"""The per-trump tables of :mod:`engine.core.cards` (re-exported there): effective suits, suit
masks and trick powers, computed once per trump and kind of deck (python-chess style: built
at import or first use, read in the hot path)."""

from __future__ import annotations

from engine.core.cards import (
    _ORIGINAL,
    CARD_COUNT,
    COPY,
    JOKER,
    JOKER_LOW,
    LOW_NO_TRUMP,
    NO_TRUMP,
    RANK_2,
    RANK_3,
    RANK_4,
    RANK_5,
    RANK_6,
    RANK_7,
    RANK_8,
    RANK_9,
    RANK_A,
    RANK_J,
    RANK_K,
    RANK_Q,
    RANK_T,
    RANKS,
    card_of_rank,
    left_bower_suit,
    suit_of,
)

__all__ = ["TrumpTables", "trump_tables"]

# Trick power: the card with the highest power in a trick wins. Trumps beat the suit led,
# which beats everything else (power 0). The explicit rank tables below say the order.

_TRUMP_ORDER: tuple[str | int, ...] = (
    "joker", "right", "left", RANK_A, RANK_K, RANK_Q, RANK_T, RANK_9, RANK_8, RANK_7, RANK_6,
    RANK_5, RANK_4, RANK_3, RANK_2)
"""Trump ranking, high to low (`euchre rules NAME`, "The cards"): joker, right bower, left
bower, A K Q T 9 8 7 6."""

_PLAIN_TRUMP_ORDER: tuple[str | int, ...] = (
    "joker", RANK_A, RANK_K, RANK_Q, RANK_J, RANK_T, RANK_9, RANK_8, RANK_7, RANK_6, RANK_5,
    RANK_4, RANK_3, RANK_2)
"""Trump ranking without bowers (``deck.bowers: false``, DECK-A5): the jack of trump ranks
plainly between the queen and the ten, and the jack of the same colour stays in its suit."""

_PLAIN_ORDER: tuple[int, ...] = (
    RANK_A, RANK_K, RANK_Q, RANK_J, RANK_T, RANK_9, RANK_8, RANK_7, RANK_6)
"""Plain-suit ranking, high to low; the same-colour suit simply lacks its jack."""

_SMALL_PLAIN_ORDER: tuple[int, ...] = (*_PLAIN_ORDER, RANK_5, RANK_4, RANK_3, RANK_2)
"""Plain-suit ranking of a deck with ranks below the six (DECK-A6): their tables are their
own, so that the plain powers of every other deck stay what they were."""

_LOW_ORDER = tuple(reversed(_PLAIN_ORDER))
"""Low no-trump ranking, high to low (BID-A9): 6 7 8 9 T J Q K A, the ace lowest."""
_SMALL_LOW_ORDER = tuple(reversed(_SMALL_PLAIN_ORDER))

_TRUMP_BASE = 100


class TrumpTables:
    """Effective suits, suit masks and trick powers for one trump (or no-trump, or low
    no-trump: the same suits as no-trump, each ranked upside down).

    ``effective[c]``: the suit card ``c`` belongs to (bowers and joker belong to trump);
    ``suit_mask[s]``: all cards whose effective suit is ``s``;
    ``power[led][c]``: trick power of ``c`` when suit ``led`` was led.

    A second copy (double decks) belongs to the suit of its first and has the same power, so
    of two identical cards the first played wins (DECK-A3).

    ``bowers=False`` (``deck.bowers: false``) ranks the jacks plainly (DECK-A5);
    ``jokers=2`` ranks the high joker above the low one, both above every other card (DECK-A4);
    ``small=True`` ranks the 5 to 2 below the six (DECK-A6).
    The tables of a deck with bowers and at most one joker are those the engine always had:
    the low joker's place is only made in a two-joker deck's tables, so no power moves.
    """

    __slots__ = ("bowers", "effective", "jokers", "power", "suit_mask", "trump")

    def __init__(self, trump: int, *, bowers: bool = True, jokers: int = 1,
                 small: bool = False) -> None:
        self.trump = trump
        self.bowers = bowers
        self.jokers = jokers
        effective = [suit_of(c) for c in range(CARD_COUNT)]
        two = jokers == 2
        if trump < NO_TRUMP:
            effective[JOKER] = trump
            if two:
                effective[JOKER_LOW] = trump
            if bowers:
                effective[left_bower_suit(trump) * 8 + RANK_J] = trump
        trump_power = _trump_powers(trump, bowers=bowers, two=two, small=small)
        for c in range(COPY, JOKER_LOW):
            effective[c] = effective[_ORIGINAL[c]]
            if _ORIGINAL[c] in trump_power:
                trump_power[c] = trump_power[_ORIGINAL[c]]
        self.effective = tuple(effective)
        masks = [0] * 5
        for c in range(CARD_COUNT):
            masks[effective[c]] |= 1 << c
        self.suit_mask = tuple(masks)
        low = trump == LOW_NO_TRUMP
        order = (_SMALL_LOW_ORDER if low else _SMALL_PLAIN_ORDER) if small else \
            (_LOW_ORDER if low else _PLAIN_ORDER)
        plain_power = {rank: 1 + place for place, rank in enumerate(reversed(order))}
        rows = []
        for led in range(5):
            row = []
            for c in range(CARD_COUNT):
                if c in trump_power:
                    row.append(trump_power[c])
                elif effective[c] == led and RANKS[c] in plain_power:
                    row.append(plain_power[RANKS[c]])
                else:
                    row.append(0)
            rows.append(tuple(row))
        self.power = tuple(rows)

    def winner(self, cards: list[int] | tuple[int, ...]) -> int:
        """Index of the winning card among ``cards`` played in order (the first of equals).

        With hearts trump the jack of diamonds (the left bower) beats the ace of hearts, and a
        card of a suit not led cannot win:

        >>> from engine.core.cards import HEARTS, LOW_NO_TRUMP, card, copy_of
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


def _trump_powers(trump: int, *, bowers: bool, two: bool, small: bool) -> dict[int, int]:
    """The trick power of each trump (of the jokers alone at no-trump), before copies."""
    trump_power: dict[int, int] = {}
    if trump < NO_TRUMP:
        right = trump * 8 + RANK_J
        left = left_bower_suit(trump) * 8 + RANK_J
        order = _TRUMP_ORDER if bowers else _PLAIN_TRUMP_ORDER
        by_name = {"joker": JOKER, "right": right, "left": left}
        # The six sits one below the seven's place, and the 5 to 2 below it, so that every
        # other power stays what it was before they existed (bots read ``power - _TRUMP_BASE``).
        for place, what in enumerate(reversed(order), start=-5):
            c = by_name[what] if isinstance(what, str) else card_of_rank(trump, what)
            trump_power[c] = _TRUMP_BASE + place
        if not small:  # the 5 to 2 have no place below the six
            for what in (RANK_5, RANK_4, RANK_3, RANK_2):
                del trump_power[card_of_rank(trump, what)]
        if two:  # the low joker takes the joker's place, the high one goes above it
            trump_power[JOKER_LOW] = trump_power[JOKER]
            trump_power[JOKER] += 1
    else:
        # No-trump (docs/ambiguities.md, BID-A8 default) and low no-trump (BID-A9): the
        # joker is the highest card (of two, the high joker, then the low one).
        trump_power[JOKER] = _TRUMP_BASE + two
        if two:
            trump_power[JOKER_LOW] = _TRUMP_BASE
    return trump_power


_TABLES: dict[tuple[int, bool, bool, bool], TrumpTables] = {
    (t, True, False, False): TrumpTables(t) for t in range(6)}


def trump_tables(trump: int, *, bowers: bool = True, jokers: int = 1, small: bool = False
                 ) -> TrumpTables:
    """The tables for ``trump`` (0..3, ``NO_TRUMP`` or ``LOW_NO_TRUMP``), for a deck with
    bowers or without (``deck.bowers``), with two jokers or fewer (``deck.jokers``), and with
    ranks below the six or without (``small``): read
    them through :meth:`engine.rules.variant.Deck.tables`, which knows the deck.

    >>> from engine.core.cards import HEARTS, card
    >>> plain = trump_tables(HEARTS, bowers=False)
    >>> plain.winner([card("JD"), card("AD"), card("9H")]), plain.effective[card("JD")]
    (2, 1)
    >>> trump_tables(HEARTS, jokers=2).winner([card("JL"), card("JH"), card("JK")])
    2
    """
    key = (trump, bowers, jokers == 2, small)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = TrumpTables(trump, bowers=bowers, jokers=2 if key[2] else 1,
                                           small=small)
    return found
