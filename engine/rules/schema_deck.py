"""The ``deck`` and ``dealer`` parts of the schema: the pack (its ranks, by suit where they
differ, the jokers, the copies, the bowers) and the first dealer's draw. Kept beside
:mod:`engine.rules.schema_base` (which is at its size limit); compiled by the compiler's
``compile_deck`` and ``compile_dealer`` steps (:mod:`engine.rules.deck_rules`)."""

from __future__ import annotations

from typing import Any

__all__ = ["DEALER", "DECK", "DECK_DEFS"]

DECK: dict[str, Any] = {
    "description": "The cards in play.",
    "type": "object",
    "additionalProperties": False,
    "default": {},
    "properties": {
        "size": {
            "description": (
                "24 (9 to A), 28 (8 to A), 32 (7 to A) or 36 (6 to A) cards of each copy, "
                "before jokers. A file's `size` replaces the `ranks` it inherits. Default: 24 "
                "(none when `ranks` is given)."
            ),
            "type": "integer",
            "enum": [24, 28, 32, 36],
            "default": 24,
        },
        # No "default" on `ranks` and `copies`: the compiler supplies them, so the rules
        # hash of files that leave them out stays what it was before they existed.
        "ranks": {
            "description": (
                "The ranks in each suit instead of `size`: any set of 2 to A (2 3 4 5 6 7 8 9 T J "
                "Q K A), e.g. "
                "[\"9\", T, J, Q, K, A], or a range from low to high, \"7-A\"; or ranks "
                "that differ by suit, a mapping from C, D, H, S (or `red`, `black`: both "
                "suits of that colour) to a list or a range, each suit once, e.g. {black: "
                "\"8-A\", red: \"7-A\"} (DECK-A6). `size` written in the same file must "
                "count them, and a file's `ranks` replaces the `size` it inherits. Default: "
                "the ranks of `size`."
            ),
            "oneOf": [
                {"$ref": "#/$defs/rankList", "minItems": 2},
                {"$ref": "#/$defs/rankRange"},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "minProperties": 1,
                    "properties": {
                        key: {"oneOf": [{"$ref": "#/$defs/rankList"},
                                        {"$ref": "#/$defs/rankRange"}]}
                        for key in ("C", "D", "H", "S", "red", "black")
                    },
                },
            ],
        },
        "copies": {
            "description": (
                "2 for a double deck: two of each card (and of the joker), every copy counted "
                "in the deck's size; of two identical cards in a trick the first played wins "
                "(DECK-A3). A double deck takes only ranks from 9 to A: `size: 24`, or any "
                "`ranks` among 9 T J Q K A (e.g. [J, Q, K, A], 32 cards). Default: 1."
            ),
            "type": "integer",
            "minimum": 1,
            "maximum": 2,
        },
        "jokers": {
            "description": (
                "0 or 1 joker (the Benny), the highest trump; or 2, a high joker (`JK`) and "
                "a low joker (`JL`), both above every other card, the high one first "
                "(DECK-A4). Default: 0."
            ),
            "type": "integer",
            "minimum": 0,
            "maximum": 2,
            "default": 0,
        },
        # No "default" on `bowers`: the compiler supplies it (the rules hash of the files
        # that leave it out stays what it was).
        "bowers": {
            "description": (
                "false: no bowers; the jack of trump ranks plainly between the queen and "
                "the ten, and the jack of the same colour stays in its own suit (DECK-A5). "
                "Default: true (the right and left bowers)."
            ),
            "type": "boolean",
        },
    },
}

DEALER: dict[str, Any] = {
    "description": "Who deals first and how the deal moves.",
    "type": "object",
    "additionalProperties": False,
    "default": {},
    "properties": {
        "first": {
            "description": (
                "`draw`: each player draws a card (see `draw`); `random`: a seat chosen from "
                "the game's seed. Default: random."
            ),
            "enum": ["draw", "random"],
            "default": "random",
        },
        "draw": {
            "description": "The draw for first dealer (and partners in a team game).",
            "type": "object",
            "additionalProperties": False,
            "default": {},
            "properties": {
                "ranking": {
                    "description": (
                        "Rank order for the draw, highest first. Suits do not count; tied "
                        "players draw again. Default (rule source 003): K Q J T 9 8 7 A."
                    ),
                    "type": "array",
                    "items": {"$ref": "#/$defs/rank"},
                    "minItems": 2,
                    "maxItems": 13,
                    "uniqueItems": True,
                    "default": ["K", "Q", "J", "T", "9", "8", "7", "A"],
                },
                "dealer": {
                    "description": (
                        "Which card deals first: `lowest` (rule source 003) or `highest`. Default: "
                        "lowest."
                    ),
                    "enum": ["lowest", "highest"],
                    "default": "lowest",
                },
                # No "default" on `joker`: the compiler supplies it (as for `deck.ranks`).
                "joker": {
                    "description": (
                        "The joker in the draw: `out`, taken out before the draw (STD-A4); "
                        "`highest`, above every rank of the draw ranking, or `lowest`, "
                        "below every rank (DECK-A7). With two jokers the high joker ranks "
                        "above the low one. Default: out."
                    ),
                    "enum": ["out", "highest", "lowest"],
                },
                "partners": {
                    "description": (
                        "Team games: `high_vs_low` seats the two highest cards as partners "
                        "against the two lowest (rule source 003); `as_seated` keeps the seating. "
                        "Default: high_vs_low."
                    ),
                    "enum": ["high_vs_low", "as_seated"],
                    "default": "high_vs_low",
                },
            },
        },
        "rotation": {
            "description": (
                "The deal passes `left` (clockwise) after every hand, thrown-in hands "
                "included. Default: left."
            ),
            "enum": ["left"],
            "default": "left",
        },
    },
}

DECK_DEFS: dict[str, Any] = {
    "rankList": {
        "description": "Ranks, any set of 2 3 4 5 6 7 8 9 T J Q K A.",
        "type": "array",
        "items": {"$ref": "#/$defs/rank"},
        "minItems": 1,
        "maxItems": 13,
        "uniqueItems": True,
    },
    "rankRange": {
        "description": "Ranks from low to high, e.g. \"9-A\" (every rank between them too).",
        "type": "string",
        "pattern": "^([2-9]|T|J|Q|K|A)-([2-9]|T|J|Q|K|A)$",
    },
}
"""The ``$defs`` of the ranks the deck is written with."""
