"""Phase ``dummy_merge``: the maker takes the dummy and discards back to a full hand.

``choose``: the maker (not alone) adds the dummy to his hand and discards any cards until he
holds ``hand_size`` (5 of 10; 5 of 11 for the dealer who took the upcard; CTD-A3);
``at_least_one``: he must keep at least one dummy card; ``optional``: he first says ``merge``
or ``keep``. A lone maker gives up the dummy unseen (CTD-A13) and only discards what the
upcard added. A hand without a maker (trump fixed by the upcard, or played at no-trump when
all pass) has nobody to merge: the dummy is set aside face down, unseen and out of play, and
goes back into the deck with the other cards for the next deal (CTD-A15).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from engine.core import actions as A
from engine.core.errors import Refusal, Refused
from engine.mechanics.base import (
    DISCARD_STEP,
    OFFER_STEP,
    BotTools,
    ExchangeScratch,
    Figure,
    Mechanic,
    Part,
    Phase,
    ResultHook,
    ResultPart,
    Rule,
    StatsHook,
    Words,
    book_lines,
    cards_to_actions,
)
from engine.mechanics.events import (
    GIVEN_UP,
    MERGED,
    NO_MAKER,
    SET_ASIDE,
    Discarded,
    ExtraHandGone,
    Said,
)
from engine.mechanics.wording import setting
from engine.rules.config_fields import Block, option
from engine.rules.mechanic_rules import FlowCheck

if TYPE_CHECKING:
    from engine.mechanics.parts import Speaker
    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.results import HandResult
    from engine.rules.variant import Variant

__all__ = ["MECHANIC", "DummyMerge", "DummyMergeResult", "DummyMergeRules", "MergeMode",
           "dummy_fate"]



@dataclass(slots=True, kw_only=True)
class DummyMergePart(Part):
    """The dummy this hand: the cards the maker took up from it (0: none)."""

    merged: int = 0


class DummyMerge(Phase):
    """Merge the dummy; discard down."""

    name = "dummy_merge"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules_of(DummyMergeRules)
        self.mode = rules.mode
        self.hand_size = variant.deal.hand_size
        self.dummy = variant.players + variant.deal.extra_hands.index("dummy")

    def start(self, s: Table) -> None:
        h = s.hand
        if h.maker < 0:  # nobody to merge (CTD-A15): the dummy stays out of play, unseen
            self._set_aside(s, NO_MAKER if h.trump >= 0 else SET_ASIDE)
            s.advance()
            return
        s.current = h.maker
        x = h.scratch = ExchangeScratch()
        if h.maker in h.alone:
            self._set_aside(s, GIVEN_UP)
            self._discard_or_finish(s)
            return
        if self.mode is MergeMode.OPTIONAL:
            x.step = OFFER_STEP
            return
        self._merge(s)

    def _set_aside(self, s: Table, fate: int) -> None:
        """The dummy leaves the table unseen (``fate``: why)."""
        h = s.hand
        dummy = h.hands[self.dummy]
        h.dead |= dummy
        h.hands[self.dummy] = 0
        if dummy:
            s.log.append((ExtraHandGone, "dummy", dummy.bit_count(), fate, h.maker, 0))

    def _merge(self, s: Table) -> None:
        h = s.hand
        merged = DummyMergePart.of(h).merged = h.hands[self.dummy]
        h.hands[h.maker] |= merged
        h.hands[self.dummy] = 0
        if merged:
            s.log.append(ExtraHandGone("dummy", merged.bit_count(), MERGED, h.maker,
                                          h.hands[h.maker].bit_count()))
        self._discard_or_finish(s)

    def _discard_or_finish(self, s: Table) -> None:
        h = s.hand
        if h.hands[h.maker].bit_count() > self.hand_size:
            ExchangeScratch.of(h).step = DISCARD_STEP
        else:
            s.advance()

    def legal(self, s: Table) -> list[int]:
        h = s.hand
        if ExchangeScratch.of(h).step == OFFER_STEP:
            return [A.MERGE, A.KEEP]
        hand = h.hands[h.maker]
        kept_from_dummy = hand & DummyMergePart.of(h).merged
        if self.mode is MergeMode.AT_LEAST_ONE and kept_from_dummy.bit_count() == 1:
            hand &= ~kept_from_dummy
        return cards_to_actions(A.DISCARD, hand)

    def apply(self, s: Table, action: int) -> None:
        h = s.hand
        if action == A.MERGE:
            s.log.append((Said, h.maker, self.name, action))
            self._merge(s)
        elif action == A.KEEP:
            s.log.append((Said, h.maker, self.name, action))
            self._set_aside(s, SET_ASIDE)
            self._discard_or_finish(s)
        else:
            s.log.append((Discarded, h.maker, A.card_of(action), self.name))
            h.discard(h.maker, A.card_of(action))
            self._discard_or_finish(s)

    def reason(self, s: Table, action: int) -> Refused:
        h = s.hand
        if ExchangeScratch.of(h).step == OFFER_STEP:
            return Refused(Refusal.WRONG_PHASE,
                           "the maker first says whether he takes the dummy: merge or keep")
        if A.is_card(A.DISCARD, action) and (h.hands[h.maker] >> A.card_of(action)) & 1:
            return Refused(Refusal.MUST_KEEP, "the maker must keep at least one card of the "
                           "dummy")
        left = h.hands[h.maker].bit_count() - self.hand_size
        kind = Refusal.NOT_IN_HAND if A.is_card(A.DISCARD, action) else Refusal.WRONG_PHASE
        return Refused(kind, f"the maker discards {left} more card{'s' * (left > 1)}")

    def describe(self, s: Table) -> str:
        return "dummy merge"


class MergeMode(StrEnum):
    """``dummy_merge.mode``."""

    CHOOSE = "choose"
    AT_LEAST_ONE = "at_least_one"
    OPTIONAL = "optional"


@dataclass(frozen=True, slots=True, kw_only=True)
class DummyMergeRules:
    """Phase ``dummy_merge``: ``choose``, ``at_least_one`` or ``optional``."""

    mode: MergeMode = option(MergeMode.CHOOSE, doc=(
        "`choose`: the maker keeps any cards of the merged hand, his own five included "
        "(CTD-A3 default); `at_least_one`: he must keep at least one dummy card; "
        "`optional`: he first says `merge` or `keep`."))


BLOCK = Block(key="dummy_merge", record=DummyMergeRules, doc=(
    "Phase `dummy_merge`: a maker not alone takes the dummy into his hand and discards back "
    "to the hand size (Cutthroat). A lone maker forfeits the dummy unseen (CTD-A13)."))


def _check_flow(check: FlowCheck) -> None:
    if "dummy_merge" in check.flow and "dummy" not in check.deal.extra_hands:
        check.fail("`dummy_merge` needs a dummy hand", ("deal", "extra_hands"),
                   "add `extra_hands: [{name: dummy}]` to `deal`")


def decide(tools: BotTools, view: View, legal: list[int]) -> int:
    """The heuristic bot always takes the dummy, then keeps its strongest cards."""
    if legal[-1] >= A.DISCARD:
        return tools.discard(view, legal)
    return A.MERGE if A.MERGE in legal else legal[0]


# -- the rule book -------------------------------------------------------------------------

_OTHERS = {"choose": ("at_least_one", "makes him keep at least one dummy card"),
           "at_least_one": ("choose", "lets him keep his own cards and none of the dummy"),
           "optional": ("choose", "makes him take the dummy")}


def book(v: Variant, merge: DummyMergeRules) -> list[Rule]:
    """The rule book: what the maker keeps of his hand and the dummy
    (``dummy_merge.mode``); a lone maker.

    >>> from engine import load_variant
    >>> v = load_variant("cutthroat")
    >>> book(v, v.rules(DummyMergeRules))[-1].text
    'A lone maker does not use the dummy: it is set aside unseen (CTD-A13).'
    """
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
    lines = [Rule(text=text, alternative=f"{setting('dummy_merge.mode', other)} {effect}."),
             Rule(text="A lone maker does not use the dummy: it is set aside unseen (CTD-A13).")]
    if _hands_without_maker(v):
        lines.append(Rule(text="In a hand nobody made (trump fixed by the upcard, or no-trump "
                          "played when all pass) nobody takes the dummy: it is set aside face "
                          "down, unseen and out of play, and goes back into the deck for the "
                          "next deal (CTD-A15)."))
    return lines


def _hands_without_maker(v: Variant) -> bool:
    """Whether a hand of ``v`` can have no maker (the scoring outcome space says so)."""
    return v.scoring.space.no_maker


def dummy_fate(maker: str, *, alone: bool, merged: bool) -> str:
    """What became of the dummy (CTD-A3, CTD-A13): merged (by ``maker``, named), given up or
    set aside."""
    if merged:
        return f"the dummy merged by {maker}"
    return "the dummy given up unseen" if alone else "the dummy set aside unseen"


@dataclass(frozen=True, slots=True, kw_only=True)
class DummyMergeResult(ResultPart):
    """Whether the maker took the dummy in (kept under ``dummy_merge`` in every hand of a
    variant with a dummy).

    >>> DummyMergeResult(merged=True).to_json(), DummyMergeResult(merged=True).counts()
    ({'merged': True}, (('dummy_merges', None),))
    """

    merged: bool

    def to_json(self) -> dict[str, Any]:
        return {"merged": self.merged}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DummyMergeResult:
        return cls(merged=bool(data.get("merged", False)))

    @classmethod
    def from_flat(cls, data: Mapping[str, Any]) -> DummyMergeResult | None:
        """Every hand written before parts said ``"merged"``, dummy or not: only a merge
        tells that the variant had a dummy."""
        return cls(merged=True) if data.get("merged") else None

    def counts(self) -> tuple[tuple[str, int | None], ...]:
        return (("dummy_merges", None),) if self.merged else ()

    def contract_words(self, variant: Variant, record: HandResult, seat: Callable[[int], str]
                       ) -> list[str]:
        maker = record.maker
        return [dummy_fate(seat(maker), alone=maker in record.alone, merged=self.merged)]


def _result(s: Table) -> DummyMergeResult:
    return DummyMergeResult(merged=bool(DummyMergePart.of(s.hand).merged))


def _holding(view: View, words: Speaker) -> list[str]:
    """The discards the maker holding the dummy still owes."""
    held = view.hand.bit_count()
    extra = held - words.hand_size
    return [f"You hold {held} cards: discard {extra} to keep {words.hand_size}"] if extra > 0 \
        else []


MECHANIC = Mechanic(
    key="dummy_merge", phase=DummyMerge, schema=BLOCK.schema, config=DummyMergeRules,
    compile=BLOCK.compile, check_flow=_check_flow, after_trump=True,
    kinds=(A.kind_of(A.MERGE), A.kind_of(A.KEEP), A.kind_of(A.DISCARD)),
    words=Words(verbs={"merge": "takes the dummy into the hand", "keep": "leaves the dummy",
                       "discard": "discards {card}"},
                prompt="Take it, or keep your hand?", title="Taking up the dummy",
                rules=book_lines(DummyMergeRules, book), to_act=_holding),
    decide=decide, block=BLOCK, lends_a_hand=True,
    batch="engine.mechanics.dummy_merge_batch:DummyMerge",
    result=ResultHook(part=DummyMergeResult, build=_result),
    stats=StatsHook(figures=(Figure(name="dummy_merges", rank=30),)),
    part=DummyMergePart,
)
