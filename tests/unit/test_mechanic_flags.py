"""The rules layer knows no particular mechanic (issue 23): what its checks need to know of one
(it runs only when a hand has a maker, it uses the upcard, it decides the makers' side during
the hand, its settings that decide which outcomes a hand can have, its own warnings) each
mechanic declares, and the rules layer reads it through the registry. A toy mechanic, defined
here and registered only by this test, that declares the same gets the same treatment as a
shipped one; the messages and positions are written out by hand from the files below."""

from __future__ import annotations

import importlib.util
import textwrap
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest

from engine import load_variant
from engine.core.errors import InvalidArgument, VariantError
from engine.mechanics.base import Mechanic, Phase
from engine.mechanics.registry import mechanics, register
from engine.rules.hand_checks import check_makers
from engine.rules.loader import diagnose_variant
from engine.rules.mechanic_rules import OutcomeSetting
from engine.rules.scoring_checks import outcome_settings

ROOT = Path(__file__).resolve().parents[2]


class Idle(Phase):
    """The toy's phase: nothing to decide (the checks below never play it)."""

    name = "toy_phase"


TOY = Mechanic(key="toy_phase", phase=Idle)


@pytest.fixture
def toy_with(request: pytest.FixtureRequest) -> Iterator[Mechanic]:
    """The toy, registered with the declarations the test passes (indirect parameter)."""
    with register(replace(TOY, **request.param)) as mechanic:
        yield mechanic


def _where(error: VariantError) -> tuple[str, int, int]:
    assert error.location is not None
    return (Path(error.location.file).name, error.location.line, error.location.column)


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


EVERY_SUIT_DIRTY = """
    extends: buck-euchre
    description: Every upcard is dirty, so trump is never bid.
    upcard_trump: {suits: [C, D, H, S]}
    flow: [deal, upcard_trump, upcard_bidding, toy_phase, dealer_pickup, stay_or_drop, play,
           score]
    scoring:
      table:
        - {label: no_maker, when: "no_maker", defenders: "if(tricks >= 1, -tricks, 5)"}
"""
NEVER_RUNS = ("never runs: `upcard_trump.suits` lists every suit, so every upcard fixes trump "
              "and no hand has a maker")


@pytest.mark.parametrize("toy_with", [{"needs_maker": True}], indirect=True)
def test_a_phase_that_declares_it_needs_a_maker_is_warned_about_like_upcard_bidding(
    toy_with: Mechanic, tmp_path: Path,
) -> None:
    checked = diagnose_variant(_write(tmp_path, "dirty.yaml", EVERY_SUIT_DIRTY))
    assert checked.errors == []
    assert [(w.message, _where(w), w.path, w.hint) for w in checked.warnings] == [
        (f"`{phase}` {NEVER_RUNS}", ("dirty.yaml", 3, 23), ("flow", index),
         f"remove `{phase}` from the flow, or list fewer suits in `upcard_trump.suits`")
        for phase, index in (("upcard_bidding", 2), ("toy_phase", 3), ("stay_or_drop", 5))]


@pytest.mark.parametrize("toy_with", [{}], indirect=True)
def test_a_phase_that_does_not_need_a_maker_is_not_warned_about(toy_with: Mechanic,
                                                                tmp_path: Path) -> None:
    checked = diagnose_variant(_write(tmp_path, "dirty.yaml", EVERY_SUIT_DIRTY))
    assert [w.message.split(":")[0] for w in checked.warnings] == [
        "`upcard_bidding` never runs", "`stay_or_drop` never runs"]


UPCARD_IN_AN_AUCTION = """
    extends: ghost-hand
    description: d
    deck: {size: 28}
    deal: {upcard: true}
    flow: [deal, auction, toy_phase, name_trump, play, score]
"""


@pytest.mark.parametrize("toy_with", [{"uses_upcard": True}], indirect=True)
def test_a_phase_that_declares_it_uses_the_upcard_keeps_an_upcard_of_an_auction_useful(
    toy_with: Mechanic, tmp_path: Path,
) -> None:
    checked = diagnose_variant(_write(tmp_path, "w.yaml", UPCARD_IN_AN_AUCTION))
    assert (checked.errors, checked.warnings) == ([], [])


@pytest.mark.parametrize("toy_with", [{}], indirect=True)
def test_an_upcard_no_phase_uses_is_still_warned_at_the_files_own_deal_upcard(
    toy_with: Mechanic, tmp_path: Path,
) -> None:
    checked = diagnose_variant(_write(tmp_path, "w.yaml", UPCARD_IN_AN_AUCTION))
    (warning,) = checked.warnings
    assert _where(warning) == ("w.yaml", 4, 16)
    assert warning.message == ("`deal.upcard: true` has no use in an auction flow: no phase "
                               "bids on the upcard or gives it to the dealer")


CALLED = """
    extends: standard
    description: d
    flow: [deal, upcard_bidding, go_alone, toy_phase, dealer_pickup, play, score]
"""


@pytest.mark.parametrize("toy_with", [{"decides_sides": True}], indirect=True)
def test_a_phase_that_declares_it_decides_the_sides_lets_score_hand_take_the_makers(
    toy_with: Mechanic, tmp_path: Path,
) -> None:
    variant = load_variant(_write(tmp_path, "called.yaml", CALLED))
    assert check_makers(variant, maker=1, makers=[3, 1], alone=()) == (1, 3)
    assert check_makers(variant, maker=1, makers=[1], alone=()) == (1,)  # nobody held it


@pytest.mark.parametrize("toy_with", [{}], indirect=True)
def test_without_a_phase_that_decides_the_sides_the_makers_are_fixed(
    toy_with: Mechanic, tmp_path: Path,
) -> None:
    variant = load_variant(_write(tmp_path, "called.yaml", CALLED))
    with pytest.raises(InvalidArgument, match="called's makers are fixed: \\(1, 3\\)"):
        check_makers(variant, maker=1, makers=[1], alone=())


SETTINGS_TODAY = (
    ("go_alone", "maker"), ("go_alone", "defender"), ("go_alone", "defender_needs_lone_maker"),
    ("go_alone",), ("flow",), ("deal", "hand_size"), ("auction", "bids"),
    ("auction", "top_bid"), ("sides", "kind"), ("players",), ("upcard_trump", "suits"),
    ("deck", "jokers"),
)
"""The settings the scoring check blames, most likely culprit first, as the check listed them
before each mechanic declared its own."""


def test_the_scoring_check_blames_the_settings_in_the_order_it_always_has() -> None:
    assert outcome_settings() == SETTINGS_TODAY


@pytest.mark.parametrize("toy_with", [{"outcome_settings": (
    OutcomeSetting(rank=45, path=("toy_phase", "odds")),)}], indirect=True)
def test_a_mechanics_outcome_setting_takes_its_place_by_rank(toy_with: Mechanic) -> None:
    assert outcome_settings() == (*SETTINGS_TODAY[:8], ("toy_phase", "odds"),
                                  *SETTINGS_TODAY[8:])


def _mentions_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mechanic_mentions",
                                                  ROOT / "tools" / "mechanic_mentions.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_engine_file_outside_the_mechanics_names_an_optional_mechanic() -> None:
    """Issue 23: none but the registry. The mechanics every flow has (``required``: the deal,
    the play of the tricks, the score) are the core of every variant and may be named; the
    optional ones only where the tool's ``KEPT`` says why (two mentions, both data)."""
    tool = _mentions_tool()
    required = {m.key for m in mechanics() if m.required}
    assert required == {"deal", "play", "score"}  # the core named in the docstring
    assert set(tool.KEPT) == {("engine/rules/schema_base.py", "key"),
                              ("engine/rules/results.py", "key")}
    found = []
    for key, modules, classes in tool.mechanic_names():
        for path in sorted((ROOT / "engine").rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name.startswith("engine/mechanics/"):
                continue
            kinds, _ = tool.mentions(path, key, modules, classes)
            if tool.faults(key, key in required, path, kinds):
                found.append((name, key, sorted(kinds)))
    assert found == []
    assert tool.main(["--check"]) == 0
