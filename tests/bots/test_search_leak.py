"""The search bot decides from its seat's view alone (issue 14): two states that look the
same to the seat give the same search, to the last rollout result, for the same seed."""

from __future__ import annotations

import random

import pytest

from engine import State, new_game
from engine.bots.determinize import determinize
from engine.bots.search import SearchBot
from engine.core import cards as C
from engine.testing.rules import apply_all, variant

N, E, S, W = range(4)
VARIANTS = ("standard", "cutthroat", "ghost-hand", "call-ace", "railroad", "british",
            "bid-euchre", "two-handed", "buck-euchre")


def positions(name: str, count: int) -> list[State]:
    """Random positions of a variant with a choice to make (seeded random play)."""
    v = variant(name)
    found = []
    for seed in range(200):
        rng = random.Random(seed)
        state = new_game(v, seed=seed)
        for _ in range(rng.randrange(0, 45)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_action_ids()))
        if not state.is_terminal() and len(state.legal_action_ids()) > 1:
            found.append(state)
        if len(found) == count:
            break
    return found


def hidden_cards(state: State, seat: int) -> tuple[int, ...]:
    h = state.hand
    return (*[cards for p, cards in enumerate(h.hands) if p != seat], h.kitty, h.dead,
            *[d for s, d in enumerate(h.discards) if s != seat])


def search_totals(state: State, seat: int) -> tuple[list[float], list[int], int]:
    bot = SearchBot(state.variant, seat, seed=99, simulations=12)
    return bot.evaluate(state, state.legal_action_ids())


@pytest.mark.parametrize("name", VARIANTS)
def test_same_view_gives_the_same_search_whatever_the_hidden_cards(name: str) -> None:
    changed = 0
    for state in positions(name, 8):
        seat = state.current_player
        # Another state with the same view: the hidden cards dealt again (the view check
        # below is what makes it a fair test input, whoever made it).
        other = determinize(state, seat, random.Random(12345))
        assert other.view(seat) == state.view(seat)
        changed += hidden_cards(other, seat) != hidden_cards(state, seat)
        assert search_totals(state, seat) == search_totals(other, seat)
    assert changed >= 4  # the test did move hidden cards about


def test_opponents_hands_swapped_by_hand_give_the_same_search() -> None:
    # East and West hold each other's hands: North's view is the same (no card played).
    def game(east: str, west: str) -> State:
        hands = [h.split() for h in ("JH JD AH 9C 9S", east, "9D TD QD KD AD", west)]
        return new_game(variant("standard"), seed=0,
                        deal={"dealer": W, "hands": hands, "upcard": "KH"})
    one = game("AC KC QC JC TC", "AS KS QS JS TS")
    two = game("AS KS QS JS TS", "AC KC QC JC TC")
    assert one.view(N) == two.view(N)
    assert search_totals(one, N) == search_totals(two, N)


def test_worlds_keep_revealed_voids_and_the_upcard_with_the_dealer() -> None:
    # West deals and takes the KH (hearts trump) and discards the QD; North leads the AC,
    # East plays the JS (void in clubs), South the TC, West the AD (void in clubs).
    hands = [h.split() for h in ("AC 9H 9S TS 9D", "JS QS KS AS TD", "KC QC JC TC JD",
                                 "QH AH QD KD AD")]
    state = new_game(variant("standard"), seed=0,
                     deal={"dealer": W, "hands": hands, "upcard": "KH"})
    apply_all(state, "order_up pass discard:QD play:AC play:JS play:TC play:AD")
    clubs = C.trump_tables(C.parse_suit("H")).suit_mask[C.parse_suit("C")]
    kh = 1 << C.card("KH")
    for seed in range(60):
        world = determinize(state, S, random.Random(seed))  # what South knows
        assert world.view(S) == state.view(S)
        assert not world.hand.hands[E] & clubs and not world.hand.hands[W] & clubs
        assert (world.hand.hands[W] | world.hand.discards[W]) & kh  # the dealer took it
