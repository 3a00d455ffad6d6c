"""The draw for the first dealer: a game-start step, not a phase of a hand's flow.

``dealer.first: random`` picks a seat from the game's RNG; ``draw`` deals each seat a card
(STD-A4: no joker, unless ``draw.joker`` ranks it highest or lowest, DECK-A7; tied seats draw
again) and the lowest (or highest) deals. With
``draw.partners: high_vs_low`` the draw also seats a team game's players.
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.core import cards as C
from engine.rules.variant import (
    DrawDealer,
    DrawJoker,
    DrawPartners,
    FirstDealer,
    SidesKind,
    Variant,
)

__all__ = ["Drawing", "draw_places", "first_dealer"]


class Drawing(Protocol):
    """What the draw needs of a game: its RNG, and where it keeps the cards drawn."""

    rng: random.Random
    draw: dict[int, list[int]]


def first_dealer(variant: Variant, s: Drawing) -> int:
    """Pick the first dealer from the state's RNG: at random, or by the draw of seed 003
    (each seat draws a card; tied seats draw again; the lowest, or highest, deals). The
    cards each seat drew, redraws last, are kept in ``s.draw``.

    In a team game with ``partners: high_vs_low`` the draw also seats the players: the two
    lowest cards partner each other, so the draw is dealt to seats accordingly."""
    v = variant
    n = v.players
    if v.dealer.first is FirstDealer.RANDOM:
        return s.rng.randrange(n)
    place = draw_places(v)
    pack = [c for c in v.deck.cards if c in place]  # STD-A4: no joker, unless DECK-A7
    s.rng.shuffle(pack)
    drawn: dict[int, list[int]] = {seat: [] for seat in range(n)}
    waiting = list(range(n))
    while waiting:
        for seat in waiting:
            if not pack:  # pragma: no cover - needs dozens of ties in a row
                used = {c for cards in drawn.values() for c in cards}
                pack = [c for c in v.deck.cards if c in place and c not in used]
                s.rng.shuffle(pack)
            drawn[seat].append(pack.pop())
        # STD-A4: only tied players draw again, and their new cards only settle their own
        # tie: a seat's place is its first card, then its redraws (so it is compared by the
        # tuple of its cards' places in the draw ranking; a higher place = a lower card).
        places = {seat: tuple(place[c] for c in drawn[seat]) for seat in drawn}
        counts = list(places.values())
        waiting = [seat for seat in range(n) if counts.count(places[seat]) > 1]
    by_low = sorted(range(n), key=lambda seat: places[seat], reverse=True)
    if v.dealer.draw_dealer is DrawDealer.HIGHEST:
        by_low.reverse()
    teams = v.sides.teams
    seats_by_draw = v.dealer.draw_partners is DrawPartners.HIGH_VS_LOW
    if v.sides.kind is SidesKind.TEAMS and seats_by_draw and n == 4 and \
            all(len(t) == 2 for t in teams):
        # The players sit down by the draw: the two lowest partner each other.
        cards_low_first = [drawn[seat] for seat in by_low]
        dealer_team = teams[s.rng.randrange(2)]
        dealer = dealer_team[s.rng.randrange(2)]
        partner = next(x for x in dealer_team if x != dealer)
        others = [x for x in range(n) if x not in dealer_team]
        s.rng.shuffle(others)
        seats_low_first = [dealer, partner, *others]
        drawn = dict(zip(seats_low_first, cards_low_first, strict=True))
        s.draw = drawn
        return dealer
    s.draw = drawn
    return by_low[0]


def draw_places(v: Variant) -> dict[int, int]:
    """Each card that takes part in the draw and its place, 0 for the highest (ties share a
    place): the ranks of ``draw.ranking``; the jokers above them all or below them all
    (``draw.joker``, DECK-A7), the high joker above the low one, or out (STD-A4).

    >>> from engine import load_variant
    >>> places = draw_places(load_variant("standard"))
    >>> places[C.card("KH")], places[C.card("KS")], places[C.card("AH")]
    (0, 0, 7)
    """
    order = {rank: place for place, rank in enumerate(v.dealer.draw_ranking)}
    ranks = C.RANKS
    out = {c: order[ranks[c]] for c in v.deck.cards if ranks[c] != C.RANK_JOKER}
    joker = v.dealer.draw_joker
    if joker is not DrawJoker.OUT:
        high = -2 if joker is DrawJoker.HIGHEST else len(order)
        for c in v.deck.cards:
            if ranks[c] == C.RANK_JOKER:  # the high joker (and its copy), then the low
                out[c] = high + (C.original(c) == C.JOKER_LOW)
    return out

