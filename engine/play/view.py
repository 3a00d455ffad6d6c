"""What one seat may see of a game: :class:`View`.

A view holds the seat's own cards, the upcard, every public action of the hand (other seats'
discards show as ``discard`` without the card), the tricks, the scores; never another seat's
hidden cards, the kitty, the dummy or the ghost hand, nor a called partner before the seat may
know him (CALL-A6). Bots decide from views only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.auction import AuctionRules, SpecialBid
from engine.mechanics.auction_rules import SwapPart
from engine.mechanics.call_partner import CallPartnerPart
from engine.mechanics.declare import DeclarePart
from engine.mechanics.play_exposed import ExposedScratch
from engine.mechanics.upcard_bidding import BiddingScratch
from engine.mechanics.upcard_trump import UpcardPart

if TYPE_CHECKING:
    from engine.mechanics.hand import Hand
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
    dead_known: int
    extra_seen: int
    swapped: int
    legal_ids: tuple[int, ...]
    specials: tuple[SpecialBid, ...]
    """The variant's special bids, in rank order (``bid:moon`` is ``specials[0]``)."""
    called: int
    """The card the maker called for a partner (Call-Ace; everyone heard the call), or -1."""
    partner: int
    """The maker's called partner as this seat may know him (CALL-A6): the holder of the
    called card sees himself from the call; every seat sees the holder once the card is
    played (the maker himself when he called his own card); otherwise -1: not known (or
    nobody holds it, which nobody is told)."""
    exposed: int
    """The lone maker whose hand lies face up (``go_alone.exposed``, STD-A17), or -1."""
    exposed_hand: int
    """The exposed hand's cards, seen by every seat (0 without one)."""
    declared: tuple[tuple[int, int, int], ...]
    """The shows declared before the play (``declare``), seen by every seat: (seat, show
    index from 0, the cards shown)."""

    @classmethod
    def of(cls, s: State, seat: int) -> View:
        """The view of ``seat`` in state ``s``."""
        h = s.hand
        n = s.variant.players
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} does not exist (0 to {n - 1})")
        phase = s.phase
        blind = (phase == "upcard_bidding" and seat == s.dealer
                 and BiddingScratch.of(h).round == BiddingScratch.BLIND)
        start = h.first_action
        ids = s.history_ids[start:]
        for i in reversed(s.discard_log):  # other seats' discards show as `discard`
            if i < start:
                break
            if s.actors[i] != seat:
                ids[i - start] = A.hidden(ids[i - start])
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
        v.hand = 0 if blind else h.hands[seat]
        v.hand_sizes = tuple([cards.bit_count() for cards in h.hands])
        v.upcard = h.upcard
        v.turned = h.turned
        v.trump = h.trump
        v.maker = h.maker
        v.bid = h.bid
        v.bid_special = h.bid_special
        v.alone = tuple(h.alone)
        v.sitting_out = tuple([x for x in range(n) if h.inactive >> x & 1]) if h.inactive else ()
        v.actors = tuple(s.actors[start:])
        v.action_ids = tuple(ids)
        v.trick = tuple(zip(h.trick_seats, h.trick))  # noqa: B905 - same length by design
        v.played = tuple(h.played)
        v.tricks_won = tuple(h.tricks_won)
        v.discards = h.discards[seat]
        v.legal_ids = tuple(s.legal_action_ids()) if s.current == seat else ()
        v.specials = s.variant_specials
        _parts_fields(v, s, seat)
        return v

    @property
    def special_bids(self) -> tuple[str, ...]:
        """The special bids' names as actions name them (``moon`` without any)."""
        return tuple(b.name for b in self.specials) or ("moon",)

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


_NO_SWAP = SwapPart()


def _parts_fields(v: View, s: State, seat: int) -> None:
    """The fields the mechanics' parts fill."""
    h = s.hand
    upcard = UpcardPart.find(h)
    v.turned_down, v.proposed = (upcard.turned_down, upcard.proposed) if upcard else (-1, -1)
    swap = SwapPart.find(h) or _NO_SWAP
    v.dead_known = h.dead if swap.swapped == seat else 0
    v.extra_seen = _seen_extra(s, seat, swap) if swap.looker >= 0 else 0
    v.swapped = swap.swapped
    call = CallPartnerPart.find(h)
    v.called = call.called if call else -1
    v.partner = -1 if call is None or call.called < 0 else _known_partner(h, call, seat)
    x = h.scratch
    v.exposed = x.loner if type(x) is ExposedScratch else -1
    shows = DeclarePart.find(h)
    v.exposed_hand = h.hands[v.exposed] if v.exposed >= 0 else 0
    v.declared = shows.declared if shows else ()


def _seen_extra(s: State, seat: int, swap: SwapPart) -> int:
    """The extra hand a seat looked at before deciding to swap (open swap), while it lies."""
    h = s.hand
    auction = s.variant.rules(AuctionRules)
    if swap.looker != seat or swap.swapped >= 0 or auction is None or auction.swap is None:
        return 0
    return h.hands[s.position(auction.swap.hand)]


def _known_partner(h: Hand, call: CallPartnerPart, seat: int) -> int:
    """The called partner as ``seat`` may know him (CALL-A6): his holder knows at once,
    everyone once the called card has been played."""
    partner = call.partner
    if partner < 0:
        return -1
    if partner == seat:
        return partner
    called = call.called
    for _, card in h.played:
        if card == called:
            return partner
    return -1
