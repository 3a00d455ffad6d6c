"""The base of the variant schema: everything but the mechanics' blocks.

:func:`assemble` puts the schema together from this base and the registered mechanics: their
blocks go between ``flow`` and ``scoring`` in registration order, and the ``flow`` enum lists
their keys. ``tools/build_schema.py`` writes the result to ``schema/variant.schema.json``; the
loader validates against the assembled schema, so a mechanic registered later validates too.
"""

from __future__ import annotations

from typing import Any

from engine.rules.mechanic_rules import Registry
from engine.rules.schema_deck import DEALER, DECK, DECK_DEFS
from engine.rules.schema_game import GAME
from engine.rules.schema_penalties import penalties
from engine.rules.schema_rows import SCORING_EDITS, with_keyed_edits
from engine.rules.scoring import MAX_POINTS

__all__ = ["assemble"]

TOP: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://euchrekit.invalid/schema/variant.schema.json",
    "title": "euchrekit variant",
    "description": (
        "One Euchre variant: players and sides, deck, deal, how trump is chosen, hand changes, "
        "lone play, trick play, scoring table and game end. A file may `extends:` shipped or "
        "local variants and override any key. Defaults are listed in each description and applied "
        "by the loader."
    ),
    "type": "object",
    "additionalProperties": False,
    "required": ["description", "scoring"],
}

_BOUND = (
    f"It may give at most {MAX_POINTS:,} points either way, whatever the outcome (checked when "
    "the file loads, over every value the expression can take): with at most 1,000 hands a "
    "game, every score then stays exact as a float64 and an int64."
)
"""The bound on an award (:data:`engine.rules.scoring.MAX_POINTS`), said in the schema."""

HEAD: dict[str, Any] = {
    "$schema": {
        "description": "Optional pointer to this schema, for editors.",
        "type": "string",
    },
    "extends": {
        "description": (
            "Variant(s) this file builds on: a shipped variant's name (`standard`) or a path "
            "relative to this file (`./house.yaml`). Several parents (at most 8) merge in order. "
            "Mappings merge key by key, lists replace, and `!delete` removes an inherited key."
        ),
        "oneOf": [
            {"$ref": "#/$defs/parentRef"},
            {
                "type": "array",
                "items": {"$ref": "#/$defs/parentRef"},
                "minItems": 1,
                "maxItems": 8,
            },
        ],
    },
    "description": {
        "description": (
            "One line saying what this variant is; shown by `euchre list`. Every file writes its "
            "own."
        ),
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
    },
    "source": {"description": (
        "The published rules the variant follows, as its rule book names them (\"Euchre for 2 "
        "or 4 players, in Esperanto: rule source 003\"); inherited like any key. Optional."),
        "type": "string", "minLength": 1, "maxLength": 300},
    "players": {
        "description": (
            "Number of seats at the table (2 to 6). Seats are numbered 0, 1, ... clockwise. "
            "Default: 4."
        ),
        "type": "integer",
        "minimum": 2,
        "maximum": 6,
        "default": 4,
    },
    "sides": {
        "description": "Who plays and scores together.",
        "type": "object",
        "additionalProperties": False,
        "default": {},
        "properties": {
            "kind": {
                "description": (
                    "`teams`: fixed partnerships, partners carry equal scores. `individual`: "
                    "every seat for himself (the non-makers are each their own side). "
                    "`maker_vs_rest`: individual scores, but for each hand the non-makers defend "
                    "together as a temporary side (Cutthroat). Default: teams."
                ),
                "enum": ["teams", "individual", "maker_vs_rest"],
                "default": "teams",
            },
            "teams": {
                "description": (
                    "For `teams`: the seats of each team. Default: partners sit opposite ([[0, "
                    "2], [1, 3]] for four seats)."
                ),
                "type": "array",
                "minItems": 2,
                "maxItems": 3,
                "items": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": 3,
                    "items": {"type": "integer", "minimum": 0, "maximum": 5},
                },
            },
        },
    },
    "deck": DECK,
    "dealer": DEALER,
    "flow": {
        "description": (
            "The phases of one hand, in order. Each phase is configured by the key of the same "
            "name. Default: deal, upcard_bidding, go_alone, dealer_pickup, play, score."
        ),
        "type": "array",
        "minItems": 3,
        "uniqueItems": True,
        "items": {},
        "default": ["deal", "upcard_bidding", "go_alone", "dealer_pickup", "play", "score"],
    },
}
"""The properties before the mechanics' blocks (``flow`` last; its enum is filled in)."""

TAIL: dict[str, Any] = {
    "scoring": {
        "description": (
            "Phase `score`: a table of rows; for every possible outcome of a hand exactly one "
            "row's `when` must hold."
        ),
        "type": "object",
        "additionalProperties": False,
        "required": ["table"],
        "properties": {
            "table": {
                "description": (
                    "Rows checked in order. Names in `when`: makers.tricks, defenders.tricks, "
                    "alone, defender_alone (auctions add bid, bidder.tricks and the top bid's "
                    "name). Awards add tricks (the receiving side's tricks) and is_alone."
                ),
                "type": "array",
                "minItems": 1,
                "maxItems": 40,
                "items": {"$ref": "#/$defs/scoreRow"},
            },
            **SCORING_EDITS,
        },
    },
    "game": GAME,
    "penalties": penalties(_BOUND),
}
"""The properties after the mechanics' blocks."""

DEFS: dict[str, Any] = {
    "parentRef": {
        "description": "A shipped variant's name or a relative path to a .yaml file.",
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
    },
    "rank": {
        "description": (
            "A rank: 2 3 4 5 6 7 8 9 T J Q K A (quote the digits in YAML, e.g. \"9\")."
        ),
        "enum": ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"],
    },
    **DECK_DEFS,
    "suit": {
        "description": "A suit letter: C, D, H or S.",
        "enum": ["C", "D", "H", "S"],
    },
    "boolExpr": {
        "description": (
            "A condition in the expression language, e.g. `3 <= makers.tricks <= 4 and not alone`."
        ),
        "oneOf": [{"type": "string", "minLength": 1, "maxLength": 1000}, {"type": "boolean"}],
    },
    "intExpr": {
        "description": "A number or an integer expression, e.g. `2` or `tricks` or `-bid`.",
        "oneOf": [
            {"type": "string", "minLength": 1, "maxLength": 1000},
            {"type": "integer", "minimum": -1000, "maximum": 1000},
        ],
    },
    "scoreRow": {
        "description": "One row of the scoring table.",
        "type": "object",
        "additionalProperties": False,
        "required": ["when"],
        "properties": {
            "when": {
                "description": "The condition under which this row applies.",
                "$ref": "#/$defs/boolExpr",
            },
            "label": {
                "description": (
                    "A short name of the outcome, used in statistics and at the table (`march`, "
                    "`euchre`)."
                ),
                "type": "string",
                "pattern": "^[a-z][a-z0-9_]{0,29}$",
            },
            "makers": {
                "description": (
                    "Points to each member of the makers' side. " + _BOUND + " Default: 0."
                ),
                "$ref": "#/$defs/intExpr",
                "default": 0,
            },
            "defenders": {
                "description": (
                    "Points to each member of each defending side. " + _BOUND + " Default: 0."
                ),
                "$ref": "#/$defs/intExpr",
                "default": 0,
            },
        },
    },
}


def assemble(registry: Registry) -> dict[str, Any]:
    """The whole schema for the mechanics in ``registry``. It shares the dicts of this base
    and of the mechanics' fragments (no copies, so the long-lived heap stays small): read it,
    never change it (the loader deep-copies defaults before filling them in)."""
    properties = dict(HEAD)
    properties["flow"] = {**HEAD["flow"], "items": {"enum": list(registry.keys())}}
    for mechanic in registry:
        if mechanic.schema is not None:
            properties[mechanic.key] = with_keyed_edits(mechanic.schema, mechanic.keyed_lists)
    properties.update(TAIL)
    return {**TOP, "properties": properties, "$defs": DEFS}
