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


@dataclass(slots=True, kw_only=True)
class View:
    """One seat's view. Cards are ints and sets are bitmasks (see :mod:`engine.cards`);
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
        blind = phase == "upcard_bidding" and s.round == 0 and seat == s.dealer
        start = s.hand_actions
        ids = s.public_ids[start:]
        if s.discards[seat]:  # the seat sees its own discards; others' show as `discard`
            for i, a in s.discard_log:
                if i >= start and s.actors[i] == seat:
                    ids[i - start] = a
        return cls(
            seat=seat,
            players=n,
            phase=phase,
            current_player=s.current,
            hand_number=s.hand_no,
            dealer=s.dealer,
            scores=tuple(s.scores),
            target=s.variant.game.target,
            hand=0 if blind else s.hands[seat],
            hand_sizes=tuple([h.bit_count() for h in s.hands]),
            upcard=s.upcard,
            turned=s.turned,
            turned_down=s.turned_down,
            proposed=s.proposed,
            trump=s.trump,
            maker=s.maker,
            bid=s.bid,
            bid_top=s.bid_top,
            alone=tuple(s.alone),
            sitting_out=tuple([x for x in range(n) if s.inactive >> x & 1]) if s.inactive else (),
            actors=tuple(s.actors[start:]),
            action_ids=tuple(ids),
            trick=tuple(zip(s.trick_seats, s.trick)),  # noqa: B905 - same length by design
            played=tuple(s.played),
            tricks_won=tuple(s.tricks_won),
            discards=s.discards[seat],
            dead_known=s.dead if s.swapped == seat else 0,
            extra_seen=_seen_extra(s, seat),
            swapped=s.swapped,
            legal_ids=tuple(s.legal_action_ids()) if s.current == seat else (),
            top_bid=s.top_bid_name,
        )

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
    auction = s.variant.auction
    if s.looker != seat or s.swapped >= 0 or auction is None or auction.swap is None:
        return 0
    return s.hands[s.position(auction.swap.hand)]
