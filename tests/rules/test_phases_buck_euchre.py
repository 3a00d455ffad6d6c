"""The rules of Buck Euchre (`euchre rules buck-euchre`), from fixed deals and through
``Variant.score_hand``: dirty clubs (a club upcard is trump with no bidding and no maker,
BUCK-A2), staying in or dropping out (BUCK-A4, BUCK-A8), every other player dropping
(BUCK-A6), all passing twice (a no-trump hand, BUCK-A5), and the scoring table.

Seats are numbered clockwise 0..3 (N E S W); W deals in every deal here, so N is eldest.
Each player scores for himself. Expected points come from the game's scoring (BUCK-A1..A4):
a player who meets his requirement (the maker 3 tricks, a player who stays in 1) loses 1
point per trick taken; one who fails it is "bucked" and gains 5 (a bucked maker only gains
5, BUCK-A3); one who dropped out scores 0. In a hand without a maker everyone needs 1 trick.
"""

from __future__ import annotations

import pytest

from engine import State, new_game
from engine.bots.heuristic import HeuristicBot
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.mechanics.stay_or_drop import StayOrDropResult
from engine.sim.simulate import simulate
from engine.testing.rules import apply_all, last_hand, names, overlay, play, refuse, variant

N, E, S, W = range(4)


def deal_of(hands: str, upcard: str) -> dict[str, object]:
    """W deals; ``hands`` is the four hands N E S W separated by ``|``."""
    return {"dealer": W, "upcard": upcard,
            "hands": [hand.split() for hand in hands.split("|")]}


# The upcard is the 9C: clubs are trump (right JC, left JS). N holds the bowers and AC, E the
# KC QC TC, W only the 9C he takes up. The kitty is JD JH AH.
DIRTY = deal_of("JC JS AC AD 9H | KC QC TC KD KH | 9D TD QD TH QH | 9S TS QS KS AS", "9C")
# The upcard is the AD. N holds the diamond bowers, KD and QD, and the AS; E holds nothing
# that can take a trick; S the clubs and two high hearts; W the TD 9D and spades. The kitty is
# QH JC JS.
DIAMONDS = deal_of("JD JH KD QD AS | 9C TC 9S TS 9H | AC KC QC AH KH | TD 9D QS KS TH", "AD")


def game(deal: dict[str, object]) -> State:
    return new_game(variant("buck-euchre"), seed=0, deal=deal)


# -- dirty clubs -----------------------------------------------------------------------------

def test_a_club_upcard_is_trump_with_no_bidding_and_no_maker_BUCK_A2() -> None:
    state = game(DIRTY)
    assert state.hand.trump == C.parse_suit("C") and state.hand.maker == -1
    # nobody bids: the dealer has already taken the club and must discard
    assert state.phase == "dealer_pickup" and state.current_player == W
    assert "9C" in names(state.hand.hands[W])
    assert refuse(state, "pass")  # no bidding, no passing
    apply_all(state, "discard:9S")
    # nobody may drop out: the tricks start at once, eldest leads
    assert state.phase == "play" and state.current_player == N
    assert state.hand.inactive == 0


def test_dirty_clubs_played_out_a_player_with_no_trick_is_bucked_BUCK_A5() -> None:
    state = apply_all(game(DIRTY), "discard:9S")
    # N draws trumps with the bowers and the AC, cashes the AD; E's KH takes the last trick.
    play(state, "JC TC 9D 9C | JS QC TD TS | AC KC QD QS | AD KD TH KS | 9H KH QH AS")
    record = last_hand(state)
    assert record.maker == -1 and record.trump == "C" and record.label == "no_maker"
    assert record.tricks == (4, 1, 0, 0)
    # every player for himself, each needs a trick: N -4, E -1, S and W bucked +5
    assert record.deltas == (-4, -1, 5, 5)
    assert not record.made and not record.has_maker


# -- staying in or dropping out --------------------------------------------------------------

def test_after_the_exchange_each_other_player_stays_or_drops_from_the_makers_left_BUCK_A8(
) -> None:
    state = apply_all(game(DIAMONDS), "order_up discard:TH")  # N orders up, W takes the AD
    assert state.phase == "stay_or_drop"
    assert state.legal_actions() == ["stay", "drop"]
    asked = []
    for answer in ("drop", "stay", "stay"):
        asked.append(state.current_player)
        state.apply(answer)
    assert asked == [E, S, W]  # clockwise from the maker's left; the maker is not asked
    assert state.phase == "play" and state.current_player == N


def test_a_player_who_drops_lays_his_hand_down_and_play_skips_him_BUCK_A4() -> None:
    state = apply_all(game(DIAMONDS), "order_up discard:TH drop stay stay")
    h = state.hand
    assert h.hands[E] == 0 and names(h.dead) == {"9C", "TC", "9S", "TS", "9H"}
    assert not h.active(E)
    # three cards a trick: N, S, W (E skipped: he holds nothing, so a turn of his would
    # refuse the next card); W's AD takes the KD, W leads back a spade
    play(state, "JD QC 9D | JH KC TD | KD AC AD | KS AS KH | QD AH QS")
    record = last_hand(state)
    assert record.tricks == (4, 0, 0, 1)
    assert record.part(StayOrDropResult) == StayOrDropResult(dropped=(E,))
    # N made (4 tricks): -4; E dropped: 0; S stayed, no trick: bucked +5; W stayed, 1: -1
    assert record.label == "made" and record.deltas == (-4, 0, 5, -1)


def test_when_every_other_player_drops_the_maker_is_credited_five_tricks_BUCK_A6() -> None:
    state = apply_all(game(DIAMONDS), "order_up discard:TH drop drop drop")
    record = last_hand(state)  # the hand is over without a card played
    assert record.tricks == (5, 0, 0, 0)
    assert record.part(StayOrDropResult) == StayOrDropResult(dropped=(E, S, W))
    assert record.deltas == (-5, 0, 0, 0)  # five tricks taken: -5; the others dropped: 0
    assert state.hand_no == 2


# -- all pass twice --------------------------------------------------------------------------

def test_when_all_pass_twice_the_hand_is_played_at_no_trump_with_no_maker_BUCK_A5() -> None:
    state = apply_all(game(DIAMONDS), " ".join(["pass"] * 8))
    h = state.hand
    assert h.trump == C.NO_TRUMP and h.maker == -1
    assert state.phase == "play" and state.current_player == N  # nobody asked to drop
    # Without trump the jacks are plain: N's AS, KD, QD and JD hold; S's KH takes the last.
    play(state, "AS 9S AC KS | KD 9C QC TD | QD TC KC 9D | JD TS AH QS | JH 9H KH TH")
    record = last_hand(state)
    assert record.trump == "N" and record.maker == -1 and record.label == "no_maker"
    assert record.tricks == (4, 0, 1, 0)
    assert record.deltas == (-4, 5, -1, 5)  # everyone needs a trick: E and W are bucked


def test_round_2_may_name_no_trump_and_its_maker_faces_stay_or_drop_STD_A12() -> None:
    state = apply_all(game(DIAMONDS), "pass pass pass pass")  # round 1: all pass
    assert "call:N" in state.legal_actions()
    apply_all(state, "call:N")  # N names no-trump: he is its maker
    assert state.hand.trump == C.NO_TRUMP and state.hand.maker == N
    assert state.phase == "stay_or_drop" and state.current_player == E


def test_all_pass_throw_in_stays_the_default_of_upcard_bidding() -> None:
    stick = overlay("extends: buck-euchre\ndescription: redeal\n"
                    "upcard_bidding: {all_pass: throw_in}\n")
    state = apply_all(new_game(stick, seed=0, deal=DIAMONDS), " ".join(["pass"] * 8))
    assert last_hand(state).thrown_in == "all passed"


# -- the scoring table, row by row -------------------------------------------------------------

@pytest.mark.parametrize(("maker", "tricks", "label", "deltas"), [
    (N, (3, 1, 1, 0), "made", (-3, -1, -1, 5)),    # maker 3: -3; stayers -1; no trick +5
    (N, (5, 0, 0, 0), "made", (-5, 5, 5, 5)),      # a march: -5; everyone else bucked
    (E, (1, 4, 0, 0), "made", (-1, -4, 5, 5)),
    (N, (2, 1, 1, 1), "bucked", (5, -1, -1, -1)),  # maker 2: bucked, +5 only (BUCK-A3)
    (S, (2, 3, 0, 0), "bucked", (-2, -3, 5, 5)),   # maker S took none: +5
    (-1, (2, 1, 1, 1), "no_maker", (-2, -1, -1, -1)),  # no maker: each needs one trick
    (-1, (3, 2, 0, 0), "no_maker", (-3, -2, 5, 5)),
])
def test_the_buck_scoring_table_BUCK_A3(maker: int, tricks: tuple[int, ...], label: str,
                                        deltas: tuple[int, ...]) -> None:
    result = variant("buck-euchre").score_hand(dealer=W, maker=maker, tricks=list(tricks),
                                               scores=[25, 25, 25, 25])
    assert result.label == label and result.deltas == deltas


@pytest.mark.parametrize(("maker", "tricks", "out", "label", "deltas"), [
    (N, (3, 2, 0, 0), (S,), "made", (-3, -2, 0, 5)),     # S dropped: 0 (BUCK-A4)
    (N, (2, 3, 0, 0), (W,), "bucked", (5, -3, 5, 0)),    # S stayed without a trick: +5
    (N, (5, 0, 0, 0), (E, S, W), "made", (-5, 0, 0, 0)),  # all dropped (BUCK-A6)
])
def test_players_who_dropped_out_score_nothing_BUCK_A4(
        maker: int, tricks: tuple[int, ...], out: tuple[int, ...], label: str,
        deltas: tuple[int, ...]) -> None:
    result = variant("buck-euchre").score_hand(dealer=W, maker=maker, tricks=list(tricks),
                                               scores=[25, 25, 25, 25], sitting_out=out)
    assert result.label == label and result.deltas == deltas


# -- the bot ---------------------------------------------------------------------------------

def test_the_bot_drops_a_hand_that_cannot_take_a_trick_and_stays_with_a_strong_one() -> None:
    state = apply_all(game(DIAMONDS), "order_up discard:TH")
    v = variant("buck-euchre")
    # E: 9C TC 9S TS 9H, no trump, no ace: drop. S: AC KC and AH KH, two guarded aces:
    # stay. W: three trumps, AD TD 9D: stay.
    choices = []
    for seat in (E, S, W):
        action = HeuristicBot(v, seat, seed=1).act(state)
        choices.append(state.action_name(action))
        state.apply(action)
    assert choices == ["drop", "stay", "stay"]


def test_bots_drop_out_sometimes_and_play_hands_without_a_maker() -> None:
    report = simulate(variant("buck-euchre"), seed=3, games=20,
                      bots=[BotSpec.parse("heuristic")] * 4).report().to_json()
    assert report["dropped"] > 0 and report["no_maker"]["count"] > 0


# -- the count-down ----------------------------------------------------------------------------

def test_everyone_starts_at_25_BUCK_A1() -> None:
    assert game(DIRTY).scores == [25, 25, 25, 25]


@pytest.mark.parametrize(("scores", "tricks", "over", "winners"), [
    # N at 3 takes 3 tricks as maker: 3 - 3 = 0, which wins
    ((3, 25, 25, 25), (3, 1, 1, 0), True, (N,)),
    # N at 4 takes 3: 1 left, nobody at 0 yet
    ((4, 25, 25, 25), (3, 1, 1, 0), False, ()),
    # N at 2 takes 4 (-2) and E at 1 takes 1 (0): both at 0 or less, the lowest (N) wins
    ((2, 1, 25, 25), (4, 1, 0, 0), True, (N,)),
    # N at 2 takes 3 (-1) and E at 1 takes 2 (-1): a shared lowest plays on
    ((2, 1, 25, 25), (3, 2, 0, 0), False, ()),
])
def test_the_first_at_0_or_less_wins_and_a_shared_lowest_plays_on_BUCK_A7(
        scores: tuple[int, ...], tricks: tuple[int, ...], over: bool,
        winners: tuple[int, ...]) -> None:
    result = variant("buck-euchre").score_hand(dealer=W, maker=N, tricks=list(tricks),
                                               scores=list(scores))
    assert result.game_over is over and result.winners == winners


def test_a_made_hand_counts_as_made_in_the_count_down() -> None:
    state = apply_all(game(DIAMONDS), "order_up discard:TH drop drop drop")
    record = last_hand(state)
    assert record.deltas[N] == -5 and record.made and record.countdown
