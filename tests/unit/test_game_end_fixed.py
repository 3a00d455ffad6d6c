"""Game ends by a fixed number of hands (``game.hands``, GAME-A1) and by a losing score
(``game.lose_at``, GAME-A2), through the test overlays ``tests/data/progressive.yaml`` and
``tests/data/bid-euchre-lose-at.yaml``, ``score_hand`` and seeded games.

Sources: party "progressive" Euchre plays a fixed number of hands (8) with no target, the
best score winning; Five Hundred: "A team whose score dips to -500 points or below loses the
game" (Wikipedia, "500 (card game)", score keeping), and a side reaching the target on that
hand wins (GAME-A2). Bid Euchre's scores (BID-A6, BID-A7: a set bid loses the bid, each side
scores its tricks) are worked out by hand in the comments.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine import State, Variant, load_variant, new_game
from engine.core.errors import VariantError
from engine.play.records import read_record, replay, write_record
from engine.sim.stats import stopped_at_hand_limit
from engine.testing.rules import overlay
from engine.text.narrate import Narrator

N, E, S, W = range(4)
DATA = Path(__file__).resolve().parents[1] / "data"
PROGRESSIVE = DATA / "progressive.yaml"
LOSE_AT = DATA / "bid-euchre-lose-at.yaml"


def _variant(path: Path) -> Variant:
    return load_variant(path)


def _play(state: State, seed: int) -> State:
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_action_ids()))
    return state


def _scored(state: State) -> int:
    return sum(1 for record in state.hands_played if record.scored)


# -- a fixed number of hands (GAME-A1) ----------------------------------------------------------

@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_progressive_game_ends_after_exactly_its_8th_hand_the_best_score_winning(
        seed: int) -> None:
    state = _play(new_game(_variant(PROGRESSIVE), seed=seed), seed)
    assert _scored(state) == 8
    north_south, east_west = state.scores[N], state.scores[E]
    assert north_south != east_west  # these seeds end untied
    assert state.winners == ((N, S) if north_south > east_west else (E, W))
    assert not stopped_at_hand_limit(state)


def test_a_progressive_game_ignores_the_target_it_inherits() -> None:
    # Standard's target is 10; a side past it after 6 hands plays on. N-S at 9 make 3 tricks:
    # +1 = 10, the 7th hand of 8: not over. The same hand as the 8th ends the game.
    v = _variant(PROGRESSIVE)
    seventh = v.score_hand(dealer=W, maker=N, tricks=[2, 1, 1, 1], scores=[9, 2, 9, 2],
                           hands_before=6)
    assert seventh.scores == (10, 2, 10, 2) and not seventh.game_over
    eighth = v.score_hand(dealer=W, maker=N, tricks=[2, 1, 1, 1], scores=[9, 2, 9, 2],
                          hands_before=7)
    assert eighth.game_over and eighth.winners == (N, S)


def test_thrown_in_deals_do_not_count_toward_the_hands_GAME_A1() -> None:
    state = new_game(_variant(PROGRESSIVE), seed=11)
    for _ in range(8):  # both rounds of bidding passed: the deal is thrown in
        state.apply("pass")
    assert len(state.hands_played) == 1 and not state.hands_played[0].scored
    _play(state, 11)
    assert _scored(state) == 8 and len(state.hands_played) == 9


def test_a_tie_after_the_last_hand_plays_further_hands_until_it_breaks() -> None:
    # seed 6: 8 hands leave the sides level; the 9th breaks the tie.
    state = _play(new_game(_variant(PROGRESSIVE), seed=6), 6)
    eighth = [r for r in state.hands_played if r.scored][7]
    assert eighth.scores[N] == eighth.scores[E]
    assert _scored(state) == 9 and state.scores[N] != state.scores[E]
    assert state.winners == ((N, S) if state.scores[N] > state.scores[E] else (E, W))


def test_a_tie_after_the_last_hand_can_be_shared() -> None:
    v = overlay(f"extends: {PROGRESSIVE}\ndescription: x\ngame: {{tie: shared}}\n")
    assert v.game_result([5, 5, 5, 5], hands=8) == (True, (N, E, S, W))
    assert v.game_result([5, 5, 5, 5], hands=7) == (False, ())


def test_the_end_after_the_hands_is_said_and_the_score_line_names_no_target() -> None:
    state = _play(new_game(_variant(PROGRESSIVE), seed=0), 0)
    line = Narrator(state.variant).winners_line(state.winners, state.scores, played=8)
    assert "win the game after 8 hands." in line and "(game of 8 hands)" in line


def test_a_progressive_game_saves_resumes_and_replays(tmp_path: Path) -> None:
    rng = random.Random(2)
    state = new_game(_variant(PROGRESSIVE), seed=2)
    while _scored(state) < 3:
        state.apply(rng.choice(state.legal_action_ids()))
    write_record(tmp_path / "part.json", state)
    resumed = replay(read_record(tmp_path / "part.json"))
    _play(resumed, 5)
    assert _scored(resumed) == 8 and resumed.is_terminal()
    write_record(tmp_path / "whole.json", resumed)
    again = replay(read_record(tmp_path / "whole.json"))
    assert again.winners == resumed.winners and again.scores == resumed.scores


# -- a losing score (GAME-A2) --------------------------------------------------------------------

def test_a_side_at_the_losing_score_loses_at_once_and_the_other_side_wins() -> None:
    # E-W bid 5 and take 3: set, -5: -28 - 5 = -33 <= -32; N-S +3 a trick: 13.
    result = _variant(LOSE_AT).score_hand(dealer=N, maker=E, tricks=[2, 2, 1, 1],
                                          scores=[10, -28, 10, -28], bid=5)
    assert result.scores == (13, -33, 13, -33)
    assert result.game_over and result.winners == (N, S)


def test_a_side_just_above_the_losing_score_plays_on() -> None:
    # E-W at -26 set at 5: -31, above -32.
    result = _variant(LOSE_AT).score_hand(dealer=N, maker=E, tricks=[2, 2, 1, 1],
                                          scores=[10, -26, 10, -26], bid=5)
    assert result.scores == (13, -31, 13, -31) and not result.game_over


def test_exactly_the_losing_score_loses() -> None:
    # E-W at -27 set at 5: -32, at the threshold ("-500 or below").
    result = _variant(LOSE_AT).score_hand(dealer=N, maker=E, tricks=[2, 2, 1, 1],
                                          scores=[10, -27, 10, -27], bid=5)
    assert result.scores == (13, -32, 13, -32) and result.winners == (N, S)


def test_reaching_the_target_and_the_losing_score_on_one_hand_the_target_wins() -> None:
    # N-S at 29 set E-W's bid of 5: N-S 32 (the target, by a contract result, BID-A7), E-W
    # -33: N-S win at the target, and the end is told as a win at the target.
    v = _variant(LOSE_AT)
    result = v.score_hand(dealer=N, maker=E, tricks=[2, 2, 1, 1], scores=[29, -28, 29, -28],
                          bid=5)
    assert result.scores == (32, -33, 32, -33) and result.winners == (N, S)
    line = Narrator(v).winners_line(result.winners, result.scores, played=12)
    assert "went down" not in line and "North-South win the game. Final" in line


@pytest.mark.parametrize("seed", [1, 8])
def test_a_seeded_game_ends_at_the_first_hand_a_side_is_at_or_below_minus_32(
        seed: int) -> None:
    state = _play(new_game(_variant(LOSE_AT), seed=seed), seed)
    lows = [min(r.scores[N], r.scores[E]) for r in state.hands_played if r.scored]
    first = next(i for i, low in enumerate(lows) if low <= -32)
    assert first == len(lows) - 1  # the game stopped at that hand, not before, not after
    loser = N if state.scores[N] <= -32 else E
    assert state.winners == ((E, W) if loser == N else (N, S))
    assert not stopped_at_hand_limit(state)
    line = Narrator(state.variant).winners_line(state.winners, state.scores, played=len(lows))
    assert f"went down to {state.scores[loser]} (at -32 or below the game is lost)" in line


def test_with_more_sides_the_best_of_the_others_wins_shared_if_tied() -> None:
    # Three players each for himself (cutthroat), a euchred maker -2, losing at -5.
    v = overlay("""
extends: cutthroat
description: cutthroat where a euchred maker loses 2, and -5 loses the game
scoring:
  table:
    - {label: made, when: "3 <= makers.tricks <= 4", makers: 1}
    - {label: march, when: "makers.tricks == 5", makers: 3}
    - {label: euchre, when: "makers.tricks <= 2", makers: -2, defenders: 2}
game: {lose_at: -5}
""")
    assert v.game_result([3, -5, 1]) == (True, (0,))  # seat 1 down, seat 0 best of the rest
    assert v.game_result([3, -5, 3]) == (True, (0, 2))  # the best of the rest shared
    assert v.game_result([-6, -5, -7]) == (True, (1,))  # all down: the best of all
    assert v.game_result([3, -4, 3]) == (False, ())


# -- located errors ------------------------------------------------------------------------------

def _error(text: str) -> VariantError:
    with pytest.raises(VariantError) as caught:
        overlay(text)
    return caught.value


@pytest.mark.parametrize(("game", "line", "wanted", "hint"), [
    ("  hands: 0\n", 4, "it must be at least 1", "fixed number of hands"),
    ("  hands: 20\n  max_hands: 10\n", 4, "cannot last 20 hands", "raise `max_hands` to 20"),
    ("  target: 11\n  hands: 8\n", 5, "has no target, but the file sets `target`",
     "remove `target`"),
    ("  hands: 8\n  win: reach\n", 4, "`win` (who may win at the target) cannot apply",
     "remove `win`"),
    ("  hands: 8\n  match: {laps: true}\n", 5, "a game of 8 hands has none", "remove `match`"),
    ("  lose_at: 5\n", 4, "losing score (5) must be below the starting score (0)",
     "e.g. `lose_at: -500`"),
    ("  lose_at: 0\n", 4, "must be below the starting score", "a score below 0"),
])
def test_bad_game_ends_are_located_errors_with_a_hint(game: str, line: int, wanted: str,
                                                      hint: str) -> None:
    error = _error(f"extends: standard\ndescription: x\ngame:\n{game}")
    assert error.location is not None and error.location.line == line
    assert error.location.file.endswith("overlay.yaml")
    assert wanted in error.message and hint in error.hint


def test_a_countdown_with_a_losing_score_is_refused() -> None:
    error = _error("extends: buck-euchre\ndescription: x\ngame:\n  lose_at: -5\n")
    assert error.location is not None and error.location.line == 4
    assert "no losing score" in error.message and "remove `lose_at`" in error.hint


def test_hands_in_a_child_override_an_inherited_target_and_win() -> None:
    v = overlay("extends: bid-euchre\ndescription: x\ngame: {hands: 4}\n")
    assert v.game.hands == 4 and v.game.win == "reach"
    assert v.game_result([60, 0, 60, 0], hands=3) == (False, ())
