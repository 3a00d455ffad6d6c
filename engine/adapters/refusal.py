"""Refusing an agent's action before anything changes: the check both adapters share.

Agents send whatever their framework or their code hands them. An action is an action id:
a whole number (a Python ``int`` or a numpy integer; a ``bool``, a float, a string are
refused, even ``1.0``), one of the legal actions now. A renege is refused too, even in a
variant that accepts one from a player at the table (``penalties.renege.allowed``): the
adapters offer ``legal_actions()`` only, so their games never hold a renege, and what a seat
sees of another's play (a card that did not follow suit) always means a void.

A refusal is a :class:`RefusedAction`: an :class:`~engine.core.errors.IllegalActionError`
(its ``kind``, a :class:`~engine.core.errors.Refusal`, and its reason) that is also the
``ValueError`` PettingZoo's environments raise for an action they refuse. An action that is
no whole number has kind ``unknown_action``, as an id past the last one: no action has it.

>>> from engine import load_variant
>>> from engine.play.state import State
>>> whole_action(3), whole_action(np.int64(3))
(3, 3)
>>> whole_action(1.5)
Traceback (most recent call last):
engine.adapters.refusal.RefusedAction: 1.5 is illegal: an action is a whole number ... (float)
>>> state = State(load_variant("standard"), seed=7)
>>> refuse(state, 2000)
Traceback (most recent call last):
engine.adapters.refusal.RefusedAction: 2000 is illegal: it is not an action id (0 to 1151)
"""

from __future__ import annotations

from typing import NoReturn

import numpy as np

from engine.adapters.encoding import NUM_ACTIONS
from engine.core.errors import IllegalActionError, Refusal
from engine.play.state import State

__all__ = ["RefusedAction", "refuse", "whole_action"]


class RefusedAction(IllegalActionError, ValueError):
    """An agent's action refused: its ``kind`` and reason (an ``IllegalActionError``), and a
    ``ValueError`` for the frameworks that expect one."""

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuilt, (self.action, self.reason, self.kind))


def _rebuilt(action: str, reason: str, kind: Refusal) -> RefusedAction:
    return RefusedAction(action, reason, kind=kind)


def whole_action(value: object) -> int:
    """``value`` as an int when it is a whole number (``int`` or a numpy integer, not a
    ``bool``); else :class:`RefusedAction` (``unknown_action``)."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise RefusedAction(repr(value), f"an action is a whole number (an action id), not "
                            f"{value!r} ({type(value).__name__})", kind=Refusal.UNKNOWN_ACTION)
    return int(value)


def refuse(state: State, action: int) -> NoReturn:
    """Raise :class:`RefusedAction` saying why ``action`` (not among
    ``state.legal_action_ids()``) is refused; ``state`` does not change."""
    if not 0 <= action < NUM_ACTIONS:
        raise RefusedAction(str(action), f"it is not an action id (0 to {NUM_ACTIONS - 1})",
                            kind=Refusal.UNKNOWN_ACTION)
    try:
        state.check(action)  # the engine's own reason, unless the variant accepts a renege
    except IllegalActionError as error:
        raise RefusedAction(error.action, error.reason, kind=error.kind) from None
    raise RefusedAction(state.action_name(action),
                        "it does not follow suit (a renege); this game offers only the "
                        f"legal actions: {', '.join(state.legal_actions())}",
                        kind=Refusal.MUST_FOLLOW_SUIT)
