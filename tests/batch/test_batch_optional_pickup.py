"""The optional pickup in batch mode (``dealer_pickup.mode: optional``): after an order-up the
dealer first says ``pick_up`` (takes the upcard, then discards any one of his six) or ``keep``
(the upcard stays in the kitty), an overlay of ``standard``.

Independent sources: the random bots' law worked out by hand (the dealer picks up with chance
1/2, then discards one of six cards uniformly, the upcard with chance 1/6: after the exchange
he holds the upcard in 1/2 x 5/6 = 5/12 of the deals ordered up where he does not sit out
beside a lone maker), and the scalar interpreter
through ``--verify`` (a discard after ``keep`` is an illegal action; the greedy dealer picks
up, its first legal action, and the heuristic when the best five with the upcard are worth
more than his hand, as the scalar bots).
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine.batch.forms import missing
from engine.batch.run import compile_kernels
from engine.mechanics.batch.hand import BatchHand
from engine.mechanics.batch.tables import ONE
from engine.mechanics.dealer_pickup_batch import DealerPickup
from engine.testing.replay import replay_problems
from engine.testing.rules import overlay

Z_0_001 = 3.29
OPTIONAL = ("extends: standard\ndescription: the dealer may keep his hand\n"
            "dealer_pickup: {mode: optional}\n")


def test_the_optional_pickup_has_a_batch_form() -> None:
    assert missing(overlay(OPTIONAL)) is None


def test_random_dealers_keep_the_upcard_five_times_in_twelve() -> None:
    kernels = compile_kernels(overlay(OPTIONAL))
    upto = next(i for i, k in enumerate(kernels) if isinstance(k, DealerPickup)) + 1
    rng = np.random.default_rng(3)
    bh = BatchHand(rng=rng, dealer=rng.integers(0, 4, size=20_000))
    for kernel in kernels[:upto]:  # the deal, the bidding, lone hands, the dealer's exchange
        kernel.run(bh)
    rows = np.flatnonzero(bh.ordered & (bh.out != bh.dealer))  # a lone maker's partner: out
    up = ONE << bh.upcard[rows].astype(np.uint64)
    holds = (bh.hands[rows, bh.dealer[rows]] & up) != 0
    law, n = 5 / 12, rows.size
    assert abs(holds.mean() - law) < Z_0_001 * np.sqrt(law * (1 - law) / n)


@pytest.mark.parametrize("seats", ["random,random,random,random",
                                   "heuristic,random,greedy,heuristic",
                                   "greedy,heuristic,heuristic,random"])
def test_optional_pickups_replay_through_the_scalar_engine(seats: str) -> None:
    assert replay_problems(overlay(OPTIONAL), seats, games=120) == []
