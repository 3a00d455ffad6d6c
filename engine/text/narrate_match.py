"""A match in words (``game.match``, MATCH-A1 to MATCH-A4): which game is being played, the
match score, and who won the match, for the terminal and the browser.

>>> from engine import load_variant
>>> from engine.play.match import Match
>>> from engine.text.narrate import Narrator
>>> match = Match(load_variant("railroad"), seed=5)
>>> narrator = Narrator(match.variant, you=2)
>>> game_heading(match, narrator)
'Game 1 of 3 of the match. Match score: North-South 0, East-West 0.'
"""

from __future__ import annotations

from engine.play.match import Match
from engine.text.narrate import Narrator

__all__ = ["game_heading", "match_kind", "match_score", "match_verdict"]


def match_kind(match: Match) -> str:
    """``of 3`` or ``(best of 3)``: how long the match is."""
    rules = match.rules
    return f"(best of {rules.best_of})" if rules.best_of is not None else f"of {rules.games}"


def match_score(match: Match, narrator: Narrator) -> str:
    """``North-South 1, East-West 0`` (games won; games credited beside it where a slam
    made them differ; match points with the rubber bonus once the match is won)."""
    wins, credits = match.wins, match.credits
    parts = []
    for side in match.sides:
        seat = side[0]
        text = f"{narrator.side(side)} {wins[seat]}"
        if credits[seat] != wins[seat]:
            text += f" ({credits[seat]} with slams counted double)"
        parts.append(text)
    return ", ".join(parts)


def game_heading(match: Match, narrator: Narrator) -> str:
    """The line that opens a game of a match: ``Game 2 of 3 of the match (best of 3)...``."""
    rules = match.rules
    number = match.number
    if rules.best_of is not None:
        head = f"Game {number} of the match, best of {rules.best_of}"
        if number == rules.best_of:
            head += " (the deciding game)"
    else:
        head = f"Game {number} of {rules.games} of the match"
    laps = ""
    begun = match.begun()
    start = match.variant.game.start
    carried = [side for side in match.sides if begun[side[0]] != start]
    if carried:
        laps = " Laps carried: " + ", ".join(
            f"{narrator.side(side)} start at {begun[side[0]]}" for side in carried) + "."
    return f"{head}. Match score: {match_score(match, narrator)}.{laps}"


def match_verdict(match: Match, narrator: Narrator, *, you: int) -> str:
    """The end of a game of a match: the match score, and once it is over who won it (with
    the rubber bonus, MATCH-A2)."""
    last = match.played[-1]
    slam = " It counts as two games (a slam)." if last.credit == 2 else ""
    if not match.over:
        return (f"Game {len(match.played)} of the match is over.{slam} Match score: "
                f"{match_score(match, narrator)}.")
    winners = match.winners
    if not winners:
        return f"The match is over and tied.{slam} Match score: {match_score(match, narrator)}."
    who = "You" if you in winners else narrator.side(winners)
    if you in winners and len(winners) > 1:
        who = "You and " + " and ".join(narrator.names[s] for s in winners if s != you)
    verb = "win" if who.startswith("You") or len(winners) > 1 else "wins"
    text = (f"{who} {verb} the match.{slam} Match score: {match_score(match, narrator)}.")
    bonus = match.rules.rubber_bonus
    if bonus or match.rules.best_of is not None:
        points = match.points
        text += " Match points: " + ", ".join(
            f"{narrator.side(side)} {points[side[0]]}" for side in match.sides)
        text += f" (the rubber bonus of {bonus} included)." if bonus else "."
    return text
