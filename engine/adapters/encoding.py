"""A fixed-size encoding of what one seat sees, the same for every variant.

OpenSpiel's observation tensor and PettingZoo's observation ``Box`` are this encoding of a
:class:`~engine.play.view.View` (what one seat may see, and nothing else). Its size does not
depend on the variant: seats are encoded over :data:`MAX_SEATS` slots, cards over the engine's
:data:`CARDS` card ids (24 to 36 cards, sixes, second copies of a double deck, both jokers),
phases over the registered mechanics. A seat beyond the variant's players, or a card not in
its deck, is always 0. The pieces, in order (``docs/encodings.md`` lists them with sizes):

=================  =====================================================================
``seat``           the observing seat, one-hot over 6
``current``        the seat to act, one-hot over 6 (all 0 at a chance node or the end)
``dealer``         one-hot over 6
``phase``          one-hot over the registered mechanics' keys, then ``over``, ``other``
``hand``           own cards (62 card ids); all 0 while the dealer names trump blind
``upcard``         the card face up now; ``turned`` the card turned at the deal;
                   ``turned_down`` the upcard turned down (62 each)
``trump``          one-hot over C D H S, no-trump, low no-trump
``maker``          one-hot over 6; ``alone`` and ``sitting_out``: a 1 per seat
``bid``            the winning bid's tricks (one-hot 0 to 12); ``bid_special`` its special
                   bid (one-hot over 8, the variant's order)
``called``         the card called for a partner (62); ``partner`` the called partner as
                   this seat knows him (one-hot over 6)
``trick``          the trick in progress: 6 x 62, the card each seat put in it
``played``         every card played this hand: 6 x 62, by the seat that played it
``discards``       own discards (62); ``extra_seen`` a hand this seat was shown (ghost hand
                   looked at, dead cards after a swap); ``exposed`` a lone hand face up
``last_action``    each seat's last action this hand: 6 x (18 blocks of 64 action ids + 64
                   offsets in the block): the id is ``64 * block + offset``; another seat's
                   discard is its hidden form (``discard``)
``tricks_won``     per seat, tricks won / hand size
``hand_sizes``     per seat, cards held / hand size
``scores``         per seat, score / the game's scale (the larger of target and start, or 1)
=================  =====================================================================

>>> from engine import load_variant, new_game
>>> state = new_game(load_variant("standard"), seed=7)
>>> vector = Encoder(state.variant).encode(state.view(1))
>>> vector.shape == (OBSERVATION_SIZE,), float(vector[OFFSETS["current"] + 1])
(True, 1.0)
>>> sorted(C.names(decode_cards(vector, "hand"))) == sorted(state.view(1).hand_codes)
True
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import InvalidArgument
from engine.mechanics.registry import mechanics
from engine.play.view import View
from engine.rules.variant import Variant

__all__ = [
    "ACTION_BLOCKS",
    "CARDS",
    "MAX_SEATS",
    "NUM_ACTIONS",
    "OBSERVATION_SIZE",
    "OFFSETS",
    "PHASES",
    "PIECES",
    "Encoder",
    "decode_cards",
    "describe",
    "describe_seen",
    "encode_action",
    "seen_now",
]

MAX_SEATS = 6
"""The most players a variant may have (``players`` in the schema)."""
CARDS = 62
"""Card ids: 0 to 61 (see :mod:`engine.core.cards`). The low joker of a two-joker deck (62,
DECK-A4) and the 2 to 5 (64 to 79, DECK-A6) have no place: an :class:`Encoder` refuses their
variant, so that every shape of the variants that exist stays what it was."""
NUM_ACTIONS = A.BID_TRUMP + 128
"""Every action id is below this: the built-in kinds, the declared kinds' blocks of 64 from
192, and the fixed block of bids that name their trump from 1024."""
ACTION_BLOCKS = NUM_ACTIONS // 64
"""An action id is ``64 * block + offset``."""
PHASES: tuple[str, ...] = (*(m.key for m in mechanics()), "over", "other")
"""The phase names a view can show, then ``other`` for a phase no registered mechanic
names (a plug-in registered after this module was imported)."""
BID_LEVELS = 13

PIECES: tuple[tuple[str, int], ...] = (
    ("seat", MAX_SEATS),
    ("current", MAX_SEATS),
    ("dealer", MAX_SEATS),
    ("phase", len(PHASES)),
    ("hand", CARDS),
    ("upcard", CARDS),
    ("turned", CARDS),
    ("turned_down", CARDS),
    ("trump", len(C.TRUMP_LETTERS)),
    ("maker", MAX_SEATS),
    ("alone", MAX_SEATS),
    ("sitting_out", MAX_SEATS),
    ("bid", BID_LEVELS),
    ("bid_special", A.SPECIAL_BIDS),
    ("called", CARDS),
    ("partner", MAX_SEATS),
    ("trick", MAX_SEATS * CARDS),
    ("played", MAX_SEATS * CARDS),
    ("discards", CARDS),
    ("extra_seen", CARDS),
    ("exposed", CARDS),
    ("last_action", MAX_SEATS * (ACTION_BLOCKS + 64)),
    ("tricks_won", MAX_SEATS),
    ("hand_sizes", MAX_SEATS),
    ("scores", MAX_SEATS),
)
"""The pieces of the encoding and their sizes, in order."""


def _offsets() -> dict[str, int]:
    out: dict[str, int] = {}
    at = 0
    for name, size in PIECES:
        out[name] = at
        at += size
    out["end"] = at
    return out


OFFSETS = _offsets()
"""Where each piece starts in the vector (``end``: the size)."""
OBSERVATION_SIZE = OFFSETS["end"]
_PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
ACTION_SLOT = ACTION_BLOCKS + 64
"""The size of one encoded action: its block one-hot, then its offset one-hot."""

Vector = npt.NDArray[np.float32]


def encode_action(action: int, out: Vector, at: int) -> None:
    """Set the one-hot block and offset of ``action`` in ``out`` from ``at``."""
    block, offset = divmod(action, 64)
    out[at + block] = 1.0
    out[at + ACTION_BLOCKS + offset] = 1.0


def _cards(out: Vector, at: int, mask: int) -> None:
    while mask:
        low = mask & -mask
        out[at + low.bit_length() - 1] = 1.0
        mask ^= low


def _one(out: Vector, at: int, index: int, size: int) -> None:
    if 0 <= index < size:
        out[at + index] = 1.0


_PART_PIECES = {"turned_down": CARDS, "bid_special": A.SPECIAL_BIDS, "called": CARDS,
                "partner": MAX_SEATS}
"""The one-hot pieces the view's mechanics' parts fill (:meth:`ViewPart.features
<engine.mechanics.parts.ViewPart.features>`), with their sizes: a card, a special bid's rank,
a seat; -1 sets nothing."""
_PART_MASKS = frozenset({"extra_seen", "exposed"})
"""The pieces the parts fill with a mask of cards."""


def _feature(out: Vector, piece: str, value: int) -> None:
    """Set a part's piece (a name the encoding does not have is left out)."""
    if piece in _PART_MASKS:
        _cards(out, OFFSETS[piece], value)
    elif piece in _PART_PIECES:
        _one(out, OFFSETS[piece], value, _PART_PIECES[piece])


class Encoder:
    """Encodes views of one variant's games: it knows the hand size (tricks and cards held are
    divided by it) and the score scale (the larger of the target and the starting score, or
    1), so every number lies in a small range whatever the variant."""

    __slots__ = ("dealing", "hand_size", "scale")

    def __init__(self, variant: Variant) -> None:
        if beyond := C.names(variant.deck.mask >> CARDS << CARDS):
            raise InvalidArgument(
                f"variant {variant.name} has cards the observation encoding has no place for "
                f"({', '.join(beyond[:4])}{', ...' if len(beyond) > 4 else ''}): the adapters "
                "encode decks of one joker at most and ranks from 6 to ace (the low joker "
                "and the 2 to 5, DECK-A4 and DECK-A6, would change every shape)")
        self.hand_size = max(1, variant.deal.hand_size)
        self.scale = float(max(1, abs(variant.game.target), abs(variant.game.start)))
        self.dealing = _PHASE_INDEX[variant.flow[0]]
        """The phase while cards are dealt: the flow's first (the deal's check says which)."""

    def encode(self, view: View, out: Vector | None = None) -> Vector:
        """The encoding of ``view`` (written into ``out`` when given, which is zeroed first)."""
        if out is None:
            out = np.zeros(OBSERVATION_SIZE, np.float32)
        else:
            out.fill(0.0)
        o = OFFSETS
        _one(out, o["seat"], view.seat, MAX_SEATS)
        _one(out, o["current"], view.current_player, MAX_SEATS)
        _one(out, o["dealer"], view.dealer, MAX_SEATS)
        out[o["phase"] + _PHASE_INDEX.get(view.phase, len(PHASES) - 1)] = 1.0
        _cards(out, o["hand"], view.hand)
        for name, card in (("upcard", view.upcard), ("turned", view.turned)):
            if card >= 0:
                out[o[name] + card] = 1.0
        for part in view.parts.values():  # each mechanic's pieces: a called card, ...
            for piece, value in part.features(view):
                _feature(out, piece, value)
        if view.trump >= 0:
            out[o["trump"] + view.trump] = 1.0
        _one(out, o["maker"], view.maker, MAX_SEATS)
        for seat in view.alone:
            _one(out, o["alone"], seat, MAX_SEATS)
        for seat in view.sitting_out:
            _one(out, o["sitting_out"], seat, MAX_SEATS)
        _one(out, o["bid"], view.bid, BID_LEVELS)
        for seat, card in view.trick:
            out[o["trick"] + seat * CARDS + card] = 1.0
        for seat, card in view.played:
            out[o["played"] + seat * CARDS + card] = 1.0
        _cards(out, o["discards"], view.discards)
        last: dict[int, int] = {}
        for seat, action in zip(view.actors, view.action_ids, strict=True):
            last[seat] = action
        for seat, action in last.items():
            encode_action(action, out, o["last_action"] + seat * ACTION_SLOT)
        size = self.hand_size
        for seat in range(view.players):
            out[o["tricks_won"] + seat] = view.tricks_won[seat] / size
            out[o["hand_sizes"] + seat] = view.hand_sizes[seat] / size
            out[o["scores"] + seat] = view.scores[seat] / self.scale
        return out

    def encode_dealing(self, *, seat: int, dealer: int, scores: list[int], out: Vector,
                       over: bool = False) -> None:
        """The encoding while cards are being dealt (OpenSpiel's chance nodes): the seat, the
        dealer, the phase ``deal`` and the scores; nobody sees a card yet. ``over``: the game
        ended with the last deal played (phase ``over``, no dealer)."""
        o = OFFSETS
        _one(out, o["seat"], seat, MAX_SEATS)
        if not over:
            _one(out, o["dealer"], dealer, MAX_SEATS)
        out[o["phase"] + (_PHASE_INDEX["over"] if over else self.dealing)] = 1.0
        for i, score in enumerate(scores):
            out[o["scores"] + i] = score / self.scale


def describe(view: View) -> str:
    """One seat's view as one line of text: seat, phase, cards, contract, trick, scores.

    >>> from engine import load_variant, new_game
    >>> describe(new_game(load_variant("standard"), seed=7).view(1))[:40]
    'seat 1; hand 1, upcard_bidding, dealer 0'
    """
    trump = view.trump_suit or "-"
    up = C.card_name(view.upcard) if view.upcard >= 0 else "-"
    trick = " ".join(f"{seat}:{C.card_name(card)}" for seat, card in view.trick)
    actions = " ".join(f"{seat}:{name}" for seat, name in view.actions)
    return (f"seat {view.seat}; hand {view.hand_number}, {view.phase}, dealer {view.dealer}, "
            f"to act {view.current_player}; cards {' '.join(view.hand_codes)}; upcard {up}; "
            f"trump {trump}; maker {view.maker}; bid {view.bid}{view.bid_special}; alone "
            f"{list(view.alone)}; trick {trick}; tricks {list(view.tricks_won)}; scores "
            f"{list(view.scores)}; actions {actions}")


def seen_now(view: View, deal: int) -> tuple[int, int, int, int, int, int, int]:
    """What a seat sees of the cards now, as :func:`describe_seen` reads it (the pieces the
    view's parts fill: a hand shown to it, an exposed hand, the partner it knows)."""
    pieces = {piece: value for part in view.parts.values()
              for piece, value in part.features(view) if piece in _SEEN}
    return (view.hand, view.upcard, view.turned, pieces.get("extra_seen", 0),
            pieces.get("exposed", 0), pieces.get("partner", -1), deal)


_SEEN = frozenset({"extra_seen", "exposed", "partner"})


def describe_seen(seen: tuple[int, int, int, int, int, int, int]) -> str:
    """What a seat sees of the cards (hand, upcard, card turned, a hand shown to it, an
    exposed hand, the partner it knows, the deal's number), as a line of its information
    state."""
    hand, upcard, turned, shown, exposed, partner, deal = seen
    up = C.card_name(upcard) if upcard >= 0 else "-"
    turned_text = C.card_name(turned) if turned >= 0 else "-"
    return (f"deal {deal}: hand {' '.join(C.names(hand))}; upcard {up}; turned "
            f"{turned_text}; shown {' '.join(C.names(shown))}; exposed "
            f"{' '.join(C.names(exposed))}; partner {partner}")


def decode_cards(vector: Vector, piece: str) -> int:
    """The cards set in a 62-card piece of an encoding, as a mask (for tests and debugging)."""
    at = OFFSETS[piece]
    mask = 0
    for card in range(CARDS):
        if vector[at + card]:
            mask |= 1 << card
    return mask
