"""Words several mechanics share: naming suits at the prompt, and the small pieces of English
their rule-book lines are made of (numbers, lists, settings as written, extra hands).

>>> naming(["C", "D", "S"])
'name a suit other than hearts'
>>> naming(["H", "N"])
'name hearts or no-trump'
>>> naming(["C", "D", "H", "S", "N", "L"])
'name a suit, no-trump or low no-trump'
>>> number(4), join(["9", "10", "jack"]), setting("game.tie", "shared")
('four', '9, 10 and jack', '`game.tie: shared`')
>>> agreeing(["Seat 2"], "sits", "sit"), agreeing(["Seat 2", "Seat 4"], "sits", "sit")
('Seat 2 sits', 'Seat 2 and Seat 4 sit')
>>> counted(1, "card"), counted(2, "card")
('a card', '2 cards')
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import cards as C
from engine.rules.expression_errors import join_words

__all__ = ["agreeing", "card_words", "counted", "extra_hand_word", "join", "naming", "number",
           "setting", "suit_word", "third_person"]


def naming(suits: list[str]) -> str:
    """``name a suit``, ``name a suit other than hearts``, ``name clubs or no-trump`` (``N``;
    ``L`` is low no-trump)."""
    words = [C.SUIT_WORDS[C.SUIT_NAMES.index(s)] for s in suits if s in C.SUIT_NAMES]
    others = [word for letter, word in (("N", "no-trump"), ("L", "low no-trump"))
              if letter in suits]
    if len(words) == 4:
        head = "a suit"
    elif len(words) == 3:
        head = f"a suit other than {next(w for w in C.SUIT_WORDS if w not in words)}"
    else:
        return f"name {join([*words, *others], 'or')}"
    return f"name {join([head, *others], 'or')}"


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten", "eleven", "twelve")


def number(n: int) -> str:
    """``n`` in words up to twelve, in digits beyond."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def join(items: Sequence[str], word: str = "and") -> str:
    """``a, b and c`` (``word`` joins the last two): the expression errors' joining, with
    ``and`` by default."""
    return join_words(items, word)


def agreeing(subjects: Sequence[str], singular: str, plural: str) -> str:
    """``subjects`` joined and followed by the verb form that agrees with them: ``singular``
    for one (``West sits``), ``plural`` for several (``Seat 2 and Seat 4 sit``)."""
    return f"{join(subjects)} {singular if len(subjects) == 1 else plural}"


def counted(n: int, noun: str, plural: str = "") -> str:
    """``a card``, ``2 cards``: a count with its noun in the agreeing form (``plural``
    defaults to the noun and an ``s``)."""
    if n == 1:
        return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"
    return f"{n} {plural or noun + 's'}"


def suit_word(suit: int) -> str:
    """``hearts`` for a suit index (0..3)."""
    return C.SUIT_WORDS[suit]


def setting(key: str, value: object) -> str:
    """A variant-file setting as it is written: ``upcard_bidding.stick_the_dealer: true``."""
    text = str(value).lower() if isinstance(value, bool) else str(value)
    return f"`{key}: {text}`"


_EXTRA_WORDS = {"dummy": "the dummy", "ghost": "the ghost hand"}


def extra_hand_word(name: str) -> str:
    """``the dummy``, ``the ghost hand``: an extra hand of the deal in the rule book."""
    return _EXTRA_WORDS.get(name, f"the {name} hand")


_RANK_WORDS = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")


def card_words(card: int) -> str:
    """``the ace of spades``: a card in words (narration, prompts, the rule book).

    >>> card_words(C.card("AS")), card_words(C.card("TD")), card_words(C.JOKER)
    ('the ace of spades', 'the ten of diamonds', 'the joker')
    """
    if card == C.JOKER:
        return "the joker"
    if card == C.JOKER_LOW:  # a two-joker deck's second (DECK-A4)
        return "the low joker"
    return f"the {_RANK_WORDS[C.rank_of(card)]} of {C.SUIT_WORDS[C.suit_of(card)]}"


def third_person(phrase: str) -> str:
    """A verb phrase said of someone: ``shoot the moon`` -> ``shoots the moon``."""
    verb, space, rest = phrase.partition(" ")
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        verb += "es"
    elif len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        verb = verb[:-1] + "ies"
    else:
        verb += "s"
    return f"{verb}{space}{rest}"
