"""Count files (STYLE.md practice 10, "perft" as in python-chess): from fixed deals, the number
of distinct legal action sequences of each depth must match ``tests/data/counts.json``.

A change in what is legal near the start of a hand (bidding, going alone, the dealer's
exchange, the first tricks) changes a count; the failure shows the counts split by the first
action. Regenerate with ``python tools/golden.py`` when the change is intended.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import load_variant, new_game, shipped_names
from engine.testing import golden

COUNTS_FILE = Path(__file__).resolve().parents[1] / "data" / "counts.json"
FILE = json.loads(COUNTS_FILE.read_text(encoding="utf-8"))
CASES = {case["case"]: case for case in FILE["cases"]}


def test_the_count_file_lists_the_tools_cases() -> None:
    assert [c["case"] for c in FILE["cases"]] == [c["case"] for c in golden.COUNT_CASES], \
        "run `python tools/golden.py`"
    assert all(case["variant"] in shipped_names() for case in FILE["cases"])


@pytest.mark.parametrize("name", list(CASES))
def test_legal_action_sequences_from_a_fixed_deal_match_the_count_file(name: str) -> None:
    case: dict[str, Any] = CASES[name]
    state = new_game(load_variant(case["variant"]), seed=0, deal=golden.deal_of(case))
    actual = golden.perft_levels(state, case["depth"])
    for depth, (got, expected) in enumerate(zip(actual, case["counts"], strict=True), start=1):
        if got != expected:
            split = golden.divide(state, depth)
            pytest.fail(f"{name}: {got} sequences of depth {depth}, the count file says "
                        f"{expected}; by first action: {split}. Run `python tools/golden.py` "
                        "if the change is intended.", pytrace=False)


def test_perft_levels_agree_with_perft_depth_by_depth() -> None:
    case = CASES["two-handed"]
    state = new_game(load_variant(case["variant"]), seed=0, deal=golden.deal_of(case))
    assert golden.perft_levels(state, 6) == [golden.perft(state, d) for d in range(1, 7)]


def test_the_first_counts_are_what_the_rules_say_RULES_3_1() -> None:
    """Hand-checked counts: eldest passes or orders up (2); then the maker decides to go alone
    or the next seat bids (2 + 2); at depth 3, the dealer's six discards after
    ``order_up pass`` and ``order_up alone`` plus two bids each after ``pass pass`` and
    ``pass order_up`` (6 + 6 + 2 + 2)."""
    assert CASES["standard"]["counts"][:3] == [2, 4, 16]
    # stick the dealer removes exactly one sequence at depth 8: the dealer's last pass.
    standard, stuck = CASES["standard"]["counts"], CASES["stick-the-dealer"]["counts"]
    assert standard[:7] == stuck[:7] and standard[7] - stuck[7] == 1
    # the joker upcard: the dealer names one of four suits, blind.
    assert CASES["standard-joker, joker upcard"]["counts"][:3] == [4, 8, 48]
