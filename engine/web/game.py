"""One game at the browser table: the state, the human's seat, the bots and what was said.

The bots play until it is the human's turn (or the game is over); each action and what it
brought about is narrated from the human's seat (:mod:`engine.text.narrate`), so the log shows
exactly what a player at that seat would see. The human's action is checked by the engine
itself (:meth:`State.check` raises :class:`~engine.core.errors.IllegalActionError` with the
reason and its kind); the name a click posts is read into an action id once, and the id applied.

The seed deals every hand, so a seat that knew it could work out the bots' hidden cards: the
log tells it only when the game is over (with its SHA-256 from the start, so the player may
check that the deals were not chosen as the game went), unless the player chose it himself.

>>> from engine import load_variant
>>> game = WebGame.start(load_variant("standard"), seed=5)
>>> game.state.current_player == game.seat or game.state.is_terminal()
True
>>> game.log[0][:73]
'standard: the seed is told when the game is over (its SHA-256 begins ef2d'
>>> WebGame.start(load_variant("standard"), seed=5, seed_shown=True).log[0][:19]
'standard: seed 5. Y'
"""

from __future__ import annotations

import hashlib
import secrets
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.bots import Bot, BotSpec, make_bot
from engine.bots.advice import advise
from engine.core.errors import IllegalActionError, Refusal
from engine.mechanics.events import Dealt, Event, TrickVoided, TrickWon, for_seat
from engine.play.match import Match
from engine.play.records import GameRecord, Seating, match_of, record_of
from engine.play.state import State
from engine.rules.variant import Variant
from engine.sim.simulate import derive_seed
from engine.text.narrate import Narrator
from engine.text.narrate_match import game_heading, match_verdict

__all__ = ["CONTINUE", "DEFAULT_BOT", "MAX_LOG", "NEXT_GAME", "WebGame", "seed_commitment"]

DEFAULT_BOT = BotSpec(name="heuristic")
CONTINUE = "continue"
"""What the result panel's button posts: this seat has read the last hand's result."""
NEXT_GAME = "next_game"
"""What the table's button posts for the next game of a match (no action of a game)."""
MAX_LOG = 400
"""Lines of narration kept per game (the side panel shows the latest)."""


def seed_commitment(seed: int) -> str:
    """The SHA-256 of a seed's decimal digits, shown while the seed is secret.

    >>> seed_commitment(5)[:12]
    'ef2d127de37b'
    """
    return hashlib.sha256(str(seed).encode()).hexdigest()


@dataclass(eq=False)
class WebGame:
    """A game in a browser session. ``title`` is the variant's name as the table shows it
    (``-yours`` added to a shipped name whose rules are not the shipped ones), ``shipped``
    whether its rules are the shipped variant's of that name (a New game link plays the same
    game). ``hint`` holds the last hint asked for, until the next action."""

    state: State
    seat: int
    bots: dict[int, Bot]
    bot_names: list[BotSpec | None]
    narrator: Narrator
    title: str
    shipped: bool = False
    log: deque[str] = field(default_factory=lambda: deque(maxlen=MAX_LOG))
    hint: str = ""
    hint_why: str = ""
    hint_numbers: str = ""
    last_trick: tuple[tuple[int, int], ...] = ()
    """The last trick completed in the hand in progress, as (seat, card) in play order: the
    bots may have played on since, and the table still shows it."""
    gathered: tuple[tuple[int, int], ...] = ()
    """The last trick of the hand before, gathered at the deal (no card of it lies on the
    table: the next hand's may be the same cards); the result panel says it in words."""
    match: Match | None = None
    """The match this game is one of (``game.match``); None: a game alone."""
    tricks_done: int = 0
    """Tricks completed (or voided) in the game so far: each card played has an id of its
    trick's number, so a page can tell which plays it has not shown yet."""
    results_seen: int = 0
    """The hands whose result this seat has read (its table shows the last hand's result
    until it continues, or acts)."""
    peers: list[WebGame] = field(default_factory=list)
    """The games of the other people at a shared table (:mod:`engine.web.tables`): the same
    state, bots and match, each seen and narrated from its own seat. Empty: one person."""

    @classmethod
    def start(cls, variant: Variant, *, seed: int, seat: int = 0, title: str = "",
              shipped: bool = False, seed_shown: bool = False) -> WebGame:
        """A new game, the human at ``seat`` against the default bots, played up to the
        human's first decision. The log tells the seed at once only if ``seed_shown`` (the
        player chose it)."""
        return cls.around(State(variant, seed=seed), seat=seat,
                          bot_names=[None if s == seat else DEFAULT_BOT
                                     for s in range(variant.players)],
                          title=title or variant.name, shipped=shipped, seed_shown=seed_shown)

    @classmethod
    def resume(cls, record: GameRecord, state: State, *, title: str,
               shipped: bool) -> WebGame:
        """The game of a checked record (``state`` is its replay), at the seat and with the
        bots the record stores (seat 0 and the default bots when it stores none)."""
        players = state.variant.players
        table = record.table
        human, bots = ((table.human, list(table.bots))
                       if table is not None and table.fits(players)
                       else (0, [None, *[DEFAULT_BOT] * (players - 1)]))
        match = match_of(record, state)
        if match is None and state.variant.game.match and state.initial_scores is None:
            match = Match(state.variant, seed=state.seed, state=state)  # an older record
        game = cls.around(state, seat=human, bot_names=bots, title=title,
                          shipped=shipped, match=match)
        game.log.appendleft(f"Resumed a saved game: {len(state.history)} actions replayed.")
        return game

    @classmethod
    def around(cls, state: State, *, seat: int, bot_names: list[BotSpec | None], title: str,
               shipped: bool, seed_shown: bool = False,
               match: Match | None = None, run: bool = True) -> WebGame:
        """A game of ``state`` with these seats; the bots then play up to the human (unless
        not ``run``). A variant with match rules plays ``state`` as a game of ``match`` (a new
        match when none is given). ``bot_names`` holds None at each person's seat."""
        v = state.variant
        bots = {s: make_bot(name, v, s, derive_seed(state.seed, "bot", s))
                for s, name in enumerate(bot_names) if name is not None}
        narrator = Narrator(v, you=seat)
        if match is None and v.game.match is not None and not state.history:
            match = Match(v, seed=state.seed, state=state)
        game = cls(state=state, seat=seat, bots=bots, bot_names=bot_names, narrator=narrator,
                   title=title, shipped=shipped, match=match,
                   results_seen=len(state.hands_played))
        seed = (f"seed {state.seed}." if seed_shown else "the seed is told when the game is "
                f"over (its SHA-256 begins {seed_commitment(state.seed)[:16]}).")
        people = [narrator.names[p] for p, name in enumerate(bot_names)
                  if name is None and p != seat]
        others = (f"{', '.join(people)} {'is a person' if len(people) == 1 else 'are people'}"
                  "; the other seats are" if people else "the other seats are")
        game.log.append(f"{title}: {seed} You are {narrator.names[seat]}; {others} "
                        f"{DEFAULT_BOT} bots.")
        if match is not None:
            game.log.append(game_heading(match, narrator))
            if state.is_terminal():  # a record of a finished game: it counts in its match
                match.finish(state)
                game.log.append(match_verdict(match, narrator, you=seat))
        if not state.is_terminal():
            game.log.append(narrator.hand_header(state))
        if run:
            game.run_bots()
        return game

    @property
    def table(self) -> Seating:
        """Who sat where, as a record stores it (``euchre play --resume`` reads it too). At a
        shared table the other people's seats are stored as the default bot: a record
        resumed plays on with this seat's person alone."""
        return Seating(human=self.seat, bots=tuple(
            None if s == self.seat else (name or DEFAULT_BOT)
            for s, name in enumerate(self.bot_names)))

    def record(self) -> GameRecord:
        """The game's record so far (:mod:`engine.play.records`)."""
        return record_of(self.state, table=self.table, match=self.match)

    def play(self, action: str | int) -> None:
        """The human's action (the name a click posts, read into an id once here, or an id),
        then the bots' up to the human's next turn. Raises :class:`IllegalActionError` (with
        the reason and its kind) for an action that is not legal now; nothing changes then."""
        s = self.state
        if action == NEXT_GAME and self.next_game_due:
            self.next_game()
            return
        if action == CONTINUE:
            if not self.result_pending:
                raise IllegalActionError(CONTINUE, "there is no hand result to close",
                                         kind=Refusal.WRONG_PHASE)
            self.results_seen = len(s.hands_played)
            return
        a = s.action_id(action)  # an unknown name raises with the list of action names
        s.check(a, seat=self.seat)  # the engine says why (the game over, not his turn...)
        if a not in s.legal_action_ids():
            # A card the variant would accept as a renege (STD-A8): not offered here.
            raise IllegalActionError(s.action_name(a), "that card does not follow suit (the "
                                     "browser table does not offer reneges)",
                                     kind=Refusal.MUST_FOLLOW_SUIT)
        self.results_seen = len(s.hands_played)  # acting, the seat has read the result
        self._apply(a)
        self.run_bots()

    @property
    def result_pending(self) -> bool:
        """A hand has ended since this seat last acted or continued, and the game goes on:
        its table shows the hand's result (``#hand-result``) until it continues."""
        s = self.state
        return not s.is_terminal() and len(s.hands_played) > self.results_seen

    @property
    def next_game_due(self) -> bool:
        """The game is over and its match goes on: the table offers the next game."""
        return (self.match is not None and self.state.is_terminal()
                and self.match.counted and not self.match.over)

    def next_game(self) -> None:
        """The next game of the match, from a fresh secret seed (the last game's seed, told
        now, must not tell this one's cards), the same seats and bots; the bots play up to
        the human."""
        assert self.match is not None
        state = self.match.next_game(seed=secrets.randbelow(1_000_000))
        v = state.variant
        bots = {s: make_bot(name, v, s, derive_seed(state.seed, "bot", s))
                for s, name in enumerate(self.bot_names) if name is not None}
        for game in (self, *self.peers):
            game.state, game.bots = state, bots
            game.last_trick, game.gathered, game.hint, game.results_seen = (), (), "", 0
            game.log.append(f"The next game: the seed is told when it is over (its SHA-256 "
                            f"begins {seed_commitment(state.seed)[:16]}).")
            game.log.append(game_heading(self.match, game.narrator))
            game.log.append(game.narrator.hand_header(state))
        self.run_bots()

    def run_bots(self) -> None:
        """The bots act until it is a person's turn or the game is over."""
        s = self.state
        while not s.is_terminal() and s.current_player in self.bots:
            self._apply(self.bots[s.current_player].act(s))

    def hint_for(self) -> str:
        """What the hint bot would do in the seat's place (an action name). Its reason in a
        player's words goes to :attr:`hint_why`: the heuristic bot's card-play or bidding
        rule when it chooses the same, else how clearly the choice came out best; the hint
        bot's own figures (its numbers on demand) to :attr:`hint_numbers`."""
        s = self.state
        advice = advise(s, self.seat, derive_seed(s.seed, "hint", len(s.history)))
        self.hint_numbers, self.hint_why = advice.numbers, advice.why
        return s.action_name(advice.action)

    def _apply(self, a: int) -> None:
        raw = self.state.apply(a)
        for game in (self, *self.peers):
            game.tell(raw)

    def tell(self, raw: Sequence[Event]) -> None:
        """What an action brought about, as this seat may see it, into its log."""
        s = self.state
        events = for_seat(raw, self.seat)  # what the human's seat may see
        self.hint = ""
        for event in events:
            if isinstance(event, TrickWon | TrickVoided):
                self.last_trick = tuple(zip(event.seats, event.cards, strict=True))
                self.tricks_done += 1
        n = self.narrator
        self.log.append(n.action_line(events[0]))
        self.log.extend(n.after(events))
        if any(isinstance(e, Dealt) for e in events) and not s.is_terminal():
            self.gathered, self.last_trick = self.last_trick, ()
            self.log.append(n.hand_header(s))
        if s.is_terminal():
            self.log.append(self.ending())
            if self.match is not None:
                if not self.match.counted:  # once, by the first seat told
                    self.match.finish(s)
                self.log.append(match_verdict(self.match, n, you=self.seat))
            self.log.append(f"The seed was {s.seed} (SHA-256 {seed_commitment(s.seed)}); "
                            "the saved record replays every card.")

    def ending(self) -> str:
        """``You win the game ...`` or ``You lose: ...``, with the final score."""
        s = self.state
        n = self.narrator
        played = sum(1 for r in s.hands_played if r.scored)
        if self.seat in s.winners:
            why = n.end_reason(s.winners, s.scores, played=played)
            return f"You win the game{why}. Final score: {n.score_line(s.scores)}"
        return f"You lose: {n.winners_line(s.winners, s.scores, played=played)}"
