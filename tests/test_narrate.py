"""engine.narrate: seat names (RULES.md 0), sorted hands, one-line actions, hand summaries,
and that a seat's view text holds only what that seat may see."""

from __future__ import annotations

import doctest

import pytest

from engine import cards as C
from engine import load_variant, narrate, new_game
from engine.narrate import After, Narrator, hand_text, seat_names, sorted_hand


def codes(cards: list[int]) -> list[str]:
    return [C.card_name(c) for c in cards]


@pytest.mark.parametrize(("players", "names"), [
    (2, ("P1", "P2")),
    (3, ("A", "B", "C")),
    (4, ("North", "East", "South", "West")),
    (5, ("Seat 0", "Seat 1", "Seat 2", "Seat 3", "Seat 4")),
])
def test_seat_names_follow_rules_section_0(players: int, names: tuple[str, ...]) -> None:
    assert seat_names(players) == names


def test_trump_comes_first_with_joker_right_then_left_bower() -> None:
    hand = C.mask_of(["9C", "JD", "AH", "JH", "TS", "JK", "QD"])
    assert codes(sorted_hand(hand, C.HEARTS)) == ["JK", "JH", "JD", "AH", "9C", "QD", "TS"]


def test_left_bower_sits_with_its_printed_suit_before_trump_is_named() -> None:
    hand = C.mask_of(["JD", "QD", "AH", "9H"])
    assert codes(sorted_hand(hand)) == ["AH", "9H", "QD", "JD"]


def test_suits_alternate_in_colour_after_trump() -> None:
    hand = C.mask_of(["9C", "9D", "9H", "9S"])
    assert codes(sorted_hand(hand, C.CLUBS)) == ["9C", "9D", "9S", "9H"]


def test_hand_text_uses_suit_symbols_and_separates_suits() -> None:
    assert hand_text(C.mask_of(["TH", "AH", "9C"]), C.HEARTS) == "A♥ 10♥  9♣"
    assert hand_text(0) == "(no cards)"


@pytest.mark.parametrize(("variant", "seat", "action", "phase", "text"), [
    ("standard", 1, "order_up", "upcard_bidding", "East orders up"),
    ("standard", 2, "alone", "go_alone", "South goes alone"),
    ("standard", 2, "pass", "go_alone", "South does not go alone"),
    ("standard", 3, "pass", "upcard_bidding", "West passes"),
    ("standard", 3, "call:S", "upcard_bidding", "West names spades ♠ as trump"),
    ("standard", 2, "play:JH", "play", "South plays J♥"),
    ("standard", 2, "play:TD", "play", "South plays 10♦"),
    ("ghost-hand", 0, "swap", "auction", "A swaps for the ghost hand"),
    ("ghost-hand", 1, "bid:4", "auction", "B bids 4"),
    ("ghost-hand", 2, "bid:moon", "auction", "C bids moon"),
    ("cutthroat", 0, "merge", "dummy_merge", "A takes the dummy into the hand"),
    ("cutthroat", 0, "keep", "dummy_merge", "A leaves the dummy"),
])
def test_each_action_reads_as_one_line(variant: str, seat: int, action: str, phase: str,
                                       text: str) -> None:
    assert Narrator(load_variant(variant)).action(seat, action, phase=phase) == text


def test_a_discard_names_the_card_only_to_its_owner_or_a_record() -> None:
    n = Narrator(load_variant("standard"))
    assert n.action(0, "discard:9C", viewer=1) == "North discards"
    assert n.action(0, "discard:9C", viewer=0) == "North discards 9♣"
    assert n.action(0, "discard:9C", reveal=True) == "North discards 9♣"
    assert n.action(0, "discard") == "North discards"


def test_the_human_seat_is_marked_you() -> None:
    n = Narrator(load_variant("standard"), you=2)
    assert n.action(2, "pass") == "South (you) passes"


def test_score_line_names_partnerships_and_the_target() -> None:
    n = Narrator(load_variant("standard"))
    assert n.score_line([4, 6, 4, 6]) == "North-South 4, East-West 6 (game to 10)"


def test_hand_summary_of_a_thrown_in_deal() -> None:
    n = Narrator(load_variant("standard"))
    record = {"hand": 3, "dealer": 3, "thrown_in": "all passed", "deltas": [0] * 4,
              "scores": [0] * 4}
    assert n.hand_summary(record) == "Hand 3, dealer West: thrown in (all passed); no score."


def test_hand_summary_of_a_lone_march() -> None:
    n = Narrator(load_variant("standard"))
    record = {"hand": 1, "dealer": 0, "maker": 1, "trump": "H", "bid": None, "alone": [1],
              "tricks": [0, 5, 0, 0], "label": "lone_march", "deltas": [0, 4, 0, 4],
              "scores": [0, 4, 0, 4], "reneges": [], "swapped": None}
    assert n.hand_summary(record) == (
        "Hand 1, dealer North: East made hearts ♥ trump (East alone); the makers took 5 of "
        "5 tricks: lone_march. East-West +4. Score: North-South 0, East-West 4 (game to 10)")


def test_winners_line_names_the_winning_partnership() -> None:
    n = Narrator(load_variant("standard"))
    assert n.winners_line((1, 3), [7, 10, 7, 10]).startswith("East-West win the game.")
    n3 = Narrator(load_variant("cutthroat"))
    assert n3.winners_line((1,), [3, 10, 5]).startswith("B wins the game.")


def test_view_text_never_shows_the_ghost_hand_or_other_seats_cards() -> None:
    variant = load_variant("ghost-hand")
    state = new_game(variant, seed=11)
    seat = state.current_player
    text = "\n".join(Narrator(variant).view_lines(state.view(seat)))
    own = state.hands[seat]
    for c in C.cards_of(variant.deck.mask & ~own):
        assert f" {C.pretty(c)}" not in text, C.card_name(c)
    assert "The ghost hand: 6 cards, face down" in text


def test_a_finished_trick_is_announced_with_its_winner_the_left_bower_here() -> None:
    variant = load_variant("standard")
    deal = {"dealer": 3, "hands": [["9C", "TC", "JC", "QC", "KC"], ["9D", "TD", "JD", "QD", "KD"],
                                   ["9H", "TH", "JH", "QH", "KH"], ["9S", "TS", "JS", "QS", "KS"]],
            "upcard": "AC"}
    state = new_game(variant, seed=1, deal=deal)
    for action in ["order_up", "pass", "discard:AC", "play:KC", "play:9D", "play:9H"]:
        state.apply(action)
    was = After.before(state, "play:JS")
    state.apply("play:JS")
    assert Narrator(variant).after(was, state) == [
        "Trick 1 to West: North K♣, East 9♦, South 9♥, West J♠"]


def test_the_module_doctests_run() -> None:
    result = doctest.testmod(narrate)
    assert result.attempted > 0 and result.failed == 0
