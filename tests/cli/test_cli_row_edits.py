"""`euchre show` names each scoring row's origin, and `euchre rules FILE --diff` prints only
what a file changes from its parents (issue 24 item 7).

The overlay changes standard's march from 2 points to 3 (seed 003 gives 2) and adds a row;
the expected words are the rule book's words for those rows, checked against the parent's.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

Write = Callable[[str, str], Path]
RunCli = Callable[..., Any]

DATA = Path(__file__).resolve().parents[1] / "data"
"""The overlays both row-edit test files play (tests/cli and tests/rules)."""
OVERLAY = (DATA / "march-3.yaml").read_text(encoding="utf-8")


def _row_lines(out: str) -> dict[str, str]:
    """The `- label: NAME ...` line of each row that `show` prints, by label."""
    rows = [line.strip() for line in out.splitlines() if line.strip().startswith("- label:")]
    return {line.split()[2]: line for line in rows}


def test_show_names_where_each_row_was_set_added_or_changed(run_cli: RunCli,
                                                              write: Write) -> None:
    path = write("march3.yaml", OVERLAY)
    result = run_cli("show", str(path))
    assert result.code == 0
    rows = _row_lines(result.out)
    assert list(rows) == ["made", "march", "lone_march", "set_alone", "euchre"]
    # standard.yaml writes its rows on lines 64-67 (made, march, lone_march, euchre)
    assert rows["made"] == ("- label: made  # row set in variants/standard.yaml:64  "
                            "# variants/standard.yaml:64")
    assert rows["march"].endswith("march3.yaml:5  # variants/standard.yaml:65")
    assert "# row changed in " in rows["march"]
    assert rows["euchre"].endswith("march3.yaml:6  # variants/standard.yaml:67")
    assert "# row changed in " in rows["euchre"]
    assert "# row added in " in rows["set_alone"]
    assert rows["set_alone"].endswith("march3.yaml:8") and "march3.yaml:8  #" in rows["set_alone"]
    lines = result.out.splitlines()
    makers = lines[lines.index(next(x for x in lines if "- label: march" in x)) + 2]
    assert makers.split("#")[0].strip() == "makers: 3" and "march3.yaml:5" in makers


def test_a_whole_table_in_a_grandchild_drops_the_rows_changed_origins(
        run_cli: RunCli, write: Write) -> None:
    write("march3.yaml", OVERLAY)
    path = write("whole.yaml", """
        extends: ./march3.yaml
        description: One row for every hand.
        scoring:
          table:
            - {label: any, when: "true", makers: 1}
    """)
    rows = _row_lines(run_cli("show", str(path)).out)
    assert list(rows) == ["any"]
    assert rows["any"].endswith("whole.yaml:5") and "# row set in " in rows["any"]
    assert "changed" not in rows["any"]


def test_rules_diff_prints_the_changed_rows_with_the_parents_words(run_cli: RunCli,
                                                                   write: Write) -> None:
    result = run_cli("rules", str(write("march3.yaml", OVERLAY)), "--diff")
    assert result.code == 0
    text = " ".join(result.out.split())  # unwrapped
    assert ("Changed. The parents: March — the makers take all 5 tricks and the maker does "
            "not play alone: the makers score 2. This file: March — the makers take all 5 "
            "tricks and the maker does not play alone: the makers score 3.") in text
    assert ("Added: Set alone — the makers take 2 tricks or fewer and the maker plays "
            "alone: the defenders score 4.") in text
    assert "(phase `score`)" in text
    for unchanged in ("The cards", "Dealing", "Lone march", "Made —", "The end of the game"):
        assert unchanged not in text
    assert text.count("Changed.") == 2  # march, and euchre narrowed to a partnership maker


def test_rules_diff_of_a_removed_row_names_the_parents_row(run_cli: RunCli,
                                                           write: Write) -> None:
    path = write("one.yaml", """
        extends: standard
        description: A march is a march, alone or not.
        scoring:
          rows:
            march: {when: "makers.tricks == 5"}
            lone_march: !delete
    """)
    text = " ".join(run_cli("rules", str(path), "--diff").out.split())
    assert ("Removed: Lone march — the makers take all 5 tricks and the maker plays alone: "
            "the makers score 4.") in text
    assert "This file: March — the makers take all 5 tricks: the makers score 2." in text


def test_rules_diff_of_a_file_without_extends_says_so_and_exits_2(run_cli: RunCli) -> None:
    result = run_cli("rules", "standard", "--diff")
    assert result.code == 2
    assert result.out == ""
    assert "standard has no `extends`: --diff compares a file with its parents" in result.err


def test_rules_diff_of_a_file_changing_nothing_says_so(run_cli: RunCli, write: Write) -> None:
    path = write("same.yaml", "extends: standard\ndescription: Standard again.\n")
    result = run_cli("rules", str(path), "--diff")
    assert result.code == 0
    assert "It changes no rule of its parents' rule book." in result.out
    assert "phase `" not in result.out


def test_rules_diff_compares_with_all_parents_merged(run_cli: RunCli, write: Write) -> None:
    # Both house rules come from the parents: only the target (10 -> 11) is this file's.
    path = write("both.yaml", "extends: [stick-the-dealer, defend-alone]\n"
                              "description: Both house rules, to 11.\ngame: {target: 11}\n")
    result = run_cli("rules", str(path), "--diff")
    text = " ".join(result.out.split())
    assert result.code == 0
    assert ("variants/defend-alone.yaml, variants/stick-the-dealer.yaml, "
            "variants/standard.yaml") in text
    assert "The parents: The game is played to 10 points" in text
    assert "This file: The game is played to 11 points" in text
    assert "phase `" not in text  # no phase's rules differ (stick the dealer, defend alone)


BIDS_OVERLAY = (DATA / "small-pepper.yaml").read_text(encoding="utf-8")


def test_show_names_where_each_special_bid_was_changed_or_added(run_cli: RunCli,
                                                                  write: Write) -> None:
    path = write("small.yaml", BIDS_OVERLAY)
    result = run_cli("show", str(path))
    assert result.code == 0
    bids = [line.strip() for line in result.out.splitlines()
            if line.strip().startswith("- name:")]
    # pepper.yaml writes little pepper on line 41; the overlay edits it on line 5, adds on 8
    assert len(bids) == 2
    assert bids[0].startswith("- name: little_pepper  # special bid changed in ")
    assert bids[0].endswith("small.yaml:5  # variants/pepper.yaml:41")
    assert bids[1].startswith("- name: moon  # special bid added in ")
    assert bids[1].count("small.yaml:8") == 2 and bids[1].endswith("small.yaml:8")
