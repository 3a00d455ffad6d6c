"""The rules of Bid Euchre's two option overlays (`euchre rules bid-euchre-low`, `euchre rules
bid-euchre-trump-in-bid`), from fixed deals played out and every row of the scoring table
through ``score_hand``.

Seats are numbered clockwise 0..3 (N E S W); partners are 0-2 and 1-3. W deals, so N is eldest
and bids first, W last (BID-A2). Both overlays score by bid-euchre's table: a made bid scores
each side 1 a trick, a set bid loses the bid while the other side scores its tricks, a moon
(alone) scores 12 made and loses 6 failed (BID-A5). Expected points are worked out by hand in
the comments.
"""

from __future__ import annotations

import pytest

from engine import State, new_game
from engine.cli.play_answers import question_for
from engine.core import actions as A
from engine.core.errors import Refusal as R
from engine.testing.rules import apply_all, last_hand, play, refuse, variant
from engine.text.narrate import Narrator
from engine.text.rulebook import render_text, rule_book

N, E, S, W = range(4)

# N holds every nine and the tens of clubs and diamonds: at low no-trump the best cards.
N_LOW = {"dealer": W, "hands": [h.split() for h in (
    "9C 9D 9H 9S TC TD", "AC KC QC JC TH TS", "AD KD QD JD JH JS", "AH KH QH AS KS QS")]}
# N leads each trick (N, E, S, W): every trick is won by the lowest card of the suit led,
# N's nine or ten, though the ace of that suit is in it:
#   9C AC JH AH: clubs led, 9C < AC.        9D TH AD KH: 9D < AD.
#   9H TS KD QH: 9H < QH (E, S void).       9S KC JS AS: 9S < JS < AS.
#   TC QC QD KS: TC < QC.                   TD JC JD QS: TD < JD.
N_LOW_TRICKS = "9C AC JH AH | 9D TH AD KH | 9H TS KD QH | 9S KC JS AS | TC QC QD KS | TD JC JD QS"

# E holds the five best hearts and the 9C; N the other clubs and the TH.
E_FIVE = {"dealer": W, "hands": [h.split() for h in (
    "AC KC QC JC TC TH", "JH JD AH KH QH 9C", "AS KS QS JS TS 9S", "9H AD KD QD TD 9D")]}
# E_FIVE with hearts trump and E leading (E, S, W, N in each trick): E takes five trump
# tricks, then leads the 9C and N's ace of clubs takes the last.
E_FIVE_TRICKS = ("JH 9S 9H TH | JD TS 9D TC | AH JS TD JC | KH QS QD QC | QH KS KD KC |"
                 " 9C AS AD AC")


def _game(deal: dict[str, object], name: str) -> State:
    return new_game(variant(name), seed=0, deal=deal)  # type: ignore[arg-type]


# -- bid-euchre-low: low no-trump (BID-A9) ------------------------------------------------------

def test_the_winner_may_name_low_no_trump_BID_A9() -> None:
    state = apply_all(_game(N_LOW, "bid-euchre-low"), "bid:5 pass pass pass")
    assert state.phase == "name_trump"
    assert state.legal_actions() == ["call:C", "call:D", "call:H", "call:S", "call:N", "call:L"]
    assert "low no-trump may not be named" in refuse(
        apply_all(_game(N_LOW, "bid-euchre"), "bid:5 pass pass pass"), "call:L")


def test_a_low_hand_is_won_by_the_nines_and_the_maker_leads_BID_A9_BID_A3() -> None:
    state = apply_all(_game(N_LOW, "bid-euchre-low"), "bid:5 pass pass pass call:L")
    assert state.hand.trump_name == "L" and state.current_player == N  # the maker leads
    play(state, N_LOW_TRICKS)
    record = last_hand(state)
    # N-S bid 5 and take all six: made, each side 1 a trick: N-S +6, E-W 0.
    assert record.tricks == (6, 0, 0, 0) and record.label == "made"
    assert state.scores == [6, 0, 6, 0]


def test_the_same_trick_goes_to_the_ace_at_high_no_trump_and_the_nine_at_low_BID_A9() -> None:
    v = variant("bid-euchre-low")
    assert v.trick_winner("L", ["9C", "AC", "JH", "AH"]) == 0
    assert v.trick_winner("N", ["9C", "AC", "JH", "AH"]) == 1


# -- bid-euchre-trump-in-bid: the trump named in the bid (BID-A3's alternative) -----------------

def test_each_bid_names_its_trump_and_the_next_must_be_a_higher_number_BID_A3() -> None:
    state = apply_all(_game(E_FIVE, "bid-euchre-trump-in-bid"), "bid:4S")
    legal = state.legal_actions()
    # No suit ranks above another: only 5 and 6 (in any of C D H S N) and the moon are left.
    assert legal == ["pass", "bid:moon", *[f"bid:{n}{t}" for n in (5, 6) for t in "CDHSN"]]
    assert "higher number than the high bid (4 in spades)" in refuse(state, "bid:4H", R.BID_TOO_LOW)
    assert "names trump in the bid: bid 5 tricks naming trump" in refuse(state, "bid:5")
    assert "low no-trump may not be bid" in refuse(state, "bid:5L", R.NOT_IN_VARIANT)


def test_the_high_bid_makes_trump_and_its_maker_leads_without_naming_again_BID_A3() -> None:
    state = apply_all(_game(E_FIVE, "bid-euchre-trump-in-bid"), "bid:4S bid:5H pass pass")
    # W passes last: the auction is over, trump is hearts from E's bid, and E leads at once.
    assert state.phase == "play" and state.hand.trump_name == "H"
    assert state.hand.maker == E and state.hand.bid == 5 and state.current_player == E
    play(state, E_FIVE_TRICKS)
    # E-W bid 5 and take 5: made, each side 1 a trick: E-W +5, N-S +1.
    assert last_hand(state).label == "made" and state.scores == [1, 5, 1, 5]


def test_a_set_bid_with_its_trump_scores_by_bid_euchres_table_BID_A3() -> None:
    state = apply_all(_game(E_FIVE, "bid-euchre-trump-in-bid"), "pass bid:6H pass pass")
    play(state, E_FIVE_TRICKS)
    # E-W bid 6 and take 5: set, -6, and N-S score their one trick.
    assert last_hand(state).label == "set" and state.scores == [1, -6, 1, -6]


def test_the_winner_of_the_moon_still_names_trump_after_the_auction_BID_A3_BID_A5() -> None:
    state = apply_all(_game(E_FIVE, "bid-euchre-trump-in-bid"), "bid:3H bid:moon")
    assert state.phase == "name_trump" and state.current_player == E
    assert state.legal_actions() == ["call:C", "call:D", "call:H", "call:S", "call:N"]


def test_a_bid_with_a_trump_is_refused_where_trump_is_named_after_the_auction_BID_A3() -> None:
    state = _game(E_FIVE, "bid-euchre")
    assert refuse(state, "bid:4H") == ("this variant names trump after the auction: bid 4, "
                                       "then call a suit")


def test_bid_names_read_and_write_in_either_case() -> None:
    state = _game(E_FIVE, "bid-euchre-trump-in-bid")
    assert state.action_id("bid:4h") == state.action_id("BID:4H") == A.BID_TRUMP + 8 * 4 + 2
    assert state.action_name(A.BID_TRUMP + 8 * 3 + 4) == "bid:3N"


def test_the_prompt_offers_numbers_with_a_trump_and_narration_says_the_contract() -> None:
    state = _game(E_FIVE, "bid-euchre-trump-in-bid")
    question = question_for(state)
    assert "bid 3 to 6 tricks naming trump (a suit or no-trump)" in question
    narrator = Narrator(variant("bid-euchre-trump-in-bid"))
    assert narrator.action(E, "bid:4H", phase="auction") == "East bids 4 in hearts"
    assert narrator.action(N, "bid:3N", phase="auction") == "North bids 3 at no-trump"


def test_the_rule_book_says_the_bid_names_its_trump_BID_A3() -> None:
    text = " ".join(render_text(rule_book(variant("bid-euchre-trump-in-bid"))).split())
    assert "Each numeric bid names its trump with its number" in text
    assert "`auction.trump_in_bid: false`" in text
    low = " ".join(render_text(rule_book(variant("bid-euchre-low"))).split())
    assert "may also name low no-trump" in low and "`auction.trump_in_bid: true`" in low


@pytest.mark.parametrize("name", ["bid-euchre-low", "bid-euchre-trump-in-bid"])
@pytest.mark.parametrize(("bid", "tricks", "label", "deltas"), [
    (3, (2, 1, 1, 2), "made", (3, 3, 3, 3)),         # N-S bid 3, take 3: each side its tricks
    (5, (3, 0, 2, 1), "made", (5, 1, 5, 1)),         # bid 5, take 5
    (4, (2, 1, 1, 2), "set", (-4, 3, -4, 3)),        # bid 4, take 3: -4, the others +3
    ("moon", (6, 0, 0, 0), "moon", (12, 0, 12, 0)),  # the moon (S sits out) made: +12
    ("moon", (5, 1, 0, 0), "moon_failed", (-6, 1, -6, 1)),  # failed: -6, the others +1
])
def test_every_row_of_the_overlays_scoring_is_bid_euchres(
        name: str, bid: int | str, tricks: tuple[int, ...], label: str,
        deltas: tuple[int, ...]) -> None:
    sitting_out = [S] if bid == "moon" else []  # the moon is played alone (BID-A5)
    result = variant(name).score_hand(dealer=W, maker=N, tricks=list(tricks),
                                      scores=[0, 0, 0, 0], bid=bid, sitting_out=sitting_out)
    assert result.deltas == deltas and result.label == label
