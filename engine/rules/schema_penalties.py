"""The ``penalties`` part of the schema: reneges (``penalties.renege``: allowed, corrected
before the trick is turned, voiding the hand, the points). Kept beside
:mod:`engine.rules.schema_base`, which is at its size limit."""

from __future__ import annotations

from typing import Any

__all__ = ["penalties"]


def penalties(bound: str) -> dict[str, Any]:
    """The ``penalties`` block; ``bound`` says the bound on an award (``_BOUND``)."""
    _BOUND = bound
    return {
        "description": "Penalties for breaking the rules at the table.",
        "type": "object",
        "additionalProperties": False,
        "default": {},
        "properties": {
            "renege": {
                "description": (
                    "Failing to follow suit when able. When not allowed (the default), such a "
                    "play is refused."
                ),
                "type": "object",
                "additionalProperties": False,
                "default": {},
                "properties": {
                    "allowed": {
                        "description": (
                            "A human player may renege; the engine records it and penalises it at "
                            "the end of the hand. Bots never renege. Default: false."
                        ),
                        "type": "boolean",
                        "default": False,
                    },
                    "correct": {
                        "description": (
                            "`before_turned`: a player who reneged may take the card back and "
                            "play one that follows suit before the trick is turned (once its "
                            "last card is played, before it is gathered), without penalty; then "
                            "each opponent who played after him may change his card too "
                            "(RENEGE-A1, RENEGE-A2). A renege left standing when the trick is "
                            "turned is penalised as the other keys say. Needs `allowed: true`. "
                            "`never`: a renege stands once played. Default: never."
                        ),
                        "enum": ["never", "before_turned"],
                    },
                    "void_hand": {
                        "description": (
                            "The hand's own scoring is cancelled and only the penalty counts "
                            "(STD-A8 default); false: the hand is scored as played and the "
                            "penalty added (GH-A11). Default: false."
                        ),
                        "type": "boolean",
                        "default": False,
                    },
                    "offender": {
                        "description": (
                            "Points to each member of the offending side (an int expression; "
                            "name: alone). " + _BOUND + " Default: -2."
                        ),
                        "$ref": "#/$defs/intExpr",
                        "default": -2,
                    },
                    "opponents": {
                        "description": (
                            "Points to each member of every other side (an int expression; name: "
                            "alone). " + _BOUND + " Default: 0."
                        ),
                        "$ref": "#/$defs/intExpr",
                        "default": 0,
                    },
                },
            },
        },
    }
