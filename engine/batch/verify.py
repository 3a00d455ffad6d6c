"""``--verify K``: replay batch games through the scalar interpreter.

Each logged game is started in the scalar engine with the batch game's deals (every hand,
thrown-in ones included: :class:`~engine.rules.results.Deal`), and its action ids are applied
one by one with :meth:`State.apply_fast`, which refuses an illegal action with the reason. The game
must then be over with the same scores and winners. Any difference is a bug of a batch
kernel, reported with the game and the action where it happened.

>>> from engine import load_variant
>>> from engine.batch.run import compile_kernels, play_batch
>>> standard = load_variant("standard")
>>> _, logs = play_batch(standard, compile_kernels(standard), seed=1, index=0, size=20,
...                      games=20, logged=5)
>>> [verify_game(standard, log) for log in logs]
[None, None, None, None, None]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.batch.run import GameLog
from engine.bots.base import Bot
from engine.bots.greedy import GreedyBot
from engine.bots.heuristic import HeuristicBot
from engine.core.bot_spec import BotSpec
from engine.core.errors import EuchreError
from engine.mechanics.base import TERMINAL
from engine.play.state import State
from engine.rules.variant import Variant

__all__ = ["verify_game", "verify_games"]


def verify_game(variant: Variant, log: GameLog, *, bots: Sequence[BotSpec] = ()
                ) -> str | None:
    """What is wrong with one batch game replayed through the scalar engine, or None. A
    seat played by ``greedy`` or ``heuristic`` must also have chosen what the scalar bot of
    that name chooses in the same position, except the heuristic's blind calls (it sees no
    card: it draws one from its own generator, the batch bot from the batch's)."""
    state = State(variant, seed=0, deals=list(log.deals), scores=log.begun)
    greedy: dict[int, Bot] = {seat: GreedyBot(variant, seat, 0)
                              for seat, spec in enumerate(bots) if spec.name == "greedy"}
    greedy.update({seat: HeuristicBot(variant, seat, 0) for seat, spec in enumerate(bots)
                   if spec.name == "heuristic"})
    for step, action in enumerate(log.actions):
        if state.current == TERMINAL:
            return f"game {log.index}: over after {step} actions, the batch played more"
        bot = greedy.get(state.current)
        if bot is not None and bot.name == "heuristic" and not state.view(state.current).hand:
            bot = None  # a blind call (a joker turned up): the bot draws it, only legal here
        if bot is not None and (wanted := bot.act(state)) != action:
            return (f"game {log.index}, action {step + 1}: the batch's {bot.name} seat "
                    f"{state.current} played {state.action_name(action)}, the scalar {bot.name} "
                    f"bot {state.action_name(wanted)}")
        try:
            state.apply_fast(action)  # an action not legal raises the reason
        except EuchreError as error:
            return f"game {log.index}, action {step + 1}: {error}"
    if state.current != TERMINAL:
        return f"game {log.index}: not over after the batch's {len(log.actions)} actions"
    if tuple(state.scores) != log.scores or tuple(state.winners) != log.winners:
        return (f"game {log.index}: the scalar engine ends {list(state.scores)} won by "
                f"{list(state.winners)}, the batch {list(log.scores)} won by {list(log.winners)}")
    return None


def verify_games(variant: Variant, logs: Iterable[GameLog], *, bots: Sequence[BotSpec] = ()
                 ) -> list[str]:
    """The problems found in the given games (empty: all replayed legally, same results)."""
    return [problem for log in logs
            if (problem := verify_game(variant, log, bots=bots)) is not None]
