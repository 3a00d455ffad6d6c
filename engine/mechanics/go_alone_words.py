"""The words of ``go_alone`` (:mod:`engine.mechanics.go_alone`): its rule-book lines (who may
go alone, when, and whether the maker's partner or a defender may too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.mechanics.base import Rule
from engine.mechanics.wording import setting

if TYPE_CHECKING:
    from engine.mechanics.go_alone import GoAloneRules
    from engine.rules.variant import Variant

__all__ = ["book", "must_words"]


def must_words(text: str) -> str:
    if text.strip() == "ordered_partner":
        return "he ordered up his partner, the dealer (STD-A13)"
    return f"`{text}`"


def book(v: Variant, alone: GoAloneRules) -> list[Rule]:
    """The rule book: whether the maker may go alone, when he decides, and whether a defender may.

    >>> from engine import load_variant
    >>> from engine.mechanics.go_alone import GoAloneRules
    >>> v = load_variant("standard")
    >>> book(v, v.rules(GoAloneRules))[-1].text
    'A defender may not go alone (STD-A9).'
    """
    has_dummy = "dummy_merge" in v.flow
    lines: list[Rule] = []
    if alone.maker:
        if v.sides.kind == "teams":
            sits_out = "his partner lays his cards face down and sits the hand out"
        else:
            sits_out = "he gives up the dummy, which is set aside unseen (CTD-A13)"
        lines.append(Rule(text=f"Once trump is fixed, the maker may go alone: {sits_out}.",
                          alternative=f"{setting('go_alone.maker', 'false')} forbids it."))
    else:
        lines.append(Rule(text="The maker may not go alone.",
                          alternative=f"{setting('go_alone.maker', 'true')} allows it."))
    if has_dummy and v.flow.index("go_alone") < v.flow.index("dummy_merge"):
        lines.append(Rule(text="The maker decides before he sees the dummy (CTD-A14)."))
    if alone.must_when is not None:
        lines.append(Rule(text=f"The maker must go alone when {must_words(alone.must_when.text)}."
                          , alternative="Without `go_alone.must_when` he never must."))
    if alone.partner:
        lines.append(Rule(text="If the maker does not go alone, his partner may take the hand "
                          "over (\"I take it from you\"): he plays alone in the maker's place and "
                          "the maker lays his cards face down and sits the hand out; it scores as "
                          "a lone hand, by the table's `partner_alone` rows where it has them "
                          "(ALONE-A1).",
                          alternative="Without `go_alone.partner` only the maker may go alone."))
    if alone.exposed:
        lines.append(Rule(text="A lone maker lays his hand face up for all to see, and the "
                          "opponent at his left chooses each card it plays, following suit "
                          "when it can; the table scores it by its `exposed` rows (STD-A17).",
                          alternative="Without `go_alone.exposed` the loner plays his own "
                          "cards, unseen."))
    lines.append(_defender_rule(alone))
    return lines


def _defender_rule(alone: GoAloneRules) -> Rule:
    if not alone.defender:
        against = ("only against a lone maker" if alone.defender_needs_lone_maker
                   else "against any maker")
        first = ("the maker's left" if alone.defender_order == "maker_left"
                 else "the dealer's left")
        return Rule(text="A defender may not go alone (STD-A9).",
                    alternative=f"{setting('go_alone.defender', 'true')} lets one defender "
                    f"go alone, {against}, the defenders asked in turn from {first}.")
    against = ("Against a lone maker, one defender" if alone.defender_needs_lone_maker
               else "Then one defender")
    start = ("the maker's left" if alone.defender_order == "maker_left"
             else "the dealer's left")
    other_start = "eldest" if alone.defender_order == "maker_left" else "maker_left"
    need = ("" if alone.defender_needs_lone_maker else
            " This is allowed whether or not the maker is alone.")
    need_alt = (f"{setting('go_alone.defender_needs_lone_maker', 'false')} allows it against "
                "any maker" if alone.defender_needs_lone_maker else
                f"{setting('go_alone.defender_needs_lone_maker', 'true')} allows it only "
                "against a lone maker (RAIL-A2)")
    return Rule(text=f"{against} may also go alone; his partner sits the hand out. The "
                f"defenders are asked in turn clockwise from {start}, and the first to say so "
                f"plays alone (CTD-A8).{need}",
                alternative=f"{need_alt}; {setting('go_alone.defender_order', other_start)} "
                "asks the defenders in the other order.")
