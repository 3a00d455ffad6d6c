"""Loading a variant: find the file, follow ``extends``, check the schema, compile.

``load_variant("standard")`` loads a shipped variant by name; ``load_variant("house.yaml")``
a file. Every error is a :class:`~engine.errors.VariantError` located where the offending
value was written, in a parent file when it was inherited. :func:`check_variant` returns all
errors (best first) instead of raising the first.
"""

from __future__ import annotations

import contextlib
import copy
import difflib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import Location, VariantError, VariantErrors
from engine.resources import variants_dir
from engine.schema_check import apply_defaults, schema, schema_errors
from engine.variant import Variant
from engine.yamlsource import DELETE, Path_, SourceDoc, read_yaml

__all__ = [
    "MAX_EXTENDS_DEPTH",
    "MAX_EXTENDS_FILES",
    "Resolved",
    "check_variant",
    "load_variant",
    "resolve",
    "resolved_variant",
    "shipped_names",
    "variant_from_data",
]

MAX_EXTENDS_DEPTH = 16
"""Longest chain of ``extends`` (a file, its parent, its grandparent, ...)."""
MAX_EXTENDS_FILES = 64
"""Most files one variant may read through ``extends``, a file counting each time it is named
(a few files naming each other eight times over would otherwise take exponential time)."""


@dataclass(slots=True)
class Resolved:
    """A variant's merged data before compiling, with where each value came from."""

    name: str
    file: str
    data: dict[str, Any]
    values: dict[Path_, Location] = field(default_factory=dict)
    keys: dict[Path_, Location] = field(default_factory=dict)
    inline: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    chain: tuple[str, ...] = ()

    def locate(self, path: Path_, *, key: bool = False) -> Location:
        """Where the value at ``path`` (or its key) was written; the nearest written ancestor
        for defaults and missing values."""
        if key and path in self.keys:
            return self.keys[path]
        probe = tuple(path)
        while probe:
            if probe in self.values:
                return self.values[probe]
            probe = probe[:-1]
        return Location(self.file, 1, 1)


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


def _find(ref: str, *, base: Path | None, where: Location | None) -> Path:
    if _looks_like_path(ref):
        path = Path(ref)
        with contextlib.suppress(RuntimeError):  # `~user` of no such user: used as written
            path = path.expanduser()
        if base is not None and not path.is_absolute():
            path = base / path
        if not _safely(path.is_file) and where is not None:
            raise VariantError(
                f"cannot find the parent file {ref!r} (looked for {path})", location=where,
                hint="paths in `extends:` are relative to the file that names them",
            )
        return path
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
    return out


def _merge(base: Resolved, doc: SourceDoc, data: dict[str, Any], path: Path_) -> None:
    """Overlay ``data`` (from ``doc``, at ``path``) onto ``base`` in place."""
    target: Any = base.data
    for part in path:
        target = target[part]
    for key, value in data.items():
        here = (*path, key)
        if value is DELETE:
            if key not in target:
                raise VariantError(
                    f"`!delete` removes an inherited key, but `{key}` is not inherited",
                    location=doc.keys.get(here), path=here, hint="remove this line",
                )
            _forget(base, here, target.pop(key))
            continue
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            for table in ("values", "keys"):
                if here in getattr(doc, table):
                    getattr(base, table)[here] = getattr(doc, table)[here]
            _merge(base, doc, value, here)
            continue
        if key in target:
            _forget(base, here, target[key])
        target[key] = _strip_deletes(doc, value, here)
        inside = _paths_in(value, here)
        for table in ("values", "keys", "inline"):
            src, dst = getattr(doc, table), getattr(base, table)
            dst.update({p: src[p] for p in inside if p in src})


def _strip_deletes(doc: SourceDoc, value: Any, path: Path_) -> Any:
    if value is DELETE:
        raise VariantError(
            "`!delete` can only remove a key inherited through `extends`",
            location=doc.values.get(path), path=path,
        )
    if isinstance(value, dict):
        return {k: _strip_deletes(doc, v, (*path, k)) for k, v in value.items()}
    if isinstance(value, list):
        return [_strip_deletes(doc, v, (*path, i)) for i, v in enumerate(value)]
    return value


def _paths_in(value: Any, path: Path_) -> list[Path_]:
    """``path`` and the path of every value inside ``value``, found by walking the value
    (iteratively) rather than by scanning every recorded path: a file of thousands of keys
    would otherwise take quadratic time."""
    out = [path]
    stack = [(value, path)]
    while stack:
        node, at = stack.pop()
        items = node.items() if isinstance(node, dict) else (
            enumerate(node) if isinstance(node, list) else ())
        for part, child in items:
            out.append((*at, part))
            stack.append((child, (*at, part)))
    return out


def _forget(base: Resolved, path: Path_, value: Any) -> None:
    """Drop the recorded sources of ``value``, which was at ``path`` (the tables hold paths
    of values in the data only)."""
    for p in _paths_in(value, path):
        for table in (base.values, base.keys, base.inline):
            table.pop(p, None)


def _linearize(
    path: Path, stack: tuple[tuple[str, Location | None], ...], where: Location | None,
    order: dict[str, SourceDoc],
) -> None:
    """Read ``path`` and its parents depth first, appending each file once to ``order``
    (parents before children, earlier parents first), so that a grandparent shared by two
    parents is merged once, before both. ``stack`` holds the files being read (their real
    paths) and the `extends` entry that led to each; ``where`` the entry that led here."""
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
    if len(stack) >= MAX_EXTENDS_DEPTH:
        raise VariantError(
            f"`extends` chain is deeper than {MAX_EXTENDS_DEPTH} files", location=where,
            hint="build on a shipped variant directly instead of a long chain",
        )
    if len(order) >= MAX_EXTENDS_FILES:
        raise VariantError(
            f"`extends` reads more than {MAX_EXTENDS_FILES} files in all",
            location=stack[1][1] if len(stack) > 1 else where,  # in the file being checked
            hint="name each parent once; a variant needs only a few parents",
        )
    display = _display(path)
    doc = read_yaml(path, display)
    parents = _parents(doc)
    if parents and "description" not in doc.data:
        raise VariantError(
            "every variant file needs its own `description:`",
            location=Location(display, 1, 1), path=("description",),
            hint="add one line saying what this variant changes",
        )
    for ref, loc in parents:
        _linearize(_find(ref, base=path.parent, where=loc), (*stack, (real, where)), loc, order)
    order[real] = doc


def _resolve_file(path: Path) -> Resolved:
    """Merge a file and all its ancestors, each once, parents first."""
    order: dict[str, SourceDoc] = {}
    _linearize(path, (), None, order)
    docs = list(order.values())
    leaf = docs[-1]
    resolved = Resolved(name=path.stem, file=leaf.file, data={},
                        chain=tuple(doc.file for doc in reversed(docs)))
    for doc in docs:
        _merge(resolved, doc, {k: v for k, v in doc.data.items() if k != "extends"}, ())
    return resolved


def resolve(name_or_path: str | os.PathLike[str]) -> Resolved:
    """Find a variant, follow its ``extends`` and merge; no schema check yet."""
    ref = os.fspath(name_or_path)
    shipped = variants_dir() / f"{ref}.yaml"
    if _looks_like_path(ref) or (not _safely(shipped.is_file) and _safely(Path(ref).exists)):
        path = Path(ref)
    else:
        path = _find(ref, base=None, where=None)
    return _resolve_file(path)


def _collect(
    name_or_path: str | os.PathLike[str],
) -> tuple[Resolved | None, Variant | None, list[VariantError]]:
    try:
        resolved = resolve(name_or_path)
    except VariantError as exc:
        return None, None, [exc]
    return _finish(resolved)


def _finish(resolved: Resolved) -> tuple[Resolved, Variant | None, list[VariantError]]:
    """Schema, defaults and compiling, for data already merged."""
    errors = schema_errors(resolved)
    if errors:
        return resolved, None, errors
    unused = _unused_phase_config(resolved)
    if unused:
        return resolved, None, unused
    apply_defaults(resolved.data)
    for key in PHASE_KEYS:
        if key not in resolved.data["flow"] and key in resolved.data:
            _forget(resolved, (key,), resolved.data.pop(key))
    from engine.compiler import compile_variant  # noqa: PLC0415 - compiler imports this module

    variant, errors = compile_variant(resolved)
    return resolved, variant, errors


PHASE_KEYS = ("upcard_bidding", "dealer_pickup", "auction", "name_trump", "go_alone",
              "dummy_merge")
"""Top-level keys that configure a phase; a phase's key is dropped when the flow leaves it out."""


def _unused_phase_config(resolved: Resolved) -> list[VariantError]:
    """Configuring, in the file itself, a phase that its flow does not use is a mistake."""
    flow = resolved.data.get("flow", schema()["properties"]["flow"]["default"])
    errors = []
    for key in PHASE_KEYS:
        where = resolved.keys.get((key,))
        if where is not None and where.file == resolved.file and key not in flow:
            errors.append(VariantError(
                f"`{key}` is configured but the flow does not use it", location=where,
                path=(key,), hint=f"add `{key}` to `flow:`, or remove this block",
            ))
    return errors


def check_variant(name_or_path: str | os.PathLike[str]) -> list[VariantError]:
    """Every error found in a variant, best first; empty when it is valid."""
    return _collect(name_or_path)[2]


def resolved_variant(name_or_path: str | os.PathLike[str]) -> Resolved:
    """The merged data of a valid variant, defaults filled in, with each value's source
    (what ``euchre show`` prints). Raises like :func:`load_variant`."""
    resolved, _, errors = _collect(name_or_path)
    if errors:
        raise VariantErrors(errors)
    assert resolved is not None
    return resolved


def load_variant(name_or_path: str | os.PathLike[str]) -> Variant:
    """Load, check and compile a variant by shipped name or path.

    Raises :class:`~engine.errors.VariantErrors` (a :class:`VariantError` whose ``errors``
    lists every problem, best first) when the variant is not valid.
    """
    _, variant, errors = _collect(name_or_path)
    if errors:
        raise VariantErrors(errors)
    assert variant is not None
    return variant


def variant_from_data(data: dict[str, Any], *, name: str, file: str) -> Variant:
    """Check and compile variant data that did not come from a file (a record's embedded
    rules); errors are located at ``file`` line 1."""
    resolved = Resolved(name=name, file=file, data=copy.deepcopy(data), chain=(file,))
    _, variant, errors = _finish(resolved)
    if errors:
        raise VariantErrors(errors)
    assert variant is not None
    return variant
