"""The per-hand state a mechanic owns: :class:`Part` (its facts of one hand),
:class:`ViewPart` (its part of one seat's view, made by its :data:`ViewHook`) and
:class:`SaysItself` (an event that words its own narration). :mod:`engine.mechanics.base`
re-exports them with the rest of the protocol."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Self

if TYPE_CHECKING:
    from engine.mechanics.hand import Hand
    from engine.mechanics.table import Table
    from engine.mechanics.view import View

__all__ = ["Part", "SaysItself", "Slotted", "ViewHook", "ViewPart"]


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


ViewHook = Callable[["Table", int], ViewPart | None]
"""A mechanic's ``view`` hook: its part of the view of a seat (None: nothing to show)."""


class SaysItself:
    """Base of an event that words its own narration line (a plug-in mechanic's event, which
    the narrator knows nothing of): the line tells what the action brought about."""

    __slots__ = ()

    def line(self, seat: Callable[[int], str]) -> str:
        """The narration line (``seat`` names a seat as the reader knows it)."""
        raise NotImplementedError(type(self).__name__)
