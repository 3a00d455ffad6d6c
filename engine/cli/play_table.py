"""One game of ``euchre play`` at the terminal: the loop, the prompt and the narration.

Before each of the human's decisions the table is shown from that seat's
:class:`~engine.play.view.View` only, then the question
(:func:`~engine.cli.play_answers.question_for`) and the numbered legal actions. Every hand
starts with its header and the human's cards, even when the bots settle the bidding before the
human is asked anything. A card that does not follow suit, in a variant that allows reneging
(STD-A8), is played only after the human confirms it, told which suit must be followed and what
the renege costs. Every line shown goes through :func:`~engine.core.printable.printable`: names
from a variant file or a record may hold escape sequences.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from engine.bots import Bot
from engine.cli.play_answers import HELP, action_for, card_hint, card_in, question_for, renege_word
from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import IllegalActionError
from engine.core.printable import printable
from engine.play.records import write_record
from engine.play.state import State
from engine.text.narrate import After, Narrator, hand_text, sorted_hand

__all__ = ["MAX_LINE", "Quit", "Table"]

MAX_LINE = 200
"""Longer input lines are refused unread: no answer needs more than a few characters."""


class Quit(Exception):
    """The human left the game (quit, end of input or Ctrl-C); ``message`` says how."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass
class Table:
    """One game at the terminal: the state, the human's seat, the bots and the streams;
    ``save`` and ``seating`` (stored in the record) when the game is saved."""

    state: State
    seat: int
    bots: dict[int, Bot]
    narrator: Narrator
    save: Path | None
    seating: Mapping[str, Any]
    inp: TextIO
    out: TextIO

    def say(self, text: str = "") -> None:
        """Show one line (or several), made printable."""
        print(printable(text, keep_newlines=True), file=self.out)

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

    def deal_lines(self) -> list[str]:
        """A new hand's header and the human's cards as dealt."""
        s = self.state
        h = s.hand
        return [self.narrator.hand_header(s),
                f"Your hand ({self.narrator.names[self.seat]}): "
                f"{hand_text(h.hands[self.seat], h.trump)}"]

    def ending(self) -> str:
        """The end of the game, said to the player: ``You win the game`` (``You and North win
        the game``) or ``You lose: East-West win the game``, with the final score."""
        s = self.state
        final = f"Final score: {self.narrator.score_line(s.scores)}"
        if self.seat in s.winners:
            others = "".join(f" and {self.narrator.names[w]}" for w in s.winners
                             if w != self.seat)
            return f"You{others} win the game. {final}"
        return f"You lose: {self.narrator.winners_line(s.winners, s.scores)}"

    def _step(self) -> None:
        s = self.state
        actor = s.current_player
        if actor == self.seat:
            action = s.action_name(self._ask())
        else:
            action = s.action_name(self.bots[actor].act(s))
        was = After.before(s, action)
        s.apply(action)
        self.say(self.narrator.action(actor, action, phase=was.phase, viewer=self.seat))
        for line in self.narrator.after(was, s):
            self.say(line)
        if s.hand_no != was.hand_no and not s.is_terminal():
            self.say()
            for line in self.deal_lines():
                self.say(line)
        if self.save:
            write_record(self.save, s, table=self.seating)

    # -- the human's turn ------------------------------------------------------------------

    def _ask(self) -> int:
        """Show the table and the options; read until a legal answer. Returns an action id."""
        self.say()
        for line in self.narrator.view_lines(self.state.view(self.seat)):
            self.say(line)
        self.say(question_for(self.state))
        self._options()
        while True:
            text = self._read()
            if text is None:
                continue
            try:
                answer = self._answer(text)
            except IllegalActionError as exc:
                self.say(f"Not allowed: {exc.reason}.")
            except ValueError as exc:
                self.say(str(exc))
            else:
                if answer is not None:
                    return answer

    def _choices(self) -> list[str]:
        """The legal actions in menu order: cards in the order the hand is shown."""
        s = self.state
        h = s.hand
        order = {c: i for i, c in enumerate(sorted_hand(h.hands[self.seat], h.trump))}
        return sorted(s.legal_actions(), key=lambda n: order.get(card_in(n), -1))

    def _options(self) -> None:
        for number, name in enumerate(self._choices(), start=1):
            self.say(f"  {number:>2}. {name}{card_hint(name)}")

    def _read(self) -> str | None:
        """One line from the input, checked; ``None`` when the prompt should be repeated."""
        print(f"{self.narrator.names[self.seat]}> ", end="", file=self.out, flush=True)
        raw = self.inp.readline(MAX_LINE + 2)
        if not raw:
            raise Quit("\nEnd of input: you left the game.")
        text = raw.rstrip("\r\n")
        if not _is_terminal(self.inp):  # echo piped answers, so transcripts read well
            print("".join(ch if ch.isprintable() else "?" for ch in text[:MAX_LINE]),
                  file=self.out)
        if len(text) > MAX_LINE:
            self._skip_rest(raw)
            self.say(f"That line is longer than {MAX_LINE} characters; answers are short, "
                     "e.g. 1, pass or JH.")
            return None
        if any(unicodedata.category(ch).startswith("C") for ch in text):
            self.say("Control characters are not accepted; type plain text, e.g. 1 or JH.")
            return None
        return text.strip() or None

    def _skip_rest(self, start: str) -> None:
        """Read and drop the rest of an over-long line, a bounded piece at a time."""
        chunk = start
        while chunk and not chunk.endswith("\n"):
            chunk = self.inp.readline(4096)

    def _answer(self, text: str) -> int | None:
        """The action id an answer means (``None``: ask again); raises ``ValueError`` or
        ``IllegalActionError`` with what is wrong."""
        word = text.lower()
        legal = self._choices()
        if word in ("help", "?"):
            self.say(HELP)
            self._options()
            return None
        if word in ("quit", "exit"):
            raise Quit("You left the game.")
        if word.isascii() and word.isdigit():
            number = int(word)
            if not 1 <= number <= len(legal):
                raise ValueError(f"There is no option {text}: choose 1 to {len(legal)}.")
            return self.state.action_id(legal[number - 1])
        a = action_for(self.state, text)
        if a not in self.state.legal_action_ids() and not self._renege_confirmed(a):
            return None
        return a

    def _renege_confirmed(self, action: int) -> bool:
        """Ask before a renege the variant allows: which suit must be followed, what it costs."""
        s = self.state
        h = s.hand
        card = C.pretty(action - A.PLAY)
        cost = self.narrator.renege_cost(self.seat, maker_alone=h.maker in h.alone)
        self.say(f"{card} does not follow {renege_word(s)}, which you hold: that is a renege. "
                 f"It costs: {cost}. Play it anyway? (yes/no)")
        while True:
            text = self._read()
            if text is not None:
                break
        if text.lower() in ("yes", "y"):
            return True
        self.say("Choose again.")
        self._options()
        return False


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
