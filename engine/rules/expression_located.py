"""An expression's error as a located variant error: at the character of the file that wrote
it, or, when a child file removed by name (``big_pepper: !delete``) what an inherited
condition still names, at that removal, in the file that made it (the parent's condition was
right for the parent)."""

from __future__ import annotations

from typing import Any

from engine.core.errors import ExpressionError, Location, VariantError
from engine.rules.resolved import Resolved
from engine.rules.yamlsource import Path_

__all__ = ["located_expression_error"]


def located_expression_error(r: Resolved, exc: ExpressionError, value: Any, path: Path_
                             ) -> VariantError:
    """The error of the expression ``value`` at ``path`` of ``r``."""
    where = r.locate(path)
    if isinstance(value, str) and path in r.inline:
        line, column = r.inline[path]
        where = Location(where.file, line, column + exc.column - 1)
    removed = r.removed_names.get(exc.unknown)
    if removed is not None and removed[0].file == r.file != where.file:
        return _removed_but_named(r, exc, removed, path, where)
    return VariantError(exc.message, location=where, path=path, hint=exc.hint,
                        excerpt=exc.caret())


def _removed_but_named(r: Resolved, exc: ExpressionError, removed: tuple[Location, str],
                       path: Path_, where: Location) -> VariantError:
    at, noun = removed
    item = r.data_at(path[:-1]) if len(path) > 1 else None
    label = item.get("label") if isinstance(item, dict) else None
    row = path[0] == "scoring" and label
    what = (f"the inherited row `{label}` ({where})" if row
            else f"the inherited `{'.'.join(str(part) for part in path)}` ({where})")
    edit = f"`scoring.rows: {{{label}: {{{path[-1]}: ...}}}}`" if row else "in this file"
    return VariantError(
        f"`{exc.unknown}: !delete` removes the {noun} `{exc.unknown}`, but {what} still "
        "names it", location=at, path=path,
        hint=f"change it too, {edit}, or keep the {noun}", excerpt=exc.caret())
