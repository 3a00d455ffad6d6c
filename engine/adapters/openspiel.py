"""Every variant as an OpenSpiel game: ``python_euchrekit`` (the ``openspiel`` extra).

>>> import pyspiel
>>> game = pyspiel.load_game("python_euchrekit(variant=two-handed)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 1152, 62)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())   # the first dealer
(True, 2)

A game is sequential, with imperfect information and explicit chance (OpenSpiel's Python-game
interface, as in its ``kuhn_poker.py``). Parameters: ``variant`` (a shipped name or a path to a
variant file; default ``standard``) and ``hands`` (default 1): the game is that many deals, or
the whole game to its target when 0. One deal is the default because it is what OpenSpiel's own
``euchre`` plays, it keeps games short enough for search and equilibrium algorithms, and its
returns (the deal's points) are what a player of one hand maximises; a whole game is there for
whoever wants it.

**Chance.** Every random event of the engine is a chance node here, so OpenSpiel's algorithms
see all of the luck: the first dealer (one node, every seat equally likely: the engine's draw
for the first deal, STD-A4, makes every seat the dealer with the same chance, and the cards
drawn decide nothing else), then for each deal one node per card dealt, choosing among the
cards not yet dealt (one at a time in dealing order: eldest first, the extra hands, the dealer;
then the upcard). The rest of the deck is the kitty. The engine's own RNG then decides nothing:
its State is built from the dealt cards (``State(variant, deals=...)``) and rebuilt by replaying
the actions when a later deal comes in. A deal thrown in, or redealt (STD-A15), is a deal: the
next one is dealt at chance nodes again.

**Actions** are the engine's action ids (:mod:`engine.core.actions`), below 1152 for every
variant; chance outcomes are seats (the dealer) or card ids (0 to 61). ``apply_action`` and
``child`` take a whole number only: a bool (which pyspiel's own binding would turn into 0 or
1), a float or a string is refused, with kind ``unknown_action``
(:mod:`engine.adapters.refusal`).

**Returns** are each seat's points over the deals played, with the sign turned over in a
count-down game (:mod:`engine.adapters.game_shape`); zero until the end. Utility is general-sum.

**Observations** come from the seat's :class:`~engine.play.view.View` only. The observation
tensor is the fixed-size encoding of :mod:`engine.adapters.encoding`; the information-state
tensor adds the current deal's actions, one slot each (actor, then action id as block and
offset). The information-state string is perfect recall: every event in order as the seat saw
it (others' discards without their card) and, whenever it changed, what the seat then saw of the
cards (hand, upcard, a hand shown to it, an exposed hand). While cards are being dealt nobody
sees them; each seat sees its hand when the deal is complete (a dealer who must name trump blind
does not). Serialisation is OpenSpiel's own (``serialize_game_and_state``): the state's one
attribute, a :class:`~engine.adapters.chance.ChanceState`, pickles as the game's settings and
its history, replayed when it is read back. ``resample_from_infostate`` serves information-set
searches (:mod:`engine.adapters.resample`).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # compiled, ships no stubs

from engine.adapters import game_shape
from engine.adapters.chance import ChanceState, GameSpec, spec_for
from engine.adapters.encoding import ACTION_SLOT, CARDS, MAX_SEATS, NUM_ACTIONS, OBSERVATION_SIZE
from engine.adapters.refusal import whole_action
from engine.adapters.resample import resample

__all__ = ["EuchrekitGame", "EuchrekitObserver", "EuchrekitState", "load_game"]

SHORT_NAME = "python_euchrekit"
_DEFAULTS: dict[str, Any] = {"variant": "standard", "hands": 1}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="euchrekit: any Euchre variant file",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_SEATS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class EuchrekitGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no stubs
    """One variant as an OpenSpiel game (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.params = {**_DEFAULTS, **(params or {})}
        self.spec: GameSpec = spec_for(str(self.params["variant"]), self.params["hands"])
        spec = self.spec
        v = spec.variant
        deals = spec.deals_at_most
        low, high = game_shape.hand_points(v)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=max(CARDS, v.players),
            num_players=v.players,
            min_utility=float(low * deals),
            max_utility=float(high * deals),
            max_game_length=1 + deals * (spec.decisions_per_deal + spec.dealt_cards),
        )
        super().__init__(_GAME_TYPE, info, self.params)

    def new_initial_state(self) -> EuchrekitState:
        """A game before the first dealer is chosen."""
        return EuchrekitState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> EuchrekitObserver:
        """The observer of observations (default) or information states (perfect recall)."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return EuchrekitObserver(self.spec, perfect_recall=perfect_recall)


class EuchrekitState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no stubs
    """OpenSpiel's view of a :class:`~engine.adapters.chance.ChanceState` (``core``, the only
    attribute, which OpenSpiel copies for ``clone()`` and pickles for ``serialize()``)."""

    def __init__(self, game: EuchrekitGame) -> None:
        super().__init__(game)
        self.core = ChanceState(game.spec)

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while dealing, ``TERMINAL`` at the end."""
        return self.core.current_player()

    def is_terminal(self) -> bool:
        """The deals asked for have been played, or the game is over."""
        return self.core.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        return self.core.legal_actions()

    def apply_action(self, action: int) -> None:
        """Apply ``action``; a bool is refused (``unknown_action``) before pyspiel, which would
        turn ``True`` into action 1, sees it. C++ callers reach :meth:`_apply_action` directly
        and pass whole numbers only."""
        super().apply_action(whole_action(action))

    def child(self, action: int) -> EuchrekitState:
        """The state after ``action`` (this one unchanged); a bool is refused, as in
        :meth:`apply_action`."""
        return super().child(whole_action(action))  # type: ignore[no-any-return]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The first dealer (every seat alike), then the cards not dealt yet (all alike)."""
        return self.core.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.core.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.core.action_to_string(player, action)

    def returns(self) -> list[float]:
        """Each seat's points over the deals played, toward its goal; 0 before the end."""
        return self.core.returns()

    def __str__(self) -> str:
        return str(self.core)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any
                                ) -> EuchrekitState:
        """A state ``player_id`` cannot tell from this one (:mod:`engine.adapters.resample`),
        for information-set searches such as OpenSpiel's ISMCTS; ``probability_sampler()``
        seeds the draw."""
        rng = random.Random(int(probability_sampler() * 2**32))
        core, _ = resample(self.core, player_id, rng)
        other = self.get_game().new_initial_state()
        for action in core.history:
            other.apply_action(action)
        return other  # type: ignore[no-any-return]  # pyspiel is untyped


class EuchrekitObserver:
    """OpenSpiel's Python observer: ``tensor``, its named parts in ``dict``, ``set_from`` and
    ``string_from`` for one seat."""

    def __init__(self, spec: GameSpec, *, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        slots = spec.decisions_per_deal if perfect_recall else 0
        self.slot_size = MAX_SEATS + ACTION_SLOT
        self.tensor = np.zeros(OBSERVATION_SIZE + slots * self.slot_size, np.float32)
        self.dict = {"observation": self.tensor[:OBSERVATION_SIZE]}
        if perfect_recall:
            self.dict["history"] = self.tensor[OBSERVATION_SIZE:].reshape(slots, self.slot_size)

    def set_from(self, state: EuchrekitState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees of ``state``."""
        state.core.encode(player, self.dict["observation"])
        if self.perfect_recall:
            history = self.dict["history"]
            history.fill(0.0)
            state.core.encode_history(player, history)

    def string_from(self, state: EuchrekitState, player: int) -> str:
        """The information-state string (perfect recall) or the observation string."""
        if self.perfect_recall:
            return state.core.information_state(player)
        return state.core.observation(player)


def load_game(name_or_path: str = "standard", **params: Any) -> Any:
    """The OpenSpiel game of a variant (a shipped name or a path), with ``hands=N`` deals (1
    by default; 0: the whole game)."""
    return pyspiel.load_game(SHORT_NAME, {"variant": str(name_or_path), **params})


pyspiel.register_game(_GAME_TYPE, EuchrekitGame)
