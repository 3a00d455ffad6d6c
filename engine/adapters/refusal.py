"""Refusing an agent's action before anything changes: the check both adapters share.

Agents send whatever their framework or their code hands them. An action is an action id:
a whole number (a Python ``int`` or a numpy integer; a ``bool``, a float, a string are
refused, even ``1.0``), one of the legal actions now. A renege is refused too, even in a
variant that accepts one from a player at the table (``penalties.renege.allowed``): the
adapters offer ``legal_actions()`` only, so their games never hold a renege, and what a seat
sees of another's play (a card that did not follow suit) always means a void.

>>> from engine import load_variant
>>> from engine.play.state import State
>>> whole_action(3), whole_action(np.int64(3))
(3, 3)
>>> whole_action(1.5)
Traceback (most recent call last):
ValueError: an action is a whole number (an action id), not 1.5 (float)
>>> state = State(load_variant("standard"), seed=7)
>>> refuse(state, 2000)
Traceback (most recent call last):
engine.core.errors.IllegalActionError: 2000 is illegal: it is not an action id (0 to 1151)
"""

from __future__ import annotations

from typing import NoReturn

import numpy as np

from engine.adapters.encoding import NUM_ACTIONS
from engine.core.errors import IllegalActionError, Refusal
from engine.play.state import State

__all__ = ["refuse", "whole_action"]


def whole_action(value: object) -> int:
    """``value`` as an int when it is a whole number (``int`` or a numpy integer, not a
    ``bool``); else ``ValueError``."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise ValueError(f"an action is a whole number (an action id), not {value!r} "
                         f"({type(value).__name__})")
    return int(value)


def refuse(state: State, action: int) -> NoReturn:
    """Raise :class:`IllegalActionError` saying why ``action`` (not among
    ``state.legal_action_ids()``) is refused; ``state`` does not change."""
    if not 0 <= action < NUM_ACTIONS:
        raise IllegalActionError(str(action), f"it is not an action id (0 to {NUM_ACTIONS - 1})",
                                 kind=Refusal.UNKNOWN_ACTION)
    state.check(action)  # the engine's own reason, unless the variant accepts it as a renege
    raise IllegalActionError(state.action_name(action),
                             "it does not follow suit (a renege); this game offers only the "
                             f"legal actions: {', '.join(state.legal_actions())}",
                             kind=Refusal.MUST_FOLLOW_SUIT)
