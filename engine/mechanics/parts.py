"""The per-hand state a mechanic owns: :class:`Part` (its facts of one hand),
:class:`ViewPart` (its part of one seat's view, made by its :data:`ViewHook`) and
:class:`SaysItself` (an event that words its own narration). :mod:`engine.mechanics.base`
re-exports them with the rest of the protocol.

The parts also say themselves, so that the layers above read a mechanic's facts without
knowing the mechanic (issue 23): a view part's words (:meth:`ViewPart.deal_lines`,
:meth:`~ViewPart.contract_words`, :meth:`~ViewPart.table_lines`, spoken through the
narrator's :class:`Speaker`), its pieces of the adapters' observation
(:meth:`ViewPart.features`), a hand it shows face up (:meth:`ViewPart.hand_shown`), and a
hand part's words in a new deal's header (:meth:`Part.header_words`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar, Protocol, Self

if TYPE_CHECKING:
    from engine.mechanics.events import Event
    from engine.mechanics.hand import Hand
    from engine.mechanics.table import Table
    from engine.mechanics.view import View

__all__ = ["Feature", "Part", "SaysItself", "Slotted", "Speaker", "ViewHook", "ViewPart"]


class Speaker(Protocol):
    """What a part's words may ask of the narrator that speaks them (the terminal's
    :class:`~engine.text.narrate.Narrator`): a seat as the reader knows him (``South (you)``),
    cards, trump and bids in the table's words."""

    hand_size: int
    swap_hand: str
    """The name of the hand a swap takes (``ghost``)."""

    def seat(self, seat: int) -> str:
        """The seat's name for the reader."""

    def hand_words(self, mask: int, trump: int = -1) -> str:
        """Cards as shown on the table, trump first (``J♥ A♥  9♣``)."""

    def trump_words(self, trump: int) -> str:
        """A trump in words (``hearts ♥``, ``no-trump``)."""

    def bid_text(self, bid: int | str) -> str:
        """A bid in words (``4``, ``shoots the moon``'s noun)."""


Feature = tuple[str, int]
"""One piece of the adapters' fixed-size observation a view part fills (:meth:`ViewPart.features`):
the piece's name and its value (a card, a seat or an index, -1 for none; a mask of cards for
the pieces that hold several)."""


class Slotted:
    """Base of the per-hand records (:class:`Part`, and the running phase's
    :class:`~engine.mechanics.base.Scratch`): slotted dataclasses that :meth:`copy` copies,
    their lists too (``State.clone``, at every step of a search)."""

    __slots__ = ()

    def copy(self) -> Self:
        """An independent copy."""
        other = object.__new__(type(self))
        names: tuple[str, ...] = type(self).__slots__
        for name in names:
            value = getattr(self, name)
            object.__setattr__(other, name, value.copy() if type(value) is list else value)
        return other


class Part(Slotted):
    """Base of a mechanic's per-hand part: the facts of one hand that only that mechanic sets
    (a called partner, the seats that dropped, the dummy merged). A mechanic names its part
    class in ``Mechanic(part=...)``; the state makes a fresh one at each deal for every
    mechanic of the flow that has one, in ``hand.parts`` (keyed by the part class: two
    mechanics that set the same facts name the same class, and the hand holds one), and
    ``Hand.copy`` copies it. Read it with :meth:`of` (the part must be there: the reader's
    mechanic is in the flow) or :meth:`find` (None without it). Subclasses are slotted
    dataclasses whose fields all have defaults; :meth:`copy` copies their lists."""

    __slots__ = ()

    def header_words(self, words: Speaker) -> list[str]:
        """Phrases the header of a new deal adds when trump is fixed before anyone acts (``the
        dealer takes the 9♠``); ``words`` speaks seats and cards (default: none)."""
        return []

    def redealt(self, s: Table) -> None:
        """The hand's hidden cards were dealt again (a bot's determinized world): set again
        what this part derives from where they lie (default: nothing does)."""

    @classmethod
    def of(cls, h: Hand) -> Self:
        """This mechanic's part of hand ``h`` (a KeyError when no mechanic of the flow has it)."""
        return h.parts[cls]  # type: ignore[return-value]  # the key is the value's class

    @classmethod
    def find(cls, h: Hand) -> Self | None:
        """This mechanic's part of hand ``h``, or None when no mechanic of the flow has it."""
        return h.parts.get(cls)  # type: ignore[return-value]  # the key is the value's class


class ViewPart:
    """Base of a mechanic's part of one seat's view: what that seat may see of the mechanic's
    facts (a called partner once he may know him, an exposed hand, the shows declared). A
    mechanic's ``view`` hook (:data:`ViewHook`) makes it, and only the hook decides what the
    seat may see; ``view.parts`` keeps it by class, read with :meth:`of` or :meth:`find`.
    Subclasses are slotted dataclasses, read-only by convention (not frozen: a view is made
    for every bot decision, and frozen initialisation costs three times as much, as for
    :class:`~engine.mechanics.view.View`). The three methods let a reader that knows no
    mechanic (a bot's determinization, the terminal's card count) use what a part shows."""

    __slots__ = ()

    @classmethod
    def of(cls, view: View) -> Self:
        """This mechanic's part of ``view`` (a KeyError when the view has none)."""
        return view.parts[cls]  # type: ignore[return-value]  # the key is the value's class

    @classmethod
    def find(cls, view: View) -> Self | None:
        """This mechanic's part of ``view``, or None."""
        return view.parts.get(cls)  # type: ignore[return-value]  # the key is the value's class

    sees: ClassVar[bool] = False
    """Its :meth:`seen` may name cards (a subclass that overrides it says so: the view asks
    only those, as it is made for every bot decision)."""

    def seen(self) -> int:
        """Cards of other places (another hand, the dead cards) this seat sees, as a mask."""
        return 0

    def pins(self) -> tuple[int, ...]:
        """Hidden cards whose place this seat knows (a called card whose holder he knows)."""
        return ()

    def sides(self, maker: int, players: int) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """The makers and the defenders as this seat knows them, when this part decides the
        sides (a called partner: either may be known only in part); None: the fixed sides."""
        return None

    # -- what the layers above read of it, knowing no mechanic --------------------------------

    def deal_lines(self, view: View, words: Speaker) -> list[str]:
        """The lines a seat's view tells of the deal when no upcard lies face up (the upcard
        turned down, the high bid so far); the first part that has some says them."""
        return []

    def contract_words(self, view: View, words: Speaker) -> list[str]:
        """Phrases the view's contract line adds once trump is made (``called: the ace of
        spades (partner not yet known)``)."""
        return []

    def table_lines(self, view: View, events: Sequence[Event], words: Speaker) -> list[str]:
        """Lines on what lies on the table beside the hands (a swapped-out hand, the extra hand
        looked at); ``events``: the hand's so far, as this seat may see them."""
        return []

    def features(self, view: View) -> tuple[Feature, ...]:
        """Its facts as pieces of the adapters' observation (``("called", card)``); a piece the
        encoding does not have is left out."""
        return ()

    def hand_shown(self, seat: int) -> int | None:
        """The cards of ``seat`` this part shows every seat face up (an exposed lone hand), or
        None: his hand lies face down."""
        return None

    def places(self, view: View, words: Speaker) -> list[tuple[str, int]]:
        """The cards this seat sees that lie beside the seats' hands, by place (``The table's
        widow``, a hand it swapped out or looked at), for the browser to draw face up."""
        return []


ViewHook = Callable[["Table", int], ViewPart | None]
"""A mechanic's ``view`` hook: its part of the view of a seat (None: nothing to show)."""


class SaysItself:
    """Base of an event that words its own narration line (a plug-in mechanic's event, which
    the narrator knows nothing of): the line tells what the action brought about."""

    __slots__ = ()
    is_action: ClassVar[bool] = False
    """The event is an action's own, the first ``State.apply`` returns (a renege taken
    back): the narrator tells it as the action's line, not among what the action brought
    about."""

    def line(self, seat: Callable[[int], str]) -> str:
        """The narration line (``seat`` names a seat as the reader knows it)."""
        raise NotImplementedError(type(self).__name__)
