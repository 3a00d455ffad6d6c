"""Sampling the cards one seat cannot see: :func:`determinize`.

A search bot plays out many *worlds* consistent with what its seat knows. A world is a clone
of the state in which every card the seat cannot see is dealt again, at random, among the
places it cannot see (other hands, the dummy or ghost hand, the kitty, other seats' discards,
dead cards), keeping the number of cards in each place and everything the view reveals:

- the seat's own hand and discards, every card played, the upcard lying face up, an exposed
  hand, dead cards or an extra hand the seat was shown;
- voids: a seat that did not follow the suit led (its effective suit under trump) holds no
  card of that suit (not inferred in variants that let a player renege);
- the turned card: it stays with whoever took it (his hand or his discards) or in the kitty
  when it was turned down; a card the seat gave stays with the seat it went to;
- a called partner the view shows keeps the called card; otherwise the called card's holder
  in the world becomes the maker's partner (Call-Ace).

Only the view's knowledge decides the constraints, and the cards are dealt in a fixed order
from the caller's RNG, so two states that look the same to the seat give the same worlds
(``tests/bots/test_search_leak.py``). The next hands' deals are unknown too: the world's RNG
is reseeded from the caller's.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.core import cards as C

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.play.view import View

__all__ = ["determinize"]

_KITTY, _DEAD = -1, -2
"""Place keys of the kitty and the dead cards; ``p`` >= 0 is position ``p``, ``100 + s`` the
discards of seat ``s``."""
_DISCARDS = 100
_HIDDEN_CARD = A.HIDDEN_DISCARD - A.DISCARD
"""The card of a private action's hidden form (``discard`` without its card)."""


def _group(place: int, players: int) -> int:
    """The places whose contents nobody tells apart from outside: a seat's hand and its own
    discards are one group (a dealer who took the upcard may have discarded it)."""
    if place >= _DISCARDS:
        return place - _DISCARDS
    if 0 <= place < players:
        return place
    return place - 1000  # an extra position, the kitty or the dead cards: a group of its own


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A clone of ``state`` in which the cards ``seat`` cannot see are dealt again at random,
    consistently with its view (see the module docstring)."""
    world = state.clone()
    world.rng = random.Random(rng.getrandbits(64))
    h = world.hand
    players = h.players
    view = state.view(seat)
    played = 0
    for _, c in h.played:
        played |= 1 << c
    known = view.hand | played | view.discards | view.seen
    if h.upcard >= 0:
        known |= 1 << h.upcard
    places = _hidden_places(world, view)
    hidden = 0
    for cards in places.values():
        hidden |= cards
    hidden &= ~known
    capacity = {p: (cards & hidden).bit_count() for p, cards in places.items()}
    pinned = _pinned(state, seat, hidden, places)
    voids = _voids(state) if not state.variant.renege.allowed else [0] * len(h.hands)
    order = sorted(capacity)
    allowed: dict[int, list[int]] = {}
    for c in C.cards_of(hidden):
        group = pinned.get(c)
        bit = 1 << c
        allowed[c] = [p for p in order if capacity[p] and (group is None or
                      _group(p, players) == group) and not (0 <= p < len(voids)
                                                            and voids[p] & bit)]
    assignment = _Dealer(allowed, capacity).deal(rng)
    if assignment is None:  # the voids contradict each other (a renege): deal without them
        for c in allowed:
            group = pinned.get(c)
            allowed[c] = [p for p in order if capacity[p]
                          and (group is None or _group(p, players) == group)]
        assignment = _Dealer(allowed, capacity).deal(rng)
        assert assignment is not None, "the true deal is always a solution"
    dealt = dict.fromkeys(places, 0)
    for c, p in assignment.items():
        dealt[p] |= 1 << c
    for p, cards in places.items():
        new = cards & ~hidden | dealt[p]
        if p >= _DISCARDS:
            h.discards[p - _DISCARDS] = new
        elif p == _KITTY:
            h.kitty = new
        elif p == _DEAD:
            h.dead = new
        else:
            h.hands[p] = new
    _rewrite_private(world, seat)
    for part in h.parts.values():
        part.redealt(world)
    return world


def _hidden_places(world: State, view: View) -> dict[int, int]:
    """The places the seat cannot see into, with their cards."""
    h = world.hand
    places: dict[int, int] = {}
    seen = view.seen  # a hand it sees whole (exposed, looked at, laid down) is no hidden place
    for p, cards in enumerate(h.hands):
        if p != view.seat and not (cards and cards & ~seen == 0):
            places[p] = cards
    places[_KITTY] = h.kitty
    if not (h.dead and h.dead & ~seen == 0):
        places[_DEAD] = h.dead
    for s in range(h.players):
        if s != view.seat:
            places[_DISCARDS + s] = h.discards[s]
    return places


def _pinned(state: State, seat: int, hidden: int, places: dict[int, int]) -> dict[int, int]:
    """Hidden cards whose group of places the seat knows: the turned card, the called card
    of a partner the view shows, the cards the seat gave."""
    h = state.hand
    players = h.players
    pins: list[int] = []
    if h.turned >= 0:
        pins.append(h.turned)
    pins += state.view(seat).pins()
    start = h.first_action
    for i in state.discard_log:
        if i >= start and state.actors[i] == seat:
            card = A.card_of(state.history_ids[i])  # a discard or a card given (give:9C)
            pins.append(-1 if card == _HIDDEN_CARD else card)
    found: dict[int, int] = {}
    for card in pins:
        if card < 0 or not hidden >> card & 1:
            continue
        for p, cards in places.items():
            if cards >> card & 1:
                found[card] = _group(p, players)
    return found


def _voids(state: State) -> list[int]:
    """Per position, the cards it cannot hold because it failed to follow a suit led this
    hand (tricks led by the joker, whose suit is named, are left out)."""
    h = state.hand
    voids = [0] * len(h.hands)
    if h.trump < 0 or not h.played:
        return voids
    tables = state.variant.deck.tables(h.trump)
    size = h.n_active
    played = h.played
    for start in range(0, len(played), size):
        trick = played[start:start + size]
        lead = trick[0][1]
        if C.rank_of(lead) == C.RANK_JOKER:
            continue
        suit = tables.effective[lead]
        for seat, card in trick[1:]:
            if tables.effective[card] != suit and C.rank_of(card) != C.RANK_JOKER:
                voids[seat] |= tables.suit_mask[suit]
    return voids


class _Dealer:
    """Each card to one of its allowed places, filling every place exactly: cards in random
    order (the most constrained first) go to a random place weighted by the room left; a card
    with no room left moves others along an augmenting path (Kuhn's algorithm), so a solution
    is found whenever one exists."""

    def __init__(self, allowed: dict[int, list[int]], capacity: dict[int, int]) -> None:
        self.allowed = allowed
        self.capacity = capacity
        self.load = dict.fromkeys(capacity, 0)
        self.where: dict[int, int] = {}
        self.holders: dict[int, list[int]] = {p: [] for p in capacity}

    def deal(self, rng: random.Random) -> dict[int, int] | None:
        """The place of each card, or None when no deal fits."""
        cards = sorted(self.allowed)
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(self.allowed[c]))  # stable: random among equals
        for c in cards:
            room = [p for p in self.allowed[c] if self.load[p] < self.capacity[p]]
            if room:
                weights = [self.capacity[p] - self.load[p] for p in room]
                self._put(c, rng.choices(room, weights)[0])
            elif not self._augment(c, set()):
                return None
        return self.where

    def _put(self, c: int, p: int) -> None:
        self.where[c] = p
        self.load[p] += 1
        self.holders[p].append(c)

    def _augment(self, c: int, seen: set[int]) -> bool:
        """Place ``c``, moving a card out of a full place into another if need be."""
        for p in self.allowed[c]:
            if p in seen:
                continue
            seen.add(p)
            if self.load[p] < self.capacity[p]:
                self._put(c, p)
                return True
            for other in self.holders[p]:
                if self._augment(other, seen):  # ``other`` now lies elsewhere as well
                    self.holders[p].remove(other)
                    self.load[p] -= 1
                    self._put(c, p)
                    return True
        return False


def _rewrite_private(world: State, seat: int) -> None:
    """Other seats' discards in this hand's history name cards of their new discards, so
    that no bot in the world reads the true ones."""
    h = world.hand
    start = h.first_action
    left = list(h.discards)
    for i in world.discard_log:
        actor = world.actors[i]
        if i < start or actor == seat:
            continue
        action = world.history_ids[i]
        if not A.DISCARD <= action < A.HIDDEN_DISCARD:
            continue
        mask = left[actor]
        if not mask:
            continue
        card = (mask & -mask).bit_length() - 1
        left[actor] = mask & (mask - 1)
        world.history_ids[i] = A.card_action(A.DISCARD, card)
