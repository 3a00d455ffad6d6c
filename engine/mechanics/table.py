"""What a phase may ask of the game it runs in: the :class:`Table` protocol.

The mechanics are written against this protocol, not against the state that implements it
(:class:`~engine.play.state.State`, one layer up): a mechanic module imports nothing from
``engine.play``, so the imports point down only, ``TYPE_CHECKING`` included. The data a
phase reads and changes are the kernel's own classes: the hand in progress
(:class:`~engine.mechanics.hand.Hand`) and a seat's view (:class:`~engine.mechanics.view.View`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    import random

    from engine.mechanics.base import Phase, ViewHook
    from engine.mechanics.hand import Hand
    from engine.rules.results import Deal, HandResult
    from engine.rules.variant import Variant

__all__ = ["Table"]

Fixed = TypeVar("Fixed", int, str)
"""A setting a contract may fix: a number, or a choice (its text)."""


class Table(Protocol):
    """The game as a phase sees it: the variant, the hand in progress, whose turn it is, the
    log the phase appends its events to, and the few things only the game can do (move the
    flow on, record the maker, deal the next hand)."""

    variant: Variant
    hand: Hand
    """The hand in progress."""
    current: int
    """The seat to act (``TERMINAL`` once the game is over)."""
    dealer: int
    hand_no: int
    scores: list[int]
    winners: tuple[int, ...]
    hands_played: list[HandResult]
    """Every hand finished so far, thrown-in deals included (read only)."""
    rng: random.Random
    draw: dict[int, list[int]]
    """The cards each seat drew for the first deal (``dealer_draw``)."""
    log: list[tuple[Any, ...]]
    """The game's log: a phase appends its events (:mod:`engine.mechanics.events`)."""
    phase_i: int
    """The running phase's place in the flow (a phase may skip the next one)."""
    history_ids: list[int]
    """Every action of the game so far, as ids (read only)."""
    actors: list[int]
    """The seat that took each action of ``history_ids`` (read only)."""

    def advance(self) -> None:
        """The running phase is over: the flow moves on once the phase method returns."""

    def make(self, maker: int) -> None:
        """The maker is decided: he and the sides of this hand."""

    def next_hand(self, record: HandResult, *, same_dealer: bool = False) -> None:
        """Log a finished (or thrown-in) hand and deal the next, unless the game is over."""

    def next_deal(self) -> Deal | None:
        """A prescribed deal for the hand being dealt, if one was given."""

    def position(self, name: str) -> int:
        """The position index of an extra hand (``dummy``, ``ghost``)."""

    def action_name(self, action: int) -> str:
        """The name of an action id in this variant."""

    def legal_action_ids(self) -> tuple[int, ...]:
        """The legal actions as ids, ascending."""

    @property
    def special_bids(self) -> tuple[str, ...]:
        """The names of the variant's special bids, as actions name them."""

    @property
    def running_phase(self) -> Phase:
        """The phase in progress."""

    @property
    def view_hooks(self) -> tuple[ViewHook, ...]:
        """The view hooks of the flow's mechanics."""

    def contract_setting(self, path: str, default: Fixed) -> Fixed:
        """A setting the hand's contract fixes, else ``default`` (a choice comes as its
        text: the caller makes it the setting's member)."""
