"""Regenerate the golden playthroughs and the count files in ``tests/data/``.

    python tools/golden.py            # rewrite tests/data/golden/*.txt and tests/data/counts.json
    python tools/golden.py --check    # only compare; exit 1 and list what differs

What the files hold is made by ``engine.testing.golden``:

Golden playthroughs (STYLE.md practice 10): one seeded game per shipped variant, its actions
chosen at random from the legal ones by an RNG seeded from the game's seed (not by a bot, so
only a rule change moves them), written as plain text: the draw, each hand's deal, every
action with its seat, who won each trick, and each hand's result and scores. A rule change
then shows up as a reviewable diff. Long games stop after ``MAX_HANDS`` hands.

Count files ("perft", as in python-chess): for a few fixed deals, the number of distinct
legal action sequences of each depth from the start of the hand. They pin the move generator
down: a change to what is legal anywhere near the start of a hand changes a count.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from engine import shipped_names  # noqa: E402
from engine.testing.golden import counts_text, golden_path, playthrough  # noqa: E402

DATA = ROOT / "tests" / "data"
GOLDEN_DIR = DATA / "golden"
COUNTS_FILE = DATA / "counts.json"


# -- the command ------------------------------------------------------------------------------

def expected_files() -> dict[Path, str]:
    """Every generated file and its text."""
    files = {golden_path(GOLDEN_DIR, name): playthrough(name) for name in shipped_names()}
    files[COUNTS_FILE] = counts_text()
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare only; write nothing")
    args = parser.parse_args(argv)
    files = expected_files()
    stale = [p for p in GOLDEN_DIR.glob("*.txt") if p not in files]
    if args.check:
        differ = [p for p, text in files.items()
                  if not p.exists() or p.read_text(encoding="utf-8") != text]
        for p in differ + stale:
            print(f"out of date: {p.relative_to(ROOT)}")
        return 1 if differ or stale else 0
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for p in stale:
        p.unlink()
        print(f"removed {p.relative_to(ROOT)}")
    for p, text in files.items():
        old = p.read_text(encoding="utf-8") if p.exists() else None
        if old != text:
            p.write_text(text, encoding="utf-8")
            print(f"wrote {p.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
