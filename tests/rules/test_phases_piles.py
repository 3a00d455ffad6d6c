"""The `piles` mechanic: cards dealt beside the hands (PILE-A1..A6), on the two test overlays
in tests/data: the two-handed tableau game (each player 4 cards in hand, and in front of him
4 face down with one face up on each, which he plays from; a face-down card turns over when the
card on it is played) and two-handed with each player's own widow of 3, exchanged by each.

The expected cards and points are worked out by hand below from the overlays' rules (the
bowers of hearts are JH and JD; the maker needs his bid of tricks, 7 of 12, and scores the bid).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import load_variant, new_game
from engine.bots.heuristic import HeuristicBot
from engine.core.bot_spec import BotSpec
from engine.core.errors import InvalidArgument, VariantError
from engine.play.record_shape import GameRecord
from engine.play.records import record_of, replay
from engine.rules.results import Deal
from engine.rules.variant import Variant
from engine.sim.simulate import run_games
from engine.sim.stats import Count
from engine.testing.rules import apply_all, names, overlay, play, refuse
from engine.text.rulebook import render_text, rule_book

DATA = Path(__file__).resolve().parents[1] / "data"
TABLEAU = load_variant(DATA / "two-handed-tableau.yaml")
WIDOWS = load_variant(DATA / "two-handed-widows.yaml")
S0, S1 = 0, 1

# Seat 1 deals; seat 0 is eldest. Each tableau column is [face up, face down under it].
# Seat 0: hand JH JD AH KH; columns QH/9D, TH/TD, 9C/QD, AD/KD.
# Seat 1: hand AC KC QC JC; columns AS/9H, KS/TC, QS/9S, JS/TS.  (24 cards, each once.)
DEAL = {"dealer": S1, "hands": [["JH", "JD", "AH", "KH"], ["AC", "KC", "QC", "JC"]],
        "pile_cards": {"tableau": [
            [["QH", "9D"], ["TH", "TD"], ["9C", "QD"], ["AD", "KD"]],
            [["AS", "9H"], ["KS", "TC"], ["QS", "9S"], ["JS", "TS"]]]}}


def _hearts_by_seat_0() -> object:
    state = new_game(TABLEAU, seed=0, deal=DEAL)
    return apply_all(state, "bid:7 pass call:H")


def test_the_face_up_cards_join_the_hand_and_the_face_down_ones_lie_apart() -> None:
    state = new_game(TABLEAU, seed=0, deal=DEAL)
    assert state.phase == "auction" and state.current_player == S0
    # the hand and the four face-up cards; the face-down ones are no card of his yet
    assert names(state.hand.hands[S0]) == {"JH", "JD", "AH", "KH", "QH", "TH", "9C", "AD"}
    assert names(state.view(S0).hand) == names(state.hand.hands[S0])
    # seat 1 sees seat 0's face-up cards, not his hand nor any face-down card
    seen = names(state.view(S1).seen)
    assert seen == {"QH", "TH", "9C", "AD"}
    assert not seen & {"9D", "TD", "QD", "KD", "JH"}
    assert names(state.view(S0).seen) == {"AS", "KS", "QS", "JS"}


def test_a_card_played_from_the_tableau_turns_over_the_card_under_it() -> None:
    state = _hearts_by_seat_0()
    assert state.phase == "play" and state.current_player == S0  # the maker leads
    # T1: JH led; seat 1 holds no heart he can see (9H lies under AS): any card of his
    assert set(state.legal_actions()) >= {"play:JH", "play:QH", "play:AD"}
    play(state, "JH")
    assert set(state.legal_actions()) == {f"play:{c}" for c in
                                          ("AC", "KC", "QC", "JC", "AS", "KS", "QS", "JS")}
    refuse(state, "play:9H")  # face down: not yet his to play
    play(state, "AS")
    assert "9H" in names(state.hand.hands[S1])  # AS played: the 9H turned over
    assert "9H" in names(state.view(S0).seen)
    # T2: the left bower JD is a heart: seat 1 must follow with the 9H he now shows
    play(state, "JD")
    assert state.legal_actions() == ["play:9H"]


def test_the_whole_hand_scores_the_bid_made() -> None:
    # T1 JH-AS, T2 JD-9H, T3 AH-KS, T4 KH-QS, T5 QH-JS, T6 TH-9S, T7 AD-TS, T8 KD-TC,
    # T9 9D-JC, T10 TD-QC: seat 0 wins each (trump, or the suit led with no club or trump
    # against it). T11: seat 0 has only 9C to play (QD under it); seat 1 follows with KC and
    # wins; QD turns over. T12: seat 1 leads AC, seat 0 plays QD: seat 1. Tricks 10 to 2:
    # seat 0 bid 7 and made it (7 <= 10 < 12): +7.
    state = _hearts_by_seat_0()
    play(state, "JH AS | JD 9H | AH KS | KH QS | QH JS | TH 9S | AD TS | KD TC | 9D JC "
                "| TD QC")
    assert state.legal_actions() == ["play:9C"]
    play(state, "9C KC | AC QD")
    hand = state.hands_played[-1]
    assert hand.tricks == (10, 2) and hand.label == "made"
    assert state.scores == [7, 0]


def test_a_replay_of_a_tableau_game_gives_the_same_game() -> None:
    state = new_game(TABLEAU, seed=5)
    while not state.is_terminal() and len(state.hands_played) < 3:
        state.apply(state.legal_actions()[0])
    again = replay(record_of(state))
    assert again.history == state.history and again.scores == state.scores


def test_a_deal_with_its_piles_reads_back() -> None:
    deal = Deal.from_json(TABLEAU, DEAL)
    assert Deal.from_json(TABLEAU, deal.to_json(TABLEAU)) == deal
    assert deal.to_json(TABLEAU)["pile_cards"]["tableau"][1][0] == ["AS", "9H"]
    short = {**DEAL, "pile_cards": {"tableau": [[["QH", "9D"]], []]}}
    with pytest.raises(InvalidArgument, match="tableau of seat 0, column 2"):
        Deal.from_json(TABLEAU, short)


def test_the_rule_book_says_how_the_tableau_lies_and_is_played() -> None:
    text = " ".join(render_text(rule_book(TABLEAU)).split())
    assert "Four cards are dealt face down and four face up on them" in text
    assert "turned face up and may be played in its turn (PILE-A3)" in text
    assert "A hand is then 12 tricks" in text


# -- each seat's own widow ------------------------------------------------------------------

# Seat 1 deals, seat 0 is eldest; upcard 9H. The widows: seat 0's AS KS QS, seat 1's 9S TS JS.
WIDOW_DEAL = {"dealer": S1, "upcard": "9H",
              "hands": [["9C", "TC", "JC", "QC", "KC"], ["9D", "TD", "JD", "QD", "KD"]],
              "pile_cards": {"widow": [["AS", "KS", "QS"], ["9S", "TS", "JS"]]}}


def test_each_seat_sees_his_own_widow_only() -> None:
    state = new_game(WIDOWS, seed=0, deal=WIDOW_DEAL)
    assert names(state.view(S0).seen) == {"AS", "KS", "QS"}
    assert names(state.view(S1).seen) == {"9S", "TS", "JS"}


def test_each_seat_in_turn_exchanges_with_his_own_widow() -> None:
    state = new_game(WIDOWS, seed=0, deal=WIDOW_DEAL)
    apply_all(state, "order_up discard:9D")  # seat 0 orders the 9H up; the dealer takes it
    assert state.phase == "kitty_exchange" and state.current_player == S0
    assert names(state.hand.hands[S0]) == {"9C", "TC", "JC", "QC", "KC", "AS", "KS", "QS"}
    apply_all(state, "discard:9C discard:TC discard:JC")
    assert state.current_player == S1  # then the dealer, with his own
    assert names(state.hand.hands[S1]) >= {"9S", "TS", "JS", "9H"}
    apply_all(state, "discard:TD discard:JD discard:QD")
    assert state.phase == "play"
    assert names(state.view(S1).hand) == {"KD", "9H", "9S", "TS", "JS"}


# -- located errors -------------------------------------------------------------------------

BAD = "extends: two-handed\ndescription: t\nflow: [deal, piles, upcard_bidding, dealer_pickup, " \
      "play, score]\npiles:\n  dealt:\n    - "


@pytest.mark.parametrize(("item", "message"), [
    ("{name: pot, size: 2, face: up, play_from: true}",
     "nobody can play from `pot`: a pile played from belongs to a seat"),
    ("{name: pot, size: 2, owner: seat, under: 2}",
     "the cards under `pot` turn over when the card on them is played"),
    ("{name: pot, size: 2, owner: seat, seen_by: all}", "`pot` lies face down but every seat"),
    ("{name: pot, size: 2, seen_by: owner}", "`pot` belongs to the table"),
    ("{name: kitty, size: 2}", "the pile name `kitty` is taken"),
    # 2 hands of 5, the upcard, and 9 cards in front of each of the 2 seats: 29 of 24
    ("{name: pot, size: 9, owner: seat}", "the deal needs 29 cards"),
])
def test_a_pile_that_cannot_work_is_refused_at_its_line(item: str, message: str) -> None:
    with pytest.raises(VariantError) as caught:
        overlay(BAD + item + "\n")
    assert message in str(caught.value)
    assert "overlay.yaml:6:" in str(caught.value)  # the item's line, in the file written


def test_a_tableau_with_a_phase_that_discards_to_the_hand_size_is_refused() -> None:
    with pytest.raises(VariantError) as caught:
        overlay(BAD.replace("play, score", "play, score") + "{name: t, size: 2, owner: seat, "
                "face: up, play_from: true}\n")
    assert "`dealer_pickup` discards back to a hand's size" in str(caught.value)


# -- the heuristic bot ------------------------------------------------------------------------

@pytest.mark.parametrize("v", [TABLEAU, WIDOWS], ids=["tableau", "widows"])
def test_heuristic_bots_play_the_pile_games_to_their_end(v: Variant) -> None:
    t = run_games(v, seed=22, indices=range(100), bots=[BotSpec(name="heuristic")] * v.players)
    assert t.n[Count.GAMES, None] == 100
    assert t.n[Count.STOPPED_AT_HAND_LIMIT, None] == 0


def test_the_heuristic_counts_on_the_face_down_cards_of_its_tableau() -> None:
    # Seat 0 sees 8 cards (4 in hand, 4 face up) of the 12 it will play; the 4 face-down ones
    # are worth UNSEEN_CARD (0.4) tricks each to its estimate: 1.6 more than the 8 alone.
    state = new_game(TABLEAU, seed=0, deal=DEAL)
    bot = HeuristicBot(TABLEAU, S0, seed=1)
    hand = state.view(S0).hand
    _, seen_only = bot.best_suit(hand, [0])
    assert bot.strength(hand, 0) == pytest.approx(seen_only - 1.6)


TABLE_STOCK = """
extends: two-handed
description: a face-up stock of 3 on the table, taken by the maker.
flow: [deal, piles, upcard_bidding, dealer_pickup, kitty_exchange, play, score]
piles:
  dealt:
    - {name: stock, size: 3, face: up}
kitty_exchange: {source: stock, seat: maker}
"""


def test_a_face_up_pile_of_the_table_is_seen_by_all_and_taken_by_the_maker() -> None:
    v = overlay(TABLE_STOCK)
    deal = {**WIDOW_DEAL, "pile_cards": {"stock": [["AS", "KS", "QS"]]}}
    state = new_game(v, seed=0, deal=deal)
    assert names(state.view(S0).seen) == names(state.view(S1).seen) == {"AS", "KS", "QS"}
    apply_all(state, "pass pass")  # round 2: seat 0 names spades (9H turned down)
    apply_all(state, "call:S")
    assert state.phase == "kitty_exchange" and state.current_player == S0
    assert names(state.hand.hands[S0]) >= {"AS", "KS", "QS"}
    apply_all(state, "discard:9C discard:TC discard:JC")
    assert state.phase == "play" and state.view(S1).seen == 0


SIX_ON_SIX = """
extends: {tableau}
description: a 32-card deck, 4 cards in hand and 6 face down under 6 face up each.
deck: {{size: 32}}
piles:
  dealt:
    - {{name: tableau, owner: seat, size: 6, under: 6, face: up, play_from: true}}
scoring:
  table:
    - {{label: made, when: "makers.tricks >= bid", makers: bid}}
    - {{label: euchre, when: "makers.tricks < bid", defenders: bid}}
"""


def test_a_twelve_card_tableau_beside_a_hand_plays_sixteen_tricks() -> None:
    # 2 x (4 + 12) = 32 cards: the whole deck; each seat plays 4 + 6 + 6 = 16 cards
    v = overlay(SIX_ON_SIX.format(tableau=DATA / "two-handed-tableau.yaml"))
    assert v.deal.hand_size == 16 and v.deal.held == 4
    state = new_game(v, seed=3)
    assert len(names(state.hand.hands[S0])) == 10  # 4 in hand and 6 face up
    while not state.hands_played:
        state.apply(state.legal_actions()[0])
    assert sum(state.hands_played[-1].tricks) == 16


def test_a_tableau_in_a_joker_deck_still_turns_its_cards_over() -> None:
    # 25 cards with the joker: 2 x (4 + 8) = 24 dealt and one left in the kitty
    v = overlay(f"extends: {DATA / 'two-handed-tableau.yaml'}\ndescription: t\n"
                "deck: {size: 24, jokers: 1}\n")
    state = new_game(v, seed=4)
    while not state.hands_played:
        state.apply(state.legal_actions()[-1])
    assert sum(state.hands_played[-1].tricks) == 12


def test_a_record_of_a_given_tableau_deal_replays_from_its_json() -> None:
    state = apply_all(new_game(TABLEAU, seed=0, deal=DEAL), "bid:7 pass call:H play:JH play:AS")
    record = GameRecord.from_json(json.loads(json.dumps(record_of(state).to_json())))
    again = replay(record)
    assert again.history == state.history
    assert names(again.hand.hands[S1]) >= {"9H"}  # turned over again on the replay


def test_euchre_show_and_rules_name_the_piles(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.cli import main  # noqa: PLC0415 - the command line, above the rules layer

    path = str(DATA / "two-handed-widows.yaml")
    assert main(["show", path]) == 0
    shown = capsys.readouterr().out
    assert "\npiles:  # " in shown and "- name: widow" in shown
    assert "seen_by: owner" in shown and "seat: each" in shown
    assert main(["rules", path]) == 0
    words = " ".join(capsys.readouterr().out.split())
    assert "Three cards are dealt face down in front of each player: his widow." in words
    assert "Each player in turn from eldest takes his own widow into his hand" in words
