"""A variant file an attacker (or a hurried user) writes that validates but once lost cards:
a dummy merge in hands that can have no maker (issue 22, item 18; CTD-A15). Every such file
now plays: `euchre simulate` runs it to the end with exit 0, no traceback, and no game stopped
at the hand limit; `euchre rules` says what becomes of the dummy."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

RunCli = Callable[..., Any]
Write = Callable[[str, str], Path]

NO_MAKER_ROWS = (Path(__file__).resolve().parents[1] / "data" / "no-maker-scoring.yaml"
                 ).read_text(encoding="utf-8")
"""The scoring rows for hands that may have no maker, shared with tests/rules."""

FILES = {
    "dirty-clubs": """
    extends: cutthroat
    description: dirty clubs with a dummy merge ({mode}).
    flow: [deal, upcard_trump, upcard_bidding, dealer_pickup, go_alone, dummy_merge, play, score]
    upcard_trump: {{suits: [C, S]}}
    dummy_merge: {{mode: {mode}}}
    """,
    "all-pass-no-trump": """
    extends: cutthroat
    description: no-trump when all pass, with a dummy merge ({mode}).
    upcard_bidding: {{all_pass: no_trump}}
    dummy_merge: {{mode: {mode}}}
    """,
}


@pytest.mark.parametrize("mode", ["choose", "at_least_one", "optional"])
@pytest.mark.parametrize("kind", sorted(FILES))
def test_a_dummy_merge_without_a_maker_plays_to_the_end(run_cli: RunCli, write: Write,
                                                        kind: str, mode: str) -> None:
    text = textwrap.dedent(FILES[kind].format(mode=mode)) + NO_MAKER_ROWS
    path = write(f"{kind}-{mode}.yaml", text)
    result = run_cli("simulate", str(path), "--games", "60", "--seed", "3", "--bots",
                     "random", "--json", "--quiet")
    assert result.code == 0, result.err
    assert "Traceback" not in result.err
    report = json.loads(result.out)
    assert report["games"] == 60 and report["stopped_at_hand_limit"] == 0
    if kind == "dirty-clubs":  # a club or spade upcard: half the hands have no maker
        assert report["no_maker"]["count"] > 0
    book = run_cli("rules", str(path))
    assert book.code == 0 and "nobody takes the dummy" in " ".join(book.out.split())
