"""``euchre list``, ``euchre show`` and ``euchre validate``.

The commands import the rules layer (YAML, the schema, the expression parser) when they run,
not when the ``euchre`` parser is built (``euchre --help`` needs none of it).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from engine.core.errors import VariantError
from engine.core.printable import printable

if TYPE_CHECKING:
    from engine.rules.resolved import Resolved

__all__ = ["register"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the three commands to the ``euchre`` parser."""
    p = sub.add_parser("list", help="list the shipped variants",
                       description="One variant a line: its name, then what it is.")
    p.set_defaults(run=_list)

    p = sub.add_parser("show", help="print a variant with every rule resolved",
                       description="Print the resolved variant as YAML: parents merged, defaults "
                       "filled in, and a comment naming the file and line of each value.")
    p.add_argument("variant", metavar="NAME_OR_PATH", help="a shipped name or a .yaml file")
    p.set_defaults(run=_show)

    p = sub.add_parser("validate", help="check variant files",
                       description="Check variant files against the schema and the rules of the "
                       "game, and warn about settings a file writes that cannot affect play. "
                       "Every error of a file is printed, the most useful first. Exit 0 when "
                       "all are valid (warnings or not), 1 when any is not, 2 on usage errors.")
    p.add_argument("variants", metavar="NAME_OR_PATH", nargs="+",
                   help="shipped names or .yaml files")
    # Every error is printed, the most useful first (the README's promise); `--all`, which once
    # asked for them, is still accepted so that old scripts keep working, and not advertised.
    p.add_argument("--all", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--json", action="store_true", help="print one JSON object for tools")
    p.set_defaults(run=_validate)


def _list(args: argparse.Namespace) -> int:
    from engine.rules.loader import load_variant, shipped_names  # noqa: PLC0415 - lazy, above

    names = shipped_names()
    width = max(len(n) for n in names)
    for name in names:
        try:
            description = load_variant(name).description
        except VariantError as exc:  # a broken shipped file is a bug, but say it plainly
            description = f"(invalid: {exc.message})"
        print(f"{name:<{width}}  {printable(description)}")
    return 0


def _validate(args: argparse.Namespace) -> int:
    from engine.rules.loader import diagnose_variant  # noqa: PLC0415 - lazy, see above

    report: list[dict[str, Any]] = []
    for ref in args.variants:
        checked = diagnose_variant(ref)
        errors, warnings = checked.errors, checked.warnings
        report.append({"variant": ref, "valid": not errors,
                       "errors": [e.as_dict() for e in errors],
                       "warnings": [w.as_dict() for w in warnings]})
        if args.json:
            continue
        for warning in warnings:
            print(warning.render(), file=sys.stderr)
        if not errors:
            print(f"{printable(ref)}: ok")
            continue
        for error in errors:
            print(error.render(), file=sys.stderr)
    if args.json:
        print(json.dumps({"valid": all(r["valid"] for r in report), "results": report},
                         indent=2))
    return 0 if all(r["valid"] for r in report) else 1


def _show(args: argparse.Namespace) -> int:
    from engine.rules.loader import resolved_variant  # noqa: PLC0415 - lazy, see above

    resolved = resolved_variant(args.variant)
    print(printable(f"# {resolved.name}: resolved from {', '.join(resolved.chain)}"))
    print("# each value is followed by the file and line it came from, or `default`")
    print("# a setting commented out is the default the compiler supplies (no file wrote it)")
    notes = _mechanic_notes(args.variant)
    for line in _emit(resolved.data, (), 0, resolved, notes):
        print(printable(line))
    return 0


def _supplied(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """By mechanic key, the settings of its block that the compiler supplies when the file
    leaves them out (they are not written into the resolved data, nor its rules hash)."""
    from engine.mechanics.registry import mechanics  # noqa: PLC0415 - lazy, see above

    return {m.key: m.block.supplied(data[m.key]) for m in mechanics()
            if m.block is not None and isinstance(data.get(m.key), dict)}


_SUPPLIED_BY_PATH: dict[tuple[str | int, ...], dict[str, Any]] = {
    ("deck",): {"bowers": True},
    ("dealer", "draw"): {"joker": "out"},
}
"""The deck's and the draw's settings the compiler supplies when no file writes them
(DECK-A5, DECK-A7): shown as comments under their block."""


def _scalar(value: Any) -> str:
    import yaml  # noqa: PLC0415 - lazy, see above

    if isinstance(value, str) and "\n" in value:
        return json.dumps(value)  # one line (a YAML double-quoted scalar), so the comment fits
    text = yaml.safe_dump(value, default_flow_style=True, width=10_000, allow_unicode=True)
    text = text.strip()
    return text[: -len("...")].strip() if text.endswith("...") else text


def _mechanic_notes(ref: str) -> dict[tuple[str, str], str]:
    """Each mechanic's notes beside settings of its block (``Mechanic.show_notes``), from the
    compiled variant; none when it does not compile (``euchre validate`` says why)."""
    from engine.core.errors import VariantError, VariantErrors  # noqa: PLC0415 - lazy
    from engine.mechanics.registry import mechanics  # noqa: PLC0415 - lazy, see above
    from engine.rules.loader import load_variant  # noqa: PLC0415 - lazy, see above

    try:
        variant = load_variant(ref)
    except (VariantError, VariantErrors):
        return {}
    return {(m.key, key): note for m in mechanics() if m.show_notes is not None
            and m.key in variant.flow for key, note in m.show_notes(variant).items()}


def _unused(block: dict[str, Any], path: tuple[str | int, ...], key: str,
            notes: dict[tuple[str, str], str]) -> list[str]:
    """Why the setting ``key`` of ``block`` (at ``path``) is not used, if it is not, and what
    its mechanic notes beside it (``notes``: by block and key)."""
    if len(path) == 1 and (str(path[0]), str(key)) in notes:
        return [notes[(str(path[0]), str(key))]]
    if path == ("game", "match"):  # MATCH-A1: an inherited `games` beside `best_of`
        games = block.get("games")
        if key == "games" and "best_of" in block and games is not None:
            return [f"not used: the match is the best of {block['best_of']} "
                    "(game.match.best_of)"]
        return []
    if path != ("game",):
        return []
    from engine.rules.game_end import unused_settings  # noqa: PLC0415 - lazy, see above

    why = unused_settings(block).get(str(key))
    return [why] if why else []


def _is_flat(value: Any) -> bool:
    if isinstance(value, dict):
        return not value
    if isinstance(value, list):
        return all(not isinstance(v, dict) for v in value)
    return True


def _source(resolved: Resolved, path: tuple[str | int, ...]) -> str:
    loc = resolved.values.get(path)
    return f"{loc.file}:{loc.line}" if loc else "default"


def _with_row_origin(line: str, resolved: Resolved, path: tuple[str | int, ...]) -> str:
    """The first line of a row of a list edited by name (``scoring.table``) with the row's
    origin before the value's source (``label: march  # row changed in FILE:LINE  # ...``:
    set, added, or last changed in the file and line of the edit); other lines unchanged,
    and every line still ends with its value's source."""
    from engine.rules.source_rows import keyed_lists  # noqa: PLC0415 - lazy, see above

    spec = next((spec for block, spec in keyed_lists().items()
                 if path[:-1] == (*block, spec.items)), None)
    if spec is None:
        return line
    first, edit = resolved.values.get(path), resolved.row_origins.get(path)
    where = edit or first
    if where is None or "  # " not in line:
        return line
    verb = "set" if edit is None else "added" if edit == first else "changed"
    value, source = line.rsplit("  # ", 1)
    return f"{value}  # {spec.noun} {verb} in {where.file}:{where.line}  # {source}"


def _emit(value: Any, path: tuple[str | int, ...], indent: int, resolved: Resolved,
          notes: dict[tuple[str, str], str]) -> list[str]:
    pad = "  " * indent
    lines: list[str] = []
    if isinstance(value, dict):
        supplied = _supplied(value) if not path else {}
        for key, item in value.items():
            here = (*path, key)
            if _is_flat(item):
                note = "".join(f"  # {why}" for why in _unused(value, path, key, notes))
                lines.append(f"{pad}{key}: {_scalar(item)}{note}  # {_source(resolved, here)}")
            else:
                note = "".join(f"  # {why}" for why in _unused(value, path, key, notes))
                lines.append(f"{pad}{key}:{note}  # {_source(resolved, here)}")
                lines.extend(_emit(item, here, indent + 1, resolved, notes))
                lines.extend(f"{pad}  # {name}: {_scalar(default)}  # default"
                             for name, default in _SUPPLIED_BY_PATH.get(here, {}).items()
                             if isinstance(item, dict) and name not in item)
            lines.extend(f"{pad}  # {name}: {_scalar(default)}  # default"
                         for name, default in supplied.get(str(key), {}).items())
    elif isinstance(value, list):
        for i, item in enumerate(value):
            here = (*path, i)
            if _is_flat(item):
                lines.append(f"{pad}- {_scalar(item)}  # {_source(resolved, here)}")
                continue
            inner = _emit(item, here, indent + 1, resolved, notes)
            lines.append(f"{pad}- {_with_row_origin(inner[0].lstrip(), resolved, here)}")
            lines.extend(inner[1:])
    return lines
