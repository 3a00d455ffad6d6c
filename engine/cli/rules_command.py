"""``euchre rules``: print a variant's rule book (see :mod:`engine.text.rulebook`)."""

from __future__ import annotations

import argparse

from engine.rules.loader import load_variant
from engine.text.rulebook import render_markdown, render_text, rule_book

__all__ = ["register"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``rules`` to the ``euchre`` parser."""
    p = sub.add_parser("rules", help="print a variant's rules in plain English",
                       description="Print every rule of a variant in plain English, in the "
                       "order of play, with each house-rule choice explained: what this "
                       "variant chooses and what the other setting would do.")
    p.add_argument("variant", metavar="NAME_OR_PATH", help="a shipped name or a .yaml file")
    p.add_argument("--markdown", action="store_true", help="print Markdown instead of text")
    p.set_defaults(run=run_rules)


def run_rules(args: argparse.Namespace) -> int:
    """Print the rule book of ``args.variant``; a bad variant raises a VariantError, which
    ``euchre`` reports on one line with exit code 1."""
    book = rule_book(load_variant(args.variant))
    print(render_markdown(book) if args.markdown else render_text(book), end="")
    return 0
