"""One game of ``euchre play`` at the terminal: the loop, the prompt and the narration.

Each hand starts with its header and the human's cards; the bots' moves are told as they come
(their quiet ones together, :class:`~engine.cli.play_prompt.QuietLines`). At each question the
table shows what was not narrated (the contract at the tricks, the trick, the hand), then the
numbered options in words; ``table`` shows it all. A lone legal move is played for the human
with one line unless ``ask_forced`` (where reneging is allowed a lone card that follows suit is
still asked, and a renege is played only once confirmed, STD-A8). Several discards go in one
answer (``9C TD``, ``1 3``); ``hint`` says what the best bot would do and why
(:func:`engine.bots.advice.advise`), ``why`` its figures. Each card played tells the card
winning the trick so far. Bots wait ``delay`` seconds first. Every line goes through
:func:`~engine.core.printable.printable`, then :class:`~engine.cli.play_style.Styler`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TextIO

from engine.bots import Bot
from engine.bots.advice import advise
from engine.cli.play_answers import (
    HELP,
    action_for,
    menu,
    question_for,
    refusal_line,
    renege_word,
    several,
)
from engine.cli.play_prompt import MAX_LINE, Prompt, QuietLines, Quit
from engine.cli.play_style import PLAIN, Marks, Styler
from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import IllegalActionError
from engine.core.printable import printable
from engine.core.seeds import derive_seed
from engine.mechanics.events import (
    CardPlayed,
    Dealt,
    Event,
    HandScored,
    ThrownIn,
    TrickVoided,
    TrickWon,
    for_seat,
)
from engine.play.match import Match
from engine.play.records import Seating, write_record
from engine.play.state import State
from engine.text.narrate import Narrator, hand_text

__all__ = ["MAX_LINE", "Quit", "Table", "TableOptions"]

def _sleep(seconds: float) -> None:
    """``time.sleep``, looked up when called (so that a test can replace it)."""
    time.sleep(seconds)


@dataclass(frozen=True, slots=True, kw_only=True)
class TableOptions:
    """How the table plays: ``delay`` seconds before each bot's action (through ``sleep``),
    ``ask_forced`` to ask even a move with one legal action, ``colour`` the output, and the
    ``hint`` bot that sits in the human's seat to answer ``hint`` (none: no hints)."""

    delay: float = 0.0
    ask_forced: bool = False
    colour: bool = False
    hint: Bot | None = None
    sleep: Callable[[float], None] = _sleep


@dataclass
class Table:
    """One game at the terminal: the state, the human's seat, the bots and the streams;
    ``save`` and ``seating`` (stored in the record) when the game is saved."""

    state: State
    seat: int
    bots: dict[int, Bot]
    narrator: Narrator
    save: Path | None
    seating: Seating
    inp: TextIO
    out: TextIO
    options: TableOptions = field(default_factory=TableOptions)
    match: Match | None = None
    """The match this game is one of (``game.match``), saved with its record."""
    styler: Styler = field(init=False)
    prompt: Prompt = field(init=False)
    quiet: QuietLines = field(init=False, default_factory=QuietLines)
    figures: str = field(init=False, default="")  # the last hint's, for `why`
    """The bots' quiet moves not said yet (said together before the next other line)."""
    shown: tuple[int, str] = field(init=False, default=(-1, ""))
    """The hand and phase of the last table shown."""
    hand_shown: tuple[int, str, int] = field(init=False, default=(-1, "", 0))
    """The hand number, the phase and the cards of the last hand line shown."""

    def __post_init__(self) -> None:
        self.styler = Styler(self.out, self.narrator.names[self.seat],
                             colour=self.options.colour)
        self.prompt = Prompt(self.inp, self.out, self.styler, self.narrator.names[self.seat])

    def say(self, text: str = "", marks: Marks | None = None) -> None:
        """Show one line (or several), made printable; ``marks`` say what to colour (by
        default, what the human's view shows: :meth:`marks`)."""
        if marks is None:
            marks = self.marks() if self.options.colour else PLAIN
        for line in [*self.quiet.flush(), *printable(text, keep_newlines=True).split("\n")]:
            self.styler.line(printable(line), marks)

    def marks(self, events: Sequence[Event] = (), *, heading: bool = False,
              hint: bool = False) -> Marks:
        """What the colour of a line reads (:mod:`engine.cli.play_style`): the cards the
        human's view and ``events`` (as he may see them) show, and the card winning the trick
        in progress, as the latest card's event says."""
        s = self.state
        view = s.view(self.seat)
        cards = view.hand | view.discards | view.seen
        for card in (view.upcard, view.turned):
            cards |= 1 << card if card >= 0 else 0
        for _, card in (*view.played, *view.trick):
            cards |= 1 << card
        for event in events:
            cards |= event.shows()
        winning = -1
        if len(view.trick) > 1:
            played = next(e for e in reversed(s.events) if isinstance(e, CardPlayed))
            winning = next((c for seat, c in view.trick if seat == played.winner), -1)
        return Marks(cards=cards, winning=winning, heading=heading, hint=hint)

    def say_deal(self) -> None:
        """A new hand's header and the human's cards as dealt."""
        header, hand = self.deal_lines()
        self.say(header, self.marks(heading=True) if self.options.colour else PLAIN)
        self.say(hand)
        s = self.state
        self.hand_shown = (s.hand_no, s.phase, s.hand.hands[self.seat])

    def run(self) -> int:
        """Play to the end of the game or until the human leaves; exit code 0."""
        try:
            while not self.state.is_terminal():
                self._step()
        except KeyboardInterrupt:
            return self.run_ended(Quit("\nInterrupted: you left the game."))
        except Quit as stop:
            return self.run_ended(stop)
        self.say(self.ending())
        return 0

    def run_ended(self, stop: Quit) -> int:
        """Say how the game was left (and where it is saved); exit code 0."""
        self.say(stop.message)
        if self.save:
            self.say(f"The game is saved in {self.save}; continue it with --resume {self.save}.")
        return 0

    def again(self) -> bool:
        """After a finished game: whether the human wants another (``yes``; anything else, or
        the end of input, is no)."""
        self.say("Play again? (yes/no)")
        try:
            while True:
                text = self.prompt.read()
                if text is not None:
                    return text.lower() in ("yes", "y")
        except (Quit, KeyboardInterrupt):
            return False

    def deal_lines(self) -> list[str]:
        """A new hand's header and the human's cards as dealt."""
        s = self.state
        h = s.hand
        return [f"{self.narrator.hand_header(s)} Score: {self.narrator.score_line(s.scores)}",
                f"Your hand ({self.narrator.names[self.seat]}): "
                f"{hand_text(h.hands[self.seat], h.trump, s.variant.deck)}"]

    def ending(self) -> str:
        """The end of the game, said to the player: ``You win the game`` (``You and North win
        the game``) or ``You lose: East-West win the game``, with the final score."""
        s = self.state
        final = f"Final score: {self.narrator.score_line(s.scores)}"
        played = sum(1 for r in s.hands_played if r.scored)
        if self.seat in s.winners:
            others = "".join(f" and {self.narrator.names[w]}" for w in s.winners
                             if w != self.seat)
            why = self.narrator.end_reason(s.winners, s.scores, played=played)
            return f"You{others} win the game{why}. {final}"
        return f"You lose: {self.narrator.winners_line(s.winners, s.scores, played=played)}"

    def _step(self) -> None:
        s = self.state
        actor = s.current_player
        if actor != self.seat:
            action = self.bots[actor].act(s)
            # a quiet move that joins the line being gathered is not waited for
            joins = self.quiet.same(self._quiet_words(actor, action) or "\0")
            if self.options.delay > 0 and not joins:
                self.options.sleep(self.options.delay)
            self._apply(actor, [action])
            return
        forced = self._forced()
        if forced is not None:
            self._apply(actor, [forced], note=" (the only legal move)")
        else:
            self._apply(actor, self._ask())

    def _forced(self) -> int | None:
        """The human's only legal action, to be played without asking; ``None`` when there is
        a choice (or ``ask_forced``). Where reneging is allowed a card that follows suit is
        not forced while the hand holds another card to renege with."""
        s = self.state
        legal = s.legal_action_ids()
        if self.options.ask_forced or len(legal) != 1:
            return None
        if (s.phase == "play" and s.variant.renege.allowed
                and s.hand.hands[self.seat].bit_count() > 1):
            return None
        return legal[0]

    def _apply(self, actor: int, actions: list[int], *, note: str = "") -> None:
        """Apply ``actions`` of ``actor`` in turn, each told with what it brought about."""
        for a in actions:
            s, dealer = self.state, self.state.dealer  # the dealer of this action's hand
            quiet = self._quiet_words(actor, a)
            events = for_seat(s.apply(a), self.seat)
            played = events[0]
            if quiet and len(events) == 1 and not self.narrator.after(events):
                self.quiet.add(self.narrator.seat(actor), quiet)
                if self.save:
                    write_record(self.save, s, table=self.seating)
                continue
            line = self.narrator.action_line(played, dealer=dealer) + note
            if isinstance(played, CardPlayed) and not any(
                    isinstance(e, TrickWon | TrickVoided) for e in events):
                line += self.narrator.trick_progress(played, s.view(self.seat).trick)
            marks = self.marks(events) if self.options.colour else PLAIN
            if quiet and self.quiet.same(quiet):  # the last of a run: said with it, then
                self.quiet.add(self.narrator.seat(actor), quiet)  # what it brought about
                *earlier, line = self.quiet.flush()
                for text in earlier:
                    self.say(text, marks)
            self.say(line, marks)
            for text in self.narrator.after(events):
                summary = any(isinstance(e, HandScored | ThrownIn) for e in events) and \
                    text.startswith(f"Hand {s.hands_played[-1].hand},")
                self.say(text, replace(marks, heading=True) if summary else marks)
            if any(isinstance(e, Dealt) for e in events) and not s.is_terminal():
                self.say()
                self.say_deal()
            if self.save:
                write_record(self.save, s, table=self.seating, match=self.match)

    def _quiet_words(self, actor: int, action: int) -> str:
        """What a bot's move that shows nothing does (``does not go alone``, ``discards``
        face down), in the third person; empty for any other move."""
        if actor == self.seat:
            return ""
        name = self.state.action_name(action)
        if name != "pass" and not (name.startswith("discard:") and A.kind_of(action).private):
            return ""
        line = self.narrator.action(actor, name, phase=self.state.phase, viewer=self.seat)
        return line.removeprefix(f"{self.narrator.seat(actor)} ")

    # -- the human's turn ------------------------------------------------------------------

    def _ask(self) -> list[int]:
        """Show the table and the options; read until a legal answer. Returns action ids."""
        self.say()
        self._table(full=False)
        self.say(question_for(self.state))
        self._options()
        while True:
            text = self.prompt.read()
            if text is None:
                continue
            try:
                answer = self._answer(text)
            except IllegalActionError as exc:
                self.say(refusal_line(exc))
            except ValueError as exc:
                self.say(str(exc))
            else:
                if answer is not None:
                    return answer

    def _table(self, *, full: bool) -> None:
        """The table from the human's view: in full when asked (``table``) and at the first
        question of a resumed game; at a new phase what it needs that was not narrated (the
        contract, the extra hands, the trick, the hand); else the trick in progress and the
        hand. Before the tricks the hand is left out while it is as last shown."""
        s = self.state
        view = s.view(self.seat)
        events = s.events_for(self.seat)
        if full or self.hand_shown[0] < 0:  # asked, or nothing shown yet (a resumed game)
            lines = self.narrator.view_lines(view, events)
        elif self.shown != (s.hand_no, s.phase):
            lines = self.narrator.view_lines(view, events, recap=False)
        else:
            lines = [self.narrator.trick_line(view)] if s.phase == "play" else []
            lines.append(self.narrator.hand_line(view))
        if lines[-1] == self.narrator.hand_line(view) and not full and s.phase != "play" \
                and self.hand_shown == (s.hand_no, s.phase, view.hand):
            lines.pop()  # shown already in this phase, and unchanged (a card is always asked
            # with the hand above it)
        self.shown = (s.hand_no, s.phase)
        self.hand_shown = (s.hand_no, s.phase, view.hand)
        for line in lines:
            self.say(line)

    def _choices(self) -> list[int]:
        """The legal action ids in menu order (:func:`menu`)."""
        return menu(self.state, self.seat)

    def _options(self) -> None:
        for number, a in enumerate(self._choices(), start=1):
            self.say(f"  {number:>2}. {self._option(a)}")

    def _option(self, action: int) -> str:
        """An option in a player's words (``order up``, ``name clubs ♣ as trump``, ``K♠``)."""
        s, name = self.state, self.state.action_name(action)
        return self.narrator.option(self.seat, name, phase=s.phase, dealer=s.dealer)

    def _answer(self, text: str) -> list[int] | None:
        """The action ids an answer means (``None``: ask again); raises ``ValueError`` or
        ``IllegalActionError`` with what is wrong."""
        word = text.lower()
        legal = self._choices()
        if word in ("help", "?"):
            self.say(HELP)
            self._options()
            return None
        if word in ("quit", "exit"):
            raise Quit("You left the game.")
        if word == "hint":
            self._hint(legal)
            return None
        if word == "why":
            self.say(self.figures or "Ask for a 'hint' first.")
            return None
        if word == "table":
            self._table(full=True)
            self._options()
            return None
        parts = text.replace(",", " ").split()
        if len(parts) > 1:
            return several(self.state, parts, legal)
        if word.isascii() and word.isdigit():
            number = int(word)
            if not 1 <= number <= len(legal):
                raise ValueError(f"There is no option {text}: choose 1 to {len(legal)}.")
            return [legal[number - 1]]
        a = action_for(self.state, text)
        if a not in self.state.legal_action_ids() and not self._renege_confirmed(a):
            return None
        return [a]

    def _hint(self, legal: list[int]) -> None:
        """``Hint: 3. J♥ (your partner is winning: throw a low card)``; ``why`` then gives the
        search's figures (:func:`engine.bots.advice.advise`)."""
        if self.options.hint is None:
            self.say("No hint here.")
            return
        s = self.state
        advice = advise(s, self.seat, derive_seed(s.seed, "hint", len(s.history)))
        number = f"{legal.index(advice.action) + 1}. " if advice.action in legal else ""
        self.figures = advice.numbers
        self.say(f"Hint: {number}{self._option(advice.action)}"
                 + (f" ({advice.why})" if advice.why else "") + " Type 'why' for the figures.",
                 self.marks(hint=True) if self.options.colour else PLAIN)

    def _renege_confirmed(self, action: int) -> bool:
        """Ask before a renege the variant allows: which suit must be followed, what it costs."""
        s = self.state
        h = s.hand
        card = C.pretty(A.card_of(action))
        cost = self.narrator.renege_cost(self.seat, maker_alone=h.maker in h.alone)
        if s.variant.renege.correct:  # RENEGE-A1: it counts only if left standing
            cost += ", unless you take it back before the trick is turned"
        self.say(f"{card} does not follow {renege_word(s)}, which you hold: that is a renege. "
                 f"It costs: {cost}. Play it anyway? (yes/no)")
        while True:
            text = self.prompt.read()
            if text is not None:
                break
        if text.lower() in ("yes", "y"):
            return True
        self.say("Choose again.")
        self._options()
        return False
