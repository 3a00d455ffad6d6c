"""Every game of the auction-family variants and the other catalogue variants ends by its
own rules: in 150 games between the default (heuristic) bots, none is stopped by the
safety limit on hands (``game.max_hands``); `euchre simulate NAME --games 1000` shows the same
for a thousand. A variant whose game cannot end (a countdown that never reaches zero, a
contract rule nobody can satisfy) fails here at the first game.

Sample size: a defect that leaves a share f of the games unable to end (a bot that never bids
with some hands, say) passes n games with probability (1 - f)**n; 150 games catch f = 2% with
probability 1 - 0.98**150 = 95% (f = 1% with 78%). The games run in this process (one worker):
``simulate``'s workers are tested to give the same tally in tests/unit/test_simulate.py."""

from __future__ import annotations

import pytest

from engine.core.bot_spec import BotSpec
from engine.sim.simulate import simulate
from engine.testing.rules import variant

GAMES = 150

CATALOGUE = ["three-handed", "british", "no-trump", "super-euchre", "bid-euchre",
             "bid-euchre-stick", "bid-euchre-low", "bid-euchre-trump-in-bid", "pepper",
             "buck-euchre", "canadian-loner", "farmers-hand", "railroad", "railroad-no-laps",
             "call-ace", "standard-six", "bid-euchre-double", "railroad-jamboree"]
"""The variants of the Euchre family shipped beyond the seeds."""


@pytest.mark.parametrize("name", CATALOGUE)
def test_simulated_games_all_end_by_the_rules(name: str) -> None:
    v = variant(name)
    tally = simulate(v, seed=11, games=GAMES, bots=[BotSpec.parse("heuristic")] * v.players)
    summary = tally.report().to_json()
    assert summary["games"] == GAMES
    assert summary["stopped_at_hand_limit"] == 0
