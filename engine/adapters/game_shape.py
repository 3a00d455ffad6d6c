"""The shape of a variant as a game for other frameworks: bounds, chance and returns.

OpenSpiel needs bounds known before any game is played (the longest game, the smallest and
largest utility), and both adapters need the same answer to "what does one deal of this
variant score a seat". Everything here reads the compiled :class:`Variant` only.

Returns are the points each seat scored over the deals played, with the sign turned over in a
count-down game (``game.goal: down``, where points lost are the good ones), so that more is
always better. Renege penalties never occur: the adapters offer only ``legal_actions()``,
which never reneges.

>>> from engine import load_variant
>>> standard = load_variant("standard")
>>> hand_points(standard), dealt_cards(standard), decisions_per_deal(standard) >= 4 * 5 + 8
((0, 4), 21, True)
>>> hand_points(load_variant("buck-euchre"))[1] > 0
True
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.errors import InvalidArgument
from engine.mechanics.registry import mechanic
from engine.rules.game_end import Goal
from engine.rules.variant import Variant

__all__ = ["EXACT_RETURNS", "check_returns", "dealt_cards", "decisions_per_deal", "hand_points",
           "sign", "toward_goal"]

EXACT_RETURNS = 2**53
"""The largest return a float holds exactly (OpenSpiel's and PettingZoo's returns are floats)."""


def sign(variant: Variant) -> int:
    """1 when scores count up to the target, -1 in a count-down game."""
    return -1 if variant.game.goal is Goal.DOWN else 1


def toward_goal(variant: Variant, deltas: Sequence[int]) -> list[float]:
    """A hand's points per seat as returns: more is better for the seat."""
    s = sign(variant)
    return [float(s * d) for d in deltas]


def hand_points(variant: Variant) -> tuple[int, int]:
    """The fewest and most points (toward the goal) one deal can give a seat: every award of
    the scoring table, and 0 for a deal thrown in."""
    s = sign(variant)
    values = [s * v for v in variant.scoring.points.values()]
    return min(0, *values), max(0, *values)


def check_returns(variant: Variant, *, deals: int) -> None:
    """Refuse (:class:`~engine.core.errors.InvalidArgument`, naming the award) a variant whose
    returns over ``deals`` deals could pass :data:`EXACT_RETURNS`: a float would hold them
    rounded, or not at all, and an episode would end in an ``OverflowError``.

    >>> from engine import load_variant
    >>> check_returns(load_variant("standard"), deals=1000)
    """
    low, high = hand_points(variant)
    award = max(-low, high)
    if award * deals > EXACT_RETURNS:
        raise InvalidArgument(
            f"{variant.name}: an award of {_short(award)} points over up to {deals:,} deals "
            f"makes returns beyond 2**53, which float returns do not hold exactly; the "
            f"adapters need |award| x deals <= 2**53 (about 9.0e15)")


def _short(number: int) -> str:
    """A large whole number in a few characters (``1.0e+360``), exactly below a million."""
    if number < 10**6:
        return f"{number:,}"
    digits = str(number)
    return f"{digits[0]}.{digits[1:3]}e+{len(digits) - 1}"


def dealt_cards(variant: Variant) -> int:
    """Cards dealt one by one at the chance nodes of a deal: every hand (extra hands too),
    then the upcard. The rest of the deck is the kitty, which nobody sees dealt."""
    deal = variant.deal
    if deal.piled:  # its chance nodes deal the hands only (PILE-A2)
        raise ValueError(f"{variant.name}: the OpenSpiel and PettingZoo adapters do not deal "
                         "piles (cards beside the hands) yet; play it with the engine")
    return deal.positions * deal.hand_size + (1 if deal.upcard else 0)


def decisions_per_deal(variant: Variant) -> int:
    """An upper bound on the decisions of one deal, whatever its flow: each seat plays its
    cards; every card can move once more (a discard, a gift, an exchange, a card called);
    bidding on the upcard takes at most three rounds (a blind call, two rounds), going alone,
    staying in and a redeal at most a few each per seat; a led joker may name a suit once per
    trick; a phase that may take more (an auction: a round of passes per bid level) adds its
    own count (the ``decisions`` hook of its ``Mechanic``). ``tests/adapters`` checks the
    bound against random play of every variant."""
    n = variant.players
    deal = variant.deal
    size = deal.hand_size
    bound = n * size + 2 * deal.positions * size + 8 * n + 16 + size
    for key in variant.flow:
        more = mechanic(key).decisions
        if more is not None:
            bound += more(variant)
    return bound
