"""The exact solver (issue 26) against plain minimax on thousands of small random positions in
every shipped variant, and against the engine: its line played through ``State.apply`` takes
the tricks and the points it said.

The reference minimax below is written from the published rules, not from the solver: a card
must follow the (effective) suit led if it can; the trick goes to the card
``variant.trick_winner`` names (from the cards' names: the engine's published trick rule); a
joker led at no-trump names the suit the others follow where the variant says so (BID-A8);
the makers maximise the table of values, the others minimise it; every move is tried, with no
pruning, no table and no equivalent cards."""

from __future__ import annotations

import random

import pytest

from engine import new_game
from engine.bots.heuristic import HeuristicBot
from engine.bots.solver import Deal, Solver, split_move
from engine.bots.solver_state import deal_of, leaf_results, side_scored, solve_moves
from engine.core import cards as C
from engine.mechanics.play import JokerPlay, Play
from engine.rules.loader import shipped_names
from engine.rules.variant import Variant
from engine.testing.rules import variant

TRUMP_NAMES = ("C", "D", "H", "S", "N", "L")


def minimax(v: Variant, d: Deal, values: list[float]) -> float:
    """Plain minimax (see the module docstring) from ``d``."""
    tables = v.deck.tables(d.tables.trump)

    def follow_of(trick: list[tuple[int, int]], named: int) -> int:
        lead = trick[0][1]
        return named if named >= 0 else tables.effective[lead]

    def go(hands: list[int], trick: list[tuple[int, int]], leader: int, named: int,
           taken: int) -> float:
        if len(trick) == d.active:
            win = v.trick_winner(TRUMP_NAMES[d.tables.trump],
                                 [C.card_name(c) for _, c in trick])
            winner = trick[win][0]
            return go(hands, [], winner, -1, taken + (d.makers >> winner & 1))
        seat = leader if not trick else d.next_seat[trick[-1][0]]
        if not hands[seat]:
            return values[taken]
        maximise = d.for_makers >> seat & 1
        pick = max if maximise else min
        if trick and named < 0 and d.joker_names and d.tables.trump >= C.NO_TRUMP \
                and trick[0][1] in (C.JOKER, C.JOKER_LOW):  # the leader names its suit
            namer = max if d.for_makers >> trick[0][0] & 1 else min
            return namer(go(hands, trick, leader, s, taken) for s in range(4))
        hand = hands[seat]
        if trick:
            suited = hand & tables.suit_mask[follow_of(trick, named)]
            hand = suited or hand
        out = []
        for c in C.cards_of(hand):
            rest = list(hands)
            rest[seat] ^= 1 << c
            out.append(go(rest, [*trick, (seat, c)], leader, named, taken))
        return pick(out)

    return go(list(d.hands), list(d.trick), d.leader, d.joker_suit, 0)


def random_deal(v: Variant, rng: random.Random) -> Deal:
    """A small random position of ``v``'s deck: 2 to 4 cards a hand, a random trump (no-trump
    and low no-trump included), seats sitting out, a trick under way, an exposed hand."""
    players = v.players
    out = set(rng.sample(range(players), rng.randrange(players - 1))) \
        if players > 2 and rng.random() < 0.3 else set()
    active = [s for s in range(players) if s not in out]
    size = 4 if len(active) <= 2 else 3 if len(active) <= 4 else 2
    deck = list(v.deck.cards)
    rng.shuffle(deck)
    hands = [0] * players
    for i, seat in enumerate(active):
        for c in deck[i * size:(i + 1) * size]:
            hands[seat] |= 1 << c
    next_seat = [active[(active.index(s) + 1) % len(active)] if s in active else -1
                 for s in range(players)]
    nxt = {s: next_seat[s] for s in active}
    trump = rng.randrange(6)
    tables = v.deck.tables(trump)
    makers = 0
    for s in rng.sample(active, rng.randint(1, max(1, len(active) // 2))):
        makers |= 1 << s
    for_makers = makers
    if rng.random() < 0.2:  # an exposed hand: an opponent chooses its cards
        for_makers &= ~(1 << rng.choice([s for s in active if makers >> s & 1]))
    leader = rng.choice(active)
    joker_names = type(Play(v)) is JokerPlay
    trick: list[tuple[int, int]] = []
    joker_suit = -1
    seat = leader
    for _ in range(rng.randrange(len(active))):  # a trick under way, by the rules
        hand = hands[seat]
        if trick:
            led = joker_suit if joker_suit >= 0 else tables.effective[trick[0][1]]
            hand = hand & tables.suit_mask[led] or hand
        c = rng.choice(list(C.cards_of(hand)))
        if not trick and joker_names and trump >= C.NO_TRUMP and C.JOKERS >> c & 1:
            joker_suit = rng.randrange(4)
        hands[seat] ^= 1 << c
        trick.append((seat, c))
        seat = nxt[seat]
    return Deal(tables=tables, hands=hands, trick=trick, leader=leader,
                next_seat=tuple(next_seat), makers=makers, for_makers=for_makers,
                active=len(active), joker_names=joker_names, joker_suit=joker_suit)


@pytest.mark.parametrize("name", shipped_names())
def test_the_solver_agrees_with_plain_minimax_on_small_random_positions(name: str) -> None:
    # 120 positions per shipped variant (37 of them: over 4,000 in all), each with a random
    # table of values (ties included, and tables that are not monotone, as a misere's), the
    # value and every root move's value compared with the reference minimax.
    v = variant(name)
    rng = random.Random(f"solver-{name}")
    for _ in range(120):
        d = random_deal(v, rng)
        tricks = max(h.bit_count() for h in d.hands) + (1 if d.trick else 0)
        values = [float(rng.randrange(-3, 4)) for _ in range(tricks + 1)]
        solver = Solver(d, values)
        assert solver.value() == minimax(v, d, values), d
        for move, value in solver.move_values().items():
            card, suit = split_move(move)
            after = Deal(tables=d.tables, hands=list(d.hands), trick=list(d.trick),
                         leader=d.leader, next_seat=d.next_seat, makers=d.makers,
                         for_makers=d.for_makers, active=d.active,
                         joker_names=d.joker_names, joker_suit=d.joker_suit)
            seat = d.leader if not d.trick else d.next_seat[d.trick[-1][0]]
            if d.trick and suit >= 0:
                after.joker_suit = suit
            else:
                after.hands[seat] ^= 1 << card
                after.trick.append((seat, card))
                if suit >= 0:
                    after.joker_suit = suit
            assert value == _after_value(v, after, values), (d, move)


@pytest.mark.parametrize("name", shipped_names())
def test_the_trick_count_search_agrees_with_plain_minimax(name: str) -> None:
    # Tables that never fall as the makers take more tricks (every scoring table but a
    # misere's) take the solver's fast path, the makers' tricks by null-window searches
    # (engine/bots/solver_count.py); a seat sitting out keeps the cards it was dealt, as the
    # engine's hands do (the reference never plays them: no turn comes to it). 60 positions
    # per shipped variant, the value and every root move's value against the minimax.
    v = variant(name)
    rng = random.Random(f"solver-count-{name}")
    for _ in range(60):
        d = random_deal(v, rng)
        seat = d.trick[0][0] if d.trick else d.leader
        active = set()
        for _ in range(d.active):
            active.add(seat)
            seat = d.next_seat[seat]
        used = 0
        for hand in d.hands:
            used |= hand
        for _, c in d.trick:
            used |= 1 << c
        spare = [c for c in v.deck.cards if not used >> c & 1]
        for seat in range(len(d.hands)):
            if seat not in active:
                for c in spare[:2]:
                    d.hands[seat] |= 1 << c
                spare = spare[2:]
        tricks = max(h.bit_count() for h in d.hands) + (1 if d.trick else 0)
        values = sorted(float(rng.randrange(-3, 4)) for _ in range(tricks + 1))
        solver = Solver(d, values)
        assert solver.counter is not None
        assert solver.value() == minimax(v, d, values), d
        for move, value in solver.move_values().items():
            card, suit = split_move(move)
            after = Deal(tables=d.tables, hands=list(d.hands), trick=list(d.trick),
                         leader=d.leader, next_seat=d.next_seat, makers=d.makers,
                         for_makers=d.for_makers, active=d.active,
                         joker_names=d.joker_names, joker_suit=d.joker_suit)
            seat = d.leader if not d.trick else d.next_seat[d.trick[-1][0]]
            if d.trick and suit >= 0:
                after.joker_suit = suit
            else:
                after.hands[seat] ^= 1 << card
                after.trick.append((seat, card))
                if suit >= 0:
                    after.joker_suit = suit
            assert value == _after_value(v, after, values), (d, move)


def _after_value(v: Variant, d: Deal, values: list[float]) -> float:
    """The reference value after a move (a complete trick is scored by the reference)."""
    return minimax(v, d, values)


FAMILIES = ["standard", "standard-joker", "no-trump", "bid-euchre-low", "bid-euchre-double",
            "cutthroat", "two-handed", "railroad", "super-euchre", "call-ace", "pepper",
            "five-hundred", "standard-six", "british", "canadian-loner", "buck-euchre"]


@pytest.mark.parametrize("name", FAMILIES)
def test_the_solved_line_played_in_the_engine_takes_the_points_it_said(name: str) -> None:
    # Real deals bid by the heuristic: at the first card (of the last five, in long hands)
    # the solver gives each legal card a value for the seat to play; playing the best line
    # through State.apply (each seat picking its best solved card) ends the hand with that
    # seat's result, counted from the engine's own score of the hand (its deltas, and the
    # game's end when it came). In Buck Euchre each player scores his own tricks (a
    # defender who takes none is set: +5 there), which two sides cannot say: only its hands
    # whose points the split of the defenders' tricks leaves alone are checked.
    v = variant(name)
    checked = 0
    for seed in range(20):
        state = new_game(v, seed=seed)
        bots = [HeuristicBot(v, s, seed) for s in range(v.players)]
        hand_no = state.hand_no
        while state.hand_no == hand_no and not state.is_terminal() and (
                state.phase != "play" or state.hand.hands[state.current_player].bit_count() > 5):
            state.apply(bots[state.current_player].act(state))  # long hands: solve the last 5
        if state.hand_no != hand_no or deal_of(state) is None:
            continue
        seat = state.current_player
        if not side_scored(state, seat):  # each scores his own tricks: two sides are not it
            assert name == "buck-euchre"
            continue
        before = list(state.scores)
        expected = max(solve_moves(state, seat).values())
        while state.hand_no == hand_no and not state.is_terminal():
            mover = state.current_player
            moves = solve_moves(state, mover)
            assert moves is not None
            state.apply(max(moves, key=moves.__getitem__))
        record = state.hands_played[-1]
        gains = [after - was for after, was in zip(state.scores, before, strict=True)]
        assert list(gains) == list(record.deltas)
        sign = -1.0 if v.game.goal.value == "down" else 1.0
        result = sign * (gains[seat] - sum(gains) / len(gains))
        if state.is_terminal() and state.winners:
            result += state.target if seat in state.winners else -state.target
        assert result == pytest.approx(expected), (seed, record)
        checked += 1
    assert checked >= (2 if name == "buck-euchre" else 5)


def test_the_leaf_results_are_the_scoring_tables_points() -> None:
    # standard, seat 1's side made trump at 0-0, not alone: by the published table the makers
    # score 1 for 3 or 4 tricks, 2 for 5, and are euchred (2 to the defenders) for 0 to 2.
    # A maker's result is his points less the table's mean: +1 -> 1 - 2/4 = 0.5,
    # +2 -> 1.0, euchred -> 0 - 4/4 = -1.0.
    v = variant("standard")
    for seed in range(30):
        state = new_game(v, seed=seed)
        bots = [HeuristicBot(v, s, seed) for s in range(4)]
        while state.phase != "play":
            state.apply(bots[state.current_player].act(state))
        if state.hand.alone:
            continue
        maker = state.hand.maker
        assert leaf_results(state, maker) == [-1.0, -1.0, -1.0, 0.5, 0.5, 1.0]
        defender = (maker + 1) % 4
        assert leaf_results(state, defender) == [1.0, 1.0, 1.0, -0.5, -0.5, -1.0]
        return
    raise AssertionError("no hand made without a loner")
