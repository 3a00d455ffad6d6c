"""Hostile row edits (`scoring.rows`, `scoring.add`, issue 24 item 7): every malformed edit is
a located error in the file that wrote it, never a traceback."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from engine.rules.loader import check_variant

HEAD = "extends: standard\ndescription: d\nscoring:\n"


@pytest.mark.parametrize(("body", "line", "words"), [
    ("  rows: march\n", 4, "`rows` takes a mapping"),
    ("  add: {label: x}\n", 4, "`add` takes a list"),
    ("  rows:\n    1: {makers: 3}\n", 5, "mapping keys must be plain words"),
    ("  rows:\n    march: {label: euchre}\n", 5, "already has a row labelled `euchre`"),
    ("  rows:\n    march: {colour: red}\n", 5, "colour"),
    ("  rows:\n    march:\n      defenders: !delete\n", 6, "has no `defenders`"),
    ("  add:\n    - {label: x, when: \"false\", before: [made], after: made}\n", 5, "not both"),
    ("  add:\n    - {label: x, when: \"false\", before: {a: 1}}\n", 5, "names no row"),
    ("  add:\n    - 7\n", 5, "needs a `label`"),
])
def test_a_malformed_row_edit_is_a_located_error(
        write: Callable[[str, str], Path], body: str, line: int, words: str) -> None:
    errors = check_variant(write("hostile.yaml", HEAD + body))
    assert errors
    first = errors[0]
    assert first.location is not None
    assert Path(first.location.file).name == "hostile.yaml" and first.location.line == line
    assert words in first.message
