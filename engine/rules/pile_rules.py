"""The piles' config records (phase ``piles``, compiled by :mod:`engine.mechanics.piles`):
cards dealt beside the hands, of any size, owned by the table or by each seat, face up or face
down, seen by the seats the file says, and a seat's tableau that he plays from, whose face-down
cards turn over when uncovered (PILE-A1..A6).

The deal (compiled first) reads the piles' sizes here to count the cards it deals and the
positions it deals them to: :func:`places` lays out every pile as positions of the hand after
the seats and the extra hands. A pile that is not covered is one position per owner; a covered
pile (``under``) is one position per column for its face-up card, then one per face-down card
under a column (``column`` k of the owner), so that a prescribed deal says which card lies on
which.

>>> pile = Pile(name="tableau", size=4, owner=PileOwner.SEAT, face=PileFace.UP, under=4,
...             play_from=True)
>>> [(p.owner, p.layer, p.column) for p in places((pile,), players=2)][:5]
[(0, 'up', 0), (0, 'up', 1), (0, 'up', 2), (0, 'up', 3), (0, 'down', 0)]
>>> sum(p.size for p in places((pile,), players=2))
16
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from engine.core import cards as C
from engine.core.errors import InvalidArgument
from engine.rules.config_fields import option, record_schema, required

if TYPE_CHECKING:
    from engine.rules.deal_rules import DealRules
    from engine.rules.variant import Variant

__all__ = ["PILE_SCHEMA", "Pile", "PileFace", "PileOwner", "PilePlace", "PileSeen",
           "first_pile", "piles_of_json", "piles_to_json", "places", "played_from", "read_piles"]


class PileOwner(StrEnum):
    """``piles.dealt[].owner``: the table's one pile, or one pile for each seat."""

    TABLE = "table"
    SEAT = "seat"


class PileFace(StrEnum):
    """``piles.dealt[].face``: how its cards lie (the cards ``under`` it always face down)."""

    DOWN = "down"
    UP = "up"


class PileSeen(StrEnum):
    """``piles.dealt[].seen_by``: who sees its cards (face-down cards under others: nobody)."""

    OWNER = "owner"
    ALL = "all"
    NONE = "none"


@dataclass(frozen=True, slots=True, kw_only=True)
class Pile:
    """One pile dealt beside the hands."""

    name: str = required(doc=(
        "The pile's name, used by other phases (`kitty_exchange.source`) and in narration: "
        "`widow`, `tableau`."), schema={"type": "string", "pattern": "^[a-z][a-z_]{0,19}$"})
    size: int = required(doc=(
        "Its cards (for each owner): with `under`, the face-up cards, one on each column."),
        schema={"type": "integer", "minimum": 1, "maximum": 12})
    owner: PileOwner = option(PileOwner.TABLE, fill=False, doc=(
        "`table` (one pile) or `seat` (each seat his own pile, dealt in front of him)."))
    face: PileFace = option(PileFace.DOWN, fill=False, doc=(
        "`down` or `up` (its cards lie face up for the seats `seen_by` names)."))
    under: int = option(0, fill=False, minimum=0, maximum=12, doc=(
        "Face-down cards dealt first, one under each of the first `under` face-up cards; "
        "a face-down card turns over when the card on it is played (PILE-A3). Needs "
        "`face: up` and `play_from: true`."))
    seen_by: PileSeen = option(PileSeen.NONE, plain=False, schema={
        "enum": [seen.value for seen in PileSeen]}, doc=(
        "Who sees its cards: `owner` (the seat it belongs to), `all`, or `none`. Default: "
        "`all` for a face-up pile, `none` for a face-down one."))
    play_from: bool = option(False, fill=False, doc=(
        "Its owner plays its face-up cards as if from his hand (a tableau): the tricks are "
        "then `deal.hand_size` plus its cards. Needs `owner: seat` and `face: up`."))


PILE_SCHEMA = record_schema(Pile)
"""An item of ``piles.dealt``."""


@dataclass(frozen=True, slots=True)
class PilePlace:
    """One position of the hand a pile's cards are dealt to: the pile (index in
    ``DealRules.piles``), its owner (a seat, -1: the table), the layer (``all`` a pile that is
    not covered, ``up`` the face-up card of a covered pile's column, ``down`` the face-down card
    under it) and the column (-1 for ``all``), and how many cards it takes."""

    pile: int
    owner: int
    layer: str
    column: int
    size: int


def places(piles: tuple[Pile, ...], *, players: int) -> tuple[PilePlace, ...]:
    """The positions of ``piles``, in dealing order: pile by pile, owner by owner (seat 0
    first), a covered pile's face-up columns then its face-down cards."""
    out: list[PilePlace] = []
    for k, pile in enumerate(piles):
        owners = range(players) if pile.owner is PileOwner.SEAT else (-1,)
        for owner in owners:
            if pile.under:
                out += [PilePlace(k, owner, "up", c, 1) for c in range(pile.size)]
                out += [PilePlace(k, owner, "down", c, 1) for c in range(pile.under)]
            else:
                out.append(PilePlace(k, owner, "all", -1, pile.size))
    return tuple(out)


def read_piles(items: object) -> tuple[Pile, ...]:
    """The piles of a resolved ``piles.dealt`` list (the schema checked each item's keys and
    types; the compile step checks how they combine). ``seen_by`` defaults by the face."""
    out = []
    for item in items if isinstance(items, list) else ():
        face = PileFace(item.get("face", PileFace.DOWN.value))
        seen = item.get("seen_by", PileSeen.ALL.value if face is PileFace.UP
                        else PileSeen.NONE.value)
        out.append(Pile(name=item["name"], size=item["size"],
                        owner=PileOwner(item.get("owner", PileOwner.TABLE.value)), face=face,
                        under=item.get("under", 0), seen_by=PileSeen(seen),
                        play_from=bool(item.get("play_from", False))))
    return tuple(out)


def played_from(piles: tuple[Pile, ...]) -> int:
    """The cards of piles a seat plays from, beside his hand (its tricks are that many more)."""
    return sum(p.size + p.under for p in piles if p.play_from)


def piles_to_json(variant: Variant, hands: tuple[int, ...]) -> dict[str, Any]:
    """``{"pile_cards": ...}``, the piles of a deal with card codes (``Deal.to_json``; ``{}``
    without piles): by pile name, one entry per owner (seat 0 first; a table's pile has
    one), a list of cards, or for a covered pile a list of columns, each ``[up]`` or
    ``[up, down]``."""
    deal = variant.deal
    if not deal.piles:
        return {}
    out: dict[str, list[Any]] = {}
    for k, pile in enumerate(deal.piles):
        entries: list[Any] = []
        first = first_pile(deal)
        for place, at in zip(deal.pile_places, range(first, len(hands)), strict=False):
            if place.pile != k:
                continue
            cards = C.names(hands[at])
            if place.layer == "all":
                entries.append(cards)
            elif place.layer == "up":
                if place.column == 0:
                    entries.append([])
                entries[-1].append(cards)
            else:
                entries[-1][place.column] += cards
        out[pile.name] = entries
    return {"pile_cards": out}


def piles_of_json(variant: Variant, deal: Mapping[str, Any],
                  read: Callable[[object, str], list[int]]) -> list[list[int]]:
    """The cards of each of the piles' positions from a deal's ``pile_cards`` (the form
    :func:`piles_to_json` writes); ``read`` checks a list of codes and returns its cards.
    Raises :class:`~engine.core.errors.InvalidArgument` saying what is wrong."""
    rules = variant.deal
    given = deal.get("pile_cards") or {}
    if not rules.piles:
        return []
    if not isinstance(given, dict):
        raise InvalidArgument("`pile_cards` must map each pile's name to its cards, one list per "
                              "owner")
    masks = []
    for place in rules.pile_places:
        pile = rules.piles[place.pile]
        owners = given.get(pile.name, [])
        index = max(place.owner, 0)
        entry = owners[index] if isinstance(owners, list) and index < len(owners) else []
        whose = f"the {pile.name} of seat {place.owner}" if place.owner >= 0 else \
            f"the {pile.name}"
        if place.layer != "all":
            column = entry[place.column] if isinstance(entry, list) and \
                place.column < len(entry) else []
            row = 0 if place.layer == "up" else 1
            entry = column[row:row + 1] if isinstance(column, list) else column
            whose += f", column {place.column + 1} ({'face up' if row == 0 else 'face down'})"
        cards = read(entry, whose)
        if len(cards) != place.size:
            raise InvalidArgument(f"{whose} holds {len(cards)} cards, not {place.size}")
        masks.append(cards)
    return masks


def first_pile(deal: DealRules) -> int:
    """The position of the piles' first card (the seats and extra hands come before)."""
    return deal.positions - len(deal.piled)
