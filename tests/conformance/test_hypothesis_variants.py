"""Hypothesis: whatever an author writes, the loader answers with located errors, never a crash.

(a) Each shipped variant's YAML is mutated at random, both as text (delete, duplicate or
    truncate lines, insert characters, replace or rename on a line) and as data (delete a key,
    rename it, or replace a value with a random JSON-ish value: huge and negative ints, texts,
    lists, mappings, null, booleans). Checking and loading the result may only raise
    ``EuchreError`` subclasses, and every error is located at line >= 1, column >= 1 (inside
    the file when it is the mutated file).
(b) A random scoring expression put into one row of a copy of ``standard.yaml`` either compiles
    or is reported on that row's line, at the column the expression compiler names.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine import EuchreError, ExpressionError, Variant, VariantErrors, check_variant, load_variant
from engine.rules.expressions import Type, compile_expression
from engine.rules.scoring import OutcomeSpace, award_scope, when_scope

REPO = Path(__file__).resolve().parents[2]
VARIANTS = REPO / "variants"
NAMES = sorted(p.stem for p in VARIANTS.glob("*.yaml"))
TEXTS = {name: (VARIANTS / f"{name}.yaml").read_text(encoding="utf-8") for name in NAMES}
YAML_BREAKS = re.compile("\r\n|[\n\r\x85\u2028\u2029]")
"""What PyYAML counts as a line break, so line numbers can be checked against the text."""

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


class _Delete:
    """``!delete`` while a file is handled as data."""


class _Loader(yaml.SafeLoader):
    pass


class _Dumper(yaml.SafeDumper):
    pass


_Loader.add_constructor("!delete", lambda loader, node: _Delete())
_Dumper.add_representer(_Delete, lambda dumper, data: dumper.represent_scalar("!delete", ""))


# -- strategies --------------------------------------------------------------------------------

json_scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(), st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([0, -1, 1, 2, 5, 6, 24, 10**12, -(10**12), 10**13]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from(["standard", "teams", "deal", "makers.tricks >= 3", "must", "", "9", "H",
                     "!delete", "~", "yes", "0x1F", "1e3", ".inf", "2024-01-01"]),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=8,
)
key_names = st.one_of(
    st.text(min_size=1, max_size=12),
    st.sampled_from(["size", "sise", "teams", "kind", "when", "makers", "target", "flow",
                     "extends", "description", "players", "auction", "go_alone", "dummy_merge",
                     "$schema", "tricks", "<<"]),
)


def _walk(data: Any, choices: list[int]) -> tuple[Any, Any]:
    """Follow ``choices`` into nested data: a container on the way and a key or index in it."""
    container: Any = None
    key: Any = None
    node = data
    for choice in choices:
        if not isinstance(node, dict | list) or not node:
            break
        container = node
        key = list(node)[choice % len(node)] if isinstance(node, dict) else choice % len(node)
        node = node[key]
        if choice % 3 == 0:
            break
    return container, key


@st.composite
def data_mutation(draw: st.DrawFn, text: str) -> str:
    data = yaml.load(text, Loader=_Loader)
    for _ in range(draw(st.integers(1, 3))):
        container, key = _walk(data, draw(st.lists(st.integers(0, 50), min_size=1, max_size=6)))
        if key is None:
            continue
        action = draw(st.sampled_from(["delete", "replace", "rename"]))
        if action == "delete":
            del container[key]
        elif action == "replace":
            container[key] = draw(json_values)
        elif isinstance(container, dict):  # rename in place, keeping the order of keys
            new = draw(key_names)
            items = list(container.items())
            container.clear()
            container.update((new if k == key else k, v) for k, v in items)
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False)


@st.composite
def text_mutation(draw: st.DrawFn, text: str) -> str:
    for _ in range(draw(st.integers(1, 3))):
        lines = text.split("\n")
        at = draw(st.integers(0, max(0, len(lines) - 1)))
        action = draw(st.sampled_from(["delete", "duplicate", "truncate", "insert", "value",
                                       "key"]))
        if action == "delete":
            del lines[at]
        elif action == "duplicate":
            lines.insert(at, lines[at])
        elif action == "truncate":
            return "\n".join(lines)[: draw(st.integers(0, len(text)))]
        elif action == "insert":
            column = draw(st.integers(0, len(lines[at])))
            junk = draw(st.text(min_size=1, max_size=5) | st.sampled_from(
                ["{", "}", "[", "]", ":", "- ", "&a", "*a", "!", "!!binary", "#", "\t", '"', "'",
                 "|", ">", "%", "@", "`", "\x00", "\ufeff", "\u2028"]))
            lines[at] = lines[at][:column] + junk + lines[at][column:]
        elif ":" in lines[at]:
            key, _, value = lines[at].partition(":")
            if action == "value":
                lines[at] = f"{key}: {json.dumps(draw(json_values), allow_nan=True)}"
            else:
                indent = key[: len(key) - len(key.lstrip())]
                lines[at] = f"{indent}{draw(key_names)}:{value}"
        text = "\n".join(lines)
    return text


@st.composite
def mutated_variant(draw: st.DrawFn) -> tuple[str, str]:
    name = draw(st.sampled_from(NAMES))
    text = TEXTS[name]
    if draw(st.booleans()):
        text = draw(data_mutation(text))
    if draw(st.booleans()):
        text = draw(text_mutation(text))
    return name, text


# -- (a) mutated shipped files -----------------------------------------------------------------


def _assert_located(errors: list[Any], path: Path, text: str) -> None:
    lines = YAML_BREAKS.split(text)
    for error in errors:
        assert error.message, error
        loc = error.location
        assert loc is not None, error.render()
        assert loc.line >= 1 and loc.column >= 1, error.render()
        if Path(loc.file).name == path.name:
            assert loc.line <= len(lines) + 1, error.render()


@SETTINGS
@given(case=mutated_variant())
def test_a_mutated_shipped_variant_gives_located_errors_or_loads(
    case: tuple[str, str], tmp_path: Path
) -> None:
    _, text = case
    path = tmp_path / "mutant.yaml"
    path.write_text(text, encoding="utf-8", newline="")
    try:
        errors = check_variant(path)
    except EuchreError as exc:  # allowed, but check_variant is meant to return them
        errors = list(getattr(exc, "errors", [exc]))
    _assert_located(errors, path, text)
    try:
        variant = load_variant(path)
    except VariantErrors as exc:
        assert errors, "load_variant failed where check_variant found nothing"
        assert [e.render() for e in exc.errors] == [e.render() for e in errors]
        _assert_located(list(exc.errors), path, text)
    except EuchreError as exc:
        _assert_located([exc], path, text)
    else:
        assert errors == []
        assert isinstance(variant, Variant)


@SETTINGS
@given(junk=st.binary(max_size=300))
def test_random_bytes_give_a_located_error(junk: bytes, tmp_path: Path) -> None:
    path = tmp_path / "junk.yaml"
    path.write_bytes(junk)
    errors = check_variant(path)
    assert errors
    for error in errors:
        assert error.location is not None and error.message
        assert error.location.line >= 1 and error.location.column >= 1


# -- (b) random scoring expressions ------------------------------------------------------------

SPACE = OutcomeSpace(hand_size=5, maker_alone=True, defender_alone=False,
                     defender_needs_lone_maker=True)
"""The outcomes of `standard` (`euchre rules standard`): the maker
may go alone, defenders may not."""
ROW = '    - {label: made, when: "3 <= makers.tricks <= 4", makers: 1}'
NAMES_IN_SCOPE = [*award_scope(SPACE)]
MISSPELT = ["makers.trick", "maker.tricks", "Alone", "alone_", "makers..tricks", "makers.",
            "tricks.makers", "defender", "bid", "moon", "x", "_", "min", "max", "abs", "if"]
TOKENS = st.one_of(
    st.sampled_from(NAMES_IN_SCOPE), st.sampled_from(MISSPELT),
    st.integers(-3, 12).map(str), st.sampled_from(["0", "007", "1234567890", "9" * 12]),
    st.sampled_from(["+", "-", "*", "==", "!=", "<", "<=", ">", ">=", "=", "and", "or", "not",
                     "(", ")", ",", "true", "false", "min(", "max(", "abs(", "if(", "/", "%",
                     "&&", "!", "?", "#", "'", ":", "{", "[", "]"]),
)


@st.composite
def expressions(draw: st.DrawFn) -> str:
    tokens = draw(st.lists(TOKENS, min_size=1, max_size=12))
    glue = draw(st.sampled_from([" ", "", "  "]))
    return glue.join(tokens).strip() or "0"


@SETTINGS
@given(expression=expressions(), field=st.sampled_from(["when", "makers"]))
@example(expression="1101010", field="makers")  # over the bound on points: CI met it
def test_a_random_scoring_expression_compiles_or_is_reported_on_its_row(
    expression: str, field: str, tmp_path: Path
) -> None:
    text = TEXTS["standard"]
    assert ROW in text
    quoted = json.dumps(expression, ensure_ascii=False)
    if field == "when":
        row = f"    - {{label: made, when: {quoted}, makers: 1}}"
    else:
        row = f'    - {{label: made, when: "3 <= makers.tricks <= 4", makers: {quoted}}}'
    path = tmp_path / "expr.yaml"
    path.write_text(text.replace(ROW, row), encoding="utf-8")
    line = text.split("\n").index(ROW) + 1
    scope, want = (when_scope(SPACE), Type.BOOL) if field == "when" else (award_scope(SPACE),
                                                                         Type.INT)
    try:
        compile_expression(expression, scope, expected=want)
        expected_column = None
    except ExpressionError as exc:
        expected_column = row.index(quoted) + 1 + exc.column  # after the opening quote
    errors = check_variant(path)
    at_row = [e for e in errors if e.path == ("scoring", "table", 0, field)]
    if expected_column is None:
        # A condition that compiles may still hold for no hand of the variant (a dead row,
        # such as `defender_alone` where defenders never go alone), and an award that
        # compiles may give more than the bound on points (`1101010`): those are the only
        # errors its row may get.
        at_row = [e for e in at_row if "can never apply" not in e.message
                  and "an award may give at most" not in e.message]
        assert at_row == [], at_row[0].render()
    else:
        (error,) = at_row
        assert error.message
        assert error.location is not None
        assert (error.location.line, error.location.column) == (line, expected_column)
        assert error.excerpt
    for error in errors:  # anything else: the table as a whole, located in this file
        assert error.message
        assert error.location is not None and error.location.file.endswith("expr.yaml")
        if error not in at_row:
            assert "scoring table" in error.message or "target" in error.message, error.render()
