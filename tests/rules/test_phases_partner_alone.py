"""The maker's partner takes the hand over (``go_alone.partner``, ALONE-A1), from a fixed deal
on a `standard` overlay.

Rule (docs/ambiguities.md ALONE-A1): when the maker declines to go alone, his partner may
announce that he plays alone in the maker's place ("I take it from you"); the maker lays his
cards face down and sits out, and the hand scores as a lone hand (`alone` true), with
`partner_alone` true for rows of its own.

Seats are numbered clockwise 0..3 (N E S W); partners are 0-2 and 1-3; W deals, N is eldest.
Expected points are worked out by hand from the standard table (STD: a lone march scores 4).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine import State, load_variant, new_game, shipped_names
from engine.batch.forms import missing
from engine.bots.heuristic import HeuristicBot
from engine.core import cards as C
from engine.core.errors import InvalidArgument, VariantError
from engine.mechanics.go_alone import GoAloneRules
from engine.testing.rules import apply_all, last_hand, overlay, play
from engine.text.narrate import Narrator
from engine.text.rulebook import render_text, rule_book
from tests.conformance.test_conformance import bold_and_passive, play_checked

N, E, S, W = range(4)

TAKEOVER = overlay("""extends: standard
description: the maker's partner may take the hand over
go_alone:
  partner: true
""")
ROW = overlay("""extends: standard
description: the maker's partner may take the hand over; his march scores 3
go_alone:
  partner: true
scoring:
  rows:
    lone_march: {when: "makers.tricks == 5 and alone and not partner_alone"}
  add:
    - {label: partner_march, when: "makers.tricks == 5 and partner_alone", makers: 3,
       before: lone_march}
""")
# Upcard TH: N (eldest) orders it up with a weak hand; S, his partner, holds the five best
# hearts (JD the left bower). Left in the stock: 9S KD QD.
DEAL = {"dealer": W, "upcard": "TH",
        "hands": [h.split() for h in ("9H TC 9C 9D TD", "AC KC QC JC AD",
                                      "JH JD AH KH QH", "AS KS QS JS TS")]}
N_HAND = {"9H", "TC", "9C", "9D", "TD"}
# N sits out: E (left of the dealer after N) leads; S trumps each club and leads trumps.
TRICKS = "AC QH JS | JH TH KC | JD QS QC | AH KS JC | KH AS AD"


def _taken_over(v: object = TAKEOVER) -> State:
    # N orders up, does not go alone; S takes it from him; W picks up the TH, discards TS.
    return apply_all(new_game(v, seed=0, deal=DEAL),  # type: ignore[arg-type]
                     "order_up pass alone discard:TS")


def test_the_partner_is_asked_after_the_maker_passes_ALONE_A1() -> None:
    state = apply_all(new_game(TAKEOVER, seed=0, deal=DEAL), "order_up pass")
    assert state.current_player == S and state.hand.maker == N
    assert sorted(state.legal_actions()) == ["alone", "pass"]
    state.apply("alone")
    assert state.hand.alone == [S] and state.view(E).sitting_out == (N,)


def test_the_maker_sits_out_and_the_partners_march_scores_a_lone_4_ALONE_A1() -> None:
    state = _taken_over()
    assert state.current_player == E  # N, eldest, sits out: the next seat leads
    play(state, TRICKS)
    record = last_hand(state)
    # every trick went E, S, W: N never played, and his five cards are still in his hand
    assert record.tricks == (0, 0, 5, 0) and record.maker == N and record.alone == (S,)
    assert record.label == "lone_march" and state.scores == [4, 0, 4, 0]  # STD lone march


def test_the_sitting_out_maker_plays_no_card_ALONE_A1() -> None:
    state = _taken_over()
    seen: list[int] = []
    for card in TRICKS.replace("|", " ").split():
        seen.append(state.current_player)
        state.apply(f"play:{card}")
        if len(seen) == 12:  # four tricks in: N still holds his five cards, unplayed
            assert set(C.names(state.hand.hands[N])) == N_HAND
    assert N not in seen and seen[:3] == [E, S, W]


def test_a_row_of_its_own_reads_partner_alone_ALONE_A1() -> None:
    state = play(_taken_over(ROW), TRICKS)
    record = last_hand(state)
    assert record.label == "partner_march" and state.scores == [3, 0, 3, 0]
    # a lone maker still scores the lone march (4): partner_alone is false for him
    plain = apply_all(new_game(ROW, seed=0, deal={**DEAL, "hands": [
        DEAL["hands"][2], DEAL["hands"][1], DEAL["hands"][0], DEAL["hands"][3]]}),
        "order_up alone discard:TS")
    assert plain.hand.alone == [N]
    play(plain, "JH KC TH | JD QC QS | AH JC KS | KH AC AS | QH AD JS")  # N leads, E, W
    assert last_hand(plain).label == "lone_march" and plain.scores == [4, 0, 4, 0]


def test_nobody_sees_the_sitting_out_makers_cards_ALONE_A1() -> None:
    state = _taken_over()
    hidden = C.mask_of(N_HAND)
    for seat in (E, S, W):
        view = state.view(seat)
        assert not view.hand & hidden and not view.seen & hidden
        for event in state.events_for(seat):
            assert not event.shows() & hidden
    assert set(state.view(N).hand_codes) == N_HAND  # his own, face down before him


def test_narration_says_who_took_it_from_whom_ALONE_A1() -> None:
    state = apply_all(new_game(TAKEOVER, seed=0, deal=DEAL), "order_up pass")
    events = state.apply("alone")
    lines = Narrator(TAKEOVER).after(events)
    assert "South takes it alone from North." in lines
    assert "North sits out this hand." in lines


def test_the_rule_book_names_the_takeover_ALONE_A1() -> None:
    text = " ".join(render_text(rule_book(TAKEOVER)).split())
    assert "his partner may take the hand over" in text and "ALONE-A1" in text
    assert "take the hand over" not in " ".join(render_text(rule_book(
        load_variant("standard"))).split())


def test_the_heuristic_partner_takes_over_with_a_lone_hand_ALONE_A1() -> None:
    state = apply_all(new_game(TAKEOVER, seed=0, deal=DEAL), "order_up")
    assert state.action_name(HeuristicBot(TAKEOVER, N, seed=0).act(state)) == "pass"
    state.apply("pass")
    assert state.action_name(HeuristicBot(TAKEOVER, S, seed=0).act(state)) == "alone"


@pytest.mark.parametrize(("body", "line", "words"), [
    ("extends: standard\ngo_alone:\n  maker: false\n  partner: true\n", 4,
     "only take the hand over when the maker may go alone"),
    ("extends: cutthroat\ngo_alone:\n  partner: true\n", 3, "in teams of two"),
])
def test_a_takeover_that_makes_no_sense_is_a_located_error_ALONE_A1(
        tmp_path: Path, body: str, line: int, words: str) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(f"description: a house rule\n{body}", encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        load_variant(path)
    text = str(caught.value)
    assert f"house.yaml:{line + 1}:" in text and words in text and "hint" in text.lower()


def test_the_option_is_off_in_every_shipped_variant_ALONE_A1() -> None:
    for name in shipped_names():
        rules = load_variant(name).rules(GoAloneRules)
        assert rules is None or rules.partner is False, name


def test_the_batch_engine_plays_the_takeover_but_not_beside_calling_for_best_ALONE_A1() -> None:
    # the takeover has a batch form (tests/batch/test_batch_partner_alone.py); beside
    # Railroad's calling for the partner's best, whose caller is the lone maker, it has none
    assert missing(TAKEOVER) is None and missing(ROW) is None
    railroad = overlay("extends: railroad-no-laps\ndescription: a takeover beside calling for "
                       "best\ngo_alone: {partner: true}\n")
    reason = missing(railroad)
    assert reason is not None and "taken over by the maker's partner beside `pass_cards`" in reason


@pytest.mark.parametrize("seed", range(6))
def test_the_conformance_harness_holds_over_the_overlay_ALONE_A1(seed: int) -> None:
    # odd seeds use the chooser that passes and goes alone often (the partner takes over)
    rng = random.Random(f"takeover/{seed}")
    choose = bold_and_passive(rng) if seed % 2 else rng.choice
    checker = play_checked(new_game(ROW, seed=seed), choose, rng)
    assert checker.count > 0


def test_random_play_reaches_takeovers_and_plays_them_legally_ALONE_A1() -> None:
    rng = random.Random("takeover/random")
    state = new_game(ROW, seed=3)
    play_checked(state, rng.choice, rng)
    taken = [r for r in state.hands_played if r.alone and r.maker >= 0
             and r.maker not in r.alone and r.alone[0] % 2 == r.maker % 2]
    assert taken, "no hand was taken over"
    for record in taken:
        assert record.tricks[record.maker] == 0  # the maker sat out


def test_score_hand_scores_a_taken_over_hand_ALONE_A1() -> None:
    # S played alone in N's place and took all five: a lone march, 4 (standard), or the
    # overlay's own partner_march row, 3; N sits out.
    hand = {"dealer": W, "maker": N, "tricks": [0, 0, 5, 0], "scores": [0] * 4, "alone": [S],
            "sitting_out": [N]}
    assert TAKEOVER.score_hand(**hand).deltas == (4, 0, 4, 0)  # type: ignore[arg-type]
    scored = ROW.score_hand(**hand)  # type: ignore[arg-type]
    assert scored.deltas == (3, 0, 3, 0) and scored.label == "partner_march"
    with pytest.raises(InvalidArgument, match="only the maker of his side may go alone"):
        load_variant("standard").score_hand(**hand)  # type: ignore[arg-type]
