"""Views never reveal what a seat could not know, in every shipped variant (CALL-A6 and the
hidden cards of every other mechanic), tested by information sets rather than field by field.

For a seat *x* and a hand of a random game, the **cards x has seen** are every card that any
of x's views during the hand exposed: x's own hand (``hand``) and discards (``discards``),
the dead hand x gave up (``dead_known``), an extra hand x looked at (``extra_seen``), the
upcard turned at the deal (``turned``, ``upcard``) and every card played (``trick``,
``played``). Every other card's place is hidden from x: the other seats' cards, the kitty,
the dummy or ghost hand, other seats' discards, cards passed between other seats, and with
them any fact that follows from where a card lies, such as who holds a called card (the
maker's hidden partner, ``partner``, until the card is played).

The test deals the hand again with the cards x has not seen shuffled among their places (each
place keeps its count, each card x has seen keeps its place) and replays the same actions;
a hidden card named in a private action (another seat's ``discard``) is renamed to the card
that took its place. What x may know is then exactly what both games share, so **every field
of x's view must be equal in the two games after every action**: ``maker``, ``alone``,
``sitting_out``, ``called`` and the ``actions`` are public; ``partner`` may show only the
holder to himself, or anyone once the card is played; ``hand_sizes`` are counts;
``legal_ids`` come from x's own cards. A field a new mechanic adds to the view is covered the
moment it is added, and so is a card a new mechanic moves: if it does not appear in x's views
it is shuffled, and a view that depended on it fails here.

A shuffled deal is not always possible to replay: a seat that did not follow suit showed it
had none of that suit, which the shuffle does not know. Such deals are skipped (another
shuffle is tried); the test requires that most hands find one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import pytest

from engine import State, shipped_names
from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.auction_rules import AuctionView
from engine.play.view import View
from engine.rules.results import Deal
from engine.testing.rules import variant

HANDS_PER_GAME = 3
SEEDS = (1, 2)
TRIES = 12
CHECKPOINTS = 3
"""Points of each hand (after so many actions) at which each seat's knowledge is tested."""


def seen_cards(view: View) -> int:
    """Every card ``view`` shows its seat (see the module docstring)."""
    auction = AuctionView.find(view)
    seen = view.hand | view.discards | (auction.seen() if auction else 0)
    for card in (view.upcard, view.turned):
        if card >= 0:
            seen |= 1 << card
    for _, card in view.played:
        seen |= 1 << card
    for _, card in view.trick:
        seen |= 1 << card
    return seen


def dealt(state: State) -> Deal:
    """The deal of the hand just dealt (before its first action): the cards by position,
    the upcard and the kitty (an upcard the dealer took at once goes back to the table)."""
    h = state.hand
    hands = list(h.hands)
    upcard = h.upcard
    if upcard < 0 and h.turned >= 0:
        upcard = h.turned
        hands[state.dealer] &= ~(1 << upcard)
    return Deal(dealer=state.dealer, hands=tuple(hands), upcard=upcard, kitty=h.kitty)


class Impossible(Exception):
    """A replayed action is not legal in a reshuffled deal: the seat could have told the
    deals apart (a void shown in play), so the deal is not one to compare with."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayedHand:
    """One hand of a random game: its deal, its actions and who took each, the scores before
    it and the game's seed (a replay uses it, so that later random choices agree)."""

    name: str
    deal: Deal
    actions: tuple[int, ...]
    actors: tuple[int, ...]
    scores: tuple[int, ...]
    seed: int

    def replay(self, seat: int, *, deal: Deal | None = None,
               actions: Sequence[int] | None = None) -> list[View]:
        """``seat``'s view after each action, replayed from ``deal`` (default: the hand's)."""
        state = State(variant(self.name), seed=self.seed, deals=[deal or self.deal],
                      scores=self.scores)
        views = [state.view(seat)]
        for action in self.actions if actions is None else actions:
            if action not in state.legal_action_ids():  # e.g. a renege a variant accepts:
                raise Impossible(action)  # the random game only took legal actions
            state.apply(action)
            views.append(state.view(seat))
        return views


def hands_of(name: str, seed: int) -> Iterator[PlayedHand]:
    """The first hands of a random game."""
    rng = random.Random(seed)
    state = State(variant(name), seed=seed)
    for _ in range(HANDS_PER_GAME):
        if state.is_terminal():
            return
        deal, scores, first, hand_no = dealt(state), tuple(state.scores), \
            len(state.history_ids), state.hand_no
        while not state.is_terminal() and state.hand_no == hand_no:
            state.apply(rng.choice(state.legal_action_ids()))
        yield PlayedHand(name=name, deal=deal, actions=tuple(state.history_ids[first:]),
                         actors=tuple(state.actors[first:]), scores=scores, seed=seed)


def reshuffled(deal: Deal, seen: int, rng: random.Random) -> tuple[Deal, dict[int, int]]:
    """``deal`` with the cards not in ``seen`` shuffled among their places (the positions and
    the kitty, each keeping its count), and where each hidden card went (old -> new card)."""
    places = [*deal.hands, deal.kitty]
    hidden = [sorted(C.cards_of(place & ~seen)) for place in places]
    pool = [c for cards in hidden for c in cards]
    rng.shuffle(pool)
    renamed: dict[int, int] = {}
    new_places = []
    for place, cards in zip(places, hidden, strict=True):
        taken, pool = pool[:len(cards)], pool[len(cards):]
        renamed.update(zip(cards, taken, strict=True))
        new_places.append(place & seen | C.mask_of(taken))
    return Deal(dealer=deal.dealer, hands=tuple(new_places[:-1]), upcard=deal.upcard,
                kitty=new_places[-1]), renamed


def renamed_actions(hand: PlayedHand, upto: int, seat: int, renamed: dict[int, int]
                    ) -> list[int]:
    """The hand's first ``upto`` actions with the card of every private action of another
    seat (a discard ``seat`` did not see) renamed to the card that took its place."""
    out = []
    for action, actor in zip(hand.actions[:upto], hand.actors[:upto], strict=True):
        kind = A.kind_of(action)
        if kind.private and actor != seat and kind.arg is A.Arg.CARD:
            card = action - kind.base
            out.append(kind.base + renamed.get(card, card))
        else:
            out.append(action)
    return out


@pytest.mark.parametrize("name", shipped_names())
def test_a_view_is_the_same_in_every_deal_the_seat_cannot_tell_apart(name: str) -> None:
    v = variant(name)
    rng = random.Random(7)
    checked = tried = 0
    for seed in SEEDS:
        for hand in hands_of(name, seed):
            for seat in range(v.players):
                views = hand.replay(seat)
                # what the seat knows after `upto` actions: the cards its views showed so far
                for upto in sorted({rng.randrange(len(hand.actions) + 1)
                                    for _ in range(CHECKPOINTS)}):
                    tried += 1
                    checked += same_views(hand, seat, views[:upto + 1], rng)
    assert tried and checked >= tried // 2, f"{name}: only {checked} of {tried} checks made"


def same_views(hand: PlayedHand, seat: int, views: list[View], rng: random.Random) -> bool:
    """Whether a deal reshuffling the cards ``seat`` had not seen in ``views`` could replay
    the actions those views followed; if so, ``seat``'s views in it equal ``views``."""
    seen = 0
    for view in views:
        if view.hand_number == views[0].hand_number:
            seen |= seen_cards(view)
    for _ in range(TRIES):
        other, renamed = reshuffled(hand.deal, seen, rng)
        try:
            others = hand.replay(seat, deal=other,
                                 actions=renamed_actions(hand, len(views) - 1, seat, renamed))
        except Impossible:
            continue  # a void shown in play, or a card a rule pinned: reshuffle
        for step, (mine, theirs) in enumerate(zip(views, others, strict=True)):
            if mine.hand_number != views[0].hand_number:
                break  # the next hand is dealt from the RNG: not this deal's
            assert mine == theirs, (
                f"{hand.name}: seat {seat}'s view after action {step} of the hand depends "
                f"on cards it has not seen: {_difference(mine, theirs)}")
        return True
    return False


def _difference(a: View, b: View) -> str:
    return ", ".join(f"{field}: {getattr(a, field)!r} != {getattr(b, field)!r}"
                     for field in View.__dataclass_fields__
                     if getattr(a, field) != getattr(b, field))
