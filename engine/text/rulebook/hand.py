"""Renderers for the phases that deal the cards, change hands and play the tricks:
``deal``, ``go_alone``, ``dummy_merge`` and ``play``."""

from __future__ import annotations

from engine.mechanics.dummy_merge import DummyMergeRules
from engine.mechanics.go_alone import GoAloneRules
from engine.mechanics.play import PlayRules
from engine.rules.variant import Variant
from engine.text.rulebook.model import Rule, Section
from engine.text.rulebook.words import join, number, setting

__all__ = ["deal_rules", "dummy_merge_rules", "go_alone_rules", "play_rules"]

_EXTRA_WORDS = {"dummy": "the dummy", "ghost": "the ghost hand"}


def extra_hand_word(name: str) -> str:
    """``the dummy``, ``the ghost hand``."""
    return _EXTRA_WORDS.get(name, f"the {name} hand")


def deal_rules(v: Variant) -> Section:
    """Phase ``deal``: hands, extra hands, packets, kitty and upcard."""
    deal = v.deal
    extras = [extra_hand_word(name) for name in deal.extra_hands]
    to_whom = "each player" + (f" and to {join(extras)}" if extras else "")
    rules = [Rule(text=f"The dealer deals {deal.hand_size} cards to {to_whom}, clockwise, "
                  "starting with eldest and ending with himself.")]
    if extras:
        rules.append(Rule(text=f"{join(extras).capitalize()} is dealt as if it were a player "
                          "sitting at the dealer's right: it receives its cards just before the "
                          "dealer (CTD-A7, GH-A15). It lies face down and no one sees it."))
    rules.append(_packets_rule(v))
    rules.append(_kitty_rule(v))
    return Section(title="Dealing", rules=tuple(rules), phase="deal")


def _packets_rule(v: Variant) -> Rule:
    packets = v.deal.packets
    if all(size == 1 for packet_round in packets for size in packet_round):
        return Rule(text="The cards are dealt one at a time.",
                    alternative="`deal.packets` can deal them in packets instead, such as 3 "
                    "and 2, then 2 and 3.")
    rounds = [f"{join([str(size) for size in packet_round])} cards" for packet_round in packets]
    if len(rounds) == 1:
        said = f"in one round of packets of {rounds[0]}"
    else:
        said = "in rounds of packets: " + "; then ".join(rounds)
    return Rule(text=f"The cards are dealt {said}, each round in dealing order from eldest "
                "(STD-A5).",
                alternative=f"{setting('deal.packets', 'one_at_a_time')} deals one card at "
                "a time.")


def _kitty_rule(v: Variant) -> Rule:
    left = len(v.deck.cards) - v.deal.positions * v.deal.hand_size
    if left == 0:
        return Rule(text="The whole pack is dealt: there is no kitty and no upcard.")
    if v.deal.upcard:
        return Rule(text=f"The {number(left)} cards left over form the kitty, face down. Its "
                    "top card is turned face up: this upcard proposes trump.")
    return Rule(text=f"The {number(left)} cards left over are set aside unseen; no card is "
                "turned up.")


def go_alone_rules(v: Variant) -> Section:
    """Phase ``go_alone``: lone makers and lone defenders."""
    rules_of = v.rules(GoAloneRules)
    assert rules_of is not None
    has_dummy = "dummy_merge" in v.flow
    rules: list[Rule] = []
    if rules_of.maker:
        if v.sides.kind == "teams":
            sits_out = "his partner lays his cards face down and sits the hand out"
        else:
            sits_out = "he gives up the dummy, which is set aside unseen (CTD-A13)"
        rules.append(Rule(text=f"Once trump is fixed, the maker may go alone: {sits_out}.",
                          alternative=f"{setting('go_alone.maker', 'false')} forbids it."))
    else:
        rules.append(Rule(text="The maker may not go alone.",
                          alternative=f"{setting('go_alone.maker', 'true')} allows it."))
    if has_dummy and v.flow.index("go_alone") < v.flow.index("dummy_merge"):
        rules.append(Rule(text="The maker decides before he sees the dummy (CTD-A14)."))
    rules.append(_defender_rule(v))
    return Section(title="Going alone", rules=tuple(rules), phase="go_alone")


def _defender_rule(v: Variant) -> Rule:
    rules_of = v.rules(GoAloneRules)
    assert rules_of is not None
    if not rules_of.defender:
        return Rule(text="A defender may not go alone (STD-A9).",
                    alternative=f"{setting('go_alone.defender', 'true')} lets one defender "
                    "go alone.")
    against = ("Against a lone maker, one defender" if rules_of.defender_needs_lone_maker
               else "Then one defender")
    start = ("the maker's left" if rules_of.defender_order == "maker_left"
             else "the dealer's left")
    other_start = "eldest" if rules_of.defender_order == "maker_left" else "maker_left"
    need = ("" if rules_of.defender_needs_lone_maker else
            " This is allowed whether or not the maker is alone.")
    need_alt = (f"{setting('go_alone.defender_needs_lone_maker', 'false')} allows it against "
                "any maker" if rules_of.defender_needs_lone_maker else
                f"{setting('go_alone.defender_needs_lone_maker', 'true')} allows it only "
                "against a lone maker (RAIL-A2)")
    return Rule(text=f"{against} may also go alone; his partner sits the hand out. The "
                f"defenders are asked in turn clockwise from {start}, and the first to say so "
                f"plays alone (CTD-A8).{need}",
                alternative=f"{need_alt}; {setting('go_alone.defender_order', other_start)} "
                "asks the defenders in the other order.")


def dummy_merge_rules(v: Variant) -> Section:
    """Phase ``dummy_merge``: the maker takes up the dummy and discards."""
    merge = v.rules(DummyMergeRules)
    assert merge is not None
    size = v.deal.hand_size
    keep = (f"keeps any {size} of them, his own {size} included (CTD-A3)" if merge.mode == "choose"
            else f"keeps {size} of them, at least one of which must come from the dummy")
    text = (f"A maker who is not alone adds the dummy to his hand and discards face down until "
            f"he holds {size} cards again: he {keep}.")
    if "dealer_pickup" in v.flow:
        text += (f" A dealer who took up the upcard and is the maker chooses {size} of "
                 f"{2 * size + 1}.")
    if merge.mode == "optional":
        text = ("A maker who is not alone first says whether he takes the dummy (`merge`) or "
                f"not (`keep`). If he takes it, he adds it to his hand and discards face down "
                f"until he holds {size} cards again; if not, the dummy is set aside unseen.")
    others = {"choose": ("at_least_one", "makes him keep at least one dummy card"),
              "at_least_one": ("choose", "lets him keep his own cards and none of the dummy"),
              "optional": ("choose", "makes him take the dummy")}
    other, effect = others[merge.mode]
    rules = [Rule(text=text, alternative=f"{setting('dummy_merge.mode', other)} {effect}.")]
    rules.append(Rule(text="A lone maker does not use the dummy: it is set aside unseen "
                      "(CTD-A13)."))
    return Section(title="Taking up the dummy", rules=tuple(rules), phase="dummy_merge")


_FIRST_LEAD = {
    "eldest": "The first trick is led by eldest; if eldest sits the hand out, by the next "
              "player clockwise who plays (STD-A2).",
    "maker": "The maker leads the first trick.",
    "left_of_loner": "The first trick is led by the player at the left of a lone maker; if "
                     "the maker is not alone, by the player at the left of a lone defender; "
                     "if no one is alone, by eldest. Players who sit out are skipped (CTD-A6).",
}


def play_rules(v: Variant) -> Section:
    """Phase ``play``: the lead, following suit, winning tricks, reneges."""
    play = v.rules(PlayRules)
    assert play is not None, "every flow plays"
    lead = play.first_lead
    others = [f"`{name}`" for name in _FIRST_LEAD if name != lead]
    rules = [
        Rule(text=_FIRST_LEAD[lead],
             alternative=f"`play.first_lead` can also be {join(others, 'or')}."),
        Rule(text="The leader may lead any card. Each player in turn, clockwise, must follow "
             "the suit led if he can; the left bower counts as a trump, not as its printed "
             "suit. A player who cannot follow may play any card, trump or not; no one has to "
             "trump or to beat the cards played."),
        Rule(text="The highest trump played wins the trick; if no trump was played, the highest "
             "card of the suit led wins. The winner leads the next trick."),
        Rule(text=f"A hand is {v.deal.hand_size} tricks."),
    ]
    rules.append(_renege_rule(v))
    return Section(title="Playing the tricks", rules=tuple(rules), phase="play")


def _renege_rule(v: Variant) -> Rule:
    if v.renege.allowed:
        return Rule(text="A player at the table may renege (fail to follow suit when he could); "
                    "the play stands and is penalised when the hand is scored. Bots never "
                    "renege.",
                    alternative=f"{setting('penalties.renege.allowed', 'false')} refuses such "
                    "a play.")
    return Rule(text="A play that fails to follow suit when the player could is refused: there "
                "are no reneges.",
                alternative=f"{setting('penalties.renege.allowed', 'true')} lets a player "
                "renege and penalises it; see the scoring.")
