"""Settings that depend on the contract (issue 24, items 2 and 3; BID-A13, BID-A14, PILE-A7):
who leads the first trick, whether the bidder plays alone, and which seat takes the kitty, each
fixed by a bid of the table, on the overlays tests/data/table-first-lead.yaml,
table-alone.yaml and table-kitty-partner.yaml.

Seats N E S W (0..3), partners N-S and E-W; W deals, so N is eldest and bids first. Each
overlay's scoring: made, the makers score the bid's value and the defenders one point a trick;
set, the makers lose the value (misère: its value made with no trick, lost with one, the
defenders nothing). Every trick below is worked out by hand in the comments: at no-trump the
suit led wins, ace high, no bowers; with hearts trump JH and JD are the right and left bowers.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine import load_variant, new_game
from engine.bots.heuristic import HeuristicBot
from engine.core import cards as C
from engine.mechanics.auction_rules import AuctionRules
from engine.mechanics.events import SatOut
from engine.rules.loader import check_variant
from engine.sim.stats import stopped_at_hand_limit
from engine.testing.rules import apply_all, cards, discard, last_hand, names, play
from tests.conformance.test_conformance import bold_and_passive, play_checked

DATA = Path(__file__).resolve().parents[1] / "data"
FIRST_LEAD = DATA / "table-first-lead.yaml"
ALONE = DATA / "table-alone.yaml"
KITTY = DATA / "table-kitty-partner.yaml"
N, E, S, W = range(4)

# Six cards each, the whole 24-card pack: N the six top hearts (both bowers with hearts trump),
# E the 9H and five spades, S the 9S and five clubs, W the 9C and five diamonds.
SIX = {"dealer": W, "hands": [h.split() for h in (
    "JH JD AH KH QH TH", "9H AS KS QS JS TS", "9S AC KC QC JC TC", "9C AD KD QD TD 9D")]}
# Five cards each; the kitty is the four nines and tens left: 9H TH 9S 9C.
FIVE = {"dealer": W, "hands": [h.split() for h in (
    "JH JD AH KH QH", "AS KS QS JS TS", "AC KC QC JC TC", "AD KD QD TD 9D")]}


def test_the_variants_own_first_lead_on_a_bid_that_fixes_none_BID_A14() -> None:
    """E's three spades fixes no lead: the variant's `first_lead: maker`, E leads."""
    state = new_game(load_variant(FIRST_LEAD), seed=0, deal=SIX)
    apply_all(state, "pass bid:3S pass pass")
    assert (state.phase, state.hand.maker, state.current_player) == ("play", E, E)


def test_on_four_no_trump_eldest_leads_and_the_bid_is_set_BID_A14() -> None:
    """E bids four no-trump, which fixes `play.first_lead: eldest`: N leads, not E. N runs
    his hearts (AH, KH, QH, JH, TH: E follows 9H once, then nobody has a heart) and leads JD
    last, which W's AD takes. N-S 5 tricks, E-W 1: E's 4N is set, E-W -6, N-S +5."""
    state = new_game(load_variant(FIRST_LEAD), seed=0, deal=SIX)
    apply_all(state, "pass bid:4N pass pass")
    assert (state.phase, state.hand.trump, state.current_player) == ("play", C.NO_TRUMP, N)
    play(state, "AH 9H 9S 9C | KH TS TC 9D | QH JS JC TD | JH QS QC QD | TH KS KC KD | "
                "JD AS AC AD")
    record = last_hand(state)
    assert (record.label, record.tricks, record.deltas) == \
        ("set", (5, 0, 0, 1), (5, -6, 5, -6))


def test_on_six_hearts_alone_the_player_left_of_the_loner_leads_BID_A14() -> None:
    """N's six hearts is alone and fixes `left_of_loner`: S sits out and E, at N's left,
    leads. E's AS is trumped by N's TH; then N leads his five trumps (JH, JD, AH, KH, QH);
    E follows 9H once. N takes all six: N-S +12, E-W 0."""
    state = new_game(load_variant(FIRST_LEAD), seed=0, deal=SIX)
    apply_all(state, "bid:6H")  # the highest bid ends the auction at once
    assert state.hand.inactive == 1 << S and state.current_player == E
    play(state, "AS 9C TH | JH 9H 9D | JD KS TD | AH QS QD | KH JS KD | QH TS AD")
    record = last_hand(state)
    assert (record.label, record.deltas) == ("made", (12, 0, 12, 0))


def test_six_hearts_is_played_alone_the_partner_sitting_out_BID_A13() -> None:
    """`alone: true` on a suit bid: S sits out (the SatOut event names him), N, the maker,
    leads and takes all six with the six top trumps: N-S +12."""
    state = new_game(load_variant(ALONE), seed=0, deal=SIX)
    apply_all(state, "bid:6H")
    assert state.hand.inactive == 1 << S and state.current_player == N
    assert any(isinstance(event, SatOut) for event in state.events)
    play(state, "JH 9H 9D | JD AS TD | AH KS QD | KH QS KD | QH JS AD | TH TS 9C")
    assert last_hand(state).deltas == (12, 0, 12, 0)


# E's misère with his partner: E leads 9H, under N's TH; N then wins every trick, W playing
# under N's JD with 9D (the misère made) or over it with AD (the misère lost: W's tricks count).
MISERE_MADE = "9H 9S 9C TH | JD AS AC 9D | AH KS KC TD | KH QS QC QD | QH JS JC KD | JH TS TC AD"
MISERE_LOST = ("9H 9S 9C TH | JD AS AC AD | 9D AH KS KC | TD KH QS QC | QD QH JS JC | "
               "KD JH TS TC")


def test_a_misere_played_with_the_partner_is_made_when_neither_takes_a_trick_BID_A13() -> None:
    """`alone: false` on the misère (a house rule of partnership Five Hundred): nobody sits
    out, W plays for E. Neither takes a trick: E-W +8, N-S nothing."""
    state = new_game(load_variant(ALONE), seed=0, deal=SIX)
    apply_all(state, "pass bid:misere pass pass")
    assert state.hand.inactive == 0 and state.hand.trump == C.NO_TRUMP
    play(state, MISERE_MADE)
    record = last_hand(state)
    assert (record.label, record.deltas) == ("misere", (0, 8, 0, 8))


def test_a_misere_played_with_the_partner_is_lost_by_the_partners_trick_BID_A13() -> None:
    """W's AD over N's JD takes trick two; W leads his diamonds, which nobody can follow, and
    takes the rest: E-W 5 tricks, the misère is lost, E-W -8."""
    state = new_game(load_variant(ALONE), seed=0, deal=SIX)
    apply_all(state, "pass bid:misere pass pass")
    play(state, MISERE_LOST)
    record = last_hand(state)
    assert (record.label, record.tricks, record.deltas) == \
        ("misere_set", (1, 0, 0, 5), (0, -8, 0, -8))


def test_on_five_no_trump_the_makers_partner_takes_the_kitty_PILE_A7() -> None:
    """N bids five no-trump (`kitty_exchange.seat: partner`): S, not N, takes the four kitty
    cards and discards four; N never sees them. N then leads AH, KH, QH, JH (nobody else has a
    heart) and JD, over W's 9D: five tricks, made: N-S +10."""
    state = new_game(load_variant(KITTY), seed=0, deal=FIVE)
    apply_all(state, "bid:5N")
    kitty = {"9H", "TH", "9S", "9C"}
    assert (state.phase, state.current_player) == ("kitty_exchange", S)
    assert state.hand.kitty == 0 and names(state.hand.hands[S]) == kitty | cards(
        "AC KC QC JC TC")
    assert not names(state.view(N).seen) & kitty
    discard(state, "9H TH 9S 9C")
    assert state.phase == "play" and state.current_player == N
    play(state, "AH AS AC AD | KH KS KC KD | QH QS QC QD | JH JS JC TD | JD TS TC 9D")
    assert last_hand(state).deltas == (10, 0, 10, 0)


def test_on_a_bid_that_names_no_seat_the_maker_takes_the_kitty_PILE_A7() -> None:
    state = new_game(load_variant(KITTY), seed=0, deal=FIVE)
    apply_all(state, "bid:3S pass pass pass")
    assert (state.phase, state.current_player) == ("kitty_exchange", N)
    assert state.hand.hands[N].bit_count() == 9


@pytest.mark.parametrize("path", [FIRST_LEAD, ALONE, KITTY], ids=lambda p: p.stem)
def test_the_conformance_harness_holds_on_the_contract_overlays(path: Path) -> None:
    """Random and bold games: cards conserved, suits followed, clones, replays and hidden
    views after every sampled action."""
    for seed in range(3):
        rng = random.Random(f"{path.stem}/{seed}")
        choose = bold_and_passive(rng) if seed % 2 else rng.choice
        checker = play_checked(new_game(load_variant(path), seed=seed), choose, rng)
        assert checker.count > 0


def test_a_choice_the_setting_lacks_is_a_located_error_with_its_choices(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(FIRST_LEAD.read_text(encoding="utf-8").replace(
        "{play.first_lead: eldest}", "{play.first_lead: left_of_dealer}"), encoding="utf-8")
    error = check_variant(path)[0]
    assert error.message == "`play.first_lead: left_of_dealer` is not a value of " \
                            "`play.first_lead`"
    assert error.hint == "it is one of `eldest`, `maker`, `left_of_loner`, `literal_seed`"
    assert error.location is not None and error.location.line == 14


def test_a_number_for_a_choice_and_a_name_for_a_number_are_located_errors(
        tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(KITTY.read_text(encoding="utf-8").replace(
        "kitty_exchange.seat: partner", "kitty_exchange.seat: 2"), encoding="utf-8")
    error = check_variant(path)[0]
    assert "`kitty_exchange.seat: 2` is not a value" in error.message
    assert error.location is not None and error.location.line == 13
    path.write_text(DATA.joinpath("table-pass-cards.yaml").read_text(encoding="utf-8").replace(
        "pass_cards.cards: 2", "pass_cards.cards: two"), encoding="utf-8")
    error = check_variant(path)[0]
    assert error.message == "`pass_cards.cards: two` is not a value of `pass_cards.cards`"
    assert error.hint.startswith("it is a number from")


def test_the_partner_of_a_lone_bid_cannot_take_the_kitty(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(KITTY.read_text(encoding="utf-8").replace(
        "value: 10, settings", "value: 10, alone: true, settings"), encoding="utf-8")
    error = check_variant(path)[0]
    assert "the maker's partner sits out and cannot take the kitty" in error.message
    assert error.location is not None and error.location.line == 13


@pytest.mark.parametrize("path", [FIRST_LEAD, ALONE, KITTY], ids=lambda p: p.stem)
def test_heuristic_bots_finish_games_on_the_contract_overlays(path: Path) -> None:
    """Ten heuristic games on each overlay end by their rules (30 wins, -30 loses), none at
    the hand limit, and the bids that fix a setting are made in them."""
    v = load_variant(path)
    fixing = {row.name for row in v.rules_of(AuctionRules).table if row.settings or row.alone}
    seen: set[str] = set()
    for seed in range(10):
        state = new_game(v, seed=seed)
        bots = [HeuristicBot(v, seat, seed) for seat in range(4)]
        while not state.is_terminal():
            state.apply(bots[state.current_player].act(state))
        assert not stopped_at_hand_limit(state)
        assert max(state.scores) >= 30 or min(state.scores) <= -30, state.scores
        seen |= {str(record.bid) for record in state.hands_played} & fixing
    assert seen, fixing


def _child(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "child.yaml"
    path.write_text(f"extends: {KITTY}\ndescription: a child.\n{text}", encoding="utf-8")
    return path


def test_seat_partner_for_the_whole_variant_gives_the_kitty_to_the_makers_partner(
        tmp_path: Path) -> None:
    """`kitty_exchange.seat: partner`: on N's three spades S takes the kitty (9 cards)."""
    v = load_variant(_child(tmp_path, "kitty_exchange: {seat: partner}\n"))
    state = new_game(v, seed=0, deal=FIVE)
    apply_all(state, "bid:3S pass pass pass")
    assert (state.phase, state.current_player) == ("kitty_exchange", S)
    assert state.hand.hands[S].bit_count() == 9 and state.hand.hands[N].bit_count() == 5


def test_nobody_exchanges_when_the_partner_sits_out_a_lone_bid(tmp_path: Path) -> None:
    """With `seat: partner`, a bid played alone sits S out: nobody takes the kitty, the play
    starts with the four cards left in it (PILE-A7)."""
    table = ("auction:\n  table:\n    - {tricks: [3, 5], denominations: [S, H], value: tricks}\n"
             "    - {tricks: 5, denomination: NT, value: 10, alone: true}\n"
             "kitty_exchange: {seat: partner}\n")
    state = new_game(load_variant(_child(tmp_path, table)), seed=0, deal=FIVE)
    apply_all(state, "bid:5N")
    assert state.phase == "play" and state.hand.inactive == 1 << S
    assert state.hand.kitty.bit_count() == 4
