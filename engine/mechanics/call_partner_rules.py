"""The settings of phase ``call_partner`` (:class:`CallPartnerRules`) and the cards a maker
may call (:func:`callable_cards`); the phase is :mod:`engine.mechanics.call_partner`, which
re-exports them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core import cards as C
from engine.rules.config_fields import option

__all__ = ["BuriedCard", "CallPartnerRules", "CalledCard", "callable_cards"]


class CalledCard(StrEnum):
    """``call_partner.card``: which cards the maker may call (CALL-A1)."""

    ACE = "ace"
    ANY = "any"


class BuriedCard(StrEnum):
    """``call_partner.buried``: how a hand whose called card nobody holds is scored (CALL-A5)."""

    ALONE = "alone"
    PARTNERS = "partners"


@dataclass(frozen=True, slots=True, kw_only=True)
class CallPartnerRules:
    """Phase ``call_partner``."""

    card: CalledCard = option(CalledCard.ACE, doc=(
        "Which cards may be called: `ace` (the ace of a suit other than trump, "
        "CALL-A1) or `any` (any card that is not trump)."))
    own: bool = option(False, doc=(
        "The maker may call a card he holds, and so play alone in secret (CALL-A2). "
        "When he may not and holds every card he could call, he plays alone."))
    alone: bool = option(True, doc=(
        "The maker may announce that he plays alone instead of calling."))
    buried: BuriedCard = option(BuriedCard.ALONE, doc=(
        "A called card that nobody holds (in the kitty, or discarded), or one the "
        "maker holds himself: `alone` (the hand is scored as played alone, CALL-A5) "
        "or `partners` (scored as a partnership hand)."))


def callable_cards(rules: CallPartnerRules, deck: int, trump: int, hand: int,
                   tables: C.TrumpTables | None = None) -> int:
    """The cards (a mask) the maker holding ``hand`` may call at ``trump``: aces or any cards
    of the deck outside trump (the bowers belong to trump), not his own unless ``own``
    (``tables``: the deck's of ``trump``, :meth:`~engine.rules.variant.Deck.tables`; by
    default a deck with bowers).

    >>> rules = CallPartnerRules(card=CalledCard.ACE, own=False, alone=True,
    ...                          buried=BuriedCard.ALONE)
    >>> deck = C.deck_mask(24, 0)
    >>> C.names(callable_cards(rules, deck, C.parse_suit("H"), C.mask_of([C.card("AS")])))
    ['AC', 'AD']
    """
    tables = tables or C.trump_tables(trump)
    cards = deck & ~tables.suit_mask[trump]
    if rules.card is CalledCard.ACE:
        cards &= C.mask_of([suit * 8 + C.RANK_A for suit in range(4)])
    if not rules.own:
        cards &= ~hand
    return cards
