"""``call-ace`` in batch mode (every batch bot): five players, a partner by a called ace.

The scalar interpreter is the independent source: ``--verify`` replays batch games through it
(every action legal, the same scores and winners: a batch form that took the wrong holder of
the called ace for the partner, or scored a buried ace as a partnership hand, ends with other
scores; heuristic seats the scalar heuristic's actions, its play reading the sides as its view
shows them: the maker knows his partner, and the defenders one another, only once the called
ace is played, CALL-A6; the heuristic alone in tests/batch/test_batch_heuristic.py), and its
random games are set against batch games at fixed seeds, two-sided tests at the 0.1% level
(normal 3.29; chi-square with 2 degrees of freedom 13.82, standard tables).

Worked by hand for the greedy bot: its lone-hand rule offers ``alone`` or ``pass``; here there
is no ``pass``, so it takes the first legal action, ``alone`` (id 4, below every call): every
hand a greedy maker makes is played alone (the scalar bot does the same, which the replay
checks action by action).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

pytest.importorskip("numpy", reason="batch mode needs the `batch` extra (numpy)")

from engine import load_variant
from engine.batch.forms import missing, missing_bot
from engine.batch.run import compile_kernels, play_batch
from engine.batch.simulate import simulate_batch
from engine.core import actions as A
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.mechanics.call_partner import PARTNER
from engine.mechanics.call_partner_batch import CallPartner
from engine.sim.simulate import simulate
from engine.sim.stats import Count, Tally

CHI2_2DF_0_001 = 13.82
Z_0_001 = 3.29
RANDOM = [BotSpec.parse("random")] * 5
HEURISTIC = [BotSpec.parse("heuristic")] * 5
pytestmark = pytest.mark.xdist_group("batch-call-ace")


@pytest.fixture(scope="module")
def scalar() -> Tally:
    return simulate(load_variant("call-ace"), seed=7, games=300, bots=RANDOM)


@pytest.fixture(scope="module")
def batch() -> Tally:
    return simulate_batch(load_variant("call-ace"), seed=7, games=5000, batch_size=5000).tally


def test_call_ace_runs_in_batch_with_every_batch_bot() -> None:
    v = load_variant("call-ace")
    assert missing(v) is None
    assert missing_bot(RANDOM, v) is None
    assert missing_bot(HEURISTIC, v) is None


def test_the_heuristic_calls_the_ace_of_its_shortest_suit_worked_by_hand() -> None:
    # hearts trump, JH 9H AS 9C TC: the aces it may call are those of clubs and diamonds (not
    # its own of spades, not trump); it holds two clubs and no diamond: the ace of diamonds,
    # where a partner's ace wins a trick it could not. With a diamond and no club: the ace of
    # clubs; with one of each: the lower card, the ace of clubs (the scalar key's last term).
    v = load_variant("call-ace")
    form = CallPartner(v)
    hands = [["JH", "9H", "AS", "9C", "TC"], ["JH", "9H", "AS", "9D", "TS"],
             ["JH", "9H", "AS", "9D", "TC"]]
    held = np.array([C.mask_of(h) for h in hands], dtype=np.uint64)
    calls = np.array([C.mask_of(["AC", "AD"])] * 3, dtype=np.uint64)
    chosen = form._wanted(held, calls, np.full(3, C.HEARTS))
    assert [C.card_name(int(c)) for c in chosen] == ["AD", "AC", "AC"]


@pytest.mark.parametrize("bots", ["greedy,random,random,greedy,random",
                                  "heuristic,random,greedy,heuristic,random"])
def test_call_ace_replays_through_the_scalar_engine(bots: str) -> None:
    v = load_variant("call-ace")
    names = (bots.split(",") * 5)[:5]
    games = 60 if "heuristic" in bots else 150
    run = simulate_batch(v, seed=5, games=games, batch_size=30, verify=games,
                         bots=[BotSpec.parse(name) for name in names])
    assert run.problems == []
    calls = sum(1 for log in run.logs for a in log.actions if PARTNER <= a < PARTNER + 64)
    assert calls > 0


def test_a_greedy_maker_always_goes_alone() -> None:
    v = load_variant("call-ace")
    tally, logs = play_batch(v, compile_kernels(v), seed=3, index=0, size=200, games=200,
                             logged=200, bots=[BotSpec.parse("greedy")] * 5)
    made = tally.hands
    assert made > 0 and tally.n[Count.ALONE, None] == made
    assert not any(PARTNER <= a < PARTNER + 64 for log in logs for a in log.actions)
    assert sum(log.actions.count(A.ALONE) for log in logs) == made


def _rows(t: Tally) -> list[int]:
    """The hands by outcome: made, a march (alone or not), euchred."""
    n = t.n
    return [n[Count.LABEL, "made"], n[Count.LABEL, "march"] + n[Count.LABEL, "lone_march"],
            n[Count.LABEL, "euchre"]]


def test_call_ace_outcome_shares_match_the_scalar_engine(scalar: Tally, batch: Tally) -> None:
    rows = np.array([_rows(scalar), _rows(batch)], float)
    expected = rows.sum(axis=1, keepdims=True) * rows.sum(axis=0) / rows.sum()
    assert float(((rows - expected) ** 2 / expected).sum()) < CHI2_2DF_0_001


@pytest.mark.parametrize("what", [Count.ALONE, Count.MADE, Count.MARCH])
def test_call_ace_rates_match_the_scalar_engine(scalar: Tally, batch: Tally,
                                                what: Count) -> None:
    # alone: called alone, or a called ace nobody else held (CALL-A5), about 39% of hands
    a, b = (scalar.n[what, None], scalar.hands), (batch.n[what, None], batch.hands)
    assert a[0] > 0 and b[0] > 0
    pooled = (a[0] + b[0]) / (a[1] + b[1])
    se = math.sqrt(pooled * (1 - pooled) * (1 / a[1] + 1 / b[1]))
    assert abs(a[0] / a[1] - b[0] / b[1]) < Z_0_001 * se
