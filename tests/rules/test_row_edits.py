"""Authoring by difference (issue 24 item 7): a child file changes, adds or removes one scoring
row by its label (`scoring.rows`, `scoring.add`) without repeating the rest of the table.

The expected tables are written out by hand from variants/standard.yaml's table (seed 003:
made 1, march 2, lone march 4, euchre 2) with the overlay's change applied; the expected
points of each deal are worked out by hand from the cards (see each test).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import load_variant, new_game
from engine.core import cards as C
from engine.core.errors import VariantError
from engine.rules.loader import check_variant, resolved_variant
from engine.testing.rules import apply_all, last_hand

Write = Callable[[str, str], Path]
N, E, S, W = range(4)

DATA = Path(__file__).resolve().parents[1] / "data"
"""The overlays both row-edit test files play (tests/cli and tests/rules)."""
MARCH_3 = (DATA / "march-3.yaml").read_text(encoding="utf-8")

MARCH_3_TABLE = [
    {"label": "made", "when": "3 <= makers.tricks <= 4", "makers": 1, "defenders": 0},
    {"label": "march", "when": "makers.tricks == 5 and not alone", "makers": 3, "defenders": 0},
    {"label": "lone_march", "when": "makers.tricks == 5 and alone", "makers": 4, "defenders": 0},
    {"label": "set_alone", "when": "makers.tricks <= 2 and alone", "defenders": 4, "makers": 0},
    {"label": "euchre", "when": "makers.tricks <= 2 and not alone", "defenders": 2, "makers": 0},
]
"""standard's four rows by hand, march worth 3, euchre narrowed, set_alone before it."""


def _deal(hands: list[str], upcard: str) -> dict[str, Any]:
    return {"dealer": W, "hands": [h.split() for h in hands], "upcard": upcard}


def _play_out(state: Any, deal: dict[str, Any]) -> None:
    """Each seat plays the first legal card of its hand as written in the deal."""
    while not state.hands_played:
        seat, legal = state.current_player, state.legal_actions()
        held = C.names(state.hand.hands[seat])
        order = [c for c in deal["hands"][seat] if c in held] + held
        state.apply(next(f"play:{c}" for c in order if f"play:{c}" in legal))


def test_edited_and_added_rows_resolve_to_the_table_written_by_hand(write: Write) -> None:
    resolved = resolved_variant(write("march3.yaml", MARCH_3))
    assert resolved.data["scoring"] == {"table": MARCH_3_TABLE}


def test_a_march_worth_3_scores_3_by_the_edited_row(write: Write) -> None:
    # N (eldest, dealer W) holds JH JD AH QH AC and orders up the KH; W takes it and throws
    # the TS. N leads the right and left bowers (W's KH falls to one), then AH and QH (nobody
    # else holds a heart), then AC over E's clubs: all 5 tricks, not alone, so `march`, worth
    # 3 in this file (standard: 2) to N and S.
    deal = _deal(["JH JD AH QH AC", "9C KC QC JC TC", "9D TD QD KD AD", "AS KS QS JS TS"],
                 "KH")
    state = apply_all(new_game(load_variant(write("m.yaml", MARCH_3)), seed=0, deal=deal),
                      "order_up pass discard:TS")
    _play_out(state, deal)
    assert last_hand(state).label == "march"
    assert state.scores == [3, 0, 3, 0]


def test_an_added_row_scores_a_lone_maker_euchred_4(write: Write) -> None:
    # N orders up the TH alone holding no heart; E holds the five best hearts (JH JD AH KH
    # QH) and wins every trick: the lone maker takes 0, so the added `set_alone` row gives
    # E and W 4 (standard's `euchre` would give 2).
    deal = _deal(["9C TC 9D TD 9S", "JH JD AH KH QH", "AC KC QC JC AD", "AS KS QS JS TS"],
                 "TH")
    state = apply_all(new_game(load_variant(write("m.yaml", MARCH_3)), seed=0, deal=deal),
                      "order_up alone discard:TS")
    _play_out(state, deal)
    assert last_hand(state).label == "set_alone"
    assert state.scores == [0, 4, 0, 4]


def test_a_grandchild_edits_a_row_its_parent_added(write: Write) -> None:
    write("m.yaml", MARCH_3)
    path = write("g.yaml", """
        extends: ./m.yaml
        description: The lone set is worth 5.
        scoring:
          rows:
            set_alone: {defenders: 5}
    """)
    table = resolved_variant(path).data["scoring"]["table"]
    assert table[3] == {**MARCH_3_TABLE[3], "defenders": 5}
    assert [row["label"] for row in table] == ["made", "march", "lone_march", "set_alone",
                                               "euchre"]


def _error(path: Path) -> VariantError:
    errors = check_variant(path)
    assert errors, "the file should not be valid"
    return errors[0]


def _where(error: VariantError) -> tuple[str, int, int]:
    assert error.location is not None
    return (Path(error.location.file).name, error.location.line, error.location.column)


@pytest.mark.parametrize(("body", "where", "message", "hint"), [
    ("  rows:\n    marhc: {makers: 3}\n", (5, 5), "`marhc`, but the inherited `scoring.table` "
     "has no such row", "did you mean `march`? the inherited rows' labels: `made`, `march`"),
    ("  add:\n    - {label: euchre, when: \"makers.tricks == 9\"}\n", (5, 15),
     "already has a row labelled `euchre`", "edit it under `rows: {euchre: ...}`"),
    ("  add:\n    - {label: big, when: \"makers.tricks == 9\", before: euchr}\n", (5, 56),
     "`before: euchr` names no row", "did you mean `euchre`?"),
    ("  table: [{when: \"true\"}]\n  rows:\n    march: {makers: 3}\n", (5, 3),
     "writes the whole `table` and also `rows`", "not both"),
    ("  rows:\n    lone_march: !delete\n", (5, 5),
     "no row of the scoring table applies when makers.tricks = 5, alone = true; this file's "
     "edits", "under `scoring.add:`"),
    ("  add:\n    - {label: set_alone, when: \"makers.tricks <= 2 and alone\", defenders: 4, "
     "before: euchre}\n", (5, 32), "rows 4 and 5 of the scoring table both apply when "
     "makers.tricks = 0, alone = true (row 5 is inherited from variants/standard.yaml:67:29)",
     "the inherited row's (`scoring.rows: {euchre: {when: ...}}`)"),
    ("  rows:\n    march: 3\n", (5, 12), "must be a mapping of the fields it changes",
     "e.g. `march: {makers: 3}`"),
    ("  add:\n    - {when: \"makers.tricks == 9\", makers: 1}\n", (5, 7),
     "a row in `add` needs a `label`", "later files name the row by it"),
])
def test_a_bad_row_edit_is_located_in_the_file_that_wrote_it(
        write: Write, body: str, where: tuple[int, int], message: str, hint: str) -> None:
    path = write("edit.yaml", "extends: standard\ndescription: d\nscoring:\n" + body)
    error = _error(path)
    assert _where(error) == ("edit.yaml", *where)
    assert message in error.message
    assert error.hint is not None and hint in error.hint


def test_row_edits_in_a_file_without_parents_say_there_is_no_table(write: Write) -> None:
    text = (Path(__file__).parents[2] / "variants" / "standard.yaml").read_text(encoding="utf-8")
    text = text.replace("scoring:\n  table:", "scoring:\n  rows: {march: {makers: 3}}\n"
                        "  old_table:", 1)
    error = _error(write("alone.yaml", text))
    assert "`rows` edits an inherited `table`, but none is inherited" in error.message
    assert _where(error)[0] == "alone.yaml"


def test_a_field_of_an_edited_row_with_a_bad_value_is_located_at_the_edit(write: Write
                                                                          ) -> None:
    path = write("bad.yaml", "extends: standard\ndescription: d\nscoring:\n  rows:\n"
                 "    march: {makers: \"tricks +\"}\n")
    assert _where(_error(path))[:2] == ("bad.yaml", 5)


SMALL_PEPPER = (DATA / "small-pepper.yaml").read_text(encoding="utf-8")

SMALL_PEPPER_BIDS = [
    {"name": "little_pepper", "tricks": 6, "label": "small pepper"},
    {"name": "moon", "tricks": 6, "label": "shoot the moon", "said": "shoots the moon"},
]
"""variants/pepper.yaml's special bids by hand (little pepper, big pepper: both 6 tricks),
little pepper relabelled, big pepper removed, the moon added at the end."""


def test_special_bids_are_edited_by_name_like_scoring_rows(write: Write) -> None:
    path = write("small.yaml", SMALL_PEPPER)
    assert resolved_variant(path).data["auction"]["special_bids"] == SMALL_PEPPER_BIDS
    state = new_game(load_variant(path), seed=3)
    assert state.special_bids == ("little_pepper", "moon")


def test_a_special_bid_edit_of_an_unknown_name_is_located_with_a_did_you_mean(
        write: Write) -> None:
    path = write("typo.yaml", "extends: pepper\ndescription: d\nauction:\n"
                 "  change_special_bids:\n    big_peper: {tricks: 6}\n")
    error = _error(path)
    assert _where(error) == ("typo.yaml", 5, 5)
    assert ("`change_special_bids` edits the special bid named `big_peper`, but the inherited "
            "`auction.special_bids` has no such special bid") in error.message
    assert error.hint is not None and error.hint.startswith(
        "did you mean `big_pepper`? the inherited special bids' names: `little_pepper`, "
        "`big_pepper`")


def test_a_removed_special_bid_that_inherited_rows_still_name_is_blamed_on_the_delete(
        write: Write) -> None:
    # pepper's rows made, set, big_pepper and big_pepper_set name `big_pepper`
    # (variants/pepper.yaml); removing the bid without editing them is the child's mistake
    path = write("rm.yaml", "extends: pepper\ndescription: d\nauction:\n"
                 "  change_special_bids:\n    big_pepper: !delete\n")
    errors = check_variant(path)
    assert [_where(error) for error in errors] == [("rm.yaml", 5, 5)] * 4
    assert [error.path for error in errors] == [("scoring", "table", k, "when")
                                                for k in (0, 1, 4, 5)]
    first = errors[0]
    assert first.message.startswith("`big_pepper: !delete` removes the special bid "
                                    "`big_pepper`, but the inherited row `made` (")
    assert first.hint == ("change it too, `scoring.rows: {made: {when: ...}}`, or keep the "
                          "special bid")


def test_an_unknown_name_in_an_inherited_row_that_nothing_removed_stays_at_the_row(
        write: Write) -> None:
    # the child removes nothing: the parent's typo is the parent's, at the name (column 20:
    # four spaces, `march: {when: "`)
    parent = write("typo.yaml", "extends: standard\ndescription: d\nscoring:\n  rows:\n"
                   "    march: {when: \"makers.trick == 5 and not alone\"}\n")
    child = write("child.yaml", f"extends: {parent}\ndescription: d\n")
    assert _where(_error(child)) == ("typo.yaml", 5, 20)
