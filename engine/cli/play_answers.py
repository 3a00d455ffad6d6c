"""What the human is asked at the ``euchre play`` prompt, and what an answer means.

:func:`question_for` asks the question that matches the legal actions (round 1 offers to order
up, round 2 a suit other than the turned-down one, a stuck dealer or a joker upcard may not
pass). :func:`action_for` turns a typed action name (any listed action, ``look`` included) or
a bare card code (``JH``, ``10h``) into an action id, checked against the rules.

>>> from engine import load_variant, new_game
>>> state = new_game(load_variant("standard"), seed=4)
>>> question_for(state)
'Your bid: order up, or pass?'
>>> state.action_name(action_for(state, "ORDER_UP"))
'order_up'
"""

from __future__ import annotations

from engine.core import cards as C
from engine.core.errors import IllegalActionError
from engine.mechanics.auction import AuctionRules
from engine.play.state import State

__all__ = ["HELP", "action_for", "card_hint", "card_in", "question_for", "renege_word"]

HELP = ("Answer with a number from the list, an action name (order_up, call:H, bid:4), or a "
        "card (JH, 10h) to play or discard it; 'help' shows the options, 'quit' stops.")

_BIDDING = ("upcard_bidding", "auction", "go_alone")
_CARD_KINDS = ("play", "discard")


def question_for(state: State) -> str:
    """The question above the numbered options, from the phase and the legal actions."""
    legal = state.legal_actions()
    if any(name.startswith("discard:") for name in legal):
        return f"Discard a card (you keep {state.variant.deal.hand_size})."
    if "pick_up" in legal or "merge" in legal:
        return "Take it, or keep your hand?"
    if state.phase == "name_trump":
        return "You won the bidding: name trump."
    if state.phase not in _BIDDING:
        return "Your card:" if state.phase == "play" else "Your move:"
    offers = _offers(state, legal)
    prefix = "Your bid: " if state.phase != "go_alone" else ""
    if "pass" in legal:
        text = f"{', '.join(offers)}, or pass?"
    else:
        text = f"{', or '.join(offers)} (you may not pass: you must name trump)."
        if state.phase == "go_alone" or not any(n.startswith("call:") for n in legal):
            text = f"{', or '.join(offers)} (you may not pass)."
    return prefix + (text[0].upper() + text[1:] if not prefix else text)


def _offers(state: State, legal: list[str]) -> list[str]:
    """What the legal actions other than ``pass`` offer, in words."""
    auction = state.variant.rules(AuctionRules)
    swap_hand = auction.swap.hand if auction and auction.swap else "extra"
    words = {"order_up": "order up", "alone": "go alone",
             "swap": f"swap for the {swap_hand} hand", "look": f"look at the {swap_hand} hand"}
    offers = [words[name] for name in legal if name in words]
    suits = [name[len("call:"):] for name in legal if name.startswith("call:")]
    if suits:
        offers.append(_naming(suits))
    bids = [name[len("bid:"):] for name in legal if name.startswith("bid:")]
    if bids:
        offers.append(_bidding(bids, state))
    return offers


def _naming(suits: list[str]) -> str:
    """``name a suit``, ``name a suit other than hearts``, ``name clubs or no-trump``."""
    words = [C.SUIT_WORDS[C.SUIT_NAMES.index(s)] for s in suits if s != "N"]
    no_trump = " or no-trump" if "N" in suits else ""
    if len(words) == 4:
        return f"name a suit{no_trump}"
    if len(words) == 3:
        missing = next(w for w in C.SUIT_WORDS if w not in words)
        return f"name a suit other than {missing}{no_trump}"
    return f"name {' or '.join(words) or 'no-trump'}{no_trump if words else ''}"


def _bidding(bids: list[str], state: State) -> str:
    """``bid 3 to 5 or shoot the moon``."""
    auction = state.variant.rules(AuctionRules)
    top = auction.top_bid if auction else None
    numbers = [b for b in bids if b.isdigit()]
    named = [b for b in bids if not b.isdigit()]
    parts = []
    if numbers:
        low, high = numbers[0], numbers[-1]
        parts.append(f"bid {low}" if low == high else f"bid {low} to {high}")
    for name in named:
        parts.append(top.label if top is not None and name == top.name else f"bid {name}")
    return " or ".join(parts)


def action_for(state: State, text: str) -> int:
    """The action id a typed answer means: an action name in any case (any action the game
    lists) or a bare card code for the one ``play:``/``discard:`` of that card. Raises
    ``ValueError`` (not an action) or ``IllegalActionError`` (not allowed now, with the
    rules' reason). A renege the variant allows is returned: the caller asks first."""
    a = state.action_id(_name_of(state, text))
    if a not in state.legal_action_ids():
        # Raises IllegalActionError with the reason, unless it is a renege the variant
        # allows; tried on a copy, since the caller applies the answer to the game.
        state.clone().apply(a)
    return a


def _name_of(state: State, text: str) -> str:
    """An action name from a typed name or bare card code (``10h`` -> ``play:TH``)."""
    kind, colon, arg = text.lower().partition(":")
    if colon and kind in _CARD_KINDS:
        return f"{kind}:{C.card_name(_card_or_fail(arg, text))}"
    try:  # every action the engine names, so no list here can drift from it
        return state.action_name(state.action_id(text))
    except IllegalActionError:
        if colon:
            raise ValueError(_unknown(text)) from None
    code = C.card_name(_card_or_fail(text, text))
    matches = [n for n in state.legal_actions() if n.partition(":")[2] == code]
    if len(matches) == 1:
        return matches[0]
    return ("discard:" if state.phase in ("dealer_pickup", "dummy_merge") else "play:") + code


def renege_word(state: State) -> str:
    """The suit the current trick's lead calls for: ``trump`` or ``hearts``."""
    tables = C.trump_tables(state.trump)
    led = tables.effective[state.trick[0]]
    return "trump" if led == state.trump else C.SUIT_WORDS[led]


def _card_or_fail(code: str, text: str) -> int:
    """The card ``code`` names; a ``ValueError`` quoting the whole answer ``text`` if none."""
    try:
        return C.card(code)
    except ValueError:
        raise ValueError(_unknown(text)) from None


def _unknown(text: str) -> str:
    return f"{text!r} is not an option, an action or a card. {HELP}"


def card_in(name: str) -> int:
    """The card of a ``play:``/``discard:`` name, else -1."""
    kind, _, arg = name.partition(":")
    return C.card(arg) if kind in _CARD_KINDS else -1


def card_hint(name: str) -> str:
    """The card of a ``play:``/``discard:`` option as it is shown (``   10♠``), else ``""``."""
    kind, _, arg = name.partition(":")
    return f"   {C.pretty(C.card(arg))}" if kind in _CARD_KINDS else ""
