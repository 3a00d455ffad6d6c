"""What a browser sends: a variant file's text and a game record, checked as the command line
checks files.

A variant's text is checked by the same loader as ``euchre validate`` (:mod:`engine.rules.
loader`), so the same limits hold (size, nesting, values, ``extends`` depth); it is written to
a private temporary directory for that, under a name the server chooses. Its ``extends`` may
name shipped variants only: a path there would make the server read its own files, so it is
refused at its line before anything is read. A record is parsed from the text with the limits
of :func:`engine.play.records.read_record` and replayed in full before it is used.

>>> checked = check_variant_text("extends: standard\\ndescription: to 11\\ngame: {target: 11}\\n")
>>> checked.variant.game.target, checked.errors
(11, [])
>>> bad = check_variant_text("extends: ../secret.yaml\\ndescription: x\\n")
>>> [(e.line, e.column) for e in bad.errors], bad.errors[0].message[:40]
([(1, 10)], 'in the browser, `extends` names a shippe')
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from engine.core.errors import EuchreError, RecordError, VariantError, VariantErrors
from engine.play.records import MAX_RECORD_BYTES, GameRecord, replay
from engine.play.state import State
from engine.rules.loader import diagnose_variant, shipped_names
from engine.rules.variant import Variant
from engine.rules.yamlsource import MAX_FILE_BYTES, read_yaml

_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What an ``extends`` entry of an uploaded file may be: a name, looked up among the shipped
variants only (the loader reads anything else as a path)."""

__all__ = ["Problem", "VariantCheck", "check_record_text", "check_variant_text",
           "variant_name"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """One error or warning, placed in the uploaded text (``line`` 0: not in this text;
    ``file`` then names the shipped parent it is in)."""

    severity: str
    line: int
    column: int
    message: str
    hint: str = ""
    file: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class VariantCheck:
    """The result of checking a variant's text: the variant when valid, and what was found."""

    variant: Variant | None
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)


def variant_name(filename: str) -> str:
    """A variant's name from an uploaded file's name: its stem, letters, digits, ``-`` and
    ``_`` only (``pasted`` when nothing is left); a shipped variant's name gets ``-yours``, so
    that a table never passes an uploaded file off as the shipped variant.

    >>> variant_name("../My House!.yaml"), variant_name(""), variant_name("standard.yaml")
    ('My-House', 'pasted', 'standard-yours')
    """
    stem = re.sub(r"\.ya?ml$", "", filename.rsplit("/", 1)[-1].rsplit("\\", 1)[-1])
    name = re.sub(r"[^A-Za-z0-9_-]+", "-", stem).strip("-")[:40] or "pasted"
    return f"{name}-yours" if name in shipped_names() else name


def check_variant_text(text: str, *, filename: str = "") -> VariantCheck:
    """Check a variant file's text as ``euchre validate`` checks a file (every error, best
    first, and the warnings); ``filename`` names the variant (a pasted file without one is
    named after the variant it extends: ``standard-house``)."""
    parent = re.search(r"^extends:[ \t]*([A-Za-z0-9_-]{1,40})[ \t]*$", text[:4096], re.M)
    name = variant_name(filename or (f"{parent[1]}-house" if parent else "house-rules"))
    raw = text.encode("utf-8", errors="surrogateescape")
    if len(raw) > MAX_FILE_BYTES:
        return VariantCheck(variant=None, errors=[Problem(
            severity="error", line=1, column=1,
            message=f"the file is larger than {MAX_FILE_BYTES // 1024} KiB; variant files are "
            "small")])
    with tempfile.TemporaryDirectory(prefix="euchrekit-upload-") as folder:
        path = Path(folder) / f"{name}.yaml"
        path.write_bytes(raw)
        display = os.path.relpath(path)  # how the loader names it in its locations
        try:
            refused = _path_parents(path, display)
        except VariantError as exc:
            return VariantCheck(variant=None, errors=_problems(exc, display))
        if refused:
            return VariantCheck(variant=None, errors=refused)
        checked = diagnose_variant(path)
        errors = [p for e in checked.errors for p in _problems(e, display)]
        warnings = [p for w in checked.warnings for p in _problems(w, display)]
    return VariantCheck(variant=checked.variant, errors=errors, warnings=warnings)


def _path_parents(path: Path, display: str) -> list[Problem]:
    """``extends`` entries that are not shipped names, each at its line (nothing is read)."""
    doc = read_yaml(path, display)
    raw = doc.data.get("extends")
    items = raw if isinstance(raw, list) else [] if raw is None else [raw]
    problems = []
    for i, item in enumerate(items):
        if isinstance(item, str) and not _NAME.fullmatch(item):
            where = doc.values.get(("extends", i) if isinstance(raw, list) else ("extends",))
            problems.append(Problem(
                severity="error", line=where.line if where else 1,
                column=where.column if where else 1,
                message=f"in the browser, `extends` names a shipped variant, not {item!r}",
                hint="the shipped names are listed on the first page; a file path is read "
                "only by `euchre validate` on your own machine"))
    return problems


def _problems(error: VariantError, display: str) -> list[Problem]:
    errors = error.errors if isinstance(error, VariantErrors) else (error,)
    out = []
    for e in errors:
        loc = e.location
        here = loc is not None and loc.file == display
        message = e.message + (f" (at {e.dotted_path})" if e.path else "")
        if e.excerpt:
            message += "\n" + e.excerpt
        out.append(Problem(severity=e.severity, line=loc.line if loc and here else 0,
                           column=loc.column if loc and here else 0, message=message,
                           hint=e.hint, file="" if here or loc is None else loc.file))
    return out


def check_record_text(text: str) -> tuple[GameRecord, State]:
    """Parse and replay a record's text: the record and its final state. Raises
    :class:`RecordError` with what is wrong (the same checks as ``euchre replay``)."""
    if len(text.encode("utf-8", errors="surrogateescape")) > MAX_RECORD_BYTES:
        raise RecordError(f"the record is larger than {MAX_RECORD_BYTES // 2**20} MiB")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"line {exc.lineno}, column {exc.colno}: not valid JSON: {exc.msg} "
                          "(truncated or edited?)") from None
    except ValueError:
        raise RecordError("the record holds a number of thousands of digits") from None
    except RecursionError:
        raise RecordError("the JSON is nested too deeply; not a record") from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    try:
        record = GameRecord.from_json(data)
        return record, replay(record)
    except RecordError:
        raise
    except EuchreError as exc:  # pragma: no cover - replay reports RecordError
        raise RecordError(str(exc)) from None
