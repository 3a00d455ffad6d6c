"""A mechanic is one module plus one registry call: a toy ``pass_left`` mechanic, defined
here and nowhere in engine/, is validated, compiled, played by both bots, narrated, written
in the rule book, typed at the ``euchre play`` prompt, and keeps its own part of each hand's
result (in records too, told in the hand's summary and counted by ``simulate``).

The toy: after the deal, each player in turn from eldest passes ``cards`` cards to the
player on his left (a new action kind ``give:XX``)."""

from __future__ import annotations

import io
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from engine import load_variant, new_game
from engine.bots import BotSpec, make_bot
from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import VariantErrors
from engine.mechanics.base import (
    BotTools,
    Figure,
    Mechanic,
    Phase,
    ResultHook,
    ResultPart,
    Scratch,
    StatsHook,
    Words,
    cards_to_actions,
)
from engine.mechanics.events import CardGiven, Said, for_seat
from engine.mechanics.registry import register
from engine.play.records import read_record, replay
from engine.rules.loader import check_variant
from engine.rules.mechanic_rules import CompileContext
from engine.rules.results import HandResult
from engine.sim.simulate import simulate
from engine.text.narrate import Narrator
from engine.text.rulebook import render_text, rule_book

if TYPE_CHECKING:
    from engine.play.state import State
    from engine.play.view import View
    from engine.rules.variant import Variant

# -- the toy mechanic: everything about it is in this block ---------------------------------

GIVE = A.declare_kind("give", A.Arg.CARD, private=True)


class PassLeftRules:
    """``pass_left``: how many cards each player passes."""

    __slots__ = ("cards",)

    def __init__(self, *, cards: int) -> None:
        self.cards = cards


@dataclass(slots=True, kw_only=True)
class PassLeftScratch(Scratch):
    """The seats still to pass, in order (one entry per card)."""

    queue: list[int]


class PassLeft(Phase):
    """Each player in turn, from eldest, gives cards to his left-hand neighbour."""

    name = "pass_left"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        rules = variant.rules(PassLeftRules)
        assert rules is not None
        self.cards = rules.cards

    def start(self, s: State) -> None:
        eldest = (s.dealer + 1) % self.players
        s.hand.scratch = PassLeftScratch(queue=[(eldest + k) % self.players
                                           for k in range(self.players) for _ in range(self.cards)])
        s.current = s.hand.scratch.queue[0]

    def legal(self, s: State) -> list[int]:
        return cards_to_actions(GIVE.base, s.hand.hands[s.current])

    def apply(self, s: State, action: int) -> None:
        bit = 1 << (action - GIVE.base)
        queue = s.hand.scratch.queue
        seat = queue.pop(0)
        s.hand.hands[seat] ^= bit
        s.hand.hands[(seat + 1) % self.players] |= bit
        # its event: the card is seen by the giver and the neighbour who takes it
        s.log.append(CardGiven(seat, (seat + 1) % self.players, action - GIVE.base, self.name))
        if queue:
            s.current = queue[0]
        else:
            s.advance()

    def describe(self, s: State) -> str:
        return "passing to the left"


def _compile(ctx: CompileContext) -> PassLeftRules:
    cards = ctx.data["pass_left"]["cards"]
    if cards >= ctx.deal.hand_size:
        ctx.fail(f"a player cannot pass {cards} cards from a hand of {ctx.deal.hand_size}",
                 ("pass_left", "cards"))
    return PassLeftRules(cards=cards)


def _decide(tools: BotTools, view: View, legal: list[int]) -> int:
    return min(legal, key=lambda a: (a - GIVE.base) & 7)  # the lowest rank goes


@dataclass(frozen=True, slots=True, kw_only=True)
class PassLeftResult(ResultPart):
    """Its part of the hand's result: the cards passed in the hand."""

    given: int

    def to_json(self) -> dict[str, Any]:
        return {"given": self.given}

    @classmethod
    def from_json(cls, data: Any) -> PassLeftResult:
        return cls(given=int(data["given"]))

    def counts(self) -> tuple[tuple[str, int | None], ...]:
        return (("passes", None),)

    def notes(self, variant: Variant, record: HandResult, seat: Callable[[int], str]
              ) -> list[str]:
        return [f"{self.given} cards went to the left."]


def _result(s: State) -> PassLeftResult:
    rules = s.variant.rules(PassLeftRules)
    assert rules is not None
    return PassLeftResult(given=rules.cards * s.variant.players)


PASS_LEFT = Mechanic(
    key="pass_left", phase=PassLeft, config=PassLeftRules, compile=_compile, decide=_decide,
    schema={"description": "Each player passes cards to his left.", "type": "object",
            "additionalProperties": False, "default": {},
            "properties": {"cards": {"type": "integer", "minimum": 1, "maximum": 8,
                                     "default": 1}}},
    kinds=(GIVE,),
    words=Words(verbs={"give": "passes {card} to the left"}, prompt="Pass a card to your left:",
                rules=lambda v: [f"After the deal each player passes "
                                 f"{v.rules(PassLeftRules).cards} card(s) to the left."]),  # type: ignore[union-attr]
    result=ResultHook(part=PassLeftResult, build=_result),
    stats=StatsHook(figures=(Figure(name="passes", rank=70),)),
)

# -- the tests ---------------------------------------------------------------------------------

VARIANT = """\
    description: Standard Euchre, but each player first passes a card to the left.
    extends: standard
    flow: [deal, pass_left, upcard_bidding, go_alone, dealer_pickup, play, score]
    pass_left: {cards: %s}
"""


@pytest.fixture
def toy() -> Iterator[Mechanic]:
    with register(PASS_LEFT) as mechanic:  # the one registry call
        yield mechanic


def _write(tmp_path: Path, cards: str = "1") -> Path:
    path = tmp_path / "pass-left.yaml"
    path.write_text(textwrap.dedent(VARIANT % cards), encoding="utf-8")
    return path


def test_a_registered_mechanic_validates_and_compiles_from_its_own_block(
        toy: Mechanic, tmp_path: Path) -> None:
    variant = load_variant(_write(tmp_path, "2"))
    assert "pass_left" in variant.flow
    rules = variant.rules(PassLeftRules)
    assert rules is not None and rules.cards == 2


def test_its_block_is_checked_by_its_schema_fragment_with_a_located_error(
        toy: Mechanic, tmp_path: Path) -> None:
    errors = check_variant(_write(tmp_path, "9"))
    assert errors and errors[0].location.line == 4
    assert "pass_left" in str(errors[0])


def test_its_compile_step_reports_located_errors(toy: Mechanic, tmp_path: Path) -> None:
    errors = check_variant(_write(tmp_path, "5"))
    assert [e.path for e in errors] == [("pass_left", "cards")]
    assert "cannot pass 5 cards" in errors[0].message and errors[0].location.line == 4


def test_an_unregistered_mechanic_is_not_a_flow_phase(tmp_path: Path) -> None:
    with pytest.raises(VariantErrors):
        load_variant(_write(tmp_path))


def _play(variant: Variant, bot: str, seed: int) -> State:
    state = new_game(variant, seed=seed)
    bots = [make_bot(BotSpec.parse(bot), variant, seat, seed) for seat in range(variant.players)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].act(state))
    return state


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_whole_games_play_through_the_toy_phase_and_conserve_cards(
        toy: Mechanic, tmp_path: Path, bot: str) -> None:
    variant = load_variant(_write(tmp_path))
    for seed in range(3):
        state = _play(variant, bot, seed)
        assert state.winners
        gives = [name for name in state.history if name.startswith("give:")]
        assert len(gives) == 4 * len(state.hands_played)  # four per dealt hand
        assert state.hand.cards_in_play() == variant.deck.mask


def test_its_part_of_the_hands_result_is_kept_written_read_told_and_counted(
        toy: Mechanic, tmp_path: Path) -> None:
    variant = load_variant(_write(tmp_path, "2"))
    state = _play(variant, "random", 1)
    scored = [r for r in state.hands_played if r.scored]
    record = scored[-1]
    assert record.parts["pass_left"] == PassLeftResult(given=8)  # 2 cards by each of 4
    assert record.to_json()["pass_left"] == {"given": 8}
    assert HandResult.from_json(record.to_json()) == record
    assert "8 cards went to the left." in Narrator(variant).hand_summary(record)
    report = simulate(variant, seed=1, games=2, bots=[BotSpec.parse("random")] * 4).report()
    passes = dict(report.figures)["passes"]
    assert not isinstance(passes, int) and passes.count == passes.of == report.hands


def test_the_give_action_is_named_and_parsed_like_any_other(toy: Mechanic) -> None:
    action = A.action_id("give:9c")
    assert A.name_of(action) == "give:9C" and action == GIVE.base + C.card("9C")


def test_narration_uses_the_mechanics_verb_and_hides_the_card_from_others(
        toy: Mechanic, tmp_path: Path) -> None:
    variant = load_variant(_write(tmp_path))
    state = new_game(variant, seed=5)
    seat, name = state.current_player, state.legal_actions()[0]
    [given] = state.apply(name)  # the mechanic's own event, the card seen by two
    narrator = Narrator(variant)
    card = C.pretty(C.card(name.partition(":")[2]))
    mine, left, across = (narrator.action_line(for_seat([given], s)[0])
                          for s in (seat, (seat + 1) % 4, (seat + 2) % 4))
    assert mine.endswith(f"passes {card} to the left") and left == mine
    assert across.endswith("passes to the left")


def test_a_mechanic_that_logs_no_event_still_has_its_actions_told(
        toy: Mechanic, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A plug-in phase that logs nothing: ``State.apply`` says the action for it, its card
    left out (it cannot know who may see it)."""
    monkeypatch.setattr(PassLeft, "apply", _apply_silently)
    state = new_game(load_variant(_write(tmp_path)), seed=5)
    seat, action = state.current_player, state.legal_action_ids()[0]
    assert state.apply(action) == (Said(seat, "pass_left", A.hidden(action)),)


def _apply_silently(self: PassLeft, s: State, action: int) -> None:
    """The toy's apply without its event."""
    queue = s.hand.scratch.queue
    seat = queue.pop(0)
    s.hand.hands[seat] ^= 1 << (action - GIVE.base)
    s.hand.hands[(seat + 1) % self.players] |= 1 << (action - GIVE.base)
    s.current = queue[0]


def test_the_rule_book_prints_the_lines_the_mechanic_declares(
        toy: Mechanic, tmp_path: Path) -> None:
    text = render_text(rule_book(load_variant(_write(tmp_path))))
    assert "After the deal each player passes 1 card(s) to the left." in text


class _Typist(io.TextIOBase):
    """Types ``give:XX`` (a card of the human's hand) when the human is asked to pass."""

    def __init__(self, record: Path, seat: int) -> None:
        self.record, self.seat, self.typed = record, seat, []  # type: list[str]

    def readline(self, size: int | None = -1) -> str:
        line = "1"
        if not any(t.startswith("give:") for t in self.typed) and self.record.exists():
            state = replay(read_record(self.record))
            if state.phase == "pass_left" and state.current_player == self.seat:
                line = state.legal_actions()[-1].upper()  # typed in capitals: GIVE:AS
        self.typed.append(line)
        return (line + "\n") if len(self.typed) < 3000 else ""


def test_give_is_typed_by_name_at_the_play_prompt(
        toy: Mechanic, tmp_path: Path, play: Callable[..., Any]) -> None:
    saved = tmp_path / "game.json"
    typist = _Typist(saved, seat=2)
    result = play(typist, str(_write(tmp_path)), "--seed", "3", "--seat", "2", "--save",
                  str(saved), "--bots", "heuristic")
    assert result.code == 0, result.err
    typed = [t for t in typist.typed if t.startswith("GIVE:")]
    assert typed, "the human was never asked to pass"
    assert "Pass a card to your left:" in result.out
    card = C.pretty(C.card(typed[0].partition(":")[2]))
    assert f"passes {card} to the left" in result.out
