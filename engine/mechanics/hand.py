"""One hand of a game: :class:`Hand`, everything that starts afresh at each deal.

The state (:class:`~engine.play.state.State`) keeps the game (variant, seed, RNG, scores, dealer,
history, the hands played); ``state.hand`` is the hand in progress and a new one is made at
each deal. A hand holds the cards by position (seats, then the extra hands), the upcard,
kitty, dead cards and discards, trump and the contract (maker, -1 in a hand without one; bid,
who went alone, who sits out), the sides of this hand, the tricks and the reneges: what every
variant has. What one mechanic alone sets (a called partner, the seats that dropped, the
dummy merged, the upcard turned down) is that mechanic's part
(:class:`~engine.mechanics.base.Part`), in ``parts``; the running phase's ``scratch`` record
(:class:`~engine.mechanics.base.Scratch`) holds what only it keeps. The mechanics read and
change the hand; nothing in it outlives the hand except what the score phase copies into its
:class:`~engine.rules.results.HandResult`.

>>> hand = Hand(players=4, positions=4, first_action=0)
>>> hand.maker, hand.trump_name, hand.next_active(3)
(-1, None, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import cards as C

if TYPE_CHECKING:
    from engine.mechanics.base import Part, Scratch

__all__ = ["Hand"]


class Hand:
    """The hand in progress (see the module docstring). Cards are ints, sets are bitmasks
    (:mod:`engine.core.cards`); a field that is -1 is not decided (no card, no seat)."""

    __slots__ = (
        "alone",
        "best",
        "best_power",
        "bid",
        "bid_special",
        "dead",
        "discards",
        "first_action",
        "hands",
        "inactive",
        "kitty",
        "leader",
        "led_power",
        "maker",
        "n_active",
        "next_seat",
        "parts",
        "played",
        "players",
        "reneges",
        "scratch",
        "sides",
        "trick",
        "trick_seats",
        "tricks_won",
        "trump",
        "turned",
        "upcard",
    )

    led_power: tuple[int, ...]

    def __init__(self, *, players: int, positions: int, first_action: int) -> None:
        self.players = players
        """Seats at the table (positions beyond are the extra hands)."""
        self.first_action = first_action
        """Where this hand's actions start in the game's history."""
        self.hands = [0] * positions
        """The cards of each position: seats, then the extra hands (dummy, ghost)."""
        self.kitty = 0
        self.upcard = -1
        """The card face up now (-1 once taken or turned down)."""
        self.turned = -1
        """The card turned up at the deal, which everyone saw."""
        self.trump = -1
        self.maker = -1
        self.sides: tuple[tuple[int, ...], ...] = ()
        """The sides of this hand, the makers' first (``State.make`` sets them; a partner
        called during the hand joins the makers' side: ``call_partner.call_partner``)."""
        self.bid = 0
        self.bid_special = ""
        """The winning special bid's name (``moon``), or empty for a number."""
        self.alone: list[int] = []
        self.inactive = 0
        """The seats that sit out (alone, dropped), as a bitmask."""
        self.discards = [0] * players
        self.dead = 0
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        # The play mechanic's running trick: the seat whose card wins it so far, that card's
        # power, and the powers of the cards for the suit led (its row of the trump tables).
        self.leader, self.best, self.best_power, self.led_power = -1, -1, 0, ()
        self.tricks_won = [0] * players
        self.n_active = players
        self.next_seat: list[int] = []
        self.played: list[tuple[int, int]] = []
        """Every card played this hand, as (seat, card), in order."""
        self.reneges: list[tuple[int, int]] = []
        self.parts: dict[type[Part], Part] = {}
        """The flow's mechanics' parts of this hand, by part class (the state fills it at the
        deal; read one with ``SomePart.of(hand)``)."""
        self.scratch: Scratch | None = None
        """The running phase's scratch record (:class:`~engine.mechanics.base.Scratch`; read
        it with ``SomeScratch.of(hand)``)."""

    def copy(self) -> Hand:
        """An independent copy: its lists, parts and scratch record copied (``State.clone``)."""
        other = Hand.__new__(Hand)
        for name in Hand.__slots__:
            value = getattr(self, name)
            if type(value) is list:  # exact type: this is the hot path of searches and perft
                value = value.copy()
            setattr(other, name, value)
        if self.parts:
            other.parts = {kind: part.copy() for kind, part in self.parts.items()}
        if self.scratch is not None:
            other.scratch = self.scratch.copy()
        return other

    @property
    def bid_top(self) -> bool:
        """The winning bid is a special bid (``bid_special`` names it)."""
        return bool(self.bid_special)

    def discard(self, seat: int, card: int) -> None:
        """``seat`` discards ``card`` face down: from his hand to his discards."""
        bit = 1 << card
        self.hands[seat] ^= bit
        self.discards[seat] |= bit

    def plays_alone(self, seat: int) -> bool:
        """``seat`` plays alone: the other seats of his side sit out. True when that sat
        someone out who was not already (the caller logs ``SatOut`` then)."""
        self.alone.append(seat)
        out = self.inactive
        for partner in next(side for side in self.sides if seat in side):
            if partner != seat:
                self.inactive |= 1 << partner
        return self.inactive != out

    def active(self, seat: int) -> bool:
        """The seat plays cards this hand (not sitting out)."""
        return not self.inactive >> seat & 1

    def next_active(self, seat: int) -> int:
        """The first active seat clockwise after ``seat``."""
        n = self.players
        for step in range(1, n + 1):
            other = (seat + step) % n
            if not self.inactive >> other & 1:
                return other
        raise AssertionError("no active seat")  # pragma: no cover - a hand always has players

    @property
    def trump_name(self) -> str | None:
        """Trump as a letter (``N`` no-trump, ``L`` low no-trump), or None before it is
        chosen."""
        if self.trump < 0:
            return None
        return C.trump_letter(self.trump)

    def cards_in_play(self) -> int:
        """Every card's location as one set (hands, kitty, upcard, trick, tricks, discards,
        dead): the deck, when cards are conserved."""
        total = self.kitty | self.dead
        for hand in self.hands:
            total |= hand
        for mask in self.discards:
            total |= mask
        if self.upcard >= 0:
            total |= 1 << self.upcard
        for c in self.trick:
            total |= 1 << c
        for _, c in self.played:
            total |= 1 << c
        return total
