"""The expression language of variant files: grammar/expr.lark and engine/rules/expressions.py.

Each test's name states the rule it checks. The Hypothesis tests build random well-typed
trees here (as plain tuples, independent of the engine's AST), print them as text, and compare
the engine's answer with a direct evaluation of the tree.
"""

from __future__ import annotations

import ast
import operator
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.core.errors import EuchreError, ExpressionError
from engine.rules import expressions, expressions_parse
from engine.rules.expressions import (
    MAX_DEPTH,
    MAX_LENGTH,
    Binary,
    Compare,
    IntLit,
    Name,
    Type,
    Unary,
    Value,
    compile_expression,
    parse,
)

INT, BOOL = Type.INT, Type.BOOL
SCOPE: dict[str, Type] = {
    "makers.tricks": INT,
    "defenders.tricks": INT,
    "bidder.tricks": INT,
    "bid": INT,
    "tricks": INT,
    "alone": BOOL,
    "defender_alone": BOOL,
    "moon": BOOL,
}
ENV: dict[str, Value] = {
    "makers.tricks": 3,
    "defenders.tricks": 2,
    "bidder.tricks": 3,
    "bid": 4,
    "tricks": 3,
    "alone": True,
    "defender_alone": False,
    "moon": False,
}


def value(text: str | int | bool, expected: Type, env: Mapping[str, Value] = ENV) -> Value:
    return compile_expression(text, SCOPE, expected=expected).evaluate(env)


def error(text: Any, expected: Type = BOOL, scope: Mapping[str, Type] = SCOPE) -> ExpressionError:
    with pytest.raises(ExpressionError) as info:
        compile_expression(text, scope, expected=expected)
    return info.value


# --- precedence, associativity, chains -------------------------------------------------------


def test_multiplication_binds_tighter_than_addition() -> None:
    assert value("1 + 2 * 3 == 7", BOOL) is True
    assert value("1 + 2 * 3", INT) == 7
    assert value("(1 + 2) * 3", INT) == 9


def test_unary_minus_binds_tighter_than_multiplication() -> None:
    tree = parse("-2 * 3")
    assert isinstance(tree, Binary) and tree.op == "*"
    assert isinstance(tree.left, Unary) and tree.left.op == "-"
    assert value("-2 * 3", INT) == -6
    assert value("2 - -3", INT) == 5
    assert value("--2", INT) == 2


def test_not_binds_looser_than_comparison_and_tighter_than_and() -> None:
    assert value("not 1 == 2", BOOL) is True  # `(not 1) == 2` would be a type error
    assert value("not true or true", BOOL) is True
    assert value("not (true or true)", BOOL) is False
    assert value("not false and false", BOOL) is False


def test_and_binds_tighter_than_or() -> None:
    assert value("true or true and false", BOOL) is True
    assert value("(true or true) and false", BOOL) is False


def test_subtraction_is_left_associative() -> None:
    assert value("10 - 3 - 2", INT) == 5
    env = {**ENV, "makers.tricks": 10, "bid": 3, "tricks": 2}
    assert value("makers.tricks - bid - tricks", INT, env) == 5


def test_comparison_binds_looser_than_arithmetic() -> None:
    assert value("1 + 1 == 2 * 1", BOOL) is True


@pytest.mark.parametrize("tricks", range(6))
def test_chained_comparison_means_each_link_holds(tricks: int) -> None:
    env = {**ENV, "makers.tricks": tricks}
    assert value("3 <= makers.tricks <= 4", BOOL, env) is (3 <= tricks <= 4)


def test_chained_comparison_is_not_left_nested() -> None:
    assert value("1 < 2 > 1", BOOL) is True  # `(1 < 2) > 1` would be a type error
    assert value("true == false == false", BOOL) is False  # nested would give true
    tree = parse("1 < 2 <= 3")
    assert isinstance(tree, Compare) and tree.operators == ("<", "<=")


def test_functions_min_max_abs_if() -> None:
    assert value("min(3, 1, 2)", INT) == 1
    assert value("max(3, 1, makers.tricks + 4)", INT) == 7
    assert value("abs(-5) + abs(5)", INT) == 10
    assert value("if(alone, 4, 2)", INT) == 4
    assert value("if(moon, 4, 2)", INT) == 2
    assert value("if(alone, moon, true)", BOOL) is False


def test_evaluate_returns_python_bool_for_conditions_and_int_for_numbers() -> None:
    assert type(value("makers.tricks >= 3", BOOL)) is bool
    assert type(value("alone and not moon", BOOL)) is bool
    assert type(value("if(alone, 1, 0) + 0", INT)) is int
    assert type(value("max(1, 2)", INT)) is int


def test_yaml_numbers_and_booleans_compile_as_literals() -> None:
    two = compile_expression(2, SCOPE, expected=INT)
    assert (two.text, two.type, two.evaluate({})) == ("2", INT, 2)
    yes = compile_expression(True, SCOPE, expected=BOOL)
    assert (yes.text, yes.evaluate({})) == ("true", True)
    assert compile_expression(-1, SCOPE, expected=INT).evaluate({}) == -1
    assert error(True, expected=INT).message.startswith("this place needs a number")


def test_names_lists_only_the_names_used() -> None:
    compiled = compile_expression("makers.tricks >= 3 or alone", SCOPE, expected=BOOL)
    assert compiled.names == frozenset({"makers.tricks", "alone"})
    assert compile_expression("1 + 2", SCOPE, expected=INT).names == frozenset()


def test_evaluate_refuses_a_missing_name_or_a_value_of_the_wrong_type() -> None:
    compiled = compile_expression("makers.tricks >= 3", SCOPE, expected=BOOL)
    with pytest.raises(KeyError):
        compiled.evaluate({})
    with pytest.raises(TypeError):
        compiled.evaluate({"makers.tricks": True})


def test_nodes_carry_their_one_based_columns() -> None:
    tree = parse("makers.tricks >= 3")
    assert isinstance(tree, Compare) and tree.column == 1
    name, three = tree.operands
    assert isinstance(name, Name) and (name.column, name.end) == (1, 14)
    assert isinstance(three, IntLit) and (three.column, three.value) == (18, 3)


# --- errors: names and types -----------------------------------------------------------------


def test_unknown_name_suggests_the_close_one() -> None:
    exc = error("makers.trick >= 3")
    assert "`makers.trick`" in exc.message and exc.column == 1
    assert "makers.tricks" in exc.hint
    assert isinstance(exc, EuchreError)


def test_unknown_name_with_nothing_close_lists_the_names_here() -> None:
    exc = error("1 + zzz > 0")
    assert exc.column == 5
    assert exc.hint.startswith("the names here are") and "`moon`" in exc.hint


def test_and_points_at_the_operand_that_is_a_number() -> None:
    exc = error("alone and 3")
    assert exc.message == "`and` needs true/false on both sides, but `3` is a number"
    assert exc.column == 11
    # With `tricks` a number both sides are wrong; the first one, read left to right, is named.
    exc = error("tricks and 3")
    assert "`tricks` is a number" in exc.message and exc.column == 1


def test_arithmetic_on_true_false_is_a_type_error() -> None:
    exc = error("true + 1", expected=INT)
    assert exc.message == "`+` needs numbers on both sides, but `true` is true/false"
    assert exc.column == 1
    assert error("1 - (alone)", expected=INT).column == 6
    assert error("-moon", expected=INT).column == 2
    assert error("not 3").column == 5


def test_comparisons_check_both_sides() -> None:
    exc = error("1 == true")
    assert "`1` is a number and `true` is true/false" in exc.message and exc.column == 6
    assert error("alone < 1").column == 1
    assert error("1 < 2 < moon").column == 9
    assert value("alone == moon", BOOL) is False


def test_if_needs_a_condition_and_branches_of_one_type() -> None:
    exc = error("if(1, 2, 3)", expected=INT)
    assert "first argument of `if`" in exc.message and exc.column == 4
    exc = error("if(alone, 1, false)", expected=INT)
    assert "both branches of `if`" in exc.message and exc.column == 14


@pytest.mark.parametrize(
    ("text", "wording"),
    [
        ("min(1)", "`min` takes at least 2 arguments, but got 1"),
        ("max()", "`max` takes at least 2 arguments, but got 0"),
        ("abs(1, 2)", "`abs` takes exactly 1 argument, but got 2"),
        ("if(true, 1)", "`if` takes exactly 3 arguments, but got 2"),
    ],
)
def test_function_arity_is_checked(text: str, wording: str) -> None:
    exc = error(f"1 + {text}", expected=INT)
    assert exc.message == wording and exc.column == 5


def test_function_arguments_are_type_checked() -> None:
    assert error("min(1, alone)", expected=INT).column == 8
    assert error("abs(true)", expected=INT).column == 5


def test_unknown_function_suggests_a_known_one() -> None:
    exc = error("mim(1, 2)", expected=INT)
    assert exc.message == "unknown function `mim`" and exc.column == 1
    assert "`min`" in exc.hint
    assert "`abs`, `if`, `max` or `min`" in error("sum(1, 2)", expected=INT).hint


def test_expected_type_of_the_place_is_enforced() -> None:
    exc = error("makers.tricks", expected=BOOL)
    assert exc.message == (
        "this place needs a condition (true/false), but the expression is a number"
    )
    assert "makers.tricks >= 1" in exc.hint
    exc = error("alone", expected=INT)
    assert exc.message == (
        "this place needs a number, but the expression is a condition (true/false)"
    )


# --- errors: syntax --------------------------------------------------------------------------


def test_unexpected_end_points_past_the_text_and_says_what_could_follow() -> None:
    exc = error("1 +")
    assert exc.column == 4
    assert exc.message == (
        "unexpected end of the expression; expected a number, a name, `true`, `false`, `(` or `-`"
    )
    assert error("not").message.endswith("`(`, `-` or `not`")
    exc = error("(1")
    assert exc.column == 3 and "`)`" in exc.message and "not closed" in exc.hint


def test_unexpected_token_points_at_the_token() -> None:
    exc = error("1 2")
    assert exc.column == 3 and exc.message.startswith("unexpected number `2`; expected an operator")
    assert error("min(1 2)", expected=INT).message.endswith("`,` or `)`")
    exc = error("1)")
    assert exc.column == 2 and "no matching `(`" in exc.hint
    assert error("makers.tricks android").column == 15


def test_unexpected_character_points_at_the_character() -> None:
    exc = error("1 $ 2")
    assert exc.column == 3 and exc.message.startswith("unexpected character `$`")
    exc = error("bid = 3")
    assert exc.column == 5 and "`==`" in exc.hint
    assert "lower case" in error("Alone").hint
    assert error("makers.").column == 7


def test_empty_expression_is_an_error() -> None:
    for text in ("", "   ", "\t\n"):
        exc = error(text)
        assert exc.message == "the expression is empty" and exc.column == 1


def test_number_literals_have_at_most_nine_digits() -> None:
    assert value("999999999", INT) == 999_999_999
    exc = error("1 + 1234567890", expected=INT)
    assert exc.column == 5 and "10 digits" in exc.message


def test_a_value_that_is_not_text_number_or_bool_is_an_expression_error() -> None:
    assert error(2.5).message.endswith("not float")
    assert "NoneType" in error(None).message


# --- hostile input ---------------------------------------------------------------------------


def raises_quickly(text: str, expected: Type = BOOL) -> ExpressionError:
    start = time.process_time()
    exc = error(text, expected=expected)
    assert time.process_time() - start < 1.0
    assert 1 <= exc.column <= len(text) + 1
    return exc


@pytest.mark.parametrize(
    "text",
    [
        "(" * 10_000 + "1" + ")" * 10_000,
        "not " * 5000 + "true",
        "9" * 10_000,
        "1 + " * 25_000 + "1",  # 100 kB
    ],
    ids=["parentheses", "nots", "digits", "100kB"],
)
def test_oversized_input_is_refused_quickly(text: str) -> None:
    exc = raises_quickly(text)
    assert exc.column == MAX_LENGTH + 1 and "limit" in exc.message


def test_the_length_limit_is_inclusive() -> None:
    assert value("1" + " " * (MAX_LENGTH - 1), INT) == 1
    assert raises_quickly("1" + " " * MAX_LENGTH, INT).column == MAX_LENGTH + 1


def test_parentheses_nest_at_most_fifty_deep() -> None:
    deep = MAX_DEPTH
    assert value("(" * deep + "1" + ")" * deep, INT) == 1
    exc = raises_quickly("(" * (deep + 1) + "1" + ")" * (deep + 1), INT)
    assert exc.column == deep + 1 and "parentheses" in exc.message


def test_unary_chains_nest_at_most_fifty_deep() -> None:
    assert value("not " * MAX_DEPTH + "true", BOOL) is True
    exc = raises_quickly("not " * (MAX_DEPTH + 1) + "true")
    assert exc.column == 4 * MAX_DEPTH + 1  # the first `not` too many
    assert raises_quickly("- " * 400 + "1", INT).column == 2 * MAX_DEPTH + 1
    assert raises_quickly("-" * 999 + "1", INT).column == MAX_DEPTH + 1


def test_long_operator_chains_count_as_nesting() -> None:
    assert value("+".join(["1"] * (MAX_DEPTH + 1)), INT) == MAX_DEPTH + 1
    raises_quickly("+".join(["1"] * (MAX_DEPTH + 2)), INT)
    raises_quickly("*".join(["9"] * 300), INT)  # no way to build a huge number


def test_comparison_chains_are_flat_so_long_ones_are_fine() -> None:
    assert value(" <= ".join(["1"] * 200), BOOL) is True


# --- the house rules: no eval, one parser, docs that run -------------------------------------


EXPRESSION_MODULES = sorted(Path(expressions.__file__).parent.glob("expression*.py"))


def test_the_expression_modules_are_all_scanned() -> None:
    names = {path.stem for path in EXPRESSION_MODULES}
    assert {"expressions", "expressions_parse", "expressions_check", "expressions_compile"} <= names


@pytest.mark.parametrize("path", EXPRESSION_MODULES, ids=lambda path: path.stem)
def test_no_expression_module_calls_eval_exec_or_compile(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    called = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert not called & {"eval", "exec", "compile", "__import__"}


def test_the_parser_is_built_once() -> None:
    assert expressions_parse._parser() is expressions_parse._parser()


def test_the_split_modules_keep_every_public_name_importable_from_expressions() -> None:
    for name in expressions.__all__:
        assert getattr(expressions, name) is not None
    assert expressions.parse is expressions_parse.parse


# --- Hypothesis: random well-typed trees agree with a direct evaluation ----------------------

# A test tree is a tuple: ("int", n), ("bool", b), ("name", s), ("neg", e), ("not", e),
# ("bin", op, left, right), ("cmp", operands, operators), ("call", function, args).
Tree = tuple[Any, ...]
INT_NAMES = sorted(name for name, kind in SCOPE.items() if kind is INT)
BOOL_NAMES = sorted(name for name, kind in SCOPE.items() if kind is BOOL)
ORDERING = ["<", "<=", ">", ">="]
EQUALITY = ["==", "!="]
TESTS: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt,
    "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}


DEPTH = 4  # operator levels in a generated tree
INT_SHAPES = ["leaf", "arithmetic", "arithmetic", "arithmetic", "neg", "min_max", "abs", "if"]
BOOL_SHAPES = ["leaf", "logic", "logic", "logic", "not", "compare", "equal", "if"]


@st.composite
def trees(draw: st.DrawFn, kind: Type, depth: int) -> Tree:
    """A random well-typed tree of ``kind`` at most ``depth`` operators deep.

    A composite with an explicit shape list, because ``st.one_of`` over recursive branches
    strongly favours the one-child ones (``-x``, ``abs(x)``) and rarely lets operators meet.
    """
    shape = draw(st.sampled_from(INT_SHAPES if kind is INT else BOOL_SHAPES)) if depth else "leaf"

    def sub(sub_kind: Type) -> Tree:
        return draw(trees(sub_kind, depth - 1))

    def several(sub_kind: Type, most: int) -> tuple[Tree, ...]:
        return tuple(sub(sub_kind) for _ in range(draw(st.integers(2, most))))

    match shape:
        case "leaf" if draw(st.booleans()):
            return ("name", draw(st.sampled_from(INT_NAMES if kind is INT else BOOL_NAMES)))
        case "leaf":
            literal = st.integers(0, 999_999_999) if kind is INT else st.booleans()
            return ("int" if kind is INT else "bool", draw(literal))
        case "arithmetic":
            return ("bin", draw(st.sampled_from("+-*")), sub(INT), sub(INT))
        case "neg":
            return ("neg", sub(INT))
        case "min_max":
            return ("call", draw(st.sampled_from(["min", "max"])), several(INT, 3))
        case "abs":
            return ("call", "abs", (sub(INT),))
        case "if":
            return ("call", "if", (sub(BOOL), sub(kind), sub(kind)))
        case "logic":
            return ("bin", draw(st.sampled_from(["and", "or"])), sub(BOOL), sub(BOOL))
        case "not":
            return ("not", sub(BOOL))
        case "compare":
            operands = several(INT, 3)
            signs = [draw(st.sampled_from(ORDERING + EQUALITY)) for _ in operands[1:]]
            return ("cmp", operands, tuple(signs))
        case "equal":
            return ("cmp", (sub(BOOL), sub(BOOL)), (draw(st.sampled_from(EQUALITY)),))
    raise AssertionError(shape)


PRECEDENCE = {"or": 1, "and": 2, "not": 3, "cmp": 4, "+": 5, "-": 5, "*": 6, "neg": 7}
ATOM = 8


def show(tree: Tree, *, minimal: bool) -> str:
    """Print a test tree; fully parenthesised, or with only the parentheses precedence needs."""
    return shown(tree, minimal=minimal)[0]


def shown(tree: Tree, *, minimal: bool) -> tuple[str, int]:
    def sub(child: Tree, need: int) -> str:
        text, strength = shown(child, minimal=minimal)
        keep = strength >= need and (minimal or strength == ATOM)
        return text if keep else f"({text})"

    match tree:
        case ("int", number):
            return str(number), ATOM
        case ("bool", truth):
            return ("true" if truth else "false"), ATOM
        case ("name", name):
            return name, ATOM
        case ("neg", operand):
            return "-" + sub(operand, PRECEDENCE["neg"]), PRECEDENCE["neg"]
        case ("not", operand):
            return "not " + sub(operand, PRECEDENCE["not"]), PRECEDENCE["not"]
        case ("bin", op, left, right):
            strength = PRECEDENCE[op]  # left-associative: the right side binds one tighter
            return f"{sub(left, strength)} {op} {sub(right, strength + 1)}", strength
        case ("cmp", operands, signs):
            parts = [sub(operands[0], 5)]
            for sign, operand in zip(signs, operands[1:], strict=True):
                parts += [sign, sub(operand, 5)]
            return " ".join(parts), PRECEDENCE["cmp"]
        case ("call", function, args):
            return f"{function}({', '.join(sub(arg, 1) for arg in args)})", ATOM
    raise AssertionError(tree)


def reference(tree: Tree, env: Mapping[str, Value]) -> Value:
    """Evaluate a test tree directly, as Python would."""
    match tree:
        case ("int" | "bool", literal):
            return literal  # type: ignore[no-any-return]
        case ("name", name):
            return env[name]
        case ("neg", operand):
            return -reference(operand, env)
        case ("not", operand):
            return not reference(operand, env)
        case ("bin", "and", left, right):
            return reference(left, env) and reference(right, env)
        case ("bin", "or", left, right):
            return reference(left, env) or reference(right, env)
        case ("bin", op, left, right):
            math = {"+": operator.add, "-": operator.sub, "*": operator.mul}[op]
            return math(reference(left, env), reference(right, env))  # type: ignore[no-any-return]
        case ("cmp", operands, signs):
            values = [reference(operand, env) for operand in operands]
            return all(TESTS[s](a, b) for s, a, b in zip(signs, values, values[1:], strict=False))
        case ("call", "if", (condition, then, otherwise)):
            return reference(then if reference(condition, env) else otherwise, env)
        case ("call", "abs", (operand,)):
            return abs(reference(operand, env))
        case ("call", function, args):
            return (min if function == "min" else max)(reference(arg, env) for arg in args)
    raise AssertionError(tree)


def names_in(tree: Tree) -> set[str]:
    """The names a test tree uses."""
    match tree:
        case ("name", name):
            return {name}
        case ("neg" | "not", operand):
            return names_in(operand)
        case ("bin", _, left, right):
            return names_in(left) | names_in(right)
        case ("cmp", children, _) | ("call", _, children):
            return set().union(*(names_in(child) for child in children))
    return set()


envs = st.fixed_dictionaries(
    {name: (st.integers(-20, 20) if kind is INT else st.booleans()) for name, kind in SCOPE.items()}
)


@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from(Type), data=st.data(), many_envs=st.lists(envs, min_size=4, max_size=4))
def test_random_well_typed_trees_evaluate_like_the_reference(
    kind: Type, data: st.DataObject, many_envs: list[dict[str, Value]]
) -> None:
    tree = data.draw(trees(kind, DEPTH))
    # fully parenthesised checks the meaning of each operator; minimal checks precedence
    for text in {show(tree, minimal=False), show(tree, minimal=True)}:
        assume(len(text) <= MAX_LENGTH)
        compiled = compile_expression(text, SCOPE, expected=kind)
        assert compiled.type is kind and compiled.names == names_in(tree)
        for env in many_envs:
            got, want = compiled.evaluate(env), reference(tree, env)
            assert got == want and type(got) is type(want), text


# --- Hypothesis: any text gives a result or an ExpressionError with a column inside it -------

TOKENS = [
    "1", "23", "999999999", "1234567890", "true", "false", "not", "and", "or", "(", ")", ",",
    "+", "-", "*", "==", "!=", "<", "<=", ">", ">=", "=", "!", "min", "max", "abs", "if",
    "alone", "tricks", "makers.tricks", "makers.trick", "a", "b", "a.b", ".", "$",
]
FUZZ_SCOPE = {**SCOPE, "a": INT, "b": BOOL, "a.b": INT}
anything = st.one_of(
    st.text(alphabet="ab._()+-*<>=!, 0129" + "notandortruefalseminmaxabsif", max_size=40),
    st.lists(st.sampled_from(TOKENS), max_size=16).map(" ".join),
    st.lists(st.sampled_from(TOKENS), max_size=16).map("".join),
    st.text(max_size=30),
)


@settings(max_examples=200, deadline=None)
@given(text=anything, expected=st.sampled_from(Type))
def test_any_text_compiles_or_raises_expression_error_with_a_column_inside_it(
    text: str, expected: Type
) -> None:
    try:
        compiled = compile_expression(text, FUZZ_SCOPE, expected=expected)
    except ExpressionError as exc:
        assert 1 <= exc.column <= len(text) + 1
        assert exc.message
        assert exc.text == text
        return
    env = {name: (2 if kind is INT else True) for name, kind in FUZZ_SCOPE.items()}
    result = compiled.evaluate(env)
    assert type(result) is (int if expected is INT else bool)
