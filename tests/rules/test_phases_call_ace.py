"""The `call-ace` variant, from fixed deals and through its scoring table: the maker calls the
ace of a plain suit; its holder is his partner for the hand, known to the holder at once and
to everyone else when the ace is played (CALL-A1, CALL-A2, CALL-A6); an ace nobody holds
leaves the maker alone, scored as a lone hand (CALL-A5). Scores go to each member of a side:
3-4 tricks +1 each, a march +2 each (CALL-A4), a lone march +5 (CALL-A3), euchred +2 to each
opponent.

Five seats, 0..4 clockwise; seat 4 deals, so seat 0 is eldest and leads. The deck is 8 to A
(28 cards): 25 dealt, the upcard and two more in the kitty. Expected points are worked out by
hand from the rules in the comments.
"""

from __future__ import annotations

import pytest

from engine import State, new_game
from engine.core import cards as C
from engine.core.errors import InvalidArgument
from engine.core.errors import Refusal as R
from engine.mechanics.call_partner import CallPartnerResult, CallPartnerView
from engine.testing.rules import apply_all, last_hand, overlay, play, refuse, variant

DEALER = 4

# Seat 0 holds the five best hearts; seat 1 holds the ace of spades; the upcard is the 10 of
# hearts; 8H and 9H lie in the kitty.
ACE_HELD = {"dealer": DEALER, "upcard": "TH", "hands": [h.split() for h in (
    "JH JD AH KH QH", "AS 8C 9C 8D 9D", "AC KC QC 8S 9S", "AD KD QD TS JS", "KS QS TC JC TD")]}
# The same, but the ace of clubs lies in the kitty (seat 2 holds the 8 of hearts instead).
ACE_BURIED = {"dealer": DEALER, "upcard": "TH", "hands": [h.split() for h in (
    "JH JD AH KH QH", "AS 8C 9C 8D 9D", "8H KC QC 8S 9S", "AD KD QD TS JS", "KS QS TC JC TD")]}
# Seat 0 holds the three plain aces: with hearts trump he has no ace to call.
ALL_ACES = {"dealer": DEALER, "upcard": "TH", "hands": [h.split() for h in (
    "AC AD AS JH AH", "KH 8C 9C 8D 9D", "QH KC QC 8S 9S", "JD KD QD TS JS", "KS QS TC JC TD")]}



def call(state: State, seat: int) -> CallPartnerView:
    """The call as ``seat``'s view shows it (CALL-A6)."""
    return CallPartnerView.of(state.view(seat))

def _made(deal: dict[str, object], *, name: str = "call-ace") -> State:
    """Seat 0 orders hearts up; the dealer takes the 10 of hearts and discards the 10 of
    diamonds. The maker is now to call."""
    v = variant(name) if name == "call-ace" else overlay(name)
    return apply_all(new_game(v, seed=0, deal=deal), "order_up discard:TD")


def _setting(line: str) -> str:
    """A variant file that extends call-ace with one `call_partner` setting."""
    return f"extends: call-ace\ndescription: 'call-ace, {line}'\ncall_partner: {{{line}}}\n"


# Every card of each trick, seats 0..4 in turn (seat 0 leads each trick with a top trump).
MARCH = "JH 8C 8S TS TH | JD 9C 9S JS TC | AH 8D QC QD JC | KH 9D KC KD QS | QH AS AC AD KS"


def test_the_maker_calls_a_plain_ace_he_does_not_hold_CALL_A1_CALL_A2() -> None:
    state = _made(ACE_HELD)
    assert state.phase == "call_partner" and state.current_player == 0
    # hearts are trump: the plain aces are AC, AD and AS; seat 0 holds none of them
    assert state.legal_actions() == ["alone", "partner:AC", "partner:AD", "partner:AS"]
    assert "partner" in refuse(state, "partner:KS", R.NOT_CALLABLE)


def test_a_maker_holding_every_plain_ace_can_only_go_alone_CALL_A2() -> None:
    state = _made(ALL_ACES)
    assert state.legal_actions() == ["alone"]


def test_with_own_true_the_maker_may_call_his_own_ace_and_is_secretly_alone_CALL_A2() -> None:
    state = _made(ALL_ACES, name=_setting("own: true"))
    assert state.legal_actions() == ["alone", "partner:AC", "partner:AD", "partner:AS"]
    state.apply("partner:AS")
    assert state.hand.sides[0] == (0,)
    assert call(state, 0).partner == 0 and call(state, 2).partner == -1  # only he knows


def test_with_card_any_every_plain_card_he_does_not_hold_may_be_called_CALL_A1() -> None:
    state = _made(ACE_HELD, name=_setting("card: any"))
    legal = state.legal_actions()
    # 28 cards less the 7 hearts and the left bower (JD) are plain: 20; he holds none
    assert len([a for a in legal if a.startswith("partner:")]) == 20
    assert "partner:JD" not in legal and "partner:KS" in legal


def test_the_holder_of_the_called_ace_is_the_partner_and_both_score_a_march_CALL_A4() -> None:
    state = apply_all(_made(ACE_HELD), "partner:AS")
    play(state, MARCH)
    record = last_hand(state)
    # seat 0 took every trick; seat 1 held the AS: a march, +2 to each of them
    assert record.tricks == (5, 0, 0, 0, 0) and record.label == "march"
    assert record.deltas == (2, 2, 0, 0, 0)
    assert record.parts["call_partner"] == CallPartnerResult(called="AS", partner=1)
    assert record.makers == (0, 1)


def test_the_holder_knows_at_once_and_the_others_when_the_ace_is_played_CALL_A6() -> None:
    state = apply_all(_made(ACE_HELD), "partner:AS")
    assert [call(state, seat).partner for seat in range(5)] == [-1, 1, -1, -1, -1]
    assert all(call(state, seat).called == C.card("AS") for seat in range(5))
    play(state, "JH")
    assert call(state, 0).partner == -1
    play(state, "AS")  # seat 1 has no heart and shows the called ace
    assert [call(state, seat).partner for seat in range(5)] == [1, 1, 1, 1, 1]


def test_a_called_ace_nobody_holds_leaves_the_maker_alone_unknowing_CALL_A5() -> None:
    state = apply_all(_made(ACE_BURIED), "partner:AC")
    assert state.hand.sides == ((0,), (1, 2, 3, 4))
    assert [call(state, seat).partner for seat in range(5)] == [-1] * 5  # nobody is told
    assert state.view(0).alone == ()
    play(state, "JH 8C 8H TS TH | JD 9C 8S JS TC | AH 8D QC QD JC | KH 9D KC KD QS | "
                "QH AS 9S AD KS")
    record = last_hand(state)
    # seat 0 took all five alone: a lone march, 5 to him only (CALL-A3, CALL-A5)
    assert record.label == "lone_march" and record.deltas == (5, 0, 0, 0, 0)
    assert record.alone == (0,)
    assert record.part(CallPartnerResult) == CallPartnerResult(called="AC", partner=None)
    assert record.makers == (0,)


def test_with_buried_partners_an_unheld_ace_is_scored_as_a_partnership_hand_CALL_A5() -> None:
    state = _made(ACE_BURIED, name=_setting("buried: partners"))
    apply_all(state, "partner:AC")
    play(state, "JH 8C 8H TS TH | JD 9C 8S JS TC | AH 8D QC QD JC | KH 9D KC KD QS | "
                "QH AS 9S AD KS")
    record = last_hand(state)
    assert record.label == "march" and record.deltas == (2, 0, 0, 0, 0)


def test_a_maker_who_goes_alone_has_no_partner_and_nobody_sits_out() -> None:
    state = apply_all(_made(ACE_HELD), "alone")
    assert state.hand.inactive == 0 and call(state, 1).partner == -1
    play(state, MARCH)
    record = last_hand(state)
    assert record.label == "lone_march" and record.deltas == (5, 0, 0, 0, 0)


# The table (RULES 3.11): maker 1 called the ace held by seat 3 (makers 1 and 3).
@pytest.mark.parametrize(("tricks", "makers", "alone", "label", "deltas"), [
    ((1, 2, 0, 1, 1), (1, 3), (), "made", (0, 1, 0, 1, 0)),        # 3 tricks: +1 each
    ((0, 2, 0, 2, 1), (1, 3), (), "made", (0, 1, 0, 1, 0)),        # 4 tricks: +1 each
    ((0, 3, 0, 2, 0), (1, 3), (), "march", (0, 2, 0, 2, 0)),       # 5: +2 each (CALL-A4)
    ((1, 1, 1, 1, 1), (1, 3), (), "euchre", (2, 0, 2, 0, 2)),      # 2: +2 each opponent
    ((2, 0, 2, 0, 1), (1, 3), (), "euchre", (2, 0, 2, 0, 2)),      # none: +2 each opponent
    ((1, 3, 0, 0, 1), (1,), (1,), "made", (0, 1, 0, 0, 0)),        # alone 3: +1
    ((0, 5, 0, 0, 0), (1,), (1,), "lone_march", (0, 5, 0, 0, 0)),  # alone 5: +5 (CALL-A3)
    ((1, 2, 1, 0, 1), (1,), (1,), "euchre", (2, 0, 2, 2, 2)),      # alone euchred: 2 each
])
def test_the_call_ace_table_scores_each_member_of_a_side(
        tricks: tuple[int, ...], makers: tuple[int, ...], alone: tuple[int, ...], label: str,
        deltas: tuple[int, ...]) -> None:
    result = variant("call-ace").score_hand(dealer=0, maker=1, makers=makers, alone=alone,
                                            tricks=list(tricks), scores=[0] * 5)
    assert result.deltas == deltas and result.label == label


def test_several_players_reaching_10_the_highest_wins_a_shared_top_plays_on_CTD_A10() -> None:
    v = variant("call-ace")
    # makers 1 and 3 march (+2 each) from 8: both reach 10, a shared top: play on
    tie = v.score_hand(dealer=0, maker=1, makers=(1, 3), tricks=[0, 3, 0, 2, 0],
                       scores=[0, 8, 0, 8, 0])
    assert tie.scores == (0, 10, 0, 10, 0) and not tie.game_over
    won = v.score_hand(dealer=0, maker=1, makers=(1, 3), tricks=[0, 3, 0, 2, 0],
                       scores=[0, 9, 0, 8, 0])
    assert won.game_over and won.winners == (1,)


def test_score_hand_refuses_makers_that_are_not_the_maker_and_one_partner() -> None:
    v = variant("call-ace")
    with pytest.raises(InvalidArgument, match="must be one of the makers"):
        v.score_hand(dealer=0, maker=1, makers=(2, 3), tricks=[1] * 5, scores=[0] * 5)
    with pytest.raises(InvalidArgument, match="at most one called partner"):
        v.score_hand(dealer=0, maker=1, makers=(1, 2, 3), tricks=[1] * 5, scores=[0] * 5)
    with pytest.raises(InvalidArgument, match="has no partner"):
        v.score_hand(dealer=0, maker=1, makers=(1, 2), alone=(1,), tricks=[1] * 5,
                     scores=[0] * 5)
    with pytest.raises(InvalidArgument, match="makers are fixed"):
        variant("standard").score_hand(dealer=0, maker=1, makers=(1,), tricks=[1, 2, 1, 1],
                                       scores=[0] * 4)
