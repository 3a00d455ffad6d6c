"""A renege taken back at the terminal (``penalties.renege.correct: before_turned``;
RENEGE-A1, RENEGE-A2), from a fixed deal: the human at East reneges with the Q♦ on North's
A♥, is told it counts only if left standing, and takes it back with the 9♥ once the trick's
last card is played; South, an opponent after him, is asked and (a bot) keeps his card.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from engine import new_game
from engine.bots import BotSpec, make_bot
from engine.cli.play_table import Table
from engine.play.records import Seating
from engine.testing.rules import overlay
from engine.text.narrate import Narrator

E, W = 1, 3
CORRECT = ("extends: renege\ndescription: Reneges taken back before the trick is turned.\n"
           "penalties:\n  renege:\n    correct: before_turned\n")
DEAL = {"dealer": W, "upcard": "KH", "hands": [
    h.split() for h in ("AH 9C TC 9S TS", "9H QD KD QC KC", "TH QH AC JD AD",
                        "9D TD JH AS JS")]}


def test_a_human_takes_back_his_renege_at_the_terminal() -> None:
    v = overlay(CORRECT)
    state = new_game(v, seed=0, deal=DEAL)
    heuristic = BotSpec.parse("heuristic")
    bots = {s: make_bot(heuristic, v, s, s) for s in range(4) if s != E}
    seating = Seating(human=E, bots=tuple(None if s == E else heuristic for s in range(4)))
    # East passes twice if asked; then reneges with the Q♦, confirms, and takes it back (2).
    keyboard = io.StringIO("pass\npass\nQD\nyes\n2\n" + "1\n" * 50)
    out = io.StringIO()
    Table(state, E, bots, Narrator(v, you=E), None, seating, keyboard, out).run()
    text = out.getvalue()
    assert ("It costs: the hand is void; North-South +2, unless you take it back before the "
            "trick is turned. Play it anyway? (yes/no)") in text
    assert ("Before the trick is turned: pass to leave your card on it, or play another in "
            "its place:\n   1. pass\n   2. 9♥\n") in text
    assert ("East (you) takes back the Q♦ and plays the 9♥: the renege is corrected before "
            "the trick is turned, without penalty.\nSouth keeps the 10♥.\n") in text
    # No renege remains: the first hand is scored by its tricks, not voided.
    first = state.hands_played[0]
    assert first.reneges == () and first.void is False


def test_show_and_rules_name_the_correction(run_cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "correct.yaml"
    path.write_text(CORRECT, encoding="utf-8")
    shown = run_cli("show", str(path)).out
    assert re.search(r"^    correct: before_turned  # .*correct\.yaml:5$", shown, re.M)
    rules = run_cli("rules", str(path)).out
    assert "(RENEGE-A1, RENEGE-A2)" in rules and "penalties.renege.correct: never" in rules
