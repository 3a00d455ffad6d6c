"""Write ``schema/variant.schema.json`` from the base schema and the registered mechanics.

    python tools/build_schema.py          # write the file
    python tools/build_schema.py --check  # exit 1 when the checked-in file is stale
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.rules.schema_check import schema_text  # noqa: E402 - after the path is set

TARGET = ROOT / "schema" / "variant.schema.json"


def main(argv: list[str] | None = None) -> int:
    """Build (or with ``--check`` compare) the checked-in schema."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is stale")
    args = parser.parse_args(argv)
    text = schema_text()
    current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    if args.check:
        if current != text:
            print(f"{TARGET.relative_to(ROOT)} is stale: run python tools/build_schema.py")
            return 1
        print(f"{TARGET.relative_to(ROOT)} is up to date")
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
