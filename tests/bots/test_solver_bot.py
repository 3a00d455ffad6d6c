"""The ``solver`` bot (issue 26): named ``solver:N`` in ``--bots``, deterministic for a seed,
weighing its worlds by the bidding, and free of two weak plays card players report of bots,
each from a fixed deal."""

from __future__ import annotations

import random

import pytest

from engine import new_game
from engine.bots import make_bot, parse_bots
from engine.bots.determinize import determinize
from engine.bots.solver_bot import DEFAULT_WORLDS, SolverBot
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.core.errors import EuchreError
from engine.play.state import State
from engine.rules.results import Deal
from engine.testing.rules import variant


def test_solver_n_names_a_solver_bot_with_n_worlds() -> None:
    assert parse_bots("solver:12,solver", 2) == (BotSpec(name="solver", simulations=12),
                                                 BotSpec(name="solver"))
    bot = make_bot(BotSpec.parse("solver:12"), variant("standard"), 1, seed=3)
    assert isinstance(bot, SolverBot) and bot.worlds == 12
    plain = make_bot(BotSpec.parse("solver"), variant("standard"), 1, seed=3)
    assert isinstance(plain, SolverBot) and plain.worlds == DEFAULT_WORLDS


@pytest.mark.parametrize(("spec", "message"), [
    ("solver:0", "N in solver:N is a number of worlds per decision, 1 to 100000"),
    ("solver:lots", "N in solver:N is a number of worlds"),
    ("greedy:3", "solver a number of worlds"),
])
def test_a_bad_solver_name_is_refused_with_the_reason(spec: str, message: str) -> None:
    with pytest.raises(EuchreError, match=message):
        parse_bots(spec, 4)


def test_the_same_seed_gives_the_same_decisions() -> None:
    v = variant("cutthroat")
    runs = []
    for _ in range(2):
        state = new_game(v, seed=5)
        bots = [SolverBot(v, seat, seed=seat, worlds=3) for seat in range(v.players)]
        for _ in range(25):
            state.apply(bots[state.current_player].act(state))
        runs.append(state.history_ids)
    assert runs[0] == runs[1]


def _deal(name: str, dealer: int, upcard: str, hands: list[list[str]], *actions: str) -> State:
    v = variant(name)
    state = State(v, seed=1, deals=[Deal.from_json(v, {"dealer": dealer, "upcard": upcard,
                                                       "hands": hands})])
    for action in actions:
        state.apply(action)
    return state


def test_a_seat_that_passed_is_less_likely_to_hold_a_strong_hand() -> None:
    # Seat 0 passed the 9H; seat 1 (the bot) weighs worlds: a world in which seat 0 holds
    # both bowers and two more hearts (four trumps with the two best: a hand that orders up
    # by any count) must weigh much less than one where it holds no heart at all.
    state = _deal("standard", 3, "9H",
                  [["9C", "TC", "JC", "QC", "KC"], ["9D", "TD", "QD", "KD", "AD"],
                   ["9S", "TS", "QS", "KS", "AS"], ["TH", "QH", "KH", "AC", "JS"]], "pass")
    bot = SolverBot(state.variant, 1, seed=2, worlds=4)
    rng = random.Random(1)
    strong = weak = None
    for _ in range(400):
        world = determinize(state, 1, rng)
        hearts = world.hand.hands[0] & C.mask_of(["JH", "JD", "AH", "KH", "QH", "TH"])
        bowers = C.mask_of(["JH", "JD"])
        if hearts.bit_count() >= 4 and hearts & bowers == bowers and strong is None:
            strong = bot.weight(state, world)
        if not hearts and weak is None:
            weak = bot.weight(state, world)
    assert strong is not None and weak is not None
    assert strong < weak / 4


def test_the_worlds_kept_give_the_passers_fewer_trumps_and_bowers() -> None:
    # standard, the 9H turned; seats 0, 1 and 2 passed it and the bot, the dealer, decides.
    # It holds no heart (9C TC 9D TD 9S): the six other trumps (JH JD AH KH QH TH) lie among
    # the 18 cards it cannot see, 15 in the passers' hands and 3 in the kitty. Dealt at random
    # (one candidate a world, no weighting) the passers hold 6 * 15 / 18 = 5.0 of them on
    # average, 2 * 15 / 18 = 1.67 bowers, and one passer holds both bowers with chance
    # 3 * (5/18) * (4/17) = 0.196. Kept by the bidding's weight, a world in which a passer
    # holds a hand he would have ordered up on is rarer: fewer trumps and bowers with the
    # passers (more in the kitty) and both bowers in one passer's hand less often.
    state = _deal("standard", 3, "9H",
                  [["JC", "QC", "KC", "AC", "JS"], ["QD", "KD", "AD", "TS", "QS"],
                   ["KS", "AS", "JH", "JD", "AH"], ["9C", "TC", "9D", "TD", "9S"]],
                  "pass", "pass", "pass")
    assert state.current_player == 3
    trumps = C.mask_of(["JH", "JD", "AH", "KH", "QH", "TH"])
    bowers = C.mask_of(["JH", "JD"])
    counts = {}
    for candidates in (1, 4):
        bot = SolverBot(state.variant, 3, seed=2, candidates=candidates)
        rng = random.Random(1)
        held_trumps = held_bowers = both = 0
        n = 1000
        for _ in range(n):
            hands = bot.sample(state, rng).hand.hands[:3]
            passers = hands[0] | hands[1] | hands[2]
            held_trumps += (passers & trumps).bit_count()
            held_bowers += (passers & bowers).bit_count()
            both += any(hand & bowers == bowers for hand in hands)
        counts[candidates] = (held_trumps / n, held_bowers / n, both / n)
    plain, weighted = counts[1], counts[4]
    assert plain[0] == pytest.approx(5.0, abs=0.1)
    assert plain[1] == pytest.approx(1.67, abs=0.05)
    assert plain[2] == pytest.approx(0.196, abs=0.03)
    assert weighted[0] < plain[0] - 0.1
    assert weighted[1] < plain[1] - 0.04
    assert weighted[2] < plain[2] - 0.04


def test_a_maker_passing_on_a_lone_hand_is_no_pass_of_the_bidding() -> None:
    # standard: seat 0 ordered up the 9H to the dealer (seat 3) and did not go alone (the
    # go_alone phase's "pass"): that pass is not a bid on the 9H. Seat 0's JH JD AH KH 9C
    # count 1.0 + 0.85 + 0.70 + 0.55 (heuristic_numbers.TRUMP_VALUE by place) + 0.2 * 2
    # (trumps beyond two) + 0.25 * 2 (void in spades and diamonds) = 4.0 tricks, less half
    # the 9H's 0.35 (it goes to the other side) = 3.825, against the threshold 3 - 0.7 = 2.3:
    # ordering up has the chance 1 / (1 + exp(-1.525 / 0.5)) = 0.955. Not going alone with
    # 4.0 tricks, below the heuristic's 4.2 for a lone hand: 1 / (1 + exp(-0.2 / 0.5)) =
    # 0.599. The true deal seen from seat 1 must weigh 0.955 * 0.599 = 0.572; read as a pass
    # on the 9H as well it would weigh 0.045 times that.
    state = _deal("standard", 3, "9H",
                  [["JH", "JD", "AH", "KH", "9C"], ["TC", "JC", "QC", "KC", "AC"],
                   ["TD", "QD", "KD", "AD", "9S"], ["TS", "JS", "QS", "KS", "AS"]],
                  "order_up", "pass")
    assert state.phase != "upcard_bidding"
    bot = SolverBot(state.variant, 1, seed=2)
    assert bot.weight(state, state.clone()) == pytest.approx(0.572, abs=0.002)


@pytest.mark.parametrize("solve_bids", [False, True])
def test_no_lone_hand_on_a_marginal_hand_and_one_on_a_sure_march(solve_bids: bool) -> None:
    # standard, seat 0 ordered the 9H up to the dealer. With JH AH KH and two low side cards
    # (9S TC) a lone hand needs all five tricks to gain (4 points against 2 with the partner)
    # and cannot take them without the left bower and a side winner, while the partner's help
    # makes the point safer: it must not go alone. With JH JD AH KH and AS (the three top
    # trumps and a side ace) the march is all but sure: it must go alone.
    marginal = _deal("standard", 3, "9H",
                     [["JH", "AH", "KH", "9S", "TC"], ["9C", "JC", "QC", "AS", "TS"],
                      ["AC", "KC", "QS", "KS", "JS"], ["TH", "QH", "AD", "KD", "QD"]],
                     "order_up")
    sure = _deal("standard", 3, "9H",
                 [["JH", "JD", "AH", "KH", "AS"], ["9C", "TC", "QC", "9S", "TS"],
                  ["AC", "KC", "QS", "KS", "JS"], ["TH", "QH", "AD", "KD", "QD"]],
                 "order_up")
    # Both ways of deciding it: by the search (the default) and by the worlds solved.
    for seed in range(3):
        bot = SolverBot(marginal.variant, 0, seed, solve_bids=solve_bids)
        assert marginal.action_name(bot.act(marginal)) == "pass"
        bot = SolverBot(sure.variant, 0, seed, solve_bids=solve_bids)
        assert sure.action_name(bot.act(sure)) == "alone"


def test_no_trump_wasted_on_the_partners_winning_trick() -> None:
    # standard, hearts trump (seat 1 ordered the 9H up to his partner, the dealer, who threw
    # the 9D). Seat 0 led KS, the partner (seat 1) took it with AS, seat 2 followed 9S: the
    # dealer plays last, void in spades, and the trick is his side's whatever he plays. A
    # trump here wins nothing and leaves him a club to lead later: he discards a club.
    state = _deal("standard", 3, "9H",
                  [["KS", "QS", "JC", "QC", "KC"], ["AS", "AH", "KH", "AD", "KD"],
                   ["TS", "9S", "JS", "AC", "QD"], ["TH", "QH", "9C", "TC", "9D"]],
                  "pass", "order_up", "pass", "discard:9D", "play:KS", "play:AS", "play:9S")
    assert state.current_player == 3
    for seed in range(3):
        card = state.action_name(SolverBot(state.variant, 3, seed).act(state))
        assert card in ("play:9C", "play:TC"), card


def test_no_trump_led_to_a_stuck_dealer() -> None:
    # stick-the-dealer: the JS was turned down, everyone passed twice and the dealer (seat 3)
    # was stuck: he named clubs with JC KC and three cards of other suits; his partner holds
    # TC QC. Seat 0 leads with AC (his only trump), TD, KH AH, QS; his partner holds the 9C.
    # Strategy: a defender does not lead trump into the makers: the AC draws his partner's
    # only trump (the 9C must follow) and the makers' four trumps take the rest of the hand,
    # while a heart lead (KH, then AH) takes tricks in the suit the stuck dealer could not
    # name and keeps AC and 9C to ruff or overtake the makers' trumps: the defenders euchre
    # the dealer (by the exact play of this deal: leading AC, TD or QS lets the makers take
    # three tricks; KH or AH euchres them). The bot must lead a heart. Over 400 worlds drawn
    # by the bidding (the passers weak, so the stuck dealer holds more) KH is worth 0.30
    # points a hand, AC 0.18: a margin that 24 worlds do not always see (3 seeds in 10 led
    # the AC), 96 do.
    state = _deal("stick-the-dealer", 3, "JS",
                  [["AC", "TD", "KH", "AH", "QS"], ["TC", "QC", "9D", "9H", "TS"],
                   ["9C", "KD", "AD", "9S", "AS"], ["JC", "KC", "QD", "JH", "QH"]],
                  *["pass"] * 7, "call:C", "pass")
    assert state.phase == "play" and state.current_player == 0
    for seed in range(3):
        card = state.action_name(SolverBot(state.variant, 0, seed, worlds=96).act(state))
        assert card in ("play:KH", "play:AH"), card
