"""Golden playthroughs (STYLE.md practice 10): every shipped variant's seeded game, replayed
in memory, must match its file in ``tests/data/golden/`` line for line; and the files of the
variants that play standard's rules are refereed by a hand-written referee (below), so that
what the files pin down is known to be right, not only unchanged.

A rule change that is meant shows up here as a diff; accept it with ``python tools/golden.py``
and review the diff of the golden files with the change.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from engine import load_variant, shipped_names
from engine.testing import golden

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_DIR = ROOT / "tests" / "data" / "golden"
HINT = "If the rule change is intended, run `python tools/golden.py` and commit the new files."


@pytest.mark.parametrize("name", shipped_names())
def test_the_seeded_playthrough_matches_its_golden_file(name: str) -> None:
    path = golden.golden_path(GOLDEN_DIR, name)
    assert path.exists(), (f"{path.relative_to(ROOT)} is missing: a new variant needs its "
                           "golden file; run `python tools/golden.py`.")
    expected = path.read_text(encoding="utf-8")
    actual = golden.playthrough(name)
    if actual != expected:
        diff = "".join(difflib.unified_diff(
            expected.splitlines(keepends=True), actual.splitlines(keepends=True),
            fromfile=f"{path.relative_to(ROOT)} (golden)", tofile="engine now", n=2))
        pytest.fail(f"the playthrough of {name} changed:\n{diff}\n{HINT}", pytrace=False)


def test_every_golden_file_belongs_to_a_shipped_variant() -> None:
    names = {golden.golden_path(GOLDEN_DIR, name).name for name in shipped_names()}
    extra = sorted(p.name for p in GOLDEN_DIR.glob("*.txt") if p.name not in names)
    assert not extra, f"golden files without a variant: {extra}. {HINT}"


# -- the golden files, refereed by hand -------------------------------------------------------
# The golden files are what the engine printed; the test above only says the engine still
# prints them. Here a referee written from the rules alone (the `standard` file, its rule book:
# bowers, following suit, the scoring table, the target of 10) reads the files of the
# variants that play standard's rules and checks every line it can work out: each card was in
# the hand that played it and followed suit when it could, each trick went to the seat the
# rules give it, the lone maker's partner sat out, and the tricks, points, scores and winners
# of each hand are the ones the rules give. It never runs the engine.

REFEREED = ("standard", "standard-32", "stick-the-dealer", "canadian-loner")
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
PLAIN = "AKQJT987"


def _suit(card: str, trump: str) -> str:
    """The suit a card counts as: the left bower (the jack of trump's colour) is a trump."""
    return trump if card == "J" + SAME_COLOUR[trump] else card[1]


def _power(card: str, trump: str, led: str) -> int:
    """Higher wins: right bower, left bower, the other trumps A K Q T 9 8 7, then the suit
    led A K Q J T 9 8 7; a card of neither suit cannot win."""
    if card == "J" + trump:
        return 100
    if card == "J" + SAME_COLOUR[trump]:
        return 99
    if _suit(card, trump) == trump:
        return 90 - "AKQT987".index(card[0])
    return 50 - PLAIN.index(card[0]) if card[1] == led else 0


class Referee:
    """Reads a golden file line by line and checks it against the rules of standard Euchre
    (four seats, partners across, the first to 10 wins)."""

    def __init__(self, deck: set[str]) -> None:
        self.deck = deck
        self.scores = [0, 0, 0, 0]
        self.dealer = -1
        self.hands_seen = 0

    def new_hand(self, dealer: int) -> None:
        if self.dealer >= 0:
            assert dealer == (self.dealer + 1) % 4, "the deal passes to the left"
        self.dealer, self.hands_seen = dealer, self.hands_seen + 1
        self.hands: dict[int, set[str]] = {}
        self.upcard = ""
        self.trump = ""
        self.maker = -1
        self.alone = False
        self.trick: list[tuple[int, str]] = []
        self.tricks = [0, 0, 0, 0]
        self.leader = -1

    def out(self, seat: int) -> bool:
        """Whether ``seat`` sits out: the lone maker's partner."""
        return self.alone and seat == (self.maker + 2) % 4

    def dealt(self, kitty: set[str]) -> None:
        cards = [c for hand in self.hands.values() for c in hand] + [self.upcard, *kitty]
        assert len(cards) == len(set(cards)) and set(cards) == self.deck, "not one deck"
        assert all(len(hand) == 5 for hand in self.hands.values())

    def action(self, seat: int, action: str) -> None:
        kind, _, card = action.partition(":")
        if kind in ("order_up", "call"):
            self.maker = seat
            self.trump = self.upcard[1] if kind == "order_up" else card
        elif kind == "alone":
            assert seat == self.maker, "only the maker goes alone (STD-A9)"
            self.alone = True
        elif kind == "discard":
            assert seat == self.dealer and not self.out(seat), "the dealer takes the upcard"
            assert self.upcard[1] == self.trump, "the upcard is taken when it was ordered"
            self.hands[seat].add(self.upcard)
            self.hands[seat].remove(card)
        elif kind == "play":
            self.play(seat, card)

    def play(self, seat: int, card: str) -> None:
        assert self.trump, "a card was played before trump was made"
        if self.leader < 0:  # the first lead: eldest, the dealer's left, unless he sits out
            self.leader = next(s for s in ((self.dealer + k) % 4 for k in (1, 2, 3, 4))
                               if not self.out(s))
        expected = self.leader
        for _ in self.trick:
            expected = next(s for s in ((expected + k) % 4 for k in (1, 2)) if not self.out(s))
        assert seat == expected and not self.out(seat), f"seat {seat} played out of turn"
        hand = self.hands[seat]
        assert card in hand, f"seat {seat} played {card}, not in the hand {sorted(hand)}"
        if self.trick:
            led = _suit(self.trick[0][1], self.trump)
            could = [c for c in hand if _suit(c, self.trump) == led]
            assert not could or _suit(card, self.trump) == led, \
                f"seat {seat} played {card} holding {could} to a {led} lead"
        hand.remove(card)
        self.trick.append((seat, card))

    def trick_won(self, number: int, winner: int) -> None:
        assert len(self.trick) == (3 if self.alone else 4), "a trick of the wrong size"
        assert number == sum(self.tricks) + 1
        led = _suit(self.trick[0][1], self.trump)
        best = max(self.trick, key=lambda played: _power(played[1], self.trump, led))[0]
        assert winner == best, f"trick {self.trick} (trump {self.trump}) goes to seat {best}"
        self.tricks[winner] += 1
        self.leader, self.trick = winner, []

    def result(self, tricks: list[int], points: list[int], scores: list[int]) -> None:
        assert sum(self.tricks) == 5 and tricks == self.tricks, (tricks, self.tricks)
        side = (self.maker % 2, self.maker % 2 + 2)
        made = self.tricks[side[0]] + self.tricks[side[1]]
        if made <= 2:
            award, winners = 2, (side[0] + 1, (side[0] + 3) % 4)  # euchred: the defenders 2
        else:
            award, winners = (1 if made < 5 else 4 if self.alone else 2), side
        expected = [award if s in winners else 0 for s in range(4)]
        assert points == expected, f"the hand scores {expected}, the file says {points}"
        self.scores = [a + b for a, b in zip(self.scores, expected, strict=True)]
        assert scores == self.scores, (scores, self.scores)

    def game_over(self, hands: int, winners: list[int], scores: list[int]) -> None:
        assert hands == self.hands_seen and scores == self.scores
        assert winners == [s for s in range(4) if self.scores[s] >= 10], "the first to 10 wins"
        assert max(self.scores) >= 10


def _numbers(text: str) -> list[int]:
    return [int(word) for word in text.replace("+", "").split()]


def referee(text: str, deck: set[str]) -> int:
    """Check a golden file of a standard-rules variant; the number of hands it refereed."""
    ref = Referee(deck)
    ended = False
    tricks: list[int] = []
    for line in text.splitlines():
        words = line.split()
        if line.startswith("hand "):
            ref.new_hand(int(words[-1]))
        elif line.startswith("   seat "):
            ref.hands[int(words[1].rstrip(":"))] = set(words[2:])
        elif line.startswith("   upcard: "):
            ref.upcard = words[1]
        elif line.startswith("    kitty: "):
            ref.dealt(set(words[1:]))
        elif line.startswith("  -- trick "):
            ref.trick_won(int(words[2]), int(words[-1]))
        elif line.startswith("  result: "):
            tricks = _numbers(line.split("tricks ")[1].split(";")[0])
        elif line.startswith("  points "):
            points, scores = line.removeprefix("  points ").split("; scores ")
            ref.result(tricks, _numbers(points), _numbers(scores))
        elif line.startswith("game over after "):
            hands = int(words[3])
            winners = _numbers(line.split("winning seats ")[1].split(";")[0].replace(",", ""))
            ref.game_over(hands, winners, _numbers(line.split("scores ")[1]))
            ended = True
        elif line.startswith("stopped after "):
            assert int(words[2]) == ref.hands_seen and max(ref.scores) < 10
            ended = True
        elif line[:3].strip().isdigit() and line.startswith("  "):
            ref.action(int(words[0]), words[1])
    assert ended, "the file ends in the middle of a game"
    return ref.hands_seen


@pytest.mark.parametrize("name", REFEREED)
def test_each_golden_game_of_standard_rules_obeys_the_rules_worked_out_by_hand(name: str) -> None:
    ranks = "9TJQKA" if len(load_variant(name).deck.cards) == 24 else "789TJQKA"
    deck = {rank + suit for rank in ranks for suit in "CDHS"}
    text = golden.golden_path(GOLDEN_DIR, name).read_text(encoding="utf-8")
    assert referee(text, deck) >= 6


def test_the_referee_catches_a_trick_given_to_the_wrong_seat() -> None:
    """The referee can fail: the same file with one trick's winner changed is refused."""
    text = golden.golden_path(GOLDEN_DIR, "standard").read_text(encoding="utf-8")
    deck = {rank + suit for rank in "9TJQKA" for suit in "CDHS"}
    wrong = text.replace("-- trick 1 to seat 3", "-- trick 1 to seat 1", 1)
    with pytest.raises(AssertionError, match="goes to seat 3"):
        referee(wrong, deck)
    # hand 1, trick 1: seat 0 holds AD and TD, diamonds are led; a trump instead is a renege
    renege = text.replace("  0 play:AD\n", "  0 play:KS\n", 1)
    with pytest.raises(AssertionError, match="holding"):
        referee(renege, deck)
