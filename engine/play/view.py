"""What one seat may see of a game: :class:`View`.

A view holds the seat's own cards, the upcard, every public action of the hand (other seats'
discards show as ``discard`` without the card), the tricks, the scores; never another seat's
hidden cards, the kitty, the dummy or the ghost hand. Bots decide from views only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.auction import AuctionRules
from engine.mechanics.upcard_bidding import BiddingScratch

if TYPE_CHECKING:
    from engine.play.state import State

__all__ = ["View"]


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
    turned_down: int
    proposed: int
    trump: int
    maker: int
    bid: int
    bid_top: bool
    alone: tuple[int, ...]
    sitting_out: tuple[int, ...]
    actors: tuple[int, ...]
    action_ids: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    played: tuple[tuple[int, int], ...]
    tricks_won: tuple[int, ...]
    discards: int
    dead_known: int
    extra_seen: int
    swapped: int
    legal_ids: tuple[int, ...]
    top_bid: str

    @classmethod
    def of(cls, s: State, seat: int) -> View:
        """The view of ``seat`` in state ``s``."""
        n = s.variant.players
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} does not exist (0 to {n - 1})")
        phase = s.phase
        blind = (phase == "upcard_bidding" and seat == s.dealer
                 and s.scratch.round == BiddingScratch.BLIND)
        start = s.hand_actions
        ids = s.history_ids[start:]
        for i in reversed(s.discard_log):  # other seats' discards show as `discard`
            if i < start:
                break
            if s.actors[i] != seat:
                ids[i - start] = A.HIDDEN_DISCARD
        # Built field by field: a view is made for every bot decision, and keyword
        # construction of this many fields costs three times as much.
        v = object.__new__(cls)
        v.seat = seat
        v.players = n
        v.phase = phase
        v.current_player = s.current
        v.hand_number = s.hand_no
        v.dealer = s.dealer
        v.scores = tuple(s.scores)
        v.target = s.target
        v.hand = 0 if blind else s.hands[seat]
        v.hand_sizes = tuple([h.bit_count() for h in s.hands])
        v.upcard = s.upcard
        v.turned = s.turned
        v.turned_down = s.turned_down
        v.proposed = s.proposed
        v.trump = s.trump
        v.maker = s.maker
        v.bid = s.bid
        v.bid_top = s.bid_top
        v.alone = tuple(s.alone)
        v.sitting_out = tuple([x for x in range(n) if s.inactive >> x & 1]) if s.inactive else ()
        v.actors = tuple(s.actors[start:])
        v.action_ids = tuple(ids)
        v.trick = tuple(zip(s.trick_seats, s.trick))  # noqa: B905 - same length by design
        v.played = tuple(s.played)
        v.tricks_won = tuple(s.tricks_won)
        v.discards = s.discards[seat]
        v.dead_known = s.dead if s.swapped == seat else 0
        v.extra_seen = _seen_extra(s, seat) if s.looker >= 0 else 0
        v.swapped = s.swapped
        v.legal_ids = tuple(s.legal_action_ids()) if s.current == seat else ()
        v.top_bid = s.top_bid_name
        return v

    @property
    def actions(self) -> tuple[tuple[int, str], ...]:
        """This hand's actions so far as (seat, name); other seats' discards are ``discard``."""
        return tuple((seat, A.name_of(a, self.top_bid))
                     for seat, a in zip(self.actors, self.action_ids, strict=True))

    @property
    def legal(self) -> tuple[str, ...]:
        """The legal actions by name when this seat is to act, else empty."""
        return tuple(A.name_of(a, self.top_bid) for a in self.legal_ids)

    @property
    def hand_codes(self) -> list[str]:
        """The seat's cards as codes."""
        return C.names(self.hand)

    @property
    def trump_suit(self) -> str | None:
        """Trump as a letter (``N`` no-trump) or None."""
        if self.trump < 0:
            return None
        return "N" if self.trump == C.NO_TRUMP else C.SUIT_NAMES[self.trump]


def _seen_extra(s: State, seat: int) -> int:
    """The extra hand a seat looked at before deciding to swap (open swap), while it lies."""
    auction = s.variant.rules(AuctionRules)
    if s.looker != seat or s.swapped >= 0 or auction is None or auction.swap is None:
        return 0
    return s.hands[s.position(auction.swap.hand)]
