"""Where the shipped data lives: variants, the JSON Schema and the lark grammar.

In a source checkout (and an editable install) they are the top-level folders ``variants/``,
``schema/`` and ``grammar/``; a wheel carries copies under ``engine/_data/`` (see
``pyproject.toml``). Both layouts are found the same way.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["data_dir", "grammar_path", "schema_path", "variants_dir"]

_PACKAGE = Path(__file__).resolve().parents[1]  # engine/


@cache
def data_dir(kind: str) -> Path:
    """The folder holding ``kind`` (``variants``, ``schema`` or ``grammar``)."""
    for candidate in (_PACKAGE / "_data" / kind, _PACKAGE.parent / kind):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"euchrekit's {kind}/ folder is missing from the installation (looked in "
        f"{_PACKAGE / '_data' / kind} and {_PACKAGE.parent / kind}); reinstall the package"
    )


def variants_dir() -> Path:
    """The folder of shipped variant files."""
    return data_dir("variants")


def schema_path() -> Path:
    """The JSON Schema every variant file is checked against."""
    return data_dir("schema") / "variant.schema.json"


def grammar_path(name: str = "expr.lark") -> Path:
    """A lark grammar file."""
    return data_dir("grammar") / name
