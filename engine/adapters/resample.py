"""Sampling a deal one seat cannot tell from the real one (for information-set searches).

OpenSpiel's information-set MCTS asks ``state.resample_from_infostate(player, sampler)`` for a
state the player cannot tell from the real one. :func:`resample` deals again the cards of the
current deal that the player has never seen: every card the player held or was shown, and
every card played or named in a public action, stays where it was dealt; the others are
shuffled among the other hands, the extra hands and the kitty, each keeping its number of
cards; then the game's actions are replayed, and a deal under which one of them would be
illegal is drawn again: a seat that did not follow suit is void in it (the adapters refuse
reneges, even where the variant accepts them, so a resampled game never holds one). A deal
after which the player's hand (a double deck's copies by their ids, which actions name) or
information state differs is drawn again too. After
``tries`` failures the real deal is returned (it is always consistent; a search then sees the
true cards in that rare case: :func:`resample` says so by returning ``exact=True``).

>>> from engine.adapters.chance import ChanceState, spec_for
>>> import random
>>> state = ChanceState(spec_for("two-handed", 1))
>>> while state.legal_actions() == []:
...     state.apply(state.chance_outcomes()[0][0])
>>> other, exact = resample(state, 0, random.Random(1))
>>> other.engine.view(0).hand == state.engine.view(0).hand, exact
(True, False)
>>> other.engine.hand.hands[1] == state.engine.hand.hands[1]
False
"""

from __future__ import annotations

import random

from engine.adapters.chance import ChanceState
from engine.core import actions as A
from engine.core import cards as C
from engine.core.errors import IllegalActionError
from engine.core.seats import dealing_order

__all__ = ["resample"]


def _known(state: ChanceState, player: int) -> int:
    """The cards of the current deal ``player`` has seen, or that a public action named."""
    e = state.engine
    assert e is not None
    known = 0
    hand_no = e.hand_no
    for hand, upcard, turned, shown, exposed, _, deal_no in state.seen[player]:
        if deal_no == hand_no:
            known |= hand | shown | exposed
            known |= (1 << upcard if upcard >= 0 else 0) | (1 << turned if turned >= 0 else 0)
    start = e.hand.first_action
    for seat, action in zip(e.actors[start:], e.history_ids[start:], strict=True):
        kind = A.kind_of(action)
        if kind.arg is A.Arg.CARD and (seat == player or action not in A.PRIVATE):
            known |= 1 << A.card_of(action)
    return known


def resample(state: ChanceState, player: int, rng: random.Random, *, tries: int = 200
             ) -> tuple[ChanceState, bool]:
    """A state ``player`` cannot tell from ``state``, and whether it is ``state``'s own deal
    (no consistent other deal found in ``tries``)."""
    e = state.engine
    assert e is not None and state.deals
    deal = state.deals[-1]
    v = state.variant
    known = _known(state, player)
    positions = len(deal.hands)
    places = [*deal.hands, deal.kitty]
    free = [mask & ~known if place != player else 0 for place, mask in enumerate(places)]
    pool = [c for mask in free for c in C.cards_of(mask)]
    order = dealing_order(v.players, positions - v.players, deal.dealer)
    start = state.deal_starts[-1]
    in_hands = positions * v.deal.hand_size
    for _ in range(tries):
        rng.shuffle(pool)
        new = [mask & ~free[place] for place, mask in enumerate(places)]
        at = 0
        for place, mask in enumerate(free):
            count = mask.bit_count()
            for c in pool[at:at + count]:
                new[place] |= 1 << c
            at += count
        # each hand dealt first copies first: a double deck's copy keeps its id where it can
        cards = [sorted(C.cards_of(mask), reverse=True) for mask in new[:positions]]
        outcomes = [C.original(cards[order[k % positions]].pop()) for k in range(in_hands)]
        if deal.upcard >= 0:
            outcomes.append(C.original(deal.upcard))
        history = [*state.history[:start], *outcomes,
                   *state.history[start + len(outcomes):]]
        other = ChanceState(state.spec)
        try:
            for action in history:
                other.apply(action)
        except (IllegalActionError, KeyError, ValueError):
            continue
        if _indistinguishable(state, other, player):
            return other, False
    return state.copy(), True


def _indistinguishable(state: ChanceState, other: ChanceState, player: int) -> bool:
    """``player`` cannot tell ``other`` from ``state``: the same seat to act in the same deal,
    the same cards held (a double deck's copies by their ids, which the actions name) and the
    same information state."""
    e, o = state.engine, other.engine
    assert e is not None
    return (o is not None and other.current_player() == state.current_player()
            and o.hand_no == e.hand_no and o.view(player).hand == e.view(player).hand
            and other.information_state(player) == state.information_state(player))
