"""Every action returns its events, in every shipped variant, and no seat's events show a card
it could not see (STYLE.md practices 2 and 9; :mod:`engine.mechanics.events`).

Seeded random games over every file in ``variants/`` (where the variant allows reneging, a
card that does not follow suit is played now and then, as a player at the table may). After
every ``State.apply``:

(a) the events returned are not empty, are the tail of ``state.events``, and the first is the
    action itself: the event type the action's kind calls for (the table below, written from
    the action names of the README, not from the mechanics), naming the seat that acted;
(b) every kind of action of the README's table is played and told so (the rarest from the
    deals and settings that offer them);
(c) for each seat, the events it may see (``state.events_for(seat)``) hold no card that seat
    has not been shown by one of its views so far (its hand, its discards, the upcard, the
    cards played, a dead hand it gave up, an extra hand it looked at, an exposed hand, the
    shows declared, the called card) or that was played face up to a trick (the last card of
    a hand shows in no view: the next hand is dealt at once); a card given between partners
    is seen by both.
"""

from __future__ import annotations

import random

import pytest

from engine import State, new_game, shipped_names
from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics import events as E
from engine.mechanics.call_partner import CallPartnerView
from engine.mechanics.declare import DeclareView
from engine.play.view import View
from engine.testing.rules import overlay, variant

GAMES = 3
MAX_ACTIONS = 400
RENEGE_CHANCE = 0.15

FIRST_EVENT = {"pass": E.Passed, "play": E.CardPlayed, "discard": E.Discarded,
               "give": E.CardGiven, "declare": E.ShowDeclared, "partner": E.PartnerCalled}
"""The event that tells an action of each kind; every other kind (order_up, call:H, bid:4,
alone, swap, keep, drop, ...) is said out loud: :class:`~engine.mechanics.events.Said`."""


def actor_of(event: object) -> int:
    """The seat an action's event says acted."""
    if isinstance(event, E.CardPlayed):
        return event.by
    if isinstance(event, E.PartnerCalled):
        return event.maker
    seat = getattr(event, "seat", None)
    assert isinstance(seat, int), event
    return seat


def next_action(state: State, rng: random.Random) -> int:
    """A random legal action, or now and then a renege the variant accepts."""
    legal = state.legal_action_ids()
    if (state.variant.renege.allowed and state.phase == "play" and state.hand.trick
            and rng.random() < RENEGE_CHANCE):
        held = [A.card_action(A.PLAY, c) for c in C.cards_of(state.hand.hands[state.current])]
        reneges = [a for a in held if a not in legal]
        if reneges:
            return rng.choice(reneges)
    return rng.choice(legal)


def seen_cards(view: View) -> int:
    """Every card ``view`` shows its seat."""
    seen = view.hand | view.discards | view.seen  # a swapped-out, looked-at or exposed hand
    call, shows = CallPartnerView.find(view), DeclareView.find(view)
    for card in (view.upcard, view.turned, call.called if call else -1):
        if card >= 0:
            seen |= 1 << card
    for _, card in (*view.played, *view.trick):
        seen |= 1 << card
    for _, _, cards in shows.declared if shows else ():
        seen |= cards
    return seen


def apply_checked(state: State, action: int) -> str:
    """Apply ``action``, check (a) and return its kind."""
    name, actor, before = state.variant.name, state.current, len(state.events)
    kind = A.kind_of(action).prefix
    events = state.apply(action)
    assert events, f"{name}: {state.action_name(action)} returned no event"
    assert list(events) == state.events[before:], f"{name}: the events are not logged"
    first = events[0]
    assert type(first) is FIRST_EVENT.get(kind, E.Said), (name, kind, first)
    assert actor_of(first) == actor, (name, kind, first)
    if isinstance(first, E.Said):
        assert first.action == action, (name, first)
    return kind


def curious(state: State, rng: random.Random, played: set[str]) -> int:
    """A random action, of a kind not played yet when one is legal."""
    legal = state.legal_action_ids()
    new = [a for a in legal if A.kind_of(a).prefix not in played]
    return rng.choice(new) if new else next_action(state, rng)


@pytest.mark.parametrize("name", shipped_names())
def test_every_action_returns_its_events_the_action_first(name: str) -> None:
    v = variant(name)
    for game in range(GAMES):
        rng = random.Random(game)
        state = State(v, seed=game)
        while not state.is_terminal() and len(state.history_ids) < MAX_ACTIONS:
            apply_checked(state, next_action(state, rng))


FARMERS = {"dealer": 3, "upcard": "AH",
           "hands": [h.split() for h in ("9C 9D 9S KC QD", "TC TD TH TS 9H", "JC JD JH JS AC",
                                         "QC QH QS KD KH")]}
"""A farmer's hand (N) and a hand of nines and tens (E) in ``farmers-hand`` (STD-A15)."""
JAMBOREE = {"dealer": 3, "upcard": "9H",
            "hands": [h.split() for h in ("QH 9C TC QC KC", "JK JH JD AH KH", "AC JC 9D TD QD",
                                          "KD AD 9S TS JS")]}
"""E holds a jamboree at hearts in ``railroad-jamboree`` (DECL-A4)."""
OPTIONAL = ("extends: standard\ndescription: the dealer may leave the upcard\n"
            "dealer_pickup: {mode: optional}\n",
            "extends: cutthroat\ndescription: the maker may leave the dummy\n"
            "dummy_merge: {mode: optional}\n")


def test_every_kind_of_action_is_told_by_its_event() -> None:
    """Over the shipped variants (and the deals and settings that offer the rarest kinds:
    optional pickups and merges, a farmer's hand, a jamboree), every kind of action of the
    README's table is played, each told by its own event (check a)."""
    played: set[str] = set()
    starts = [State(variant(name), seed=game) for name in shipped_names() for game in range(2)]
    jamboree = new_game(variant("railroad-jamboree"), seed=0, deal=JAMBOREE)
    for name in ["order_up", "pass", "discard:9S", "pass"]:  # N makes hearts; E may declare
        played.add(apply_checked(jamboree, jamboree.action_id(name)))
    starts += [new_game(variant("farmers-hand"), seed=0, deal=FARMERS), jamboree]
    starts += [State(overlay(text), seed=game) for text in OPTIONAL for game in range(2)]
    for state in starts:
        rng = random.Random(state.seed)
        while not state.is_terminal() and len(state.history_ids) < MAX_ACTIONS:
            played.add(apply_checked(state, curious(state, rng, played)))
    assert {"pass", "order_up", "pick_up", "keep", "alone", "merge", "swap", "look", "call",
            "bid", "discard", "play", "give", "declare", "partner", "stay", "drop", "redeal",
            "exchange"} <= played


@pytest.mark.parametrize("name", shipped_names())
def test_a_seats_events_show_only_the_cards_its_views_showed_it(name: str) -> None:
    v = variant(name)
    for game in range(2):
        rng = random.Random(100 + game)
        state = State(v, seed=100 + game)
        seen = [seen_cards(state.view(seat)) for seat in range(v.players)]
        played = 0  # the last card of a hand shows in no view: the next hand is dealt at once
        for _ in range(MAX_ACTIONS):
            if state.is_terminal():
                break
            action = next_action(state, rng)
            if A.is_card(A.PLAY, action):
                played |= 1 << (A.card_of(action))
            state.apply(action)
            for seat in range(v.players):
                seen[seat] |= seen_cards(state.view(seat)) | played
        for seat in range(v.players):
            for event in state.events_for(seat):
                leak = event.shows() & ~seen[seat]
                assert not leak, (f"{name}: seat {seat} is shown {C.names(leak)} by {event}, "
                                  "cards none of its views showed")


def test_a_card_given_between_partners_is_seen_by_both_and_by_nobody_else() -> None:
    v = variant("railroad")
    given = 0
    for game in range(20):
        rng = random.Random(game)
        state = State(v, seed=game)
        while not state.is_terminal() and len(state.history_ids) < MAX_ACTIONS:
            for event in state.apply(next_action(state, rng)):
                if isinstance(event, E.CardGiven):
                    given += 1
                    assert event.card >= 0
                    for seat in range(v.players):
                        mine = state.events_for(seat)[state.events.index(event)]
                        assert isinstance(mine, E.CardGiven)
                        whole = seat in (event.seat, event.to)
                        assert (mine.card == event.card) is whole, (seat, event, mine)
    assert given


def test_a_discard_is_seen_by_its_owner_only() -> None:
    state = State(variant("standard"), seed=3)
    rng = random.Random(3)
    while not any(isinstance(e, E.Discarded) for e in state.events):
        state.apply(next_action(state, rng))
    at, discard = next((i, e) for i, e in enumerate(state.events) if isinstance(e, E.Discarded))
    assert isinstance(discard, E.Discarded)
    for seat in range(4):
        mine = state.events_for(seat)[at]
        assert isinstance(mine, E.Discarded) and mine.seat == discard.seat
        assert mine.card == (discard.card if seat == discard.seat else -1)
