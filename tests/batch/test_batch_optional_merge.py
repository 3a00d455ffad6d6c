"""The optional merge in batch mode (``dummy_merge.mode: optional``): a Cutthroat maker who does
not go alone first says ``merge`` (takes the dummy, then discards down to five) or ``keep``
(the dummy is set aside unseen), an overlay of ``cutthroat``.

Independent sources: the random bot's law worked out by hand (``merge`` or ``keep``, one
chance in two, so half the makers not alone merge), and the scalar interpreter: ``--verify`` replays
batch games through it (a discard after ``keep``, or none after ``merge``, is an illegal or
missing action; the greedy and heuristic makers merge, as the scalar bots do: ``merge`` is
their first legal action and the heuristic's rule).
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine.batch.forms import missing
from engine.batch.run import compile_kernels
from engine.mechanics.batch.hand import BatchHand
from engine.testing.replay import replay_problems
from engine.testing.rules import overlay

Z_0_001 = 3.29
OPTIONAL = "extends: cutthroat\ndescription: the merge is optional\ndummy_merge: {mode: optional}\n"


def test_the_optional_merge_has_a_batch_form() -> None:
    assert missing(overlay(OPTIONAL)) is None


def test_random_makers_merge_one_time_in_two() -> None:
    rng = np.random.default_rng(2)
    bh = BatchHand(rng=rng, dealer=rng.integers(0, 3, size=20_000), players=3, extras=1)
    for kernel in compile_kernels(overlay(OPTIONAL)):
        kernel.run(bh)
    asked = (bh.maker >= 0) & ~bh.alone
    n = int(asked.sum())
    assert abs(bh.merged[asked].mean() - 0.5) < Z_0_001 * np.sqrt(0.25 / n)
    assert not bh.merged[~asked].any()


@pytest.mark.parametrize("seats", ["random,random,random", "heuristic,random,greedy",
                                   "greedy,heuristic,heuristic"])
def test_optional_merges_replay_through_the_scalar_engine(seats: str) -> None:
    assert replay_problems(overlay(OPTIONAL), seats, games=100) == []
