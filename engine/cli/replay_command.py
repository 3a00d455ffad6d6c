"""``euchre replay FILE``: check a game record, then print it hand by hand.

The whole record is replayed and checked first (every action legal, the stated scores
reproduced; see :mod:`engine.play.records`), so a corrupt or edited record prints only
``euchre: ...`` with what is wrong and exits 1. A record shows every card: each hand starts
with every position's cards as dealt, then the bidding, lone hands and discards, each trick
with its winner, and the hand's result. A record without a digest is refused (it could have
been cut short and its result rewritten); ``--unsigned`` reads one written by hand, saying so.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from engine.core.errors import RecordError
from engine.core.printable import printable
from engine.mechanics.events import CardPlayed
from engine.play.records import GameRecord, match_of, read_record, replay, replay_steps
from engine.play.state import State
from engine.text.narrate import Narrator
from engine.text.narrate_match import game_heading, match_verdict

__all__ = ["load_game", "register", "replay_lines"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``replay`` to the ``euchre`` parser."""
    p = sub.add_parser(
        "replay", help="check a saved game record and print the game",
        description="Replay a game record (from `euchre play --save`), checking every action "
        "and the final scores, and print the game hand by hand with every card shown. Exit 1 "
        "with the reason when the record is corrupt, edited or truncated.")
    p.add_argument("record", metavar="FILE", help="a record file written by --save")
    p.add_argument("--unsigned", action="store_true",
                   help="read a record written by hand, without a `digest` (nothing then "
                   "shows that it was not edited)")
    p.set_defaults(run=_replay)


def load_game(path: str, *, unsigned: bool = False) -> tuple[GameRecord, State]:
    """Read and check a record file: the record and its final state. A
    :class:`~engine.core.errors.RecordError` names the file and what is wrong. ``unsigned``
    accepts a record without a digest (:func:`engine.play.records.replay`)."""
    record = read_record(path)
    try:
        return record, replay(record, unsigned=unsigned)
    except RecordError as exc:
        raise RecordError(f"{printable(path)}: {exc}") from None


def _replay(args: argparse.Namespace) -> int:
    record, _ = load_game(args.record, unsigned=args.unsigned)  # check it all first
    if record.digest is None:
        print(f"euchre: note: {printable(args.record)} has no digest: it is read as written "
              "by hand, and not checked against edits (--unsigned)", file=sys.stderr)
    out: TextIO = sys.stdout
    for line in replay_lines(record):
        print(printable(line), file=out)  # names from the record may hold escapes
    return 0


def replay_lines(record: GameRecord) -> list[str]:
    """The text of a checked record, one line each."""
    narrator: Narrator | None = None
    lines: list[str] = []
    shown_hand = 0
    told = -1  # the state's events told so far (a record shows every card: all of them)
    dealer = -1
    for state, action in replay_steps(record):
        if narrator is None:
            narrator = Narrator(state.variant)
            lines.append(f"{state.variant.name}: seed {state.seed}, "
                         f"{len(record.actions)} actions")
            match = match_of(record, state)
            if match is not None:
                lines.append(game_heading(match, narrator))
        if told >= 0:  # the last action's events: its line (cards show in the trick) and after
            events = state.events[told:]
            if not isinstance(events[0], CardPlayed):
                lines.append(narrator.action_line(events[0], dealer=dealer))
            lines += narrator.after(events)
        told = len(state.events)
        dealer = state.dealer  # the dealer of the hand the next action belongs to
        if not action:
            lines.append(_ending(narrator, state))
            lines += _match_lines(record, state, narrator)
            break
        if state.hand_no != shown_hand:
            shown_hand = state.hand_no
            lines += ["", narrator.hand_header(state), *narrator.deal_lines(state)]
    return lines


def _ending(narrator: Narrator, state: State) -> str:
    if state.is_terminal():
        return narrator.winners_line(state.winners, state.scores,
                                     played=sum(1 for r in state.hands_played if r.scored))
    return (f"The game was left unfinished after {len(state.hands_played)} hands. "
            f"Score: {narrator.score_line(state.scores)}")


def _match_lines(record: GameRecord, state: State, narrator: Narrator) -> list[str]:
    """A finished game of a match: the match score after it (and who won the match)."""
    match = match_of(record, state)
    if match is None or not state.is_terminal():
        return []
    match.finish(state)
    return [match_verdict(match, narrator, you=-1)]
