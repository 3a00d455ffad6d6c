"""Data the schema already accepted: the shipped variants skip jsonschema (issue 23, start-up).

Importing jsonschema and building its validator take about a fifth of ``euchre validate
standard``; the shipped variants never change between releases. So ``tools/build_schema.py``
runs jsonschema over every shipped variant and writes, into
:mod:`engine.rules.known_shipped`, a digest of each (schema, data) pair it found valid: the
merged data of each shipped variant, the data a record of it embeds, and each shipped file's
``extends``. :func:`known_valid` answers from that list, without jsonschema.

Why a verdict read from it is always the verdict jsonschema would give:

- the digest covers the whole schema (as assembled from the registered mechanics) and the whole
  data, with each value's exact type, so any edit of a user's file, of a shipped file or of
  the schema gives a digest the list does not hold, and the data goes to jsonschema as before;
- only "valid" is ever recorded (an error needs jsonschema's words and locations anyway);
- data that JSON cannot say exactly (a tuple, a key that is not a text, a date from YAML,
  ``nan``) has no digest and always goes to jsonschema;
- a test rebuilds the list and compares it with the checked-in one
  (``tests/unit/test_known_shipped.py``), so a list that no longer matches the shipped files
  or the schema cannot be shipped: it would only make validation slower, never wrong.

What it trusts: that another release of jsonschema accepts what this one accepted against the
same schema (draft 2020-12 fixes what valid means; :data:`VALIDATOR` names our own changes).
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

from engine.rules.known_shipped import KNOWN_VALID

__all__ = ["VALIDATOR", "digest", "known_valid", "schema_digest"]

VALIDATOR = "draft2020-12+whole-integers"
"""Names how :mod:`engine.rules.schema_check` checks data (jsonschema's draft 2020-12, with
``integer`` meaning a whole number and never 4.0); it is part of every digest, so a change of
the checker with a change of this name forgets every recorded verdict."""

_SCALARS = (str, int, float, bool, type(None))


def _exact_json(value: Any) -> bool:
    """Whether ``value`` is JSON data whose JSON text says it exactly: only dicts with text
    keys, lists and the plain scalars (not their subclasses), no ``nan`` or infinity. A tuple
    or a key ``1`` would be written as a list or a key ``"1"``, which jsonschema reads
    differently, so such data gets no digest."""
    stack = [value]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is dict:
            if any(type(key) is not str for key in node):
                return False
            stack.extend(node.values())
        elif kind is list:
            stack.extend(node)
        elif kind not in _SCALARS or (kind is float and not math.isfinite(node)):
            return False
    return True


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)


def schema_digest(schema: dict[str, Any]) -> str:
    """The digest of a schema (and of :data:`VALIDATOR`, the way it is checked)."""
    return hashlib.sha256(f"{VALIDATOR}\n{_text(schema)}".encode()).hexdigest()


def digest(kind: str, instance: Any, schema_key: str) -> str | None:
    """The digest of checking ``instance`` as ``kind`` (``variant``: merged data against the
    whole schema; ``extends``: ``{"extends": ...}`` against its part) against the schema whose
    :func:`schema_digest` is ``schema_key``; None when ``instance`` is not exact JSON.

    >>> key = schema_digest({"type": "object"})
    >>> digest("variant", {"a": [1, 2.5, None]}, key) == digest("variant", {"a": [1, 2.5]}, key)
    False
    >>> digest("variant", {"a": 4}, key) == digest("variant", {"a": 4.0}, key)
    False
    >>> digest("variant", {"a": (1, 2)}, key), digest("variant", {1: "a"}, key)
    (None, None)
    """
    if not _exact_json(instance):
        return None
    return hashlib.sha256(f"{schema_key}\n{kind}\n{_text(instance)}".encode()).hexdigest()


def known_valid(kind: str, instance: Any, schema_key: str) -> bool:
    """Whether jsonschema found ``instance`` valid as ``kind`` against the schema whose digest
    is ``schema_key`` when the shipped list was built (see the module's docstring)."""
    key = digest(kind, instance, schema_key)
    return key is not None and key in KNOWN_VALID
