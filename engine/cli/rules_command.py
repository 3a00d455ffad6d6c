"""``euchre rules``: print a variant's rule book (see :mod:`engine.text.rulebook`)."""

from __future__ import annotations

import argparse
import sys

from engine.core.printable import printable
from engine.rules.loader import load_variant, parents_variant, resolve
from engine.text.rulebook import render_markdown, render_text, rule_book
from engine.text.rulebook.diff import render_diff

__all__ = ["register"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``rules`` to the ``euchre`` parser."""
    p = sub.add_parser("rules", help="print a variant's rules in plain English",
                       description="Print every rule of a variant in plain English, in the "
                       "order of play, with each house-rule choice explained: what this "
                       "variant chooses and what the other setting would do.")
    p.add_argument("variant", metavar="NAME_OR_PATH", help="a shipped name or a .yaml file")
    p.add_argument("--markdown", action="store_true", help="print Markdown instead of text")
    p.add_argument("--diff", action="store_true",
                   help="print only the rules the file changes from its parents (`extends`): "
                   "each changed section with the parents' words and the file's, added and "
                   "removed rules; exit 2 for a file without `extends`")
    p.set_defaults(run=run_rules)


def run_rules(args: argparse.Namespace) -> int:
    """Print the rule book of ``args.variant``; a bad variant raises a VariantError, which
    ``euchre`` reports on one line with exit code 1."""
    if args.diff:
        return _run_diff(args)
    book = rule_book(load_variant(args.variant))
    print(render_markdown(book) if args.markdown else render_text(book), end="")
    return 0


def _run_diff(args: argparse.Namespace) -> int:
    if args.markdown:
        print("euchre rules: error: --diff prints text; leave out --markdown", file=sys.stderr)
        return 2
    child = load_variant(args.variant)
    parents = parents_variant(args.variant)
    if parents is None:
        print(printable(f"euchre rules: error: {args.variant} has no `extends`: --diff "
                        "compares a file with its parents"), file=sys.stderr)
        return 2
    files = resolve(args.variant).chain[1:]  # the parents' files, nearest first
    print(render_diff(rule_book(parents), rule_book(child), files=files), end="")
    return 0
