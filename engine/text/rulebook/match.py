"""The rule book's section on matches (``game.match``: RAIL-A5, MATCH-A1 to MATCH-A4): how
many games make a match, when it stops, laps, slam, who wins it and the rubber bonus. A
variant without match rules has no such section.

>>> from engine import load_variant
>>> [rule.text.split(":")[0] for rule in match_section(load_variant("railroad")).rules][:2]
['The games are played in matches of 3 games, one after another', 'Laps']
>>> match_section(load_variant("standard")) is None
True
"""

from __future__ import annotations

from engine.mechanics.wording import setting
from engine.rules.variant import Variant
from engine.text.rulebook.model import Rule, Section

__all__ = ["match_section"]


def match_section(v: Variant) -> Section | None:
    """The match rules in words, or None when every game stands alone."""
    match = v.game.match
    if match is None:
        return None
    who = "side" if v.sides.kind == "teams" else "player"
    target, start = v.game.target, v.game.start
    rules = []
    if match.best_of is not None:
        needed = match.needed
        rules.append(Rule(
            text=f"The games are played in matches of the best of {match.best_of}: the first "
            f"{who} to win {needed} games wins the match, and the match stops there; so the "
            f"last game is played only when the {who}s are level, each one game short "
            "(MATCH-A1).",
            alternative=f"With {setting('game.match.games', match.best_of)} instead of "
            "`best_of`, every game of the match is played."))
    else:
        rules.append(Rule(
            text=f"The games are played in matches of {match.games} games, one after another: "
            f"all {match.games} are played, and the {who} credited with the most games wins "
            "the match; if the most is shared, the match is tied.",
            alternative=f"With {setting('game.match.best_of', _odd(match.games))} the match "
            "stops as soon as it is decided (MATCH-A1)."))
    if match.laps:
        rules.append(Rule(
            text=f"Laps: the points the winner of a game scored past {target} carry to the "
            f"next game of the match, as the score he starts it with; the others start "
            f"again from {start} (RAIL-A5).",
            alternative=f"With {setting('game.match.laps', False)} every game starts afresh."))
    else:
        rules.append(Rule(
            text=f"Every game of the match starts afresh at {start}; points past {target} "
            "are not carried.",
            alternative=f"With {setting('game.match.laps', True)} the points past the target "
            "carry to the next game (RAIL-A5)."))
    two = ("; it counts once toward winning the best of "
           f"{match.best_of} (MATCH-A3)" if match.best_of is not None else "")
    if match.slam:
        rules.append(Rule(
            text="Slam: a game won before the losers scored (still at the score they began "
            f"it with) is credited as two games{two}.",
            alternative=f"With {setting('game.match.slam', False)} every game counts one."))
    else:
        rules.append(Rule(
            text="Every game won counts one, however little the losers scored.",
            alternative=f"With {setting('game.match.slam', True)} a game won before the "
            "losers scored counts two (RAIL-A5)."))
    if match.rubber_bonus:
        rules.append(Rule(
            text=f"Rubber bonus: the {who} that wins the match scores {match.rubber_bonus} "
            f"points more for it; each {who}'s match points are the games credited to it "
            f"(a slam two) plus, for the winner, the {match.rubber_bonus} (MATCH-A2).",
            alternative=f"Without {setting('game.match.rubber_bonus', match.rubber_bonus)} "
            "the match is only won, not scored."))
    return Section(title="The match", rules=tuple(rules))


def _odd(games: int) -> int:
    return games if games % 2 else games + 1
