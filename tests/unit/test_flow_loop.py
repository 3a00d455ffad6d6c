"""The flow is a loop: no phase starts while another phase's ``start`` or ``apply`` runs
(a hand of phases with nothing to decide, or many thrown-in deals in a row, cannot nest)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import load_variant, new_game, shipped_names
from engine.bots import make_bot
from engine.core.bot_spec import BotSpec
from engine.mechanics.events import TrickWon
from engine.mechanics.registry import mechanics


@pytest.mark.parametrize("name", shipped_names())
def test_no_phase_starts_inside_another_phase(name: str, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    running: list[str] = []

    def guarded(method: Callable[..., Any], label: str) -> Callable[..., Any]:
        def run(self: Any, *args: Any) -> Any:
            assert not running, f"{label} ran inside {running[-1]}"
            running.append(label)
            try:
                return method(self, *args)
            finally:
                running.pop()
        return run

    for m in mechanics():
        monkeypatch.setattr(m.phase, "start", guarded(m.phase.start, f"{m.key}.start"))
        monkeypatch.setattr(m.phase, "apply", guarded(m.phase.apply, f"{m.key}.apply"))
    variant = load_variant(name)
    for seed in range(2):
        state = new_game(variant, seed=seed)
        bots = [make_bot(BotSpec.parse("random"), variant, seat,
                         seed) for seat in range(variant.players)]
        while not state.is_terminal():
            state.apply(bots[state.current_player].act(state))
        assert state.winners


def test_the_play_mechanic_records_who_won_each_trick_in_order() -> None:
    variant = load_variant("standard")
    state = new_game(variant, seed=11)
    bots = [make_bot(BotSpec.parse("heuristic"), variant, seat, 11) for seat in range(4)]
    checked = 0
    while state.hand_no == 1:
        tricks_before = list(state.hand.tricks_won)
        events = state.apply(bots[state.current_player].act(state))
        if state.hand_no == 1 and state.hand.tricks_won != tricks_before:
            won = [s for s in range(4) if state.hand.tricks_won[s] > tricks_before[s]]
            assert [e.winner for e in events if isinstance(e, TrickWon)] == won
            checked += 1
    assert checked == 4  # hand 1 of seed 11 is played out; its fifth trick starts hand 2
