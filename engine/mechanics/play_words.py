"""The rule-book lines of ``play`` (:mod:`engine.mechanics.play`): who leads, following suit,
the winner (no-trump and low no-trump included, with the joker's rule, BID-A8/BID-A9), reneges;
and the refusals of a card (:class:`~engine.core.errors.Refused`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import cards as C
from engine.core.errors import Refusal, Refused
from engine.mechanics.auction_space import fixed_by
from engine.mechanics.base import Rule
from engine.mechanics.wording import join, setting

if TYPE_CHECKING:
    from engine.mechanics.play import PlayRules
    from engine.rules.variant import Variant

__all__ = ["NOT_A_CARD", "book", "must_follow", "no_trump_contracts", "not_held", "offers",
           "second_copy", "shown"]

NOT_A_CARD = Refused(Refusal.WRONG_PHASE, "the tricks are being played: play a card")


def shown(card: int) -> str:
    """A card as the table shows it (``A♣``), a second copy as its first (DECK-A2); a
    discard that names no card (the face-down ``discard``) is ``that card``."""
    return C.pretty(C.card(C.card_name(card))) if 0 <= card < C.CARD_COUNT else "that card"


def not_held(card: int) -> Refused:
    """A card the hand of the seat to play does not hold."""
    return Refused(Refusal.NOT_IN_HAND, f"{shown(card)} is not in your hand")


def second_copy(card: int) -> Refused:
    """The second copy of a card held twice, where its name plays the first (DECK-A2)."""
    name = shown(card)
    return Refused(Refusal.SECOND_COPY, f"you hold two {name}: playing {name} plays the first "
                   "(both are the same card, DECK-A2)")


def must_follow(suit: str) -> Refused:
    """A card that does not follow ``suit`` (``trump``, ``hearts``...) though the hand can."""
    return Refused(Refusal.MUST_FOLLOW_SUIT, f"you must follow {suit}")

_FIRST_LEAD = {
    "eldest": "The first trick is led by eldest; if eldest sits the hand out, by the next "
              "player clockwise who plays (STD-A2).",
    "maker": "The maker leads the first trick.",
    "left_of_loner": "The first trick is led by the player at the left of a lone maker; if "
                     "the maker is not alone, by the player at the left of a lone defender; "
                     "if no one is alone, by eldest. Players who sit out are skipped (CTD-A6).",
    "literal_seed": "The first trick is led by eldest; but when eldest's side plays alone (eldest "
                    "himself or his partner), by the player across from the dealer, or the next "
                    "player clockwise who plays (STD-A14).",
}


def book(v: Variant, play: PlayRules) -> list[Rule]:
    """The rule book: who leads first (``play.first_lead``), following suit, the winner, reneges.

    >>> from engine import load_variant
    >>> from engine.mechanics.play import PlayRules
    >>> v = load_variant("standard")
    >>> book(v, v.rules(PlayRules))[3].text
    'A hand is 5 tricks.'
    """
    lead = play.first_lead
    others = [f"`{name}`" for name in _FIRST_LEAD if name != lead]
    by_bid = "".join(f" On {label} (BID-A14): {_lowered(_FIRST_LEAD[str(value)])}"
                     for label, value in fixed_by(v, "play.first_lead"))
    return [
        Rule(text=_FIRST_LEAD[lead] + by_bid,
             alternative=f"`play.first_lead` can also be {join(others, 'or')}; a bid's "
             "`settings` may fix it for the hand it wins."),
        Rule(text="The leader may lead any card. Each player in turn, clockwise, must follow "
             f"the suit led if he can{_left_bower_follows(v)}. A player who cannot follow may "
             "play any card, trump or not; no one has to trump or to beat the cards played."),
        Rule(text="The highest trump played wins the trick; if no trump was played, the highest "
             "card of the suit led wins. The winner leads the next trick."),
        *_no_trump_rules(v, play),
        Rule(text=f"A hand is {v.deal.hand_size} tricks."),
        _renege_rule(v),
    ]


def _lowered(text: str) -> str:
    """A sentence of :data:`_FIRST_LEAD` inside another: its first letter small."""
    return text[0].lower() + text[1:]


def _left_bower_follows(v: Variant) -> str:
    """``; the left bower counts as a trump ...`` where the deck has jacks (a deck without
    them has no bowers)."""
    if not any(C.rank_of(c) == C.RANK_J for c in v.deck.cards):
        return ""
    return "; the left bower counts as a trump, not as its printed suit"


def no_trump_contracts(v: Variant) -> tuple[int, ...]:
    """The trumpless contracts a variant's bidding can make: ``NO_TRUMP``, ``LOW_NO_TRUMP``
    (what the flow's mechanics say through their ``trumpless`` words).

    >>> from engine import load_variant
    >>> no_trump_contracts(load_variant("standard"))
    ()
    """
    # The registry imports every mechanic, this one's too: it is asked when the book is made.
    from engine.mechanics.registry import trumpless_contracts  # noqa: PLC0415

    return trumpless_contracts(v)


def _no_trump_rules(v: Variant, play: PlayRules) -> list[Rule]:
    contracts = no_trump_contracts(v)
    if not contracts:
        return []
    lines = [Rule(text="In a no-trump hand the highest card of the suit led wins; jacks are "
                  "plain cards of their suits." + (
                      " In a low no-trump hand the lowest card of the suit led wins." if
                      C.LOW_NO_TRUMP in contracts else ""))]
    if not v.deck.jokers:
        return lines
    if play.joker_at_no_trump == "leader_names":
        text = ("A player who leads the joker at no-trump names at once the suit it calls for; "
                "the others must follow that suit if they can, and the joker wins (BID-A8).")
        other = "no_suit"
    else:
        text = ("A joker led at no-trump calls for no suit: the others may play any card, and "
                "the joker wins (BID-A8).")
        other = "leader_names"
    return [*lines, Rule(text=text, alternative=f"{setting('play.joker_at_no_trump', other)} "
                         + ("lets a led joker call for no suit." if other == "no_suit" else
                            "has its leader name the suit it calls for."))]


def _renege_rule(v: Variant) -> Rule:
    if v.renege.correct:
        return Rule(text="A player at the table may renege (fail to follow suit when he could). "
                    "Before the trick is turned (once its last card is played) he may take "
                    "the card back and play one that follows suit, without penalty; then "
                    "each opponent who played after him may take back his card and play "
                    "another, following suit if he can; his partner may not (RENEGE-A1, "
                    "RENEGE-A2). A renege left standing when the trick is turned is "
                    "penalised; see the scoring. Bots never renege, and keep their cards.",
                    alternative=f"{setting('penalties.renege.correct', 'never')} lets a "
                    "renege stand once played.")
    if v.renege.allowed:
        return Rule(text="A player at the table may renege (fail to follow suit when he could); "
                    "the play stands and is penalised when the hand is scored. Bots never "
                    "renege.",
                    alternative=f"{setting('penalties.renege.allowed', 'false')} refuses such "
                    "a play.")
    return Rule(text="A play that fails to follow suit when the player could is refused: there "
                "are no reneges.",
                alternative=f"{setting('penalties.renege.allowed', 'true')} lets a player "
                "renege and penalises it; see the scoring.")


def offers(variant: Variant, legal: list[str]) -> list[str]:
    """The prompt's offer: a card, or the suit a led joker calls for (BID-A8)."""
    if any(name.startswith("call:") for name in legal):
        return ["You led the joker: name the suit it calls for."]
    if "pass" in legal:  # RENEGE-A1, RENEGE-A2: before a trick with a renege is turned
        return ["Before the trick is turned: pass to leave your card on it, or play another "
                "in its place:"]
    return ["Your card:"]
