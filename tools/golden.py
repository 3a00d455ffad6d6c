"""Regenerate the golden playthroughs and the count files in ``tests/data/``.

    python tools/golden.py            # rewrite tests/data/golden/*.txt and tests/data/counts.json
    python tools/golden.py --check    # only compare; exit 1 and list what differs

What the files hold, and why, is made and explained by ``engine.testing.golden``.
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
