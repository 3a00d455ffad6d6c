"""A mechanic owns its state (issue 23): a toy ``show_low`` mechanic, defined here and nowhere
in engine/, adds a fact of its own with one module's worth of code and one registry call: a
per-hand part, a part of each seat's view, a part of the hand's result (in its JSON too), an
event, a narration line, a line of the hand's summary and a rule-book line.

The toy: after the deal, each player in turn from eldest may show his lowest card (the card
of lowest id in his hand) to the table, or pass; the card stays in his hand, and every seat
sees it from then on; the hand's result keeps the cards shown."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import pytest

from engine import load_variant, new_game
from engine.bots import BotSpec, make_bot
from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.base import (
    BotTools,
    Mechanic,
    Part,
    Phase,
    SaysItself,
    Scratch,
    ViewPart,
    Words,
)
from engine.mechanics.events import EVERYONE, Passed, Said, Seats
from engine.mechanics.registry import register
from engine.play.records import record_of, replay
from engine.rules.results import HandResult, ResultHook, ResultPart
from engine.text.narrate import Narrator
from engine.text.rulebook import render_text, rule_book

if TYPE_CHECKING:
    from collections.abc import Mapping

    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.variant import Variant

ROOT = Path(__file__).resolve().parents[2]

# -- the toy mechanic: everything about it is in this block ---------------------------------

SHOW = A.declare_kind("show_low")


@dataclass(slots=True, kw_only=True)
class ShownPart(Part):
    """The cards shown this hand (a mask) and the seats that showed one (a mask)."""

    shown: int = 0
    by: int = 0


@dataclass(slots=True, kw_only=True)
class ShownView(ViewPart):
    """The cards shown to the table: every seat sees them."""

    shown: int

    sees = True

    def seen(self) -> int:
        return self.shown


class LowShown(NamedTuple("LowShown", [("seat", int), ("card", int)]), SaysItself):
    """``seat`` shows ``card``, his lowest, to the table."""

    __slots__ = ()

    @property
    def visible_to(self) -> Seats:
        return EVERYONE

    def hidden(self) -> LowShown:
        return self

    def shows(self) -> int:
        return 1 << self.card

    def line(self, seat: Callable[[int], str]) -> str:
        return f"{seat(self.seat)} shows his lowest card, {C.pretty(self.card)}."


@dataclass(slots=True, kw_only=True)
class ShowScratch(Scratch):
    queue: list[int]


class ShowLow(Phase):
    """Each player in turn, from eldest, shows his lowest card or passes."""

    name = "show_low"

    def start(self, s: Table) -> None:
        eldest = (s.dealer + 1) % self.players
        x = s.hand.scratch = ShowScratch(queue=[(eldest + k) % self.players
                                               for k in range(self.players)])
        s.current = x.queue[0]

    def legal(self, s: Table) -> list[int]:
        return [A.PASS, SHOW.base]

    def apply(self, s: Table, action: int) -> None:
        h = s.hand
        x = ShowScratch.of(h)
        seat = x.queue.pop(0)
        if action == A.PASS:
            s.log.append((Passed, seat, self.name))
        else:
            cards = h.hands[seat]
            card = (cards & -cards).bit_length() - 1
            part = ShownPart.of(h)
            part.shown |= 1 << card
            part.by |= 1 << seat
            s.log += [(Said, seat, self.name, action), LowShown(seat, card)]
        if x.queue:
            s.current = x.queue[0]
        else:
            s.advance()


@dataclass(frozen=True, slots=True, kw_only=True)
class ShownResult(ResultPart):
    """The cards shown in the hand, kept under ``show_low`` in the hand's result."""

    cards: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"cards": list(self.cards)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ShownResult:
        return cls(cards=tuple(str(code) for code in data["cards"]))

    def shown(self) -> tuple[str, ...]:
        return self.cards

    def notes(self, variant: Variant, record: HandResult, seat: Callable[[int], str]
              ) -> list[str]:
        return [f"Shown: {' '.join(self.cards)}."]


def _result(s: Table) -> ShownResult | None:
    shown = ShownPart.of(s.hand).shown
    return ShownResult(cards=tuple(C.names(shown))) if shown else None


def _view(s: Table, seat: int) -> ShownView | None:
    shown = ShownPart.of(s.hand).shown
    return ShownView(shown=shown) if shown else None


def _decide(tools: BotTools, view: View, legal: list[int]) -> int:
    return SHOW.base if tools.seat % 2 else A.PASS  # East and West show, the others pass


SHOW_LOW = Mechanic(
    key="show_low", phase=ShowLow, kinds=(SHOW,), decide=_decide, part=ShownPart, view=_view,
    result=ResultHook(part=ShownResult, build=_result),
    words=Words(verbs={"show_low": "shows his lowest card", "pass": "passes"},
                prompt="Show your lowest card?", title="Showing the lowest card",
                rules=lambda v: ["After the deal each player in turn may show his lowest card "
                                 "to the table; it stays in his hand."]),
)

# -- the tests ---------------------------------------------------------------------------------

VARIANT = """\
    description: Standard Euchre, but each player may first show his lowest card.
    extends: standard
    flow: [deal, show_low, upcard_bidding, go_alone, dealer_pickup, play, score]
"""


@pytest.fixture
def toy() -> Iterator[Mechanic]:
    with register(SHOW_LOW) as mechanic:  # the one registry call
        yield mechanic


@pytest.fixture
def variant(toy: Mechanic, tmp_path: Path) -> Variant:
    path = tmp_path / "show-low.yaml"
    path.write_text(textwrap.dedent(VARIANT), encoding="utf-8")
    return load_variant(path)


def _lowest(cards: int) -> int:
    return min(C.cards_of(cards))  # the lowest card id, computed apart from the toy


def test_each_deal_starts_a_fresh_part_of_its_own_that_a_clone_copies(variant: Variant) -> None:
    state = new_game(variant, seed=3)
    seat = state.current_player
    assert ShownPart.of(state.hand) == ShownPart()  # fresh: nothing shown
    twin = state.clone()
    low = _lowest(state.hand.hands[seat])
    state.apply("show_low")
    assert ShownPart.of(state.hand) == ShownPart(shown=1 << low, by=1 << seat)
    assert ShownPart.of(twin.hand) == ShownPart()  # the clone's part is its own
    assert not hasattr(state.hand, "shown")  # the core hand knows nothing of the toy


def test_every_seat_sees_the_card_shown_through_the_toys_view_part(variant: Variant) -> None:
    state = new_game(variant, seed=3)
    assert all(ShownView.find(state.view(seat)) is None for seat in range(4))
    seat = state.current_player
    low = _lowest(state.hand.hands[seat])
    state.apply("show_low")
    for other in range(4):
        view = state.view(other)
        assert ShownView.of(view).shown == 1 << low
        assert view.seen == 1 << low  # what a reader that knows no mechanic is told
    assert state.view((seat + 1) % 4).hand & (1 << low) == 0  # still his card, not theirs


def test_the_action_brings_the_toys_event_and_its_narration_line(variant: Variant) -> None:
    state = new_game(variant, seed=3)
    seat = state.current_player
    low = _lowest(state.hand.hands[seat])
    events = state.apply("show_low")
    assert events == (Said(seat, "show_low", SHOW.base), LowShown(seat, low))
    narrator = Narrator(variant)
    assert narrator.action_line(events[0]).endswith("shows his lowest card")
    name = narrator.names[seat]
    assert narrator.after(events) == [f"{name} shows his lowest card, {C.pretty(low)}."]


def test_the_hands_result_keeps_the_cards_shown_under_the_toys_key(variant: Variant) -> None:
    state = new_game(variant, seed=3)
    shown = []
    for _ in range(4):  # the four seats: East and West show (the toy's bot rule), here all do
        shown.append(_lowest(state.hand.hands[state.current_player]))
        state.apply("show_low")
    bots = [make_bot(BotSpec.parse("random"), variant, seat, 3) for seat in range(4)]
    while not state.hands_played:
        state.apply(bots[state.current_player].act(state))
    result = state.hands_played[0]
    expected = tuple(C.names(sum(1 << card for card in shown)))
    assert result.parts["show_low"] == ShownResult(cards=expected)
    data = result.to_json()
    assert data["show_low"] == {"cards": list(expected)}
    assert HandResult.from_json(data) == result  # the key reads back into the toy's part
    assert f"Shown: {' '.join(expected)}." in Narrator(variant).hand_summary(result)
    assert replay(record_of(state)).hands_played[0] == result  # records keep it too


def test_a_hand_where_nobody_showed_has_no_part_of_the_toy(variant: Variant) -> None:
    state = new_game(variant, seed=3)
    for _ in range(4):
        state.apply("pass")
    bots = [make_bot(BotSpec.parse("random"), variant, seat, 3) for seat in range(4)]
    while not state.hands_played:
        state.apply(bots[state.current_player].act(state))
    assert "show_low" not in state.hands_played[0].parts
    assert "show_low" not in state.hands_played[0].to_json()


def test_the_rule_book_prints_the_toys_section(variant: Variant) -> None:
    text = " ".join(render_text(rule_book(variant)).split())  # the book wraps its lines
    assert "Showing the lowest card" in text
    assert "may show his lowest card to the table; it stays in his hand." in text


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_whole_games_play_through_the_toy_and_a_new_part_each_deal(variant: Variant,
                                                                     bot: str) -> None:
    state = new_game(variant, seed=11)
    bots = [make_bot(BotSpec.parse(bot), variant, seat, 11) for seat in range(4)]
    hand_no, shown_hands = 0, 0
    while not state.is_terminal():
        part = ShownPart.of(state.hand)
        if state.hand_no != hand_no:  # a new deal: its part starts empty
            hand_no = state.hand_no
            assert part == ShownPart()
        state.apply(bots[state.current_player].act(state))
        shown_hands += part.by != 0 and state.hand_no != hand_no
    assert state.winners and shown_hands > 0  # cards were shown, and forgotten at the deal


def test_the_engine_never_names_the_toy() -> None:
    """Nothing outside this file was edited for it: no engine module mentions it."""
    named = [path.relative_to(ROOT).as_posix() for path in (ROOT / "engine").rglob("*.py")
             if "show_low" in path.read_text(encoding="utf-8")
             or "ShownPart" in path.read_text(encoding="utf-8")]
    assert named == []
