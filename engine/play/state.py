"""The game state: one generic interpreter for every variant.

A :class:`State` runs a whole game: hands are dealt from the state's own seeded RNG, the
phases named in the variant's ``flow`` run in order, and scores accumulate until the game
ends. The interface follows OpenSpiel: ``current_player``, ``legal_actions()``,
``apply(action)``, ``is_terminal()``, ``view(seat)``, ``clone()``, ``history``.

The state keeps the game (variant, seed, RNG, scores, dealer, history, the hands played);
the hand in progress is ``state.hand``, a :class:`~engine.mechanics.hand.Hand` made afresh at each
deal (cards, contract, the sides of this hand, tricks, the running phase's scratch). ``apply``
returns the events the action caused (:mod:`engine.mechanics.events`), which the phases append
to ``state.events``; ``events_for(seat)`` gives them as one seat may see them.

>>> from engine import load_variant, new_game
>>> state = new_game(load_variant("standard"), seed=7)
>>> state.current_player, state.legal_actions()
(1, ['pass', 'order_up'])
>>> state.apply("pass")
(Passed(seat=1, mechanic='upcard_bidding'),)
>>> state.history
['pass']
>>> state.hand.upcard == state.view(1).upcard, state.hand.maker
(True, -1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, cast

from engine.core import actions as A
from engine.core.errors import IllegalActionError, Refusal
from engine.mechanics.base import TERMINAL, Phase, ViewHook
from engine.mechanics.events import Event, GameWon, Said, for_seat, record
from engine.mechanics.hand import Hand
from engine.mechanics.registry import first_dealer
from engine.mechanics.table import Fixed
from engine.play.checks import ActionChecks
from engine.play.program import Program, program
from engine.play.view import View, view_of
from engine.rules.results import Deal, HandResult
from engine.rules.variant import Variant

__all__ = ["TERMINAL", "State"]


class State(ActionChecks):
    """A game in progress. Build one with :func:`engine.new_game`."""

    __slots__ = (
        "_advancing",
        "_events",
        "_legal",
        "_phase",
        "_program",
        "actors",
        "current",
        "dealer",
        "deals",
        "discard_log",
        "draw",
        "given_deals",
        "hand",
        "hand_no",
        "hands_played",
        "history_ids",
        "initial_scores",
        "log",
        "phase_i",
        "rng",
        "scores",
        "seed",
        "variant",
        "winners",
    )

    def __init__(
        self,
        variant: Variant,
        *,
        seed: int,
        deals: Sequence[Deal] = (),
        scores: Sequence[int] | None = None,
        dealer: int | None = None,
    ) -> None:
        self.variant = variant
        self._program: Program = program(variant)
        self.seed = seed
        self.rng = random.Random(seed)
        n = variant.players
        self.scores = list(scores) if scores is not None else [variant.game.start] * n
        self.initial_scores = list(scores) if scores is not None else None
        self.history_ids: list[int] = []
        self.discard_log: list[int] = []
        """Where in the history the discards (and other private actions, ``give:9C``) are:
        views hide other seats' cards in them."""
        self.actors: list[int] = []
        self.log: list[tuple[Any, ...]] = []
        """Everything that happened in the game, in order, as the phases logged it: event
        records, or on hot paths the plain tuples that become them (read :attr:`events`)."""
        self._events: list[Event] = []
        self.hands_played: list[HandResult] = []
        self.deals = list(deals)
        self.given_deals = list(deals)
        self.hand_no = 0
        self.winners: tuple[int, ...] = ()
        self.draw: dict[int, list[int]] = {}
        if self.deals:
            dealer = self.deals[0].dealer
        self.dealer = first_dealer(variant, self) if dealer is None else dealer
        self.current = TERMINAL
        self.phase_i = 0
        self._legal: tuple[int, ...] | None = None
        self._advancing = False
        self._new_hand()
        self._run_flow()

    # -- hand bookkeeping (used by the phases) ---------------------------------------------

    def _new_hand(self) -> None:
        """A new :class:`Hand` is dealt; the flow starts again at its first phase."""
        variant = self.variant
        self.hand = Hand(players=variant.players, positions=variant.deal.positions,
                         first_action=len(self.history_ids))
        """The hand in progress: all that belongs to one deal (:mod:`engine.mechanics.hand`)."""
        self.hand.parts = {kind: kind() for kind in self._program.parts}
        self.hand_no += 1
        self.phase_i = -1
        self._legal = None
        self._advancing = True

    def advance(self) -> None:
        """The running phase is over: the flow moves on to the next phase once the phase
        method that said so has returned (no phase ever runs inside another)."""
        self._advancing = True

    def _run_flow(self) -> None:
        """The flow loop: start the next phase while the running one says it is over (a
        phase with nothing to decide, a hand scored, a new hand dealt)."""
        phases = self._program.phases
        while self._advancing:
            self._advancing = False
            self.phase_i += 1
            self._legal = None
            self.hand.scratch = None
            self._phase = phases[self.phase_i]
            self._phase.start(self)

    def make(self, maker: int) -> None:
        """The maker is decided: he and the sides of this hand (fixed teams, or the maker
        against the rest; the place where a partner called during the hand will go)."""
        hand = self.hand
        hand.maker = maker
        hand.sides = self._program.sides_of[maker]

    def next_hand(self, record: HandResult, *, same_dealer: bool = False) -> None:
        """Log a finished (or thrown-in) hand and deal the next, unless the game is over; the
        deal passes left unless ``same_dealer`` (a redeal, STD-A15)."""
        self.hands_played.append(record)
        if self.current == TERMINAL and self.winners:
            return
        if len(self.hands_played) >= self.variant.game.max_hands:
            self.winners = self.variant.leaders(self.scores)
            self.current = TERMINAL
            self.log.append(GameWon(winners=self.winners, scores=tuple(self.scores)))
            return
        if not same_dealer:
            self.dealer = (self.dealer + 1) % self.variant.players
        self._new_hand()

    def next_deal(self) -> Deal | None:
        """A prescribed deal for the hand being dealt, if one was given."""
        if self.deals:
            return self.deals.pop(0)
        return None

    def position(self, name: str) -> int:
        """The position index of an extra hand (``dummy``, ``ghost``)."""
        return self._program.extra_position[name]

    # -- the public interface --------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The seat to act, or ``TERMINAL`` (-1) when the game is over."""
        return self.current

    @property
    def phase(self) -> str:
        """The name of the phase in progress (``"over"`` at the end)."""
        if self.current == TERMINAL:
            return "over"
        return self._phase.name

    def is_terminal(self) -> bool:
        """The game is over."""
        return self.current == TERMINAL

    def legal_action_ids(self) -> tuple[int, ...]:
        """The legal actions as ids (see :mod:`engine.core.actions`), ascending: a tuple, so
        that no caller can change what the next one is given (a phase may answer with a list
        every state of the variant shares)."""
        if self._legal is None:
            if self.current == TERMINAL:
                self._legal = ()
            else:
                self._legal = tuple(self._phase.legal(self))
        return self._legal

    def legal_actions(self) -> list[str]:
        """The legal actions as names, in id order (``pass`` first, cards by suit and rank)."""
        return [self.action_name(a) for a in self.legal_action_ids()]

    @property
    def target(self) -> int:
        """The game's target score."""
        return self.variant.game.target

    @property
    def special_bids(self) -> tuple[str, ...]:
        """The names of the variant's special bids, in rank order, as actions name them
        (``bid:moon``; ``moon`` without any)."""
        return self._program.special_bids

    @property
    def running_phase(self) -> Phase:
        """The phase in progress (the last one once the game is over)."""
        return self._phase

    def contract_setting(self, path: str, default: Fixed) -> Fixed:
        """A setting the hand's contract fixes (``pass_cards.cards`` by a bid of the table,
        ``Mechanic.contract``), else ``default``, the variant's; a choice comes as its text
        (compiled against the setting's own choices, so of the default's type)."""
        for hook in self._program.contract_hooks:
            found = hook(self).get(path)
            if found is not None:
                return cast("Fixed", found)
        return default

    @property
    def view_hooks(self) -> tuple[ViewHook, ...]:
        """The view hooks of the flow's mechanics (:class:`~engine.mechanics.base.ViewPart`)."""
        return self._program.view_hooks

    def action_name(self, action: int) -> str:
        """The name of an action id in this variant."""
        return A.name_of(action, self._program.special_bids)

    def action_id(self, action: str | int) -> int:
        """The id of an action name (an id is returned as it is): where a name from a record,
        the prompt or an API user is read, once. Raises ``IllegalActionError``
        (``UNKNOWN_ACTION``) for anything that names no action."""
        if isinstance(action, int):
            return action
        try:
            if not isinstance(action, str):
                raise KeyError(action)
            a = A.action_id(action, self._program.special_bids)
        except KeyError:
            raise IllegalActionError(
                repr(action), "no such action (see the README's action names, e.g. pass, "
                "order_up, call:H, play:JH)", kind=Refusal.UNKNOWN_ACTION) from None
        if self.variant.deck.copies > 1 and a not in self.legal_action_ids():
            other = A.other_copy(a)  # a card's name reads as the copy the seat holds (DECK-A2)
            if other in self.legal_action_ids():
                return other
        return a

    def apply(self, action: str | int) -> tuple[Event, ...]:
        """Carry out an action of the current player: an action id, or its name (a record's,
        an API user's; read once). Returns the events it caused, in order (the action itself
        first: :mod:`engine.mechanics.events`), which are also appended to :attr:`events`.

        Raises :class:`~engine.core.errors.IllegalActionError` with the reason when the rules do
        not allow it now (:meth:`check`); the state is then unchanged. In a variant that allows
        reneging (``penalties.renege.allowed``), a card in hand that does not follow suit is
        accepted and recorded in ``reneges``; it ends the hand at once when the variant voids
        the hand (STD-A8), and is penalised when the hand is scored. ``legal_actions()`` still
        lists only the plays that follow suit, which is what bots choose from.
        """
        start = len(self.log)
        a = self.action_id(action)
        carry_out = self._check_id(a, action)
        self._apply(a, _told(carry_out or self._phase.apply))
        return tuple(self.events[start:])

    def apply_fast(self, action: int) -> None:
        """Carry out a bot's action id the simulator's way: an id among
        ``legal_action_ids()`` is applied without the checks' reason or the events' records
        (they are made from the log when :attr:`events` is read; a plug-in phase that logs
        nothing gets no event); any other goes through :meth:`apply`, which raises the reason.
        The simulator, the searches' rollouts and ``--verify`` play this way."""
        if action in self.legal_action_ids():
            self._apply(action)
        else:
            self.apply(action)

    @property
    def events(self) -> list[Event]:
        """Everything that happened in the game, in order (:mod:`engine.mechanics.events`):
        ``apply`` returns those of one action. The records are made from :attr:`log` as they
        are first read (the list is the state's own: read it, do not change it)."""
        made = self._events
        if len(made) < len(self.log):
            made += [record(entry) for entry in self.log[len(made):]]
        return made

    def _apply(self, a: int, carry_out: Callable[[State, int], None] | None = None) -> None:
        """Apply a legal action id without checking (the simulator's fast path): log it in
        the history, then let the running phase carry it out (``carry_out``: its ``apply``,
        or ``apply_renege`` for a renege the variant accepts)."""
        if a in A.PRIVATE:
            self.discard_log.append(len(self.history_ids))
        self.history_ids.append(a)
        self.actors.append(self.current)
        self._legal = None
        (carry_out or self._phase.apply)(self, a)
        if self._advancing:
            self._run_flow()

    @property
    def history(self) -> list[str]:
        """Every action of the game so far, by name, in order."""
        return [self.action_name(a) for a in self.history_ids]

    def events_for(self, seat: int) -> list[Event]:
        """The game's events as ``seat`` may see them: whole where ``visible_to`` holds him,
        else without the cards he may not see (another seat's discard)."""
        return for_seat(self.events, seat)

    def view(self, seat: int) -> View:
        """What ``seat`` may see: never another seat's hidden cards."""
        return view_of(self, seat)

    def clone(self) -> State:
        """An independent copy, RNG included."""
        other = State.__new__(State)
        for name in State.__slots__:
            value = getattr(self, name)
            kind = type(value)  # exact types: this is the hot path of searches and perft
            if kind is list or kind is dict:
                value = value.copy()
            setattr(other, name, value)
        # The copy's RNG gets this one's state; creating it unseeded would first read the
        # OS entropy pool, which costs more than the rest of the copy.
        other.rng = random.Random.__new__(random.Random)
        other.rng.setstate(self.rng.getstate())
        other.hand = self.hand.copy()
        return other

    def __repr__(self) -> str:
        v = self.variant
        return (f"<State {v.name} hand {self.hand_no} {self.phase} to {self.current} "
                f"scores {self.scores}>")

    @property
    def trump_name(self) -> str | None:
        """Trump of the hand in progress as a letter (``N`` for no-trump), or None before it
        is chosen (kept for callers of the public API: ``state.hand.trump_name``)."""
        return self.hand.trump_name


def _told(carry_out: Callable[[State, int], None]) -> Callable[[State, int], None]:
    """A phase's ``apply`` (or ``apply_renege``) that logs an event for the action when the
    phase logs none (a plug-in's phase): the action said by its seat in that phase, a private
    card left out. ``State.apply`` uses it; the simulator's fast path does without."""

    def told(s: State, a: int) -> None:
        logged = len(s.log)
        carry_out(s, a)
        if len(s.log) == logged:
            s.log.append((Said, s.actors[-1], s._phase.name,
                          A.hidden(a) if a in A.PRIVATE else a))

    return told
