"""Checking merged variant data against the variant schema.

The schema is assembled from :mod:`engine.rules.schema_base` and the registered mechanics'
blocks (``schema/variant.schema.json`` is the same, written by ``tools/build_schema.py``).

jsonschema says *what* is wrong; this module adds *where* (the file, line and column the
value was written at), rewrites the message in an author's words, suggests a fix, and puts
the most relevant error first. It also fills in the schema's ``default`` values, so the
defaults live in one place: the schema.
"""

from __future__ import annotations

import copy
import difflib
import json
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from engine.core.errors import VariantError
from engine.rules.mechanic_rules import REGISTRY
from engine.rules.schema_base import assemble
from engine.rules.schema_verdicts import known_valid, schema_digest
from engine.rules.yamlsource import MAX_LIST_ITEMS

if TYPE_CHECKING:  # jsonschema is imported when data must be checked (not a shipped variant's)
    import jsonschema
    from jsonschema.exceptions import ValidationError

    from engine.rules.resolved import Resolved
    from engine.rules.yamlsource import Path_

__all__ = [
    "apply_defaults", "extends_errors", "jsonschema_accepts", "schema", "schema_errors",
    "schema_key", "schema_text",
]

_TYPE_WORDS = {
    "object": "a mapping", "array": "a list", "string": "a text", "integer": "a whole number",
    "number": "a number", "boolean": "true or false", "null": "nothing",
}


@cache
def _schema_for(version: int) -> dict[str, Any]:
    return assemble(REGISTRY)


def schema() -> dict[str, Any]:
    """The variant schema assembled from the registered mechanics (cached per registry
    version); callers must not modify it."""
    return _schema_for(REGISTRY.version)


def schema_key() -> str:
    """The digest of :func:`schema` and of how it is checked
    (:func:`engine.rules.schema_verdicts.schema_digest`), cached per registry version."""
    return _schema_key_for(REGISTRY.version)


@cache
def _schema_key_for(version: int) -> str:
    return schema_digest(schema())


def _known_valid(kind: str, instance: Any) -> bool:
    """Whether jsonschema accepted exactly this data against exactly this schema when the list
    of shipped verdicts was built (:mod:`engine.rules.schema_verdicts`)."""
    return known_valid(kind, instance, schema_key())


def _is_whole_number(checker: Any, instance: Any) -> bool:
    """JSON Schema counts 4.0 as an integer; a variant file means 4 and nothing else."""
    return isinstance(instance, int) and not isinstance(instance, bool)


def schema_text() -> str:
    """The assembled schema as ``schema/variant.schema.json`` holds it: two-space indents,
    lists of plain values and small blocks without descriptions on one line (to 100 columns).
    """
    return _format(schema(), 0, 0) + "\n"


def _format(node: Any, depth: int, column: int) -> str:
    flat = json.dumps(node, ensure_ascii=False, separators=(", ", ": "))
    if not isinstance(node, (dict, list)):
        return flat
    if isinstance(node, list) and not any(isinstance(v, (dict, list)) for v in node):
        return flat
    described = isinstance(node, dict) and ("description" in node or any(
        isinstance(v, dict) and "description" in v for v in node.values()))
    if not described and column + len(flat) <= 100:
        return flat
    pad = "  " * depth
    if isinstance(node, dict):
        items = []
        for key, value in node.items():
            head = f"{pad}  {json.dumps(key)}: "
            items.append(head + _format(value, depth + 1, len(head)))
    else:
        items = [f"{pad}  " + _format(v, depth + 1, len(pad) + 2) for v in node]
    opening, closing = ("[", "]") if isinstance(node, list) else ("{", "}")
    return opening + "\n" + ",\n".join(items) + "\n" + pad + closing


def _validator() -> jsonschema.Draft202012Validator:
    return _validator_for(REGISTRY.version)


@cache
def _validator_for(version: int) -> jsonschema.Draft202012Validator:
    import jsonschema  # noqa: PLC0415 - about 0.1 s, only for data not known valid

    base = jsonschema.Draft202012Validator
    strict = jsonschema.validators.extend(  # type: ignore[no-untyped-call] # untyped in stubs
        base, type_checker=base.TYPE_CHECKER.redefine("integer", _is_whole_number)
    )
    validator: jsonschema.Draft202012Validator = strict(schema())
    return validator


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    for py, word in ((str, "a text"), (float, "a number"), (list, "a list"), (dict, "a mapping")):
        if isinstance(value, py):
            return word
    return "nothing" if value is None else type(value).__name__


def _quote(value: Any) -> str:
    text = json.dumps(value, default=str) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _describe(error: ValidationError) -> tuple[str, str]:
    """An author-facing message and hint for one leaf error."""
    # jsonschema types these attributes loosely (they may be unset); here they are set.
    value: Any = error.instance
    node: Any = error.schema if isinstance(error.schema, dict) else {}
    expected: Any = error.validator_value
    desc = str(node.get("description", ""))
    hint = desc
    kind = error.validator
    if kind == "enum":
        options = list(expected)
        close = difflib.get_close_matches(str(value), [str(o) for o in options], n=1)
        hint = f"did you mean {close[0]!r}?" if close else desc
        words = ", ".join(str(o) for o in options)
        return f"{_quote(value)} is not allowed here; choose one of: {words}", hint
    if kind == "type":
        wanted_list = expected if isinstance(expected, list) else [expected]
        words = " or ".join(_TYPE_WORDS.get(w, str(w)) for w in wanted_list)
        if value is None:
            return f"a value is missing here (expected {words})", hint
        return f"expected {words}, found {_kind(value)} {_quote(value)}", hint
    if kind == "additionalProperties":
        allowed = sorted(node.get("properties", {}))
        extra = sorted(k for k in value if k not in allowed)
        close = difflib.get_close_matches(extra[0], allowed, n=1) if extra else []
        close = close or (_nested_matches(extra[0], node) if extra else [])
        hint = (f"did you mean `{close[0]}`?" if close
                else "keys allowed here: " + ", ".join(allowed))
        return f"unknown key `{extra[0] if extra else '?'}`", hint
    if kind == "required":
        missing = [k for k in expected if k not in value]
        # The hint says what the missing key is for.
        wanted = node.get("properties", {}).get(missing[0], {})
        return f"missing required key `{missing[0]}`", str(wanted.get("description", hint))
    if kind in ("minimum", "maximum"):
        side = "at least" if kind == "minimum" else "at most"
        return f"{_quote(value)} is out of range; it must be {side} {expected}", hint
    if kind in ("minItems", "maxItems"):
        side = "at least" if kind == "minItems" else "at most"
        return f"the list must have {side} {expected} items", hint
    if kind == "uniqueItems":
        return "the list has the same item twice", hint
    if kind in ("minLength", "maxLength"):
        side = "at least" if kind == "minLength" else "at most"
        return f"the text must have {side} {expected} characters", hint
    if kind == "pattern":
        return f"{_quote(value)} does not have the required form", hint
    if kind == "const":
        return f"expected {_quote(expected)}, found {_quote(value)}", hint
    return error.message, hint


def _nested_matches(key: str, node: dict[str, Any]) -> list[str]:
    """``game.target`` for ``tragets``: a key one level down that ``key`` may have meant."""
    inner: dict[str, str] = {}
    for outer, sub in node.get("properties", {}).items():
        for name in _resolve_ref(sub).get("properties", {}):
            inner.setdefault(name, f"{outer}.{name}")
    return [inner[name] for name in difflib.get_close_matches(key, list(inner), n=1)]


def _leaf(error: ValidationError) -> ValidationError:
    """For ``oneOf``/``anyOf`` failures, the most relevant branch error (jsonschema's way)."""
    from jsonschema.exceptions import relevance  # noqa: PLC0415 - imported with the validator

    while error.context:
        deeper = sorted(error.context, key=relevance)
        error = deeper[0] if error.validator in ("oneOf", "anyOf") else deeper[-1]
        if error.validator in ("type", "const") and len(error.path) == 0:
            break
    return error


def _to_variant_error(error: ValidationError, resolved: Resolved) -> VariantError:
    path = tuple(error.absolute_path)
    if error.validator in ("oneOf", "anyOf"):
        branch = _leaf(error)
        message, hint = _describe(branch)
        path = tuple(branch.absolute_path)
        top: Any = error.schema if isinstance(error.schema, dict) else {}
        top_desc = str(top.get("description", ""))
        hint = hint or top_desc
    else:
        message, hint = _describe(error)
    if error.validator == "additionalProperties":
        instance: Any = error.instance
        node: Any = error.schema
        extra = [k for k in instance if k not in node.get("properties", {})]
        if extra:
            path = (*path, extra[0])
            return VariantError(message, location=resolved.locate(path, key=True), path=path,
                                hint=_short(hint))
    return VariantError(message, location=resolved.locate(path), path=path, hint=_short(hint))


def _short(text: str, limit: int = 240) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _long_lists(resolved: Resolved) -> list[VariantError]:
    """A located error for every list longer than :data:`~engine.rules.yamlsource.MAX_LIST_ITEMS`,
    found by walking the data (iteratively). The YAML reader already refuses long lists in
    files; this catches them in data that comes from elsewhere: a record's embedded rules."""
    out: list[VariantError] = []
    stack: list[tuple[Any, Path_]] = [(resolved.data, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, list) and len(node) > MAX_LIST_ITEMS:
            out.append(VariantError(
                f"the list has {len(node):,} items; at most {MAX_LIST_ITEMS} are allowed",
                location=resolved.locate(path), path=path,
                hint="variant lists are short: phases, bids, packets, scoring rows",
            ))
            continue
        items = node.items() if isinstance(node, dict) else (
            enumerate(node) if isinstance(node, list) else ())
        stack.extend((child, (*path, part)) for part, child in items)
    return sorted(out, key=lambda e: _file_order(e, resolved.file))


def schema_errors(resolved: Resolved) -> list[VariantError]:
    """Every schema error of a merged variant, most relevant first. Over-long lists are
    reported alone, before jsonschema sees them."""
    long_lists = _long_lists(resolved)
    if long_lists:
        return long_lists
    if _known_valid("variant", resolved.data):
        return []
    from jsonschema.exceptions import relevance  # noqa: PLC0415 - imported with the validator

    errors = sorted(_validator().iter_errors(resolved.data), key=relevance, reverse=True)
    out: list[VariantError] = []
    missing: list[VariantError] = []
    seen: set[tuple[Any, ...]] = set()
    for error in errors:
        converted = _to_variant_error(error, resolved)
        key = (converted.path, converted.message)
        if key not in seen:
            seen.add(key)
            (missing if error.validator == "required" else out).append(converted)
    out.sort(key=lambda e: _file_order(e, resolved.file))
    missing.sort(key=lambda e: _file_order(e, resolved.file))
    # A missing key is often the misspelt key reported beside it (`tragets:`, `descripton:`):
    # the misspelling, which suggests the right name, comes first.
    if not out:
        return _best_first(missing, errors)
    return [*_best_first(out, [e for e in errors if e.validator != "required"]), *missing]


def jsonschema_accepts(kind: str, instance: Any) -> bool:
    """Whether jsonschema itself finds ``instance`` valid as ``kind`` (``variant``: merged
    data; ``extends``: ``{"extends": ...}``), never the list of known verdicts: what
    :mod:`engine.rules.known_shipped_build` builds that list with."""
    validator = _validator() if kind == "variant" else _extends_validator_for(REGISTRY.version)
    return next(iter(validator.iter_errors(instance)), None) is None


def extends_errors(resolved: Resolved) -> list[VariantError]:
    """The schema's errors in one file's ``extends`` (``resolved`` holds that file's data
    and locations). The check of the merged data cannot see them: merging drops ``extends``,
    which belongs to each file, not to the variant."""
    if "extends" not in resolved.data:
        return []
    instance = {"extends": resolved.data["extends"]}
    if _known_valid("extends", instance):
        return []
    from jsonschema.exceptions import relevance  # noqa: PLC0415 - imported with the validator

    errors = _extends_validator_for(REGISTRY.version).iter_errors(instance)
    return [_to_variant_error(error, resolved)
            for error in sorted(errors, key=relevance, reverse=True)[:1]]


@cache
def _extends_validator_for(version: int) -> jsonschema.Draft202012Validator:
    whole = schema()
    part = {"type": "object", "$defs": whole["$defs"],
            "properties": {"extends": whole["properties"]["extends"]}}
    validator: jsonschema.Draft202012Validator = type(_validator())(part)
    return validator


def _file_order(error: VariantError, leaf: str) -> tuple[bool, str, int, int]:
    """Errors in the file being checked first, then by position."""
    loc = error.location
    if loc is None:
        return (True, "", 0, 0)
    return (loc.file != leaf, loc.file, loc.line, loc.column)


def _best_first(
    converted: list[VariantError], raw: Iterable[ValidationError]
) -> list[VariantError]:
    """jsonschema's best match first, then the rest in file order."""
    from jsonschema.exceptions import best_match  # noqa: PLC0415 - imported with the validator

    raw = list(raw)
    if not raw:
        return converted
    best = best_match(raw)
    if best is None:
        return converted
    best_path = tuple(best.absolute_path)
    for i, err in enumerate(converted):
        if err.path[: len(best_path)] == best_path:
            return [err, *converted[:i], *converted[i + 1 :]]
    return converted


def _resolve_ref(node: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        target: dict[str, Any] = schema()["$defs"][ref.split("/")[-1]]
        merged = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        return merged
    return node


def apply_defaults(data: dict[str, Any], node: dict[str, Any] | None = None) -> None:
    """Fill in the schema's ``default`` values, recursively, in place (data already valid)."""
    node = _resolve_ref(node if node is not None else schema())
    for key, raw_sub in node.get("properties", {}).items():
        sub = _resolve_ref(raw_sub)
        if key not in data and "default" in sub:
            data[key] = copy.deepcopy(sub["default"])
        value = data.get(key)
        if isinstance(value, dict) and "properties" in sub:
            apply_defaults(value, sub)
        elif isinstance(value, list) and isinstance(sub.get("items"), dict):
            items = _resolve_ref(sub["items"])
            if "properties" in items:
                for item in value:
                    if isinstance(item, dict):
                        apply_defaults(item, items)
