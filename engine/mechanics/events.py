"""What an action brought about: the events, and who may see each.

``State.apply(action)`` returns the events the action caused, in the order they happened, and
appends them to ``state.events``; the phases emit them, each mechanic its own, from the code
that changes the hand (``s.log.append(...)``). Every action's first event is the action
itself (a card played, a pass, a bid, a discard...); what follows is what it caused (a trick
won, trump made, a hand scored, the next deal). Narration, the terminal's colour and the
browser's log read events and views, never a diff of two states or an action's name.

An event is a frozen, slotted record of ints (a named tuple), with no text in it until it is
narrated. The phases log each as the plain tuple ``(Kind, field, ...)`` on their hot paths
(one is logged for every card played, and a record costs three times as much to build) or as
a record; ``State.events`` makes the records when it is read (:func:`record`).
``visible_to`` says which seats may see it whole: :data:`EVERYONE`, or a set of seats (a
discard is seen by its owner, a card given between partners by both). The other seats see
:meth:`hidden`, the same event with the cards they may not see left out (``-1`` for a card,
``0`` for a set of cards); ``State.events_for(seat)`` gives a seat's events that
way. ``shows()`` is the set of cards an event names, as a bitmask.

>>> from engine.core import cards as C
>>> e = Discarded(seat=2, card=C.card("9C"), mechanic="dealer_pickup")
>>> e.visible_to, e.hidden()
(frozenset({2}), Discarded(seat=2, card=-1, mechanic='dealer_pickup'))
>>> seen_by(e, 2), seen_by(e, 0), seen_by(TrumpMade(trump=C.HEARTS, maker=1), 0)
(True, False, True)
>>> [type(x).__name__ for x in for_seat([e, TrumpMade(trump=2, maker=1)], 0)]
['Discarded', 'TrumpMade']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from engine.core import cards as C
from engine.mechanics.events_base import EVERYONE, Event, Seats, _mask, _Public
from engine.mechanics.events_renege import CardChanged, CardKept, Reneged, RenegeTakenBack
from engine.rules.results import HandResult

__all__ = [
    "EVERYONE", "GIVEN_UP", "LEFT", "MERGED", "NO_MAKER", "SET_ASIDE", "TAKEN", "TURNED_DOWN",
    "CardChanged", "CardGiven", "CardKept", "CardPlayed", "Dealt", "Discarded", "Event",
    "ExchangeTaken", "ExtraHandGone", "FarmerExchanged", "GameWon", "HandScored", "Looked",
    "PartnerCalled", "PartnerShown", "Passed", "RenegeTakenBack", "Reneged", "Said", "SatOut",
    "Seats", "ShowDeclared", "Swapped", "ThrownIn", "TrickVoided", "TrickWon", "TrumpMade",
    "UpcardGone", "for_seat", "record", "seen_by"
]

def seen_by(event: Event, seat: int) -> bool:
    """Whether ``seat`` sees ``event`` whole."""
    seats = event.visible_to
    return seats is None or seat in seats


def for_seat(events: Iterable[Event], seat: int) -> list[Event]:
    """``events`` as ``seat`` sees them: whole, or :meth:`Event.hidden`."""
    return [e if seen_by(e, seat) else e.hidden() for e in events]


# -- the actions -----------------------------------------------------------------------------


class Passed(NamedTuple("Passed", [("seat", int), ("mechanic", str)]), _Public):
    """``seat`` passes in ``mechanic`` (a bid, going alone, a show)."""

    __slots__ = ()


class Said(NamedTuple("Said", [("seat", int), ("mechanic", str), ("action", int)]), _Public):
    """``seat`` says a decision of ``mechanic`` out loud (``action``: its id): orders up, names
    trump, bids, goes alone, drops out, keeps his hand, swaps..."""

    __slots__ = ()


class CardPlayed(NamedTuple("CardPlayed", [("seat", int), ("card", int), ("winner", int),
                                           ("by", int)]), _Public):
    """``seat``'s ``card`` goes to the trick; ``winner`` is the seat whose card wins the trick so
    far (``seat`` itself when this card does); ``by`` is who chose it (``seat``, or the
    opponent choosing for an exposed hand, STD-A17)."""

    __slots__ = ()

    def shows(self) -> int:
        return 1 << self.card

    @property
    def winning(self) -> bool:
        """The card wins the trick so far."""
        return self.winner == self.seat


class Discarded(NamedTuple("Discarded", [("seat", int), ("card", int), ("mechanic", str)]),
                _Public):
    """``seat`` discards ``card`` face down (in ``mechanic``): only he sees which."""

    __slots__ = ()

    @property
    def visible_to(self) -> Seats:
        return frozenset((self.seat,))

    def hidden(self) -> Discarded:
        return self._replace(card=-1)

    def shows(self) -> int:
        return _mask((self.card,))


class CardGiven(NamedTuple("CardGiven", [("seat", int), ("to", int), ("card", int),
                                         ("mechanic", str)]), _Public):
    """``seat`` passes ``card`` to ``to``, his partner (in ``mechanic``): both see it."""

    __slots__ = ()

    @property
    def visible_to(self) -> Seats:
        return frozenset((self.seat, self.to))

    def hidden(self) -> CardGiven:
        return self._replace(card=-1)

    def shows(self) -> int:
        return _mask((self.card,))


class ShowDeclared(NamedTuple("ShowDeclared", [("seat", int), ("show", int), ("cards", int),
                                               ("trump", int)]), _Public):
    """``seat`` declares the variant's show ``show`` (from 0), laying ``cards`` face up
    (``trump``: the hand's, to show them in order)."""

    __slots__ = ()

    def shows(self) -> int:
        return self.cards


class PartnerCalled(NamedTuple("PartnerCalled", [("maker", int), ("card", int),
                                                 ("partner", int)]), _Public):
    """The maker calls ``card`` for a partner (Call-Ace): everyone hears the call; only the
    holder, ``partner`` (-1: nobody holds it), knows he is the partner (CALL-A6)."""

    __slots__ = ()

    @property
    def visible_to(self) -> Seats:
        return frozenset((self.partner,)) if self.partner >= 0 else frozenset()

    def hidden(self) -> PartnerCalled:
        return self._replace(partner=-1)

    def shows(self) -> int:
        return 1 << self.card


# -- what actions bring about ------------------------------------------------------------------


class Dealt(NamedTuple("Dealt", [("hand", int), ("dealer", int), ("upcard", int)]), _Public):
    """Hand ``hand`` is dealt by ``dealer``; ``upcard`` is turned up (-1: none)."""

    __slots__ = ()

    def shows(self) -> int:
        return _mask((self.upcard,))


TAKEN, TURNED_DOWN, LEFT = range(3)
"""How the upcard leaves the table (:class:`UpcardGone`)."""


class UpcardGone(NamedTuple("UpcardGone", [("card", int), ("dealer", int), ("how", int)]),
                 _Public):
    """The upcard ``card`` leaves the table: ``TAKEN`` by the dealer, ``TURNED_DOWN`` (nobody
    ordered it up), or ``LEFT`` by the dealer, trump made."""

    __slots__ = ()

    def shows(self) -> int:
        return 1 << self.card


class TrumpMade(NamedTuple("TrumpMade", [("trump", int), ("maker", int)]), _Public):
    """``trump`` is trump (a suit, no-trump or low no-trump), made by ``maker`` (-1: by nobody,
    fixed by the upcard or after all passed)."""

    __slots__ = ()


class SatOut(NamedTuple("SatOut", [("seats", int)]), _Public):
    """Partners of a lone player sit the hand out: ``seats``, every seat out now (a mask)."""

    __slots__ = ()


class Swapped(NamedTuple("Swapped", [("seat", int), ("dead", int), ("size", int)]), _Public):
    """``seat`` swaps his hand for an extra hand; the hand he gave up, ``dead``, lies dead face
    down (``size`` cards): he alone knows it."""

    __slots__ = ()

    @property
    def visible_to(self) -> Seats:
        return frozenset((self.seat,))

    def hidden(self) -> Swapped:
        return self._replace(dead=0)

    def shows(self) -> int:
        return self.dead


class Looked(NamedTuple("Looked", [("seat", int), ("cards", int)]), _Public):
    """``seat`` looks at the extra hand, ``cards`` (open swap): he alone sees them."""

    __slots__ = ()

    @property
    def visible_to(self) -> Seats:
        return frozenset((self.seat,))

    def hidden(self) -> Looked:
        return self._replace(cards=0)

    def shows(self) -> int:
        return self.cards


MERGED, GIVEN_UP, SET_ASIDE, NO_MAKER = range(4)
"""What becomes of an extra hand that leaves the table (:class:`ExtraHandGone`)."""


class ExtraHandGone(NamedTuple("ExtraHandGone", [("name", str), ("size", int), ("fate", int),
                                                 ("seat", int), ("held", int)]), _Public):
    """The extra hand ``name`` (``size`` cards) leaves the table unseen: ``MERGED`` by the maker
    ``seat``, who then holds ``held`` cards; ``GIVEN_UP`` by the lone maker ``seat``;
    ``SET_ASIDE`` (an optional merge declined); ``NO_MAKER`` (nobody made trump)."""

    __slots__ = ()


class ExchangeTaken(NamedTuple("ExchangeTaken", [("seat", int), ("source", str), ("size", int),
                                                 ("held", int)]), _Public):
    """``seat`` takes ``source`` (``kitty``, or an extra hand: ``size`` cards the others do not
    see): he holds ``held`` cards and discards ``size``."""

    __slots__ = ()


class FarmerExchanged(NamedTuple("FarmerExchanged", [("seat", int), ("shown", int)]), _Public):
    """``seat`` shows a farmer's hand, ``shown``, to everyone and takes as many cards of the
    kitty in their place, face down (STD-A15)."""

    __slots__ = ()

    def shows(self) -> int:
        return self.shown


class PartnerShown(NamedTuple("PartnerShown", [("card", int), ("partner", int), ("maker", int)]),
                   _Public):
    """The called ``card`` is played: everyone knows the maker's partner now, ``partner`` (the
    maker himself when he called his own card, CALL-A6)."""

    __slots__ = ()

    def shows(self) -> int:
        return 1 << self.card


class TrickWon(NamedTuple("TrickWon", [("number", int), ("winner", int),
                                       ("seats", tuple[int, ...]), ("cards", tuple[int, ...])]),
               _Public):
    """Trick ``number`` (from 1) goes to ``winner``: ``seats`` played ``cards``, in order."""

    __slots__ = ()

    def shows(self) -> int:
        return _mask(self.cards)


class TrickVoided(NamedTuple("TrickVoided", [("number", int), ("seats", tuple[int, ...]),
                                             ("cards", tuple[int, ...])]), _Public):
    """A renege ends the hand (STD-A8): trick ``number``, as far as it went, counts for
    nobody."""

    __slots__ = ()

    def shows(self) -> int:
        return _mask(self.cards)


class HandScored(NamedTuple("HandScored", [("result", HandResult)]), _Public):
    """The hand is scored: ``result`` holds its row (``label``) and points (``deltas``)."""

    __slots__ = ()

    def shows(self) -> int:
        r = self.result
        codes = [card for _, card in r.reneges]
        for part in r.parts.values():
            codes += part.shown()
        return C.mask_of(codes)

    @property
    def label(self) -> str:
        """The row of the scoring table that applied."""
        return self.result.label

    @property
    def deltas(self) -> tuple[int, ...]:
        """The points of each seat this hand."""
        return self.result.deltas


class ThrownIn(NamedTuple("ThrownIn", [("result", HandResult)]), _Public):
    """The deal is thrown in unplayed (``why``)."""

    __slots__ = ()

    @property
    def why(self) -> str:
        """Why it was thrown in (``all passed``)."""
        return self.result.thrown_in or ""


class GameWon(NamedTuple("GameWon", [("winners", tuple[int, ...]),
                                     ("scores", tuple[int, ...])]), _Public):
    """The game is over: ``winners`` won it with the final ``scores``."""

    __slots__ = ()



def record(entry: tuple[Any, ...]) -> Event:
    """The record of what a phase logged (``State.log``): a record as it is, or the plain
    tuple ``(Kind, field, ...)`` a hot path logs (it costs a third of a record to build: the
    records are made when ``State.events`` is read); a list among the fields (a trick's
    cards, handed over as they were) becomes a tuple."""
    if type(entry) is not tuple:
        return entry  # type: ignore[return-value]  # a record already
    kind: Any = entry[0]
    made: Event = kind._make([tuple(x) if type(x) is list else x for x in entry[1:]])
    return made
