"""Contracts (issue 24, item 3): a bid table (`auction.table`), misère and open misère, a
special bid allowed only over another (`only_over`), a stuck bid (`stuck_bid`, scoring's
`forced`), on the Five Hundred test overlay tests/data/five-hundred-32.yaml and overlays of
bid-euchre.

The expected points come from the published Avondale schedule (six spades 40, each higher
suit +20, each trick more +100, misère 250, open misère 500; made: +value, a slam of ten tricks
on a bid worth less than 250 scores 250; set: -value; each opponent 10 a trick, nothing on a
misère, C500-A1 to C500-A6), worked out by hand in each test's comment.

Five Hundred seats: A, B, C clockwise (0, 1, 2); C deals, A is eldest. Bid Euchre seats:
N E S W (0..3), W deals, N is eldest; partners N-S and E-W.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from engine import State, Variant, load_variant, new_game
from engine.bots.heuristic import HeuristicBot
from engine.core import cards as C
from engine.core.errors import Refusal
from engine.mechanics.auction_rules import AuctionRules, AuctionView, SwapPart
from engine.rules.loader import check_variant
from engine.sim.stats import stopped_at_hand_limit
from engine.testing.rules import apply_all, discard, last_hand, overlay, play, refuse
from tests.conformance.test_conformance import bold_and_passive, play_checked

DATA = Path(__file__).resolve().parents[1] / "data"
FIVE_HUNDRED = DATA / "five-hundred-32.yaml"
A_, B_, C_ = range(3)
N, E, S, W = range(4)

# A holds every seven and eight and the nines of clubs and diamonds; B the high clubs and
# diamonds; C the high hearts and spades; the kitty is KS AS and the joker.
LOW_HAND = {"dealer": C_, "hands": [h.split() for h in (
    "7C 8C 9C 7D 8D 9D 7H 8H 7S 8S", "TC JC QC KC AC TD JD QD KD AD",
    "9H TH JH QH KH AH 9S TS JS QS")]}

# The ten tricks after A's misère, at no-trump, A leading: B wins each (his clubs and
# diamonds are the highest of the suit led; A plays under or discards; C is void in both).
# The last card of A is the one the test says.
MISERE_TRICKS = ("7C TC 9H | JC 9S 8C | QC TS 9C | KC JS 7D | AC QS 8D | TD TH 9D | "
                 "JD JH 7H | QD QH 8H | KD KH 7S | AD AH {last}")


def five_hundred() -> Variant:
    return load_variant(FIVE_HUNDRED)


def test_the_table_is_the_avondale_schedule_ranked_with_the_miseres_between() -> None:
    """27 bids: 6S 40 ... 10N 520 by the generator, misère (250) at rank 12 between 8S (240)
    and 8C (260), open misère (500) at rank 25 between 10D (480) and 10H (500)."""
    table = load_variant(FIVE_HUNDRED).rules_of(AuctionRules).table
    by_name = {row.name: (row.rank, row.value) for row in table}
    assert len(table) == 27
    assert by_name["6S"] == (1, 40) and by_name["6C"] == (2, 60) and by_name["6N"] == (5, 120)
    assert by_name["7S"] == (6, 140) and by_name["8S"] == (11, 240)
    assert by_name["misere"] == (12, 250) and by_name["8C"] == (13, 260)
    assert by_name["10D"] == (24, 480) and by_name["open_misere"] == (25, 500)
    assert by_name["10H"] == (26, 500) and by_name["10N"] == (27, 520)


def test_seven_spades_beats_six_no_trump_and_six_hearts_does_not_beat_seven_spades() -> None:
    """Ranked by the table: 6N is rank 5, 7S rank 6, 6H rank 4. The winner's bid names trump:
    B's seven spades makes spades trump at once; B takes the kitty."""
    state = new_game(five_hundred(), seed=0, deal=LOW_HAND)
    apply_all(state, "bid:6N")
    assert "bid:7S" in state.legal_actions() and "bid:6N" not in state.legal_actions()
    apply_all(state, "bid:7S")
    why = refuse(state, "bid:6H", Refusal.BID_TOO_LOW)
    assert "6 hearts (rank 4) does not beat the high bid, 7 spades (rank 6)" in why
    apply_all(state, "pass pass")  # C passes, then A: B's 7S stands (C500-A4)
    h = state.hand
    assert (h.maker, h.bid, h.trump) == (B_, 7, C.SPADES)
    assert state.phase == "kitty_exchange" and state.current_player == B_


def test_a_misere_made_scores_250_and_the_opponents_nothing() -> None:
    """A bids misère, alone at no-trump; he takes the kitty and discards KS AS and the joker,
    then loses all ten tricks: A +250, B and C 0 (C500-A2, C500-A6)."""
    state = new_game(five_hundred(), seed=0, deal=LOW_HAND)
    apply_all(state, "bid:misere pass pass")
    assert state.hand.trump == C.NO_TRUMP and state.hand.bid_special == "misere"
    discard(state, "KS AS JK")
    play(state, MISERE_TRICKS.format(last="8S"))
    record = last_hand(state)
    assert record.tricks == (0, 10, 0) and record.label == "misere" and record.bid == "misere"
    assert record.deltas == (250, 0, 0)


def test_a_misere_failed_costs_250() -> None:
    """A keeps the joker (discarding KS AS 8S) and must play it, void in diamonds, on B's ace
    of diamonds at the last trick: the joker, highest card at no-trump, wins it. One trick:
    A -250; the opponents score nothing on a misère (C500-A6)."""
    state = new_game(five_hundred(), seed=0, deal=LOW_HAND)
    apply_all(state, "bid:misere pass pass")
    discard(state, "KS AS 8S")
    play(state, MISERE_TRICKS.format(last="JK"))
    record = last_hand(state)
    assert record.tricks == (1, 9, 0) and record.label == "misere_set"
    assert record.deltas == (-250, 0, 0)


def test_the_schedule_scores_made_set_and_slam_by_the_bids_value() -> None:
    """score_hand with the table's bids: 7S made with 7 tricks +140 (defenders 10 a trick:
    B took 2, C 1); 8H set with 6: -300; 7S with all ten: the slam, 250 for a bid under 250;
    10N with ten: its value 520, above 250; misère failed: -250."""
    v = five_hundred()
    made = v.score_hand(dealer=C_, maker=A_, tricks=[7, 2, 1], scores=[0] * 3, bid="7S")
    assert (made.deltas, made.label) == ((140, 20, 10), "made")
    down = v.score_hand(dealer=C_, maker=A_, tricks=[6, 3, 1], scores=[0] * 3, bid="8H")
    assert (down.deltas, down.label) == ((-300, 30, 10), "set")
    slam = v.score_hand(dealer=C_, maker=A_, tricks=[10, 0, 0], scores=[0] * 3, bid="7S")
    assert (slam.deltas, slam.label) == ((250, 0, 0), "slam")
    top = v.score_hand(dealer=C_, maker=A_, tricks=[10, 0, 0], scores=[0] * 3, bid="10N")
    assert (top.deltas, top.label) == ((520, 0, 0), "made")
    failed = v.score_hand(dealer=C_, maker=B_, tricks=[5, 1, 4], scores=[0] * 3, bid="misere")
    assert (failed.deltas, failed.label) == ((0, -250, 0), "misere_set")


def test_an_open_misere_hand_is_shown_to_all_once_the_first_trick_is_led() -> None:
    """C500-A3: A's open misère; after the kitty nobody else sees his hand; once he has led
    the first card, B and C see his nine other cards, and the view says so."""
    state = new_game(five_hundred(), seed=0, deal=LOW_HAND)
    apply_all(state, "bid:open_misere pass pass")
    discard(state, "KS AS JK")
    before = state.view(B_)
    assert AuctionView.of(before).hand_shown(A_) is None
    assert before.seen & state.hand.hands[A_] == 0
    play(state, "7C")
    a_hand = state.hand.hands[A_]
    for seat in (B_, C_):
        view = state.view(seat)
        assert AuctionView.of(view).hand_shown(A_) == a_hand and a_hand.bit_count() == 9
        assert view.seen & a_hand == a_hand


ONLY_OVER = """
extends: bid-euchre
description: a double moon, only over a moon.
auction:
  add_special_bids:
    - {name: double_moon, tricks: 6, label: double moon, alone: true, only_over: [moon]}
"""

BID_DEAL = {"dealer": W, "hands": [h.split() for h in (
    "JH JD AH KH QH TH", "9H AS KS QS JS TS", "9S AC KC QC JC TC", "9C AD KD QD TD 9D")]}


def test_a_double_moon_only_over_a_moon_is_refused_over_a_number() -> None:
    state = new_game(overlay(ONLY_OVER), seed=0, deal=BID_DEAL)
    apply_all(state, "bid:3")
    assert "bid:double_moon" not in state.legal_actions()
    why = refuse(state, "bid:double_moon", Refusal.BID_TOO_LOW)
    assert why == "double moon may be bid only over moon, and the high bid is 3"
    apply_all(state, "bid:moon")
    assert "bid:double_moon" in state.legal_actions()
    apply_all(state, "bid:double_moon")
    assert (state.hand.maker, state.hand.bid_special) == (S, "double_moon")


def test_only_over_a_bid_that_is_not_lower_is_a_located_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(ONLY_OVER.replace("only_over: [moon]", "only_over: [moan]"),
                    encoding="utf-8")
    error = check_variant(path)[0]
    assert "may be bid only over a lower bid, and moan is none" in error.message
    assert error.location is not None and error.location.line == 6


STUCK = """
extends: bid-euchre
description: the stuck dealer is held to 3; set while forced, he loses only 1.
auction:
  stuck_bid: 3
scoring:
  table:
    - {label: made, when: "not moon and makers.tricks >= bid", makers: tricks, defenders: tricks}
    - {label: set, when: "not moon and not forced and makers.tricks < bid", makers: -bid,
       defenders: tricks}
    - {label: stuck_set, when: "forced and makers.tricks < bid", makers: -1, defenders: tricks}
    - {label: moon, when: "moon and makers.tricks == 6", makers: 12}
    - {label: moon_failed, when: "moon and makers.tricks < 6", makers: -bid, defenders: tricks}
"""


def test_a_stuck_dealer_is_held_to_3_and_the_scoring_reads_forced() -> None:
    """All four pass: W, the dealer, is held to 3 (BID-A11), names hearts and leads. N holds
    the six top hearts and takes every trick: E-W set while forced, -1 each (the overlay's
    stuck_set row; a free bid of 3 set would cost 3); N-S +6 each (a point a trick)."""
    state = new_game(overlay(STUCK), seed=0, deal=BID_DEAL)
    apply_all(state, "pass pass pass pass")
    assert (state.hand.maker, state.hand.bid, state.phase) == (W, 3, "name_trump")
    assert SwapPart.of(state.hand).forced
    apply_all(state, "call:H")
    play(state, "AD TH TS TC | QH 9H 9S 9C | KH JS JC 9D | AH QS QC TD | JD KS KC QD | "
                "JH AS AC KD")
    record = last_hand(state)
    assert record.label == "stuck_set" and record.deltas == (6, -1, 6, -1)


def test_a_free_bid_of_3_is_not_forced() -> None:
    """score_hand: the same tricks on a bid of 3 W chose: the set row, -3 each."""
    v = overlay(STUCK)
    free = v.score_hand(dealer=W, maker=W, tricks=[6, 0, 0, 0], scores=[0] * 4, bid=3)
    forced = v.score_hand(dealer=W, maker=W, tricks=[6, 0, 0, 0], scores=[0] * 4, bid=3,
                          forced=True)
    assert (free.label, free.deltas) == ("set", (6, -3, 6, -3))
    assert (forced.label, forced.deltas) == ("stuck_set", (6, -1, 6, -1))


def _child(tmp_path: Path, table: str) -> Path:
    """A child of the Five Hundred overlay, next to a copy of it, whose auction table is
    ``table`` (YAML lines under ``table:``)."""
    shutil.copy(FIVE_HUNDRED, tmp_path / FIVE_HUNDRED.name)
    path = tmp_path / "child.yaml"
    path.write_text(f"extends: ./{FIVE_HUNDRED.name}\ndescription: a bad table.\nauction:\n"
                    f"  table:\n{table}", encoding="utf-8")
    return path


@pytest.mark.parametrize(("table", "line", "message"), [
    ("    - {tricks: [6, 7], denominations: [S, H], value: 10}\n"
     "    - {rank: 7, denomination: misere, value: 250}\n", 6,
     "rank 7 leaves a gap: the table has 5 bids, ranked 1 to 5"),
    ("    - {tricks: [6, 7], denominations: [S, H], value: 10}\n"
     "    - {rank: 2, denomination: misere, value: 250}\n"
     "    - {rank: 2, denomination: open_misere, value: 500}\n", 7, "two bids have rank 2"),
    ("    - {tricks: 6, denomination: X, value: 10}\n", 5, "X"),
    ("    - {tricks: 6, denomination: S, value: 10}\n"
     "    - {tricks: 6, denomination: S, value: 20}\n", 6, "the table has the bid 6S twice"),
    ("    - {tricks: 11, denomination: S, value: 10}\n", 5, None),
])
def test_a_bad_table_is_a_located_error(tmp_path: Path, table: str, line: int,
                                        message: str | None) -> None:
    errors = check_variant(_child(tmp_path, table))
    assert errors
    error = errors[0]
    assert error.location is not None and Path(error.location.file).name == "child.yaml"
    assert error.location.line == line, error.render()
    if message is not None:
        assert message in error.message, error.render()


def test_an_unknown_denomination_names_the_ones_allowed(tmp_path: Path) -> None:
    error = check_variant(_child(tmp_path, "    - {tricks: 6, denomination: X, value: 10}\n"))[0]
    text = error.render()
    assert "NT" in text and "misere" in text, text


def test_the_rule_book_prints_the_table_and_the_miseres() -> None:
    from engine.text.rulebook import rule_book  # noqa: PLC0415

    book = rule_book(five_hundred())
    text = " ".join(rule.text for section in book.sections for rule in section.rules)
    assert "6 spades 40, 6 clubs 60" in text and "8 spades 240, misère 250, 8 clubs 260" in text
    assert "open misère 500, 10 hearts 500, 10 no-trump 520" in text
    assert "laid face up for all to see once the first card of the first trick is led" in text
    assert "nobody names it after the auction" in text


def _heuristic_game(seed: int) -> State:
    v = five_hundred()
    state = new_game(v, seed=seed)
    bots = [HeuristicBot(v, seat, seed) for seat in range(3)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].act(state))
    return state


def test_heuristic_bots_finish_games_bidding_from_the_table() -> None:
    """60 heuristic games on the overlay end by their rules (500, or -500), none at the hand
    limit; the bots bid suits, no-trump and misère, and make most suit contracts."""
    bids: dict[str, int] = {}
    made = total = 0
    rng = random.Random(7)
    for _ in range(60):  # the shipped five-hundred: tests/conformance/test_games_finish.py
        state = _heuristic_game(rng.randrange(2**32))
        assert not stopped_at_hand_limit(state)
        assert max(state.scores) >= 500 or min(state.scores) <= -500, state.scores
        for record in state.hands_played:
            if record.bid is None:
                continue
            bids[str(record.bid)] = bids.get(str(record.bid), 0) + 1
            if record.label in ("made", "slam", "set"):
                total += 1
                made += record.label != "set"
    assert "misere" in bids and any(b.endswith("N") for b in bids), bids
    assert made / total > 0.6, (made, total)


@pytest.mark.parametrize("seed", range(4))
def test_the_conformance_harness_holds_on_the_five_hundred_overlay(seed: int) -> None:
    """Practice 9 on the overlay: seeded random play (odd seeds pass often: deals thrown in),
    checking cards conserved, suits followed, clones, replays and hidden views after every
    sampled action (the open misère's hand is seen only once it is shown)."""
    rng = random.Random(f"five-hundred/{seed}")
    choose = bold_and_passive(rng) if seed % 2 else rng.choice
    checker = play_checked(new_game(five_hundred(), seed=seed), choose, rng)
    assert checker.count > 0


def test_the_conformance_harness_holds_on_the_stuck_and_only_over_overlays() -> None:
    for text in (STUCK, ONLY_OVER):
        rng = random.Random(text)
        checker = play_checked(new_game(overlay(text), seed=5), rng.choice, rng)
        assert checker.count > 0


PASS_BY_BID = DATA / "table-pass-cards.yaml"


def test_a_bid_fixes_the_cards_passed_two_on_six_hearts_BID_A13() -> None:
    """N bids six hearts alone (the table's `settings: {pass_cards.cards: 2}`): he discards
    two cards, then S, who sits out, gives him two (the variant's own count is 1)."""
    state = new_game(load_variant(PASS_BY_BID), seed=0, deal=BID_DEAL)
    apply_all(state, "bid:6H pass pass pass")
    assert (state.phase, state.current_player, state.hand.trump) == ("pass_cards", N, C.HEARTS)
    discard(state, "QH TH")
    assert state.phase == "pass_cards" and state.current_player == S
    apply_all(state, "give:AC give:KC")
    assert state.phase == "play" and state.hand.hands[N].bit_count() == 6


def test_a_bid_fixes_the_cards_passed_none_on_six_no_trump_BID_A13() -> None:
    """Six no-trump alone passes no card (`pass_cards.cards: 0`): the play starts at once."""
    state = new_game(load_variant(PASS_BY_BID), seed=0, deal=BID_DEAL)
    apply_all(state, "bid:6N")  # the highest bid ends the auction at once
    assert state.phase == "play" and state.hand.trump == C.NO_TRUMP
    assert state.hand.inactive == 1 << S


def test_a_setting_no_mechanic_lets_a_bid_fix_is_a_located_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(PASS_BY_BID.read_text(encoding="utf-8").replace(
        "pass_cards.cards: 0", "pass_cards.kards: 0"), encoding="utf-8")
    error = check_variant(path)[0]
    assert "a bid cannot fix `pass_cards.kards`" in error.message
    assert error.hint == "a contract may fix `pass_cards.cards`, `play.first_lead`"
    assert error.location is not None and error.location.line == 15


def test_a_misere_is_made_only_without_a_trick_for_a_contract_result_win() -> None:
    """`game.win: contract_result` asks whether the contract was made: a misère (no tricks)
    is made with none, failed with one; seven spades made with seven."""
    v = five_hundred()
    assert v.contract_made(maker=A_, tricks=[0, 10, 0], bid="misere")
    assert not v.contract_made(maker=A_, tricks=[1, 9, 0], bid="misere")
    assert v.contract_made(maker=A_, tricks=[7, 2, 1], bid="7S")
    assert not v.contract_made(maker=A_, tricks=[6, 3, 1], bid="7S")


OVER_SEVEN = """    - {tricks: [6, 10], denominations: [S, C, D, H, NT],
       value: "40 + 100 * (tricks - 6) + 20 * denomination_index"}
    - {rank: 12, denomination: misere, value: 250, only_over: [7S, 7C, 7D, 7H, 7N]}
    - {rank: 25, denomination: open_misere, value: 500}
"""


def test_a_misere_only_over_a_seven_C500_A2(tmp_path: Path) -> None:
    """The house rule "misère only after a seven" (C500-A2), as the misère's `only_over`:
    refused as the opening bid and over six no-trump, allowed over seven spades."""
    state = new_game(load_variant(_child(tmp_path, OVER_SEVEN)), seed=0, deal=LOW_HAND)
    assert "bid:misere" not in state.legal_actions()
    why = refuse(state, "bid:misere", Refusal.BID_TOO_LOW)
    assert why == "misère may be bid only over 7S or 7C or 7D or 7H or 7N, and the high bid " \
                  "is none yet"
    apply_all(state, "bid:6N")
    assert "bid:misere" not in state.legal_actions()
    apply_all(state, "bid:7S bid:misere pass pass")  # B: 7S; C: misère; A, B pass
    assert (state.hand.maker, state.hand.bid_special) == (C_, "misere")


def test_a_misere_only_over_a_higher_bid_is_a_located_error(tmp_path: Path) -> None:
    error = check_variant(_child(tmp_path, OVER_SEVEN.replace("7N]", "8C]")))[0]
    assert "misere may be bid only over a lower bid of the table, and 8C is none" in error.message
    assert error.location is not None and error.location.line == 7
