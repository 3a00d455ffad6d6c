"""Which engine files outside ``engine/mechanics/`` mention each registered mechanic (issue 23).

Run from the repository root::

    .venv/bin/python tools/mechanic_mentions.py [--docs] [--check]

For each mechanic of the registry, in registry order, it lists the Python files of ``engine/``
outside ``engine/mechanics/`` that name it in code, by kind:

- ``import``: an import of one of its modules (``engine/mechanics/<key>.py`` and its siblings
  ``<key>_*.py``, and the module of any class its ``Mechanic`` names);
- ``key``: its key as a whole string literal (``"call_partner"``), docstrings left out;
- ``class``: the name of a class defined in one of its modules (``CallPartnerView``), or of its
  config record wherever that is defined; a name that a module outside the mechanics also
  defines (``Deal``, the given deal of ``engine/rules/results.py``) is left out, as the scan
  cannot tell the two apart, but its config record counts wherever it is defined (the deal's,
  ``DealRules``, lives in the rules layer: every variant has a deal).

``--docs`` adds the files whose docstrings or comments name one of its modules
(``engine.mechanics.deal``) or classes: references for a reader, which import nothing.
``--check`` exits 1 when any code mention is found. The goal (issue 23's "Done when"): no file
but the registry, which lives inside ``engine/mechanics/``, names a mechanic.
"""

from __future__ import annotations

import argparse
import ast
import functools
import io
import re
import sys
import tokenize
from collections import defaultdict
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
MECHANICS = ENGINE / "mechanics"


def _defined_classes(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.ClassDef)}


def _module_path(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def mechanic_names() -> list[tuple[str, set[str], set[str]]]:
    """(key, its modules under engine.mechanics, its class names) for every registered
    mechanic, in registry order."""
    sys.path.insert(0, str(ROOT))
    from engine.mechanics.registry import mechanics  # noqa: PLC0415 - after the path is set

    outside = set[str]()
    for path in ENGINE.rglob("*.py"):
        if MECHANICS not in path.parents:
            outside |= _defined_classes(path)
    found = []
    for m in mechanics():
        modules = {p.stem for p in MECHANICS.glob("*.py")
                   if p.stem == m.key or p.stem.startswith(f"{m.key}_")}
        named: list[type | None] = [m.phase, m.part, m.config,
                                    m.result.part if m.result else None]
        classes = {kind.__name__ for kind in named if kind is not None}
        for kind in named:
            if kind is not None and kind.__module__.startswith("engine.mechanics."):
                modules.add(kind.__module__.rpartition(".")[2])
        for module in modules:
            classes |= _defined_classes(MECHANICS / f"{module}.py")
        own = {m.config.__name__} if m.config is not None else set()  # the deal's is core
        found.append((m.key, modules, (classes - outside) | own))
    return found


def _docstring_lines(nodes: list[ast.AST]) -> set[int]:
    """The lines of the docstrings among ``nodes`` (every node of a file)."""
    lines: set[int] = set()
    for node in nodes:
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(
                body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            lines.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
    for node in nodes:  # attribute docstrings: a bare string after an assignment
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(
                node.value.value, str):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


class _Index(NamedTuple):
    """What the scan needs of one file, read once per run: its imports (line, the modules and
    names imported), the lines of each string literal outside its docstrings and of each name,
    and the text of its comments and docstrings."""

    imports: tuple[tuple[int, list[str]], ...]
    strings: dict[str, set[int]]
    names: dict[str, set[int]]
    docs: str


@functools.cache
def _parsed(path: Path) -> _Index:
    source = path.read_text(encoding="utf-8")
    nodes = list(ast.walk(ast.parse(source)))
    imports = []
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module:
            imports.append((node.lineno, [node.module,
                                          *(f"{node.module}.{a.name}" for a in node.names)]))
        elif isinstance(node, ast.Import):
            imports.append((node.lineno, [a.name for a in node.names]))
    doc_lines = _docstring_lines(nodes)
    strings: dict[str, set[int]] = defaultdict(set)
    names: dict[str, set[int]] = defaultdict(set)
    docs = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        line = token.start[0]
        if token.type == tokenize.STRING and line not in doc_lines:
            strings[token.string.lstrip("rbuRBU")].add(line)
        elif token.type == tokenize.NAME:
            names[token.string].add(line)
        if token.type == tokenize.COMMENT or (token.type == tokenize.STRING
                                              and line in doc_lines):
            docs.append(token.string)
    return _Index(tuple(imports), dict(strings), dict(names), "\n".join(docs))


def mentions(path: Path, key: str, modules: set[str], classes: set[str]
             ) -> tuple[dict[str, set[int]], bool]:
    """The code mentions of one mechanic in ``path`` (kind -> lines), and whether its docs
    name it."""
    index = _parsed(path)
    kinds: dict[str, set[int]] = defaultdict(set)
    for lineno, targets in index.imports:
        if any(t.split(".")[:3] in (["engine", "mechanics", m] for m in modules)
               for t in targets):
            kinds["import"].add(lineno)
    for quoted in (f'"{key}"', f"'{key}'"):
        kinds["key"] |= index.strings.get(quoted, set())
    for name in classes:
        kinds["class"] |= index.names.get(name, set())
    doc_words = re.compile(r"engine\.mechanics\.(" + "|".join(sorted(modules)) + r")\b"
                           + (r"|\b(" + "|".join(sorted(classes)) + r")\b" if classes else ""))
    return {kind: at for kind, at in kinds.items() if at}, bool(doc_words.search(index.docs))


KEPT = {
    ("engine/rules/schema_base.py", "key"): "the schema's default flow, data a file may omit",
    ("engine/rules/results.py", "key"): "REDEAL_WHY, the thrown-in reason simulation reports "
                                        "count apart (the sim layer's `redeals` figure)",
}
"""The code mentions of an optional mechanic outside engine/mechanics that stay, with why.
The mechanics every flow has (``required``: the deal, the play, the score) are the core of
every variant: their mentions are listed, never counted as faults."""


def faults(key: str, required: bool, path: Path, kinds: dict[str, set[int]]) -> int:
    """How many of a file's mentions of a mechanic break the rule (see :data:`KEPT`)."""
    name = path.relative_to(ROOT).as_posix()
    return 0 if required else sum(len(at) for kind, at in kinds.items()
                                  if (name, kind) not in KEPT)


def table(*, docs: bool) -> tuple[list[str], int]:
    """The table's lines, and how many code mentions break the rule (:func:`faults`)."""
    from engine.mechanics.registry import mechanics  # noqa: PLC0415 - after the path is set

    required = {m.key for m in mechanics() if m.required}
    files = sorted(p for p in ENGINE.rglob("*.py") if MECHANICS not in p.parents)
    lines = ["| mechanic | files outside engine/mechanics/ that mention it (kind: lines) |",
             "|---|---|"]
    count = 0
    for key, modules, classes in mechanic_names():
        cells = []
        for path in files:
            kinds, in_docs = mentions(path, key, modules, classes)
            said = [f"{kind}: {', '.join(str(n) for n in sorted(at))}"
                    for kind, at in sorted(kinds.items())]
            count += faults(key, key in required, path, kinds)
            if docs and in_docs:
                said.append("docs")
            if said:
                cells.append(f"{path.relative_to(ROOT).as_posix()} ({'; '.join(said)})")
        core = " (core: in every flow)" if key in required else ""
        lines.append(f"| {key}{core} | {'<br>'.join(cells) or 'none'} |")
    return lines, count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tools/mechanic_mentions.py",
        description="List, for each registered mechanic, the engine files outside "
                    "engine/mechanics/ that mention it (imports, its key as a string, its "
                    "classes).")
    parser.add_argument("--docs", action="store_true",
                        help="also list files whose docstrings or comments name it")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when a file names an optional mechanic in code, "
                             "beyond the mentions kept with a reason")
    args = parser.parse_args(argv)
    lines, count = table(docs=args.docs)
    print("\n".join(lines))
    return 1 if args.check and count else 0


if __name__ == "__main__":
    raise SystemExit(main())
