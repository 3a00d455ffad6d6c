"""The ``euchre`` command imports only what the command it runs needs (issue 23, start-up).

``euchre --help`` lists every command without importing any of their modules, and ``euchre
validate`` imports the rules layer and the mechanics, never the play layer, the bots, the
simulator, the text layer or ``rich`` (nor jsonschema or lark for a shipped one). The import
checks run in a fresh interpreter (this one has imported everything already);
``tools/startup.py`` measures the times themselves.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from engine import cli

ROOT = Path(__file__).resolve().parents[2]

PROBE = textwrap.dedent("""
    import contextlib, io, json, sys
    from engine.cli import main
    with contextlib.redirect_stdout(io.StringIO()):
        code = main(sys.argv[1:])
    print(json.dumps([code, sorted(sys.modules)]))
""")


def imported_by(*argv: str) -> set[str]:
    """The modules a fresh ``euchre ARGV`` has imported when it is done."""
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True,
                          text=True, cwd=ROOT, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    code, modules = json.loads(done.stdout.splitlines()[-1])
    assert code == 0, done.stdout
    return set(modules)


def _layer(modules: set[str], *prefixes: str) -> set[str]:
    return {m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes)}


HEAVY = ("rich", "numpy", "jsonschema", "lark", "yaml", "engine.rules.loader",
         "engine.mechanics", "engine.play", "engine.bots", "engine.sim", "engine.text")


def test_help_imports_no_command_module_and_no_layer_of_the_engine() -> None:
    modules = imported_by("--help")
    assert _layer(modules, *HEAVY) == set()
    assert _layer(modules, *(f"engine.cli.{m}" for m, _ in cli.COMMANDS.values())) == set()


def test_validate_imports_the_rules_layer_and_no_layer_above_the_mechanics() -> None:
    """... nor jsonschema nor lark for a shipped variant, whose schema verdict and
    expression trees are shipped with it (engine/rules/known_shipped_build.py)."""
    modules = imported_by("validate", "standard")
    assert {"engine.rules.loader", "engine.mechanics", "yaml"} <= modules
    assert _layer(modules, "jsonschema", "lark") == set()
    assert _layer(modules, "rich", "numpy", "engine.play", "engine.bots", "engine.sim",
                  "engine.text") == set()
    commands = _layer(modules, *(f"engine.cli.{m}" for m, _ in cli.COMMANDS.values()))
    assert commands == {"engine.cli.variant_commands"}


def _help_lines(parser: object) -> dict[str, str | None]:
    [subparsers] = [a for a in parser._actions  # type: ignore[attr-defined]
                    if a.__class__.__name__ == "_SubParsersAction"]
    return {choice.dest: choice.help for choice in subparsers._choices_actions}


def test_each_commands_help_line_is_its_modules_own() -> None:
    """The table that lists the commands without importing them says what each module says,
    in the order the modules register them."""
    full = _help_lines(cli.build_parser())  # every module imported and registered
    listed = {name: line for name, (_, line) in cli.COMMANDS.items()}
    assert list(full.items()) == list(listed.items())
    lazy = _help_lines(cli.build_parser(["--help"]))  # nothing imported
    assert list(lazy.items()) == list(listed.items())


def test_a_command_parses_its_own_options_when_the_others_are_only_listed() -> None:
    args = cli.build_parser(["simulate", "standard", "--games", "3"]).parse_args(
        ["simulate", "standard", "--games", "3"])
    assert (args.command, args.variant, args.games) == ("simulate", "standard", 3)
