"""A hint in a player's words, the same at the terminal and in the browser.

The best bot (``BEST_BOT``, the solver) chooses; its reason is the heuristic bot's rule when
that bot would do the same ("your partner is winning: throw a low card"), else how clearly the
choice came out best over the deals sampled; the bot's own figures stay apart, for whoever
asks for them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.bots import BEST_BOT, BotSpec, make_bot
from engine.play.state import State

__all__ = ["Advice", "advise", "how_clear"]

RULE_BOT = BotSpec(name="heuristic")
"""The bot whose rules of thumb say a hint's reason."""


@dataclass(frozen=True, slots=True)
class Advice:
    """What to do (an action id), why in words, and the figures behind it."""

    action: int
    why: str
    numbers: str


def advise(state: State, seat: int, seed: int) -> Advice:
    """The hint for ``seat`` (its turn) in ``state``; ``seed`` makes the bots (the same seed,
    the same hint)."""
    action, numbers = make_bot(BEST_BOT, state.variant, seat, seed).advise(state)
    if len(state.legal_action_ids()) == 1:
        return Advice(action, "it is your only choice", numbers)
    rule_action, rule = make_bot(RULE_BOT, state.variant, seat, seed).advise(state)
    if rule and rule_action == action:
        why = rule.replace("worth about", "worth only about") \
            if state.action_name(action) == "pass" else rule
    else:
        why = how_clear(numbers)
    return Advice(action, why, numbers)


def how_clear(numbers: str) -> str:
    """How clearly a choice came out best, in words, from the best bot's figures (``+0.34
    points a hand against the table's mean; best in 88% of 25 sampled deals``).

    >>> how_clear("+0.34 points a hand against the table's mean; best in 88% of 25 sampled deals")
    'it came out best in almost every way the hidden cards could lie'
    >>> how_clear("-0.10 points ...; best in 44% of 25 sampled deals")
    'a close call: it did best more often than any other choice, but not by much'
    """
    found = re.search(r"best in (\d+)%", numbers)
    share = int(found[1]) if found else -1
    if share >= 80:
        return "it came out best in almost every way the hidden cards could lie"
    if share >= 55:
        return "it came out best in most of the ways the hidden cards could lie"
    if share >= 0:
        return "a close call: it did best more often than any other choice, but not by much"
    return ""
