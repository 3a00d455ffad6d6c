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
from engine import _startup  # noqa: F401, I001 - imported for its effect, first

import importlib
from typing import TYPE_CHECKING

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
from engine.rules.mechanic_rules import REGISTRY as _REGISTRY

if TYPE_CHECKING:  # the names below load on first use (PEP 562): see _LAZY
    from engine.play.game import new_game
    from engine.play.state import TERMINAL, State
    from engine.play.view import View
    from engine.rules.loader import check_variant, load_variant, shipped_names
    from engine.rules.variant import HandScore, Variant


def _register_mechanics() -> None:
    """Register the built-in mechanics with the rules layer (importing the registry does it)."""
    from engine.mechanics import registry  # noqa: F401, PLC0415 - imported for its effect


# The rules layer reads the registry to validate and compile a variant's flow; it is filled on
# first use, so that a command loading no variant (`euchre --help`) imports no mechanic.
_REGISTRY.fill_on_first_use(_register_mechanics)

# The facade's other names, imported when first asked for: `import engine` (every `euchre`
# command imports it) costs only the errors, and a command imports the layers it uses.
_LAZY = {
    "TERMINAL": "engine.play.state",
    "State": "engine.play.state",
    "View": "engine.play.view",
    "new_game": "engine.play.game",
    "check_variant": "engine.rules.loader",
    "load_variant": "engine.rules.loader",
    "shipped_names": "engine.rules.loader",
    "HandScore": "engine.rules.variant",
    "Variant": "engine.rules.variant",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


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
