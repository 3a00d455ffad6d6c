"""Actions: small ints inside the engine, readable names at the edges.

=================  ===========================================================
name               meaning
=================  ===========================================================
``pass``           pass a bid, or decline to go alone
``order_up``       accept the upcard's suit as trump (the dealer "takes it up")
``pick_up``        optional dealer pickup: take the upcard
``keep``           decline: keep the hand (optional pickup, optional merge)
``alone``          go alone
``merge``          optional dummy merge: take the dummy into the hand
``swap``           swap the hand for the extra hand (Ghost Hand)
``look``           open swap: look at the extra hand first, then swap or not
``call:H``         name a suit as trump (``call:N`` no-trump, ``call:L`` low no-trump,
                   where allowed; the suit a led joker calls for at no-trump)
``bid:3``          bid three tricks; ``bid:moon`` one of the variant's special bids
``bid:4H``         bid four tricks with hearts as trump (``bid:3N`` at no-trump, ``bid:2L``
                   at low no-trump), where bids name their trump
``discard:9C``     discard a card
``play:JH``        play a card
=================  ===========================================================

>>> name_of(PLAY + 20), action_id("discard:9C")
('play:JH', 66)

Action *kinds* are declared (:func:`declare_kind`): a prefix and the type of its argument
(none, suit, number or card). The kinds above keep their fixed ids; a kind a mechanic declares
later gets the next free block of 64 ids from 192, in declaration order, and its names are
read and written like every other (``give:9C``). A bid that names its trump has its own
fixed block, :data:`BID_TRUMP`.

A card action is ``base + card`` for the cards below 63; the 2 to 5 (card ids from 64,
DECK-A6) do not fit a block of 64, so each card kind has a second block of 16 ids above
every other (:data:`SMALL_CARDS`): read and write card actions with :func:`card_action` and
:func:`card_of`.

>>> name_of(card_action(PLAY, C.card("4H"))), card_of(action_id("play:4h")) == C.card("4H")
('play:4H', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core import cards as C

__all__ = [
    "ALONE",
    "BID",
    "BID_TRUMP",
    "CALL",
    "DISCARD",
    "HIDDEN_DISCARD",
    "KEEP",
    "LOOK",
    "MERGE",
    "ORDER_UP",
    "PASS",
    "PICK_UP",
    "PLAY",
    "PRIVATE",
    "SPECIAL_BID",
    "SPECIAL_BIDS",
    "SWAP",
    "TOP_BID",
    "ActionKind",
    "Arg",
    "action_id",
    "bid_trump",
    "card_action",
    "card_of",
    "cards_to_actions",
    "declare_kind",
    "hidden",
    "is_card",
    "kind_named",
    "kind_of",
    "name_of",
    "other_copy",
]

PASS, ORDER_UP, PICK_UP, KEEP, ALONE, MERGE, SWAP, LOOK = range(8)
CALL = 8
"""``CALL + suit`` names trump; ``CALL + NO_TRUMP`` no-trump (``call:N``), ``CALL +
LOW_NO_TRUMP`` low no-trump (``call:L``)."""
BID = 16
"""``BID + n`` bids n tricks (n from 1 to 12)."""
SPECIAL_BID = 31
"""``SPECIAL_BID + i`` is the variant's ``i``-th named special bid (``bid:moon``), ranked
above every number in the order the variant lists them (up to :data:`SPECIAL_BIDS`)."""
SPECIAL_BIDS = 8
TOP_BID = SPECIAL_BID
"""The first special bid (the one a ``top_bid:`` names)."""
_DEFAULT_SPECIALS = ("moon",)
DISCARD = 64
"""``DISCARD + card``."""
HIDDEN_DISCARD = DISCARD + 63
"""Another seat's discard as a view shows it: the card is not known (named ``discard``)."""
PLAY = 128
"""``PLAY + card``."""
BID_TRUMP = 1024
"""``BID_TRUMP + 8 * n + trump`` bids n tricks (1 to 12) with that trump (a suit,
``NO_TRUMP`` or ``LOW_NO_TRUMP``): ``bid:4H``. A fixed block of 128 ids above the blocks of
the declared kinds, so that no existing id moves (see :func:`bid_trump`)."""


SMALL_CARDS = BID_TRUMP + 128
"""The first of the blocks of 16 ids, one per card kind in declaration order (``discard``,
``play``, then the declared ones), that hold the card actions of the 2 to 5 (card ids from
:data:`~engine.core.cards.SMALL`): ``SMALL_CARDS + 16 * k + card - SMALL``. Above every other
id, so that none moves."""
_SMALL_BASE: dict[int, int] = {}
"""A card kind's base -> the first id of its block of the 2 to 5."""


def card_action(base: int, card: int) -> int:
    """The action of the card kind at ``base`` (``PLAY``, ``DISCARD``, a declared kind's
    ``base``) with ``card``: ``base + card``, or for the 2 to 5 an id of the kind's block of
    :data:`SMALL_CARDS`."""
    if card < C.SMALL:
        return base + card
    return _SMALL_BASE[base] + card - C.SMALL


def card_of(action: int) -> int:
    """The card of a card action (``discard``, ``play``, ``give:9C``; 63 for a hidden one)."""
    if action < SMALL_CARDS:
        return action & 63
    return C.SMALL + (action - SMALL_CARDS) % 16


def is_card(base: int, action: int) -> bool:
    """``action`` is one of the card kind at ``base`` (a card of the 2 to 5 included; not its
    hidden form).

    >>> is_card(PLAY, action_id("play:JH")), is_card(PLAY, action_id("discard:JH"))
    (True, False)
    """
    if action < SMALL_CARDS:
        return base <= action < base + 63
    return _SMALL_BASE[base] <= action < _SMALL_BASE[base] + 16


class Arg(StrEnum):
    """The argument an action kind takes after its colon."""

    NONE = "none"
    SUIT = "suit"
    NUMBER = "number"
    CARD = "card"
    NUMBER_TRUMP = "number_trump"
    """A number of tricks and a trump letter (``4H``, ``3N``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionKind:
    """A kind of action: ``prefix`` (``play``), its argument and its first id (``base``).
    ``private``: the argument (a discarded card) is shown only to the seat that acted."""

    prefix: str
    arg: Arg
    base: int
    private: bool = False

    def names(self) -> dict[int, str]:
        """Every id of this kind and its name."""
        if self.arg is Arg.NONE:
            return {self.base: self.prefix}
        if self.arg is Arg.SUIT:
            return {self.base + t: f"{self.prefix}:{C.trump_letter(t)}"
                    for t in range(len(C.TRUMP_LETTERS))}
        if self.arg is Arg.NUMBER:
            return {self.base + n: f"{self.prefix}:{n}" for n in range(1, 13)}
        if self.arg is Arg.NUMBER_TRUMP:
            return {self.base + 8 * n + t: f"{self.prefix}:{n}{C.trump_letter(t)}"
                    for n in range(1, 13) for t in range(len(C.TRUMP_LETTERS))}
        return {card_action(self.base, c): f"{self.prefix}:{C.card_name(c)}" for c in C.CARD_IDS}


_KINDS: dict[str, ActionKind] = {}
_BY_ID: dict[int, ActionKind] = {}
_NAMES: dict[int, str] = {}
_IDS: dict[str, int] = {}
_FIRST_FREE = 192
"""Kinds declared beyond the built-in ones get 64 ids each from here."""
PRIVATE: set[int] = set(range(DISCARD, PLAY))
"""The ids of private actions, whose card a view shows to the acting seat only: ``discard``
and every declared private kind (``give:9C``, added as it is declared)."""
_HIDDEN: dict[int, int] = {}
_HIDDEN_OFFSET = 63
"""A private card kind's hidden form (``give``, its card unknown) is ``base + 63``."""


def _add(kind: ActionKind, *, by_prefix: bool = True) -> ActionKind:
    if kind.arg is Arg.CARD:
        _SMALL_BASE[kind.base] = SMALL_CARDS + 16 * len(_SMALL_BASE)
    if by_prefix:
        _KINDS[kind.prefix] = kind
    _BY_ID[kind.base] = kind
    for action, name in kind.names().items():
        _NAMES[action] = name
        _IDS.setdefault(name, action)  # a second copy's name reads as the first's id
        _BY_ID[action] = kind
    return kind


def declare_kind(prefix: str, arg: Arg = Arg.NONE, *, private: bool = False) -> ActionKind:
    """The action kind ``prefix`` (declared now if new; the same object if it exists)."""
    found = _KINDS.get(prefix)
    if found is not None:
        if found.arg is not arg:
            raise ValueError(f"action kind {prefix!r} is already declared with a {found.arg} "
                             "argument")
        return found
    used = [k.base for k in _KINDS.values() if k.base >= _FIRST_FREE]
    base = max(used, default=_FIRST_FREE - 64) + 64
    if base >= BID_TRUMP:
        raise ValueError(f"no free block of action ids for {prefix!r}")
    kind = _add(ActionKind(prefix=prefix, arg=arg, base=base, private=private))
    if private and arg is Arg.CARD:
        hidden_id = base + _HIDDEN_OFFSET
        _NAMES[hidden_id] = prefix
        _IDS[prefix] = hidden_id
        _BY_ID[hidden_id] = kind
        for action in kind.names():
            PRIVATE.add(action)
            _HIDDEN[action] = hidden_id
    return kind


def hidden(action: int) -> int:
    """What another seat's view shows of a private action: its kind without the card
    (``discard``, ``give``).

    >>> name_of(hidden(action_id("discard:9C")))
    'discard'
    """
    return HIDDEN_DISCARD if action < PLAY or action in _SMALL_DISCARDS else _HIDDEN[action]


def kind_named(prefix: str) -> ActionKind | None:
    """The declared kind with this prefix (``play``), or None."""
    return _KINDS.get(prefix)


def kind_of(action: int) -> ActionKind:
    """The kind of an action id; raises ``KeyError``."""
    return _BY_ID[action]


for _simple, _word in ((PASS, "pass"), (ORDER_UP, "order_up"), (PICK_UP, "pick_up"),
                       (KEEP, "keep"), (ALONE, "alone"), (MERGE, "merge"), (SWAP, "swap"),
                       (LOOK, "look")):
    _add(ActionKind(prefix=_word, arg=Arg.NONE, base=_simple))
_add(ActionKind(prefix="call", arg=Arg.SUIT, base=CALL))
_add(ActionKind(prefix="bid", arg=Arg.NUMBER, base=BID))
_add(ActionKind(prefix="discard", arg=Arg.CARD, base=DISCARD, private=True))
_add(ActionKind(prefix="play", arg=Arg.CARD, base=PLAY))
PRIVATE.update(card_action(DISCARD, c) for c in C.CARD_IDS)  # the 2 to 5's discards too
_SMALL_DISCARDS = frozenset(card_action(DISCARD, c) for c in C.CARD_IDS if c >= C.SMALL)
_NAMES[HIDDEN_DISCARD] = "discard"
_IDS["discard"] = HIDDEN_DISCARD
_BY_ID[HIDDEN_DISCARD] = _KINDS["discard"]
for _i in range(SPECIAL_BIDS):
    _BY_ID[SPECIAL_BID + _i] = _KINDS["bid"]
_add(ActionKind(prefix="bid", arg=Arg.NUMBER_TRUMP, base=BID_TRUMP), by_prefix=False)


def bid_trump(action: int) -> tuple[int, int]:
    """The number and the trump of a bid that names its trump.

    >>> bid_trump(action_id("bid:4h")), name_of(BID_TRUMP + 8 * 3 + C.NO_TRUMP)
    ((4, 2), 'bid:3N')
    """
    return divmod(action - BID_TRUMP, 8)


def name_of(action: int, specials: tuple[str, ...] = _DEFAULT_SPECIALS) -> str:
    """The name of an action id (``specials`` names the variant's special bids, in order).

    >>> name_of(SPECIAL_BID + 1, ("little", "big")), name_of(BID + 4)
    ('bid:big', 'bid:4')
    """
    if SPECIAL_BID <= action < SPECIAL_BID + SPECIAL_BIDS:
        i = action - SPECIAL_BID
        if i >= len(specials):
            raise KeyError(action)
        return f"bid:{specials[i]}"
    return _NAMES[action]


def action_id(name: str, specials: tuple[str, ...] = _DEFAULT_SPECIALS) -> int:
    """The id of an action name; raises ``KeyError`` when there is no such action."""
    text = name.strip().lower()
    if text.startswith("bid:") and text[4:] in specials:
        return SPECIAL_BID + specials.index(text[4:])
    if ":" in text:
        kind, _, arg = text.partition(":")
        return _IDS[f"{kind}:{arg.upper()}"]
    return _IDS[text]


def other_copy(action: int) -> int:
    """The same card action with the other copy of its card (double decks, DECK-A2): a name
    such as ``play:JH`` reads as the first copy, and a seat holding only the second plays that.
    ``action`` itself for a card without copies.

    >>> name_of(other_copy(action_id("play:JH"))), other_copy(action_id("pass")) == PASS
    ('play:JH', True)
    """
    kind = _BY_ID.get(action)
    if kind is None or kind.arg is not Arg.CARD or action == HIDDEN_DISCARD or \
            action >= SMALL_CARDS:  # the 2 to 5 have no second copies
        return action
    c = action - kind.base
    first = C.original(c)
    if first != c:
        return kind.base + first
    try:
        return kind.base + C.copy_of(c)
    except KeyError:
        return action


def _suit_tables(base: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each suit, the action ids of every set of that suit's 8 cards (a byte)."""
    return tuple(
        tuple(tuple(base + suit * 8 + rank for rank in range(8) if byte >> rank & 1)
              for byte in range(256))
        for suit in range(4)
    )


_TABLES = {base: _suit_tables(base) for base in (DISCARD, PLAY)}


def cards_to_actions(base: int, mask: int) -> list[int]:
    """``base + card`` for every card in ``mask``, ascending (a table lookup per suit).

    Of a card held twice (a double deck) only the first copy is offered: both play alike,
    and their one name must mean one action (DECK-A2).

    >>> [name_of(a) for a in cards_to_actions(PLAY, C.mask_of(["AS", "6C"]))]
    ['play:AS', 'play:6C']
    >>> jh = C.card("JH")
    >>> [name_of(a) for a in cards_to_actions(PLAY, 1 << jh | 1 << C.copy_of(jh))]
    ['play:JH']
    """
    try:
        clubs, diamonds, hearts, spades = _TABLES[base]
    except KeyError:  # a kind declared later: its tables are built on first use
        clubs, diamonds, hearts, spades = _TABLES[base] = _suit_tables(base)
    out = [*clubs[mask & 255], *diamonds[mask >> 8 & 255], *hearts[mask >> 16 & 255],
           *spades[mask >> 24 & 255]]
    high = mask >> 32
    if high:
        if high == 1:
            out.append(base + 32)  # the joker
        else:  # sixes, second copies, the 2 to 5: not on the path of 24- to 33-card decks
            out += [card_action(base, c) for c in C.cards_of(high << 32)
                    if C.original(c) == c or not mask >> C.original(c) & 1]
    return out
