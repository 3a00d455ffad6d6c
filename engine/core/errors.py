"""The engine's errors: one root type, and errors that know where they are.

Every mistake a user can make (a broken variant file, a bad expression, an illegal move, a
corrupt record) raises a subclass of :class:`EuchreError`. The CLI catches that one type and
prints it; anything else escaping is a bug in the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.core.printable import printable

__all__ = [
    "EuchreError",
    "ExpressionError",
    "IllegalActionError",
    "InvalidArgument",
    "Location",
    "RecordError",
    "Refusal",
    "Refused",
    "VariantError",
    "VariantErrors",
    "VariantWarning",
]


class EuchreError(Exception):
    """Root of every error the engine raises on purpose."""


@dataclass(frozen=True, slots=True)
class Location:
    """A place in a source file; ``line`` and ``column`` count from 1."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class ExpressionError(EuchreError):
    """A syntax, name or type error inside one expression.

    ``column`` counts from 1 inside ``text``. The loader turns it into a :class:`VariantError`
    located in the YAML file.

    >>> print(ExpressionError("unknown name `bid`", text="bid > 3", column=1, hint="no bids here"))
    unknown name `bid` (no bids here)
        bid > 3
        ^
    """

    def __init__(self, message: str, *, text: str, column: int, hint: str = "",
                 unknown: str = "") -> None:
        self.message = message
        self.text = text
        self.column = max(1, column)
        self.hint = hint
        self.unknown = unknown
        """The name the scope lacks, for an unknown name (else empty)."""
        super().__init__(self.render())

    def caret(self) -> str:
        """The expression (made printable) with a caret under the offending column."""
        before = printable(self.text[: self.column - 1])
        return f"    {printable(self.text)}\n    {' ' * len(before)}^"

    def render(self) -> str:
        """The message, hint and caret display, every part of it printable."""
        hint = f" ({printable(self.hint)})" if self.hint else ""
        return f"{printable(self.message)}{hint}\n{self.caret()}"


class VariantError(EuchreError):
    """One thing wrong with a variant file, located where the offending value was written.

    ``path`` is the place inside the resolved document (``("scoring", "table", 2, "when")``);
    ``location`` is the file, line and column of that value (in the parent file when the
    value was inherited through ``extends``). ``excerpt`` is an optional caret display.

    >>> error = VariantError("must be at least 1", location=Location("house.yaml", 12, 9),
    ...                      path=("scoring", "table", 2, "makers"), hint="write 1")
    >>> print(error)
    house.yaml:12:9: error: must be at least 1 (at scoring.table[2].makers)
      hint: write 1
    """

    severity = "error"
    """How :meth:`render` labels it: ``error`` (the variant cannot be used) or ``warning``."""

    def __init__(
        self,
        message: str,
        *,
        location: Location | None = None,
        path: Sequence[str | int] = (),
        hint: str = "",
        excerpt: str = "",
    ) -> None:
        self.message = message
        self.location = location
        self.path = tuple(path)
        self.hint = hint
        self.excerpt = excerpt
        super().__init__(self.render())

    @property
    def dotted_path(self) -> str:
        """``scoring.table[2].when``: the path as an author would write it."""
        out = ""
        for part in self.path:
            out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
        return out

    def render(self) -> str:
        """``file:line:col: error: message`` plus the hint and excerpt on following lines.

        Every part may hold text from the user's file (a key, a value, a file name), so each
        is made printable: escapes show as ``\\x1b``, never reach the terminal raw."""
        where = f"{printable(str(self.location))}: " if self.location else ""
        at = f" (at {printable(self.dotted_path)})" if self.path else ""
        text = f"{where}{self.severity}: {printable(self.message)}{at}"
        if self.hint:
            text += f"\n  hint: {printable(self.hint)}"
        if self.excerpt:
            text += f"\n{printable(self.excerpt, keep_newlines=True)}"
        return text

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready form for ``euchre validate --json``."""
        loc = self.location
        return {
            "file": loc.file if loc else None,
            "line": loc.line if loc else None,
            "column": loc.column if loc else None,
            "path": self.dotted_path,
            "message": self.message,
            "hint": self.hint,
            "severity": self.severity,
        }


class VariantWarning(VariantError):
    """A setting that the file itself writes and that cannot affect play (``dealer.draw`` when
    the first dealer is random). Never raised: ``euchre validate`` prints it and still exits 0."""

    severity = "warning"


class VariantErrors(VariantError):
    """Several things wrong with one file; the best one first.

    It renders as its first error so that ``str(exc)`` shows the most useful message; the
    whole list is in ``errors``.
    """

    def __init__(self, errors: Sequence[VariantError]) -> None:
        if not errors:
            raise ValueError("VariantErrors needs at least one error")
        self.errors = tuple(errors)
        best = self.errors[0]
        super().__init__(
            best.message,
            location=best.location,
            path=best.path,
            hint=best.hint,
            excerpt=best.excerpt,
        )


class Refusal(StrEnum):
    """Why an action is refused, for a program: the kind of an :class:`IllegalActionError`
    (its ``reason`` says it in a player's words). The values are stable words
    (``must_follow_suit``)."""

    UNKNOWN_ACTION = "unknown_action"
    """No action has this name or id."""
    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    """Another seat is to act."""
    WRONG_PHASE = "wrong_phase"
    """Not an action of the step in progress (a card during the bidding, ``order_up`` in
    round 2, a bid while the joker's suit is to be named)."""
    NOT_IN_VARIANT = "not_in_variant"
    """An action this variant's rules do not have (no-trump where it may not be named, a bid
    not in its list, a swap without an extra hand, a look at a blind swap)."""
    ALREADY_DONE = "already_done"
    """Something done once a deal that was done (a hand swapped, the extra hand looked at)."""
    MAY_NOT_PASS = "may_not_pass"
    """A rule makes this seat bid, order up, name trump or go alone (stick the dealer, a hand
    that must bid or order up, a maker who must go alone)."""
    BID_TOO_LOW = "bid_too_low"
    """A bid that does not beat the high bid."""
    TURNED_DOWN = "turned_down"
    """The suit of the upcard that was turned down."""
    NOT_IN_HAND = "not_in_hand"
    """A card the hand does not hold."""
    MUST_FOLLOW_SUIT = "must_follow_suit"
    SECOND_COPY = "second_copy"
    """The second copy of a card held twice (a double deck, DECK-A2): the name plays the first."""
    MUST_KEEP = "must_keep"
    """A card the rules keep in the hand (the upcard the dealer just took, where he must
    discard another; the last card of the dummy, where one must be kept)."""
    NOT_CALLABLE = "not_callable"
    """A card the maker may not call for a partner."""
    HAND_NOT_MET = "hand_not_met"
    """The hand does not meet what the action asks of it (a show, a redeal, the farmer's
    exchange), or the action was taken already (a show declared, an exchange made)."""


@dataclass(frozen=True, slots=True)
class Refused:
    """Why a phase refuses an action: its :class:`Refusal` kind and the player's words."""

    kind: Refusal
    reason: str


class IllegalActionError(EuchreError):
    """An action that the rules do not allow now; ``reason`` says why in a player's words,
    ``kind`` (a :class:`Refusal`) says it for a program.

    >>> error = IllegalActionError("play:QD", "you must follow hearts",
    ...                            kind=Refusal.MUST_FOLLOW_SUIT)
    >>> print(error); error.kind
    play:QD is illegal: you must follow hearts
    <Refusal.MUST_FOLLOW_SUIT: 'must_follow_suit'>
    """

    def __init__(self, action: str, reason: str, *, kind: Refusal) -> None:
        self.action = action
        self.reason = reason
        self.kind = kind
        super().__init__(f"{action} is illegal: {reason}")

    def __reduce__(self) -> tuple[object, ...]:
        # Exceptions are rebuilt from ``args`` when unpickled (a worker process's error):
        # the keyword argument needs saying.
        return (_rebuilt, (self.action, self.reason, self.kind))


def _rebuilt(action: str, reason: str, kind: Refusal) -> IllegalActionError:
    return IllegalActionError(action, reason, kind=kind)


class RecordError(EuchreError):
    """A game record that cannot be read or does not replay to what it claims."""


class NoSuchMechanic(EuchreError, LookupError):
    """A mechanic's config record asked of a variant whose flow does not have the mechanic
    (:meth:`~engine.rules.variant.Variant.rules_of`): a fault of the code asking, not of the
    variant file."""


class InvalidArgument(EuchreError, ValueError):
    """A bad argument to the rules API (``trick_winner``, ``score_hand``): a card that is not in
    the deck, a seat that does not exist, tricks that do not add up."""
