"""A process compiles the same merged rules once (engine/rules/compiled.py), and never hands
back a compile that the files on disk no longer give."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from engine import VariantErrors, check_variant, load_variant
from engine.rules import compiled

Write = Callable[[str, str], Path]


def test_a_shipped_variant_is_compiled_once_per_process() -> None:
    assert load_variant("standard") is load_variant("standard")
    assert load_variant("standard") is not load_variant("two-handed")


def test_a_file_edited_in_place_is_loaded_as_it_now_is(write: Write) -> None:
    # The same path, the same size, written twice within the file system's time stamp
    # resolution: only the target differs (11 for 15), so a cache keyed by the file's time and
    # size would hand back the first compile.
    path = write("house.yaml", "extends: standard\ndescription: House.\ngame: {target: 11}\n")
    assert load_variant(path).game.target == 11
    path.write_text("extends: standard\ndescription: House.\ngame: {target: 15}\n")
    assert load_variant(path).game.target == 15


def test_a_parent_edited_in_place_is_seen_through_its_child(write: Write) -> None:
    parent = write("parent.yaml", "extends: standard\ndescription: Parent.\ngame: {target: 11}\n")
    child = write("child.yaml", f"extends: {parent}\ndescription: Child.\n")
    assert load_variant(child).game.target == 11
    parent.write_text("extends: standard\ndescription: Parent.\ngame: {target: 15}\n")
    assert load_variant(child).game.target == 15


def test_the_same_merged_rules_written_by_another_file_are_checked_again(write: Write) -> None:
    # `euchre rules standard`: the game is to 10 points. A child that plays 8 hands inherits
    # that target, which a fixed number of hands overrides (GAME-A1): valid. The same file
    # writing `target: 10` itself beside `hands: 8` merges to the very same rules, but now the
    # file says two contradictory things: refused, at its line.
    path = write("eight.yaml", "extends: standard\ndescription: Eight hands.\n"
                               "game: {hands: 8}\n")
    assert load_variant(path).game.hands == 8
    path.write_text("extends: standard\ndescription: Eight hands.\n"
                    "game: {hands: 8, target: 10}\n")
    with pytest.raises(VariantErrors) as caught:
        load_variant(path)
    assert any("has no target" in str(error) for error in caught.value.errors)
    assert check_variant(path)  # the check of `euchre validate` says so too


def test_a_file_with_errors_reports_them_at_every_load(write: Write) -> None:
    path = write("bad.yaml", "extends: standard\ndescription: Bad.\ngame: {target: 0}\n")
    first = [str(error) for error in check_variant(path)]
    assert first and first == [str(error) for error in check_variant(path)]


def test_a_server_checking_many_uploads_keeps_only_a_few(write: Write) -> None:
    # 3 MB is what the largest shipped variant (Five Hundred's bid table) takes compiled: a
    # server that kept every upload it checked would grow without bound.
    for target in range(11, 11 + 3 * compiled.KEPT):
        load_variant(write(f"upload-{target}.yaml",
                           f"extends: standard\ndescription: Up.\ngame: {{target: {target}}}\n"))
    assert len(compiled._KEPT) == compiled.KEPT
    assert {v.game.target for v in compiled._KEPT.values()} == set(
        range(11 + 2 * compiled.KEPT, 11 + 3 * compiled.KEPT))  # the last ones loaded
