"""A march is the makers' side taking every trick: in Call-Ace that side is the maker and the
partner his called ace made (CALL-A4), decided during the hand. The simulation's march count,
the batch engine's and the compare figure must count the partner's tricks, as the scoring
table does: each march is a hand the table labelled ``march`` or ``lone_march``."""

from __future__ import annotations

import pytest

from engine.bots import make_bot
from engine.core.bot_spec import BotSpec
from engine.play.game import new_game
from engine.sim.compare import metrics_for
from engine.sim.simulate import simulate
from engine.testing.rules import variant

MARCH_LABELS = ("march", "lone_march")
"""The rows of `euchre rules call-ace` (and standard's) that a march scores by."""


@pytest.mark.parametrize("name", ["call-ace", "standard"])
def test_the_simulations_marches_are_the_hands_the_table_scored_as_marches(name: str) -> None:
    v = variant(name)
    report = simulate(v, seed=5, games=40, bots=[BotSpec.parse("heuristic")] * v.players
                      ).report().to_json()
    labelled = sum(report["outcomes"].get(label, 0) for label in MARCH_LABELS)
    assert labelled > 5  # enough marches to tell a partner's tricks from none
    assert report["makers"]["march"]["count"] == labelled


def test_the_batch_engines_marches_are_the_hands_the_table_scored_as_marches() -> None:
    pytest.importorskip("numpy", reason="batch mode needs the batch extra")
    from engine.batch.simulate import simulate_batch  # noqa: PLC0415 - the batch extra

    v = variant("call-ace")
    run = simulate_batch(v, seed=5, games=300, verify=2,
                         bots=[BotSpec.parse("heuristic")] * v.players)
    assert run.problems == []  # the batch games replay through the scalar engine
    report = run.tally.report().to_json()
    labelled = sum(report["outcomes"].get(label, 0) for label in MARCH_LABELS)
    assert labelled > 5
    assert report["makers"]["march"]["count"] == labelled


def test_the_compared_marches_count_the_called_partners_tricks() -> None:
    v = variant("call-ace")
    (march,) = [m for m in metrics_for(v) if m.key == "march"]
    # seed 4: two hands scored as marches, in both of which the called partner took tricks
    bots = [make_bot(BotSpec.parse("heuristic"), v, seat, 4) for seat in range(v.players)]
    state = new_game(v, seed=4)
    while not state.is_terminal():
        state.apply(bots[state.current_player].act(state))
    scored = [r for r in state.hands_played if r.scored]
    marches = sum(r.label in MARCH_LABELS for r in scored)
    assert marches > 0
    assert march.value(state) * len(scored) == 100 * marches  # per 100 hands
