"""The shape of the package: layers point down, modules stay small, docs name real packages.

The layers, lowest first, are those of docs/architecture.md: ``core <- rules <- mechanics <-
play <- bots <- sim <- text <- cli``, with ``testing`` beside them (it may use every layer
below ``cli``; nothing in the engine imports it). A module may import from its own layer and
from the layers below, never from a layer above. Every ``import`` and ``from`` statement counts,
function-level ones included (they would only hide a cycle); imports under
``if TYPE_CHECKING:`` do not run and are not counted.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
ARCHITECTURE = ROOT / "docs" / "architecture.md"
MAX_LINES = 400

LAYERS = ["core", "rules", "mechanics", "play", "bots", "sim", "text", "cli"]
"""The layer packages under engine/, lowest first."""
LEVEL = {name: index for index, name in enumerate(LAYERS)}
# Packages and modules that are not a layer of their own, with the layer they count as.
LEVEL["workers"] = LEVEL["sim"]  # local process pools for simulate and compare
LEVEL["batch"] = LEVEL["sim"]  # numpy kernels playing B games at once (simulate --engine batch)
LEVEL["testing"] = LEVEL["cli"]  # beside the layers: may use any layer below cli
LEVEL["web"] = LEVEL["cli"]  # the browser table (`euchre serve`): a front end beside the CLI
LEVEL["adapters"] = LEVEL["cli"]  # OpenSpiel and PettingZoo games, beside cli (optional extras)
LEVEL["_startup"] = LEVEL["core"]  # Ctrl-C at start-up: built-in modules only, imported first
LEVEL[""] = LEVEL["play"]  # `import engine`: the facade re-exports core, rules and play

def engine_modules() -> list[Path]:
    """Every Python file under engine/."""
    return sorted(ENGINE.rglob("*.py"))


def module_name(path: Path) -> str:
    """``engine/text/narrate.py`` -> ``engine.text.narrate``; a package's ``__init__`` -> it."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def level_of(module: str) -> int | None:
    """The layer of an ``engine...`` module name; None for modules outside the engine.

    >>> level_of("engine.text.narrate"), level_of("engine"), level_of("lark")
    (6, 3, None)
    """
    if module != "engine" and not module.startswith("engine."):
        return None
    first = module.split(".")[1] if "." in module else ""
    if first not in LEVEL:
        raise AssertionError(f"{module}: engine.{first} is in no layer; add it to the test")
    return LEVEL[first]


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def package_of(path: Path) -> str:
    """The package a file's relative imports start from."""
    name = module_name(path)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def imported_modules(source: str, package: str, *, type_checking: bool = False
                     ) -> Iterator[tuple[int, str]]:
    """(line, module) for every import in ``source`` that runs (``type_checking``: those under
    ``if TYPE_CHECKING:`` too), relative ones resolved.

    ``from engine.text import narrate`` yields ``engine.text`` and ``engine.text.narrate``.
    """
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if not type_checking and isinstance(node, ast.If) and _type_checking_only(node):
            skipped.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = parts[: len(parts) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            yield node.lineno, base
            if level_of(base) is not None:
                for alias in node.names:
                    yield node.lineno, f"{base}.{alias.name}"


def _is_engine_module(name: str) -> bool:
    """Whether ``name`` is a module or package under engine/ (not a name defined in one)."""
    where = ROOT.joinpath(*name.split("."))
    return where.is_dir() or where.with_suffix(".py").is_file()


def upward_imports() -> list[str]:
    """Every import in engine/ that points to a higher layer, as ``file:line: a -> b``."""
    found = []
    for path in engine_modules():
        own = level_of(module_name(path))
        assert own is not None
        source = path.read_text(encoding="utf-8")
        for line, target in imported_modules(source, package_of(path)):
            if not _is_engine_module(target):
                continue
            theirs = level_of(target)
            if target.startswith("engine.testing") and not module_name(path).startswith(
                    "engine.testing"):
                found.append(f"{path.relative_to(ROOT)}:{line}: imports {target} (testing)")
            elif theirs is not None and theirs > own:
                found.append(f"{path.relative_to(ROOT)}:{line}: {module_name(path)} -> {target}")
    return found


def test_no_engine_module_imports_from_a_higher_layer() -> None:
    assert upward_imports() == []


SHARED_MECHANICS_MODULES = ("base", "parts", "hand", "view", "table", "registry", "events",
                            "wording", "batch")
"""The modules of engine/mechanics/ that are no particular mechanic's: the protocol, the
registry, the events, the shared wording, and what every batch form runs on (``batch/``)."""


def particular_mechanic(module: str) -> bool:
    """Whether ``module`` is (in) a particular mechanic's module of engine/mechanics/.

    >>> [particular_mechanic(m) for m in ("engine.mechanics.go_alone_batch",
    ...  "engine.mechanics.registry", "engine.mechanics.batch.hand", "engine.mechanics")]
    [True, False, False, False]
    """
    parts = module.split(".")
    return (parts[:2] == ["engine", "mechanics"] and len(parts) > 2
            and parts[2] not in SHARED_MECHANICS_MODULES)


def outside_mechanics() -> list[Path]:
    """Every Python file of engine/ outside engine/mechanics/."""
    mechanics_dir = ENGINE / "mechanics"
    return [path for path in engine_modules() if mechanics_dir not in path.parents]


def particular_mechanic_imports(paths: list[Path]) -> list[str]:
    """Every import of a particular mechanic in ``paths``, as ``file:line: module``."""
    found = []
    for path in paths:
        source = path.read_text(encoding="utf-8")
        for line, target in imported_modules(source, package_of(path), type_checking=True):
            if particular_mechanic(target) and _is_engine_module(target):
                found.append(f"{path.relative_to(ROOT)}:{line}: {target}")
    return found


def test_no_engine_module_outside_the_mechanics_imports_a_particular_mechanic() -> None:
    """Issue 23: the engine reaches mechanics only through the registry and the protocol
    (view parts, parts and result parts with their own words, features and hooks), every
    layer and front end alike, TYPE_CHECKING included; no file is exempt."""
    paths = outside_mechanics()
    assert ENGINE / "text" / "narrate.py" in paths and ENGINE / "play" / "state.py" in paths
    assert particular_mechanic_imports(paths) == []


def test_the_mechanic_scan_sees_an_import_of_a_particular_mechanic_under_type_checking(
        ) -> None:
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
              "    from engine.mechanics.auction_rules import AuctionRules\n"
              "from engine.mechanics import registry\n")
    targets = [t for _, t in imported_modules(source, "engine.adapters", type_checking=True)]
    found = [t for t in targets if particular_mechanic(t) and _is_engine_module(t)]
    assert found == ["engine.mechanics.auction_rules"]


def test_every_batch_hook_names_a_module_of_the_mechanics_layer() -> None:
    """A ``batch`` hook is a name (``module:Class``), which the layer scan cannot follow: it
    must name a module beside the mechanic, so that the scan checks that file's imports."""
    from engine.mechanics.registry import mechanics  # noqa: PLC0415 - only this test needs it

    hooks = {m.key: m.batch for m in mechanics() if m.batch is not None}
    assert {"deal", "upcard_bidding", "play"} <= set(hooks)
    for key, hook in hooks.items():
        module, _, name = hook.partition(":")
        assert module.startswith("engine.mechanics.") and name, (key, hook)
        assert _is_engine_module(module), (key, hook)
        assert f"class {name}" in ROOT.joinpath(*module.split(".")).with_suffix(".py").read_text(
            encoding="utf-8"), (key, hook)


def test_no_mechanic_module_imports_the_play_layer_not_even_for_type_checking() -> None:
    """The protocol the mechanics implement lives below them (issue 23): a phase asks the
    game through :class:`engine.mechanics.table.Table` and reads the kernel's own ``Hand``
    and ``View``; only the play layer knows the state that implements them."""
    found = [f"{path.relative_to(ROOT)}:{line}: {target}"
             for path in sorted((ENGINE / "mechanics").rglob("*.py"))
             for line, target in imported_modules(path.read_text(encoding="utf-8"),
                                                  package_of(path), type_checking=True)
             if target == "engine.play" or target.startswith("engine.play.")]
    assert found == []


def test_the_strict_scan_sees_type_checking_imports() -> None:
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
              "    from engine.play.state import State\n")
    found = [(line, target) for line, target in
             imported_modules(source, "engine.mechanics", type_checking=True)
             if target.startswith("engine.play")]
    assert found == [(3, "engine.play.state"), (3, "engine.play.state.State")]


def test_the_layer_scan_counts_function_level_imports_but_not_type_checking_ones() -> None:
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
              "    from engine.cli import main\n"
              "def f():\n    from ..text import narrate\n")
    targets = {target for _, target in imported_modules(source, "engine.core")}
    assert {"engine.text", "engine.text.narrate"} <= targets
    assert not any(target.startswith("engine.cli") for target in targets)


def test_the_layer_scan_reads_the_real_tree() -> None:
    scoring = ENGINE / "rules" / "scoring.py"
    targets = [target for _, target in imported_modules(scoring.read_text(encoding="utf-8"),
                                                         package_of(scoring))]
    assert "engine.rules.expressions" in targets
    assert len(engine_modules()) > 50


@pytest.mark.parametrize("path", engine_modules(), ids=module_name)
def test_every_engine_module_is_at_most_400_lines(path: Path) -> None:
    relative = path.relative_to(ROOT).as_posix()
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{relative} has {lines} lines; split it by concern"


def test_every_engine_subpackage_named_in_the_architecture_document_exists() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    named = set(re.findall(r"`engine/(\w+)/`", text))
    assert set(LAYERS) <= named and "testing" in named
    missing = sorted(name for name in named
                     if not (ENGINE / name / "__init__.py").is_file() and name != "mechanics")
    assert missing == []


def test_the_architecture_document_lists_the_layers_in_the_tested_order() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    assert " <- ".join(LAYERS) in text
