"""Differential play against OpenSpiel's ``euchre``: one copy of the comparison logic.

Used by ``tests/test_differential_openspiel.py`` (a small sample) and ``tools/differential.py``
(large runs). OpenSpiel (google-deepmind/open_spiel, ``games/euchre``) plays one hand of
standard Euchre; ``variants/openspiel.yaml`` states its rules in ours. For each seeded hand we
drive OpenSpiel's chance nodes ourselves, give our engine the same deal, and then at every
decision check that both engines name the same seat to act and allow the same actions, apply
one randomly chosen action to both, and at the end compare the scores (and each seat's tricks).

OpenSpiel's encoding, as read from its ``euchre.cc``:

- card ``id = rank * 4 + suit``, ranks ``9 T J Q K A`` = 0..5, suits ``C D H S`` = 0..3;
- actions 24 Pass, 25..28 name Clubs..Spades (in round 1 only the upcard's suit: the order
  up), 29 Alone, 30 Partner (play with partner);
- ``history[0]`` is the dealer; ``history[1..20]`` the deal, the i-th card to seat
  ``(dealer + i) % 4``; ``history[21]`` the upcard; the other three cards are never drawn.

Four settings cover OpenSpiel's two parameters: ``default`` (stick the dealer, no lone
defender), ``lone`` (``allow_lone_defender``), ``nostick`` (``stick_the_dealer=false``: eight
passes end the hand unscored, our engine throws the deal in) and ``lone-nostick``.

This module needs ``pyspiel``; importing it without open-spiel raises ``ImportError``.
"""

from __future__ import annotations

import random
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyspiel  # type: ignore[import-not-found]  # compiled, ships no stubs

from engine import IllegalActionError, InvalidArgument, State, Variant, load_variant, new_game

__all__ = [
    "PASS_LEAN",
    "SETTINGS",
    "Divergence",
    "HandResult",
    "Report",
    "Setting",
    "compare_hand",
    "load_setting_variant",
    "openspiel_game",
    "run_setting",
]

_RANKS = "9TJQKA"
_SUITS = "CDHS"
_DECK = 24
_PASS, _CLUBS, _SPADES, _ALONE, _PARTNER = 24, 25, 28, 29, 30
_SEATS = 4
_DEAL_END = 1 + 5 * _SEATS
"""``history[1:_DEAL_END]`` is the deal; ``history[_DEAL_END]`` the upcard."""

PASS_LEAN = 0.5
"""When Pass is legal in the bidding, the random player passes with this probability before
choosing uniformly among all legal actions. Uniform choice alone would reach the stuck dealer
(7 passes) in ~1/1000 hands and the all-pass end without stick-the-dealer in ~1/4000; leaning
towards Pass makes them ~8% and ~5% of hands, and round-2 calls more common too."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Setting:
    """One of OpenSpiel's parameter settings and the overlay of ``openspiel`` that matches it."""

    name: str
    game: str
    """The ``pyspiel.load_game`` string."""
    overlay: str
    """YAML text of our variant, extending the shipped ``openspiel``."""


def _setting(name: str, *, lone_defender: bool, stick_the_dealer: bool) -> Setting:
    flag = {True: "true", False: "false"}
    game = (f"euchre(allow_lone_defender={flag[lone_defender]},"
            f"stick_the_dealer={flag[stick_the_dealer]})")
    lines = ["extends: openspiel", f"description: OpenSpiel's euchre, setting {name}."]
    if not stick_the_dealer:
        lines += ["upcard_bidding:", "  stick_the_dealer: false"]
    if lone_defender:
        lines += ["go_alone:", "  defender: true"]
    return Setting(name=name, game=game, overlay="\n".join(lines) + "\n")


SETTINGS: dict[str, Setting] = {
    s.name: s for s in (
        _setting("default", lone_defender=False, stick_the_dealer=True),
        _setting("lone", lone_defender=True, stick_the_dealer=True),
        _setting("nostick", lone_defender=False, stick_the_dealer=False),
        _setting("lone-nostick", lone_defender=True, stick_the_dealer=False),
    )
}
"""The four settings, by name."""


def load_setting_variant(setting: Setting) -> Variant:
    """Compile the setting's overlay, written to a temporary file as a user would write it."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"openspiel-{setting.name}.yaml"
        path.write_text(setting.overlay, encoding="utf-8")
        return load_variant(path)


def openspiel_game(setting: Setting) -> Any:
    """OpenSpiel's game for the setting."""
    return pyspiel.load_game(setting.game)


def _code(card: int) -> str:
    """Our code of an OpenSpiel card id (jack 2, hearts 2: ``2 * 4 + 2`` -> ``"JH"``)."""
    return _RANKS[card // 4] + _SUITS[card % 4]


def _our_name(os_state: Any, action: int) -> str:
    """Our name of an OpenSpiel action, read in OpenSpiel's own phase."""
    phase = os_state.current_phase()
    phases = pyspiel.euchre.Phase
    if action == _PASS:
        return "pass"
    if phase == phases.BIDDING and _CLUBS <= action <= _SPADES:
        round_one = os_state.num_passes() < _SEATS
        return "order_up" if round_one else f"call:{_SUITS[action - _CLUBS]}"
    if phase == phases.DISCARD and action < _DECK:
        return f"discard:{_code(action)}"
    if phase == phases.GO_ALONE and action in (_ALONE, _PARTNER):
        return "alone" if action == _ALONE else "pass"
    if phase == phases.PLAY and action < _DECK:
        return f"play:{_code(action)}"
    raise AssertionError(f"OpenSpiel action {action} in phase {phase} has no counterpart")


def _deal(history: list[int]) -> dict[str, Any]:
    """Our ``deal`` for OpenSpiel's chance history (dealer, 20 cards, upcard)."""
    dealer = history[0]
    hands: list[list[str]] = [[] for _ in range(_SEATS)]
    for i, card in enumerate(history[1:_DEAL_END]):
        hands[(dealer + i) % _SEATS].append(_code(card))
    seen = set(history[1:_DEAL_END + 1])
    return {"dealer": dealer, "hands": hands, "upcard": _code(history[_DEAL_END]),
            "kitty": [_code(c) for c in range(_DECK) if c not in seen]}


@dataclass(frozen=True, slots=True, kw_only=True)
class Divergence:
    """The first point where the two engines disagreed in one hand, with what reproduces it."""

    setting: str
    hand: int
    kind: str
    """``player``, ``legal``, ``end``, ``returns``, ``tricks`` or ``error``."""
    detail: str
    deal: dict[str, Any]
    actions: tuple[str, ...]
    """Our actions applied before the disagreement, in order."""
    openspiel_history: tuple[int, ...]

    def describe(self) -> str:
        """A few lines: what differed, then the deal and actions that reproduce it."""
        return (f"[{self.setting} hand {self.hand}] {self.kind}: {self.detail}\n"
                f"  deal = {self.deal}\n"
                f"  actions = {list(self.actions)}\n"
                f"  openspiel history = {list(self.openspiel_history)}")


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResult:
    """One compared hand: the divergence if any, and whether it ended unscored."""

    divergence: Divergence | None
    thrown_in: bool


def _choose(rng: random.Random, os_state: Any) -> int:
    legal: list[int] = os_state.legal_actions()
    bidding = os_state.current_phase() == pyspiel.euchre.Phase.BIDDING
    if bidding and _PASS in legal and rng.random() < PASS_LEAN:
        return _PASS
    return rng.choice(legal)


def _tricks(os_state: Any) -> list[int]:
    won = [0] * _SEATS
    for trick in os_state.tricks():
        won[trick.winner()] += 1
    return won


def compare_hand(game: Any, variant: Variant, setting: str, hand: int,
                 rng: random.Random) -> HandResult:
    """Play one seeded random hand in both engines; the first disagreement, if any."""
    os_state = game.new_initial_state()
    while os_state.is_chance_node():
        outcomes = [action for action, _ in os_state.chance_outcomes()]
        os_state.apply_action(rng.choice(outcomes))
    deal = _deal(os_state.history())
    actions: list[str] = []

    def diverged(kind: str, detail: str) -> HandResult:
        divergence = Divergence(setting=setting, hand=hand, kind=kind, detail=detail,
                                deal=deal, actions=tuple(actions),
                                openspiel_history=tuple(os_state.history()))
        return HandResult(divergence=divergence, thrown_in=False)

    try:
        ours: State = new_game(variant, seed=hand, deal=deal)
    except InvalidArgument as exc:
        return diverged("error", f"our engine rejects the deal: {exc}")
    while not os_state.is_terminal():
        if ours.hands_played:
            return diverged("end", "our hand ended, OpenSpiel's goes on")
        if ours.current_player != os_state.current_player():
            return diverged("player", f"OpenSpiel: seat {os_state.current_player()} to act, "
                                      f"ours: seat {ours.current_player} ({ours.phase})")
        theirs = {_our_name(os_state, a): a for a in os_state.legal_actions()}
        mine = set(ours.legal_actions())
        if mine != set(theirs):
            return diverged("legal", f"seat {ours.current_player} in {ours.phase}: "
                                     f"OpenSpiel {sorted(theirs)}, ours {sorted(mine)}")
        action = _choose(rng, os_state)
        name = _our_name(os_state, action)
        try:
            ours.apply(name)
        except IllegalActionError as exc:
            return diverged("error", f"our engine refuses {name}: {exc}")
        os_state.apply_action(action)
        actions.append(name)
    if not ours.hands_played:
        return diverged("end", f"OpenSpiel's hand ended, ours is in {ours.phase} "
                               f"(seat {ours.current_player} to act)")
    record = ours.hands_played[0]
    returns = [int(r) for r in os_state.returns()]
    if os_state.num_cards_played() > 0:
        if record.thrown_in is not None:
            return diverged("end", f"OpenSpiel scored {returns}, ours threw the deal in")
        if list(record.deltas) != returns:
            return diverged("returns", f"OpenSpiel {returns}, ours {list(record.deltas)} "
                                       f"({record.label})")
        if list(record.tricks) != _tricks(os_state):
            return diverged("tricks", f"tricks per seat: OpenSpiel {_tricks(os_state)}, "
                                      f"ours {list(record.tricks)}")
        return HandResult(divergence=None, thrown_in=False)
    if record.thrown_in is None or any(returns) or any(record.deltas):
        return diverged("end", f"OpenSpiel ended unplayed with {returns}, ours recorded "
                               f"{record.to_json()}")
    return HandResult(divergence=None, thrown_in=True)


@dataclass(slots=True, kw_only=True)
class Report:
    """What one setting's run found."""

    setting: str
    hands: int = 0
    thrown_in: int = 0
    seconds: float = 0.0
    divergences: list[Divergence] = field(default_factory=list)

    def counts(self) -> Counter[str]:
        """Divergences by kind."""
        return Counter(d.kind for d in self.divergences)

    @property
    def hands_per_second(self) -> float:
        """Compared hands per second, both engines included."""
        return self.hands / self.seconds if self.seconds else 0.0


def run_setting(setting: Setting, *, hands: int, seed: int) -> Report:
    """Compare ``hands`` seeded random hands under one setting.

    Hand ``i`` draws every choice from ``random.Random(f"{seed}/{setting.name}/{i}")``, so any
    hand can be replayed alone."""
    game = openspiel_game(setting)
    variant = load_setting_variant(setting)
    report = Report(setting=setting.name)
    start = time.perf_counter()
    for hand in range(hands):
        rng = random.Random(f"{seed}/{setting.name}/{hand}")
        result = compare_hand(game, variant, setting.name, hand, rng)
        report.hands += 1
        report.thrown_in += result.thrown_in
        if result.divergence is not None:
            report.divergences.append(result.divergence)
    report.seconds = time.perf_counter() - start
    return report
