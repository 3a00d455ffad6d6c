"""Checking a compiled scoring table against every outcome a hand of the variant can have.

Exactly one row must apply to each outcome (no gap, no overlap), and every row must apply to
some outcome: a row that never can (``makers.tricks == 6`` in a five-trick game, an ``alone``
row where nobody may go alone) is a mistake. A dead row inherited through ``extends`` is
reported at the line of the file being checked that made it dead, naming where the row was
written.
"""

from __future__ import annotations

from engine.core.errors import Location, VariantError
from engine.rules.expressions import CompiledExpression
from engine.rules.mechanic_rules import REGISTRY, OutcomeSetting
from engine.rules.resolved import Resolved
from engine.rules.scoring import (
    MAX_POINTS,
    OutcomeSpace,
    ScoreRow,
    ScoringTable,
    TableGap,
    TableOverlap,
    dead_rows,
    too_many_points,
)
from engine.rules.yamlsource import Path_

__all__ = ["CORE_OUTCOME_SETTINGS", "outcome_settings", "penalty_errors", "table_errors"]

TABLE: Path_ = ("scoring", "table")
CORE_OUTCOME_SETTINGS = (
    OutcomeSetting(rank=20, path=("flow",)), OutcomeSetting(rank=50, path=("sides", "kind")),
    OutcomeSetting(rank=50, path=("players",)), OutcomeSetting(rank=70, path=("deck", "jokers")),
)
"""The settings of no mechanic that decide which outcomes a hand can have, with their ranks
(:class:`~engine.rules.mechanic_rules.OutcomeSetting`)."""


def outcome_settings() -> tuple[Path_, ...]:
    """The settings that decide which outcomes a hand can have, most likely culprit first:
    the core's and every registered mechanic's, by rank (the core's first at equal rank).

    >>> outcome_settings()[:2], outcome_settings()[-1]
    ((('go_alone', 'maker'), ('go_alone', 'defender')), ('deck', 'jokers'))
    """
    found = [*CORE_OUTCOME_SETTINGS, *(s for m in REGISTRY for s in m.outcome_settings)]
    return tuple(s.path for s in sorted(found, key=lambda s: s.rank))


def _quote_when(resolved: Resolved, row: ScoreRow) -> str:
    text = str(resolved.data["scoring"]["table"][row.index]["when"])
    return text if len(text) <= 60 else text[:57] + "..."


def _dead_row_error(resolved: Resolved, row: ScoreRow) -> VariantError:
    here: Path_ = (*TABLE, row.index)
    message = (f"row {row.index + 1} of the scoring table (`{_quote_when(resolved, row)}`) can "
               "never apply: no hand of this variant has that outcome")
    own = resolved.written_here((*here, "when"))
    if own is not None:
        return VariantError(message, location=own, path=(*here, "when"),
                            hint="remove the row, or correct its `when:`")
    cause = next((p for p in outcome_settings() if resolved.written_here(p)), None)
    where = resolved.written_here(cause) if cause else None
    return VariantError(
        f"{message}; the row is inherited from {resolved.locate(here)}",
        location=where or Location(resolved.file, 1, 1), path=cause or here,
        hint="this file changes which hands can happen: write its own `scoring.table` without "
             "the row, or keep the setting that made it possible",
    )


def _gap_error(resolved: Resolved, gap: TableGap, space: OutcomeSpace) -> VariantError:
    """No row applies to an outcome. A table the file writes over an inherited one replaced
    it whole (lists replace): the error says so and suggests repeating the rows to keep. An
    inherited table is blamed on the file's own setting that made the outcome possible."""
    message = f"no row of the scoring table applies when {gap.outcome.describe(space)}"
    hint = "add a row for this outcome, or widen a `when:`"
    own = resolved.written_here(TABLE)
    if own is not None:
        inherited = resolved.replaced.get(TABLE)
        if inherited is not None:
            message += (f"; this file's `scoring.table` replaces the whole table inherited "
                        f"from {inherited} (a list replaces the inherited list)")
            hint = ("repeat in this table the inherited rows you want to keep, or add a row "
                    "for this outcome")
        return VariantError(message, location=resolved.locate(TABLE, key=True), path=TABLE,
                            hint=hint)
    edit = _own_edit(resolved)
    if edit is not None:
        return VariantError(
            f"{message}; this file's edits of the inherited `scoring.table` leave no row for it",
            location=edit, path=TABLE,
            hint="add a row for this outcome under `scoring.add:`, or widen a `when:` under "
                 "`scoring.rows:`")
    cause = next((p for p in outcome_settings() if resolved.written_here(p)), None)
    where = resolved.written_here(cause) if cause else None
    if where is None or cause is None:
        return VariantError(message, location=resolved.locate(TABLE, key=True), path=TABLE,
                            hint=hint)
    return VariantError(
        f"{message} (`scoring.table` is inherited from {resolved.locate(TABLE)})",
        location=where, path=cause,
        hint="this file makes the outcome possible: write its own `scoring.table` with a row "
             "for it (lists replace: repeat the inherited rows), or keep the inherited setting")


def _overlap_error(resolved: Resolved, lap: TableOverlap, space: OutcomeSpace
                   ) -> VariantError:
    """Two rows apply to one outcome: blamed on the second row's `when:`, unless only the
    first's is written in the file being checked (a row a child added before an inherited
    one, ``scoring.add``), which is then blamed instead."""
    message = (f"rows {lap.first + 1} and {lap.second + 1} of the scoring table both apply "
               f"when {lap.outcome.describe(space)}")
    hint = "make the `when:` conditions exclusive: one row per outcome"
    second: Path_ = (*TABLE, lap.second, "when")
    first: Path_ = (*TABLE, lap.first, "when")
    if resolved.written_here(second) is None and resolved.written_here(first) is not None:
        label = resolved.data["scoring"]["table"][lap.second].get("label")
        narrow = f" (`scoring.rows: {{{label}: {{when: ...}}}}`)" if label else ""
        return VariantError(
            f"{message} (row {lap.second + 1} is inherited from {resolved.locate(second)})",
            location=resolved.written_here(first), path=first,
            hint=f"{hint}: narrow this row's `when:`, or the inherited row's{narrow}")
    return VariantError(message, location=resolved.locate(second), path=second, hint=hint)


def _own_edit(resolved: Resolved) -> Location | None:
    """The line of the file being checked that removed a row of the inherited table, else
    its first edit of a row (``scoring.rows``); None when it edits none."""
    removed = resolved.removed.get(TABLE)
    if removed is not None and removed.file == resolved.file:
        return removed
    edits = [loc for p, loc in resolved.row_origins.items()
             if p[:2] == TABLE and loc.file == resolved.file]
    return min(edits, key=lambda loc: (loc.line, loc.column), default=None)


def table_errors(
    resolved: Resolved, rows: tuple[ScoreRow, ...], space: OutcomeSpace, *,
    allow_dead_rows: bool = False,
) -> tuple[ScoringTable | None, list[VariantError]]:
    """The table built from compiled ``rows``, or None and every error found (rows that can
    never apply are not errors with ``allow_dead_rows``)."""
    dead = [] if allow_dead_rows else dead_rows(rows, space)
    errors = [_dead_row_error(resolved, row) for row in dead]
    table = None
    try:
        table = ScoringTable.build(rows, space)
    except TableGap as gap:
        errors.append(_gap_error(resolved, gap, space))
    except TableOverlap as lap:
        errors.append(_overlap_error(resolved, lap, space))
    else:
        errors.extend(_points_errors(resolved, table))
    return (None if errors else table), errors


def _points_errors(resolved: Resolved, table: ScoringTable) -> list[VariantError]:
    """An error for each award (a row's ``makers:`` or ``defenders:``) that can give more
    than :data:`~engine.rules.scoring.MAX_POINTS` points either way, found among the values
    it takes for every outcome (the table holds them all)."""
    worst: dict[tuple[int, bool], int] = {}
    for (outcome, makers, *_), points in table.points.items():
        key = (table.row_of[outcome], makers)
        if abs(points) > MAX_POINTS and abs(points) > abs(worst.get(key, 0)):
            worst[key] = points
    errors = []
    for (index, makers), points in sorted(worst.items()):
        side = "makers" if makers else "defenders"
        path: Path_ = (*TABLE, index, side)
        errors.append(VariantError(
            f"row {index + 1} of the scoring table can give the {side} "
            f"{too_many_points(points)} points; an award may give at most {MAX_POINTS:,} "
            "either way", location=resolved.locate(path), path=path,
            hint=f"scores stay exact over a whole game only with awards of at most "
                 f"{MAX_POINTS:,} points a hand (see the schema's `{side}`)"))
    return errors


def penalty_errors(resolved: Resolved, at: Path_, **points: CompiledExpression
                   ) -> list[VariantError]:
    """An error for each penalty expression (``offender=``, ``opponents=``, whose one name is
    ``alone``) that can give more than :data:`~engine.rules.scoring.MAX_POINTS` either way."""
    errors = []
    for name, expression in points.items():
        worst = max((int(expression.evaluate({"alone": alone})) for alone in (False, True)),
                    key=abs)
        if abs(worst) > MAX_POINTS:
            path: Path_ = (*at, name)
            errors.append(VariantError(
                f"the penalty can give the {name} {too_many_points(worst)} points; a penalty "
                f"may give at most {MAX_POINTS:,} either way", location=resolved.locate(path),
                path=path, hint=f"scores stay exact over a whole game only with penalties of at "
                                f"most {MAX_POINTS:,} points (see the schema's `{name}`)"))
    return errors
