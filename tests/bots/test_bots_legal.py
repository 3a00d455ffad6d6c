"""Every bot answers every decision with one of ``legal_action_ids()`` (issue 22, item 9).

In every shipped variant and in overlays with double decks (two copies of each card: the
action that names a card must be the copy the seat holds, DECK-A2), seeded games are played
with the kinds of bot taking turns at the seats; at each decision *every* kind (each bot of
``engine.bots.BOTS``, the search at 2 simulations, the solver at 2 worlds) is asked what it
would play for the seat to act, and each answer must be a legal action id (the search and the
solver are asked at one decision in four).
The budget is a fixed number of decisions per variant (a second or so each on one core)."""

from __future__ import annotations

import pytest

from engine import State, Variant
from engine.bots import BOTS, make_bot
from engine.core.bot_spec import BotSpec
from engine.play.state import TERMINAL
from engine.rules.loader import shipped_names
from engine.sim.simulate import derive_seed
from engine.testing.rules import overlay, variant

KINDS = tuple(f"{name}:2" if name in ("search", "solver") else name for name in sorted(BOTS))
"""Every kind of bot the engine has (the search at 2 simulations, the solver at 2 worlds:
legality, not strength)."""
DECISIONS = 300
"""Decisions checked per variant (each asks every bot, the search at one in SEARCH_EVERY)."""
SEARCH = "search:2"
SOLVER = "solver:2"
SEARCH_EVERY = 4
"""The search answers with one of the ids it is given; what can go wrong is in the worlds it
samples and the hands it plays out in them (each costing more than all the other bots' answers
together), so it is asked at one decision in 4, and wherever it drives the seat."""

DOUBLE_DECK_PASSING = """\
extends: bid-euchre-double
description: Double-deck Bid Euchre with lone hands and calling for the partner's best.
flow: [deal, auction, name_trump, go_alone, pass_cards, play, score]
go_alone: {maker: true, defender: true}
pass_cards: {cards: 1}
"""
"""The file of item 9: `simulate` stopped with `give:QC is illegal` in 14 of seeds 1-40."""

DOUBLE_DECK_PASSING_TWO = DOUBLE_DECK_PASSING.replace("{cards: 1}", "{cards: 2}").replace(
    "calling for", "passing two cards for")

DOUBLE_DECK_UPCARD = """\
extends: standard
description: Standard Euchre with a double deck, eleven cards each and an upcard.
deck: {size: 24, copies: 2}
deal: {hand_size: 11, packets: one_at_a_time}
scoring:
  table:
    - {label: made, when: "6 <= makers.tricks <= 10", makers: 1}
    - {label: march, when: "makers.tricks == 11 and not alone", makers: 2}
    - {label: lone_march, when: "makers.tricks == 11 and alone", makers: 4}
    - {label: euchre, when: "makers.tricks <= 5", defenders: 2}
"""
"""Upcard bidding, the dealer's pickup and lone hands over a double deck."""

DOUBLE_DECK_RAILROAD = """\
extends: railroad
description: Railroad Euchre with a double deck (no joker), eleven cards each.
deck: {size: 24, jokers: 0, copies: 2}
deal: {hand_size: 11, packets: one_at_a_time}
upcard_bidding: !delete
scoring:
  table:
    - {label: made, when: "6 <= makers.tricks <= 10", makers: 1}
    - {label: march, when: "makers.tricks == 11 and not alone", makers: 2}
    - {label: lone_march, when: "makers.tricks == 11 and alone", makers: 4}
    - {label: euchre, when: "makers.tricks <= 5 and not defender_alone", defenders: 2}
    - {label: lone_euchre, when: "makers.tricks <= 5 and defender_alone", defenders: 4}
"""
"""Upcard bidding, calling for the partner's best and a lone defender over a double deck."""

OVERLAYS = {"double-deck-passing": DOUBLE_DECK_PASSING,
            "double-deck-passing-two": DOUBLE_DECK_PASSING_TWO,
            "double-deck-upcard": DOUBLE_DECK_UPCARD,
            "double-deck-railroad": DOUBLE_DECK_RAILROAD}


def _variant(name: str) -> Variant:
    return overlay(OVERLAYS[name]) if name in OVERLAYS else variant(name)


def check_decisions(v: Variant, decisions: int, seed: int) -> int:
    """Play seeded games of ``v`` until ``decisions`` decisions with a choice were checked;
    returns how many of those were card passes (``give``)."""
    checked = gives = 0
    game = 0
    while checked < decisions:
        state = State(v, seed=derive_seed(seed, v.name, game))
        bots = {kind: [make_bot(BotSpec.parse(kind), v, seat, derive_seed(seed, game, kind, seat))
                       for seat in range(v.players)] for kind in KINDS}
        while state.current != TERMINAL and checked < decisions:
            seat = state.current
            legal = state.legal_action_ids()
            # The heuristic drives most seats (it goes alone and bids, reaching the rarer
            # phases); each kind drives one seat in turn.
            driver = KINDS[(seat + game) % len(KINDS)] if seat == game % v.players \
                else "heuristic"
            chosen = {kind: bots[kind][seat].act(state) for kind in KINDS
                      if kind not in (SEARCH, SOLVER) or kind == driver
                      or checked % SEARCH_EVERY == 0}
            for kind, action in chosen.items():
                assert action in legal, (
                    f"{v.name} game {game}: {kind} at seat {seat} chose "
                    f"{state.action_name(action)} ({action}), not one of "
                    f"{[state.action_name(a) for a in legal]} (history {state.history})")
            if len(legal) > 1:
                checked += 1
                gives += state.action_name(legal[0]).startswith("give:")
            state.apply(chosen[driver])
        game += 1
    return gives


@pytest.mark.parametrize("name", [*shipped_names(), *OVERLAYS])
def test_every_bot_chooses_a_legal_action_at_every_decision(name: str) -> None:
    check_decisions(_variant(name), DECISIONS, seed=22)


def test_the_double_deck_passing_file_reaches_the_partners_gift() -> None:
    # The check above must see gives in the file of item 9, or it proves nothing about them.
    assert check_decisions(_variant("double-deck-passing"), DECISIONS, seed=9) > 0
