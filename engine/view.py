"""What one seat may see of a game: :class:`View`.

A view holds the seat's own cards, the upcard, every public action of the hand (other seats'
discards show as ``discard`` without the card), the tricks, the scores; never another seat's
hidden cards, the kitty, the dummy or the ghost hand. Bots decide from views only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import actions as A
from engine import cards as C

if TYPE_CHECKING:
    from engine.state import State

__all__ = ["View"]


@dataclass(frozen=True, slots=True, kw_only=True)
class View:
    """One seat's view. Cards are ints and sets are bitmasks (see :mod:`engine.cards`);
    ``hand_codes`` gives names. ``upcard`` is the card face up now (-1 once taken or turned
    down); ``turned`` the card that was turned up this hand, which everyone saw."""

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
    actions: tuple[tuple[int, str], ...]
    trick: tuple[tuple[int, int], ...]
    played: tuple[tuple[int, int], ...]
    tricks_won: tuple[int, ...]
    discards: int
    dead_known: int
    extra_seen: int
    swapped: int
    legal: tuple[str, ...]

    @classmethod
    def of(cls, s: State, seat: int) -> View:
        """The view of ``seat`` in state ``s``."""
        n = s.variant.players
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} does not exist (0 to {n - 1})")
        blind = s.phase == "upcard_bidding" and s.round == 0 and seat == s.dealer
        actions = []
        for i in range(s.hand_actions, len(s.history_ids)):
            actor, a = s.actors[i], s.history_ids[i]
            name = s.action_name(a)
            if actor != seat and A.DISCARD <= a < A.PLAY:
                name = "discard"
            actions.append((actor, name))
        return cls(
            seat=seat,
            players=n,
            phase=s.phase,
            current_player=s.current,
            hand_number=s.hand_no,
            dealer=s.dealer,
            scores=tuple(s.scores),
            target=s.variant.game.target,
            hand=0 if blind else s.hands[seat],
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            upcard=s.upcard,
            turned=s.turned,
            turned_down=s.turned_down,
            proposed=s.proposed,
            trump=s.trump,
            maker=s.maker,
            bid=s.bid,
            bid_top=s.bid_top,
            alone=tuple(s.alone),
            sitting_out=tuple(x for x in range(n) if s.inactive >> x & 1),
            actions=tuple(actions),
            trick=tuple(zip(s.trick_seats, s.trick, strict=True)),
            played=tuple(s.played),
            tricks_won=tuple(s.tricks_won),
            discards=s.discards[seat],
            dead_known=s.dead if s.swapped == seat else 0,
            extra_seen=_seen_extra(s, seat),
            swapped=s.swapped,
            legal=tuple(s.legal_actions()) if s.current == seat else (),
        )

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
    auction = s.variant.auction
    if s.looker != seat or s.swapped >= 0 or auction is None or auction.swap is None:
        return 0
    return s.hands[s.position(auction.swap.hand)]
