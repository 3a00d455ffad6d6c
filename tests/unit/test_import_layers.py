"""Layers point down only: core <- rules <- mechanics <- play <- bots <- sim <- text <- cli
(testing beside, on top). Every ``import`` in engine/ (function-level ones too; those under
``if TYPE_CHECKING:`` excepted, they never run) is checked from the source."""

from __future__ import annotations

import ast
from pathlib import Path

import engine

LAYERS = ("core", "rules", "mechanics", "play", "bots", "sim", "text", "cli", "testing")
ROOT = Path(engine.__file__).parent


UTILITIES = ("engine.workers",)
"""Top-level helpers (worker processes) that import only from ``core``: they sit beside it."""


def _layer(module: str) -> int:
    """The layer of ``engine.X...`` (the package's ``__init__`` sits above all)."""
    if module.startswith(UTILITIES):
        return 0
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in LAYERS:
        return LAYERS.index(parts[1])
    return len(LAYERS)


def _imports(tree: ast.AST) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return [(line, name) for line, name in found if name.split(".")[0] == "engine"]


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_utilities_import_only_from_core() -> None:
    for name in UTILITIES:
        path = ROOT.parent / (name.replace(".", "/") + ".py")
        imported = _imports(ast.parse(path.read_text(encoding="utf-8")))
        assert all(target.startswith("engine.core") for _, target in imported), imported


def test_no_engine_module_imports_from_a_higher_layer() -> None:
    upward = []
    for path in sorted(ROOT.rglob("*.py")):
        name = _module_name(path)
        here = _layer(name)
        for line, target in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if target != "engine" and _layer(target) > here:
                upward.append(f"{path.relative_to(ROOT.parent)}:{line} imports {target}")
    assert upward == []


def test_the_rules_layer_reads_mechanics_only_through_the_registry_protocol() -> None:
    for path in (ROOT / "rules").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "engine.mechanics" not in "\n".join(
            line for line in text.splitlines() if line.startswith(("from ", "import "))), path
