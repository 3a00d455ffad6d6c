"""Lay a :class:`~engine.text.rulebook.model.RuleBook` out as plain text or as Markdown.

Section headings name the phase of the ``flow`` they describe (``phase `deal```), so a reader
can find the key of the variant file that sets each rule. Every string that came from the
variant file (its name, description, path) is passed through
:func:`engine.core.printable.printable`.
"""

from __future__ import annotations

import textwrap

from engine.core.printable import printable
from engine.text.rulebook.model import Rule, RuleBook, Section

__all__ = ["render_markdown", "render_text"]

WIDTH = 78
_INDENT = "   "
_OTHER = "Other choice:"


def _heading(number: int, section: Section) -> str:
    phase = f" (phase `{section.phase}`)" if section.phase else ""
    return f"{number}. {section.title}{phase}"


def _intro(book: RuleBook) -> list[str]:
    source = f"Rule source: {printable(book.source)}. " if book.source else ""
    return [printable(book.description),
            f"{source}From {printable(book.path)}. \"{_OTHER}\" notes say what a different "
            "setting of the variant file would change; ids such as STD-A1 name the ambiguities "
            "explained in docs/ambiguities.md."]


def render_text(book: RuleBook) -> str:
    """The book as plain text, wrapped to 78 columns."""
    title = f"The rules of {printable(book.name)}"
    lines = [title, "=" * len(title)]
    for paragraph in _intro(book):
        lines.extend(textwrap.wrap(paragraph, WIDTH))
    for number, section in enumerate(book.sections, start=1):
        lines += ["", _heading(number, section)]
        for rule in section.rules:
            lines.extend(_text_rule(rule))
    return "\n".join(lines) + "\n"


def _text_rule(rule: Rule) -> list[str]:
    lines = textwrap.wrap(rule.text, WIDTH, initial_indent=_INDENT + "- ",
                          subsequent_indent=_INDENT + "  ")
    if rule.alternative:
        lines += textwrap.wrap(f"{_OTHER} {rule.alternative}", WIDTH,
                               initial_indent=_INDENT + "  ", subsequent_indent=_INDENT + "  ")
    return lines


def render_markdown(book: RuleBook) -> str:
    """The book as Markdown: one heading per section, one list item per rule."""
    lines = [f"# The rules of `{printable(book.name)}`", ""]
    for paragraph in _intro(book):
        lines += [paragraph, ""]
    for number, section in enumerate(book.sections, start=1):
        lines += [f"## {_heading(number, section)}", ""]
        for rule in section.rules:
            lines.append(f"- {rule.text}")
            if rule.alternative:
                lines.append(f"  *{_OTHER}* {rule.alternative}")
        lines.append("")
    return "\n".join(lines)
