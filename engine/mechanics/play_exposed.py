"""Exposed lone hands (``go_alone.exposed``, STD-A17): the record the ``play`` phase keeps
while a lone maker's hand lies face up, and the bot's choice of its cards.

The opponent at the loner's left (the next seat that plays) chooses each card of the exposed
hand, following suit when it can; every seat sees the hand (:class:`ExposedView`). The
heuristic bot chooses against the loner: the card of least trick power, so that the loner's
winners are spent as late, and as uselessly, as the rules allow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.mechanics.base import Scratch, ViewPart

if TYPE_CHECKING:
    from engine.mechanics.parts import Feature
    from engine.mechanics.table import Table
    from engine.mechanics.view import View

__all__ = ["ExposedScratch", "ExposedView", "choose_for_exposed", "duck", "exposed_view"]


@dataclass(slots=True, kw_only=True)
class ExposedScratch(Scratch):
    """The exposed seat (-1: this hand has none), the opponent who chooses its cards, and the
    seat whose card is to be played now (``owner``; the chooser acts for the loner)."""

    loner: int = -1
    chooser: int = -1
    owner: int = -1


@dataclass(slots=True, kw_only=True)
class ExposedView(ViewPart):
    """The lone maker whose hand lies face up, and its cards, seen by every seat."""

    exposed: int
    exposed_hand: int

    sees = True

    def seen(self) -> int:
        return self.exposed_hand

    def features(self, view: View) -> tuple[Feature, ...]:
        return (("exposed", self.exposed_hand),)

    def hand_shown(self, seat: int) -> int | None:
        return self.exposed_hand if seat == self.exposed else None


def exposed_view(s: Table, seat: int) -> ExposedView | None:
    """The exposed hand, while the play phase keeps one (every seat sees it)."""
    x = s.hand.scratch
    if type(x) is not ExposedScratch or x.loner < 0:
        return None
    return ExposedView(exposed=x.loner, exposed_hand=s.hand.hands[x.loner])


def choose_for_exposed(view: View, legal: list[int]) -> int:
    """The card of the exposed hand with the least trick power (led suit: the trick's, or the
    card's own when leading).

    >>> from types import SimpleNamespace
    >>> from engine.core import cards as C
    >>> view = SimpleNamespace(trump=C.HEARTS, trick=(), tables=[C.trump_tables(C.HEARTS)] * 4)
    >>> A.name_of(choose_for_exposed(view, [A.PLAY + C.card("JH"), A.PLAY + C.card("9C")]))
    'play:9C'
    """
    tables = view.tables[view.trump]
    led = tables.effective[view.trick[0][1]] if view.trick else -1

    def power(action: int) -> int:
        card = A.card_of(action)
        return tables.power[led if led >= 0 else tables.effective[card]][card]

    return min(legal, key=power)


def duck(view: View, legal: list[int]) -> int:
    """The card of a player who must take no trick (a misère): following, the highest card
    that loses to the trick's best so far; leading, or when every card would win, the card of
    least power.

    >>> from types import SimpleNamespace
    >>> from engine.core import cards as C
    >>> view = SimpleNamespace(trump=C.NO_TRUMP, trick=((1, C.card("QH")),),
    ...                        tables=[C.trump_tables(t) for t in range(6)])
    >>> A.name_of(duck(view, [A.card_action(A.PLAY, C.card(c)) for c in ("7H", "JH", "AH")]))
    'play:JH'
    """
    if not view.trick:
        return choose_for_exposed(view, legal)
    tables = view.tables[view.trump]
    power = tables.power[tables.effective[view.trick[0][1]]]
    best = max(power[card] for _, card in view.trick)
    losers = [a for a in legal if power[A.card_of(a)] < best]
    if losers:
        return max(losers, key=lambda a: power[A.card_of(a)])
    return choose_for_exposed(view, legal)
