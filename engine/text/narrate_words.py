"""Words for games at the terminal: seat names, cards, hands, trump, signed points.

Pure functions of cards and numbers; :mod:`engine.text.narrate` builds its lines from them.

>>> hand_text(C.mask_of(["9C", "JD", "AH", "JH", "TS"]), trump=C.HEARTS)
'J♥ J♦ A♥  9♣  10♠'
>>> signed(3), signed(-2), signed(0)
('+3', '-2', '0')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from engine.core import cards as C
from engine.core.seats import seat_names
from engine.mechanics.wording import third_person

if TYPE_CHECKING:
    from engine.rules.variant import Deck

__all__ = [
    "cards_text",
    "hand_text",
    "imperative",
    "seat_names",
    "signed",
    "sorted_hand",
    "third_person",
    "trump_text",
]

_COLOUR_CYCLE = (C.SPADES, C.HEARTS, C.CLUBS, C.DIAMONDS)
"""Suits in an order whose colours alternate, from any starting suit."""



def sorted_hand(mask: int, trump: int = -1, deck: Deck | Sequence[C.TrumpTables] | None = None
                ) -> list[int]:
    """The cards grouped by suit, highest first, suits alternating in colour; once trump is
    named (0..3) the trump group, bowers and joker included, comes first. Before that (or at
    no-trump) the joker leads; at low no-trump each suit is shown low card first (its order).
    ``deck``: the variant's deck or a view's ``tables`` (its bowers, its jokers); default a
    deck with bowers (every card of every deck in its place).
    """
    tables = _tables(trump, deck)
    start = _COLOUR_CYCLE.index(trump) if 0 <= trump < C.NO_TRUMP else 0
    groups = [C.NO_TRUMP, *_COLOUR_CYCLE[start:], *_COLOUR_CYCLE[:start]]
    out: list[int] = []
    for suit in groups:
        group = [c for c in C.cards_of(mask) if tables.effective[c] == suit]
        out += sorted(group, key=tables.power[suit].__getitem__, reverse=True)
    return out


def _tables(trump: int, deck: Deck | Sequence[C.TrumpTables] | None) -> C.TrumpTables:
    index = trump if 0 <= trump <= C.LOW_NO_TRUMP else C.NO_TRUMP
    if deck is None:  # the order of every card (the two jokers, the 2 to 5) with bowers
        return C.trump_tables(index, jokers=2, small=True)
    if isinstance(deck, Sequence):
        return deck[index]
    return deck.tables(index)


def hand_text(mask: int, trump: int = -1,
              deck: Deck | Sequence[C.TrumpTables] | None = None) -> str:
    """A hand as pretty cards, suits two spaces apart (see :func:`sorted_hand`)."""
    tables = _tables(trump, deck)
    parts: list[str] = []
    last = None
    for c in sorted_hand(mask, trump, deck):
        suit = tables.effective[c]
        if last is not None and suit != last:
            parts.append("")
        parts.append(C.pretty(c))
        last = suit
    return " ".join(parts) or "(no cards)"


def cards_text(cards: Iterable[int]) -> str:
    """Cards as pretty cards, in the order given."""
    return " ".join(C.pretty(c) for c in cards)


def trump_text(trump: int | str | None) -> str:
    """``2`` or ``"H"`` -> ``hearts ♥``; no-trump -> ``no-trump``; ``"L"`` -> ``low no-trump``.
    """
    if trump is None or trump == -1:
        return "not named yet"
    suit = trump if isinstance(trump, int) else _suit_index(trump)
    if suit == C.NO_TRUMP:
        return "no-trump"
    if suit == C.LOW_NO_TRUMP:
        return "low no-trump"
    return f"{C.SUIT_WORDS[suit]} {C.SUIT_SYMBOLS[suit]}"


_IRREGULAR = {"does": "do", "goes": "go", "has": "have", "is": "are"}
_YOURS = {"his": "your", "him": "you", "himself": "yourself"}


def imperative(phrase: str) -> str:
    """A narration's verb phrase (third person) as an option offered to the player:
    ``orders up`` -> ``order up``, ``passes his partner 9♠`` -> ``pass your partner 9♠``.

    >>> [imperative(p) for p in ("passes", "does not go alone", "names clubs ♣ as trump",
    ...                          "keeps his hand", "discards 9♣", "goes alone")]
    ['pass', 'do not go alone', 'name clubs ♣ as trump', 'keep your hand', 'discard 9♣', 'go alone']
    """
    first, _, rest = phrase.partition(" ")
    if first in _IRREGULAR:
        first = _IRREGULAR[first]
    elif first.endswith(("sses", "shes", "ches", "xes")):
        first = first[:-2]
    elif first.endswith("s") and not first.endswith("ss"):
        first = first[:-1]
    words = [_YOURS.get(word, word) for word in rest.split(" ")] if rest else []
    return " ".join([first, *words])


def signed(points: int) -> str:
    """Points with their sign: ``+2``, ``-2``, ``0``."""
    return f"{points:+d}" if points else "0"


def _suit_index(letter: str) -> int:
    found = C.TRUMP_LETTERS.find(letter.upper())
    return found if found >= 0 and len(letter) == 1 else C.parse_suit(letter)
