"""Our engine plays OpenSpiel's euchre exactly: seat to act, legal actions and scores.

A small sample of ``tools/differential.py`` (which runs many more hands): for each of
OpenSpiel's settings, seeded random hands are played in both engines side by side from the
same deal (``engine/testing/openspiel_differential.py`` holds the comparison). Skipped, saying why,
where open-spiel cannot be installed.
"""

from __future__ import annotations

import functools
import random

import pytest

pytest.importorskip(
    "pyspiel", reason="open-spiel is not installed on this platform: pip install open-spiel")

from engine.testing.openspiel_differential import (
    SETTINGS,
    Report,
    Setting,
    compare_hand,
    load_setting_variant,
    openspiel_game,
    run_setting,
)

HANDS = 1000
"""Hands per setting; the tool's default run is 20000."""
SEED = 20240


@functools.cache
def _report(name: str) -> Report:
    return run_setting(SETTINGS[name], hands=HANDS, seed=SEED)


@pytest.mark.parametrize("name", list(SETTINGS))
def test_random_hands_agree_with_openspiel_move_by_move_and_in_score(name: str) -> None:
    report = _report(name)
    shown = "\n".join(d.describe() for d in report.divergences[:3])
    assert not report.divergences, (
        f"{len(report.divergences)} of {HANDS} hands diverged ({dict(report.counts())}):\n"
        f"{shown}")


@pytest.mark.parametrize("name", ["nostick", "lone-nostick"])
def test_eight_passes_without_stick_the_dealer_end_unscored_in_both(name: str) -> None:
    assert _report(name).thrown_in > 0, "the sample should hold deals everybody passed twice"


def test_the_comparison_catches_a_rule_difference_lone_defender_off_in_ours() -> None:
    mismatch = Setting(name="mismatch", game=SETTINGS["lone"].game,
                       overlay=SETTINGS["default"].overlay)
    game = openspiel_game(mismatch)
    variant = load_setting_variant(mismatch)
    kinds = set()
    for hand in range(50):
        result = compare_hand(game, variant, mismatch.name, hand, random.Random(hand))
        if result.divergence is not None:
            kinds.add(result.divergence.kind)
    assert kinds <= {"player", "legal"} and kinds
