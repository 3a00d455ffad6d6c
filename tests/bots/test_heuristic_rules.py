"""The heuristic bot's rules of thumb fixed in issue 14, each on a fixed position of
``standard`` (dealer West, hearts turned up unless said otherwise). Expected plays are the
rules of good Euchre play, worked out by hand in the comments, not the bot's output."""

from __future__ import annotations

from engine import State, new_game
from engine.bots.heuristic import HeuristicBot
from engine.testing.rules import apply_all, variant

N, E, S, W = range(4)


def game(north: str, east: str, south: str, west: str, upcard: str) -> State:
    hands = [h.split() for h in (north, east, south, west)]
    return new_game(variant("standard"), seed=0,
                    deal={"dealer": W, "hands": hands, "upcard": upcard})


def choice(state: State) -> str:
    bot = HeuristicBot(state.variant, state.current_player, seed=1)
    return state.action_name(bot.act(state))


def test_does_not_ruff_a_partners_card_that_no_one_can_beat_in_its_suit() -> None:
    # Hearts trump. North's AC wins trick 1; North leads the KC, now the best club out
    # (the AC is played). East follows with the JC. South has no club: he throws his lowest
    # card, the KD, instead of trumping his partner's winner with the 9H.
    state = game("AC KC 9S TS 9D", "QC JC QS KS TD", "9H TH QD KD AD", "JH AH KH 9C TC", "QH")
    apply_all(state, "order_up pass discard:TC play:AC play:QC play:QD play:9C")
    apply_all(state, "play:KC play:JC")
    assert state.current_player == S
    assert choice(state) == "play:KD"


def test_still_ruffs_when_the_partners_card_can_be_beaten() -> None:
    # North wins trick 1 with the AS and leads the KC while the AC is still out (East holds
    # it, and could still win the trick): South trumps with his lowest trump, the 9H.
    state = game("9C KC AS TS 9D", "QC AC QS KS TD", "9H TH QD KD AD", "JH AH KH JC TC", "QH")
    apply_all(state, "order_up pass discard:TC play:AS play:QS play:QD play:JC")
    apply_all(state, "play:KC play:QC")
    assert state.current_player == S
    assert choice(state) == "play:9H"


def test_follows_low_under_a_partners_ace() -> None:
    # North leads the AC; East follows; South holds two clubs and plays the lower one.
    state = game("AC KC 9S TS 9D", "QC 9C QS KS TD", "JC TC QD KD AD", "JH AH KH 9H TH", "QH")
    apply_all(state, "order_up pass discard:TH play:AC play:9C")
    assert choice(state) == "play:TC"


def test_does_not_order_up_with_only_two_weak_trumps() -> None:
    # North holds the AH and KH (two trumps, no bower) and two side aces: the estimate
    # (0.85 + 0.70 + 0.7 + 0.7 less the help the QH gives the opponents) reaches the bar,
    # but two trumps below the bowers do not make a hand: pass.
    state = game("AH KH AC AS 9D", "QC JC QS KS TD", "9C TC QD KD AD", "JH TH JS 9S 9H", "QH")
    assert choice(state) == "pass"


def test_orders_up_with_two_trumps_when_one_is_a_bower() -> None:
    # The same side aces with the right bower and the 9H: two trumps with a bower are enough.
    state = game("JH 9H AC AS 9D", "QC JC QS KS TD", "9C TC QD KD AD", "AH TH JS 9S KH", "QH")
    assert choice(state) == "order_up"


def test_does_not_name_trump_with_only_two_weak_trumps() -> None:
    # Everyone passes the QH; North names no suit with AS KS (two weak spades) and side aces.
    state = game("AS KS AC AD 9H", "QC JC QS TH TD", "9C TC QD KD JD", "JH AH KH 9S TS", "QH")
    apply_all(state, "pass pass pass pass")
    assert choice(state) == "pass"


def test_dealer_discards_a_singleton_ten_before_a_jack() -> None:
    # West takes the QH: JC, TS, AH, KH, QH, 9H. The JC and the TS are both singletons
    # worth no trick; the lower card goes, and the void it leaves is as good: discard the TS.
    state = game("AC KC 9S QS 9D", "QC 9C AS KS TD", "TC TH QD KD AD", "JC TS AH KH 9H", "QH")
    apply_all(state, "order_up pass")
    assert state.current_player == W
    assert choice(state) == "discard:TS"


def test_dealer_discards_a_low_card_that_leaves_a_void() -> None:
    # West takes the QH: 9D, 9S, TS, AH, KH, QH. The 9D goes (a void in diamonds), not the
    # 9S of a two-card suit.
    state = game("AC KC JS QS KD", "QC 9C AS KS TD", "TC TH QD JC AD", "9D 9S TS AH KH", "QH")
    apply_all(state, "order_up pass")
    assert choice(state) == "discard:9D"
