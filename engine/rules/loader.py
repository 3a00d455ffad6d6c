"""Loading a variant: find the file, follow ``extends``, check the schema, compile.

``load_variant("standard")`` loads a shipped variant by name; ``load_variant("house.yaml")``
a file. Every error is a :class:`~engine.core.errors.VariantError` located where the offending
value was written, in a parent file when it was inherited. :func:`check_variant` returns all
errors (best first) instead of raising the first.
"""

from __future__ import annotations

import contextlib
import copy
import difflib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.errors import Location, VariantError, VariantErrors, VariantWarning
from engine.rules.compiled import compiled
from engine.rules.mechanic_rules import REGISTRY
from engine.rules.resolved import ALTERNATIVES, Resolved, forget, merge
from engine.rules.resources import variants_dir
from engine.rules.schema_check import apply_defaults, extends_errors, schema, schema_errors
from engine.rules.variant import Variant
from engine.rules.variant_warnings import variant_warnings
from engine.rules.yamlsource import Path_, SourceDoc, read_yaml

__all__ = [
    "MAX_EXTENDS_DEPTH", "MAX_EXTENDS_FILES", "VARIANT_SUFFIXES", "Checked", "Resolved",
    "check_variant", "diagnose_variant", "load_variant", "parents_variant", "resolve",
    "resolved_variant", "shipped_names", "variant_from_data",
]

MAX_EXTENDS_DEPTH = 16
"""Longest chain of ``extends`` (a file, its parent, its grandparent, ...)."""
MAX_EXTENDS_FILES = 64
"""Most files one variant may read through ``extends``, a file counting each time it is named
(a few files naming each other eight times over would otherwise take exponential time)."""


def shipped_names() -> list[str]:
    """Names of the shipped variants, sorted."""
    return sorted(p.stem for p in variants_dir().glob("*.yaml"))


def _display(path: Path) -> str:
    """Shipped files show as ``variants/x.yaml``; others relative to the working directory."""
    try:
        return f"variants/{path.resolve().relative_to(variants_dir().resolve())}"
    except (ValueError, OSError, RuntimeError):  # not shipped; or a NUL byte, a symlink loop
        pass
    try:
        return os.path.relpath(path)
    except ValueError:  # pragma: no cover - other drive on Windows
        return str(path)


def _looks_like_path(ref: str) -> bool:
    return "/" in ref or os.sep in ref or ref.endswith((".yaml", ".yml")) or ref.startswith(".")


def _safely(check: Callable[[], bool]) -> bool:
    """``check()`` (``path.is_file``, ``path.exists``), but False for a name the system
    refuses (too long, a NUL byte): the reader then says what is wrong with it."""
    try:
        return check()
    except (OSError, ValueError):
        return False


VARIANT_SUFFIXES = (".yaml", ".yml")
"""``extends:`` reads only files whose name, and whose real name after following symbolic
links, ends in one of these: a variant file cannot make the loader read any other file."""


def _parent_file(ref: str, path: Path, where: Location) -> Path:
    """``path``, named by ``ref`` in an ``extends:`` at ``where``, if it is a variant file: a
    regular file whose name (and real name) ends in .yaml or .yml; else a located error."""
    hint = "`extends:` reads variant files only: .yaml or .yml files"
    if not ref.endswith(VARIANT_SUFFIXES):
        raise VariantError(f"a parent must be a .yaml or .yml file, not {ref!r}",
                           location=where, hint=hint)
    if not _safely(path.exists):
        raise VariantError(
            f"cannot find the parent file {ref!r} (looked for {path})", location=where,
            hint="paths in `extends:` are relative to the file that names them",
        )
    if not _safely(path.is_file):
        raise VariantError(f"the parent {ref!r} is not a regular file", location=where,
                           hint=hint + ", not folders, pipes or devices")
    real = os.path.realpath(path)
    if not real.endswith(VARIANT_SUFFIXES):
        raise VariantError(f"a parent must be a .yaml or .yml file, but {ref!r} links to "
                           f"{real!r}", location=where, hint=hint)
    return path


def _find(ref: str, *, base: Path | None, where: Location | None) -> Path:
    if _looks_like_path(ref) and where is not None:
        path = Path(ref)
        with contextlib.suppress(RuntimeError):  # `~user` of no such user: used as written
            path = path.expanduser()
        if base is not None and not path.is_absolute():
            path = base / path
        return _parent_file(ref, path, where)
    shipped = variants_dir() / f"{ref}.yaml"
    if _safely(shipped.is_file):
        return shipped
    close = difflib.get_close_matches(ref, shipped_names(), n=1)
    hint = f"did you mean `{close[0]}`?" if close else "see `euchre list` for the shipped names"
    raise VariantError(
        f"no variant named {ref!r}", location=where or Location(ref, 1, 1),
        hint=hint + " (a file path needs a / or a .yaml ending)",
    )


def _parents(doc: SourceDoc) -> list[tuple[str, Location]]:
    raw = doc.data.get("extends")
    if raw is None:
        return []
    items = raw if isinstance(raw, list) else [raw]
    out = []
    for i, item in enumerate(items):
        path: Path_ = ("extends", i) if isinstance(raw, list) else ("extends",)
        where = doc.values.get(path, Location(doc.file, 1, 1))
        if not isinstance(item, str) or not item:
            raise VariantError(
                "`extends` takes a variant name or a relative path, or a list of them",
                location=where, path=path, hint="e.g. `extends: standard`",
            )
        out.append((item, where))
    # The merged variant's schema check never sees `extends` (each file's own key, dropped
    # by merging), so its limits (at most 8 parents, short names) are checked here.
    errors = extends_errors(Resolved(name=doc.file, file=doc.file, data=doc.data,
                                     values=doc.values, keys=doc.keys))
    if errors:
        raise VariantErrors(errors)
    return out


def _linearize(
    path: Path, stack: tuple[tuple[str, Location | None], ...], where: Location | None,
    order: dict[str, SourceDoc], later: list[VariantError],
) -> None:
    """Read ``path`` and its parents depth first, appending each file once to ``order``
    (parents before children, earlier parents first), so that a grandparent shared by two
    parents is merged once, before both. ``stack`` holds the files being read (their real
    paths) and the `extends` entry that led to each; ``where`` the entry that led here.

    A missing ``description:`` goes to ``later`` (reported after the mistakes that matter
    more); errors of several parents are all raised together, as :class:`VariantErrors`."""
    try:
        real = os.path.realpath(path)
    except ValueError:  # a NUL byte: read_yaml says so
        real = os.path.abspath(path)
    reals = [r for r, _ in stack]
    if real in reals:
        start = reals.index(real)
        cycle = " -> ".join(_display(Path(p)) for p in (*reals[start:], real))
        # Reported at the `extends` of the first file of the circle: the file being checked
        # when it is part of the circle itself.
        entries = [w for _, w in stack[start + 1:]] + [where]
        raise VariantError(
            f"`extends` goes round in a circle: {cycle}", location=entries[0],
            hint="a variant cannot build on itself; remove one of these `extends`",
        )
    if real in order:
        return
    _check_extends_limits(stack, where, order)
    display = _display(path)
    doc = read_yaml(path, display)
    parents = _parents(doc)
    if parents and "description" not in doc.data:
        later.append(VariantError(
            "every variant file needs its own `description:`",
            location=Location(display, 1, 1), path=("description",),
            hint="add one line saying what this variant changes",
        ))
    failures: list[VariantError] = []
    for ref, loc in parents:
        try:
            _linearize(_find(ref, base=path.parent, where=loc), (*stack, (real, where)), loc,
                       order, later)
        except _TooManyFiles:
            raise  # the other parents would only repeat it
        except VariantError as exc:
            failures.extend(_each(exc))
    if failures:
        raise VariantErrors(failures)
    order[real] = doc


class _TooManyFiles(VariantError):
    """``extends`` goes deeper, or reads more files, than the limits allow."""


def _check_extends_limits(
    stack: tuple[tuple[str, Location | None], ...], where: Location | None,
    order: dict[str, SourceDoc],
) -> None:
    if len(stack) >= MAX_EXTENDS_DEPTH:
        raise _TooManyFiles(
            f"`extends` chain is deeper than {MAX_EXTENDS_DEPTH} files", location=where,
            hint="build on a shipped variant directly instead of a long chain",
        )
    if len(order) >= MAX_EXTENDS_FILES:
        raise _TooManyFiles(
            f"`extends` reads more than {MAX_EXTENDS_FILES} files in all",
            location=stack[1][1] if len(stack) > 1 else where,  # in the file being checked
            hint="name each parent once; a variant needs only a few parents",
        )


def _each(error: VariantError) -> tuple[VariantError, ...]:
    """The errors a raised error stands for: all of a :class:`VariantErrors`, or itself."""
    return error.errors if isinstance(error, VariantErrors) else (error,)


def _resolve_file(path: Path, later: list[VariantError], *, parents: bool = False
                  ) -> Resolved:
    """Merge a file and all its ancestors, each once, parents first; a missing description
    goes to ``later``, or is raised after the errors that stop the merge. ``parents``: merge
    the ancestors only (empty data when the file has none)."""
    order: dict[str, SourceDoc] = {}
    try:
        _linearize(path, (), None, order, later)
    except VariantError as exc:
        raise VariantErrors([*_each(exc), *later]) from None
    docs = list(order.values())[:-1] if parents else list(order.values())
    if not docs:
        return Resolved(name=path.stem, file=str(path), data={})
    leaf = docs[-1]
    resolved = Resolved(name=path.stem, file=leaf.file, data={},
                        chain=tuple(doc.file for doc in reversed(docs)))
    for doc in docs:
        merge(resolved, doc, {k: v for k, v in doc.data.items() if k != "extends"}, ())
    return resolved


def resolve(name_or_path: str | os.PathLike[str]) -> Resolved:
    """Find a variant, follow its ``extends`` and merge; no schema check yet."""
    return _resolve(name_or_path, [])


def parents_variant(name_or_path: str | os.PathLike[str]) -> Variant | None:
    """The variant a file's parents make, merged as for the file but without it (what
    ``euchre rules --diff`` compares with); None for a file without ``extends``. Raises like
    :func:`load_variant` when the parents together are not a valid variant."""
    resolved = _resolve(name_or_path, [], parents=True)
    if not resolved.data:
        return None
    checked = _finish(resolved)
    if checked.errors:
        raise VariantErrors(checked.errors)
    return checked.variant


def _resolve(name_or_path: str | os.PathLike[str], later: list[VariantError], *,
             parents: bool = False) -> Resolved:
    ref = os.fspath(name_or_path)
    shipped = variants_dir() / f"{ref}.yaml"
    if _looks_like_path(ref) or (not _safely(shipped.is_file) and _safely(Path(ref).exists)):
        path = Path(ref)
    else:
        path = _find(ref, base=None, where=None)
    return _resolve_file(path, later, parents=parents)


@dataclass(frozen=True, slots=True, kw_only=True)
class Checked:
    """What checking a variant found: its merged data (None when it could not be merged),
    the compiled variant (None when invalid), every error best first, and the warnings."""

    resolved: Resolved | None
    variant: Variant | None
    errors: list[VariantError]
    warnings: list[VariantWarning] = field(default_factory=list)


def _collect(name_or_path: str | os.PathLike[str]) -> Checked:
    later: list[VariantError] = []
    try:
        resolved = _resolve(name_or_path, later)
    except VariantError as exc:
        return Checked(resolved=None, variant=None, errors=list(_each(exc)))
    return _finish(resolved, later)


def _finish(
    resolved: Resolved, later: Sequence[VariantError] = (), *, from_record: bool = False,
) -> Checked:
    """Schema, defaults and compiling, for data already merged; ``later`` errors (a missing
    description) are listed after every other error found. A record's rules may hold scoring
    rows that can never apply (they were accepted when it was made)."""
    errors = schema_errors(resolved)
    if errors:
        return Checked(resolved=resolved, variant=None, errors=[*errors, *later])
    errors = _unused_phase_config(resolved)
    _apply_defaults(resolved.data)
    for key in REGISTRY.phase_keys():
        if key not in resolved.data["flow"] and key in resolved.data:
            forget(resolved, (key,), resolved.data.pop(key))
    variant, compile_errors = compiled(resolved, allow_dead_rows=from_record)
    errors += [*compile_errors, *later]
    if errors:
        return Checked(resolved=resolved, variant=None, errors=errors)
    return Checked(resolved=resolved, variant=variant, errors=[],
                   warnings=variant_warnings(resolved))


def _apply_defaults(data: dict[str, Any]) -> None:
    """The schema's defaults, but none for a key whose alternative is given (no default
    ``deck.size: 24`` beside ``deck.ranks``, which says the size itself)."""
    given = {path for path in ALTERNATIVES if _get(data, path) is not None}
    apply_defaults(data)
    for path in given:
        other = ALTERNATIVES[path]
        if other not in given:
            parent = _get(data, other[:-1])
            if isinstance(parent, dict):
                parent.pop(other[-1], None)


def _get(data: Any, path: Path_) -> Any:
    for part in path:
        if not isinstance(data, dict) or part not in data:
            return None
        data = data[part]
    return data


def _unused_phase_config(resolved: Resolved) -> list[VariantError]:
    """Configuring, in the file itself, a phase that its flow does not use is a mistake."""
    flow = resolved.data.get("flow", schema()["properties"]["flow"]["default"])
    errors = []
    for key in REGISTRY.phase_keys():
        where = resolved.keys.get((key,))
        if where is not None and where.file == resolved.file and key not in flow:
            errors.append(VariantError(
                f"`{key}` is configured but the flow does not use it", location=where,
                path=(key,), hint=f"add `{key}` to `flow:`, or remove this block",
            ))
    return errors


def check_variant(name_or_path: str | os.PathLike[str]) -> list[VariantError]:
    """Every error found in a variant, best first; empty when it is valid."""
    return _collect(name_or_path).errors


def diagnose_variant(name_or_path: str | os.PathLike[str]) -> Checked:
    """Every error found in a variant, best first, and (for a valid variant) the warnings
    about settings its own file writes that cannot affect play (``euchre validate``)."""
    return _collect(name_or_path)


def resolved_variant(name_or_path: str | os.PathLike[str]) -> Resolved:
    """The merged data of a valid variant, defaults filled in, with each value's source
    (what ``euchre show`` prints). Raises like :func:`load_variant`."""
    checked = _collect(name_or_path)
    if checked.errors:
        raise VariantErrors(checked.errors)
    assert checked.resolved is not None
    return checked.resolved


def load_variant(name_or_path: str | os.PathLike[str]) -> Variant:
    """Load, check and compile a variant by shipped name or path.

    Raises :class:`~engine.core.errors.VariantErrors` (a :class:`VariantError` whose ``errors``
    lists every problem, best first) when the variant is not valid.
    """
    checked = _collect(name_or_path)
    if checked.errors:
        raise VariantErrors(checked.errors)
    assert checked.variant is not None
    return checked.variant


def variant_from_data(data: dict[str, Any], *, name: str, file: str) -> Variant:
    """Check and compile variant data that did not come from a file (a record's embedded
    rules); errors are located at ``file`` line 1. Scoring rows that can never apply are
    accepted here: the rules were valid when the record was made."""
    resolved = Resolved(name=name, file=file, data=copy.deepcopy(data), chain=(file,))
    checked = _finish(resolved, from_record=True)
    if checked.errors:
        raise VariantErrors(checked.errors)
    assert checked.variant is not None
    return checked.variant
