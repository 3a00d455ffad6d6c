"""A match: the games of a variant with match rules (``game.match``) played one after another.

A :class:`Match` holds the games finished so far (:class:`MatchGame`: where each began, how it
ended, how many games its winners were credited with) and starts the next one: from the laps
the last winners carried, with its own seed. It says which game is in progress (game 2 of 3),
the match score (games won, games credited, a slam two), whether the match is over (all its
games played, or a best-of match decided: MATCH-A1) and who won it, with the rubber bonus
(MATCH-A2). ``euchre play`` plays a match at the terminal, records save where a match stands
(:meth:`Match.to_json`), and the browser table shows the match score.

>>> from engine import load_variant
>>> match = Match(load_variant("railroad"), seed=5)
>>> match.number, match.over, match.state.seed
(1, False, 5)
>>> match.finish(match.state)  # the game is not over yet
Traceback (most recent call last):
...
ValueError: the game in progress is not over
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.errors import RecordError
from engine.core.seeds import derive_seed
from engine.play.state import State
from engine.rules.match_rules import MatchRules, leaders
from engine.rules.variant import Variant

__all__ = ["Match", "MatchGame", "game_seed"]


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` (from 1) of the match whose first game has ``seed``: the
    first game keeps it, each later one is derived from it (the same way ``euchre play``
    derives the seed of another game)."""
    for _ in range(number - 1):
        seed = _next_seed(seed)
    return seed


def _next_seed(seed: int) -> int:
    return derive_seed(seed, "again") % 1_000_000


@dataclass(frozen=True, slots=True)
class MatchGame:
    """One finished game of a match: its seed, the scores it began and ended with, its
    winners and the games they were credited with (2 for a slam)."""

    seed: int
    begun: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    credit: int

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "begun": list(self.begun), "scores": list(self.scores),
                "winners": list(self.winners), "credit": self.credit}

    @classmethod
    def from_json(cls, data: Any) -> MatchGame:
        keys = {"seed", "begun", "scores", "winners", "credit"}
        if not isinstance(data, dict) or set(data) != keys:
            raise RecordError("the record's `match` is not valid: each finished game holds "
                              "`seed`, `begun`, `scores`, `winners` and `credit`, no more")
        try:
            return cls(seed=int(data["seed"]), begun=tuple(data["begun"]),
                       scores=tuple(data["scores"]), winners=tuple(data["winners"]),
                       credit=int(data["credit"]))
        except (KeyError, TypeError, ValueError):
            raise RecordError("the record's `match` is not valid: each finished game needs "
                              "`seed`, `begun`, `scores`, `winners` and `credit`") from None


class Match:
    """A match in progress: its finished games and the game being played (:attr:`state`)."""

    def __init__(self, variant: Variant, *, seed: int,
                 played: Sequence[MatchGame] = (), state: State | None = None) -> None:
        rules = variant.game.match
        if rules is None:
            raise ValueError(f"{variant.name} has no match rules (game.match)")
        self.variant = variant
        self.rules: MatchRules = rules
        self.seed = seed
        """The seed of the match's first game (each later game's is derived from it)."""
        self.played: list[MatchGame] = list(played)
        self.state = state if state is not None else self._new_state()
        self.counted = False
        """The game in progress is over and counted in :attr:`played` (:meth:`finish`)."""

    # -- the games ---------------------------------------------------------------------------

    @property
    def number(self) -> int:
        """The number of the game in progress (or just finished and counted)."""
        return len(self.played) + (0 if self.counted else 1)

    def begun(self) -> list[int]:
        """The scores the next game starts from: the laps the last game's winners carried."""
        game = self.variant.game
        if not self.played:
            return [game.start] * self.variant.players
        last = self.played[-1]
        return self.rules.carry(last.scores, winners=last.winners, target=game.target,
                                start=game.start)

    def _new_state(self, seed: int | None = None) -> State:
        begun = self.begun()
        fresh = all(score == self.variant.game.start for score in begun)
        if seed is None:
            seed = game_seed(self.seed, len(self.played) + 1)
        return State(self.variant, seed=seed, scores=None if fresh else begun)

    def finish(self, state: State) -> MatchGame:
        """Count the game ``state`` (the one in progress, now over) in the match."""
        if state is not self.state or not state.is_terminal() or self.counted:
            raise ValueError("the game in progress is not over")
        begun = self.begun()
        credit = self.rules.credit(begun=begun, scores=state.scores, winners=state.winners)
        done = MatchGame(seed=state.seed, begun=tuple(begun), scores=tuple(state.scores),
                         winners=tuple(state.winners), credit=credit)
        self.played.append(done)
        self.counted = True
        return done

    def next_game(self, seed: int | None = None) -> State:
        """Start the next game of the match (it must not be over), from ``seed`` or the seed
        derived from the first game's (:func:`game_seed`: where the seed is no secret, as at
        the terminal; the browser, which keeps a game's seed secret until it is over, gives
        a fresh one, else the first game's seed would tell the next game's cards)."""
        if self.over:
            raise ValueError("the match is over")
        self.state = self._new_state(seed)
        self.counted = False
        return self.state

    # -- the score ---------------------------------------------------------------------------

    @property
    def wins(self) -> list[int]:
        """Games won by each seat (a slam one)."""
        return _wins(self.played, self.variant.players)

    @property
    def credits(self) -> list[int]:
        """Games credited to each seat (a slam two)."""
        out = [0] * self.variant.players
        for game in self.played:
            for seat in game.winners:
                out[seat] += game.credit
        return out

    @property
    def over(self) -> bool:
        """All the match's games are played, or a best-of match is decided (MATCH-A1)."""
        return self.rules.over(wins=self.wins, played=len(self.played))

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the match (once it is over; () for a tied match)."""
        if not self.over:
            return ()
        standing = self.rules.standing(wins=self.wins, credits=self.credits)
        return leaders(standing, self.sides)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The match's sides: the fixed teams, or every seat alone."""
        teams = self.variant.sides.teams
        return tuple(teams) if teams else tuple((seat,) for seat in range(self.variant.players))

    @property
    def points(self) -> list[int]:
        """Each seat's match points: games credited, plus the rubber bonus for the winners."""
        return self.rules.points(credits=self.credits, winners=self.winners)

    # -- records -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Where the match stood when its game in progress began, for that game's record:
        the first game's seed and the games finished before it (``record.match``)."""
        before = self.played[:len(self.played) - self.counted]  # not the game of the record
        return {"seed": self.seed, "played": [game.to_json() for game in before]}

    @classmethod
    def from_json(cls, variant: Variant, data: Mapping[str, Any], state: State) -> Match:
        """The match a record's ``match`` describes, its game in progress ``state`` (the
        record's game, replayed); the game must start where the finished games' laps left
        the match, and the match must not be over before it. (The finished games are told,
        not replayed: the record's digest vouches for them.)"""
        if variant.game.match is None:
            raise RecordError("the record has a `match`, but its variant has no match rules")
        try:
            seed = int(data["seed"])
            played = [MatchGame.from_json(g) for g in data["played"]]
        except (KeyError, TypeError, ValueError):
            raise RecordError("the record's `match` is not valid: it needs `seed` and "
                              "`played`") from None
        match = cls(variant, seed=seed, played=played, state=state)
        begun = match.begun()
        start = state.initial_scores or [variant.game.start] * variant.players
        if list(start) != begun:
            raise RecordError(f"the record's game starts at {list(start)}, but the match's "
                              f"laps say {begun}")
        if match.rules.over(wins=_wins(played, variant.players), played=len(played)):
            raise RecordError("the record's match was already over before its game")
        return match


def _wins(played: Sequence[MatchGame], players: int) -> list[int]:
    out = [0] * players
    for game in played:
        for seat in game.winners:
            out[seat] += 1
    return out
