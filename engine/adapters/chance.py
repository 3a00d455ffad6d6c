"""A game whose every random event is a chance node: the core of ``python_euchrekit``.

:class:`ChanceState` holds one game: chance nodes for the first dealer and for every card dealt
(:mod:`engine.adapters.openspiel` explains the model), the engine's
:class:`~engine.play.state.State` for the decisions, and what each seat has seen. It needs no
OpenSpiel: :class:`~engine.adapters.openspiel.EuchrekitState` wraps it for ``pyspiel``, and a
copy or a pickle of it is cheap (a pickle is the game's settings and its actions, replayed).

>>> spec = spec_for("two-handed", 1)
>>> state = ChanceState(spec)
>>> state.current_player() == CHANCE, [seat for seat, _ in state.chance_outcomes()]
(True, [0, 1])
>>> state.apply(1)                      # seat 1 deals
>>> while state.current_player() == CHANCE:
...     state.apply(state.chance_outcomes()[0][0])
>>> state.engine.dealer, state.current_player(), len(state.engine.view(0).hand_codes)
(1, 0, 5)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.adapters import encoding, game_shape
from engine.adapters.encoding import MAX_SEATS, Encoder, describe, describe_seen, encode_action
from engine.adapters.refusal import refuse, whole_action
from engine.core import actions as A
from engine.core import cards as C
from engine.core.seats import dealing_order
from engine.play.state import State
from engine.play.view import View
from engine.rules.loader import load_variant
from engine.rules.results import Deal
from engine.rules.variant import Variant

__all__ = ["CHANCE", "TERMINAL", "ChanceState", "GameSpec", "spec_for"]

CHANCE = -1
"""The player at a chance node (OpenSpiel's ``PlayerId.CHANCE``)."""
TERMINAL = -4
"""The player once the game is over (OpenSpiel's ``PlayerId.TERMINAL``)."""

Vector = npt.NDArray[np.float32]
_Seen = tuple[int, int, int, int, int, int, int]


class GameSpec:
    """What every state of one game shares: the variant (a shipped name or a path, as given),
    the number of deals (0: the whole game), the bounds and the encoder."""

    def __init__(self, variant: str, hands: int) -> None:
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 0:
            raise ValueError(f"`hands` must be a whole number of deals, 0 for the whole "
                             f"game, not {hands!r}")
        self.name, self.hands = variant, hands
        self.variant: Variant = load_variant(variant)
        v = self.variant
        self.encoder = Encoder(v)
        self.special_names: tuple[str, ...] = State(v, seed=0).special_bids
        """The variant's special bids as actions name them (``bid:moon``)."""
        self.decisions_per_deal = game_shape.decisions_per_deal(v)
        self.dealt_cards = game_shape.dealt_cards(v)
        self.deals_at_most = hands or v.game.max_hands
        game_shape.check_returns(v, deals=self.deals_at_most)


@lru_cache(maxsize=64)
def spec_for(variant: str, hands: int) -> GameSpec:
    """The spec of a game (compiled once per variant and number of deals)."""
    return GameSpec(variant, hands)


def _replay(variant: str, hands: int, history: list[int]) -> ChanceState:
    state = ChanceState(spec_for(variant, hands))
    for action in history:
        state.apply(action)
    return state


class ChanceState:
    """One game in progress (see the module docstring)."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        v = spec.variant
        self.variant = v
        self.dealer = -1
        """The dealer of the deal in progress (-1 before the first dealer is chosen)."""
        self.deals: list[Deal] = []
        """The deals completed so far, in order."""
        self.dealing: list[int] = []
        """The cards dealt so far in the deal in progress."""
        self.actions: list[int] = []
        """The players' actions so far (the engine's ids), in order."""
        self.engine: State | None = None
        """The engine's state; None until the first deal is complete."""
        self.lines: list[list[str]] = [[f"seat {seat}"] for seat in range(v.players)]
        """Per seat, its information state as lines: every event as the seat saw it (the
        first dealer, a card dealt to a position, an action with another seat's private card
        hidden), and what it saw of the cards whenever that changed."""
        self.seen: list[list[_Seen]] = [[] for _ in range(v.players)]
        """Per seat, what it saw of the cards, whenever that changed."""
        self.history: list[int] = []
        """Every action and chance outcome, in order."""
        self.deal_starts: list[int] = []
        """Where in ``history`` the cards of each deal start."""
        self._deck = v.deck.cards
        self._deck_set = frozenset(v.deck.cards)
        self._positions = v.deal.positions
        self._size = v.deal.hand_size

    # -- whose turn ---------------------------------------------------------------------------

    def _needs_deal(self) -> bool:
        """Cards must be dealt before the engine can go on: none are yet, or a deal ended and
        the game goes on (the engine then holds a hand it shuffled itself: hand numbers beyond
        the deals made here, and any record of them, are ignored)."""
        e = self.engine
        if e is None:
            return True
        return not self._over() and e.hand_no > len(self.deals)

    def _over(self) -> bool:
        e = self.engine
        if e is None:
            return False
        real = len(self.deals)
        played = len(e.hands_played)
        hands = self.spec.hands
        return (hands > 0 and min(played, real) >= hands) or (e.is_terminal() and played <= real)

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while dealing, ``TERMINAL`` at the end."""
        if self._over():
            return TERMINAL
        if self._needs_deal():
            return CHANCE
        assert self.engine is not None
        return self.engine.current_player

    def is_terminal(self) -> bool:
        """The deals asked for have been played, or the game is over."""
        return self._over()

    def legal_actions(self) -> list[int]:
        """The legal actions of the seat to act, ascending (none at the end or a chance node)."""
        if self.engine is None or self._needs_deal() or self._over():
            return []
        return list(self.engine.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The first dealer (every seat alike), then the cards not dealt yet, each as likely
        as the copies of it left (a double deck's two copies are one outcome, named by the
        first copy's id: they play alike, DECK-A2)."""
        if self.dealer < 0:
            n = self.variant.players
            return [(seat, 1.0 / n) for seat in range(n)]
        dealt = set(self.dealing)
        copies: dict[int, int] = {}
        for c in self._deck:
            if c not in dealt:
                first = C.original(c)
                copies[first] = copies.get(first, 0) + 1
        left = sum(copies.values())
        return [(c, count / left) for c, count in sorted(copies.items())]

    # -- moves -------------------------------------------------------------------------------

    def apply(self, action: int) -> None:
        """Apply a chance outcome or a legal action; refuse anything else, the state unchanged
        (:mod:`engine.adapters.refusal`: not a whole number, not legal now, a renege)."""
        action = whole_action(action)
        if self._needs_deal():
            self._deal(action)
            return
        e = self.engine
        assert e is not None
        if action not in e.legal_action_ids():  # refused before anything changes
            refuse(e, action)
        self.history.append(action)
        seat = e.current_player
        e.apply(action)
        self.actions.append(action)
        self._event(seat, action)
        if self._needs_deal():
            self._next_dealer()
        elif not self._over():
            self._look()

    def _deal(self, outcome: int) -> None:
        if not self._possible(outcome):
            raise ValueError(f"{outcome} is not a chance outcome here (a seat for the first "
                             f"dealer, else a card id not dealt yet)")
        self.history.append(outcome)
        if self.dealer < 0:
            self.dealer = outcome
            self._event(-1, outcome)
            return
        if not self.dealing:
            self.deal_starts.append(len(self.history) - 1)
        if outcome in self.dealing:  # the first copy is dealt already: this is the second
            outcome = C.copy_of(outcome)
        self.dealing.append(outcome)
        k = len(self.dealing) - 1
        in_hands = self._positions * self._size
        order = dealing_order(self.variant.players, self._positions - self.variant.players,
                              self.dealer)
        self._event(-2, order[k % self._positions] if k < in_hands else -1)
        if len(self.dealing) == self.spec.dealt_cards:
            self._complete_deal()

    def _possible(self, outcome: int) -> bool:
        """``outcome`` is one of :meth:`chance_outcomes` (checked without listing them)."""
        if self.dealer < 0:
            return 0 <= outcome < self.variant.players
        if outcome not in self._deck_set or C.original(outcome) != outcome:
            return False
        if outcome not in self.dealing:
            return True
        try:
            second = C.copy_of(outcome)
        except KeyError:
            return False
        return second in self._deck_set and second not in self.dealing

    def _complete_deal(self) -> None:
        """The deal is complete: the engine is built from the deals so far and the actions
        replayed (the engine's own shuffle of a later deal, made when the previous deal
        ended, is thrown away with the engine that made it)."""
        hands = [0] * self._positions
        order = dealing_order(self.variant.players, self._positions - self.variant.players,
                              self.dealer)
        in_hands = self._positions * self._size
        for k, card in enumerate(self.dealing[:in_hands]):
            hands[order[k % self._positions]] |= 1 << card
        upcard = self.dealing[in_hands] if len(self.dealing) > in_hands else -1
        dealt = C.mask_of(self.dealing)
        kitty = C.mask_of([c for c in self._deck if not dealt >> c & 1])
        self.deals.append(Deal(dealer=self.dealer, hands=tuple(hands), upcard=upcard,
                               kitty=kitty))
        self.dealing = []
        e = State(self.variant, seed=0, deals=self.deals)
        for action in self.actions:
            e.apply(action)
        self.engine = e
        if self._needs_deal():
            self._next_dealer()
        else:
            self._look()

    def _next_dealer(self) -> None:
        """A deal ended: the dealer of the next (the same one after a redeal). The engine has
        already shuffled and dealt that hand itself, so it knows who deals it (its record, if
        the engine's own deal was thrown in at once)."""
        e = self.engine
        assert e is not None
        played = e.hands_played
        self.dealer = played[len(self.deals)].dealer if len(played) > len(self.deals) \
            else e.dealer

    def _look(self) -> None:
        """Note what each seat sees of the cards now, where it changed."""
        e = self.engine
        assert e is not None
        for seat in range(self.variant.players):
            v = e.view(seat)
            now = encoding.seen_now(v, e.hand_no)
            log = self.seen[seat]
            if not log or log[-1] != now:
                log.append(now)
                self.lines[seat].append(describe_seen(now))

    # -- returns -----------------------------------------------------------------------------

    def returns(self) -> list[float]:
        """Each seat's points over the deals played, toward its goal; 0 before the end."""
        total = [0.0] * self.variant.players
        if not self._over():
            return total
        assert self.engine is not None
        played = self.engine.hands_played[:len(self.deals)]
        hands = self.spec.hands
        for record in played[:hands] if hands else played:
            for seat, points in enumerate(game_shape.toward_goal(self.variant, record.deltas)):
                total[seat] += points
        return total

    # -- what a seat sees --------------------------------------------------------------------

    def _view(self, player: int) -> View | None:
        """The seat's view, or None while cards are being dealt (and at the end when the
        engine has already shuffled a deal that will not be played)."""
        e = self.engine
        if e is None or self._needs_deal() or e.hand_no > len(self.deals):
            return None
        return e.view(player)

    def encode(self, player: int, out: Vector) -> None:
        """The fixed-size observation of ``player`` (:mod:`engine.adapters.encoding`)."""
        view = self._view(player)
        if view is not None:
            self.spec.encoder.encode(view, out)
            return
        out.fill(0.0)
        self.spec.encoder.encode_dealing(seat=player, dealer=self.dealer,
                                          scores=self._scores(), out=out,
                                          over=self._over())

    def encode_history(self, player: int, history: Vector) -> None:
        """The current deal's actions as ``player`` saw them, one slot each."""
        view = self._view(player)
        if view is None:
            return
        for slot, (seat, action) in enumerate(zip(view.actors, view.action_ids, strict=True)):
            if slot >= len(history):
                break
            history[slot, seat] = 1.0
            encode_action(action, history[slot], MAX_SEATS)

    def _scores(self) -> list[int]:
        e = self.engine
        if e is None:
            return [self.variant.game.start] * self.variant.players
        return list(e.scores)

    def observation(self, player: int) -> str:
        """What ``player`` sees now, as text."""
        view = self._view(player)
        if view is None and self._over():
            return f"seat {player}; over; scores {self._scores()}"
        if view is None:
            return (f"seat {player}; dealing: dealer {self.dealer}, {len(self.dealing)} of "
                    f"{self.spec.dealt_cards} cards dealt; scores "
                    f"{self._scores()}")
        return describe(view)

    def information_state(self, player: int) -> str:
        """Every event as ``player`` saw it, and what it saw of the cards when that changed."""
        return "\n".join(self.lines[player])

    def _event(self, who: int, what: int) -> None:
        """Log an event in every seat's information state."""
        for seat, lines in enumerate(self.lines):
            lines.append(self._event_line(seat, who, what))

    def _event_line(self, player: int, who: int, what: int) -> str:
        if who == -1:
            return f"dealer {what}"
        if who == -2:
            return "upcard dealt" if what < 0 else f"card dealt to {what}"
        shown = A.hidden(what) if what in A.PRIVATE and who != player else what
        return f"{who}: {self._name(shown)}"

    def _name(self, action: int) -> str:
        return A.name_of(action, self.spec.special_names)

    # -- strings -----------------------------------------------------------------------------

    def action_to_string(self, player: int, action: int) -> str:
        """A chance outcome (``dealer:2``, ``deal:JH``) or an action's name (``play:JH``)."""
        if player == CHANCE:
            if self.dealer < 0:
                return f"dealer:{action}"
            return f"deal:{C.card_name(action)}"
        return self._name(action)

    def __str__(self) -> str:
        """Everything, for debugging: the deals, the actions, the scores."""
        deals = [str(d.to_json(self.variant)) for d in self.deals]
        dealing = C.names(C.mask_of(self.dealing))
        actions = " ".join(self._name(a) for a in self.actions)
        return (f"dealer {self.dealer}\ndeals {deals}\ndealing {dealing}\nactions {actions}\n"
                f"scores {self._scores()}")

    def copy(self) -> ChanceState:
        """An independent copy (the spec shared, the engine cloned)."""
        other = ChanceState.__new__(ChanceState)
        for name, value in self.__dict__.items():
            copied = value
            if name == "engine":
                copied = value.clone() if value is not None else None
            elif name in ("seen", "lines"):
                copied = [list(log) for log in value]
            elif type(value) is list:
                copied = list(value)
            other.__dict__[name] = copied
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> ChanceState:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        """A pickle is the game's settings and its history, replayed when loaded."""
        return (_replay, (self.spec.name, self.spec.hands, list(self.history)))

