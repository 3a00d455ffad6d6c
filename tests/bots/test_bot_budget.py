"""A time budget per decision for the sampling bots (``search:200ms``, ``solver:200ms``): for
people at the table; the number forms stay the reproducible default (issue 26)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import new_game
from engine.bots import base, make_bot, parse_bots
from engine.bots.search import SearchBot
from engine.bots.solver_bot import SolverBot
from engine.core.bot_spec import BotSpec
from engine.core.errors import EuchreError
from engine.play.records import read_record
from engine.testing.rules import variant

Play = Callable[..., Any]  # the `play` fixture of conftest.py


def test_nms_names_a_time_budget_for_search_and_solver() -> None:
    assert parse_bots("search:200ms,solver:50ms", 2) == (
        BotSpec(name="search", milliseconds=200), BotSpec(name="solver", milliseconds=50))
    assert str(BotSpec.parse(" solver:50ms ")) == "solver:50ms"
    search = make_bot(BotSpec.parse("search:200ms"), variant("standard"), 1, seed=3)
    solver = make_bot(BotSpec.parse("solver:50ms"), variant("standard"), 1, seed=3)
    assert isinstance(search, SearchBot) and search.budget == 0.2
    assert isinstance(solver, SolverBot) and solver.budget == 0.05
    assert make_bot(BotSpec.parse("search:8"), variant("standard"), 1, seed=3).budget is None


@pytest.mark.parametrize(("spec", "message"), [
    ("search:0ms", "the time budget in search:Nms is 1 to 60000 milliseconds"),
    ("solver:60001ms", "the time budget in solver:Nms is 1 to 60000 milliseconds"),
    ("heuristic:200ms", "only search takes a number"),
    ("search:2s", "N in search:N is a number of simulations"),
])
def test_a_bad_budget_is_refused_with_the_reason(spec: str, message: str) -> None:
    with pytest.raises(EuchreError, match=message):
        BotSpec.parse(spec)


class Clock:
    """A clock that moves 10 ms each time it is read."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        self.now += 0.010
        return self.now


@pytest.mark.parametrize(("budget", "worlds"), [(0.0, 1), (0.005, 1), (0.035, 4), (0.1, 10)])
def test_the_worlds_are_those_that_start_before_the_budget_is_spent(
        monkeypatch: pytest.MonkeyPatch, budget: float, worlds: int) -> None:
    # The deadline is read once (t0 + budget), then once before each further world: with the
    # clock at t0 + 10k ms at the k-th check, world k + 1 starts while 10k ms < the budget.
    # 35 ms: checks at 10, 20, 30 ms start worlds 2 to 4, the check at 40 ms stops: 4.
    monkeypatch.setattr(base.time, "perf_counter", Clock())
    assert list(base.worlds_until(500, budget)) == list(range(1, worlds + 1))


def test_a_search_with_a_budget_plays_the_worlds_its_time_allows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # At the first bid of standard (pass or order up) each world is 2 rollouts; with the
    # clock of 10 ms a read, 35 ms of budget is 4 worlds (above), 8 rollouts, whatever N says.
    monkeypatch.setattr(base.time, "perf_counter", Clock())
    state = new_game(variant("standard"), seed=7)
    bot = SearchBot(state.variant, state.current_player, seed=1, simulations=1000, budget=0.035)
    action, reason = bot.advise(state)
    assert bot.rollouts == 8 and "of 4 sampled deals" in reason
    assert action in state.legal_action_ids()


def test_a_solver_with_a_budget_solves_the_worlds_its_time_allows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game(variant("standard"), seed=7)
    while state.phase != "play" or len(state.legal_action_ids()) < 2:
        state.apply(state.legal_action_ids()[-1])
    monkeypatch.setattr(base.time, "perf_counter", Clock())
    bot = SolverBot(state.variant, state.current_player, seed=1, worlds=1000, budget=0.035)
    action, reason = bot.advise(state)
    assert "exact play; best in" in reason and "of 4 sampled deals" in reason
    assert action in state.legal_action_ids()


def test_a_game_with_budget_bots_saves_and_resumes_under_their_names(
        play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = play("1\n1\n1\nquit\n", "standard", "--seed", "3", "--bots",
                  "search:2ms,solver:2ms,heuristic", "--save", str(saved))
    assert result.code == 0, result.err
    assert "North search:2ms" in result.out and "East solver:2ms" in result.out
    record = read_record(saved)
    assert record.table is not None
    # The record keeps each seat's spec, and writes it as the user typed it.
    assert BotSpec(name="search", milliseconds=2) in record.table.bots
    assert {"search:2ms", "solver:2ms", "heuristic"} <= set(record.to_json()["table"]["bots"])
    resumed = play("quit\n", "--resume", str(saved))
    assert resumed.code == 0, resumed.err
