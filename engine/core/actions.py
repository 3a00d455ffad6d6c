"""Actions: small ints inside the engine, readable names at the edges.

=================  ===========================================================
name               meaning
=================  ===========================================================
``pass``           pass a bid, or decline to go alone
``order_up``       accept the upcard's suit as trump (the dealer "takes it up")
``pick_up``        optional dealer pickup: take the upcard
``keep``           decline: keep the hand (optional pickup, optional merge)
``alone``          go alone
``merge``          optional dummy merge: take the dummy into the hand
``swap``           swap the hand for the extra hand (Ghost Hand)
``look``           open swap: look at the extra hand first, then swap or not
``call:H``         name a suit as trump (``call:N``: no-trump, where allowed)
``bid:3``          bid three tricks; ``bid:moon`` the variant's top bid
``discard:9C``     discard a card
``play:JH``        play a card
=================  ===========================================================

>>> name_of(PLAY + 20), action_id("discard:9C")
('play:JH', 66)
"""

from __future__ import annotations

from engine.core import cards as C

__all__ = [
    "ALONE",
    "BID",
    "CALL",
    "DISCARD",
    "HIDDEN_DISCARD",
    "KEEP",
    "LOOK",
    "MERGE",
    "ORDER_UP",
    "PASS",
    "PICK_UP",
    "PLAY",
    "SWAP",
    "TOP_BID",
    "action_id",
    "name_of",
]

PASS, ORDER_UP, PICK_UP, KEEP, ALONE, MERGE, SWAP, LOOK = range(8)
CALL = 8
"""``CALL + suit`` names trump; ``CALL + NO_TRUMP`` names no-trump."""
BID = 16
"""``BID + n`` bids n tricks (n from 1 to 12)."""
TOP_BID = 31
"""The variant's named top bid (``bid:moon``)."""
DISCARD = 64
"""``DISCARD + card``."""
HIDDEN_DISCARD = DISCARD + 63
"""Another seat's discard as a view shows it: the card is not known (named ``discard``)."""
PLAY = 128
"""``PLAY + card``."""

_SIMPLE = {
    PASS: "pass", ORDER_UP: "order_up", PICK_UP: "pick_up", KEEP: "keep", ALONE: "alone",
    MERGE: "merge", SWAP: "swap", LOOK: "look", HIDDEN_DISCARD: "discard",
}


def _build_names() -> tuple[dict[int, str], dict[str, int]]:
    names = dict(_SIMPLE)
    for suit in range(4):
        names[CALL + suit] = f"call:{C.SUIT_NAMES[suit]}"
    names[CALL + C.NO_TRUMP] = "call:N"
    for n in range(1, 13):
        names[BID + n] = f"bid:{n}"
    for c in range(C.CARD_COUNT):
        names[DISCARD + c] = f"discard:{C.card_name(c)}"
        names[PLAY + c] = f"play:{C.card_name(c)}"
    return names, {v: k for k, v in names.items()}


_NAMES, _IDS = _build_names()


def name_of(action: int, top_bid: str = "moon") -> str:
    """The name of an action id (``top_bid`` names the variant's top bid)."""
    if action == TOP_BID:
        return f"bid:{top_bid}"
    return _NAMES[action]


def action_id(name: str, top_bid: str = "moon") -> int:
    """The id of an action name; raises ``KeyError`` when there is no such action."""
    text = name.strip().lower()
    if text == f"bid:{top_bid}":
        return TOP_BID
    if ":" in text:
        kind, _, arg = text.partition(":")
        return _IDS[f"{kind}:{arg.upper()}"]
    return _IDS[text]


def card_of(action: int) -> int:
    """The card of a ``discard`` or ``play`` action."""
    return action & 63
