"""euchrekit: a rules-as-data engine for Euchre and its house rules.

Variants are YAML files checked against a JSON Schema and compiled into frozen
:class:`Variant` objects; one generic interpreter plays any of them.

>>> from engine import load_variant
>>> load_variant("standard").game.target
10
"""

from engine.errors import (
    EuchreError,
    ExpressionError,
    IllegalActionError,
    InvalidArgument,
    Location,
    RecordError,
    VariantError,
    VariantErrors,
)
from engine.game import new_game
from engine.loader import check_variant, load_variant, shipped_names
from engine.state import TERMINAL, State
from engine.variant import HandScore, Variant
from engine.view import View

__all__ = [
    "TERMINAL",
    "EuchreError",
    "ExpressionError",
    "HandScore",
    "IllegalActionError",
    "InvalidArgument",
    "Location",
    "RecordError",
    "State",
    "Variant",
    "VariantError",
    "VariantErrors",
    "View",
    "check_variant",
    "load_variant",
    "new_game",
    "shipped_names",
]

__version__ = "0.1.0"
