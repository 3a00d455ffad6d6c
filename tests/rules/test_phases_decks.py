"""Decks from any list of cards (issue 24, item 1): two jokers, high and low (DECK-A4); a trump
ranking without bowers (DECK-A5); ranks that differ by suit and ranks from 2 (DECK-A6); the
joker's place in the draw for the first dealer (DECK-A7). Each from the overlays in tests/data,
played from fixed deals; the expected results are worked out by hand in the comments from the
rules as docs/ambiguities.md states them (DECK-A4 to DECK-A7) and issue 24 gives them.

Seats are numbered clockwise from 0; the dealer's left (the next seat) is eldest and leads.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from engine import load_variant, new_game
from engine.batch.forms import missing
from engine.cli import main
from engine.core import actions as A
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.core.errors import InvalidArgument
from engine.mechanics.dealer_draw import draw_places, first_dealer
from engine.mechanics.events import TrickWon
from engine.rules.expressions import Type, compile_expression
from engine.rules.expressions_tree import Given
from engine.sim.simulate import derive_seed, play_game
from engine.testing.rules import apply_all, overlay, play
from engine.text.rulebook import render_text
from engine.text.rulebook.book import rule_book
from tests.conformance.test_conformance import bold_and_passive, play_checked

DATA = "tests/data/"


def rule_book_text(v: object) -> str:
    return render_text(rule_book(v)).replace("\n     ", " ").replace("\n   ", " ")  # type: ignore[arg-type]


def _winners(state: object) -> list[int]:
    return [e.winner for e in state.events if isinstance(e, TrickWon)]  # type: ignore[attr-defined]


# -- two jokers (DECK-A4) -----------------------------------------------------------------------

# Six players, 32 cards (7 to A) and the two jokers: 30 dealt, the 8H turned, a kitty of 3.
# Seat 0 holds the low joker, seat 1 the high joker, seat 2 the right bower, seat 3 the left.
SIX = {"dealer": 5, "upcard": "8H", "hands": [h.split() for h in (
    "JL 9C 9S 9D TD", "JK 8C 8S 8D 7D", "JH TC TS JC QC", "JD KC KS QS AC", "AH KH QH TH AS",
    "9H 7H JS AD QD")]}


def test_two_jokers_rank_high_above_low_above_the_right_bower_DECK_A4() -> None:
    # Hearts trump. Seat 0 (eldest) orders up and leads the low joker; seat 1's only trump is
    # the high joker, seat 2 plays the right bower, seat 3 the left, then the AH and 9H. Trump
    # order: high joker, low joker, JH, JD, A, ...: the high joker (seat 1) wins.
    v = load_variant(DATA + "six-two-jokers.yaml")
    state = new_game(v, seed=0, deal=SIX)
    assert sorted(C.names(state.hand.kitty)) == ["7C", "7S", "KD"]
    apply_all(state, "order_up pass discard:JS")
    play(state, "JL")
    assert state.legal_actions() == ["play:JK"]  # a joker is a trump: it must follow
    play(state, "JK JH JD AH 9H")
    assert _winners(state) == [1]
    assert v.trick_winner("H", ["JL", "JH"]) == 0  # the low joker beats the right bower
    assert v.trick_winner("S", ["JK", "JL", "JS"]) == 0


def test_at_no_trump_the_high_joker_beats_the_low_one_DECK_A4() -> None:
    # No-trump: the jokers are the two highest cards, the high one first (BID-A8, DECK-A4).
    deck = load_variant(DATA + "six-two-jokers.yaml").deck
    nt = deck.tables(C.NO_TRUMP)
    assert nt.winner([C.card("AH"), C.card("JL"), C.card("JK")]) == 2
    assert nt.winner([C.card("AH"), C.card("JL"), C.card("KH")]) == 1
    low = deck.tables(C.LOW_NO_TRUMP)
    assert low.winner([C.card("JL"), C.card("JK")]) == 1


def test_two_jokers_have_their_codes_and_words_DECK_A4() -> None:
    # JK stays the first joker's code; the second is JL, shown JkL at the terminal.
    assert C.card("JK") == C.JOKER and C.card_name(C.JOKER_LOW) == "JL"
    assert C.pretty(C.JOKER_LOW) == "JkL" and C.card("jl") == C.JOKER_LOW
    v = load_variant(DATA + "six-two-jokers.yaml")
    assert len(v.deck.cards) == 34 and v.deck.cards[-2:] == (C.JOKER, C.JOKER_LOW)
    book = rule_book_text(v)
    assert "the high joker, the low joker, the right bower" in book
    assert "Both jokers belong to the trump suit" in book


def test_JOKER_is_every_joker_and_JK_JL_name_one_DECK_A4() -> None:
    # `count(hand, JOKER)` keeps its meaning (the joker) and counts both jokers of two;
    # `JK` is the high joker, `JL` the low one.
    scope = {"hand": Given.HAND}
    hand = C.mask_of(["JK", "JL", "AH"])
    counts = [compile_expression(f"count(hand, {name})", scope, expected=Type.INT)
              .evaluate({"hand": hand}) for name in ("JOKER", "JK", "JL")]
    assert counts == [2, 1, 1]
    one = C.mask_of(["JK", "AH"])
    assert compile_expression("count(hand, JOKER)", scope, expected=Type.INT).evaluate(
        {"hand": one}) == 1


def test_a_low_joker_or_small_rank_deck_is_refused_by_the_encoding_DECK_A4_A6() -> None:
    # The adapters' tensor holds card ids 0 to 61: a deck with the low joker (62) or the 2 to
    # 5 (64..79) is refused with the reason, so that no shape of the existing variants changes.
    from engine.adapters.encoding import OBSERVATION_SIZE, Encoder  # noqa: PLC0415

    size = OBSERVATION_SIZE
    with pytest.raises(InvalidArgument, match=r"no place for \(JL\)"):
        Encoder(load_variant(DATA + "six-two-jokers.yaml"))
    with pytest.raises(InvalidArgument, match=r"no place for \(5C, 4D, 5D, 4H, \.\.\.\)"):
        Encoder(load_variant(DATA + "deck-43.yaml"))
    assert size == OBSERVATION_SIZE
    Encoder(load_variant("standard-joker"))  # one joker: as before


# -- no bowers (DECK-A5) ------------------------------------------------------------------------

# Four players, 24 cards; W (3) deals and turns the KH; the kitty is QC AC TD.
NO_BOWERS = {"dealer": 3, "upcard": "KH", "hands": [h.split() for h in (
    "AD 9D KS QS 9C", "JD TH AH 9S TS", "KD QD AS JS TC", "QH JH 9H JC KC")]}


def test_without_bowers_the_jack_of_the_same_colour_follows_its_own_suit_DECK_A5() -> None:
    # Hearts trump. N leads the AD: E holds one diamond, the JD, which stays a diamond without
    # bowers, so he must play it (with bowers it would be the left bower, a trump, and E could
    # play anything). The AD wins: the JD is a plain diamond below the ace.
    v = load_variant(DATA + "no-bowers.yaml")
    state = new_game(v, seed=0, deal=NO_BOWERS)
    apply_all(state, "order_up pass discard:KC")
    play(state, "AD")
    assert state.legal_actions() == ["play:JD"]
    play(state, "JD KD JC")
    assert _winners(state) == [0]
    with_bowers = new_game(load_variant("standard"), seed=0, deal=NO_BOWERS)
    apply_all(with_bowers, "order_up pass discard:KC")
    play(with_bowers, "AD")
    assert len(with_bowers.legal_actions()) == 5  # JD is trump there: E is void in diamonds


def test_without_bowers_the_jack_of_trump_ranks_between_queen_and_ten_DECK_A5() -> None:
    v = load_variant(DATA + "no-bowers.yaml")
    assert v.trick_winner("H", ["TH", "JH"]) == 1
    assert v.trick_winner("H", ["JH", "QH"]) == 1
    assert v.trick_winner("H", ["JD", "9H"]) == 1  # the JD is no trump: any trump beats it
    book = rule_book_text(v)
    assert "Trumps rank, high to low: ace, king, queen, jack, 10 and 9." in book
    assert "There are no bowers" in book


def test_without_bowers_the_card_sets_have_no_bowers_DECK_A5() -> None:
    # `trump` is the trump suit (and the jokers); `bowers` is empty; in a deck with bowers
    # `trump` holds the left bower too.
    scope = {"hand": Given.HAND, "trump": Given.TRUMP}
    hand = C.mask_of(["JH", "JD", "AH"])
    env = {"hand": hand, "trump": C.HEARTS}
    plain = [compile_expression(f"count(hand, {s})", scope, expected=Type.INT, bowers=False)
             .evaluate(env) for s in ("trump", "bowers", "left_bower")]
    usual = [compile_expression(f"count(hand, {s})", scope, expected=Type.INT)
             .evaluate(env) for s in ("trump", "bowers", "left_bower")]
    assert plain == [2, 0, 0] and usual == [3, 2, 1]


def test_a_deck_without_bowers_falls_back_to_the_scalar_engine_saying_why() -> None:
    why = missing(load_variant(DATA + "no-bowers.yaml"))
    assert why is not None and "without bowers" in why


# -- ranks by suit and ranks from 2 (DECK-A6) ---------------------------------------------------

def test_the_43_card_deck_deals_ten_to_four_and_a_kitty_of_three_DECK_A6() -> None:
    # Hearts and diamonds 4 to A (11 each), clubs and spades 5 to A (10 each), the joker:
    # 22 + 20 + 1 = 43 cards; 4 x 10 dealt and 3 in the kitty: every card dealt once.
    v = load_variant(DATA + "deck-43.yaml")
    assert len(v.deck.cards) == 43
    names = set(C.names(v.deck.mask))
    assert {"4H", "4D", "5C", "5S", "JK"} <= names and not {"4C", "4S", "3H"} & names
    for seed in range(5):
        state = new_game(v, seed=seed)
        hands = state.hand.hands[:4]
        assert [h.bit_count() for h in hands] == [10] * 4
        assert state.hand.kitty.bit_count() == 3
        every = state.hand.kitty
        for h in hands:
            assert not every & h
            every |= h
        assert every == v.deck.mask


def test_the_small_ranks_rank_below_the_six_DECK_A6() -> None:
    # A trump 4 beats a led ace; a 5 is below a 6 in its suit; at low no-trump the 4 of the
    # suit led wins over its ace (every suit upside down, BID-A9).
    v = load_variant(DATA + "deck-43.yaml")
    assert v.trick_winner("H", ["AS", "4H"]) == 1
    assert v.trick_winner("S", ["6C", "5C"]) == 0
    assert v.trick_winner("S", ["5S", "JK"]) == 1
    assert v.deck.tables(C.LOW_NO_TRUMP).winner([C.card("AH"), C.card("4H")]) == 1
    assert C.card("10H") == C.card("TH") and C.card_name(C.card("4h")) == "4H"
    assert A.name_of(A.card_action(A.PLAY, C.card("4H"))) == "play:4H"
    assert A.card_of(A.action_id("discard:5S")) == C.card("5S")


@pytest.mark.parametrize("name", ["deck-43", "six-two-jokers", "no-bowers", "draw-joker-low"])
@pytest.mark.parametrize("seed", range(2))
def test_the_conformance_harness_holds_over_the_deck_overlays(name: str, seed: int) -> None:
    # Legal actions, follow-suit, trick winners by the harness's own ranking, hidden cards,
    # replay: over whole games of each overlay (odd seeds pass and go alone often).
    rng = random.Random(f"decks/{name}/{seed}")
    choose = bold_and_passive(rng) if seed % 2 else rng.choice
    checker = play_checked(new_game(load_variant(DATA + name + ".yaml"), seed=seed), choose, rng)
    assert checker.count > 0


def test_the_43_card_deck_says_its_ranks_by_suit_and_runs_in_batch() -> None:
    # the 2 to 5 sit in a batch mask at second-copy bits of their suit that are no jack's
    # (their play replayed through the scalar engine: tests/batch/test_batch_five_hundred.py)
    v = load_variant(DATA + "deck-43.yaml")
    book = rule_book_text(v)
    assert "of clubs and spades, the 4, 5, 6" in book and "43 cards in all" in book
    assert missing(v) is None


def test_five_hundreds_three_handed_deck_is_writable_DECK_A6() -> None:
    # 7 to A in every suit and the joker: 33 cards, ten each and a kitty of three.
    v = overlay("extends: three-handed\ndescription: x\ndeck: {ranks: \"7-A\", jokers: 1}\n")
    assert len(v.deck.cards) == 33


# -- the joker in the draw (DECK-A7) ------------------------------------------------------------

def test_the_joker_draws_lowest_and_its_drawer_deals_DECK_A7() -> None:
    # With `joker: lowest` the joker ranks below the ace (the lowest rank of the draw); the
    # lowest card deals, so a seat that drew the joker and was not tied deals.
    v = load_variant(DATA + "draw-joker-low.yaml")
    places = draw_places(v)
    assert places[C.JOKER] == len(v.dealer.draw_ranking) > places[C.card("AS")]
    seen = 0
    for seed in range(300):
        s = SimpleNamespace(rng=random.Random(seed), draw={})
        dealer = first_dealer(v, s)
        jokers = [seat for seat, cards in s.draw.items() if cards[0] == C.JOKER]
        if jokers:
            assert dealer == jokers[0]
            seen += 1
    assert seen > 10  # the joker is drawn in about 4 draws of 25 (16%)
    assert "the joker included: in the draw it ranks below every other card" in \
        rule_book_text(v)


def test_two_jokers_draw_in_their_order_DECK_A7() -> None:
    # `joker: highest`: both jokers above the king (the highest rank of the draw), the high
    # joker above the low one.
    v = overlay("extends: standard-six\ndescription: x\ndeck: {jokers: 2}\n"
                "upcard_bidding: {joker_upcard: dealer_names}\n"
                "dealer: {draw: {joker: highest}}\n")
    places = draw_places(v)
    assert places[C.JOKER] == -2 < places[C.JOKER_LOW] == -1 < places[C.card("KH")] == 0


# -- euchre show ---------------------------------------------------------------------------------

def test_euchre_show_names_each_deck_setting_and_the_defaults_it_supplies(
        capsys: pytest.CaptureFixture[str]) -> None:
    # The ranks by suit with their file and line; the bowers and the draw's joker, which no
    # file of deck-43 writes, as the commented defaults the compiler supplies.
    assert main(["show", DATA + "deck-43.yaml"]) == 0
    out = capsys.readouterr().out
    assert "    black: 5-A  # tests/data/deck-43.yaml:7" in out
    assert "    red: 4-A  # tests/data/deck-43.yaml:7" in out
    assert "  # bowers: true  # default" in out and "    # joker: out  # default" in out
    assert main(["show", DATA + "no-bowers.yaml"]) == 0
    out = capsys.readouterr().out
    assert "  bowers: false  # tests/data/no-bowers.yaml:6" in out
    assert "  # bowers: true" not in out


# -- bots ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["deck-43", "six-two-jokers", "no-bowers"])
def test_the_heuristic_bot_plays_the_new_decks_to_the_end_of_their_games(name: str) -> None:
    # Every action a legal one (play_game would raise otherwise); every game ends by its rules,
    # well before the safety stop (`game.max_hands`).
    v = load_variant(DATA + name + ".yaml")
    bot = BotSpec.parse("heuristic")
    for game in range(6):
        record = play_game(v, derive_seed(24, game), [bot] * v.players)
        assert len(record.hands_played) < v.game.max_hands
        assert record.winners
