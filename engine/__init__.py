"""euchrekit: a rules-as-data engine for Euchre and its house rules.

Variants are YAML files checked against a JSON Schema and compiled into frozen
:class:`Variant` objects; one generic interpreter plays any of them.

>>> from engine import load_variant
>>> load_variant("standard").game.target
10
"""

# First of all, before the imports that take most of a second: Ctrl-C while the `euchre`
# command starts exits 130 without a traceback (engine/_startup.py; the library is unchanged).
# (it sorts first, so import sorting keeps it first)
from engine import _startup  # noqa: F401 - imported for its effect
from engine.core.errors import (
    EuchreError,
    ExpressionError,
    IllegalActionError,
    InvalidArgument,
    Location,
    RecordError,
    VariantError,
    VariantErrors,
)

# Importing the registry registers the mechanics with the rules layer (the loader reads the
# registry to validate and compile a variant's flow).
from engine.mechanics import registry as _registry  # noqa: F401
from engine.play.game import new_game
from engine.play.state import TERMINAL, State
from engine.play.view import View
from engine.rules.loader import check_variant, load_variant, shipped_names
from engine.rules.variant import HandScore, Variant

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
