"""``euchre play NAME_OR_PATH [--seat K] [--seed S] [--bots ...] [--save F] [--resume F]``.

A human plays one seat at the terminal; bots play the others. Before each of the human's
decisions the table is shown from that seat's :class:`~engine.view.View` only, then the
numbered legal actions. An answer is a number from the list, an action name (``order_up``,
``call:H``), or a bare card code (``JH``, ``10h``) for the one ``play:``/``discard:`` of that
card; ``help`` lists the options again and ``quit`` stops. Input and output are looked up on
``sys`` at call time so tests can drive a game.
"""

from __future__ import annotations

import argparse
import io
import secrets
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from engine import cards as C
from engine.bots import Bot, make_bot, parse_bots
from engine.cli.replay_command import load_game
from engine.errors import EuchreError, IllegalActionError
from engine.loader import load_variant
from engine.narrate import After, Narrator, seat_names, sorted_hand
from engine.records import write_record
from engine.simulate import derive_seed
from engine.state import State

__all__ = ["MAX_LINE", "register"]

MAX_LINE = 200
"""Longer input lines are refused unread: no answer needs more than a few characters."""

_HELP = ("Answer with a number from the list, an action name (order_up, call:H, bid:4), or a "
         "card (JH, 10h) to play or discard it; 'help' shows the options, 'quit' stops.")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play`` to the ``euchre`` parser."""
    p = sub.add_parser(
        "play", help="play a variant at the terminal against bots",
        description="Play one seat of a variant against bots. Answer each prompt with a number "
        "from the list, an action name, or a card code such as JH; 'help' and 'quit' work "
        "everywhere. End of input or Ctrl-C leaves the game (saved, with --save).")
    p.add_argument("variant", metavar="NAME_OR_PATH", nargs="?",
                   help="a shipped name or a .yaml file (optional with --resume)")
    p.add_argument("--seat", help="your seat: a number from 0 or a name such as South "
                   "(default South with four players, else seat 0)")
    p.add_argument("--seed", type=int, help="deal seed (default: a random one, printed)")
    p.add_argument("--bots", default="heuristic",
                   help="one bot for every other seat, or one per seat, comma-separated "
                   "(random, heuristic; default heuristic)")
    p.add_argument("--save", metavar="FILE", help="write the game record here after every action")
    p.add_argument("--resume", metavar="FILE", help="continue the game saved in this record "
                   "(and keep saving to it, unless --save names another file)")
    p.set_defaults(run=_play)


class _Quit(Exception):
    """The human left the game (quit, end of input or Ctrl-C); ``message`` says how."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass
class _Game:
    """One game at the terminal: the state, the human's seat, the bots and the streams."""

    state: State
    seat: int
    bots: dict[int, Bot]
    narrator: Narrator
    save: Path | None
    inp: TextIO
    out: TextIO

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def run(self) -> int:
        try:
            while not self.state.is_terminal():
                self._step()
        except KeyboardInterrupt:
            return self.run_ended(_Quit("\nInterrupted: you left the game."))
        except _Quit as stop:
            return self.run_ended(stop)
        self.say(self.narrator.winners_line(self.state.winners, self.state.scores))
        return 0

    def run_ended(self, stop: _Quit) -> int:
        """Say how the game was left (and where it is saved); exit code 0."""
        self.say(stop.message)
        if self.save:
            self.say(f"The game is saved in {self.save}; continue it with --resume {self.save}.")
        return 0

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
            self.say(self.narrator.hand_header(s))
        if self.save:
            write_record(self.save, s)

    # -- the human's turn ------------------------------------------------------------------

    def _ask(self) -> int:
        """Show the table and the options; read until a legal answer. Returns an action id."""
        self.say()
        for line in self.narrator.view_lines(self.state.view(self.seat)):
            self.say(line)
        self.say(self._question())
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

    def _question(self) -> str:
        """The question above the options, from the phase and what is legal."""
        legal = self.state.legal_actions()
        if any(name.startswith("discard:") for name in legal):
            size = self.state.variant.deal.hand_size
            return f"Discard a card (you keep {size})."
        if "pick_up" in legal or "merge" in legal:
            return "Take it, or keep your hand?"
        return _QUESTIONS.get(self.state.phase, "Your move:")

    def _choices(self) -> list[str]:
        """The legal actions in menu order: cards in the order the hand is shown."""
        s = self.state
        order = {c: i for i, c in enumerate(sorted_hand(s.hands[self.seat], s.trump))}
        names = s.legal_actions()
        return sorted(names, key=lambda n: order.get(_card_in(n), -1))

    def _options(self) -> None:
        for number, name in enumerate(self._choices(), start=1):
            self.say(f"  {number:>2}. {name}{_card_hint(name)}")

    def _read(self) -> str | None:
        """One line from the input, checked; ``None`` when the prompt should be repeated."""
        print(f"{self.narrator.names[self.seat]}> ", end="", file=self.out, flush=True)
        raw = self.inp.readline(MAX_LINE + 2)
        if not raw:
            raise _Quit("\nEnd of input: you left the game.")
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
        """The action id an answer means (``None`` after ``help``); raises ``ValueError`` or
        ``IllegalActionError`` with what is wrong."""
        word = text.lower()
        legal = self._choices()
        if word in ("help", "?"):
            self.say(_HELP)
            self._options()
            return None
        if word in ("quit", "exit"):
            raise _Quit("You left the game.")
        if word.isascii() and word.isdigit():
            number = int(word)
            if not 1 <= number <= len(legal):
                raise ValueError(f"There is no option {text}: choose 1 to {len(legal)}.")
            return self.state.action_id(legal[number - 1])
        a = self.state.action_id(self._name_of(text))
        if a not in self.state.legal_action_ids():
            # Raises IllegalActionError with the reason, unless it is a renege the variant
            # allows; tried on a copy, since the caller applies the answer to the game.
            self.state.clone().apply(a)
        return a

    def _name_of(self, text: str) -> str:
        """An action name from a typed name or bare card code (``10h`` -> ``play:TH``)."""
        kind, colon, arg = text.lower().partition(":")
        if colon and kind in ("play", "discard"):
            return f"{kind}:{C.card_name(_card_or_fail(arg, text))}"
        if colon or kind in _SIMPLE_NAMES:
            try:
                return self.state.action_name(self.state.action_id(text))
            except IllegalActionError:
                raise ValueError(_unknown(text)) from None
        code = C.card_name(_card_or_fail(text, text))
        matches = [n for n in self.state.legal_actions() if n.partition(":")[2] == code]
        if len(matches) == 1:
            return matches[0]
        return ("discard:" if self.state.phase in _DISCARD_PHASES else "play:") + code


_QUESTIONS = {
    "upcard_bidding": "Your bid: order up, name a suit or pass?",
    "go_alone": "Go alone, or pass?",
    "auction": "Your bid (or pass)?",
    "name_trump": "You won the bidding: name trump.",
    "play": "Your card:",
}
"""The question each phase asks above the numbered options (discards: see ``_question``)."""

_SIMPLE_NAMES = ("pass", "order_up", "pick_up", "keep", "alone", "merge", "swap")
_DISCARD_PHASES = ("dealer_pickup", "dummy_merge")


def _card_or_fail(code: str, text: str) -> int:
    """The card ``code`` names; a ``ValueError`` quoting the whole answer ``text`` if none."""
    try:
        return C.card(code)
    except ValueError:
        raise ValueError(_unknown(text)) from None


def _unknown(text: str) -> str:
    return (f"{text!r} is not an option, an action or a card. {_HELP}")


def _card_in(name: str) -> int:
    """The card of a ``play:``/``discard:`` name, else -1."""
    kind, _, arg = name.partition(":")
    return C.card(arg) if kind in ("play", "discard") else -1


def _card_hint(name: str) -> str:
    kind, _, arg = name.partition(":")
    if kind in ("play", "discard"):
        return f"   {C.pretty(C.card(arg))}"
    return ""


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


# -- setting a game up ---------------------------------------------------------------------


def _play(args: argparse.Namespace) -> int:
    out: TextIO = sys.stdout
    state, seed = _start(args, out)
    n = state.variant.players
    seat = _seat(args.seat, n)
    names = _bot_names(args.bots, n, seat)
    bots = {s: make_bot(names[s], state.variant, s, derive_seed(seed, "bot", s))
            for s in range(n) if s != seat}
    narrator = Narrator(state.variant, you=seat)
    save_to = args.save or args.resume
    save = Path(save_to) if save_to else None
    if save:
        write_record(save, state)
    print(f"{state.variant.name}: {state.variant.description}", file=out)
    print(f"Seed {seed}. You are {narrator.names[seat]}; bots: "
          + ", ".join(f"{narrator.seat(s)} {names[s]}" for s in bots) + ".", file=out)
    if not state.history:
        print(narrator.hand_header(state), file=out)
    game = _Game(state, seat, bots, narrator, save, _lenient(sys.stdin), out)
    return game.run()


def _lenient(stream: TextIO | None) -> TextIO:
    """The keyboard, made to read bytes that are not UTF-8 as U+FFFD (then refused as an
    answer) where it would raise: a strict text stream that fails to decode drops the whole
    buffered chunk, answers around the bad bytes included. No keyboard at all (standard input
    closed) is the end of input."""
    if stream is None:
        return io.StringIO()
    if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
        stream.reconfigure(errors="replace")
    return stream


def _start(args: argparse.Namespace, out: TextIO) -> tuple[State, int]:
    """A new game, or the one in ``--resume`` replayed; returns it and its seed."""
    if not args.resume:
        if not args.variant:
            raise EuchreError("name a variant to play (e.g. `euchre play standard`), or give "
                              "--resume FILE")
        seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
        return State(load_variant(args.variant), seed=seed), seed
    _, state = load_game(args.resume)
    if args.seed is not None and args.seed != state.seed:
        raise EuchreError(f"--seed {args.seed} does not match the saved game's seed "
                          f"{state.seed}; leave --seed out when resuming")
    if args.variant and load_variant(args.variant).rules_hash != state.variant.rules_hash:
        raise EuchreError(f"{args.resume} is a game of {state.variant.name!r}, not of "
                          f"{args.variant!r}")
    print(f"Resuming {args.resume}: {len(state.history)} actions replayed.", file=out)
    return state, state.seed


def _seat(text: str | None, players: int) -> int:
    """``--seat``: a number or a seat name; the default is South at four, else seat 0."""
    names = seat_names(players)
    if text is None:
        return 2 if players == 4 else 0
    wanted = text.strip().lower()
    for seat, name in enumerate(names):
        if wanted in (str(seat), name.lower()) or (players == 4 and wanted == name[0].lower()):
            return seat
    raise EuchreError(f"--seat {text!r} is not a seat of this {players}-player game: use 0 to "
                      f"{players - 1} or one of {', '.join(names)}")


def _bot_names(spec: str, players: int, human: int) -> list[str]:
    """One bot name per seat from ``--bots`` (the human's own entry, if any, is unused)."""
    parts = [p.strip() for p in spec.split(",") if p.strip()]
    if len(parts) == players - 1 and players > 2:
        parts.insert(human, parts[0])
    return parse_bots(",".join(parts), players)
