"""The rules of Ghost Hand Euchre (`euchre rules ghost-hand`) and its overlays, and reneging at
the table
(GH-A11; STD-A8 in the `renege` overlay), one rule per test, from fixed deals.

Seats are numbered clockwise 0..2 (A B C, `euchre rules NAME`); the ghost hand is position 3. Most
deals have C dealing, so A is eldest and bids first (GH-A1), and the deal goes A, B, ghost, C
(GH-A15). Hands are played out card by card, one trick to a group, so a change in who wins a
trick shows up. Each test names the rule it checks and cites the docs/ambiguities.md id.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any, NamedTuple

import pytest

from engine import State, new_game
from engine.core import cards as C
from engine.core.errors import Refusal as R
from engine.mechanics.auction_rules import AuctionView, SwapPart
from engine.mechanics.deal import Deal
from engine.mechanics.hand import Hand
from engine.testing.rules import apply_all, cards, last_hand, names, play, refuse, variant

A, B, CC = range(3)  # CC: seat C (``C`` is the cards module)
GHOST = 3



def auction(state: State, seat: int) -> AuctionView:
    """The auction's part of ``seat``'s view."""
    return AuctionView.of(state.view(seat))


def swap(state: State) -> SwapPart:
    """The auction's swap facts of the hand in progress."""
    return SwapPart.of(state.hand)

def deal_of(hands: Sequence[str], ghost: str, *, dealer: int = CC) -> dict[str, Any]:
    """A deal from hands written as space-separated codes: the whole deck, no kitty."""
    return {"dealer": dealer, "hands": [h.split() for h in hands],
            "extra": {"ghost": ghost.split()}}


# A holds the six best hearts: with hearts trump he takes every trick.
MOON = deal_of(["JH JD AH KH QH TH", "AC KC QC JC TC 9C", "AS KS QS JS TS 9S"],
               "9H AD KD QD TD 9D")
# A holds the bowers, the ace of hearts and three nines; B and C one heart each.
SPLIT = deal_of(["JH JD AH 9C 9S 9D", "AC KC QC JC TC KH", "AS KS QS JS TS QH"],
                "AD KD QD TD TH 9H")
# SPLIT played with hearts trump and A leading: A takes 3 tricks, B 2, C 1.
SPLIT_TRICKS = "9S TC AS | KS JH JC | JD KH QH | AH QC QS | 9C AC JS | KC TS 9D"
# MOON played with hearts trump: A takes all six.
MOON_TRICKS = "JH 9C 9S | JD TC TS | AH JC JS | KH QC QS | QH KC KS | TH AC AS"


def game(deal: dict[str, Any], name: str = "ghost-hand", **kw: Any) -> State:
    return new_game(variant(name), seed=0, deal=deal, **kw)


BIDS = ["bid:3", "bid:4", "bid:5", "bid:moon"]


# -- the deal (GH-A15) -------------------------------------------------------------------------

class IdentityRng:
    def shuffle(self, cards: list[int]) -> None:
        pass


@pytest.mark.parametrize("dealer", [A, B, CC])
def test_the_whole_deck_is_dealt_one_at_a_time_with_the_ghost_at_the_dealers_right_GH_A15(
        dealer: int) -> None:
    v = variant("ghost-hand")
    s = SimpleNamespace(rng=IdentityRng(), dealer=dealer,
                        hand=Hand(players=3, positions=4, first_action=0))
    Deal(v).shuffle_and_deal(s)  # type: ignore[arg-type]
    deck = list(v.deck.cards)  # unshuffled: the deal takes cards from the front
    order = [(dealer + 1) % 3, (dealer + 2) % 3, GHOST, dealer]
    for place, position in enumerate(order):
        assert s.hand.hands[position] == C.mask_of(deck[place::4]), position
    assert s.hand.upcard == -1 and s.hand.kitty == 0


def test_a_seeded_deal_gives_six_each_and_six_to_the_ghost_no_kitty_no_upcard_RULES_3_5(
        ) -> None:
    for seed in range(5):
        state = new_game(variant("ghost-hand"), seed=seed)
        assert [h.bit_count() for h in state.hand.hands] == [6, 6, 6, 6]
        assert state.hand.upcard == -1 and state.hand.kitty == 0
        assert state.phase == "auction" and state.current_player == (state.dealer + 1) % 3
        for seat in range(3):  # the ghost lies face down
            view = state.view(seat)
            assert view.hand_sizes[GHOST] == 6 and AuctionView.of(view).extra_seen == 0


def test_a_given_deal_may_not_have_an_upcard_or_kitty_RULES_3_5() -> None:
    with pytest.raises(ValueError, match="exactly once"):
        game({**SPLIT, "kitty": ["9H"]})


# -- the auction (GH-A1, GH-A2) ------------------------------------------------------------------

def test_eldest_bids_first_and_the_dealer_last_GH_A1() -> None:
    state = game(SPLIT)
    assert state.phase == "auction" and state.current_player == A
    assert state.legal_actions() == ["pass", "swap", *BIDS]
    state.apply("pass")
    assert state.current_player == B
    state.apply("pass")
    assert state.current_player == CC


def test_each_bid_must_beat_the_last_RULES_3_5() -> None:
    state = apply_all(game(SPLIT), "bid:4")
    assert state.current_player == B
    assert state.legal_actions() == ["pass", "swap", "bid:5", "bid:moon"]
    assert refuse(state, "bid:3", R.BID_TOO_LOW) == "a bid must beat the high bid (4)"
    assert refuse(state, "bid:4") == "a bid must beat the high bid (4)"
    state.apply("bid:5")
    assert state.legal_actions() == ["pass", "swap", "bid:moon"]


def test_a_bid_of_six_is_refused_for_what_it_is_one_shoots_the_moon_RULES_3_5() -> None:
    # Six beats four: the reason may not say that it does not. The bids are 3, 4, 5 and the
    # moon; "one never says six" (`euchre rules ghost-hand`).
    state = apply_all(game(SPLIT), "bid:4")
    reason = refuse(state, "bid:6", R.NOT_IN_VARIANT)
    assert "beat" not in reason and "moon" in reason
    assert "moon" in refuse(game(SPLIT), "bid:2")


def test_the_moon_is_the_top_bid_and_ends_the_auction_RULES_3_5() -> None:
    state = apply_all(game(SPLIT), "bid:5 bid:moon")
    assert state.phase == "name_trump" and state.current_player == B
    assert state.hand.maker == B and state.hand.bid == 6 and state.hand.bid_top


def test_the_moon_ends_the_auction_on_the_first_turn_RULES_3_5() -> None:
    state = apply_all(game(SPLIT), "bid:moon")
    assert state.phase == "name_trump" and state.hand.maker == A


def test_everyone_bids_or_passes_once_and_the_high_bidder_wins_GH_A2() -> None:
    state = apply_all(game(SPLIT), "bid:3 bid:4 pass")
    # A does not get another turn to overbid B.
    assert state.phase == "name_trump" and state.hand.maker == B and state.hand.bid == 4
    assert not state.hand.bid_top


def test_a_lone_low_bid_wins_when_the_others_pass_GH_A2() -> None:
    state = apply_all(game(SPLIT), "pass pass bid:3")
    assert state.phase == "name_trump" and state.hand.maker == CC and state.hand.bid == 3


def test_the_continuous_auction_goes_round_until_the_others_pass_ghost_hand_continuous() -> None:
    state = apply_all(game(SPLIT, "ghost-hand-continuous"), "bid:3 bid:4 pass")
    assert state.phase == "auction" and state.current_player == A
    assert {"pass", "bid:5", "bid:moon"} <= set(state.legal_actions())
    assert refuse(state, "bid:4") == "a bid must beat the high bid (4)"
    state.apply("bid:5")
    assert state.current_player == B  # C passed: he is out of the auction
    state.apply("pass")
    assert state.phase == "name_trump" and state.hand.maker == A and state.hand.bid == 5


def test_a_player_who_has_bid_may_not_swap_on_a_later_turn_GH_A4_ghost_hand_continuous(
        ) -> None:
    # The swap comes "before making his bid" (seeds 000/002, GH-A4): A bid 3 on his own hand,
    # so when the open auction comes back to him he may raise or pass, not swap.
    state = apply_all(game(SPLIT, "ghost-hand-continuous"), "bid:3 bid:4 pass")
    assert state.current_player == A
    assert state.legal_actions() == ["pass", "bid:5", "bid:moon"]
    assert "swap" in refuse(state, "swap")


def test_the_continuous_auction_lets_a_player_swap_on_his_first_turn_ghost_hand_continuous(
        ) -> None:
    state = apply_all(game(SPLIT, "ghost-hand-continuous"), "bid:3 swap")
    assert swap(state).swapped == B and state.legal_actions() == ["pass", "bid:4", "bid:5",
                                                            "bid:moon"]


def test_the_continuous_auction_ends_at_once_on_the_moon_ghost_hand_continuous() -> None:
    state = apply_all(game(SPLIT, "ghost-hand-continuous"), "bid:3 bid:moon")
    assert state.phase == "name_trump" and state.hand.maker == B and state.hand.bid_top


def test_all_passing_redeals_and_the_deal_passes_left_GH_A16_GH_A13() -> None:
    second = deal_of(["AS KS QS JS TS QH", "JH JD AH 9C 9S 9D", "AC KC QC JC TC KH"],
                     "AD KD QD TD TH 9H", dealer=A)
    state = new_game(variant("ghost-hand"), seed=0, deals=[SPLIT, second])
    apply_all(state, "pass pass pass")
    record = last_hand(state)
    assert record.thrown_in == "all passed" and record.deltas == (0, 0, 0)
    assert state.scores == [0, 0, 0] and state.hand_no == 2
    assert state.dealer == A and state.current_player == B and state.phase == "auction"
    assert names(state.hand.hands[B]) == cards("JH JD AH 9C 9S 9D")


# -- the ghost-hand swap (GH-A3, GH-A4) ----------------------------------------------------------

def test_a_swap_takes_the_ghost_and_leaves_the_old_hand_dead_RULES_3_5() -> None:
    state = apply_all(game(SPLIT), "swap")
    assert names(state.hand.hands[A]) == cards("AD KD QD TD TH 9H")
    assert state.hand.hands[GHOST] == 0
    assert names(state.hand.dead) == cards("JH JD AH 9C 9S 9D")
    assert swap(state).swapped == A
    # Only the swapper knows the dead hand; everyone sees that A swapped.
    assert auction(state, A).dead_known == state.hand.dead
    assert auction(state, B).dead_known == 0 and auction(state, B).swapped == A
    assert state.view(B).hand_sizes == (6, 6, 6, 0)


def test_the_swapper_must_then_pass_or_bid_GH_A4() -> None:
    state = apply_all(game(SPLIT), "swap")
    assert state.current_player == A  # still his turn
    assert state.legal_actions() == ["pass", *BIDS]
    assert refuse(state, "swap", R.ALREADY_DONE) == "a hand was already swapped this deal"
    state.apply("bid:3")
    assert state.current_player == B


def test_only_one_swap_per_deal_and_the_dead_hand_is_never_swapped_again_GH_A4() -> None:
    state = apply_all(game(SPLIT), "swap pass")
    assert state.current_player == B
    assert state.legal_actions() == ["pass", *BIDS]
    assert refuse(state, "swap") == "a hand was already swapped this deal"
    state.apply("pass")
    assert refuse(state, "swap") == "a hand was already swapped this deal"
    assert names(state.hand.dead) == cards("JH JD AH 9C 9S 9D")  # never comes back


def test_a_player_may_swap_on_his_turn_even_after_others_bid_GH_A4() -> None:
    state = apply_all(game(SPLIT), "bid:3 pass")
    assert state.current_player == CC and "swap" in state.legal_actions()
    state.apply("swap")
    assert names(state.hand.hands[CC]) == cards("AD KD QD TD TH 9H")
    assert state.legal_actions() == ["pass", "bid:4", "bid:5", "bid:moon"]
    state.apply("bid:4")
    assert state.phase == "name_trump" and state.hand.maker == CC


def test_the_blind_swap_may_not_look_first_GH_A3() -> None:
    state = game(SPLIT)
    assert "look" not in state.legal_actions()
    assert refuse(state, "look", R.NOT_IN_VARIANT) == ("the swap is blind: the extra hand may "
                                                       "not be looked at first")


# -- the open swap (GH-A3 alternative: ghost-hand-open-swap) ---------------------------------------

def test_the_open_swap_offers_a_look_before_bidding_ghost_hand_open_swap() -> None:
    state = game(SPLIT, "ghost-hand-open-swap")
    assert state.legal_actions() == ["pass", "swap", "look", *BIDS]


def test_a_look_shows_the_ghost_to_the_looker_only_ghost_hand_open_swap() -> None:
    state = apply_all(game(SPLIT, "ghost-hand-open-swap"), "look")
    assert state.current_player == A and swap(state).looker == A
    assert names(auction(state, A).extra_seen) == cards("AD KD QD TD TH 9H")
    assert auction(state, B).extra_seen == 0 and auction(state, CC).extra_seen == 0
    assert state.hand.hands[A] == C.mask_of(["JH", "JD", "AH", "9C", "9S", "9D"])  # nothing moved
    assert state.legal_actions() == ["pass", "swap", *BIDS]
    assert refuse(state, "look") == "swap only before bidding, on your own turn"


def test_after_a_look_the_looker_may_swap_ghost_hand_open_swap() -> None:
    state = apply_all(game(SPLIT, "ghost-hand-open-swap"), "look swap")
    assert names(state.hand.hands[A]) == cards("AD KD QD TD TH 9H")
    assert names(state.hand.dead) == cards("JH JD AH 9C 9S 9D") and swap(state).swapped == A
    assert auction(state, A).extra_seen == 0  # the ghost he saw is now his hand
    assert state.legal_actions() == ["pass", *BIDS]


def test_after_a_look_the_looker_may_keep_his_hand_by_bidding_ghost_hand_open_swap() -> None:
    state = apply_all(game(SPLIT, "ghost-hand-open-swap"), "look bid:3")
    assert swap(state).swapped == -1 and names(state.hand.hands[A]) == cards("JH JD AH 9C 9S 9D")
    # He still knows the ghost; nobody else may look or swap: the look used the chance.
    assert names(auction(state, A).extra_seen) == cards("AD KD QD TD TH 9H")
    assert state.current_player == B
    assert state.legal_actions() == ["pass", "bid:4", "bid:5", "bid:moon"]
    assert refuse(state, "look", R.ALREADY_DONE) == "the extra hand was already looked at this deal"
    assert refuse(state, "swap") == "the extra hand was already looked at this deal"


def test_after_a_look_the_looker_may_pass_ghost_hand_open_swap() -> None:
    state = apply_all(game(SPLIT, "ghost-hand-open-swap"), "look pass")
    assert state.current_player == B and "swap" not in state.legal_actions()


def test_the_open_swap_may_still_swap_blind_ghost_hand_open_swap() -> None:
    state = apply_all(game(SPLIT, "ghost-hand-open-swap"), "pass swap")
    assert swap(state).swapped == B and swap(state).looker == -1
    assert names(state.hand.hands[B]) == cards("AD KD QD TD TH 9H")


# -- naming trump and the lead (`euchre rules ghost-hand`, GH-A14) -------------------------

def test_the_high_bidder_names_any_suit_but_not_no_trump_and_leads_GH_A14() -> None:
    state = apply_all(game(SPLIT), "pass bid:3 pass")
    assert state.phase == "name_trump" and state.current_player == B
    assert state.legal_actions() == ["call:C", "call:D", "call:H", "call:S"]
    assert refuse(state, "call:N", R.NOT_IN_VARIANT) == "no-trump may not be named in this variant"
    state.apply("call:C")
    assert state.hand.trump_name == "C" and state.phase == "play"
    assert state.current_player == B  # the bidder leads, not eldest


def test_tricks_have_three_cards_and_six_are_played_RULES_3_5() -> None:
    state = apply_all(game(SPLIT), "bid:3 pass pass call:H")
    play(state, "9S TC AS")
    assert state.hand.tricks_won == [0, 0, 1] and state.current_player == CC
    play(state, SPLIT_TRICKS.split("|", 1)[1])
    assert last_hand(state).tricks == (3, 2, 1)


# -- scoring (the table of `euchre rules ghost-hand`, GH-A5 to GH-A10) ---------------------

class Case(NamedTuple):
    """A hand where A wins the auction with ``bid`` and names hearts, played out."""

    variant: str
    deal: dict[str, Any]
    bid: str
    tricks: str
    taken: list[int]
    deltas: tuple[int, ...]
    label: str


SCORING = [
    Case("ghost-hand", SPLIT, "3", SPLIT_TRICKS, [3, 2, 1], (3, 2, 1), "made"),  # GH-A5, A6
    Case("ghost-hand", SPLIT, "4", SPLIT_TRICKS, [3, 2, 1], (-4, 2, 1), "set"),  # GH-A7
    Case("ghost-hand", SPLIT, "5", SPLIT_TRICKS, [3, 2, 1], (-5, 2, 1), "set"),  # GH-A7
    Case("ghost-hand", MOON, "moon", MOON_TRICKS, [6, 0, 0], (24, 0, 0), "moon"),  # GH-A8
    Case("ghost-hand", SPLIT, "moon", SPLIT_TRICKS, [3, 2, 1], (-6, 2, 1),
         "moon_failed"),  # GH-A9
    Case("ghost-hand", MOON, "3", MOON_TRICKS, [6, 0, 0], (6, 0, 0), "made"),  # GH-A10, A6
    Case("ghost-hand", MOON, "5", MOON_TRICKS, [6, 0, 0], (6, 0, 0), "made"),  # GH-A10
    Case("ghost-hand-moon-24", SPLIT, "moon", SPLIT_TRICKS, [3, 2, 1], (-24, 2, 1),
         "moon_failed"),  # GH-A9 alternative
    Case("ghost-hand-moon-24", MOON, "moon", MOON_TRICKS, [6, 0, 0], (24, 0, 0), "moon"),
    Case("ghost-hand-moon-24", SPLIT, "4", SPLIT_TRICKS, [3, 2, 1], (-4, 2, 1), "set"),
]


@pytest.mark.parametrize("case", SCORING, ids=[f"{c.variant}-bid-{c.bid}-{c.label}-"
                                               f"{c.taken[0]}" for c in SCORING])
def test_every_row_of_the_scoring_table_played_out_and_by_score_hand_RULES_3_5(
        case: Case) -> None:
    auction = "bid:moon" if case.bid == "moon" else f"bid:{case.bid} pass pass"  # moon ends it
    state = apply_all(game(case.deal, case.variant), f"{auction} call:H")
    play(state, case.tricks)
    record = last_hand(state)
    bid: int | str = case.bid if case.bid == "moon" else int(case.bid)
    assert record.maker == A and record.trump == "H" and record.bid == bid
    assert record.tricks == tuple(case.taken)
    assert (tuple(record.deltas), record.label) == (case.deltas, case.label)
    assert tuple(state.scores) == case.deltas
    result = variant(case.variant).score_hand(dealer=CC, maker=A, tricks=case.taken,
                                              scores=[0, 0, 0], bid=bid)
    assert (result.deltas, result.label) == (case.deltas, case.label)


def test_a_bidder_who_is_not_eldest_scores_as_the_maker_RULES_3_5() -> None:
    state = apply_all(game(SPLIT), "pass pass bid:3 call:S")
    # C leads his spades; B's JC is the left bower and must follow the right bower.
    play(state, "JS 9S JC | AS 9C TC | KS 9D KC | QS JD QC | TS AH AC | QH JH KH")
    record = last_hand(state)
    assert record.maker == CC and record.bid == 3 and record.trump == "S"
    assert record.tricks == (0, 1, 5) and record.label == "made"
    assert record.deltas == (0, 1, 5)
    result = variant("ghost-hand").score_hand(dealer=CC, maker=CC, tricks=[0, 1, 5], bid=3,
                                              scores=[0, 0, 0])
    assert result.deltas == (0, 1, 5)


# -- the end of the game (`euchre rules ghost-hand`, GH-A12) -------------------------------

def test_the_first_player_to_reach_32_wins_RULES_3_5() -> None:
    state = apply_all(game(SPLIT, scores=[29, 31, 0]), "bid:3 pass pass call:H")
    play(state, SPLIT_TRICKS)
    assert state.is_terminal() and state.scores == [32, 33, 1] and state.winners == (B,)


def test_a_player_below_32_does_not_win_RULES_3_5() -> None:
    state = apply_all(game(SPLIT, scores=[28, 28, 0]), "bid:3 pass pass call:H")
    play(state, SPLIT_TRICKS)
    assert not state.is_terminal() and state.scores == [31, 30, 1]
    assert state.phase == "auction" and state.hand_no == 2


def test_a_shared_highest_at_32_plays_on_and_a_player_behind_can_win_GH_A12() -> None:
    second = deal_of(["AC KC QC JC TC 9C", "AS KS QS JS TS 9S", "JH JD AH KH QH TH"],
                     "9H AD KD QD TD 9D", dealer=A)
    state = new_game(variant("ghost-hand"), seed=0, deals=[SPLIT, second], scores=[29, 30, 20])
    apply_all(state, "bid:3 pass pass call:H")
    play(state, SPLIT_TRICKS)
    assert state.scores == [32, 32, 21] and not state.is_terminal()
    assert state.dealer == A and state.current_player == B and state.phase == "auction"
    # C, far behind, shoots the moon and makes it.
    apply_all(state, "pass bid:moon call:H")
    play(state, "JH 9C 9S | JD TC TS | AH JC JS | KH QC QS | QH KC KS | TH AC AS")
    assert last_hand(state).label == "moon"
    assert state.is_terminal() and state.scores == [32, 32, 45] and state.winners == (CC,)


def test_score_hand_agrees_on_the_tie_rule_GH_A12() -> None:
    v = variant("ghost-hand")
    tie = v.score_hand(dealer=CC, maker=A, tricks=[3, 2, 1], bid=3, scores=[29, 30, 20])
    assert (tie.scores, tie.game_over, tie.winners) == ((32, 32, 21), False, ())
    win = v.score_hand(dealer=A, maker=CC, tricks=[0, 0, 6], bid="moon", scores=[32, 32, 21])
    assert (win.scores, win.game_over, win.winners) == ((32, 32, 45), True, (CC,))


# -- reneging (GH-A11; STD-A8 in `renege`) ----------------------------------------------------

# SPLIT with hearts trump, but at trick 3 B throws the QC on the JD lead though he holds the
# KH: a renege. He must follow with the KH on the next trump lead.
RENEGE_TRICKS = "9S TC AS | KS JH JC | JD QC QH | AH KH QS | 9C AC JS | KC TS 9D"


def test_a_renege_is_accepted_though_not_legal_and_recorded_GH_A11() -> None:
    state = apply_all(game(SPLIT), "bid:3 pass pass call:H")
    play(state, "9S TC AS | KS JH JC | JD")
    assert state.current_player == B
    assert state.legal_actions() == ["play:KH"]  # what bots choose from
    state.apply("play:QC")
    assert state.hand.reneges == [(B, C.card("QC"))]
    assert state.hand.tricks_won == [1, 0, 1] and state.current_player == CC


def test_a_card_not_in_hand_is_still_refused_when_reneging_is_allowed_GH_A11() -> None:
    state = apply_all(game(SPLIT), "bid:3 pass pass call:H")
    play(state, "9S TC AS | KS JH JC | JD")
    assert refuse(state, "play:AS", R.NOT_IN_HAND) == "A♠ is not in your hand"
    assert refuse(state, "pass", R.WRONG_PHASE) == "the tricks are being played: play a card"


def test_the_offender_loses_2_on_top_of_the_hands_score_GH_A11() -> None:
    state = apply_all(game(SPLIT), "bid:3 pass pass call:H")
    play(state, RENEGE_TRICKS)
    record = last_hand(state)
    assert record.tricks == (3, 2, 1) and record.label == "made"
    assert record.reneges == ((B, "QC"),)
    assert record.deltas == (3, 0, 1) and state.scores == [3, 0, 1]


def test_the_offender_loses_2_from_his_tricks_whoever_bid_GH_A11() -> None:
    state = apply_all(game(SPLIT), "pass bid:3 pass call:H")
    # B bids 3 on hearts and leads the KH; A throws the 9C though he holds three trumps.
    play(state, "KH QH 9C | AC TS 9S | KC KS 9D | QC QS JH | JD JC JS | AH TC AS")
    record = last_hand(state)
    assert record.reneges == ((A, "9C"),)
    assert record.tricks == (3, 3, 0) and record.label == "made"
    assert record.deltas == (1, 3, 0)


def test_no_renege_no_penalty_GH_A11() -> None:
    state = apply_all(game(SPLIT), "bid:3 pass pass call:H")
    play(state, SPLIT_TRICKS)
    record = last_hand(state)
    assert record.reneges == () and record.deltas == (3, 2, 1)


# The standard deal where E must follow hearts with his 9H when N leads the AH (spades trump).
STANDARD_FOLLOW = {"dealer": 3, "hands": [h.split() for h in [
    "AH 9C TC 9S TS", "9H QD KD QC KC", "TH KS AC JD AD", "9D TD JH AS JS"]], "upcard": "KH"}


def test_a_renege_voids_the_hand_and_the_opponents_score_2_STD_A8_renege() -> None:
    state = new_game(variant("renege"), seed=0, deal=STANDARD_FOLLOW)
    apply_all(state, "pass pass pass pass call:S pass play:AH")
    assert state.legal_actions() == ["play:9H"]
    state.apply("play:QD")
    assert state.hand_no == 2  # the renege ended the hand at once
    record = last_hand(state)
    assert record.reneges == ((1, "QD"),)
    assert record.deltas == (2, 0, 2, 0) and state.scores == [2, 0, 2, 0]


def test_in_standard_the_same_play_is_refused_with_the_suit_to_follow_STD_A8() -> None:
    state = new_game(variant("standard"), seed=0, deal=STANDARD_FOLLOW)
    apply_all(state, "pass pass pass pass call:S pass play:AH")
    assert refuse(state, "play:QD") == "you must follow hearts"
    assert state.hand.reneges == []
