"""Golden playthroughs and perft-style count files: the text they hold, made from the engine.

Shared by ``tools/golden.py`` (which writes ``tests/data/``) and the tests (which compare).

Golden playthroughs (STYLE.md practice 10): one seeded game per shipped variant, its actions
chosen at random from the legal ones by an RNG seeded from the game's seed (not by a bot, so
only a rule change moves them), written as plain text: the draw, each hand's deal, every
action with its seat, who won each trick, and each hand's result and scores. A rule change
then shows up as a reviewable diff. Long games stop after ``MAX_HANDS`` hands.

Count files ("perft", as in python-chess): for a few fixed deals, the number of distinct
legal action sequences of each depth from the start of the hand. They pin the move generator
down: a change to what is legal anywhere near the start of a hand changes a count.

>>> from engine import load_variant, new_game
>>> state = new_game(load_variant("standard"), seed=0, deal=deal_of(COUNT_CASES[0]))
>>> perft_levels(state, 2)  # the first seat may pass or order up, and so may the next
[2, 4]
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from engine import State, load_variant, new_game
from engine.core import actions as A
from engine.core import cards as C
from engine.rules.results import HandResult

__all__ = ["ABOUT", "COUNT_CASES", "MAX_HANDS", "SEED", "case_counts", "counts_text",
           "deal_of", "divide", "golden_path", "perft", "perft_levels", "playthrough"]

SEED = 1
MAX_HANDS = 10
"""A golden game stops here if it has not ended (Ghost Hand between random players runs long)."""


def golden_path(golden_dir: Path, name: str, seed: int = SEED) -> Path:
    """Where the golden playthrough of a variant lives inside ``golden_dir``."""
    return golden_dir / f"{name}-seed{seed}.txt"


def _cards(mask: int) -> str:
    return " ".join(C.names(mask)) or "-"


def _deal_lines(s: State) -> list[str]:
    h = s.hand
    v = s.variant
    names = [f"seat {p}" for p in range(v.players)] + list(v.deal.extra_hands)
    lines = [f"  {who:>7}: {_cards(h.hands[p])}" for p, who in enumerate(names)]
    if h.upcard >= 0:
        lines.append(f"   upcard: {C.card_name(h.upcard)}")
    if h.kitty:
        lines.append(f"    kitty: {_cards(h.kitty)}")
    return lines


def _result_lines(record: HandResult) -> list[str]:
    scores = " ".join(str(x) for x in record.scores)
    if record.thrown_in is not None:
        return [f"  thrown in ({record.thrown_in}); scores {scores}"]
    deltas = " ".join(f"{d:+d}" if d else "0" for d in record.deltas)
    tricks = " ".join(str(t) for t in record.tricks)
    alone = f", alone {list(record.alone)}" if record.alone else ""
    alone += "".join(f", {brief}" for part in record.parts.values() if (brief := part.brief()))
    bid = f", bid {record.bid}" if record.bid is not None else ""
    maker = f"maker seat {record.maker}" if record.maker >= 0 else "no maker"
    return [f"  result: {maker}, trump {record.trump}{bid}{alone}; "
            f"tricks {tricks}; {record.label}",
            f"  points {deltas}; scores {scores}"]


def playthrough(name: str, seed: int = SEED, *, max_hands: int = MAX_HANDS) -> str:
    """The golden text of one seeded game of a shipped variant."""
    state = new_game(load_variant(name), seed=seed)
    choose = random.Random(seed)
    lines = [f"# Golden playthrough of `{name}`, seed {seed}: random legal actions.",
             "# Regenerate with `python tools/golden.py` when a rule change is intended.",
             "# Action lines: seat, action. Seats count from 0 clockwise."]
    if state.draw:
        drawn = "; ".join(f"seat {seat} {' '.join(C.card_name(c) for c in cards)}"
                          for seat, cards in sorted(state.draw.items()))
        lines.append(f"draw for dealer (redraws after the first card): {drawn}")
    lines.append(f"first dealer: seat {state.dealer}")
    shown = 0
    tricks = 0
    while not state.is_terminal() and len(state.hands_played) < max_hands:
        if state.hand_no != shown:
            shown = state.hand_no
            tricks = 0
            lines += ["", f"hand {state.hand_no}, dealer seat {state.dealer}", *_deal_lines(state)]
        seat = state.current_player
        action = choose.choice(state.legal_action_ids())
        won_before = list(state.hand.tricks_won)
        hands_before = len(state.hands_played)
        state.apply(action)
        lines.append(f"  {seat} {state.action_name(action)}")
        ended = state.hands_played[hands_before:]
        if action >= A.PLAY:
            won_now = ended[0].tricks if ended else state.hand.tricks_won
            taker = [p for p, (a, b) in enumerate(zip(won_now, won_before, strict=True))
                     if a > b]
            if taker:
                tricks += 1
                lines.append(f"  -- trick {tricks} to seat {taker[0]}")
        for record in ended:
            lines += _result_lines(record)
    lines.append("")
    if state.is_terminal():
        winners = ", ".join(str(w) for w in state.winners)
        lines.append(f"game over after {len(state.hands_played)} hands: winning seats "
                     f"{winners}; scores {' '.join(str(x) for x in state.scores)}")
    else:
        lines.append(f"stopped after {len(state.hands_played)} hands (the game goes on)")
    return "\n".join(lines) + "\n"


# -- count files ------------------------------------------------------------------------------

def _deal(dealer: int, hands: list[str], upcard: str) -> dict[str, Any]:
    return {"dealer": dealer, "hands": hands, "upcard": upcard}


def deal_of(case: dict[str, Any]) -> dict[str, Any]:
    """The deal of a count case for :func:`engine.new_game` (hands are written as strings)."""
    deal = case["deal"]
    return {**deal, "hands": [h.split() for h in deal["hands"]]}


_FOUR = ["JH JD AH 9C 9S", "AC KC QC JC TC", "9D TD QD KD AD", "AS KS QS JS TS"]
COUNT_CASES: list[dict[str, Any]] = [
    {"case": "standard", "variant": "standard", "depth": 8,
     "deal": _deal(3, _FOUR, "KH")},
    {"case": "stick-the-dealer", "variant": "stick-the-dealer", "depth": 8,
     "deal": _deal(3, _FOUR, "KH")},
    {"case": "defend-alone", "variant": "defend-alone", "depth": 7,
     "deal": _deal(3, _FOUR, "KH")},
    {"case": "standard-joker, joker upcard", "variant": "standard-joker", "depth": 7,
     "deal": _deal(3, ["9C TC JC QC KC", "9D TD JD QD KD", "9H TH JH QH KH",
                       "9S TS JS QS KS"], "JK")},
    {"case": "two-handed", "variant": "two-handed", "depth": 9,
     "deal": _deal(1, ["JH JD AH 9C 9S", "AC KC QC JC TC"], "KH")},
]
"""The fixed deals of the count file, each counted to ``depth`` (each count well under a
second)."""


def perft(state: State, depth: int) -> int:
    """The number of distinct legal action sequences of length ``depth`` from ``state``
    (sequences that end the game earlier are not counted)."""
    legal = state.legal_action_ids()
    if depth <= 1:
        return len(legal) if depth == 1 else 1
    total = 0
    for action in legal:
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def perft_levels(state: State, depth: int) -> list[int]:
    """``[perft(state, 1), ..., perft(state, depth)]`` in one walk of the tree."""
    levels = [0] * depth

    def walk(node: State, level: int) -> None:
        legal = node.legal_action_ids()
        levels[level] += len(legal)
        if level + 1 == depth:
            return
        for action in legal:
            child = node.clone()
            child.apply(action)
            walk(child, level + 1)

    if depth:
        walk(state, 0)
    return levels


def divide(state: State, depth: int) -> dict[str, int]:
    """``perft`` split by the first action (to find where two counts part)."""
    out = {}
    for action in state.legal_action_ids():
        child = state.clone()
        child.apply(action)
        out[state.action_name(action)] = perft(child, depth - 1)
    return out


def case_counts(case: dict[str, Any]) -> list[int]:
    """The counts of one case, depth 1 to its depth."""
    state = new_game(load_variant(case["variant"]), seed=0, deal=deal_of(case))
    return perft_levels(state, case["depth"])


ABOUT = ("perft-style counts: distinct legal action sequences of each depth (1, 2, ...) "
         "from the start of a fixed deal. Regenerate with `python tools/golden.py`.")


def counts_text() -> str:
    """The count file: one case per line, so a changed count is a one-line diff."""
    cases = [json.dumps({**case, "counts": case_counts(case)}) for case in COUNT_CASES]
    return ('{"about": ' + json.dumps(ABOUT) + ',\n "cases": [\n  '
            + ",\n  ".join(cases) + "\n ]\n}\n")
