"""The search bot: named ``search`` or ``search:N`` in ``--bots``, deterministic for a seed,
its cost linear in the simulations, and playable at the terminal (issue 14)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import new_game
from engine.bots import make_bot, parse_bots
from engine.bots.search import DEFAULT_SIMULATIONS, SearchBot
from engine.core.bot_spec import BotSpec
from engine.core.errors import EuchreError
from engine.play.records import read_record
from engine.testing.rules import variant

Play = Callable[..., Any]  # the `play` fixture of conftest.py


def test_search_n_names_a_search_bot_with_n_simulations() -> None:
    assert parse_bots("search:200,heuristic,search,random", 4) == (
        BotSpec(name="search", simulations=200), BotSpec(name="heuristic"),
        BotSpec(name="search"), BotSpec(name="random"))
    bot = make_bot(BotSpec.parse("search:200"), variant("standard"), 1, seed=3)
    assert isinstance(bot, SearchBot) and bot.simulations == 200
    plain = make_bot(BotSpec.parse("search"), variant("standard"), 1, seed=3)
    assert isinstance(plain, SearchBot) and plain.simulations == DEFAULT_SIMULATIONS


@pytest.mark.parametrize(("spec", "message"), [
    ("search:0", "N in search:N is a number of simulations per decision, 1 to"),
    ("search:many", "N in search:N is a number of simulations"),
    ("heuristic:5", "only search takes a number"),
    ("serch", "no bot named 'serch'"),
])
def test_a_bad_search_name_is_refused_with_the_reason(spec: str, message: str) -> None:
    with pytest.raises(EuchreError, match=message):
        parse_bots(spec, 4)


def test_the_same_seed_gives_the_same_decisions() -> None:
    v = variant("cutthroat")
    runs = []
    for _ in range(2):
        state = new_game(v, seed=5)
        bots = [SearchBot(v, seat, seed=seat, simulations=6) for seat in range(v.players)]
        for _ in range(30):
            state.apply(bots[state.current_player].act(state))
        runs.append(state.history_ids)
    assert runs[0] == runs[1]


def test_a_forced_action_is_not_searched() -> None:
    state = new_game(variant("standard"), seed=1)
    while len(state.legal_action_ids()) != 1:  # the last trick's cards, at the latest
        state.apply(state.legal_action_ids()[-1])
    bot = SearchBot(state.variant, state.current_player, seed=1, simulations=50)
    assert bot.advise(state) == (state.legal_action_ids()[0], "the only legal action")
    assert bot.rollouts == 0


def test_the_simulations_are_the_rollouts_played() -> None:
    # Each decision plays max(1, N // k) worlds of k actions: N rounded down to a multiple
    # of k (k = 2 at the first bid of standard: pass or order up).
    state = new_game(variant("standard"), seed=7)
    assert len(state.legal_action_ids()) == 2
    for n in (10, 40):
        bot = SearchBot(state.variant, state.current_player, seed=1, simulations=n)
        action, reason = bot.advise(state)
        assert bot.rollouts == n and f"of {n // 2} sampled deals" in reason
        assert action in state.legal_action_ids()


def test_play_with_search_bots_at_the_terminal(play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = play("1\n1\n1\n1\n1\nquit\n", "standard", "--seed", "3", "--bots", "search:8",
                  "--save", str(saved))
    assert result.code == 0, result.err
    assert "bots: North search:8, East search:8, West search:8." in result.out
    record = read_record(saved)
    resumed = play("quit\n", "--resume", str(saved))
    assert resumed.code == 0, resumed.err
    assert record.table is not None
    assert record.table.bots[0] == BotSpec(name="search", simulations=8)
    assert record.to_json()["table"]["bots"][0] == "search:8"
