"""What a mechanic's bot hook may ask of the bot deciding (:class:`BotTools`, which the
heuristic bot implements): ``decide(tools, view, legal)`` in :mod:`engine.mechanics.base`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from engine.mechanics.view import View

__all__ = ["BotTools"]


class BotTools(Protocol):
    """What a mechanic's bot hook may ask of the bot deciding (the heuristic bot)."""

    seat: int
    threshold: float
    """The estimated tricks at which the bot makes trump."""
    partner_tricks: float
    """The tricks the bot counts on from a partner when it bids tricks in an auction."""
    opening_tricks: float
    """What the bot counts on beyond its estimate (a partner's help, a long hand's extra
    tricks; more in a hand of more than six cards): alone, to open the bidding at the lowest
    bid when nobody has bid; in a partnership, for every numeric bid (the side's expected
    tricks)."""
    bid_margin: float
    """In a partnership, what the side's expected tricks must beat a numeric bid and
    ``half_tricks`` by for the bot to bid it (0 alone: the bot bids as before issue 27)."""
    half_tricks: float
    """Half the tricks of a hand."""

    def strength(self, hand: int, trump: int) -> float:
        """Expected tricks of ``hand`` with ``trump`` (a suit, ``NO_TRUMP`` or
        ``LOW_NO_TRUMP``)."""

    def sure_tricks(self, hand: int, trump: int) -> int:
        """The tricks ``hand`` takes alone with ``trump`` (a suit) however the other cards lie,
        leading from the top."""

    def best_suit(self, hand: int, suits: Sequence[int]) -> tuple[int, float]:
        """The trump among ``suits`` (suits, no-trump, low no-trump) with the best estimate,
        and the estimate."""

    def joker_suit(self, hand: int, trump: int) -> int:
        """The suit (0..3) a joker the bot leads at ``trump`` (no-trump, low no-trump) should
        call for."""

    def best_keep(self, hand: int, trump: int, size: int) -> int:
        """The best ``size`` cards of ``hand`` to keep with ``trump``."""

    def two_weak_trumps(self, hand: int, trump: int) -> bool:
        """``hand`` holds at most two trumps and no bower or joker: too weak to make trump."""

    def side_of_view(self, view: View) -> tuple[int, ...]:
        """The seats on the bot's side this hand (its own seat before a maker is known)."""

    def random_choice(self, legal: Sequence[int]) -> int:
        """One of ``legal`` from the bot's own RNG."""

    def discard(self, view: View, legal: list[int]) -> int:
        """The discard that keeps the strongest hand."""

    def play_card(self, view: View, legal: list[int]) -> int:
        """The card to play to the trick."""
