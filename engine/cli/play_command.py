"""``euchre play NAME_OR_PATH [--seat K] [--seed S] [--bots ...] [--save F [--force]]
[--resume F] [--delay SECONDS] [--ask-forced]``.

A human plays one seat at the terminal; bots play the others (the game itself:
:mod:`engine.cli.play_table`). An answer is a number from the list, an action name
(``order_up``, ``call:H``, ``look``), a bare card as a code or as shown (``JH``, ``10h``,
``K♥``), or several discards (``9C TD``, ``1 3``); ``hint`` asks the :data:`~engine.bots.BEST_BOT`,
``help`` lists the options again and ``quit`` stops. Input and output are looked up on
``sys`` at call time so tests can drive a game. Colour: :mod:`engine.cli.play_style`.

A variant with match rules (``game.match``) plays a match: each game says which game of the
match it is and the match score; at its end the next game of the match follows (laps
carried), until the match is over and its winner said (MATCH-A1, MATCH-A2). At the end of a
game (of a match) the human is offered another (a new seed derived from the last one, the
same seats and bots; with ``--save FILE`` it is saved to ``FILE-2.json``, then ``-3``...).

``--save FILE`` never destroys a file this run did not write: an existing file is replaced
only when it is a record of this same game (the save carries it on) or with ``--force``, and
never when it is not a regular file (a device, a pipe, a directory). A record stores the
human's seat and the bots, which ``--resume`` brings back.
"""

from __future__ import annotations

import argparse
import io
import secrets
import sys
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from engine.bots import BEST_BOT, BotSpec, make_bot, parse_bots
from engine.cli.play_style import colour_wanted, is_terminal
from engine.cli.play_table import MAX_LINE, Table, TableOptions
from engine.cli.replay_command import load_game
from engine.core.errors import EuchreError, RecordError
from engine.core.files import UnsafeTarget, write_target
from engine.core.printable import printable
from engine.play.match import Match
from engine.play.records import (
    GameRecord,
    Seating,
    continues,
    match_of,
    read_record,
    remove_stale_temporaries,
    write_record,
)
from engine.play.state import State
from engine.rules.loader import load_variant
from engine.sim.simulate import derive_seed
from engine.text.narrate import Narrator, seat_names
from engine.text.narrate_match import game_heading, match_verdict

__all__ = ["MAX_LINE", "register"]

TERMINAL_DELAY = 0.6
"""Seconds before each bot's action when the output is a terminal and ``--delay`` is not
given (elsewhere 0)."""
MAX_DELAY = 10.0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play`` to the ``euchre`` parser."""
    p = sub.add_parser(
        "play", help="play a variant at the terminal against bots",
        description="Play one seat of a variant against bots. Answer each prompt with a number "
        "from the list, an action name, or a card such as JH or K♥ (several discards at once: "
        "9C TD); 'hint', 'table', 'help' and 'quit' work everywhere. End of input or Ctrl-C "
        "leaves the game (saved, with --save). Colour at a terminal, unless NO_COLOR is set "
        "(FORCE_COLOR=1 forces it).")
    p.add_argument("variant", metavar="NAME_OR_PATH", nargs="?",
                   help="a shipped name or a .yaml file (optional with --resume)")
    p.add_argument("--seat", help="your seat: a number from 0 or a name such as South "
                   "(default South with four players, else seat 0)")
    p.add_argument("--seed", type=int, help="deal seed (default: a random one, printed)")
    p.add_argument("--bots",
                   help="one bot for every other seat, or one per seat, comma-separated "
                   "(random, heuristic, search or search:N, solver or solver:N, a time budget "
                   "such as search:200ms, greedy; default heuristic)")
    p.add_argument("--save", metavar="FILE", help="write the game record here after every "
                   "action (an existing file only if it is a record of this game)")
    p.add_argument("--force", action="store_true",
                   help="let --save replace an existing file that is not a record of this game")
    p.add_argument("--resume", metavar="FILE", help="continue the game saved in this record "
                   "(and keep saving to it, unless --save names another file)")
    p.add_argument("--delay", metavar="SECONDS", help="pause before each bot's action "
                   f"(0 to {MAX_DELAY:g}; default {TERMINAL_DELAY:g} at a terminal, else 0)")
    p.add_argument("--ask-forced", action="store_true",
                   help="ask even when you have a single legal move (by default it is played "
                   "for you, with one line)")
    p.set_defaults(run=_play)


def _play(args: argparse.Namespace) -> int:
    out: TextIO = sys.stdout
    delay = _delay(args.delay, out)
    state, seed, stored, match = _start(args, out)
    seat, names = _seating(args, state.variant.players, stored)
    save_to = args.save or args.resume
    keyboard = _lenient(sys.stdin)
    number = 1
    while True:
        save = _numbered(Path(save_to), number) if save_to else None
        options = TableOptions(
            delay=delay, ask_forced=args.ask_forced, colour=colour_wanted(out),
            hint=make_bot(BEST_BOT, state.variant, seat, derive_seed(seed, "hint", seat)))
        game = _table(state, seed, seat, names, save, keyboard=keyboard, out=out,
                      options=options, force=args.force, match=match)
        code = game.run()
        if not state.is_terminal():
            return code
        if match is not None:  # the game counts in its match; the next one follows
            match.finish(state)
            game.say(match_verdict(match, game.narrator, you=seat))
            if not match.over:
                game.say()
                number += 1
                state = match.next_game()
                seed = state.seed
                continue
        if not game.again():
            return code
        game.say()
        number += 1
        seed = derive_seed(seed, "again") % 1_000_000
        state = State(state.variant, seed=seed)
        match = Match(state.variant, seed=seed, state=state) if state.variant.game.match else None


def _table(state: State, seed: int, seat: int, names: list[BotSpec], save: Path | None, *,
           keyboard: TextIO, out: TextIO, options: TableOptions, force: bool,
           match: Match | None = None) -> Table:
    """A game at the table, its bots made from ``seed``, its save checked and written, its
    opening lines said (with the game's place in its ``match``)."""
    n = state.variant.players
    bots = {s: make_bot(names[s], state.variant, s, derive_seed(seed, "bot", s))
            for s in range(n) if s != seat}
    narrator = Narrator(state.variant, you=seat)
    seating = Seating(human=seat, bots=tuple(None if s == seat else names[s] for s in range(n)))
    if save:
        _check_save_target(save, state, force=force)
        remove_stale_temporaries(save)
        write_record(save, state, table=seating, match=match)
    game = Table(state, seat, bots, narrator, save, seating, keyboard, out, options,
                 match=match)
    game.say(f"{state.variant.name}: {state.variant.description}")
    game.say(f"Seed {seed}. You are {narrator.names[seat]}; bots: "
             + ", ".join(f"{narrator.seat(s)} {names[s]}" for s in bots) + ".")
    if match is not None:
        game.say(game_heading(match, narrator))
    if not state.history:
        game.say_deal()
    return game


def _delay(text: str | None, out: TextIO) -> float:
    """``--delay``: seconds, 0 to :data:`MAX_DELAY`; by default a short pause at a terminal."""
    if text is None:
        return TERMINAL_DELAY if is_terminal(out) else 0.0
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= MAX_DELAY:  # also refuses nan
        raise EuchreError(f"--delay {printable(text)!r}: give seconds from 0 to {MAX_DELAY:g}, "
                          "e.g. --delay 0.5")
    return value


def _numbered(path: Path, number: int) -> Path:
    """Where the ``number``-th game of a run is saved: ``game.json``, then ``game-2.json``..."""
    return path if number == 1 else path.with_name(f"{path.stem}-{number}{path.suffix}")


def _check_save_target(path: Path, state: State, *, force: bool) -> None:
    """Refuse a ``--save`` that would destroy a file: a path that cannot be resolved, anything
    but a regular file, or (unless ``force``) a regular file that is not a record of this game.
    """
    shown = printable(str(path))
    try:
        target = write_target(path)
    except UnsafeTarget as exc:
        raise RecordError(f"cannot save the game to {shown}: {exc}") from None
    if force or not target.is_file():  # no such file yet, or one the save then reports
        return
    try:
        existing = read_record(target)
    except RecordError:
        existing = None
    if existing is not None and _continues_from(existing, state):
        raise RecordError(f"cannot save the game to {shown}: it holds this game further on; "
                          f"continue it with --resume {shown}, or add --force to start again")
    if existing is None or not continues(existing, state):
        raise RecordError(f"cannot save the game to {shown}: it already exists and is not a "
                          "record of this game; choose another file, or add --force to "
                          "replace it")


def _continues_from(record: GameRecord, state: State) -> bool:
    """Whether ``record`` is this game with more actions played (so ``--resume`` fits)."""
    played = len(state.history)
    if len(record.actions) <= played:
        return False
    return continues(replace(record, actions=record.actions[:played]), state)


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


def _start(args: argparse.Namespace, out: TextIO
           ) -> tuple[State, int, Seating | None, Match | None]:
    """A new game, or the one in ``--resume`` replayed; returns it, its seed, the seating
    stored in the record (``None`` for a new game or a record without it) and the match it
    is one of (``game.match``; a record without a match starts one at its game)."""
    if not args.resume:
        if not args.variant:
            raise EuchreError("name a variant to play (e.g. `euchre play standard`), or give "
                              "--resume FILE")
        seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
        state = State(load_variant(args.variant), seed=seed)
        match = Match(state.variant, seed=seed, state=state) if state.variant.game.match else None
        return state, seed, None, match
    record, state = load_game(args.resume)
    match = match_of(record, state)
    if match is None and state.variant.game.match and state.initial_scores is None:
        match = Match(state.variant, seed=state.seed, state=state)  # an older record
    shown = printable(args.resume)
    if args.seed is not None and args.seed != state.seed:
        raise EuchreError(f"--seed {args.seed} does not match the saved game's seed "
                          f"{state.seed}; leave --seed out when resuming")
    if args.variant and load_variant(args.variant).rules_hash != state.variant.rules_hash:
        raise EuchreError(f"{shown} is a game of {state.variant.name!r}, not of "
                          f"{args.variant!r}")
    print(f"Resuming {shown}: {len(state.history)} actions replayed.", file=out)
    return state, state.seed, _stored_seating(record, state.variant.players, shown), match


def _stored_seating(record: GameRecord, players: int, shown: str) -> Seating | None:
    """The record's ``table`` (who sat where), checked against the game; ``None`` when the
    record has none."""
    table = record.table
    if table is not None and not table.fits(players):
        raise RecordError(f"{shown}: the record's `table` (the human's seat and the bots) is "
                          "not valid")
    return table


def _seating(args: argparse.Namespace, players: int, stored: Seating | None
             ) -> tuple[int, list[BotSpec]]:
    """The human's seat and one bot per seat: from the options, or as stored in the
    resumed record (options that differ from it are refused)."""
    if stored is None:
        seat = _seat(args.seat, players)
        bots = args.bots if args.bots is not None else "heuristic"
        return seat, _bot_names(bots, players, seat)
    seat = stored.human
    # the human's entry is unused: the next seat's bot stands in
    names = [bot or stored.bots[(s + 1) % players] for s, bot in enumerate(stored.bots)]
    seat_words = seat_names(players)
    if args.seat is not None and _seat(args.seat, players) != seat:
        raise EuchreError(f"--seat {printable(args.seat)}: the saved game was played from seat "
                          f"{seat_words[seat]}; leave --seat out to resume it")
    if args.bots is not None:
        wanted = _bot_names(args.bots, players, seat)
        if any(wanted[s] != names[s] for s in range(players) if s != seat):
            listed = ", ".join(f"{seat_words[s]} {names[s]}" for s in range(players)
                               if s != seat)
            raise EuchreError(f"--bots {printable(args.bots)}: the saved game's bots are "
                              f"{listed}; leave --bots out to resume it")
    return seat, [bot for bot in names if bot is not None]


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


def _bot_names(spec: str, players: int, human: int) -> list[BotSpec]:
    """One bot name per seat from ``--bots`` (the human's own entry, if any, is unused)."""
    parts = [p.strip() for p in spec.split(",") if p.strip()]
    if len(parts) == players - 1 and players > 2:
        parts.insert(human, parts[0])
    return list(parse_bots(",".join(parts), players))
