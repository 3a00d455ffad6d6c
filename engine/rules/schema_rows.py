"""The schema of a child's edits of an inherited scoring table (``scoring.rows`` and
``scoring.add``, :mod:`engine.rules.source_rows`). Merging applies and removes them, so the
merged variant the loader checks never holds them; the schema describes them for editors
and for the reader of schema/variant.schema.json."""

from __future__ import annotations

from typing import Any

__all__ = ["SCORING_EDITS"]

_ROW = "#/$defs/scoreRow/properties/"
_FIELDS = {
    "when": "The row's new condition.",
    "label": "The row's new label (no other row may have it).",
    "makers": "The new points to each member of the makers' side.",
    "defenders": "The new points to each member of each defending side.",
}
_LABEL = {"type": "string", "pattern": "^[a-z][a-z0-9_]{0,29}$"}

SCORING_EDITS: dict[str, Any] = {
    "rows": {
        "description": (
            "In a file that `extends` another: edits of the inherited table by label, applied "
            "in order (`march: {makers: 3}` changes that row's fields, `lone_march: !delete` "
            "removes it). Not beside `table`."
        ),
        "type": "object",
        "maxProperties": 40,
        "propertyNames": _LABEL,
        "additionalProperties": {
            "description": "The fields of the row that change, or `!delete` to remove the row.",
            # null: the `!delete` of a row, as an editor without the tag reads it
            "type": ["object", "null"],
            "minProperties": 1,
            "additionalProperties": False,
            "properties": {k: {"description": d, "$ref": _ROW + k} for k, d in _FIELDS.items()},
        },
    },
    "add": {
        "description": (
            "In a file that `extends` another: rows added to the inherited table after the "
            "edits of `rows`, each at the end or `before:`/`after:` the row of a label. Not "
            "beside `table`."
        ),
        "type": "array",
        "maxItems": 40,
        "items": {
            "description": "A new row: a scoring row with a new label, and where it goes.",
            "type": "object",
            "additionalProperties": False,
            "required": ["label", "when"],
            "properties": {
                **{k: {"description": d.replace("The new", "The").replace("The row's new",
                                                                          "The row's"),
                       "$ref": _ROW + k} for k, d in _FIELDS.items()},
                "before": {"description": "The label of the row this row goes before.",
                           **_LABEL},
                "after": {"description": "The label of the row this row goes after.",
                          **_LABEL},
            },
        },
    },
}
"""``scoring.rows`` and ``scoring.add``, beside ``scoring.table``."""
