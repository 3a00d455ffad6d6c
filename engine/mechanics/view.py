"""What one seat may see of a game: :class:`View` (built by :func:`engine.play.view.view_of`).

A view holds the seat's own cards, the upcard, every public action of the hand (other seats'
discards show as ``discard`` without the card), the tricks, the scores; never another seat's
hidden cards, the kitty, the dummy or the ghost hand, nor a called partner before the seat may
know him (CALL-A6). Bots decide from views only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core import cards as C

if TYPE_CHECKING:
    from engine.mechanics.base import ViewPart

__all__ = ["View"]

_DEFAULT_TABLES = tuple(C.trump_tables(t) for t in range(len(C.TRUMP_LETTERS)))


@dataclass(slots=True, kw_only=True)
class View:
    """One seat's view. Cards are ints and sets are bitmasks (see :mod:`engine.core.cards`);
    ``hand_codes`` gives names. ``upcard`` is the card face up now (-1 once taken or turned
    down); ``turned`` the card that was turned up this hand, which everyone saw.

    A view is a snapshot: nothing changes it after it is made. (It is not a frozen dataclass
    only because bots build one per decision and frozen initialisation costs three times as
    much; treat it as read-only.)"""

    seat: int
    players: int
    phase: str
    current_player: int
    hand_number: int
    dealer: int
    scores: tuple[int, ...]
    target: int
    hand: int
    hand_sizes: tuple[int, ...]
    upcard: int
    turned: int
    trump: int
    maker: int
    bid: int
    bid_special: str
    """The winning special bid's name (``moon``), or empty."""
    alone: tuple[int, ...]
    sitting_out: tuple[int, ...]
    actors: tuple[int, ...]
    action_ids: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    played: tuple[tuple[int, int], ...]
    tricks_won: tuple[int, ...]
    discards: int
    legal_ids: tuple[int, ...]
    special_bids: tuple[str, ...]
    """The special bids' names as actions name them (``moon`` without any)."""
    seen: int
    """Cards of other places this seat sees (an exposed hand, a hand it swapped out or looked
    at), as the mechanics' parts show them: :meth:`ViewPart.seen`."""
    parts: dict[type[ViewPart], ViewPart]
    """The flow's mechanics' parts of this view, by class (``SomeView.of(view)``): only each
    mechanic's ``view`` hook decides what this seat may see of its facts."""
    tables: tuple[C.TrumpTables, ...] = field(default=_DEFAULT_TABLES, repr=False, compare=False)
    """The deck's trump tables by trump index (:meth:`~engine.rules.variant.Deck.tables`:
    bowers or none, a low joker or not); a bot reads trick powers from these."""

    def known_sides(self) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """The makers and the defenders as this seat knows them when a mechanic's part decides
        the sides (a called partner, :meth:`ViewPart.sides`); None: the fixed sides hold (or
        no maker yet)."""
        if self.maker < 0:
            return None
        for part in self.parts.values():
            sides = part.sides(self.maker, self.players)
            if sides is not None:
                return sides
        return None

    def pins(self) -> tuple[int, ...]:
        """Hidden cards whose place this seat knows, as the mechanics' parts say
        (:meth:`ViewPart.pins`)."""
        return tuple(card for part in self.parts.values() for card in part.pins())

    @property
    def actions(self) -> tuple[tuple[int, str], ...]:
        """This hand's actions so far as (seat, name); other seats' discards are ``discard``."""
        return tuple((seat, A.name_of(a, self.special_bids))
                     for seat, a in zip(self.actors, self.action_ids, strict=True))

    @property
    def legal(self) -> tuple[str, ...]:
        """The legal actions by name when this seat is to act, else empty."""
        return tuple(A.name_of(a, self.special_bids) for a in self.legal_ids)

    @property
    def hand_codes(self) -> list[str]:
        """The seat's cards as codes."""
        return C.names(self.hand)

    @property
    def trump_suit(self) -> str | None:
        """Trump as a letter (``N`` no-trump, ``L`` low no-trump) or None."""
        if self.trump < 0:
            return None
        return C.trump_letter(self.trump)
