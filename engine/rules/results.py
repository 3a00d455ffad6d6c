"""Typed results: a finished hand (:class:`HandResult`, with its :class:`Penalty` records) and
a given deal (:class:`Deal`).

The score phase makes one :class:`HandResult` per scored hand, and the bidding phases one per
deal thrown in (:meth:`HandResult.thrown_in_deal`); ``State.hands_played`` keeps them. Stats,
comparisons, narration, golden files and tools read their attributes: nothing outside the
phases scores a hand again. Each mechanic keeps its own facts of the hand (a swap, a called
partner) in its :class:`ResultPart`, under its key (``HandResult.parts``, and in JSON).
``to_json`` gives the JSON; ``from_json`` reads it back, and reads hands written before parts
(their mechanics' facts as flat keys) too.

A :class:`Deal` fixes one hand's cards (tests, replays, ``play --deal``), written with card
codes and read back with every check a user's deal needs (:meth:`Deal.from_json`).

>>> r = HandResult(hand=1, dealer=3, maker=0, trump="H", alone=(0,), tricks=(5, 0, 0, 0),
...                label="lone_march", deltas=(4, 0, 4, 0), scores=(4, 0, 4, 0))
>>> r.to_json()["tricks"], r.scored, r.made
([5, 0, 0, 0], True, True)
>>> HandResult.from_json(r.to_json()) == r
True
>>> HandResult.thrown_in_deal(hand=2, dealer=0, why="all passed", scores=(4, 0, 4, 0)).to_json()
{'hand': 2, 'dealer': 0, 'thrown_in': 'all passed', 'deltas': [0, 0, 0, 0], 'scores': [4, 0, 4, 0]}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from engine.core import cards as C
from engine.core.errors import InvalidArgument
from engine.rules.mechanic_rules import REGISTRY
from engine.rules.pile_rules import piles_of_json, piles_to_json

if TYPE_CHECKING:
    from engine.rules.variant import Variant

__all__ = ["REDEAL_WHY", "Deal", "HandResult", "Penalty", "ResultHook", "ResultPart"]

REDEAL_WHY = "redeal"
"""``HandResult.thrown_in`` of a hand the ``redeal`` rule threw in (reports count ``redeals``)."""


def _ints(values: Any) -> tuple[int, ...]:
    return tuple(int(x) for x in values)


@dataclass(frozen=True, slots=True, kw_only=True)
class Penalty:
    """One renege as the score phase charged it: who reneged, with which card (its code), in
    which trick (from 1), and the points it gave each seat (``penalties.renege``).

    >>> Penalty(seat=3, card="9D", trick=1, points=(2, 0, 2, 0)).to_json()
    {'seat': 3, 'card': '9D', 'trick': 1, 'points': [2, 0, 2, 0]}
    """

    seat: int
    card: str
    trick: int
    points: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """The penalty as JSON-ready data."""
        return {"seat": self.seat, "card": self.card, "trick": self.trick,
                "points": list(self.points)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Penalty:
        """The inverse of :meth:`to_json`."""
        return cls(seat=int(data["seat"]), card=str(data["card"]), trick=int(data["trick"]),
                   points=_ints(data["points"]))


class ResultPart:
    """Base of a mechanic's part of a hand's result: a frozen, slotted dataclass declared in the
    mechanic's module and kept in :attr:`HandResult.parts` under the mechanic's key (in JSON
    too: ``"call_partner": {"called": "AS", "partner": 2}``). The core of the hand (the maker,
    trump, the tricks, the points) stays in :class:`HandResult`'s own fields; a part holds what
    only its mechanic decides (a called partner, a swap, a show). Only hands where the mechanic
    has something to say have its part.

    Subclasses override :meth:`to_json` and :meth:`from_json`, and may override the hooks
    below: :meth:`from_flat` (records written before parts), :meth:`makers`, :meth:`counts`
    (simulation counters), :meth:`contract_words` and :meth:`notes` (the hand's summary)."""

    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        """The part as JSON-ready data (kept under the mechanic's key)."""
        raise NotImplementedError(type(self).__name__)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ResultPart:
        """The inverse of :meth:`to_json`."""
        raise NotImplementedError(cls.__name__)

    @classmethod
    def from_flat(cls, data: Mapping[str, Any]) -> ResultPart | None:
        """The part from a hand's JSON written before parts, when the mechanic's keys stood
        flat in the hand (``"called": "AS", "partner": 2``); None: nothing of it there."""
        return None

    def makers(self, maker: int) -> tuple[int, ...] | None:
        """The makers' side, when this mechanic decided it during the hand (a called
        partner); None: the maker's fixed side."""
        return None

    def shown(self) -> tuple[str, ...]:
        """The cards (codes) the part shows every seat (a called card, a show's cards)."""
        return ()

    def counts(self) -> tuple[tuple[str, int | None], ...]:
        """The simulation counters this hand adds one to: ``(figure, seat or None)`` pairs;
        the mechanic's ``stats`` hook declares how a report shows each figure."""
        return ()

    def contract_words(self, variant: Variant, record: HandResult, seat: Callable[[int], str]
                       ) -> list[str]:
        """Phrases the hand's summary adds to its contract (``West dropped out``)."""
        return []

    def notes(self, variant: Variant, record: HandResult, seat: Callable[[int], str]
              ) -> list[str]:
        """Sentences the hand's summary adds after the tricks (``East declared a jamboree.``)."""
        return []

    def brief(self) -> str:
        """Words for a golden playthrough's result line (``dropped [1, 3]``); empty: none."""
        return ""


_StateT = TypeVar("_StateT")


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultHook(Generic[_StateT]):
    """A mechanic's part of the hand's result (``Mechanic.result``): its type, and ``build``,
    which the score phase calls with the state of the hand being scored (None: nothing to
    record in this hand)."""

    part: type[ResultPart]
    build: Callable[[_StateT], ResultPart | None]


_NO_PARTS: Mapping[str, ResultPart] = MappingProxyType({})


def parts_of(parts: Mapping[str, ResultPart]) -> Mapping[str, ResultPart]:
    """A hand's parts, read-only (the score phase's dict of them)."""
    return MappingProxyType(dict(parts)) if parts else _NO_PARTS


_P = TypeVar("_P", bound=ResultPart)


class HandResult(NamedTuple):
    """A finished hand, or a deal thrown in unplayed (``thrown_in`` says why; it scores
    nothing, and only ``hand``, ``dealer``, ``deltas`` and ``scores`` mean anything then).

    Immutable like the frozen rule records, but a named tuple rather than a frozen dataclass:
    one is made at the end of every hand, and a frozen dataclass's ``__init__`` (one
    ``object.__setattr__`` per field) cost three times as much, about 3% of a whole hand
    between random bots under callgrind. Build it with keywords, as every caller does.

    ``trump`` is a suit letter (``N``: no-trump); ``bid`` the winning bid of an auction (a
    number, or the top bid's name such as ``moon``), else None; ``tricks``, ``deltas`` and
    ``scores`` hold one number per seat (points this hand, penalties included; scores after
    it); ``label`` names the scoring row that applied (``renege`` when a renege voided the
    hand, STD-A8: then ``void``); ``reneges`` lists ``(seat, card code)`` in the order they
    were played and ``penalties`` what each cost. ``maker`` is -1 in a hand nobody made
    (trump fixed by the upcard, or no-trump after all passed): every seat played for itself
    and the hand is neither made nor euchred. ``countdown``: the game counts down
    (``game.goal: down``), so points lost are the good ones (written to JSON only when true).
    ``parts``: each mechanic's own part of the result (:class:`ResultPart`: a swap, the dummy
    merged, seats dropped, a called partner, shows declared), by mechanic key, in the order
    of the flow; :meth:`part` gives one by its type.
    """

    hand: int
    dealer: int
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    thrown_in: str | None = None
    maker: int = -1
    trump: str | None = None
    bid: int | str | None = None
    alone: tuple[int, ...] = ()
    tricks: tuple[int, ...] = ()
    label: str = ""
    reneges: tuple[tuple[int, str], ...] = ()
    penalties: tuple[Penalty, ...] = ()
    void: bool = False
    countdown: bool = False
    parts: Mapping[str, ResultPart] = _NO_PARTS

    @classmethod
    def thrown_in_deal(cls, *, hand: int, dealer: int, why: str, scores: Sequence[int]
                       ) -> HandResult:
        """A deal nobody played (all passed, a joker turned up): no points for anyone."""
        return cls(hand=hand, dealer=dealer, thrown_in=why, deltas=(0,) * len(scores),
                   scores=tuple(scores))

    @property
    def scored(self) -> bool:
        """The hand was played and scored (not thrown in)."""
        return self.thrown_in is None

    @property
    def has_maker(self) -> bool:
        """Someone made trump (or won the auction): a hand that can be made or euchred."""
        return self.maker >= 0

    def part(self, kind: type[_P]) -> _P | None:
        """This hand's part of type ``kind`` (a mechanic's :class:`ResultPart`), or None."""
        for part in self.parts.values():
            if type(part) is kind:
                return part
        return None

    @property
    def makers(self) -> tuple[int, ...] | None:
        """The makers' side when a mechanic decided it during the hand (the maker and his
        called partner, or the maker alone), else None: the maker's fixed side."""
        for part in self.parts.values():
            side = part.makers(self.maker)
            if side is not None:
                return side
        return None

    @property
    def made(self) -> bool:
        """The maker gained points this hand (lost points, in a countdown game; penalties
        included): what simulation reports count as a contract made; otherwise the makers
        were euchred. False in a hand without a maker (see :attr:`has_maker`)."""
        if self.maker < 0:
            return False
        points = self.deltas[self.maker]
        return points < 0 if self.countdown else points > 0

    def to_json(self) -> dict[str, Any]:
        """The hand as JSON-ready data, in the shape ``hands_played`` records always had."""
        if self.thrown_in is not None:
            return {"hand": self.hand, "dealer": self.dealer, "thrown_in": self.thrown_in,
                    "deltas": list(self.deltas), "scores": list(self.scores)}
        out: dict[str, Any] = {
            "hand": self.hand, "dealer": self.dealer, "maker": self.maker, "trump": self.trump,
            "bid": self.bid, "alone": list(self.alone), "tricks": list(self.tricks),
            "label": self.label, "deltas": list(self.deltas), "scores": list(self.scores),
            "reneges": [[seat, card] for seat, card in self.reneges],
            "penalties": [p.to_json() for p in self.penalties], "void": self.void,
        }
        if self.countdown:
            out["countdown"] = True
        for key, part in self.parts.items():
            out[key] = part.to_json()
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandResult:
        """The inverse of :meth:`to_json`. Each registered mechanic's part is read from its
        key; a hand written before parts had its mechanics' facts as flat keys (``swapped``,
        ``merged``, ``dropped``, ``called`` and ``partner``, ``declared``): each part reads
        its own (:meth:`ResultPart.from_flat`). Keys of mechanics not registered are
        ignored."""
        hand, dealer = int(data["hand"]), int(data["dealer"])
        if "thrown_in" in data:
            return cls(hand=hand, dealer=dealer, thrown_in=str(data["thrown_in"]),
                       deltas=_ints(data["deltas"]), scores=_ints(data["scores"]))
        return cls(
            hand=hand, dealer=dealer, maker=int(data["maker"]), trump=data.get("trump"),
            bid=data.get("bid"), alone=_ints(data.get("alone", ())),
            tricks=_ints(data["tricks"]), label=str(data["label"]),
            deltas=_ints(data["deltas"]), scores=_ints(data["scores"]),
            reneges=tuple((int(seat), str(card)) for seat, card in data.get("reneges", ())),
            penalties=tuple(Penalty.from_json(p) for p in data.get("penalties", ())),
            void=bool(data.get("void", False)),
            countdown=bool(data.get("countdown", False)),
            parts=_read_parts(data),
        )


def _read_parts(data: Mapping[str, Any]) -> Mapping[str, ResultPart]:
    """The mechanics' parts of a hand's JSON, in registration order (see
    :meth:`HandResult.from_json`)."""
    parts: dict[str, ResultPart] = {}
    for mechanic in REGISTRY:
        hook = mechanic.result
        if hook is None:
            continue
        if isinstance(data.get(mechanic.key), Mapping):
            parts[mechanic.key] = hook.part.from_json(data[mechanic.key])
        elif (part := hook.part.from_flat(data)) is not None:
            parts[mechanic.key] = part
    return parts_of(parts)


@dataclass(frozen=True, slots=True, kw_only=True)
class Deal:
    """One hand's cards, given instead of a shuffle: the dealer, a card mask per position
    (the seats, then the variant's extra hands), the upcard (-1: none) and the kitty mask.
    In a double deck a card may be written twice: the second time it is the second copy.

    >>> from engine import load_variant
    >>> standard = load_variant("standard")
    >>> deal = Deal.from_json(standard, {"dealer": 3, "upcard": "AC", "hands": [
    ...     ["9C", "TC", "JC", "QC", "KC"], ["9D", "TD", "JD", "QD", "KD"],
    ...     ["9H", "TH", "JH", "QH", "KH"], ["9S", "TS", "JS", "QS", "KS"]]})
    >>> deal.dealer, C.names(deal.kitty)
    (3, ['AD', 'AH', 'AS'])
    >>> Deal.from_json(standard, deal.to_json(standard)) == deal
    True
    """

    dealer: int
    hands: tuple[int, ...]
    upcard: int = -1
    kitty: int = 0

    def to_json(self, variant: Variant) -> dict[str, Any]:
        """The deal with card codes, as records and ``--deal`` files write it."""
        n = variant.players
        out: dict[str, Any] = {
            "dealer": self.dealer,
            "hands": [C.names(mask) for mask in self.hands[:n]],
            "kitty": C.names(self.kitty),
        }
        if self.upcard >= 0:
            out["upcard"] = C.card_name(self.upcard)
        if variant.deal.extra_hands:
            out["extra"] = {name: C.names(self.hands[n + i])
                            for i, name in enumerate(variant.deal.extra_hands)}
        out.update(piles_to_json(variant, self.hands))  # {} without piles
        return out

    @classmethod
    def from_json(cls, variant: Variant, deal: Mapping[str, Any]) -> Deal:
        """Check a deal written with card codes and read it; raises
        :class:`~engine.core.errors.InvalidArgument` saying what is wrong.

        ``{"dealer": 0, "hands": [[...] per seat], "upcard": "JH", "kitty": [...], "extra":
        {"dummy": [...]}, "pile_cards": {}}``; ``kitty`` may be left out (the rest of the deck)."""
        n = variant.players
        rules = variant.deal
        dealer = deal.get("dealer", 0)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise InvalidArgument(f"the dealer must be a seat from 0 to {n - 1}")
        hands = deal.get("hands")
        if not isinstance(hands, (list, tuple)) or len(hands) != n:
            raise InvalidArgument(f"a deal needs `hands`: one list of cards per seat ({n})")
        labels = [f"hand of seat {i}" for i in range(n)]
        taken: set[int] = set()
        positions = [_cards(variant, hand, label, taken)
                     for hand, label in zip(hands, labels, strict=True)]
        extra = deal.get("extra", {}) or {}
        if not isinstance(extra, dict):
            raise InvalidArgument('`extra` must map each extra hand to its cards: {"dummy": []}')
        for name in rules.extra_hands:
            labels.append(f"{name} hand")
            positions.append(_cards(variant, extra.get(name, []), labels[-1], taken))
        for label, cards in zip(labels, positions, strict=True):
            if len(cards) != rules.held:
                raise InvalidArgument(f"the {label} holds {len(cards)} cards, not {rules.held}")
        positions += piles_of_json(variant, deal, partial(_cards, variant, taken=taken))
        upcard = -1
        if rules.upcard:
            if deal.get("upcard") is None:
                raise InvalidArgument("this variant turns up a card: give `upcard`")
            upcard = _cards(variant, [deal["upcard"]], "upcard", taken)[0]
        seen = [c for cards in positions for c in cards] + ([upcard] if upcard >= 0 else [])
        rest = variant.deck.mask & ~C.mask_of(seen)
        kitty = (C.mask_of(_cards(variant, deal["kitty"], "kitty", taken)) if "kitty" in deal
                 else rest)
        if len(set(seen)) != len(seen) or kitty != rest:
            raise InvalidArgument("the hands, upcard and kitty must hold every card of the "
                                  "deck exactly once")
        return cls(dealer=dealer, hands=tuple(C.mask_of(cards) for cards in positions),
                   upcard=upcard, kitty=kitty)


def _cards(variant: Variant, codes: Any, what: str, taken: set[int]) -> list[int]:
    """The cards of a list of codes, each checked to be in ``variant``'s deck (a code already
    ``taken``, in a double deck, is the second copy: DECK-A2), added to ``taken``."""
    if not isinstance(codes, (list, tuple)):
        raise InvalidArgument(f"{what} must be a list of card codes")
    out = []
    for code in codes:
        try:
            c = C.card(str(code))
        except ValueError as exc:
            raise InvalidArgument(f"{what}: {exc}") from None
        if not variant.deck.mask >> c & 1:
            raise InvalidArgument(f"{what}: {code} is not in the {variant.name} deck")
        if c in taken and variant.deck.copies == 2:
            c = C.copy_of(c)
        taken.add(c)
        out.append(c)
    return out
