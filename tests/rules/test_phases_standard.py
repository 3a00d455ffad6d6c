"""The rules of standard Euchre and its overlays, one rule per test, from fixed deals.

Seats are numbered clockwise 0..3 (N E S W in `euchre rules standard`); partners are 0-2 and
1-3. Most
deals have seat 3 (W) dealing, so seat 0 (N) is eldest. Each test names the rule it checks
and cites the docs/ambiguities.md id or the seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from engine import State, load_variant, new_game
from engine.core import cards as C
from engine.core.errors import Refusal as R
from engine.mechanics.deal import Deal
from engine.mechanics.dealer_draw import first_dealer
from engine.mechanics.hand import Hand
from engine.mechanics.upcard_trump import UpcardPart
from engine.testing.rules import apply_all, last_hand, refuse, variant

N, E, S, W = range(4)


def deal_of(hands: Sequence[str], upcard: str, *, dealer: int = W) -> dict[str, Any]:
    """A deal from hands written as space-separated codes; the kitty is the rest."""
    return {"dealer": dealer, "hands": [h.split() for h in hands], "upcard": upcard}


# A deal where N holds the three top hearts and two low cards, E the clubs, S the diamonds,
# W the spades; the upcard is the KH and the kitty 9H TH QH.
THREE_TRUMPS = deal_of(["JH JD AH 9C 9S", "AC KC QC JC TC", "9D TD QD KD AD",
                        "AS KS QS JS TS"], "KH")
# N holds no trump and E the five best hearts: whoever makes hearts, E takes every trick.
E_HOLDS_TRUMP = deal_of(["9C TC 9D TD 9S", "JH JD AH KH QH", "AC KC QC JC AD",
                         "AS KS QS JS TS"], "TH")


def game(deal: dict[str, Any], name: str = "standard", **kw: Any) -> State:
    return new_game(variant(name), seed=0, deal=deal, **kw)


def play_in_order(state: State, deal: dict[str, Any]) -> None:
    """Play the hand out: each seat plays the first card of its hand as written in the deal
    that is legal now (the dealer's exchanged card last)."""
    hands_before = len(state.hands_played)
    order = [h for h in deal["hands"]]
    while len(state.hands_played) == hands_before and not state.is_terminal():
        assert state.phase == "play", state.phase
        seat = state.current_player
        legal = state.legal_actions()
        held = C.names(state.hand.hands[seat])
        preference = [c for c in order[seat] if c in held] + [c for c in held
                                                               if c not in order[seat]]
        state.apply(next(f"play:{c}" for c in preference if f"play:{c}" in legal))


# -- the draw for partners and first dealer (seed 003, STD-A4) ------------------------------

DRAW_RANKING = "KQJT987A"
"""Seed 003: K high ... A low."""


def draw_places(cards: list[int]) -> tuple[int, ...]:
    """A seat's draw as places in the draw ranking (higher = lower card), redraws last."""
    return tuple(DRAW_RANKING.index(C.card_name(c)[0]) for c in cards)


@pytest.mark.parametrize("name", ["standard", "standard-joker", "standard-32"])
def test_lowest_card_deals_and_the_two_lowest_partner_seed_003(name: str) -> None:
    dealers, redraws = set(), 0
    for seed in range(150):
        state = new_game(variant(name), seed=seed)
        places = {seat: draw_places(cards) for seat, cards in state.draw.items()}
        assert sorted(places) == [0, 1, 2, 3]
        assert all(C.JOKER not in cards for cards in state.draw.values())  # STD-A4
        assert len(set(places.values())) == 4, "a tie was left standing"
        low_first = sorted(range(4), key=lambda seat: places[seat], reverse=True)
        assert low_first[0] == state.dealer
        assert low_first[1] == (state.dealer + 2) % 4, "the two lowest are not partners"
        dealers.add(state.dealer)
        for seat, place in places.items():  # a seat drew again only to break a tie
            for k in range(1, len(place)):
                assert any(places[other][:k] == place[:k] for other in places if other != seat)
            redraws += len(place) > 1
    assert dealers == {0, 1, 2, 3}
    assert redraws > 0  # ties happen, and were settled


class StackedRng:
    """An RNG stand-in: ``shuffle`` puts the pack in a given order (drawn from the end);
    ``randrange`` always gives 0."""

    def __init__(self, order: list[str]) -> None:
        self.order = [C.card(code) for code in order]

    def shuffle(self, cards: list[int]) -> None:
        if len(cards) > 4:  # the pack; the seating shuffle of two seats stays as it is
            rest = [c for c in cards if c not in self.order]
            cards[:] = rest + self.order[::-1]

    def randrange(self, n: int) -> int:
        return 0


def test_tied_players_draw_again_and_the_redraw_only_breaks_their_tie_STD_A4() -> None:
    # Seat 0 draws K (high), seats 1 and 2 tie with nines, seat 3 draws the A (lowest).
    # Seats 1 and 2 draw again: 1 gets a king, 2 an eight. Seat 0's king is not a new tie:
    # the redraw only orders seats 1 and 2 between themselves, so seat 3 deals, and his
    # partner is seat 2 (second lowest). With the stand-in RNG the dealer's team is (0, 2):
    # the lowest sits at 0, the second lowest at 2.
    stub = SimpleNamespace(rng=StackedRng(["KS", "9C", "9D", "AH", "KC", "8D"]), draw={})
    dealer = first_dealer(variant("standard-32"), stub)  # type: ignore[arg-type]
    assert dealer == 0
    drawn = {seat: [C.card_name(c) for c in cards] for seat, cards in stub.draw.items()}
    assert drawn == {0: ["AH"], 2: ["9D", "8D"], 1: ["9C", "KC"], 3: ["KS"]}


@pytest.mark.parametrize("name", ["cutthroat", "ghost-hand"])
def test_dealer_random_variants_pick_the_first_dealer_without_a_draw(name: str) -> None:
    dealers = {new_game(variant(name), seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2}
    assert new_game(variant(name), seed=1).draw == {}


# -- the deal (STD-A5) --------------------------------------------------------------------

class IdentityRng:
    def shuffle(self, cards: list[int]) -> None:
        pass


@pytest.mark.parametrize(("name", "kitty"), [("standard", 3), ("standard-28", 7),
                                             ("standard-32", 11), ("standard-joker", 4)])
def test_packets_go_3_2_3_2_then_2_3_2_3_from_eldest_then_the_upcard_STD_A5(
        name: str, kitty: int) -> None:
    v = variant(name)
    s = SimpleNamespace(rng=IdentityRng(), dealer=W,
                        hand=Hand(players=4, positions=4, first_action=0))
    Deal(v).shuffle_and_deal(s)  # type: ignore[arg-type]
    deck = list(v.deck.cards)  # unshuffled: the deal takes cards from the front
    packets = {N: deck[0:3] + deck[10:12], E: deck[3:5] + deck[12:15],
               S: deck[5:8] + deck[15:17], W: deck[8:10] + deck[17:20]}
    for seat, cards in packets.items():
        assert s.hand.hands[seat] == C.mask_of(cards), seat
    assert s.hand.upcard == deck[20]
    assert C.names(s.hand.kitty) == C.names(C.mask_of(deck[21:]))
    assert s.hand.kitty.bit_count() == kitty


def test_a_seeded_deal_gives_five_cards_each_an_upcard_and_the_kitty_RULES_3_1() -> None:
    state = new_game(variant("standard"), seed=5)
    assert [h.bit_count() for h in state.hand.hands] == [5, 5, 5, 5]
    assert state.hand.upcard >= 0 and state.hand.kitty.bit_count() == 3
    assert state.current_player == (state.dealer + 1) % 4  # eldest speaks first
    assert state.view(state.dealer).upcard == state.hand.upcard  # the upcard is public


# -- round 1: ordering up ----------------------------------------------------------------

def test_round_1_goes_clockwise_from_eldest_RULES_3_1() -> None:
    state = game(THREE_TRUMPS)
    seen = []
    for _ in range(4):
        seen.append(state.current_player)
        assert state.legal_actions() == ["pass", "order_up"]
        state.apply("pass")
    assert seen == [N, E, S, W]


@pytest.mark.parametrize("seat", [N, E, S, W])
def test_any_seat_may_order_up_and_the_dealer_takes_the_upcard_RULES_3_1(seat: int) -> None:
    state = apply_all(game(THREE_TRUMPS), "pass " * seat + "order_up")
    assert state.hand.maker == seat and state.hand.trump_name == "H"
    assert state.phase == "go_alone" and state.current_player == seat
    state.apply("pass")
    assert state.phase == "dealer_pickup" and state.current_player == W
    assert "KH" in C.names(state.hand.hands[W]) and state.hand.upcard == -1
    assert len(state.legal_actions()) == 6


def test_the_dealer_takes_it_up_himself_RULES_3_1() -> None:
    state = apply_all(game(THREE_TRUMPS), "pass pass pass order_up pass")
    assert state.hand.maker == W and state.hand.trump_name == "H"
    assert state.current_player == W and state.phase == "dealer_pickup"


def test_the_dealer_discards_any_one_of_six_even_the_upcard_STD_A1() -> None:
    state = apply_all(game(THREE_TRUMPS), "order_up pass")
    assert state.legal_actions() == [f"discard:{c}" for c in C.names(
        C.mask_of(["AS", "KS", "QS", "JS", "TS", "KH"]))]
    hand_before = C.names(state.hand.hands[W])
    state.apply("discard:KH")
    assert C.names(state.hand.hands[W]) == [c for c in hand_before if c != "KH"]
    assert C.names(state.hand.discards[W]) == ["KH"]
    assert state.phase == "play" and state.current_player == N
    # Only the dealer knows what he discarded.
    assert state.view(W).discards == C.mask_of(["KH"])
    assert state.view(N).discards == 0
    assert state.view(N).actions[-1] == (W, "discard")
    assert state.view(W).actions[-1] == (W, "discard:KH")


def test_the_dealer_must_discard_a_card_of_his_own_hand_STD_A1() -> None:
    state = apply_all(game(THREE_TRUMPS), "order_up pass")
    assert refuse(state, "discard:AC", R.NOT_IN_HAND) == "A♣ is not in the dealer's hand"
    assert "must discard" in refuse(state, "pass")


# -- round 2: naming a suit -------------------------------------------------------------

def test_round_2_may_not_name_the_turned_down_suit_RULES_3_1() -> None:
    state = apply_all(game(THREE_TRUMPS), "pass pass pass pass")
    assert UpcardPart.of(state.hand).turned_down == C.HEARTS and state.hand.upcard == -1
    assert "KH" in C.names(state.hand.kitty)  # the upcard is turned down under the pack
    assert state.current_player == N
    assert state.legal_actions() == ["pass", "call:C", "call:D", "call:S"]
    assert refuse(state, "call:H") == "hearts was turned down; name another suit"
    assert "turned down" in refuse(state, "order_up", R.WRONG_PHASE)
    state.apply("call:S")
    assert state.hand.maker == N and state.hand.trump_name == "S"
    state.apply("pass")
    assert state.phase == "play"  # no exchange in round 2
    assert [h.bit_count() for h in state.hand.hands] == [5, 5, 5, 5]


def test_round_1_only_orders_up_the_upcards_suit_RULES_3_1() -> None:
    state = game(THREE_TRUMPS)
    assert "upcard's suit (hearts)" in refuse(state, "call:S", R.WRONG_PHASE)


def test_all_passing_twice_throws_the_hand_in_and_the_deal_passes_left_RULES_1_4() -> None:
    second = deal_of(["AC KC QC JC TC", "JH JD AH 9C 9S", "9D TD QD KD AD",
                      "AS KS QS JS TS"], "KH", dealer=N)
    state = new_game(variant("standard"), seed=0, deals=[THREE_TRUMPS, second])
    apply_all(state, "pass " * 8)
    record = last_hand(state)
    assert record.thrown_in == "all passed" and record.deltas == (0, 0, 0, 0)
    assert state.scores == [0, 0, 0, 0]
    assert state.dealer == N and state.current_player == E
    assert state.phase == "upcard_bidding" and state.hand.scratch.round == 1
    assert C.names(state.hand.hands[E]) == ["9C", "JD", "JH", "AH", "9S"]


# -- stick the dealer (`euchre rules stick-the-dealer`) ------------------------------------

def test_a_stuck_dealer_may_not_pass_in_round_2_stick_the_dealer() -> None:
    state = apply_all(game(THREE_TRUMPS, "stick-the-dealer"), "pass " * 7)
    assert state.current_player == W
    assert state.legal_actions() == ["call:C", "call:D", "call:S"]
    assert refuse(state, "pass") == ("stick the dealer: the dealer may not pass now, he must "
                                     "name trump")
    assert "turned down" in refuse(state, "call:H")
    state.apply("call:D")
    assert state.hand.maker == W and state.hand.trump_name == "D" and state.phase == "go_alone"


def test_stick_the_dealer_lets_everyone_pass_before_the_dealers_last_turn() -> None:
    state = game(THREE_TRUMPS, "stick-the-dealer")
    for _ in range(4):  # round 1, dealer included
        assert "pass" in state.legal_actions()
        state.apply("pass")
    for _ in range(3):  # round 2, the others
        assert state.current_player != W and "pass" in state.legal_actions()
        state.apply("pass")
    assert "pass" not in state.legal_actions()


def test_a_stuck_dealer_may_name_the_turned_down_suit_only_where_allowed(
        tmp_path: Path) -> None:
    path = tmp_path / "stuck-any.yaml"
    path.write_text("extends: stick-the-dealer\n"
                    "description: Stuck dealer may name any suit.\n"
                    "upcard_bidding:\n  stuck_dealer_may_name_turned_down: true\n",
                    encoding="utf-8")
    state = new_game(load_variant(path), seed=0, deal=THREE_TRUMPS)
    apply_all(state, "pass " * 7)
    assert state.legal_actions() == ["call:C", "call:D", "call:H", "call:S"]
    state.apply("call:H")
    assert state.hand.trump_name == "H" and state.hand.maker == W
    # The others still may not name it in round 2.
    other = new_game(load_variant(path), seed=0, deal=THREE_TRUMPS)
    apply_all(other, "pass " * 4)
    assert "call:H" not in other.legal_actions()


# -- going alone (STD-A9, STD-A2) -----------------------------------------------------------

def test_only_the_maker_is_asked_to_go_alone_STD_A9() -> None:
    state = apply_all(game(THREE_TRUMPS), "pass order_up")
    assert state.phase == "go_alone" and state.current_player == E
    assert state.legal_actions() == ["pass", "alone"]
    state.apply("pass")
    assert state.phase == "dealer_pickup"  # no defender is asked in standard


def test_a_lone_makers_partner_sits_out_and_his_cards_do_not_play_RULES_3_1() -> None:
    state = apply_all(game(THREE_TRUMPS), "order_up alone discard:TS")
    assert state.hand.alone == [N] and not state.hand.active(S)
    assert state.view(E).sitting_out == (S,)
    seats = []
    for _ in range(12):  # four tricks of three cards
        seats.append(state.current_player)
        state.apply(state.legal_actions()[0])
    assert S not in seats and seats[:3] == [N, E, W]
    assert sum(state.hand.tricks_won) == 4 and state.hand.tricks_won[S] == 0
    assert state.hand.hands[S].bit_count() == 5  # laid face down, unplayed
    assert all(seat != S for seat, _ in state.hand.played)
    play_in_order(state, THREE_TRUMPS)
    assert last_hand(state).tricks[S] == 0 and last_hand(state).alone == (N,)


def test_a_dealer_who_sits_out_does_not_exchange_RULES_3_1() -> None:
    # E orders up and goes alone: his partner W, the dealer, sits out and does not pick up.
    state = apply_all(game(THREE_TRUMPS), "pass order_up alone")
    assert state.phase == "play"
    assert C.names(state.hand.hands[W]) == ["TS", "JS", "QS", "KS", "AS"]
    assert state.hand.discards == [0, 0, 0, 0]
    assert C.card_name(state.hand.upcard) == "KH"  # still face up on the table


def test_the_first_lead_skips_a_sitting_out_eldest_STD_A2() -> None:
    # S (eldest's partner) orders up and goes alone: eldest N sits out, so E, across from
    # the dealer, leads.
    state = apply_all(game(THREE_TRUMPS), "pass pass order_up alone discard:TS")
    assert not state.hand.active(N)
    assert state.phase == "play" and state.current_player == E


def test_eldest_leads_when_he_plays_STD_A2() -> None:
    state = apply_all(game(THREE_TRUMPS), "pass pass pass order_up alone discard:TS")
    assert state.current_player == N


# -- defend alone (house rule, STD-A9 alternative) ---------------------------------------------

def test_no_defender_may_go_alone_against_a_partnership_maker_defend_alone() -> None:
    state = apply_all(game(THREE_TRUMPS, "defend-alone"), "order_up pass")
    assert state.phase == "dealer_pickup"


def test_a_defender_may_go_alone_against_a_lone_maker_from_the_makers_left_defend_alone(
        ) -> None:
    state = apply_all(game(THREE_TRUMPS, "defend-alone"), "order_up alone")
    assert state.phase == "go_alone" and state.current_player == E
    assert state.legal_actions() == ["pass", "alone"]
    state.apply("pass")
    assert state.current_player == W
    state.apply("alone")
    assert state.hand.alone == [N, W] and not state.hand.active(E) and not state.hand.active(S)
    assert state.phase == "dealer_pickup" and state.current_player == W


def test_the_first_defender_to_go_alone_ends_the_asking_defend_alone() -> None:
    state = apply_all(game(THREE_TRUMPS, "defend-alone"), "order_up alone alone")
    assert state.hand.alone == [N, E]
    # W, E's partner and the dealer, sits out: no exchange, and N leads to E only.
    assert state.phase == "play" and state.current_player == N
    state.apply("play:JH")
    assert state.current_player == E
    state.apply(state.legal_actions()[0])
    assert sum(state.hand.tricks_won) == 1


def test_a_lone_defender_who_euchres_a_lone_maker_scores_4_defend_alone() -> None:
    state = game(E_HOLDS_TRUMP, "defend-alone")
    apply_all(state, "order_up alone alone")  # N alone on hearts; E defends alone
    play_in_order(state, E_HOLDS_TRUMP)
    record = last_hand(state)
    assert record.label == "lone_euchre" and record.tricks[E] == 5
    assert state.scores == [0, 4, 0, 4]


def test_a_lone_maker_euchred_by_both_defenders_scores_2_defend_alone() -> None:
    state = game(E_HOLDS_TRUMP, "defend-alone")
    apply_all(state, "order_up alone pass pass discard:TS")
    play_in_order(state, E_HOLDS_TRUMP)
    assert last_hand(state).label == "euchre" and state.scores == [0, 2, 0, 2]


# -- following suit (`euchre rules NAME`, "The cards" and "Playing the tricks") -------------

FOLLOW = deal_of(["AD 9C TC 9S TS", "JD QD KD 9H QC", "TH KC AC QS KS",
                  "9D TD AH AS JS"], "KH")


def test_the_left_bower_follows_trump_not_its_printed_suit_RULES_1_1() -> None:
    # Hearts are trump; E holds the JD (left bower) and other diamonds. On a diamond lead he
    # must play a diamond, and the JD is not one.
    state = apply_all(game(FOLLOW), "order_up pass discard:9D play:AD")
    assert state.current_player == E
    assert state.legal_actions() == ["play:QD", "play:KD"]
    assert refuse(state, "play:JD", R.MUST_FOLLOW_SUIT) == "you must follow diamonds"


def test_the_left_bower_must_be_played_to_a_trump_lead_RULES_1_1() -> None:
    # N leads the ace of trump; E holds the JD (left bower) and the 9H: both are trumps.
    deal = deal_of(["AH 9C TC 9S TS", "JD QD KD 9H QC", "TH KC AC QS KS",
                    "9D TD AD AS JS"], "KH")
    state = apply_all(game(deal), "order_up pass discard:9D play:AH")
    assert state.legal_actions() == ["play:JD", "play:9H"]
    assert refuse(state, "play:QD") == "you must follow trump"


def test_a_player_void_in_the_suit_led_may_play_any_card_RULES_1_3() -> None:
    deal = deal_of(["AD 9C TC 9S TS", "JD QC KC 9H AC", "TH QD KD QS KS",
                    "9D TD AH AS JS"], "KH")
    state = apply_all(game(deal), "order_up pass discard:9D play:AD")
    # E's only "diamond" is the left bower, which is a heart now: he is void in diamonds.
    assert len(state.legal_actions()) == 5


def test_a_card_that_does_not_follow_is_refused_with_the_suit_to_follow_RULES_1_3() -> None:
    deal = deal_of(["AH 9C TC 9S TS", "9H QD KD QC KC", "TH KS AC JD AD",
                    "9D TD JH AS JS"], "KH")
    state = apply_all(game(deal), "pass pass pass pass call:S pass play:AH")
    assert state.current_player == E and state.legal_actions() == ["play:9H"]
    assert refuse(state, "play:QD") == "you must follow hearts"
    assert refuse(state, "play:AD") == "A♦ is not in your hand"
    assert refuse(state, "order_up") == "the tricks are being played: play a card"


def test_the_left_bower_wins_over_the_ace_of_trump_RULES_1_2() -> None:
    deal = deal_of(["AH 9C TC 9S TS", "JD QD KD 9H QC", "TH KC AC QS KS",
                    "9D TD AD AS JS"], "KH")
    state = apply_all(game(deal), "order_up pass discard:9D play:AH play:JD play:TH play:KH")
    assert state.hand.tricks_won == [0, 1, 0, 0] and state.current_player == E


# -- the joker (standard-joker, STD-A3) ------------------------------------------------------

JOKER_DEAL = deal_of(["9C TC JC QC KC", "9D TD JD QD KD", "9H TH JH QH KH",
                      "9S TS JS QS KS"], "JK")


def test_the_joker_is_the_highest_trump_and_must_follow_trump_RULES_1_2() -> None:
    deal = deal_of(["AH 9C TC 9S TS", "JK QD KD 9D QC", "TH KC AC QS KS",
                    "JH TD AD AS JS"], "KH")
    state = apply_all(game(deal, "standard-joker"), "order_up pass discard:TD play:AH")
    assert state.legal_actions() == ["play:JK"]  # E's only trump
    state.apply("play:JK")
    state.apply("play:TH")
    state.apply("play:JH")  # the right bower loses to the joker
    assert state.hand.tricks_won == [0, 1, 0, 0]


def test_a_joker_upcard_makes_the_dealer_name_trump_blind_STD_A3() -> None:
    state = game(JOKER_DEAL, "standard-joker")
    assert state.current_player == W
    assert state.legal_actions() == ["call:C", "call:D", "call:H", "call:S"]
    assert state.view(W).hand == 0 and state.view(W).hand_codes == []  # before looking
    assert state.view(N).hand_codes == ["9C", "TC", "JC", "QC", "KC"]
    assert state.view(N).upcard == C.JOKER
    assert "the dealer names trump" in refuse(state, "pass")
    assert "the dealer names trump" in refuse(state, "order_up")
    state.apply("call:D")
    assert state.hand.maker == W and state.hand.trump_name == "D"
    assert state.view(W).hand_codes == ["9S", "TS", "JS", "QS", "KS"]
    state.apply("pass")  # the dealer (maker) does not go alone
    assert state.phase == "dealer_pickup" and state.current_player == W
    assert "JK" in C.names(state.hand.hands[W])
    assert len(state.legal_actions()) == 6
    state.apply("discard:9S")
    assert state.phase == "play" and state.current_player == N


@pytest.mark.parametrize("suit", ["C", "D", "H", "S"])
def test_the_blind_dealer_may_name_any_suit_STD_A3(suit: str) -> None:
    state = apply_all(game(JOKER_DEAL, "standard-joker"), f"call:{suit} pass discard:JK")
    assert state.hand.trump_name == suit and state.hand.maker == W
    assert C.names(state.hand.discards[W]) == ["JK"]


def test_a_joker_upcard_with_a_fixed_suit_proposes_that_suit_STD_A3_alternative(
        tmp_path: Path) -> None:
    path = tmp_path / "joker-hearts.yaml"
    path.write_text("extends: standard-joker\ndescription: Joker upcard proposes hearts.\n"
                    "upcard_bidding:\n  joker_upcard: fixed_suit\n  joker_upcard_suit: H\n",
                    encoding="utf-8")
    state = new_game(load_variant(path), seed=0, deal=JOKER_DEAL)
    assert state.current_player == N and state.legal_actions() == ["pass", "order_up"]
    state.apply("pass")
    state.apply("order_up")
    assert state.hand.trump_name == "H" and state.hand.maker == E
    apply_all(state, "pass")
    assert state.current_player == W and "JK" in C.names(state.hand.hands[W])
    # All passing turns the joker down; round 2 may not name hearts.
    other = apply_all(new_game(load_variant(path), seed=0, deal=JOKER_DEAL), "pass " * 4)
    assert "call:H" not in other.legal_actions() and C.JOKER in C.cards_of(other.hand.kitty)


def test_a_joker_upcard_can_be_a_redeal_STD_A3_alternative(tmp_path: Path) -> None:
    path = tmp_path / "joker-redeal.yaml"
    path.write_text("extends: standard-joker\ndescription: Joker upcard redeals.\n"
                    "upcard_bidding:\n  joker_upcard: redeal\n", encoding="utf-8")
    state = new_game(load_variant(path), seed=0, deal=JOKER_DEAL)
    assert state.hands_played[0].thrown_in == "joker turned up"
    assert state.dealer == N and state.hand_no == 2 and state.scores == [0, 0, 0, 0]


def test_a_joker_cannot_be_dealt_from_a_deck_without_one() -> None:
    with pytest.raises(ValueError, match="not in the standard deck"):
        game(JOKER_DEAL)


# -- scoring (the table of `euchre rules standard`, STD-A7) ----------------------------------

@pytest.mark.parametrize(("north", "actions", "label", "scores"), [
    ("JH JD AH 9C 9S", "order_up pass discard:TS", "made", [1, 0, 1, 0]),
    ("JH JD AH AC 9S", "order_up pass discard:TS", "made", [1, 0, 1, 0]),
    ("JH JD AH QH AC", "order_up pass discard:TS", "march", [2, 0, 2, 0]),
    ("JH JD AH QH AC", "order_up alone discard:TS", "lone_march", [4, 0, 4, 0]),
    ("JH JD AH 9C 9S", "order_up alone discard:TS", "made", [1, 0, 1, 0]),
])
def test_the_makers_score_by_the_table_RULES_3_1(north: str, actions: str, label: str,
                                                 scores: list[int]) -> None:
    others = {"JH JD AH 9C 9S": ["AC KC QC JC TC", "9D TD QD KD AD", "AS KS QS JS TS"],
              "JH JD AH AC 9S": ["9C KC QC JC TC", "9D TD QD KD AD", "AS KS QS JS TS"],
              "JH JD AH QH AC": ["9C KC QC JC TC", "9D TD QD KD AD", "AS KS QS JS TS"]}
    deal = deal_of([north, *others[north]], "KH")
    state = apply_all(game(deal), actions)
    play_in_order(state, deal)
    record = last_hand(state)
    assert record.label == label and state.scores == scores
    assert record.maker == N and record.trump == "H"
    assert state.hand_no == 2 and state.dealer == N


def test_the_makers_take_3_or_4_tricks_for_1_RULES_3_1() -> None:
    state = apply_all(game(THREE_TRUMPS), "order_up pass discard:TS")
    play_in_order(state, THREE_TRUMPS)
    tricks = last_hand(state).tricks
    assert tricks[N] + tricks[S] in (3, 4)
    assert last_hand(state).deltas == (1, 0, 1, 0)


def test_euchred_makers_give_the_defenders_2_RULES_3_1() -> None:
    state = apply_all(game(E_HOLDS_TRUMP), "order_up pass discard:TS")
    play_in_order(state, E_HOLDS_TRUMP)
    assert last_hand(state).label == "euchre" and state.scores == [0, 2, 0, 2]


def test_a_euchred_lone_maker_gives_the_defenders_2_STD_A7() -> None:
    state = apply_all(game(E_HOLDS_TRUMP), "order_up alone discard:TS")
    play_in_order(state, E_HOLDS_TRUMP)
    assert last_hand(state).alone == (N,)
    assert last_hand(state).label == "euchre" and state.scores == [0, 2, 0, 2]


# -- the end of the game (STD-A6, STD-A10) -------------------------------------------------------

def test_a_side_that_reaches_the_target_wins_STD_A10() -> None:
    state = apply_all(game(THREE_TRUMPS, scores=[9, 8, 9, 8]), "order_up pass discard:TS")
    play_in_order(state, THREE_TRUMPS)
    assert state.is_terminal() and state.scores == [10, 8, 10, 8]
    assert state.winners == (N, S)
    assert state.legal_actions() == [] and state.current_player == -1
    assert refuse(state, "pass", R.GAME_OVER) == "the game is over"
    assert len(state.hands_played) == 1


def test_the_defenders_can_win_by_a_euchre_STD_A10() -> None:
    state = apply_all(game(E_HOLDS_TRUMP, scores=[9, 8, 9, 8]), "order_up pass discard:TS")
    play_in_order(state, E_HOLDS_TRUMP)
    assert state.is_terminal() and state.winners == (E, W) and state.scores == [9, 10, 9, 10]


def test_the_game_goes_on_below_the_target_STD_A6() -> None:
    state = apply_all(game(THREE_TRUMPS, scores=[8, 9, 8, 9]), "order_up pass discard:TS")
    play_in_order(state, THREE_TRUMPS)
    assert not state.is_terminal() and state.scores == [9, 9, 9, 9]
    assert state.dealer == N and state.current_player == E and state.phase == "upcard_bidding"


def test_partners_must_start_with_equal_scores() -> None:
    with pytest.raises(ValueError, match="partners"):
        game(THREE_TRUMPS, scores=[1, 0, 0, 0])


def test_random_seeded_games_end_at_the_target_with_the_right_winners_STD_A10() -> None:
    v = variant("standard")
    for seed in range(5):
        state = new_game(v, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_action_ids()))
        assert max(state.scores) >= 10
        top = max(state.scores)
        assert state.winners == tuple(s for s in range(4) if state.scores[s] == top)
        before_last = [s - d for s, d in zip(state.scores, state.hands_played[-1].deltas,
                                            strict=True)]
        assert max(before_last) < 10  # the game ended at the first hand reaching the target


# -- given deals -----------------------------------------------------------------------------------

def test_later_given_deals_follow_the_rotation_RULES_1_4() -> None:
    second = {**THREE_TRUMPS, "dealer": W}
    with pytest.raises(ValueError, match="deal 2 says seat 3 deals, but the deal passes left "
                                         "to seat 0"):
        new_game(variant("standard"), deals=[THREE_TRUMPS, second])
    unnamed = {key: value for key, value in THREE_TRUMPS.items() if key != "dealer"}
    state = new_game(variant("standard"), deals=[THREE_TRUMPS, unnamed])
    apply_all(state, "pass " * 8)
    assert state.dealer == N and C.names(state.hand.hands[N]) == ["9C", "JD", "JH", "AH", "9S"]


def test_a_given_deal_must_hold_the_whole_deck_once() -> None:
    with pytest.raises(ValueError, match="the hand of seat 1 holds 4 cards, not 5"):
        game(deal_of(["JH JD AH 9C 9S", "AC KC QC JC", "9D TD QD KD AD",
                      "AS KS QS JS TS"], "KH"))
    with pytest.raises(ValueError, match="exactly once"):
        game(deal_of(["JH JD AH 9C 9S", "AC KC QC JC JH", "9D TD QD KD AD",
                      "AS KS QS JS TS"], "KH"))
    with pytest.raises(ValueError, match="both"):
        new_game(variant("standard"), deal=THREE_TRUMPS, deals=[THREE_TRUMPS])
