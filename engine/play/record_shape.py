"""The shape of a game record: the typed, frozen :class:`GameRecord` and its parts, with the
one serialiser each way (:meth:`GameRecord.from_json`, :meth:`GameRecord.to_json`), and the
small checks and quoting that :mod:`engine.play.records` applies before it replays anything.

:meth:`GameRecord.from_json` checks the JSON's shape (the format, the nesting, the keys each
object may hold, the version, the type of every value); what needs the rules (the variant's
hash against a shipped file, the deals' cards, the starting scores, every action's legality,
the stated result, the digest) is checked by :func:`engine.play.records.replay`.

>>> record = GameRecord.from_json({"format": FORMAT, "version": 1, "seed": 3, "actions": [],
...     "variant": {"name": "standard", "hash": "6e23b9f9e65e7a7b"}})
>>> record.seed, record.variant.name, record.result
(3, 'standard', None)
>>> GameRecord.from_json(record.to_json()) == record
True
>>> try:
...     GameRecord.from_json({"format": FORMAT, "colour": "red"})
... except RecordError as exc:
...     print(str(exc).split(" (")[0])
the record holds an unknown key `colour`
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import RecordError
from engine.play.record_seating import Seating
from engine.play.record_text import cut, nests_within, quote, shown
from engine.rules.variant import Variant
from engine.rules.yamlsource import MAX_DEPTH

__all__ = ["DEAL_KEYS", "FORMAT", "MAX_RECORD_DEPTH", "RECORD_KEYS", "VERSION", "GameRecord",
           "RecordDeal", "RecordResult", "Seating", "VariantRef", "cut", "digest_of",
           "extra_hands_known", "quote", "shown"]

FORMAT = "euchrekit-record"
VERSION = 1
MAX_RECORD_DEPTH = MAX_DEPTH + 8
"""Deepest nesting of a record's JSON: its embedded rules nest no deeper than a variant file
may (:data:`engine.rules.yamlsource.MAX_DEPTH`); deeper data would exhaust Python's recursion in the
checks that follow."""

RECORD_KEYS: dict[str, frozenset[str]] = {
    "": frozenset({"format", "version", "variant", "seed", "actions", "result", "deals",
                   "scores", "table", "match", "digest"}),
    "variant": frozenset({"name", "hash", "rules"}),
    "result": frozenset({"actions", "scores", "winners", "hands", "over"}),
    "table": frozenset({"human", "bots"}),
    "match": frozenset({"seed", "played"}),
}
"""The keys of a record, and of each object in it, by the key that holds the object (``""``:
the record itself); each deal of ``deals`` holds :data:`DEAL_KEYS`. Any other key is refused:
a record is not a place to carry other data (a megabyte of it would be kept with the game)."""
DEAL_KEYS = frozenset({"dealer", "hands", "upcard", "kitty", "extra", "pile_cards"})

Json = Any
"""A value as :func:`json.loads` gives it."""
Cards = tuple[str, ...]
"""Card codes as a record writes them (``"JH"``)."""


def digest_of(record: Mapping[str, Json]) -> str:
    """A SHA-256 of a record's JSON content, so that any edit, even one that still replays (a
    renamed variant, say), is noticed. The embedded rules are left out (they have their own
    hash, which is in), so a record may drop them to stay small."""
    content = {key: value for key, value in record.items() if key != "digest"}
    if isinstance(content.get("variant"), dict):
        content["variant"] = {k: v for k, v in content["variant"].items() if k != "rules"}
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def rules_hash(rules: Mapping[str, Json]) -> str:
    """The hash of embedded rules, as :attr:`Variant.rules_hash` is made."""
    text = json.dumps(rules, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _ints(value: object) -> bool:
    return isinstance(value, list) and all(_is_int(x) for x in value)


def _codes(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(x, str) for x in value)


def field_of(data: Mapping[str, Json], key: str, kind: type | tuple[type, ...]) -> Json:
    """``data[key]``, which must be of ``kind`` (an int is never a bool)."""
    if key not in data:
        raise RecordError(f"the record has no `{key}`")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"the record's `{key}` has the wrong type")
    return value


def only_known_keys(record: Mapping[str, Json]) -> None:
    """Refuse a key the record format does not define, at each level it defines."""
    for holder, allowed in RECORD_KEYS.items():
        place = record.get(holder) if holder else record
        if isinstance(place, Mapping):
            _only(place, allowed, f"the record's `{holder}`" if holder else "the record")
    deals = record.get("deals")
    for k, deal in enumerate(deals if isinstance(deals, list) else [], start=1):
        if isinstance(deal, Mapping):
            _only(deal, DEAL_KEYS, f"deal {k} of the record")


def _only(place: Mapping[str, Json], allowed: frozenset[str], what: str) -> None:
    unknown = [key for key in place if key not in allowed]
    if unknown:
        raise RecordError(f"{what} holds an unknown key `{shown(str(unknown[0]), 40)}` (it "
                          f"may hold {', '.join(sorted(allowed))}): the record was edited or "
                          "is not a euchrekit record")


@dataclass(frozen=True, slots=True, kw_only=True)
class VariantRef:
    """The variant a record was played under: its ``name``, the ``hash`` of its resolved
    rules, and those rules as JSON (None: left out, allowed for a shipped variant whose file
    still gives that hash). Embedded rules are checked against their hash when read."""

    name: str
    hash: str
    rules: Mapping[str, Json] | None = field(default=None, hash=False)

    @classmethod
    def of(cls, variant: Variant) -> VariantRef:
        """The reference a new record writes: the variant's rules embedded."""
        return cls(name=variant.name, hash=variant.rules_hash,
                   rules=json.loads(variant.rules_json))

    @classmethod
    def from_json(cls, data: Mapping[str, Json]) -> VariantRef:
        spec = field_of(data, "variant", dict)
        name, expected = field_of(spec, "name", str), field_of(spec, "hash", str)
        rules = spec.get("rules")
        if rules is not None:
            if not isinstance(rules, dict):
                raise RecordError("the record's `variant.rules` must be an object")
            actual = rules_hash(rules)
            if actual != expected:
                raise RecordError(f"the embedded rules do not match their hash ({actual} != "
                                  f"{expected}): the record was edited")
        return cls(name=name, hash=expected, rules=rules)

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"name": self.name, "hash": self.hash}
        if self.rules is not None:
            out["rules"] = self.rules
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordResult:
    """What a record says the game came to; each part may be left out (None). The replay
    must reproduce every part stated."""

    actions: int | None = None
    scores: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None
    hands: int | None = None
    over: bool | None = None

    @classmethod
    def from_json(cls, data: Json, *, listed: int) -> RecordResult:
        """The stated result; ``listed`` is the number of actions the record lists."""
        if not isinstance(data, dict):
            raise RecordError("the record's `result` must be an object")
        stated = data.get("actions")
        if stated is not None and (not _is_int(stated) or stated != listed):
            raise RecordError(f"the record says {quote(stated)} actions were played but lists "
                              f"{listed}: it was truncated or edited")
        for key, fits in (("scores", _ints), ("winners", _ints), ("hands", _is_int),
                          ("over", lambda v: isinstance(v, bool))):
            if data.get(key) is not None and not fits(data[key]):
                raise RecordError(f"the record's `result.{key}` has the wrong type: "
                                  f"{quote(data[key])}")
        scores, winners = data.get("scores"), data.get("winners")
        return cls(actions=stated, scores=None if scores is None else tuple(scores),
                   winners=None if winners is None else tuple(winners),
                   hands=data.get("hands"), over=data.get("over"))

    def to_json(self) -> dict[str, Json]:
        parts = {"actions": self.actions,
                 "scores": None if self.scores is None else list(self.scores),
                 "winners": None if self.winners is None else list(self.winners),
                 "hands": self.hands, "over": self.over}
        return {key: value for key, value in parts.items() if value is not None}


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordDeal:
    """One hand's cards as a record writes them (card codes; checked against the variant's
    deck when the record is replayed, :meth:`engine.rules.results.Deal.from_json`): the
    ``dealer`` (None: left out, the rotation gives it), one list of cards per seat, the
    ``upcard`` (None: none or left out), the ``kitty`` (None: left out, the rest of the deck)
    and the ``extra`` hands by name (None: left out)."""

    dealer: int | None = None
    hands: tuple[Cards, ...] = ()
    upcard: str | None = None
    kitty: Cards | None = None
    extra: tuple[tuple[str, Cards], ...] | None = None
    pile_cards: str | None = None  # the deal's `pile_cards` as JSON text (Deal.from_json checks)

    @classmethod
    def from_json(cls, data: Mapping[str, Json], *, number: int) -> RecordDeal:
        """Deal ``number`` (from 1) of a record, its shape checked."""
        def wrong(what: str) -> RecordError:
            return RecordError(f"the record's deals or scores are not valid: deal {number}: "
                               f"{what}")
        dealer = data.get("dealer")
        if dealer is not None and not _is_int(dealer):
            raise wrong(f"the dealer must be a seat number, not {quote(dealer)}")
        hands = data.get("hands")
        if not isinstance(hands, list) or not all(_codes(hand) for hand in hands):
            raise wrong("a deal needs `hands`: one list of card codes per seat")
        upcard = data.get("upcard")
        if upcard is not None and not isinstance(upcard, str):
            raise wrong(f"the upcard must be a card code, not {quote(upcard)}")
        kitty = data.get("kitty")
        if "kitty" in data and not _codes(kitty):
            raise wrong("kitty must be a list of card codes")
        extra = data.get("extra")
        if extra is not None and not (isinstance(extra, dict)
                                      and all(_codes(cards) for cards in extra.values())):
            raise wrong("`extra` must map each extra hand to its cards: {\"dummy\": [...]}")
        piles = data.get("pile_cards")
        return cls(dealer=dealer, hands=tuple(tuple(hand) for hand in hands), upcard=upcard,
                   kitty=None if kitty is None else tuple(kitty),
                   pile_cards=None if piles is None else json.dumps(piles),
                   extra=None if extra is None else tuple(
                       (name, tuple(cards)) for name, cards in extra.items()))

    def to_json(self) -> dict[str, Json]:
        """In the order :meth:`engine.rules.results.Deal.to_json` writes a deal."""
        out: dict[str, Json] = {}
        if self.dealer is not None:
            out["dealer"] = self.dealer
        out["hands"] = [list(hand) for hand in self.hands]
        if self.kitty is not None:
            out["kitty"] = list(self.kitty)
        if self.upcard is not None:
            out["upcard"] = self.upcard
        if self.extra is not None:
            out["extra"] = {name: list(cards) for name, cards in self.extra}
        if self.pile_cards is not None:
            out["pile_cards"] = json.loads(self.pile_cards)
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRecord:
    """A game as a record holds it (format ``euchrekit-record``, version 1): the variant, the
    seed, the actions by name, the stated result, the deals given instead of shuffles, the
    starting scores (None: the variant's), who sat where and the digest (None: written by
    hand). :meth:`to_json` writes the JSON a record file holds, key for key as version 1
    always wrote it; :meth:`from_json` reads it back, refusing what the format does not
    define."""

    variant: VariantRef
    seed: int
    actions: tuple[str, ...]
    result: RecordResult | None = None
    deals: tuple[RecordDeal, ...] = ()
    scores: tuple[int, ...] | None = None
    table: Seating | None = None
    match: Json = None
    """Where the match stands (``game.match``): the first game's seed and the games
    finished before this one (:meth:`engine.play.match.Match.to_json`); None: a game alone."""
    digest: str | None = None
    content_digest: str = field(default="", compare=False, repr=False)
    """The digest of the content as read (:func:`digest_of` of the JSON :meth:`from_json`
    was given), which ``digest`` must equal; "" for a record made here: then
    :meth:`signed_correctly` computes it from :meth:`to_json`."""

    @classmethod
    def from_json(cls, data: Json) -> GameRecord:
        """Check a record's JSON and read it; raises :class:`RecordError` saying what is
        wrong. The checks that need the rules are :func:`engine.play.records.replay`'s."""
        if not isinstance(data, Mapping):
            raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a euchrekit record (format should be {FORMAT!r})")
        if not nests_within(dict(data), MAX_RECORD_DEPTH):
            raise RecordError(f"the record nests deeper than {MAX_RECORD_DEPTH} levels; no "
                              "game record does (edited?)")
        only_known_keys(data)
        version = data.get("version")
        if type(version) is not int or version != VERSION:
            raise RecordError(f"record version {quote(version)} is not supported (this is "
                              f"{VERSION})")
        variant = VariantRef.from_json(data)
        seed = field_of(data, "seed", int)
        actions = field_of(data, "actions", list)
        result = (RecordResult.from_json(data["result"], listed=len(actions))
                  if "result" in data else None)
        deals = data.get("deals", [])
        if not isinstance(deals, list) or not all(isinstance(d, dict) for d in deals):
            raise RecordError("the record's `deals` must be a list of deals (objects)")
        scores = data.get("scores")
        if scores is not None and not _ints(scores):
            raise RecordError("the record's deals or scores are not valid: starting scores "
                              f"must be whole numbers, one per seat, not {quote(scores)}")
        for i, action in enumerate(actions, start=1):
            if not isinstance(action, str):
                raise RecordError(f"action {i} is not an action name: {quote(action)}")
        digest = data.get("digest")
        if digest is not None and not isinstance(digest, str):
            raise RecordError("the record's `digest` has the wrong type")
        return cls(variant=variant, seed=seed, actions=tuple(actions), result=result,
                   deals=tuple(RecordDeal.from_json(d, number=k)
                               for k, d in enumerate(deals, start=1)),
                   scores=None if scores is None else tuple(scores),
                   table=Seating.from_json(data["table"]) if "table" in data else None,
                   match=_match_of(data), digest=digest, content_digest=digest_of(data))

    def to_json(self) -> dict[str, Json]:
        """The record as JSON-ready data, in the order version 1 writes its keys."""
        out: dict[str, Json] = {"format": FORMAT, "version": VERSION,
                                "variant": self.variant.to_json(), "seed": self.seed,
                                "actions": list(self.actions)}
        if self.result is not None:
            out["result"] = self.result.to_json()
        if self.deals:
            out["deals"] = [deal.to_json() for deal in self.deals]
        if self.scores is not None:
            out["scores"] = list(self.scores)
        if self.table is not None:
            out["table"] = self.table.to_json()
        if self.match is not None:
            out["match"] = self.match
        if self.digest is not None:
            out["digest"] = self.digest
        return out

    def signed(self) -> GameRecord:
        """The record with its digest set to its content's."""
        content = self.to_json()
        digest = digest_of(content)
        return GameRecord(variant=self.variant, seed=self.seed, actions=self.actions,
                          result=self.result, deals=self.deals, scores=self.scores,
                          table=self.table, match=self.match, digest=digest,
                          content_digest=digest)

    def signed_correctly(self) -> bool:
        """Whether ``digest`` is the digest of the record's content (as read, for a record
        read from JSON)."""
        return self.digest == (self.content_digest or digest_of(self.to_json()))


def _match_of(data: Mapping[str, Json]) -> Json:
    """A record's ``match``, its shape checked (the match's sense is checked against the
    replayed game by :meth:`engine.play.match.Match.from_json`)."""
    match = data.get("match")
    if match is None:
        return None
    if not (isinstance(match, dict) and _is_int(match.get("seed"))
            and isinstance(match.get("played"), list)
            and all(isinstance(game, dict) for game in match["played"])):
        raise RecordError("the record's `match` is not valid: it needs the first game's "
                          "`seed` and the games `played` before this one")
    return match


def extra_hands_known(variant: Variant, deals: tuple[RecordDeal, ...]) -> None:
    """A deal's ``extra`` names the variant's extra hands only."""
    for k, deal in enumerate(deals, start=1):
        for name, _ in deal.extra or ():
            if name not in variant.deal.extra_hands:
                raise RecordError(
                    f"deal {k} of the record holds an unknown extra hand "
                    f"`{shown(str(name), 40)}` (this variant has "
                    f"{', '.join(variant.deal.extra_hands) or 'none'})")
