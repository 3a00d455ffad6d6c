"""The schema of a child's edits of an inherited list by name: the scoring table
(``scoring.rows`` and ``scoring.add``, :mod:`engine.rules.source_rows`) and a mechanic's list
(:func:`keyed_edits`). Merging applies and removes them, so the
merged variant the loader checks never holds them; the schema describes them for editors
and for the reader of schema/variant.schema.json."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.rules.source_rows import KeyedList

__all__ = ["SCORING_EDITS", "keyed_edits", "with_keyed_edits"]

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


def keyed_edits(spec: KeyedList, items: Mapping[str, Any]) -> dict[str, Any]:
    """The schema of a child's edits of a mechanic's list (``auction.change_special_bids``
    and ``auction.add_special_bids``), from the list's own schema ``items`` (an array of
    records) and how :class:`~engine.rules.source_rows.KeyedList` names its edits."""
    record = items["items"]
    fields = record["properties"]
    name = fields[spec.key]
    return {
        spec.edits: {
            "description": (
                f"In a file that `extends` another: edits of the inherited `{spec.items}` by "
                f"{spec.key}, applied in order (`{spec.example}: {spec.change}` changes that "
                f"{spec.noun}'s fields, `{spec.example}: !delete` removes it). Not beside "
                f"`{spec.items}`."),
            "type": "object",
            "maxProperties": items.get("maxItems", 40),
            "propertyNames": {k: v for k, v in name.items() if k != "description"},
            "additionalProperties": {
                "description": f"The fields of the {spec.noun} that change, or `!delete` to "
                               f"remove it.",
                # null: the `!delete` of an item, as an editor without the tag reads it
                "type": ["object", "null"],
                "minProperties": 1,
                "additionalProperties": False,
                "properties": fields,
            },
        },
        spec.add: {
            "description": (
                f"In a file that `extends` another: {spec.noun}s added to the inherited "
                f"`{spec.items}` after the edits of `{spec.edits}`, each at the end or "
                f"`before:`/`after:` the {spec.noun} of a {spec.key}. Not beside "
                f"`{spec.items}`."),
            "type": "array",
            "maxItems": items.get("maxItems", 40),
            "items": {
                **record,
                "properties": {
                    **fields,
                    "before": {"description": f"The {spec.key} of the {spec.noun} this one "
                                              "goes before.", "type": "string"},
                    "after": {"description": f"The {spec.key} of the {spec.noun} this one "
                                             "goes after.", "type": "string"},
                },
            },
        },
    }
"""The edit keys of a mechanic's list, beside the list in the mechanic's block."""


def with_keyed_edits(block: Mapping[str, Any], lists: tuple[KeyedList, ...]
                     ) -> Mapping[str, Any]:
    """A mechanic's block schema with the edit keys of each of its ``lists`` beside the list
    (``block`` itself when it has none)."""
    if not lists:
        return block
    inside = block["properties"]
    added = {k: v for spec in lists for k, v in keyed_edits(spec, inside[spec.items]).items()}
    return {**block, "properties": {**inside, **added}}
