"""The bots: they play every variant from views and legal actions only, and the heuristic
bot follows its rules of thumb (issue "one generic interpreter", item 4)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from engine import State, new_game
from engine.bots import make_bot, parse_bots
from engine.bots.heuristic import HeuristicBot
from engine.core import actions as A
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.core.errors import EuchreError
from engine.play.view import View
from engine.testing.rules import apply_all, variant

N, E, S, W = range(4)


def game(hands: list[str], upcard: str, *, dealer: int = W, name: str = "standard") -> State:
    deal = {"dealer": dealer, "hands": [h.split() for h in hands], "upcard": upcard}
    return new_game(variant(name), seed=0, deal=deal)


def choice(state: State, seat: int | None = None) -> str:
    seat = state.current_player if seat is None else seat
    bot = HeuristicBot(state.variant, seat, seed=1)
    return state.action_name(bot.act(state))


def test_bots_decide_from_the_view_alone() -> None:
    # The same view and legal actions give the same choice, whatever the hidden cards.
    state = game(["JH JD AH 9C 9S", "AC KC QC JC TC", "9D TD QD KD AD", "AS KS QS JS TS"],
                 "KH")
    other = game(["JH JD AH 9C 9S", "AS KS QS JS TS", "9D TD QD KD AD", "AC KC QC JC TC"],
                 "KH")
    for s in (state, other):
        assert s.current_player == N
    bot = HeuristicBot(state.variant, N, seed=3)
    assert bot.act(state) == bot.act(other)
    assert bot.choose(state.view(N), state.legal_actions()) == "order_up"


def test_heuristic_orders_up_a_strong_hand_and_passes_a_weak_one() -> None:
    strong = game(["JH JD AH KH 9S", "AC KC QC JC TC", "9D TD QD KD AD", "AS KS QS JS TS"],
                  "QH")
    assert choice(strong) == "order_up"
    weak = game(["9C TC 9D TD 9S", "AC KC QC JC AH", "JD QD KD AD 9H", "AS KS QS JS TS"],
                "KH")
    assert choice(weak) == "pass"


def test_heuristic_goes_alone_only_with_a_near_certain_march() -> None:
    march = game(["JH JD AH KH QH", "AC KC QC JC TC", "9D TD QD KD AD", "AS KS QS JS TS"],
                 "9H")
    apply_all(march, "order_up")
    assert march.phase == "go_alone" and choice(march) == "alone"
    modest = game(["JH 9H AC 9C 9S", "TC KC QC JC AH", "9D TD QD KD AD", "AS KS QS JS TS"],
                  "KH")
    apply_all(modest, "order_up")
    assert choice(modest) == "pass"


def test_heuristic_dealer_discards_its_weakest_card_not_trump() -> None:
    state = game(["AC KC QC JC TC", "9D TD QD KD AD", "AS KS QS JS TS", "JH JD AH 9C 9S"],
                 "KH")
    apply_all(state, "order_up pass")  # N orders up, N does not go alone; W (dealer) discards
    assert state.phase == "dealer_pickup"
    assert choice(state) in ("discard:9C", "discard:9S")


def test_heuristic_leads_trump_as_maker() -> None:
    state = game(["JH JD AH 9C 9S", "AC KC QC JC TC", "9D TD QD KD AD", "AS KS QS JS TS"],
                 "KH")
    apply_all(state, "order_up pass discard:TS")  # N makes hearts; W takes the KH
    assert state.phase == "play" and state.current_player == N
    assert choice(state) == "play:JH"


def _in_play(**changes: Any) -> tuple[HeuristicBot, View]:
    """South's view in a hearts hand made by North, with the trick and hand replaced."""
    state = game(["JH JD AH 9C 9S", "AC KC QC JC TC", "9D TD QD KD AD", "AS KS QS JS TS"],
                 "KH")
    apply_all(state, "order_up pass discard:TS")
    view = dataclasses.replace(state.view(S), current_player=S, **changes)
    return HeuristicBot(state.variant, S, seed=0), view


def _decide(hand: str, trick: list[tuple[int, str]]) -> str:
    cards = [C.card(code) for code in hand.split()]
    bot, view = _in_play(hand=C.mask_of(hand.split()),
                         trick=tuple((seat, C.card(code)) for seat, code in trick))
    table = C.trump_tables(view.trump)
    led = table.effective[view.trick[0][1]]
    follow = [c for c in cards if table.effective[c] == led] or cards
    return A.name_of(bot.decide(view, sorted(A.PLAY + c for c in follow)))


def test_heuristic_wins_as_cheaply_as_it_can() -> None:
    assert _decide("TS AS 9C", [(E, "9S")]) == "play:TS"


def test_heuristic_throws_its_lowest_card_when_it_cannot_win() -> None:
    assert _decide("TS QS 9C", [(E, "AS")]) == "play:TS"
    assert _decide("9C KD QC", [(E, "AS")]) == "play:9C"


def test_heuristic_does_not_trump_its_partners_winning_trick() -> None:
    # North (South's partner) leads the ace of spades; South, void in spades, keeps his trump.
    assert _decide("9D KD JH", [(N, "AS"), (E, "9S")]) == "play:9D"
    # Against an opponent's winning ace the same hand trumps, as cheaply as it can.
    assert _decide("9D KD JH 9H", [(E, "AS")]) == "play:9H"


def test_heuristic_swaps_a_weak_ghost_hand_and_bids_what_it_expects() -> None:
    v = variant("ghost-hand")
    weak = {"dealer": 2, "hands": [["9C", "TC", "9D", "TD", "9S", "QC"],
                                   ["JH", "JD", "AH", "KH", "QH", "TH"],
                                   ["AC", "KC", "JC", "AD", "KD", "QD"]],
            "extra": {"ghost": ["9H", "AS", "KS", "QS", "JS", "TS"]}}
    state = new_game(v, seed=0, deal=weak)
    assert state.current_player == 0 and "swap" in state.legal_actions()
    assert choice(state) == "swap"
    strong = dict(weak, dealer=0)  # seat 1 (the heart hand) bids first
    state = new_game(v, seed=0, deal=strong)
    assert state.current_player == 1
    assert choice(state) in ("bid:5", "bid:moon")


def test_heuristic_merges_the_dummy_to_its_best_five() -> None:
    v = variant("cutthroat")
    deal = {"dealer": 2, "hands": [["JH", "JD", "AH", "9C", "9S"], ["AC", "KC", "QC", "JC", "TC"],
                                   ["AS", "KS", "QS", "JS", "TS"]],
            "upcard": "KH", "extra": {"dummy": ["QH", "TD", "QD", "KD", "AD"]}}
    state = new_game(v, seed=0, deal=deal)
    apply_all(state, "order_up discard:TS pass pass pass")  # A orders up; C discards
    assert state.phase == "dummy_merge"
    while state.phase == "dummy_merge":
        state.apply(HeuristicBot(v, 0, seed=0).act(state))
    kept = set(state.view(0).hand_codes)
    assert {"JH", "JD", "AH", "QH"} <= kept  # the trumps stay; the nines go


def test_heuristic_defenders_cooperate_in_cutthroat() -> None:
    bot = HeuristicBot(variant("cutthroat"), 1, seed=0)
    view: Any = type("V", (), {"maker": 0, "seat": 1})()
    assert bot._side(view) == (1, 2)  # the other defender is this hand's partner


def test_bot_names_are_parsed_per_seat() -> None:
    assert parse_bots("heuristic", 3) == (BotSpec(name="heuristic"),) * 3
    assert parse_bots("random, heuristic", 2) == (BotSpec(name="random"),
                                                  BotSpec(name="heuristic"))
    with pytest.raises(EuchreError, match="no bot named"):
        parse_bots("clever", 4)
    with pytest.raises(EuchreError, match="one name per seat"):
        parse_bots("random,random", 4)


def test_random_bot_is_reproducible_from_its_seed() -> None:
    v = variant("standard")
    first = [make_bot(BotSpec.parse("random"), v, 0, seed=5).rng.random() for _ in range(2)]
    assert first[0] == first[1]
    state = new_game(v, seed=2)
    rng = random.Random(9)
    while not state.is_terminal():
        seat = state.current_player
        bot = make_bot(BotSpec.parse("random"), v, seat, seed=rng.randrange(10**6))
        name = bot.choose(state.view(seat), state.legal_actions())
        assert name in state.legal_actions()
        state.apply(name)


def test_a_view_holds_only_what_the_seat_may_see() -> None:
    state = game(["JH JD AH 9C 9S", "AC KC QC JC TC", "9D TD QD KD AD", "AS KS QS JS TS"],
                 "KH")
    apply_all(state, "order_up pass discard:TS")
    north, west = state.view(N), state.view(W)
    assert isinstance(north, View)
    assert north.actions[-1] == (W, "discard") and west.actions[-1] == (W, "discard:TS")
    assert north.hand_codes == ["9C", "JD", "JH", "AH", "9S"]
    assert west.discards == C.mask_of(["TS"]) and north.discards == 0
    assert A.HIDDEN_DISCARD in north.action_ids and north.turned == C.card("KH")


@pytest.mark.parametrize("name", ["standard", "cutthroat", "ghost-hand-open-swap"])
def test_a_view_sets_every_field_and_equals_its_keyword_built_twin(name: str) -> None:
    state = new_game(variant(name), seed=4)
    for _ in range(12):
        state.apply(state.legal_action_ids()[0])
    for seat in range(state.variant.players):
        view = state.view(seat)
        values = {f.name: getattr(view, f.name) for f in dataclasses.fields(View)}
        assert View(**values) == view
