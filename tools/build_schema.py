"""Write ``schema/variant.schema.json`` from the base schema and the registered mechanics, and
``engine/rules/known_shipped.py`` and ``engine/rules/known_expressions.py``, what is known of
the shipped variants (their schema verdicts, their texts, their expressions' trees) so that
loading one is fast (issue 23, start-up; :mod:`engine.rules.known_shipped_build`).

    python tools/build_schema.py          # write the files
    python tools/build_schema.py --check  # exit 1 when a checked-in file is stale

Run it after changing a mechanic's configuration, the schema, a shipped variant or the grammar
(the tests say which file is stale).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.rules.known_shipped_build import (  # noqa: E402 - after the path is set
    expressions_text,
    known_text,
)
from engine.rules.schema_check import schema_text  # noqa: E402 - after the path is set

TARGETS = {
    ROOT / "schema" / "variant.schema.json": schema_text,
    ROOT / "engine" / "rules" / "known_shipped.py": known_text,
    ROOT / "engine" / "rules" / "known_expressions.py": expressions_text,
}


def main(argv: list[str] | None = None) -> int:
    """Build (or with ``--check`` compare) the checked-in schema and verdicts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether they are stale")
    args = parser.parse_args(argv)
    stale = False
    for target, build in TARGETS.items():
        text = build()
        name = target.relative_to(ROOT)
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if args.check:
            stale = stale or current != text
            print(f"{name} is stale: run python tools/build_schema.py" if current != text
                  else f"{name} is up to date")
        elif current != text:
            target.write_text(text, encoding="utf-8")
            print(f"wrote {name}")
        else:
            print(f"{name} is up to date")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
