"""The flow is a loop: no phase starts while another phase's ``start`` or ``apply`` runs
(a hand of phases with nothing to decide, or many thrown-in deals in a row, cannot nest)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import load_variant, new_game, shipped_names
from engine.bots import make_bot
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
        bots = [make_bot("random", variant, seat, seed) for seat in range(variant.players)]
        while not state.is_terminal():
            state.apply(bots[state.current_player].act(state))
        assert state.winners
