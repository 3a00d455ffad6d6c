"""The ``game`` part of the schema: the starting score, the target and which way scores go
(up, or down in a countdown game), who may win (BID-A7), a fixed number of hands, a losing
score (GAME-A1, GAME-A2), ties and the safety stop. Kept beside
:mod:`engine.rules.schema_base` (which is at its size limit); compiled by the compiler's
``game`` step into :class:`~engine.rules.variant.GameRules`."""

from __future__ import annotations

from typing import Any

__all__ = ["GAME"]

GAME: dict[str, Any] = {
    "description": "When the game ends.",
    "type": "object",
    "additionalProperties": False,
    "default": {},
    "properties": {
        "target": {
            "description": (
                "A side wins when its score is at least this after a hand (STD-A10). A "
                "countdown game (`goal: down`) has no target: it is won at 0 or less. "
                "Default: 10."
            ),
            "type": "integer",
            "minimum": 1,
            "maximum": 1000,
            "default": 10,
        },
        "start": {
            "description": (
                "Every seat's score when the game starts (a countdown game starts high, "
                "e.g. 25). Default: 0."
            ),
            "type": "integer",
            "minimum": -1000,
            "maximum": 1000,
        },
        "goal": {
            "description": (
                "`up`: scores count up to the target; `down`: a countdown game, won by "
                "reaching 0 or less (set `start` above 0 and give negative points for what "
                "is won). Default: up."
            ),
            "enum": ["up", "down"],
        },
        "win": {
            "description": (
                "`reach`: any side at the target wins; `contract_result`: a side may win "
                "only at the end of a hand in which it made its contract or set the makers, "
                "so defenders who reach the target while the makers make their bid play on "
                "(BID-A7). Default: reach."
            ),
            "enum": ["reach", "contract_result"],
        },
        "match": {
            "description": (
                "Match rules that link games into a match or rubber (RAIL-A5, MATCH-A1 to "
                "MATCH-A4): `euchre play` plays the games of a match one after another, and "
                "`simulate` plays its games as matches. Absent: every game stands alone."
            ),
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "games": {
                    "description": (
                        "How many games make a match: `simulate` plays game 1 to `games` of "
                        "each match in turn (laps carry from one to the next) and reports "
                        "the games credited to each side. Default: 3."
                    ),
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 100,
                },
                "best_of": {
                    "description": (
                        "A match of the best of this many games (odd), stopping once decided: "
                        "the first side to win more than half of them wins the match, so the "
                        "third game of a best of three is played only at one game each "
                        "(MATCH-A1). Write either `games` or `best_of`. Absent: all `games` "
                        "are played."
                    ),
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 99,
                },
                "rubber_bonus": {
                    "description": (
                        "Rubber bonus: points the side winning the match adds to the games "
                        "credited to it (a game counts one, a slam two), as in rubber Euchre, "
                        "where the rubber is worth 2 (MATCH-A2). Default: 0."
                    ),
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 100,
                },
                "laps": {
                    "description": (
                        "Laps: the points a side wins past the target carry to the next game "
                        "of the match, as its starting score. Default: false."
                    ),
                    "type": "boolean",
                },
                "slam": {
                    "description": (
                        "Slam: a side that wins a game before the other side scores (the "
                        "losers still at the score they started the game with) is credited "
                        "with two games. Default: false."
                    ),
                    "type": "boolean",
                },
            },
        },
        "hands": {
            "description": (
                "A game of a fixed number of hands (party \"progressive\" Euchre: 8): the "
                "game ends after this many scored hands (thrown-in deals do not count, "
                "GAME-A1) and the best score wins; there is no target (do not write "
                "`target` or `win` beside it). Absent: the game is played to the target."
            ),
            "type": "integer",
            "minimum": 1,
            "maximum": 1000,
        },
        "lose_at": {
            "description": (
                "A losing score (Five Hundred: -500): a side whose score is at or below it "
                "after a hand loses at once, and the best of the other sides wins, unless a "
                "side reached the target on that hand: it wins (GAME-A2). Must be below "
                "`start`. Absent: no score loses."
            ),
            "type": "integer",
            "minimum": -1000000,
            "maximum": 1000,
        },
        "tie": {
            "description": (
                "Several sides at or over the target after one hand: the highest wins (the "
                "lowest with `goal: down`); if the best is shared, `play_on` plays further "
                "hands (CTD-A10, GH-A12), `shared` lets them share the win. "
                "Default: play_on."
            ),
            "enum": ["play_on", "shared"],
            "default": "play_on",
        },
        "max_hands": {
            "description": (
                "Safety stop: a game ends after this many hands (thrown-in deals included) "
                "with the highest score winning. Default: 1000."
            ),
            "type": "integer",
            "minimum": 1,
            "maximum": 1000,
            "default": 1000,
        },
    },
}
