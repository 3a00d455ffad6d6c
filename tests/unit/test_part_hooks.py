"""The layers above the mechanics read a mechanic's facts through the protocol, knowing no
mechanic (issue 23): a view part says its own narration lines (``deal_lines``,
``contract_words``, ``table_lines``), fills its pieces of the adapters' observation
(``features``) and shows a hand face up on the browser's table (``hand_shown``); the running
phase's scratch asks its own discard question at the prompt; a result part writes its own words
in a golden playthrough's result line.

Two toy mechanics, defined here and nowhere in engine/, prove it: ``lay_up_test`` lays the
dealer's hand face up for everyone (it decides nothing), ``toss_test`` asks eldest to discard a
card of his own kind."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from engine import load_variant, new_game
from engine.adapters.encoding import Encoder, decode_cards, seen_now
from engine.cli.play_answers import question_for
from engine.core import actions as A
from engine.core import cards as C
from engine.mechanics.base import Mechanic, Phase, Scratch, ViewPart
from engine.mechanics.registry import register
from engine.rules.results import HandResult, ResultPart
from engine.testing.golden import _result_lines
from engine.text.narrate import Narrator
from engine.text.narrate_words import hand_text, sorted_hand
from engine.web.game import WebGame
from engine.web.table import table_html

if TYPE_CHECKING:
    from engine.mechanics.events import Event
    from engine.mechanics.parts import Feature, Speaker
    from engine.mechanics.table import Table
    from engine.mechanics.view import View
    from engine.rules.variant import Variant


@dataclass(slots=True, kw_only=True)
class LaidUp(ViewPart):
    """The dealer's hand, face up for every seat (the toy's whole fact)."""

    seat: int
    cards: int

    sees = True

    def seen(self) -> int:
        return self.cards

    def deal_lines(self, view: View, words: Speaker) -> list[str]:
        return [f"No upcard now; {words.seat(self.seat)}'s hand lies face up"]

    def contract_words(self, view: View, words: Speaker) -> list[str]:
        return [f"{words.seat(self.seat)} plays face up"]

    def table_lines(self, view: View, events: Sequence[Event], words: Speaker) -> list[str]:
        return [f"Face up: {words.hand_words(self.cards, view.trump)}"]

    def features(self, view: View) -> tuple[Feature, ...]:
        return (("exposed", self.cards),)

    def hand_shown(self, seat: int) -> int | None:
        return self.cards if seat == self.seat else None


def _lay_up(s: Table, seat: int) -> LaidUp:
    return LaidUp(seat=s.dealer, cards=s.hand.hands[s.dealer])


LAY_UP = Mechanic(key="lay_up_test", phase=Phase, view=_lay_up)  # Phase.start: no decision


@dataclass(slots=True, kw_only=True)
class TossScratch(Scratch):
    def discard_question(self, hint: str) -> str:
        return "Toss one card to the toy."


class Toss(Phase):
    name = "toss_test"

    def start(self, s: Table) -> None:
        s.hand.scratch = TossScratch()
        s.current = (s.dealer + 1) % self.players

    def legal(self, s: Table) -> list[int]:
        return A.cards_to_actions(A.DISCARD, s.hand.hands[s.current])


TOSS = Mechanic(key="toss_test", phase=Toss)

FLOW = "[deal, {toy}, upcard_bidding, go_alone, dealer_pickup, play, score]"


@pytest.fixture
def lay_up(tmp_path: Path) -> Iterator[Variant]:
    with register(LAY_UP):
        yield _variant(tmp_path, "lay_up_test")


def _variant(tmp_path: Path, toy: str) -> Variant:
    path = tmp_path / f"{toy}.yaml"
    path.write_text(textwrap.dedent(f"""\
        description: Standard Euchre with a toy step after the deal.
        extends: standard
        flow: {FLOW.format(toy=toy)}
    """), encoding="utf-8")
    return load_variant(path)


def test_the_narrator_says_a_view_parts_own_lines_where_they_belong(lay_up: Variant) -> None:
    state = new_game(lay_up, seed=5)
    dealer = state.dealer
    narrator = Narrator(lay_up)
    name, face_up = narrator.names[dealer], hand_text(state.hand.hands[dealer])
    lines = narrator.view_lines(state.view(0), state.events_for(0))
    assert f"Face up: {face_up}" in lines  # beside the hands, after the upcard line
    assert lines[1].startswith("Upcard: ")  # an upcard face up: no deal line of the part
    for _ in range(4):  # all pass: the upcard is turned down
        state.apply("pass")
    lines = narrator.view_lines(state.view(0), state.events_for(0))
    assert lines[1] == f"No upcard now; {name}'s hand lies face up"
    state.apply(next(a for a in state.legal_actions() if a.startswith("call:")))
    lines = narrator.view_lines(state.view(0), state.events_for(0))
    contract = next(line for line in lines if line.startswith("Trump: "))
    assert contract.endswith(f"; {name} plays face up")


def test_the_encoding_holds_the_pieces_a_view_part_fills(lay_up: Variant) -> None:
    state = new_game(lay_up, seed=5)
    shown = state.hand.hands[state.dealer]
    for seat in range(4):
        view = state.view(seat)
        vector = Encoder(lay_up).encode(view)
        assert decode_cards(vector, "exposed") == shown
        assert seen_now(view, 1)[4] == shown  # the information state's exposed cards


def test_the_browser_table_shows_the_hand_a_view_part_lays_face_up(lay_up: Variant) -> None:
    state = new_game(lay_up, seed=5)
    human = state.current_player
    assert human != state.dealer
    game = WebGame.around(state, seat=human, bot_names=[None] * 4, title="toy", shipped=False)
    dealer_cards = state.hand.hands[state.dealer]
    html = table_html(game)

    def shown(seat: int) -> list[str]:  # the face-up cards of that seat's box on the table
        box = html.split('<section class="seat', 9)
        (mine,) = [b for b in box if f'data-seat="{seat}"' in b.split(">", 1)[0]]
        return re.findall(r'data-card="([^"]+)"', mine.split("</section>")[0])

    assert shown(state.dealer) == [C.card_name(c) for c in sorted_hand(dealer_cards, -1)]
    other = next(s for s in range(4) if s not in (human, state.dealer))
    assert shown(other) == []


def test_the_prompt_asks_the_running_phases_own_discard_question(tmp_path: Path) -> None:
    with register(TOSS):
        state = new_game(_variant(tmp_path, "toss_test"), seed=2)
        assert state.legal_actions()[0].startswith("discard:")
        assert question_for(state) == "Toss one card to the toy."


@dataclass(frozen=True, slots=True, kw_only=True)
class TossResult(ResultPart):
    card: str

    def brief(self) -> str:
        return f"tossed {self.card}"


def test_a_golden_result_line_carries_a_result_parts_own_words() -> None:
    record = HandResult(hand=1, dealer=0, maker=1, trump="S", tricks=(0, 3, 0, 2),
                        label="make", deltas=(0, 1, 0, 1), scores=(0, 1, 0, 1),
                        parts={"toss_test": TossResult(card=C.card_name(C.card("9C")))})
    assert _result_lines(record)[0] == ("  result: maker seat 1, trump S, tossed 9C; "
                                        "tricks 0 3 0 2; make")
