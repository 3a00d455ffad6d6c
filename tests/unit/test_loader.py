"""Loading variant files: `extends` (by name, by path, several parents), merging, `!delete`,
where inherited errors are reported, all errors best first, and no shared state mutated.

The merge rules are the schema's (`extends` description): mappings merge key by key, lists
replace, `!delete` removes an inherited key; several parents merge in order.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import time
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest

from engine import VariantError, VariantErrors, check_variant, load_variant, shipped_names
from engine.core.errors import Location
from engine.mechanics.go_alone import GoAloneRules
from engine.mechanics.upcard_bidding import UpcardBiddingRules
from engine.rules import compiled
from engine.rules.compiler import compile_variant
from engine.rules.loader import MAX_EXTENDS_DEPTH, MAX_EXTENDS_FILES, resolve, resolved_variant
from engine.rules.schema_check import schema

Write = Callable[[str, str], Path]
"""The ``write`` fixture (tests/conftest.py): ``write("x.yaml", text)`` -> path."""

STANDARD_TABLE = """
scoring:
  table:
    - {label: made, when: "3 <= makers.tricks <= 4", makers: 1}
    - {label: march, when: "makers.tricks == 5 and not alone", makers: 2}
    - {label: lone_march, when: "makers.tricks == 5 and alone", makers: 4}
    - {label: euchre, when: "makers.tricks <= 2", defenders: 2}
"""


def _errors(ref: str | Path) -> list[tuple[str, int, int, str]]:
    return [(Path(e.location.file).name, e.location.line, e.location.column, e.message)
            for e in check_variant(ref) if e.location is not None]


# -- extends ---------------------------------------------------------------------------------


def test_extends_by_shipped_name_inherits_everything_not_overridden(write: Write) -> None:
    path = write("house.yaml", """
        extends: standard
        description: Standard to 5.
        game: {target: 5}
    """)
    house, standard = load_variant(path), load_variant("standard")
    assert house.game.target == 5
    assert standard.game.target == 10
    assert (house.deck, house.flow, house.sides) == (standard.deck, standard.flow, standard.sides)
    assert house.description == "Standard to 5."


def test_extends_by_relative_path_is_relative_to_the_naming_file_not_the_cwd(
    write: Write, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write("rules/base.yaml", """
        extends: standard
        description: A local base.
        game: {target: 7}
    """)
    child = write("rules/house/child.yaml", """
        extends: ../base.yaml
        description: A local child.
        deck: {size: 28}
    """)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    variant = load_variant(child)
    assert (variant.game.target, variant.deck.size) == (7, 28)
    sibling = write("rules/sibling.yaml", """
        extends: ./base.yaml
        description: Names its parent with ./
    """)
    assert load_variant(sibling).game.target == 7


def test_several_parents_merge_in_order_later_parents_win(write: Write) -> None:
    write("to-five.yaml", """
        description: Target 5 and stick the dealer.
        game: {target: 5}
        upcard_bidding: {stick_the_dealer: true}
    """)
    write("to-seven.yaml", """
        description: Target 7, 28 cards.
        game: {target: 7}
        deck: {size: 28}
    """)
    both = write("both.yaml", """
        extends: [standard, ./to-five.yaml, ./to-seven.yaml]
        description: Three parents.
    """)
    reverse = write("reverse.yaml", """
        extends: [standard, ./to-seven.yaml, ./to-five.yaml]
        description: Three parents, the last two the other way round.
    """)
    first, second = load_variant(both), load_variant(reverse)
    assert first.game.target == 7
    assert second.game.target == 5
    for variant in (first, second):
        assert variant.deck.size == 28
        assert variant.rules(UpcardBiddingRules) is not None
        assert variant.rules(UpcardBiddingRules).stick_the_dealer is True
        assert variant.players == 4  # from standard, the first parent
    chain = resolved_variant(both).chain  # most specific first: the order of precedence
    assert [Path(f).name for f in chain] == [
        "both.yaml", "to-seven.yaml", "to-five.yaml", "standard.yaml",
    ]


def test_two_overlays_of_one_parent_combine_without_losing_rules(write: Write) -> None:
    # stick-the-dealer and defend-alone both extend standard; standard is merged once, first,
    # so neither overlay's copy of standard undoes the other's change.
    both = write("both.yaml", """
        extends: [stick-the-dealer, defend-alone]
        description: Stick the dealer and defend alone.
    """)
    variant = load_variant(both)
    upcard = variant.rules(UpcardBiddingRules)
    assert upcard is not None and upcard.stick_the_dealer
    assert variant.rules(GoAloneRules) is not None and variant.rules(GoAloneRules).defender
    assert [Path(f).name for f in resolved_variant(both).chain] == [
        "both.yaml", "defend-alone.yaml", "stick-the-dealer.yaml", "standard.yaml",
    ]


def test_mappings_merge_deeply_key_by_key(write: Write) -> None:
    parent = write("parent.yaml", """
        extends: standard
        description: Parent changes two keys of upcard_bidding.
        upcard_bidding: {exclude_turned_down: false, rounds: 1}
    """)
    child = write("child.yaml", f"""
        extends: ./{parent.name}
        description: Child changes a third.
        upcard_bidding: {{stick_the_dealer: true}}
    """)
    bidding = resolved_variant(child).data["upcard_bidding"]
    assert bidding["exclude_turned_down"] is False
    assert bidding["rounds"] == 1
    assert bidding["stick_the_dealer"] is True
    assert bidding["joker_upcard"] == "dealer_names"  # from standard.yaml


def test_lists_replace_the_inherited_list_whole(write: Write) -> None:
    child = write("child.yaml", """
        extends: standard
        description: Other packets, a two-row table.
        deal: {packets: [[2, 3, 2, 3], [3, 2, 3, 2]]}
        go_alone: {maker: false}
        scoring:
          table:
            - {label: made, when: "makers.tricks >= 3", makers: 1}
            - {label: euchre, when: "makers.tricks <= 2", defenders: 2}
    """)
    data = resolved_variant(child).data
    assert data["deal"]["packets"] == [[2, 3, 2, 3], [3, 2, 3, 2]]
    assert [row["label"] for row in data["scoring"]["table"]] == ["made", "euchre"]


def test_delete_removes_an_inherited_key_and_the_default_returns(write: Write) -> None:
    parent = write("parent.yaml", """
        extends: standard
        description: To 5.
        game: {target: 5}
    """)
    child = write("child.yaml", f"""
        extends: ./{parent.name}
        description: Back to the default target.
        game:
          target: !delete
    """)
    assert load_variant(parent).game.target == 5
    assert load_variant(child).game.target == 10  # the schema default, not standard's value
    assert resolved_variant(child).values.get(("game", "target")) is None


def test_two_handed_deletes_standards_teams_rules_md_3_2() -> None:
    data = resolved_variant("two-handed").data
    assert "teams" not in data["sides"]
    assert data["sides"]["kind"] == "individual"


def test_delete_of_a_key_that_is_not_inherited_is_an_error(write: Write) -> None:
    path = write("x.yaml", """
        extends: standard
        description: Deletes nothing.
        game:
          colour: !delete
    """)
    assert _errors(path) == [
        ("x.yaml", 4, 3, "`!delete` removes an inherited key, but `colour` is not inherited"),
    ]


def test_delete_inside_a_replaced_list_is_an_error(write: Write) -> None:
    path = write("x.yaml", """
        extends: standard
        description: A delete inside a list.
        flow:
          - deal
          - !delete
          - play
          - score
    """)
    assert _errors(path) == [
        ("x.yaml", 5, 5, "`!delete` can only remove a key inherited through `extends`"),
    ]


def test_every_file_in_a_chain_needs_its_own_description(write: Write) -> None:
    path = write("x.yaml", """
        extends: standard
        game: {target: 5}
    """)
    assert _errors(path) == [("x.yaml", 1, 1, "every variant file needs its own `description:`")]


# -- errors in parents, cycles, missing files ------------------------------------------------


def test_a_bad_value_inherited_from_a_parent_is_located_in_the_parent_file(write: Write) -> None:
    write("parent.yaml", """
        extends: standard
        description: A parent with a bad target.
        game:
          target: ten
    """)
    child = write("child.yaml", """
        extends: ./parent.yaml
        description: A child that is fine itself.
        deck: {size: 28}
    """)
    assert _errors(child) == [
        ("parent.yaml", 4, 11, "expected a whole number, found a text 'ten'"),
    ]


def test_a_bad_expression_inherited_from_a_parent_is_located_in_the_parent_file(
    write: Write,
) -> None:
    write("parent.yaml", """
        extends: standard
        description: A parent with a misspelt name.
        scoring:
          table:
            - {label: made, when: "3 <= makers.trick <= 4", makers: 1}
            - {label: march, when: "makers.tricks == 5 and not alone", makers: 2}
            - {label: lone_march, when: "makers.tricks == 5 and alone", makers: 4}
            - {label: euchre, when: "makers.tricks <= 2", defenders: 2}
    """)
    child = write("child.yaml", """
        extends: ./parent.yaml
        description: A child.
    """)
    (error,) = check_variant(child)
    assert error.location == Location(os.path.relpath(child.parent / "parent.yaml"), 5, 33)
    assert error.message == "unknown name `makers.trick`"


def test_a_parent_value_overridden_by_the_child_is_located_in_the_child(write: Write) -> None:
    write("parent.yaml", """
        extends: standard
        description: Parent.
        game: {target: 5}
    """)
    child = write("child.yaml", """
        extends: ./parent.yaml
        description: Child.
        game: {target: 0}
    """)
    assert _errors(child) == [("child.yaml", 3, 16, "0 is out of range; it must be at least 1")]


def test_a_missing_parent_path_is_reported_at_the_extends_line(write: Write) -> None:
    path = write("x.yaml", """
        description: Parent is missing.
        extends: ./nowhere.yaml
    """)
    ((name, line, column, message),) = _errors(path)
    assert (name, line, column) == ("x.yaml", 2, 10)
    assert message.startswith("cannot find the parent file './nowhere.yaml'")


def test_an_unknown_parent_name_suggests_the_closest_shipped_name(write: Write) -> None:
    path = write("x.yaml", "extends: cuthroat\ndescription: Typo.\n")
    (error,) = check_variant(path)
    assert error.message == "no variant named 'cuthroat'"
    assert "did you mean `cutthroat`?" in error.hint


def test_a_file_extending_itself_through_a_symlink_is_a_cycle(write: Write, tmp_path: Path) -> None:
    path = write("self.yaml", """
        extends: ./alias.yaml
        description: Extends a symlink to itself.
    """)
    (tmp_path / "alias.yaml").symlink_to(path)
    ((name, line, column, message),) = _errors(path)
    assert (name, line, column) == ("self.yaml", 1, 10)
    assert message.startswith("`extends` goes round in a circle")


def test_a_cycle_is_reported_in_the_first_file_of_the_circle(write: Write) -> None:
    write("a.yaml", "extends: ./b.yaml\ndescription: a\n")
    write("b.yaml", "extends: ./c.yaml\ndescription: b\n")
    write("c.yaml", "extends: ./a.yaml\ndescription: c\n")
    outer = write("outer.yaml", "extends: ./b.yaml\ndescription: outside the circle\n")
    for name in ("a.yaml", "b.yaml", "c.yaml"):
        ((file, line, column, message),) = _errors(outer.parent / name)
        assert (file, line, column) == (name, 1, 10)
        assert "goes round in a circle" in message
    ((file, line, _, message),) = _errors(outer)
    assert (file, line) == ("b.yaml", 1)
    circle = message.split(": ", 1)[1].split(" -> ")
    assert [Path(f).name for f in circle] == ["b.yaml", "c.yaml", "a.yaml", "b.yaml"]


def test_an_extends_chain_longer_than_the_limit_is_refused(write: Write) -> None:
    write("v0.yaml", "extends: standard\ndescription: level 0\n")
    for i in range(1, MAX_EXTENDS_DEPTH + 2):
        last = write(f"v{i}.yaml", f"extends: ./v{i - 1}.yaml\ndescription: level {i}\n")
    (error,) = check_variant(last)
    assert f"deeper than {MAX_EXTENDS_DEPTH} files" in error.message
    assert check_variant(last.parent / f"v{MAX_EXTENDS_DEPTH - 2}.yaml") == []


def test_a_parent_named_many_times_is_merged_once_in_bounded_time(write: Write) -> None:
    write("level0.yaml", "extends: standard\ndescription: level 0\n")
    for i in range(1, 6):
        parents = ", ".join([f"./level{i - 1}.yaml"] * 8)
        top = write(f"level{i}.yaml", f"extends: [{parents}]\ndescription: level {i}\n")
    start = time.process_time()
    assert check_variant(top) == []  # 8**5 paths through the tree, but 7 distinct files
    assert time.process_time() - start < 1.0
    assert len(resolved_variant(top).chain) == 7


def test_more_distinct_parents_than_the_limit_are_refused(write: Write) -> None:
    per_middle = 8  # the most parents a file may name: 8 middles of 8 parents, 73 files
    middles = []
    for m in range(8):
        names = []
        for i in range(per_middle):
            write(f"p{m}-{i}.yaml", f"extends: standard\ndescription: parent {m}-{i}\n")
            names.append(f"./p{m}-{i}.yaml")
        write(f"m{m}.yaml", f"extends: [{', '.join(names)}]\ndescription: middle {m}\n")
        middles.append(f"./m{m}.yaml")
    top = write("top.yaml", f"extends: [{', '.join(middles)}]\ndescription: too many\n")
    start = time.process_time()
    ((name, line, _, message),) = _errors(top)
    assert time.process_time() - start < 1.0
    assert (name, line) == ("top.yaml", 1)
    assert message == f"`extends` reads more than {MAX_EXTENDS_FILES} files in all"


# -- phase keys ------------------------------------------------------------------------------


def test_a_phase_key_written_for_a_phase_the_flow_lacks_is_an_error(write: Write) -> None:
    path = write("x.yaml", """
        extends: standard
        description: Configures dummy_merge without using it.
        dummy_merge: {mode: choose}
    """)
    assert _errors(path) == [
        ("x.yaml", 3, 1, "`dummy_merge` is configured but the flow does not use it"),
    ]


def test_an_inherited_phase_key_the_childs_flow_drops_is_dropped_rules_md_3_2() -> None:
    variant = load_variant("two-handed")
    assert "go_alone" not in variant.flow
    assert variant.rules(GoAloneRules) is None
    assert "go_alone" not in resolved_variant("two-handed").data


# -- all errors, best first ------------------------------------------------------------------


MANY_MISTAKES = """
    extends: standard
    description: Four schema mistakes.
    players: 9
    deck: {sise: 28}
    game: {target: ten}
    dealer_pickup: {mode: mst}
"""


def test_check_variant_returns_every_schema_error_with_jsonschemas_best_first(
    write: Write,
) -> None:
    path = write("many.yaml", MANY_MISTAKES)
    errors = check_variant(path)
    assert sorted(e.dotted_path for e in errors) == [
        "dealer_pickup.mode", "deck.sise", "game.target", "players",
    ]
    validator = jsonschema.Draft202012Validator(schema())
    best = jsonschema.exceptions.best_match(validator.iter_errors(resolve(path).data))
    assert best is not None
    assert errors[0].path[: len(best.absolute_path)] == tuple(best.absolute_path)
    rest = [(e.location.line, e.location.column) for e in errors[1:]]  # type: ignore[union-attr]
    assert rest == sorted(rest)


def test_check_variant_returns_every_rule_error(write: Write) -> None:
    path = write("x.yaml", """
        extends: standard
        description: Two rule errors at once.
        deal:
          hand_size: 7
          packets: [[3, 2, 3], [2, 3, 2, 3]]
    """)
    messages = [e.message for e in check_variant(path)]
    assert len(messages) == 3
    assert messages[0].startswith("the deal needs 29 cards")
    assert messages[1].startswith("round 1 of the packets has 3 sizes")
    assert messages[2].startswith("no row of the scoring table applies when makers.tricks = 6")


def test_load_variant_raises_variant_errors_holding_every_error_best_first(
    write: Write,
) -> None:
    path = write("many.yaml", MANY_MISTAKES)
    with pytest.raises(VariantErrors) as caught:
        load_variant(path)
    expected = check_variant(path)
    assert [e.render() for e in caught.value.errors] == [e.render() for e in expected]
    assert str(caught.value) == expected[0].render()
    assert isinstance(caught.value, VariantError)


def test_check_variant_of_a_valid_variant_is_empty_and_load_raises_nothing() -> None:
    assert check_variant("standard") == []
    assert load_variant("standard").name == "standard"


# -- nothing shared is mutated ---------------------------------------------------------------


def test_loading_the_same_variant_twice_gives_equal_results() -> None:
    first = load_variant("two-handed")
    load_variant("standard")
    compiled.forget()  # compiled again, not handed back
    second = load_variant("two-handed")
    assert first is not second  # variants compare by identity; compare their parts
    for part in dataclasses.fields(first):
        assert getattr(first, part.name) == getattr(second, part.name), part.name
    assert resolved_variant("standard").data == resolved_variant("standard").data


def test_loading_children_never_changes_the_parent_or_the_schema(write: Write) -> None:
    schema_before = copy.deepcopy(schema())
    standard_before = resolved_variant("standard").data
    child = write("child.yaml", """
        extends: standard
        description: Deletes, overrides and replaces.
        sides:
          teams: !delete
          kind: teams
        deck: {size: 32}
        upcard_bidding: {stick_the_dealer: true}
        flow: [deal, upcard_bidding, dealer_pickup, go_alone, play, score]
    """)
    load_variant(child)
    for name in ("two-handed", "defend-alone", "stick-the-dealer", "standard-joker"):
        load_variant(name)
    assert resolved_variant("standard").data == standard_before
    assert schema() == schema_before
    assert json.loads(load_variant("standard").rules_json) == standard_before


def test_compiling_does_not_mutate_its_input() -> None:
    resolved = resolved_variant("cutthroat")
    before = copy.deepcopy(resolved.data)
    variant, errors = compile_variant(resolved)
    assert errors == []
    assert variant is not None
    assert resolved.data == before


# -- several errors, best first (issue 9 item 18) ----------------------------------------------


def test_a_missing_description_is_reported_after_a_bad_parent_name(write: Write) -> None:
    path = write("x.yaml", "extends: no-such-variant\nplayers: 4\n")
    assert _errors(path) == [
        ("x.yaml", 1, 10, "no variant named 'no-such-variant'"),
        ("x.yaml", 1, 1, "every variant file needs its own `description:`"),
    ]


def test_a_missing_description_is_reported_after_a_misspelt_key(write: Write) -> None:
    path = write("x.yaml", "extends: standard\ntragets: 10\n")
    assert [(line, column, message) for _, line, column, message in _errors(path)] == [
        (2, 1, "unknown key `tragets`"),
        (1, 1, "every variant file needs its own `description:`"),
    ]


def test_a_misspelt_key_comes_before_the_required_key_it_leaves_missing(write: Write) -> None:
    path = write("x.yaml", "descripton: typo\n" + STANDARD_TABLE)
    assert [message for *_, message in _errors(path)] == [
        "unknown key `descripton`", "missing required key `description`",
    ]


def test_errors_of_the_rules_are_reported_with_a_missing_description(write: Write) -> None:
    path = write("x.yaml", "extends: standard\ngame: {target: 0}\n")
    messages = [message for *_, message in _errors(path)]
    assert messages[-1] == "every variant file needs its own `description:`"
    assert len(messages) == 2, messages


# -- errors a child causes in what it inherits (issue 9 items 15 and 17) -----------------------


def test_a_child_shrinking_the_deck_is_located_at_its_own_line_naming_the_inherited_hand_size(
    write: Write,
) -> None:
    write("parent.yaml", """
        extends: standard
        description: Six cards each from 28 (4 x 6 + 1 upcard = 25 cards).
        deck: {size: 28}
        deal: {hand_size: 6, packets: one_at_a_time}
        scoring:
          table:
            - {when: "makers.tricks >= 3", makers: 1}
            - {when: "makers.tricks <= 2", defenders: 2}
    """)
    child = write("child.yaml", """
        extends: ./parent.yaml
        description: The 24-card deck cannot deal 25 cards.
        deck: {size: 24}
    """)
    (error,) = check_variant(child)
    assert error.location is not None
    assert (Path(error.location.file).name, error.location.line, error.location.column) == (
        "child.yaml", 3, 14)
    assert error.path == ("deck", "size")
    assert error.message.startswith("the deal needs 25 cards (4 hands of 6 and 1 upcard) but "
                                    "the deck has 24")
    assert error.message.endswith("parent.yaml:4:19)"), error.message
    assert "`deal.hand_size` is inherited from" in error.message


def test_an_inherited_lone_row_is_dead_when_the_child_drops_going_alone(write: Write) -> None:
    child = write("child.yaml", """
        extends: standard
        description: No going alone, but standard's lone march row is inherited.
        flow: [deal, upcard_bidding, dealer_pickup, play, score]
    """)
    (error,) = check_variant(child)
    assert error.location is not None
    assert (Path(error.location.file).name, error.location.line) == ("child.yaml", 3)
    assert error.message.startswith(
        "row 3 of the scoring table (`makers.tricks == 5 and alone`) can never apply")
    assert "inherited from variants/standard.yaml:" in error.message


def test_every_row_of_every_shipped_variant_can_apply() -> None:
    for name in shipped_names():
        assert check_variant(name) == [], name


def test_a_misplaced_key_suggests_where_it_belongs(write: Write) -> None:
    path = write("x.yaml", "extends: standard\ndescription: d\ntragets: 10\n")
    (error,) = check_variant(path)
    assert error.message == "unknown key `tragets`"
    assert error.hint == "did you mean `game.target`?"
