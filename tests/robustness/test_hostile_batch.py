"""Hostile variants in batch mode (issue 22, item 20): numbers past 64-bit integers.

Batch mode counts in ``int64``, which wraps silently past 2**63. A variant whose scores could
get there (the largest award times the hand limit), or whose scoring expressions compute a
value past it on the way, is named and played by the scalar engine (Python ints), never
reported wrong with exit 0; scores that fit but whose squares do not are summed exactly.
Expected values are hand computations or the scalar engine's own play of the same games.
"""

from __future__ import annotations

import io
from collections import Counter
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from engine import load_variant
from engine.batch.forms import headroom, missing, score_bound
from engine.batch.run import compile_kernels, play_batch
from engine.batch.scoring import peak
from engine.batch.simulate import simulate_batch
from engine.batch.tally import add_hands
from engine.core.errors import InvalidArgument
from engine.mechanics.batch.hand import BatchHand
from engine.play.state import State
from engine.rules.expressions import Type, compile_expression
from engine.sim.stats import Tally, Total
from engine.testing.rules import overlay

BIG = " * ".join(["999999999"] * 3)  # 999999999^3, about 1e27: past int64 (9.2e18)

WRAPPING = f"""extends: standard
description: the standard table, its conditions written through numbers past int64
scoring:
  table:
    - {{label: made, when: "3 * {BIG} <= makers.tricks * {BIG} <= 4 * {BIG}", makers: 1}}
    - {{label: march, when: "makers.tricks == 5 and not alone", makers: 2}}
    - {{label: lone_march, when: "makers.tricks == 5 and alone", makers: 4}}
    - {{label: euchre, when: "makers.tricks * {BIG} <= 2 * {BIG}", defenders: 2}}
"""
"""Awards of 1 to 4, as in `standard`: only the conditions pass 2**63 (in int64 they wrap and
compare the wrong way, so that some outcome has no row, or two)."""


def _peak(text: str, expected: Type = Type.INT) -> int:
    scope = {"makers.tricks": Type.INT, "alone": Type.BOOL}
    return peak(compile_expression(text, scope, expected=expected))


def test_the_peak_of_an_expression_bounds_every_value_computed_on_the_way() -> None:
    # names of numbers count 64 (a hand holds at most 64 cards), booleans 1
    assert _peak("3") == 3
    assert _peak("makers.tricks * 2 + 1") == 129
    assert _peak("if(alone, 4, 2) * 3") == 12
    assert _peak("makers.tricks * 999999999 * 999999999 >= 5", Type.BOOL) == 64 * 999999999**2
    assert _peak("max(1, 2 - 999999999 * 999999999)") == 2 + 999999999**2


def test_a_scores_bound_is_its_largest_award_times_the_hand_limit() -> None:
    standard = load_variant("standard")
    # STD scoring: the lone march's 4 is the largest award; 1000 hands at most, from 0
    assert score_bound(standard) == 4 * 1000
    assert headroom(standard) is None
    longer = replace(standard, game=replace(standard.game, max_hands=2**61))
    assert score_bound(longer) == 4 * 2**61
    assert "64-bit" in (headroom(longer) or "")
    assert "64-bit" in (missing(longer) or "")


def test_simulate_batch_refuses_a_variant_whose_scores_could_wrap_int64() -> None:
    standard = load_variant("standard")
    for variant in (replace(standard, game=replace(standard.game, start=-(2**62) - 1)),
                    replace(standard, game=replace(standard.game, max_hands=2**61))):
        with pytest.raises(InvalidArgument, match="64-bit integers"):
            simulate_batch(variant, seed=1, games=10, batch_size=10)


def test_a_scoring_condition_past_int64_is_named_and_the_scalar_engine_plays() -> None:
    variant = overlay(WRAPPING)
    assert "64-bit" in (missing(variant) or "")
    with pytest.raises(InvalidArgument, match="64-bit integers"):
        simulate_batch(variant, seed=1, games=10, batch_size=10)


def _main(argv: list[str]) -> tuple[int, str, str]:
    from engine.cli import main  # noqa: PLC0415 - the CLI, in this process

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def test_simulate_engine_batch_of_such_a_file_reports_what_the_scalar_engine_does(
        tmp_path: Path) -> None:
    path = tmp_path / "wrapping.yaml"
    path.write_text(WRAPPING, encoding="utf-8")
    args = ["simulate", str(path), "--games", "30", "--seed", "2", "--quiet", "--json"]
    code, batch_out, batch_err = _main([*args, "--engine", "batch", "--verify", "30"])
    assert code == 0 and "Traceback" not in batch_err
    assert "past the 64-bit integers of batch mode; playing the scalar engine" in batch_err
    code, scalar_out, _ = _main([*args, "--bots", "random"])
    assert code == 0 and batch_out == scalar_out


def _hand(rows: int, points: int) -> tuple[BatchHand, np.ndarray]:
    """A scored hand of ``rows`` games in which seats 0 and 2 made ``points`` each."""
    bh = BatchHand(rng=np.random.default_rng(0), dealer=np.zeros(rows, dtype=np.int64))
    bh.maker = np.zeros(rows, dtype=np.int64)
    bh.made = np.ones(rows, dtype=bool)
    bh.label = np.zeros(rows, dtype=np.int64)
    bh.tricks[:, 0] = 5
    bh.deltas[:, 0] = bh.deltas[:, 2] = points
    return bh, bh.deltas.copy()


def test_the_batch_tally_sums_squares_past_int64_exactly() -> None:
    # 3,037,000,500^2 = 9,223,372,037,000,250,000 is past int64's 9,223,372,036,854,775,807
    rows, points = 1000, 3_037_000_500
    tally = Tally.for_variant(load_variant("standard"))
    bh, after = _hand(rows, points)
    add_hands(tally, bh, after, np.ones(rows, dtype=np.int64), ("made",), wide=True)
    side = (0, 2)
    assert tally.s[Total.POINTS, side] == rows * points
    assert tally.sq[Total.POINTS, side] == rows * 9_223_372_037_000_250_000
    assert tally.s[Total.SCORE, (1, side)] == rows * points
    assert tally.sq[Total.SCORE, (1, side)] == rows * 9_223_372_037_000_250_000


LOSING = """extends: standard
description: makers who are euchred lose 999,999; games run to the hand limit
scoring:
  table:
    - {label: made, when: "3 <= makers.tricks <= 4", makers: 1}
    - {label: march, when: "makers.tricks == 5 and not alone", makers: 2}
    - {label: lone_march, when: "makers.tricks == 5 and alone", makers: 4}
    - {label: euchre, when: "makers.tricks <= 2", makers: "0 - 999999"}
game:
  max_hands: 200
"""


def test_batch_sums_of_large_scores_are_those_of_the_scalar_replay() -> None:
    """Scores near -3e7 whose squares (about 1e15) add up past 2**53 over the rows: float
    weights would round them. The scalar engine's replay of the same games gives every hand's
    scores; the batch tally's sums must be theirs exactly."""
    variant = overlay(LOSING)
    rows = 12
    tally, logs = play_batch(variant, compile_kernels(variant), seed=3, index=0, size=rows,
                             games=rows, logged=rows)
    sums: Counter[tuple[int, tuple[int, ...]]] = Counter()
    squares: Counter[tuple[int, tuple[int, ...]]] = Counter()
    for log in logs:
        state = State(variant, seed=0, deals=list(log.deals))
        for action in log.actions:
            state.apply(action)
        assert tuple(state.scores) == log.scores
        scored = [r for r in state.hands_played if r.thrown_in is None]
        for k, record in enumerate(scored, start=1):
            for side in ((0, 2), (1, 3)):
                sums[k, side] += record.scores[side[0]]
                squares[k, side] += record.scores[side[0]] ** 2
    assert max(squares.values()) >= 2**53  # the float path would round these sums
    for key, total in sums.items():
        k, side = key
        assert tally.s[Total.SCORE, (k, side)] == total
        assert tally.sq[Total.SCORE, (k, side)] == squares[key]
