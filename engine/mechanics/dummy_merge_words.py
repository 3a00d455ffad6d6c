"""The rule-book lines of ``dummy_merge`` (:mod:`engine.mechanics.dummy_merge`): the maker
takes up the dummy and discards.

>>> from engine import load_variant
>>> from engine.mechanics.dummy_merge import DummyMergeRules
>>> v = load_variant("cutthroat")
>>> rules(v, v.rules(DummyMergeRules))[-1].text
'A lone maker does not use the dummy: it is set aside unseen (CTD-A13).'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.mechanics.base import Rule
from engine.mechanics.wording import setting

if TYPE_CHECKING:
    from engine.mechanics.dummy_merge import DummyMergeRules
    from engine.rules.variant import Variant

__all__ = ["TITLE", "rules"]

TITLE = "Taking up the dummy"

_OTHERS = {"choose": ("at_least_one", "makes him keep at least one dummy card"),
           "at_least_one": ("choose", "lets him keep his own cards and none of the dummy"),
           "optional": ("choose", "makes him take the dummy")}


def rules(v: Variant, merge: DummyMergeRules) -> list[Rule]:
    """What the maker keeps of his hand and the dummy (``dummy_merge.mode``); a lone maker."""
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
    other, effect = _OTHERS[merge.mode]
    return [Rule(text=text, alternative=f"{setting('dummy_merge.mode', other)} {effect}."),
            Rule(text="A lone maker does not use the dummy: it is set aside unseen (CTD-A13).")]
