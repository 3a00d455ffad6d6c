"""Check, can, do: the one check that every way into a game passes (:class:`ActionChecks`,
which :class:`~engine.play.state.State` inherits). ``State.apply`` carries an action out only
after :meth:`ActionChecks._check_id`; ``check`` raises the same refusal with its reason and
kind; ``can`` answers yes or no. Nothing here changes the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from engine.core.errors import IllegalActionError, Refusal
from engine.mechanics.base import TERMINAL

if TYPE_CHECKING:
    from engine.play.state import State

__all__ = ["ActionChecks"]


def _state(checks: ActionChecks) -> State:
    """The state these checks are part of (``State`` is the one class that inherits them)."""
    return cast("State", checks)


class ActionChecks:
    """The checking half of :class:`~engine.play.state.State`."""

    __slots__ = ()

    # -- check, can, do: one check for every way in ----------------------------------------

    def check(self, action: str | int, *, seat: int | None = None) -> None:
        """Raise :class:`~engine.core.errors.IllegalActionError` unless :meth:`apply` would
        carry ``action`` (an id, or a name) out now; it says why in a player's words
        (``reason``) and for a program (``kind``, a :class:`~engine.core.errors.Refusal`).
        ``seat``: the seat that would act (refused, ``NOT_YOUR_TURN``, unless it is the
        current player). Nothing changes.

        The check is ``legal_action_ids()``: an action passes exactly when it is listed there,
        or when it is a renege the variant accepts (``penalties.renege.allowed``: a card in
        hand that does not follow suit, which ``apply`` plays and records).

        >>> from engine import load_variant, new_game
        >>> state = new_game(load_variant("standard"), seed=7)
        >>> try:
        ...     state.check("play:9C")
        ... except IllegalActionError as error:
        ...     print(f"{error.kind}: {error.reason}")
        wrong_phase: it is not an action of the bidding, round 1; legal now: pass, order_up
        >>> state.can("play:9C"), state.can("pass"), state.can("pass", seat=2)
        (False, True, False)
        """
        s = _state(self)
        a = s.action_id(action)
        if seat is not None and s.current not in (seat, TERMINAL):
            raise IllegalActionError(s._shown(a, action), "it is not your turn",
                                     kind=Refusal.NOT_YOUR_TURN)
        s._check_id(a, action)

    def can(self, action: str | int, *, seat: int | None = None) -> bool:
        """Whether :meth:`check` lets ``action`` through (``apply`` would carry it out)."""
        try:
            _state(self).check(action, seat=seat)
        except IllegalActionError:
            return False
        return True

    def _check_id(self, a: int, action: object) -> Callable[[State, int], None] | None:
        """The check behind :meth:`check`, :meth:`can` and :meth:`apply`: ``None`` for a
        legal action id (the running phase's ``apply`` carries it out), the phase's
        ``apply_renege`` for a renege the variant accepts; else raises the refusal, with the
        phase's reason (``action`` is what the caller gave, quoted when it names nothing)."""
        s = _state(self)
        if a in s.legal_action_ids():
            return None
        if s.current != TERMINAL and s._phase.accepts_renege(s, a):
            return s._phase.apply_renege
        try:
            shown = s.action_name(a)
        except KeyError:
            raise IllegalActionError(repr(action), "no such action in this variant",
                                     kind=Refusal.UNKNOWN_ACTION) from None
        if s.current == TERMINAL:
            raise IllegalActionError(shown, "the game is over", kind=Refusal.GAME_OVER)
        refused = s._phase.reason(s, a)
        raise IllegalActionError(shown, refused.reason, kind=refused.kind)

    def _shown(self, a: int, action: object) -> str:
        try:
            return _state(self).action_name(a)
        except KeyError:
            return repr(action)
