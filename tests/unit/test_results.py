"""Typed results: every hand a game records is a :class:`HandResult` whose JSON is the shape
records have always had and reads back equal; given deals are :class:`Deal`; simulation
tallies count under typed keys, not strings parsed back."""

from __future__ import annotations

import functools
import json
import random

import pytest

from engine import State, Variant, new_game, shipped_names
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.mechanics.auction_result import AuctionResult
from engine.mechanics.call_partner import CallPartnerResult
from engine.mechanics.declare import DeclareResult
from engine.mechanics.dummy_merge import DummyMergeResult
from engine.mechanics.stay_or_drop import StayOrDropResult
from engine.play.records import record_of
from engine.rules.results import Deal, HandResult
from engine.sim.simulate import simulate
from engine.sim.stats import Count, Total
from engine.testing.rules import variant as shipped

SEEDS = range(3)
HANDS = 12
RENEGE_RATE = 0.1
"""How often a random player who could renege does, in variants that allow it."""

SCORED_KEYS = ["hand", "dealer", "maker", "trump", "bid", "alone", "tricks", "label", "deltas",
               "scores", "reneges", "penalties", "void"]
OPTIONAL_KEYS = ["countdown"]
"""Written after the others, and only by hands that have them (countdown games)."""
PART_KEYS = {"auction": ["swapped"], "dummy_merge": ["merged"], "stay_or_drop": ["dropped"],
             "call_partner": ["called", "partner"], "declare": ["declared"]}
"""Each mechanic's part of a hand, written last under its key, in the order of the flow."""
THROWN_IN_KEYS = ["hand", "dealer", "thrown_in", "deltas", "scores"]
PENALTY_KEYS = ["seat", "card", "trick", "points"]


def _reneges(state: State, variant: Variant) -> list[str]:
    """The cards the player to act holds but may not legally play: reneges, where allowed."""
    if state.phase != "play" or not variant.renege.allowed:
        return []
    legal = set(state.legal_actions())
    held = (f"play:{code}" for code in C.names(state.view(state.current_player).hand))
    return [name for name in held if name not in legal]


@functools.cache
def sample(name: str) -> tuple[HandResult, ...]:
    """Every hand of a few seeded random games of ``name``, some reneges included."""
    shipped_variant = shipped(name)
    hands: list[HandResult] = []
    for seed in SEEDS:
        state, rng = new_game(shipped_variant, seed=seed), random.Random(seed)
        while not state.is_terminal() and len(state.hands_played) < HANDS:
            wrong = _reneges(state, shipped_variant)
            if wrong and rng.random() < RENEGE_RATE:
                state.apply(rng.choice(wrong))
            else:
                state.apply(rng.choice(state.legal_action_ids()))
        hands += state.hands_played
    return tuple(hands)


@pytest.mark.parametrize("name", shipped_names())
def test_every_hand_result_reads_back_equal_from_its_json(name: str) -> None:
    for result in sample(name):
        text = json.dumps(result.to_json())
        assert HandResult.from_json(json.loads(text)) == result, text


@pytest.mark.parametrize("name", shipped_names())
def test_hand_result_json_keeps_the_keys_records_always_had_in_their_order(name: str) -> None:
    flow = shipped(name).flow
    for result in sample(name):
        data = result.to_json()
        keys = list(data)
        if result.scored:
            optional = [key for key in OPTIONAL_KEYS if key in data]
            parts = sorted((key for key in keys if key in PART_KEYS), key=flow.index)
            assert keys == SCORED_KEYS + optional + parts
            for key in parts:
                assert list(data[key]) == PART_KEYS[key]
        else:
            assert keys == THROWN_IN_KEYS
        for penalty in data.get("penalties", []):
            assert list(penalty) == PENALTY_KEYS


def test_the_sample_holds_every_kind_of_hand_result() -> None:
    """The round trips above cover each optional part of a result."""
    every = [r for name in shipped_names() for r in sample(name)]
    assert any(r.thrown_in is not None for r in every)
    assert any(r.penalties for r in every) and any(r.void for r in every)
    assert any(r.penalties and not r.void for r in every)
    # a show is too rare in random deals: test_phases_declare reads one, and the old-shape
    # test below a declared part
    assert {key for r in every for key in r.parts} == set(PART_KEYS) - {"declare"}
    assert any(r.part(DummyMergeResult) == DummyMergeResult(merged=True) for r in every)
    assert any(r.part(DummyMergeResult) == DummyMergeResult(merged=False) for r in every)
    assert any(isinstance(r.bid, int) for r in every)
    assert any(r.alone for r in every)
    assert any(r.countdown for r in every)
    assert any(r.scored and r.maker == -1 for r in every)  # a hand nobody made


OLD_CALL_ACE = {"hand": 3, "dealer": 4, "maker": 0, "trump": "H", "bid": None, "alone": [],
                "tricks": [3, 1, 0, 1, 0], "label": "made", "deltas": [1, 1, 0, 0, 0],
                "scores": [4, 3, 2, 0, 1], "reneges": [], "penalties": [], "void": False,
                "swapped": None, "merged": False, "called": "AS", "partner": 1}
"""A hand as records wrote it before parts: each mechanic's facts as flat keys."""


def test_a_hand_written_before_parts_reads_into_its_parts() -> None:
    old = HandResult.from_json(OLD_CALL_ACE)
    assert old.parts == {"call_partner": CallPartnerResult(called="AS", partner=1)}
    assert old.makers == (0, 1) and old.tricks == (3, 1, 0, 1, 0)
    data = old.to_json()
    assert data["call_partner"] == {"called": "AS", "partner": 1}
    assert "called" not in data and "swapped" not in data and "merged" not in data
    flat = {**OLD_CALL_ACE, "called": None, "partner": None, "swapped": 2, "merged": True,
            "dropped": [1, 3], "declared": [[1, "a jamboree", ["JD", "JH"]]]}
    assert HandResult.from_json(flat).parts == {
        "auction": AuctionResult(swapped=2), "dummy_merge": DummyMergeResult(merged=True),
        "stay_or_drop": StayOrDropResult(dropped=(1, 3)),
        "declare": DeclareResult(declared=((1, "a jamboree", ("JD", "JH")),))}
    assert HandResult.from_json(OLD_CALL_ACE | {"called": None}).parts == {}


def test_a_thrown_in_deal_scores_nothing_and_keeps_the_scores() -> None:
    result = HandResult.thrown_in_deal(hand=4, dealer=1, why="all passed", scores=[3, 5, 3, 5])
    assert not result.scored and result.deltas == (0, 0, 0, 0)
    assert result.scores == (3, 5, 3, 5) and result.maker == -1


def test_hand_results_are_frozen() -> None:
    result = HandResult.thrown_in_deal(hand=1, dealer=0, why="all passed", scores=[0, 0])
    with pytest.raises(AttributeError):
        result.dealer = 1  # type: ignore[misc]


def random_deal(variant: Variant, seed: int) -> dict[str, object]:
    """A deal as a user writes it: the deck shuffled and cut into hands, extra hands, the
    upcard and the kitty."""
    cards = C.names(variant.deck.mask)
    random.Random(seed).shuffle(cards)
    size, n = variant.deal.hand_size, variant.players
    cut = [cards[k * size:(k + 1) * size] for k in range(n + len(variant.deal.extra_hands))]
    rest = cards[len(cut) * size:]
    deal: dict[str, object] = {"dealer": seed % n, "hands": cut[:n]}
    if variant.deal.extra_hands:
        deal["extra"] = dict(zip(variant.deal.extra_hands, cut[n:], strict=True))
    if variant.deal.upcard:
        deal["upcard"], rest = rest[0], rest[1:]
    deal["kitty"] = rest
    return deal


@pytest.mark.parametrize("name", shipped_names())
def test_a_given_deal_reads_back_equal_and_is_recorded_as_given(name: str) -> None:
    variant = shipped(name)
    written = random_deal(variant, seed=len(name))
    deal = Deal.from_json(variant, written)
    assert Deal.from_json(variant, deal.to_json(variant)) == deal
    assert len(deal.hands) == variant.players + len(variant.deal.extra_hands)
    assert record_of(new_game(variant, deal=written)).to_json()["deals"] == [
        deal.to_json(variant)]


def test_a_given_deal_fixes_the_first_dealer() -> None:
    variant = shipped("standard")
    state = new_game(variant, seed=5, deal=random_deal(variant, seed=2))
    assert state.dealer == 2


@pytest.mark.parametrize("name", ["standard", "ghost-hand"])
def test_tally_keys_are_typed_pairs_not_strings(name: str) -> None:
    variant = shipped(name)
    tally = simulate(variant, seed=3, games=4, bots=[BotSpec.parse("random")] * variant.players)
    assert tally.n and all(isinstance(what, Count) for what, _ in tally.n)
    assert tally.s and all(isinstance(what, Total) for what, _ in tally.s)
    assert set(tally.sq) == set(tally.s)
    assert tally.n[Count.GAMES, None] == 4
    labels = {q for what, q in tally.n if what is Count.LABEL}
    assert labels and labels == set(tally.report().to_json()["outcomes"])
