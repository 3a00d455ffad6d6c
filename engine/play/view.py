"""The builder of a seat's view: :func:`view_of` (``State.view``). The view itself,
:class:`~engine.mechanics.view.View`, is the mechanics kernel's, as its parts are (each
mechanic's ``view`` hook decides what the seat may see of its facts).

A view is made for every bot decision, so :func:`view_of` is on the hot path of simulations:
it reads the state's program (the variant's tables, built once) directly, sets the fields one
by one, and asks only the hooks of the mechanics that may show something in this variant
(``Program.view_hooks``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import actions as A
from engine.mechanics.base import TERMINAL
from engine.mechanics.view import View

if TYPE_CHECKING:
    from engine.mechanics.base import ViewPart
    from engine.play.state import State

__all__ = ["View", "view_of"]


def view_of(s: State, seat: int) -> View:
    """The view of ``seat`` in state ``s``."""
    h = s.hand
    n = s.variant.players
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} does not exist (0 to {n - 1})")
    prog = s._program
    current = s.current
    # A phase that may hide a seat's own cards (a dealer naming trump blind) is asked.
    blind = current != TERMINAL and prog.hides[s.phase_i] and s._phase.hides_hand(s, seat)
    start = h.first_action
    ids = s.history_ids[start:]
    for i in reversed(s.discard_log):  # other seats' discards show as `discard`
        if i < start:
            break
        if s.actors[i] != seat:
            ids[i - start] = A.hidden(ids[i - start])
    # Built field by field: a view is made for every bot decision, and keyword
    # construction of this many fields costs three times as much.
    v = object.__new__(View)
    v.seat = seat
    v.players = n
    v.phase = "over" if current == TERMINAL else s._phase.name
    v.current_player = current
    v.hand_number = s.hand_no
    v.dealer = s.dealer
    v.scores = tuple(s.scores)
    v.target = s.variant.game.target
    v.hand = 0 if blind else h.hands[seat]
    v.hand_sizes = tuple([cards.bit_count() for cards in h.hands])
    v.upcard = h.upcard
    v.turned = h.turned
    v.trump = h.trump
    v.maker = h.maker
    v.bid = h.bid
    v.bid_special = h.bid_special
    v.alone = tuple(h.alone)
    v.sitting_out = tuple([x for x in range(n) if h.inactive >> x & 1]) if h.inactive else ()
    v.actors = tuple(s.actors[start:])
    v.action_ids = tuple(ids)
    v.trick = tuple(zip(h.trick_seats, h.trick))  # noqa: B905 - same length by design
    v.played = tuple(h.played)
    v.tricks_won = tuple(h.tricks_won)
    v.discards = h.discards[seat]
    v.legal_ids = s.legal_action_ids() if current == seat else ()  # a tuple already
    v.special_bids, v.tables = prog.special_bids, prog.tables
    parts: dict[type[ViewPart], ViewPart] = {}
    seen = 0
    for hook in prog.view_hooks:
        part = hook(s, seat)
        if part is not None:
            parts[type(part)] = part
            if part.sees:
                seen |= part.seen()
    v.parts = parts
    v.seen = seen
    return v
