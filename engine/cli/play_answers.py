"""What the human is asked at the ``euchre play`` prompt, and what an answer means.

:func:`question_for` asks the question that matches the legal actions (round 1 offers to order
up, round 2 a suit other than the turned-down one, a stuck dealer or a joker upcard may not
pass). :func:`action_for` turns a typed action name (any listed action, ``look`` included) or
a bare card, as a code or as shown (``JH``, ``10h``, ``K♥``, ``k♥``, ``♥K``), or a trump by
word, letter or symbol (``clubs``, ``c``, ``♣``, ``no trump``), into an action
id, once, checked against the rules (:meth:`State.check <engine.play.state.State.check>`); the
table applies that id. :func:`several` reads several discards in one answer.

>>> from engine import load_variant, new_game
>>> state = new_game(load_variant("standard"), seed=4)
>>> question_for(state)
'Your bid: order up, or pass?'
>>> state.action_name(action_for(state, "ORDER_UP"))
'order_up'
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import IllegalActionError
from engine.mechanics.base import LEGAL_NOW
from engine.mechanics.registry import mechanic, offer_order
from engine.mechanics.wording import counted
from engine.play.state import State
from engine.text.narrate import sorted_hand
from engine.text.narrate_words import imperative

__all__ = [
    "HELP",
    "action_card",
    "action_for",
    "card_code",
    "card_hint",
    "menu",
    "question_for",
    "refusal_line",
    "renege_word",
    "several",
]

HELP = ("Answer with a number from the list, an action name (order_up, call:H, bid:4), a "
        "trump (hearts, h or ♥), or a card (JH, 10h, K♥) to play or discard it; several "
        "discards at once: 9C TD or 1 3. "
        "'hint' asks a bot's advice ('why' its figures), 'table' shows the table, 'help' the "
        "options, 'quit' stops.")

def refusal_line(error: IllegalActionError) -> str:
    """``Not allowed: ...``: the reason in a player's words, without the list of the legal
    actions by name that a program is given (the options are numbered above in words)."""
    reason, listed, _ = error.reason.partition(LEGAL_NOW)
    return f"Not allowed: {reason}" + ("; choose one of the options above." if listed else ".")


def menu(state: State, seat: int) -> list[int]:
    """The legal action ids in the order the options are numbered: the running mechanic's
    (a bid table's bids by rank, :func:`~engine.mechanics.registry.offer_order`), the cards in
    the order the hand is shown.

    >>> from engine import load_variant, new_game
    >>> state = new_game(load_variant("five-hundred"), seed=3)
    >>> [state.action_name(a) for a in menu(state, 2)][:3], state.current_player
    (['pass', 'bid:6S', 'bid:6C'], 2)
    """
    h = state.hand
    place = {c: i for i, c in enumerate(sorted_hand(h.hands[seat], h.trump, state.variant.deck))}
    ids = sorted(state.legal_action_ids(), key=lambda a: place.get(action_card(a), -1))
    names = offer_order(state.variant, state.phase, [state.action_name(a) for a in ids])
    return sorted(ids, key=lambda a: names.index(state.action_name(a)))


def question_for(state: State) -> str:
    """The question above the numbered options: the running mechanic's prompt, its
    ``{offers}`` filled in from the legal actions (:class:`~engine.mechanics.base.Words`)."""
    legal = state.legal_actions()
    if any(name.startswith("discard:") for name in legal):
        return _discard_question(state)
    scratch = state.hand.scratch  # the running phase's own question for this seat, if any
    asked = scratch.question() if scratch is not None else ""
    if asked:
        return asked
    words = mechanic(state.phase).words
    if "{offers}" not in words.prompt:  # a fixed question, or the offer's own when it has one
        own = words.offers(state.variant, legal) if words.offers else []
        return own[0] if own else words.prompt or "Your move:"
    offers = words.offers(state.variant, legal) if words.offers else []
    if state.current == state.dealer:  # the dealer ordering himself up picks it up
        said = {imperative(words.verbs[k]): imperative(v) for k, v in words.dealer_verbs.items()
                if k in words.verbs}
        offers = [said.get(offer, offer) for offer in offers]
    if "pass" in legal:
        text = f"{', '.join(offers)}, or pass?" if offers else "pass?"
    elif any(n.startswith("call:") for n in legal):
        text = f"{', or '.join(offers)} (you may not pass: you must name trump)."
    elif "pass" in words.verbs:  # a pass the mechanic knows is not open to you now
        text = f"{', or '.join(offers)} (you may not pass)."
    else:
        text = f"{', or '.join(offers)}?"
    prefix = words.prompt[:words.prompt.index("{offers}")]
    return prefix + (text[0].upper() + text[1:] if not prefix else text)


def _discard_question(state: State) -> str:
    """How many cards to discard now: what the running phase still asks of this seat (a lone
    player calling for his partner's best discards first and is given as many, RAIL-A7),
    else down to the hand size."""
    several_hint = "; one answer may name them all, e.g. 1 2 or 9C TD"
    scratch = state.hand.scratch  # the running phase's: its own question, if it has one
    own = scratch.discard_question(several_hint) if scratch is not None else ""
    if own:
        return own
    keep = state.variant.deal.hand_size
    extra = state.hand.hands[state.current_player].bit_count() - keep
    return (f"Discard {counted(max(extra, 1), 'card')} (you keep {keep})"
            f"{several_hint if extra > 1 else ''}.")


def action_for(state: State, text: str) -> int:
    """The action id a typed answer means: an action name in any case (any action the game
    lists) or a bare card code for the one ``play:``/``discard:`` of that card. Raises
    ``ValueError`` (not an action) or ``IllegalActionError`` (not allowed now, with the
    rules' reason and its kind). A renege the variant allows is returned: the caller asks
    first."""
    a = _id_of(state, text)
    state.check(a)  # raises unless legal, or a renege the variant allows
    return a


def several(state: State, parts: list[str], options: Sequence[int]) -> list[int]:
    """The action ids of an answer of several discards (``9C TD``, ``K♥ 10♦``, ``1 3``; a
    number is an option of the list ``options``, the ids shown for the first): each must be
    a discard that is legal after the ones before it, tried on a copy of the game (a look
    ahead: the discards are applied by the caller). Raises ``ValueError`` or
    ``IllegalActionError`` with what is wrong; nothing is discarded then.

    >>> from engine import load_variant, new_game
    >>> state = new_game(load_variant("cutthroat"), seed=1)
    >>> several(state, ["JH", "QH"], state.legal_action_ids())
    Traceback (most recent call last):
      ...
    ValueError: 'JH QH' is not an option: several answers at once are only for discards...
    """
    text = " ".join(parts)
    if not any(_is_discard(a) for a in options):
        raise ValueError(f"{text!r} is not an option: several answers at once are only for "
                         "discards (9C TD, or 1 3).")
    wanted = [_discard_id(state, part, options) for part in parts]
    trial = state.clone()
    seat = state.current_player
    ids: list[int] = []
    for asked in wanted:
        legal = trial.legal_action_ids()
        if trial.current_player != seat or not any(_is_discard(x) for x in legal):
            raise ValueError(f"You discard only {len(ids)} now: nothing was discarded.")
        other = A.other_copy(asked)  # a card held twice: its name reads as either copy
        a = other if asked not in legal and other in legal else asked
        trial.apply(a)  # IllegalActionError, with the reason, for a card not in the hand
        ids.append(a)
    return ids


def _is_discard(action: int) -> bool:
    return A.DISCARD <= action < A.HIDDEN_DISCARD


def _discard_id(state: State, part: str, options: Sequence[int]) -> int:
    """The discard one part of a several-discard answer names: an option's number, a card
    (``9C``, ``K♥``) or a ``discard:`` name."""
    if part.isascii() and part.isdigit():
        number = int(part)
        if not 1 <= number <= len(options):
            raise ValueError(f"There is no option {part}: choose 1 to {len(options)}.")
        a = options[number - 1]
        if not _is_discard(a):
            raise ValueError(f"Option {part} is not a discard: several answers at once are "
                             "only for discards.")
        return a
    kind, colon, arg = part.partition(":")
    if colon and kind.lower() != "discard":
        raise ValueError(_unknown(part))
    card = _card_or_fail(arg if colon else part, part)
    return state.action_id(f"discard:{C.card_name(card)}")


def _id_of(state: State, text: str) -> int:
    """The action id of a typed name or bare card code (``10h`` -> the id of ``play:TH``),
    read once."""
    kind, colon, arg = text.lower().partition(":")
    if colon and _is_card_kind(kind):
        return state.action_id(f"{kind}:{C.card_name(_card_or_fail(arg, text))}")
    try:  # every action the engine names, so no list here can drift from it
        return state.action_id(text)
    except IllegalActionError:
        if colon:
            raise ValueError(_unknown(text)) from None
    trump = trump_named(text)
    if trump is not None:
        named = [a for a in state.legal_action_ids() if _trump_of(a) == trump]
        # the one legal action naming it (call:C, or a bid that names its trump); else
        # call:C, which the rules refuse with their reason (turned down, not now)
        return named[0] if len(named) == 1 else state.action_id(
            f"call:{C.trump_letter(trump)}")
    card = C.original(_card_or_fail(text, text))
    matches = [a for a in state.legal_action_ids()
               if (c := action_card(a)) >= 0 and C.original(c) == card]
    if len(matches) == 1:
        return matches[0]
    kinds = [k.prefix for k in mechanic(state.phase).kinds if k.arg is A.Arg.CARD]
    return state.action_id(f"{kinds[0] if kinds else 'play'}:{C.card_name(card)}")


_TRUMP_WORDS = {
    **{word: t for t, word in enumerate(C.SUIT_WORDS)},
    **{word[:-1]: t for t, word in enumerate(C.SUIT_WORDS)},
    **{letter.lower(): t for t, letter in enumerate(C.TRUMP_LETTERS)},
    **{symbol: t for t, symbol in enumerate(C.SUIT_SYMBOLS)},
    **{symbol: t for t, symbol in enumerate("♧♢♡♤")},
    "no trump": C.NO_TRUMP, "no-trump": C.NO_TRUMP, "notrump": C.NO_TRUMP, "nt": C.NO_TRUMP,
    "low no trump": C.LOW_NO_TRUMP, "low no-trump": C.LOW_NO_TRUMP, "low": C.LOW_NO_TRUMP,
}
"""A trump as a player may type it: a suit's word (``clubs``, ``club``), letter or symbol;
``no trump`` (``nt``, ``n``), ``low no trump`` (``low``, ``l``)."""


def trump_named(text: str) -> int | None:
    """The trump index an answer names, else ``None``.

    >>> [trump_named(t) for t in ("clubs", "Heart", "♠", "d", "no trump", "NT", "JH")]
    [0, 2, 3, 1, 4, 4, None]
    """
    return _TRUMP_WORDS.get(" ".join(text.lower().split()))


def _trump_of(action: int) -> int:
    """The trump a legal action names (``call:H``, ``bid:4H``), else -1."""
    try:
        kind = A.kind_of(action)
    except KeyError:
        return -1
    if kind.arg is A.Arg.SUIT:
        return action - kind.base
    if kind.arg is A.Arg.NUMBER_TRUMP:
        return A.bid_trump(action)[1]
    return -1


def action_card(action: int) -> int:
    """The card of a card action (``play:JH``, ``discard:9C``, ``give:AS``), else -1.

    >>> C.card_name(action_card(A.action_id("discard:9C"))), action_card(A.PASS)
    ('9C', -1)
    """
    try:
        kind = A.kind_of(action)
    except KeyError:
        return -1
    card = A.card_of(action)
    return card if kind.arg is A.Arg.CARD and card != C.NO_CARD else -1


def _is_card_kind(prefix: str) -> bool:
    kind = A.kind_named(prefix)
    return kind is not None and kind.arg is A.Arg.CARD


def renege_word(state: State) -> str:
    """The suit the current trick's lead calls for: ``trump`` or ``hearts``."""
    tables = state.variant.deck.tables(state.hand.trump)
    led = tables.effective[state.hand.trick[0]]
    return "trump" if led == state.hand.trump else C.SUIT_WORDS[led]


_SYMBOLS = {"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S"}


def card_code(text: str) -> str:
    """A card typed as it is shown, in a code :func:`engine.core.cards.card` reads: a suit
    symbol becomes its letter, before or after the rank (``K♥``, ``♥k``, ``10♦``), and
    ``Jkr`` (the joker as shown) is ``JK``, ``JkL`` (the low joker, DECK-A4) ``JL``.

    >>> card_code("K♥"), card_code("k♥"), card_code("♥K"), card_code("10♦"), card_code("jkr")
    ('KH', 'KH', 'KH', '10D', 'JK')
    >>> card_code("JkL"), card_code("4♥")
    ('JL', '4H')
    """
    code = text.strip()
    if code.lower() == "jkr":
        return "JK"
    if code.lower() == "jkl":
        return "JL"
    if code[:1] in _SYMBOLS:
        code = code[1:] + code[:1]
    return "".join(_SYMBOLS.get(ch, ch) for ch in code).upper()


def _card_or_fail(code: str, text: str) -> int:
    """The card ``code`` names (as a code, ``JH``, or as shown, ``J♥``); a ``ValueError``
    quoting the whole answer ``text`` if none."""
    try:
        return C.card(card_code(code))
    except ValueError:
        raise ValueError(_unknown(text)) from None


def _unknown(text: str) -> str:
    return f"{text!r} is not an option, an action or a card. {HELP}"


def card_hint(name: str) -> str:
    """The card of a ``play:``/``discard:`` option as it is shown (``   10♠``), else ``""``."""
    kind, _, arg = name.partition(":")
    return f"   {C.pretty(C.card(arg))}" if arg and _is_card_kind(kind) else ""
