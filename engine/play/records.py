"""Game records: a game is its variant, its seed (or deals) and its actions.

A record is a typed :class:`~engine.play.record_shape.GameRecord`, written as versioned JSON
(:meth:`~engine.play.record_shape.GameRecord.to_json`) and read back through one parser
(:meth:`~engine.play.record_shape.GameRecord.from_json`, which :func:`read_record` calls).
It embeds the resolved rules and their hash, so it replays even
where the variant file has changed or is unknown; a record whose rules do not match their
hash, whose actions are not legal, whose result differs from the replay, that holds a key the
format does not define (:data:`RECORD_KEYS`), or that has no digest (or a wrong one) is refused
with a :class:`~engine.core.errors.RecordError` that says what is wrong. A record written by
hand has no digest: ``replay(record, unsigned=True)`` reads it (``euchre replay --unsigned``).

>>> from engine import load_variant, new_game
>>> state = new_game(load_variant("standard"), seed=3)
>>> _ = state.apply(state.legal_actions()[0])
>>> replayed = replay(record_of(state))
>>> replayed.history == state.history
True
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path

from engine.core.errors import EuchreError, IllegalActionError, RecordError
from engine.core.files import UnsafeTarget, write_target
from engine.core.printable import printable
from engine.play.game import check_scores, deals_from_json
from engine.play.match import Match
from engine.play.record_shape import (
    FORMAT,
    MAX_RECORD_DEPTH,
    RECORD_KEYS,
    VERSION,
    GameRecord,
    RecordDeal,
    RecordResult,
    Seating,
    VariantRef,
    digest_of,
    extra_hands_known,
    quote,
    shown,
)
from engine.play.state import State
from engine.rules.loader import load_variant, shipped_names, variant_from_data
from engine.rules.variant import Variant

__all__ = [
    "FORMAT",
    "MAX_RECORD_BYTES",
    "MAX_RECORD_DEPTH",
    "RECORD_KEYS",
    "VERSION",
    "GameRecord",
    "RecordDeal",
    "RecordResult",
    "Seating",
    "VariantRef",
    "continues",
    "digest_of",
    "match_of",
    "read_record",
    "record_of",
    "remove_stale_temporaries",
    "replay",
    "replay_steps",
    "write_record",
]

MAX_RECORD_BYTES = 4 * 1024 * 1024
"""Records hold a few kilobytes per game (a 1,000-hand game, the most a shipped variant
plays, about 300 KiB); larger files are refused unread. Parsed JSON takes up to twenty times
its size in memory, so this bounds the memory a hostile record can take too."""


def record_of(state: State, *, table: Seating | None = None,
              match: Match | None = None) -> GameRecord:
    """The record of a game so far (finished or not), signed; ``table`` says who sat where,
    for ``play --resume``; ``match``, the match the game is one of (``game.match``): the
    record says where the match stood when this game began."""
    v = state.variant
    return GameRecord(
        variant=VariantRef.of(v), seed=state.seed, actions=tuple(state.history),
        result=RecordResult(actions=len(state.history_ids), scores=tuple(state.scores),
                            winners=tuple(state.winners), hands=len(state.hands_played),
                            over=state.is_terminal()),
        deals=tuple(RecordDeal.from_json(d.to_json(v), number=k)
                    for k, d in enumerate(state.given_deals, start=1)),
        scores=None if state.initial_scores is None else tuple(state.initial_scores),
        table=table, match=None if match is None else match.to_json(),
    ).signed()


def write_record(path: str | Path, state: State, *, table: Seating | None = None,
                 match: Match | None = None) -> None:
    """Write a game's record as JSON, atomically (a temporary file beside it, then
    ``os.replace``), so an interrupted save never leaves a half-written record. ``table`` (the
    human's seat and the bots) is stored with it. A path that names something other than a
    regular file (a device, a pipe, a directory) is refused: replacing it would destroy it. A
    symbolic link is followed, so the link stays and the file it names is replaced; a path whose
    links loop cannot be resolved and is refused (:func:`engine.core.files.write_target`)."""
    try:
        target = write_target(path)
    except UnsafeTarget as exc:
        raise RecordError(f"cannot save the game to {printable(str(path))}: {exc}") from None
    temp = _temporary(target, os.getpid())
    try:
        text = json.dumps(record_of(state, table=table, match=match).to_json(),
                          indent=1) + "\n"
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o666)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temp, target)
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name
        with contextlib.suppress(OSError, ValueError):  # the temporary file was never made
            if temp.is_file() and not temp.is_symlink():
                temp.unlink()
        raise RecordError(f"cannot save the game to {printable(str(path))}: "
                          f"{getattr(exc, 'strerror', None) or exc}") from None


def _temporary(target: Path, pid: int) -> Path:
    """The temporary file a save by process ``pid`` writes before it replaces ``target``."""
    return target.with_name(f".{target.name}.{pid}.tmp")


_TEMPORARY_START = b'{\n "format": "' + FORMAT.encode() + b'"'
"""How every temporary file a save writes begins (or it is empty, cut off at once)."""


def remove_stale_temporaries(path: str | Path) -> list[Path]:
    """Remove the temporary files that saves to ``path`` left when they were killed mid-write:
    only files named as a save names them, written by a process that no longer runs, and
    holding the start of a record (or nothing). Returns the files removed."""
    removed: list[Path] = []
    try:
        target = Path(os.path.realpath(path))
        prefix, suffix = f".{target.name}.", ".tmp"
        names = [entry.name for entry in os.scandir(target.parent)
                 if entry.name.startswith(prefix) and entry.name.endswith(suffix)]
    except (OSError, ValueError):
        return removed
    for name in names:
        pid = name[len(prefix):-len(suffix)]
        if not pid.isascii() or not pid.isdigit() or _running(int(pid)):
            continue
        temp = target.parent / name
        with contextlib.suppress(OSError):
            if _looks_like_a_partial_save(temp):
                temp.unlink()
                removed.append(temp)
    return removed


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return False  # this process is not saving yet: a file of its pid is left over
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process, or a pid we cannot ask about: keep its file
    return True


def _looks_like_a_partial_save(temp: Path) -> bool:
    if temp.is_symlink() or not temp.is_file():
        return False
    with temp.open("rb") as handle:
        start = handle.read(len(_TEMPORARY_START))
    return _TEMPORARY_START.startswith(start)


def continues(record: GameRecord, state: State) -> bool:
    """Whether writing ``state``'s record over ``record`` only carries the same game on: the
    same rules, seed, deals and starting scores, and ``record``'s actions are the first of
    ``state``'s."""
    mine = record_of(state)
    return (record.seed == mine.seed and record.deals == mine.deals
            and record.scores == mine.scores and record.variant.hash == mine.variant.hash
            and record.actions == mine.actions[:len(record.actions)])


def read_record(path: str | Path) -> GameRecord:
    """Read a record file and check its shape (:meth:`GameRecord.from_json`); the rest is
    checked by :func:`replay`."""
    p = Path(path)
    name = printable(str(path))
    try:
        if p.is_dir():
            raise RecordError(f"{name} is a directory, not a record file")
        if p.exists() and not p.is_file():  # a pipe would wait for a writer forever
            raise RecordError(f"{name} is not a regular file, not a record file")
        with p.open("rb") as handle:
            raw = handle.read(MAX_RECORD_BYTES + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name
        raise RecordError(f"cannot read {name}: {getattr(exc, 'strerror', None) or exc}"
                          ) from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"{name} is larger than {MAX_RECORD_BYTES // 2**20} MiB; not a record")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError(f"{name} is not UTF-8 text; not a record") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"{name}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg} "
                          "(truncated or edited?)") from None
    except ValueError:  # after its subclasses above: Python's limit on an int's digits
        raise RecordError(f"{name} holds a number of thousands of digits; not a record") from None
    except RecursionError:
        raise RecordError(f"{name}: JSON nested too deeply; not a record") from None
    if not isinstance(data, dict):
        raise RecordError(f"{name}: a record is a JSON object")
    try:
        return GameRecord.from_json(data)
    except RecordError as exc:
        raise RecordError(f"{name}: {exc}") from None


def _variant(ref: VariantRef) -> Variant:
    """The variant a record names: its embedded rules (checked against their hash when the
    record was read), or the shipped file of that name, which must give the same hash."""
    name, expected = ref.name, ref.hash
    if ref.rules is None:
        # Only a shipped variant may be named without its rules: a record must not make the
        # reader open a file of the record's choosing.
        if name not in shipped_names():
            raise RecordError(f"the record names the variant {quote(name)}, which is not "
                              "shipped, and does not embed its rules (`variant.rules`)")
        try:
            variant = load_variant(name)
        except EuchreError as exc:
            raise RecordError(f"the shipped variant {name!r} does not load: {exc}") from None
        if variant.rules_hash != expected:
            raise RecordError(
                f"the record was made with other rules for {name!r} (hash {expected}, the "
                f"variant file now gives {variant.rules_hash}) and does not embed them")
        return variant
    try:
        return variant_from_data(dict(ref.rules), name=name, file="<record>")
    except EuchreError as exc:
        raise RecordError(f"the record's rules are not a valid variant: {exc}") from None


def replay_steps(record: GameRecord) -> Iterator[tuple[State, str]]:
    """Replay a record action by action, yielding the state before each action and the
    action; raises :class:`RecordError` at the first problem."""
    if not isinstance(record, GameRecord):
        raise RecordError(f"a record is a GameRecord (GameRecord.from_json reads its JSON), "
                          f"not {type(record).__name__}")
    variant = _variant(record.variant)
    extra_hands_known(variant, record.deals)
    try:
        internal = deals_from_json(variant, [deal.to_json() for deal in record.deals])
        start = check_scores(variant, list(record.scores)) if record.scores is not None else None
        state = State(variant, seed=record.seed, deals=internal, scores=start)
    except (EuchreError, TypeError, ValueError) as exc:
        raise RecordError(f"the record's deals or scores are not valid: "
                          f"{shown(str(exc), 300)}") from None
    for i, action in enumerate(record.actions, start=1):
        yield state, action
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"action {i} ({shown(action)}) cannot be replayed: "
                              f"{exc.reason}") from None
    yield state, ""


def replay(record: GameRecord, *, unsigned: bool = False) -> State:
    """Replay a whole record and check its stated result and its digest; returns the final
    state. A record without a digest is refused unless ``unsigned`` (a record written by
    hand: then nothing vouches that it was not edited)."""
    final: State | None = None
    for state, action in replay_steps(record):
        if not action:
            final = state
    assert final is not None
    if record.result is not None:
        stated = record.result
        replayed = (("scores", stated.scores, list(final.scores)),
                    ("winners", stated.winners, list(final.winners)),
                    ("hands", stated.hands, len(final.hands_played)),
                    ("over", stated.over, final.is_terminal()))
        for key, claim, value in replayed:
            said = list(claim) if isinstance(claim, tuple) else claim
            if said not in (None, value):
                raise RecordError(f"the record says the {key} were {quote(said)}, but "
                                  f"replaying gives {value!r}" if key in ("scores", "winners")
                                  else f"the record's `{key}` ({quote(said)}) does not "
                                  f"match the replay ({value!r})")
    # Checked last, so that an edit which breaks the replay is reported for what it breaks.
    if record.digest is None:
        if not unsigned:
            raise RecordError("the record has no `digest`, so nothing shows it was not edited "
                              "(cut short, its result rewritten); a record written by hand "
                              "is read by `euchre replay --unsigned`")
    elif not record.signed_correctly():
        raise RecordError("the record was edited after it was written: its digest does not "
                          "match its content")
    match_of(record, final)  # a match that does not lead to this game is refused
    return final


def match_of(record: GameRecord, state: State) -> Match | None:
    """The match a record's game is one of (``record.match``), with ``state`` (the record
    replayed) its game in progress; None for a game alone. A match whose finished games do
    not lead to this game (its seed, its starting laps) is refused with a RecordError."""
    if record.match is None:
        return None
    return Match.from_json(state.variant, record.match, state)
