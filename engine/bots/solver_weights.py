"""How likely a world is, given what the other seats did this hand: the ``solver`` bot's
weights (:class:`Evidence`).

The bidding (:meth:`Evidence.bidding`): each seat that passed, by a logistic of the heuristic's
estimate of its hand in the world (with the cards it has played since; for ordering up the
turned card, the heuristic's own reckoning: the dealer's hand with the card taken, another
seat's with the card's worth to his partner the dealer or against him):
``P(pass) = 1 / (1 + exp((best - threshold) / 0.5))`` with ``best`` the estimate in the turned
card's suit for a pass in the first round, in the best other suit for a later pass,
``P(make) = 1 - P(pass)`` with the trump it made (a dealer whom everyone else passed to may be
stuck with it: no evidence), and going alone or not by the heuristic's 4.2 tricks for a lone
hand; each at least :data:`FLOOR` (no world is ruled out by a seat that bid oddly). Only the
passes before trump is made are bids (a maker's "pass" on going alone is not).

The play (:meth:`Evidence.play`): the hand's cards so far are replayed in the world, and at each
card another seat played with a choice, the heuristic bot is asked what it would have played
with that seat's cards in the world (its hand then: what it holds now and the cards it played
since): the same card, or one touching it (no card between them in the suit's order that is not
in that hand or played in an earlier trick), counts 1, any other card :data:`PLAY_FLOOR`. A seat
that threw a low card while holding the ace that wins the trick, or did not overtake a trick it
could cheaply win, more likely lacks those cards. Read only at a suit trump, where every card
played is the seat's own choice (no exposed hand, no named bid), the cards are plain and the
sides known to all (not a called partner).
"""

from __future__ import annotations

import copy
import math
from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core import cards as C

if TYPE_CHECKING:
    from engine.bots.heuristic import HeuristicBot
    from engine.mechanics.hand import Hand
    from engine.play.state import State
    from engine.play.view import View

__all__ = ["FLOOR", "LONE_ESTIMATE", "PLAY_FLOOR", "TEMPERATURE", "Evidence"]

TEMPERATURE = 0.5
"""Tricks of the bidding estimate over which a pass becomes e times less likely."""
FLOOR = 0.02
"""The least chance of one seat's bid in a world: no world is ruled out by a seat that bid
oddly (against the heuristic's estimate)."""
LONE_ESTIMATE = 4.2
"""The heuristic's estimate for going alone (a near-certain march, its go-alone hook): a maker
who went alone is likely above it, one who did not below."""
PLAY_FLOOR = 0.2
"""The chance given to a card played that is not the heuristic's choice in the world (nor
touching it): a seat playing well plays the heuristic's card most of the time."""


class Evidence:
    """The weights of worlds seen from ``seat`` (module docstring)."""

    def __init__(self, policy: list[HeuristicBot], seat: int, *,
                 play_floor: float = PLAY_FLOOR) -> None:
        self.policy = policy
        self.seat = seat
        self.estimate = policy[seat]
        self.partnered = not self.estimate.calls
        """Whether a seat's side is known before the bidding (not a called partner)."""
        self.play_floor = play_floor
        variant = self.estimate.variant
        self.reads_play = play_floor < 1.0 and not (
            self.estimate.small_cards or self.estimate.copies or self.estimate.unseen
            or self.estimate.calls or variant.renege.allowed)
        """Whether the play is read: plain cards, each played by its holder, never a renege,
        sides known to all (not a called partner, whom only his own view may show)."""

    def weight(self, state: State, world: State, base: View | None = None) -> float:
        """The bidding's likelihood times the play's; ``base`` the seat's view of ``state``
        (made when not given)."""
        return self.bidding(state, world) * self.play(state, world, base)

    # -- the bidding ---------------------------------------------------------------------------

    def bidding(self, state: State, world: State) -> float:
        """How likely the bidding of this hand is in ``world``: the product over the other
        seats' bids of the chance the heuristic's estimate gives it, each at least
        :data:`FLOOR`."""
        h, w = state.hand, world.hand
        turned = C.suit_of(h.turned) if h.turned >= 0 else -1
        upcard = 0 <= turned < C.NO_TRUMP
        passes: dict[tuple[int, bool], None] = {}  # (seat, on the turned card's suit)
        bids = 0
        history, actors = state.history_ids, state.actors
        made_at = len(history)
        for i in range(h.first_action, len(history)):
            if history[i] != A.PASS:
                made_at = i
                break  # trump made (a later pass is not a bid: not going alone)
            seat = actors[i]
            if seat != self.seat:
                passes[seat, upcard and bids < h.players] = None
            bids += 1
        seats = {seat for seat, _ in passes}
        stuck = h.maker == state.dealer and len(seats) == h.players - 1  # no evidence
        bot = self.estimate
        weight = 1.0
        for (seat, first_round) in passes:
            held = _held(w, seat)
            if first_round:
                best = self._ordering(held, seat, turned, state.dealer, h.turned)
            else:
                best = max(bot.strength(held, t) for t in range(4) if t != turned)
            weight *= max(FLOOR, _chance(bot.threshold - best))
        if h.maker >= 0 and h.maker != self.seat and 0 <= h.trump < C.NO_TRUMP and not stuck:
            held = _held(w, h.maker)
            made = self._ordering(held, h.maker, turned, state.dealer, h.turned) \
                if upcard and bids < h.players and h.trump == turned \
                else bot.strength(held, h.trump)
            weight *= max(FLOOR, _chance(made - bot.threshold))
            lone = made_at + 1  # the maker's word on going alone, when he was asked
            if lone < len(history) and actors[lone] == h.maker and history[lone] in (
                    A.ALONE, A.PASS):
                margin = bot.strength(held, h.trump) - LONE_ESTIMATE
                weight *= max(FLOOR, _chance(margin if history[lone] == A.ALONE else -margin))
        return weight

    def _ordering(self, held: int, seat: int, trump: int, dealer: int, card: int) -> float:
        """The heuristic's estimate for ordering up the turned ``card`` (its bot hook): the
        dealer's with the card taken and his worst card left, another seat's with the card's
        worth to his partner the dealer, or against him."""
        bot = self.estimate
        if seat == dealer:
            held &= ~(1 << card)
            kept = bot.best_keep(held | 1 << card, trump, held.bit_count())
            return bot.strength(kept, trump)
        value = bot.strength(1 << card, trump)
        partner = self.partnered and dealer in bot.sides_by_maker[seat][0]
        return bot.strength(held, trump) + (0.6 * value if partner else -0.5 * value)

    # -- the play ------------------------------------------------------------------------------

    def play(self, state: State, world: State, base: View | None = None) -> float:
        """How likely the other seats' cards played this hand are in ``world``: the product
        over their plays with a choice of 1 for the heuristic's card (or one touching it) and
        :attr:`play_floor` for another."""
        h = state.hand
        played = h.played
        trump = h.trump
        if not self.reads_play or not played or not 0 <= trump < C.NO_TRUMP or h.bid_special:
            return 1.0
        if base is None:
            base = state.view(self.seat)
        if base.seen:  # a hand lies open: its cards are played by another seat
            return 1.0
        tables = self.estimate.tables[trump]
        size = h.n_active
        held = list(world.hand.hands[:h.players])
        floor = self.play_floor
        outside = self.estimate.outside_deck
        factor = 1.0
        view = copy.copy(base)
        for j in range(len(played) - 1, -1, -1):
            seat, card = played[j]
            held[seat] |= 1 << card
            if seat == self.seat:
                continue
            hand = held[seat]
            start = j - j % size
            cards = hand
            if start < j:
                follow = hand & tables.suit_mask[tables.effective[played[start][1]]]
                cards = follow or hand
            if cards & (cards - 1) == 0:
                continue  # one card: no choice
            legal = [A.PLAY + c for c in C.cards_of(cards)]
            view.seat = view.current_player = seat
            view.hand = hand
            view.trick = tuple(played[start:j])
            view.played = tuple(played[:j])
            view.legal_ids = tuple(legal)
            choice = self.policy[seat].play_card(view, legal) - A.PLAY
            if choice != card and not _touching(tables, choice, card, hand | outside,
                                                played[:start]):
                factor *= floor
        return factor


def _touching(tables: C.TrumpTables, a: int, b: int, hand: int,
              before: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> bool:
    """Whether cards ``a`` and ``b`` of ``hand`` are of one suit under trump with no card
    between them in its order that is neither in ``hand`` (with the cards outside the deck)
    nor played in an earlier trick (``before``; a card of the trick under way parts them)."""
    suit = tables.effective[a]
    if tables.effective[b] != suit:
        return False
    power = tables.power[suit]
    low, high = sorted((power[a], power[b]))
    gone = hand
    for _, c in before:
        gone |= 1 << c
    return all(gone >> c & 1 for c in C.cards_of(tables.suit_mask[suit])
               if low < power[c] < high)


def _chance(margin: float) -> float:
    """The chance of a bid whose estimate clears the heuristic's threshold by ``margin``
    tricks (a logistic over :data:`TEMPERATURE`)."""
    return 1.0 / (1.0 + math.exp(-margin / TEMPERATURE))


def _held(w: Hand, seat: int) -> int:
    """The cards ``seat`` held at the bidding in a world: his hand and the cards he played."""
    cards = w.hands[seat]
    for who, c in w.played:
        if who == seat:
            cards |= 1 << c
    return cards
