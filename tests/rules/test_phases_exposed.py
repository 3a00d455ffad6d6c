"""Exposed lone hands (``go_alone.exposed``, STD-A17), from a fixed deal on a `standard`
overlay: a lone maker's hand lies face up, the opponent at his left chooses each of its cards,
and the table scores it by its own `exposed` rows.

Seats are numbered clockwise 0..3 (N E S W); partners are 0-2 and 1-3; W deals, N is eldest.
Expected points are worked out by hand, in the comments.
"""

from __future__ import annotations

from engine import State, new_game
from engine.bots.heuristic import HeuristicBot
from engine.core import cards as C
from engine.core.errors import Refusal as R
from engine.mechanics.events import CardPlayed
from engine.mechanics.play_exposed import ExposedView
from engine.testing.rules import apply_all, last_hand, overlay, play, refuse, variant
from engine.text.narrate import Narrator
from engine.text.rulebook import render_text, rule_book

N, E, S, W = range(4)

EXPOSED = overlay("""extends: standard
description: lone hands are played exposed
go_alone:
  exposed: true
scoring:
  table:
    - {label: made, when: "3 <= makers.tricks <= 4", makers: 1}
    - {label: march, when: "makers.tricks == 5 and not alone", makers: 2}
    - {label: exposed_march, when: "makers.tricks == 5 and exposed", makers: 8}
    - {label: euchre, when: "makers.tricks <= 2", defenders: 2}
""")
# The upcard is the TH; E holds the five best hearts (JD the left bower).
DEAL = {"dealer": W, "upcard": "TH",
        "hands": [h.split() for h in ("9C TC 9D TD 9S", "JH JD AH KH QH",
                                      "AC KC QC JC AD", "AS KS QS JS TS")]}
E_HAND = {"JH", "JD", "AH", "KH", "QH"}


def _alone(v: object = EXPOSED) -> State:
    # N passes, E orders up his partner W (the dealer) and goes alone: W sits out.
    return apply_all(new_game(v, seed=0, deal=DEAL), "pass order_up alone")  # type: ignore[arg-type]


def test_the_opponent_at_the_loners_left_chooses_his_card_STD_A17() -> None:
    state = _alone()
    assert state.current_player == N  # eldest leads as usual
    play(state, "9C")
    # E is void in clubs: S (E's left) acts and may choose any of E's five hearts.
    assert state.current_player == S
    assert {a[len("play:"):] for a in state.legal_actions()} == E_HAND
    assert "not in the exposed hand" in refuse(state, "play:AC", R.NOT_IN_HAND)  # S's own card
    play(state, "QH")
    assert state.hand.trick_seats == [N, E] and state.current_player == S
    assert "AC" in state.view(S).hand_codes  # now S plays his own card
    assert set(state.view(E).hand_codes) == E_HAND - {"QH"}


def test_every_seat_sees_the_exposed_hand_STD_A17() -> None:
    state = _alone()
    for seat in (N, S, W, E):
        view = state.view(seat)
        part = ExposedView.of(view)
        assert part.exposed == E and set(C.names(part.exposed_hand)) == E_HAND
    plain = apply_all(new_game(variant("standard"), seed=0, deal=DEAL), "pass order_up alone")
    assert ExposedView.find(plain.view(N)) is None and plain.view(N).seen == 0


def test_an_exposed_march_scores_its_own_row_8_STD_A17() -> None:
    # E's five trumps take every trick whatever S chooses: trick 1 N 9C, E QH, S AC; then E
    # leads each trick (chosen by S), S and N follow. Exposed march: 8 to E-W.
    state = _alone()
    play(state, "9C QH AC  JH KC TC  JD QC TD  AH JC 9D  KH AD 9S")
    record = last_hand(state)
    assert record.tricks == (0, 5, 0, 0) and record.label == "exposed_march"
    assert state.scores == [0, 8, 0, 8]


def test_the_choosing_bot_plays_the_loners_weakest_card_STD_A17() -> None:
    # Clubs led: every heart of E's trumps; the lowest of his trumps is the QH.
    state = play(_alone(), "9C")
    action = HeuristicBot(EXPOSED, S, seed=0).act(state)
    assert state.action_name(action) == "play:QH"


def test_the_rule_book_says_the_hand_is_exposed_STD_A17() -> None:
    text = " ".join(render_text(rule_book(EXPOSED)).split())
    assert "lays his hand face up" in text and "STD-A17" in text


def test_narration_names_the_exposed_hand_as_the_owner_of_the_card_chosen_STD_A17() -> None:
    state = _alone()
    narrator = Narrator(EXPOSED)
    play(state, "9C")
    # S chooses E's QH: the action line says whose card it is, and the trick line gives the
    # card to E (the seat that plays it), not to S
    actor = state.current_player
    events = state.apply("play:QH")
    assert actor == S and events[0] == CardPlayed(seat=E, card=C.card("QH"), winner=E, by=S)
    assert narrator.action_line(events[0]) == "South plays Q♥ from East's exposed hand"
    events = state.apply("play:AC")  # S's own card finishes the trick (W sits out)
    assert narrator.action_line(events[0]) == "South plays A♣"
    # QH trumps the clubs: the trick is E's, and his card is shown as his
    assert narrator.after(events) == ["Trick 1 to East: North 9♣, East Q♥, South A♣"]
