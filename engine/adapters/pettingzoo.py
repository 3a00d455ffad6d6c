"""Every variant as a PettingZoo AEC environment (the ``pettingzoo`` extra).

>>> e = env("two-handed")
>>> e.reset(seed=7)
>>> e.agents, e.agent_selection
(['player_0', 'player_1'], 'player_1')
>>> observation, reward, terminated, truncated, info = e.last()
>>> observation["observation"].shape == (OBSERVATION_SIZE,), int(observation["action_mask"].sum())
(True, 2)
>>> e.step(int(observation["action_mask"].nonzero()[0][0]))   # pass

Agents are ``player_0`` ... one per seat. Actions are the engine's action ids
(:mod:`engine.core.actions`): ``Discrete(1152)`` for every variant, with the legal ones in the
observation's ``action_mask``. Observations are ``{"observation": Box, "action_mask": Box}``:
the observation is the fixed-size encoding of the seat's view (:mod:`engine.adapters.encoding`,
``docs/encodings.md``), the same size for every variant. An episode is ``hands`` deals (1 by
default, as in :mod:`engine.adapters.openspiel`; 0: the whole game); when a deal ends, each
agent is rewarded the points it scored (sign turned over in a count-down game, so more is
better). ``reset(seed=N)`` plays the game the engine plays with seed ``N`` (every shuffle and
the first dealer come from it); ``reset()`` draws the next seed from the environment's own
generator. ``render()`` gives text: the seat to act's view and the scores.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]  # no stubs for pettingzoo

from engine.adapters import game_shape
from engine.adapters.encoding import NUM_ACTIONS, OBSERVATION_SIZE, OFFSETS, Encoder, describe
from engine.adapters.refusal import refuse, whole_action
from engine.play.state import State
from engine.rules.loader import load_variant
from engine.rules.variant import Variant

__all__ = ["EuchrekitEnv", "env"]


def env(name_or_path: str = "standard", render_mode: str | None = None, *,
        hands: int = 1) -> EuchrekitEnv:
    """The AEC environment of a variant (a shipped name or a path to a variant file)."""
    return EuchrekitEnv(name_or_path, render_mode=render_mode, hands=hands)


def _observation_space() -> spaces.Dict:
    low = np.zeros(OBSERVATION_SIZE, np.float32)
    high = np.ones(OBSERVATION_SIZE, np.float32)
    for piece in ("hand_sizes", "scores"):  # a dealer holds six cards; scores go anywhere
        start = OFFSETS[piece]
        high[start:start + 6] = np.inf
    low[OFFSETS["scores"]:OFFSETS["scores"] + 6] = -np.inf
    return spaces.Dict({
        "observation": spaces.Box(low=low, high=high, dtype=np.float32),
        "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
    })


class EuchrekitEnv(AECEnv):  # type: ignore[misc]  # AECEnv is untyped
    """One variant as an AEC environment (see the module docstring)."""

    RENDER_MODES: ClassVar[tuple[str, ...]] = ("ansi", "human")
    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES),
                                          "name": "euchrekit_v0", "is_parallelizable": False}

    def __init__(self, name_or_path: str = "standard", render_mode: str | None = None, *,
                 hands: int = 1) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {list(self.RENDER_MODES)} or None, "
                             f"not {render_mode!r}")
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 0:
            raise ValueError(f"`hands` must be a whole number of deals, 0 for the whole "
                             f"game, not {hands!r}")
        self.variant: Variant = load_variant(name_or_path)
        game_shape.check_returns(self.variant, deals=hands or self.variant.game.max_hands)
        self.render_mode = render_mode
        self.hands = hands
        self.encoder = Encoder(self.variant)
        n = self.variant.players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self.agents = list(self.possible_agents)
        self._observation_space = _observation_space()
        self._action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self.action_spaces = {a: self._action_space for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.game: State | None = None
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` space for every agent and variant."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(1152)``: the engine's action ids."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: from ``seed`` when given, else from the next seed of the environment's
        own generator (seeded by the last ``seed`` given)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seeds.integers(2**31))
        self.game = State(self.variant, seed=game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._finished = 0
        self.agent_selection = self.possible_agents[self.game.current_player]

    def _over(self) -> bool:
        g = self.game
        assert g is not None
        return g.is_terminal() or (self.hands > 0 and len(g.hands_played) >= self.hands)

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's encoded view and its action mask (all 0 when it is not to act)."""
        g = self.game
        if g is None:
            raise RuntimeError("call reset() before observe()")
        seat = self.possible_agents.index(agent)
        out = np.zeros(OBSERVATION_SIZE, np.float32)
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if self._over():
            self.encoder.encode_dealing(seat=seat, dealer=-1, scores=list(g.scores), out=out,
                                        over=True)
        else:
            self.encoder.encode(g.view(seat), out)
            if g.current_player == seat:
                mask[list(g.legal_action_ids())] = 1  # a tuple would index dimensions
        return {"observation": out, "action_mask": mask}

    def step(self, action: int) -> None:
        """The selected agent acts. An action that is not a whole number (a float, a bool, a
        string), not legal now, or a renege raises a ``ValueError`` that is an
        :class:`~engine.core.errors.IllegalActionError` (its ``kind`` and reason), and
        nothing changes (:class:`~engine.adapters.refusal.RefusedAction`)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self.game
        assert g is not None
        a = whole_action(action)  # refused before anything is applied (a float, a bool...)
        if a not in g.legal_action_ids():
            refuse(g, a)
        self._cumulative_rewards[agent] = 0.0
        g.apply(a)
        self.rewards = {a: 0.0 for a in self.agents}
        played = g.hands_played
        limit = self.hands or len(played)
        for record in played[self._finished:limit]:
            for seat, points in enumerate(game_shape.toward_goal(self.variant, record.deltas)):
                self.rewards[self.possible_agents[seat]] += points
        self._finished = min(len(played), limit)
        if self._over():
            self.terminations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[g.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The seat to act's view and the scores as text (printed in ``human`` mode)."""
        if self.render_mode is None:
            return None
        g = self.game
        if g is None:
            text = f"{self.variant.name}: not started (call reset())"
        elif self._over():
            text = f"{self.variant.name}: over after {len(g.hands_played)} deal(s); " \
                   f"scores {list(g.scores)}"
        else:
            seat = g.current_player
            text = f"{self.variant.name}: {describe(g.view(seat))}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
