"""Every game of the auction-family variants and the other catalogue variants ends by its
own rules: between the default (heuristic) bots, no game is stopped by the safety limit on
hands (``game.max_hands``); `euchre simulate NAME --games 1000` shows the same for a thousand.
A variant whose game cannot end (a countdown that never reaches zero, a contract rule nobody
can satisfy) fails here at the first game.

Sample size: a defect that leaves a share f of the games unable to end (a bot that never bids
with some hands, say) passes n games with probability (1 - f)**n. Where the variant has batch
forms for its mechanics and the heuristic, 1,000 games are played by the batch engine, whose
heuristic makes the scalar bot's own decisions (tests/batch/test_batch_heuristic.py replays
them through the scalar engine): they catch f = 0.3% with probability 1 - 0.997**1000 = 95%,
for less time than 150 scalar games took; 30 scalar games beside them play the scalar engine's
own game end. A variant without batch forms plays 150 scalar games, which catch f = 2% with
probability 1 - 0.98**150 = 95% (f = 1% with 78%). The games run in this process (one worker):
``simulate``'s workers are tested to give the same tally in tests/unit/test_simulate.py."""

from __future__ import annotations

import pytest

from engine.batch.forms import headroom, missing, missing_bot
from engine.batch.simulate import simulate_batch
from engine.core.bot_spec import BotSpec
from engine.sim.simulate import simulate
from engine.testing.rules import variant

GAMES = 150
"""Scalar games of a variant without batch forms."""
BATCH_GAMES = 1000
"""Batch games of a variant with them, beside SCALAR_GAMES scalar ones."""
SCALAR_GAMES = 30

CATALOGUE = ["three-handed", "british", "no-trump", "super-euchre", "bid-euchre",
             "bid-euchre-stick", "bid-euchre-low", "bid-euchre-trump-in-bid", "pepper",
             "buck-euchre", "canadian-loner", "farmers-hand", "railroad", "railroad-no-laps",
             "call-ace", "standard-six", "bid-euchre-double", "railroad-jamboree"]
"""The variants of the Euchre family shipped beyond the seeds."""


@pytest.mark.parametrize("name", CATALOGUE)
def test_simulated_games_all_end_by_the_rules(name: str) -> None:
    v = variant(name)
    bots = [BotSpec.parse("heuristic")] * v.players
    in_batch = missing(v) is None and missing_bot(bots, v) is None and headroom(v) is None
    if in_batch:
        report = simulate_batch(v, seed=11, games=BATCH_GAMES, batch_size=BATCH_GAMES,
                                bots=bots).tally.report().to_json()
        assert report["games"] == BATCH_GAMES
        assert report["stopped_at_hand_limit"] == 0
    games = SCALAR_GAMES if in_batch else GAMES
    summary = simulate(v, seed=11, games=games, bots=bots).report().to_json()
    assert summary["games"] == games
    assert summary["stopped_at_hand_limit"] == 0
