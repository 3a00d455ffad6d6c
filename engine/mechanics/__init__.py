"""The mechanics, one module each; a variant's ``flow`` names them in order.

Adding a mechanic means adding one module here and one line in :mod:`.registry`
(see :mod:`engine.mechanics.base` for what a module declares).
"""

from __future__ import annotations

from engine.mechanics.base import Mechanic, Phase
from engine.mechanics.registry import mechanic, mechanics, register

__all__ = ["Mechanic", "Phase", "mechanic", "mechanics", "register"]
