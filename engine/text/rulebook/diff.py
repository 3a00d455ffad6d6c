"""What a variant file changes from its parents, in the rule book's words
(``euchre rules FILE --diff``).

The two books (the parents' variant merged without the file, and the file's variant) are
compared section by section, a section being known by its phase (or its title for the
book's own sections); within a section, rules are matched in order, so that a rule whose
words changed (a scoring row worth another number) is shown with the parents' words and the
file's. Sections whose rules are all the same are left out.

>>> from engine import load_variant
>>> from engine.text.rulebook import rule_book
>>> book = rule_book(load_variant("standard"))
>>> changes(book, book)
()
"""

from __future__ import annotations

import difflib
import textwrap
from dataclasses import dataclass

from engine.core.printable import printable
from engine.text.rulebook.model import Rule, RuleBook, Section

__all__ = ["Change", "SectionChanges", "changes", "render_diff"]

WIDTH = 78
_INDENT = "   "


@dataclass(frozen=True, slots=True, kw_only=True)
class Change:
    """One rule that differs: the parents' words (None: the file adds the rule) and the
    file's (None: the file removes it)."""

    before: str | None
    after: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class SectionChanges:
    """The changed rules of one section, with the section's number in the file's book (or
    in the parents' book for a section the file no longer has)."""

    number: int
    section: Section
    changes: tuple[Change, ...]


def _key(section: Section) -> str:
    return section.phase or section.title


def _words(rule: Rule) -> str:
    return f"{rule.text} Other choice: {rule.alternative}" if rule.alternative else rule.text


def _section_changes(before: tuple[Rule, ...], after: tuple[Rule, ...]) -> tuple[Change, ...]:
    old, new = [_words(r) for r in before], [_words(r) for r in after]
    out: list[Change] = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        out += _pair(old[i1:i2], new[j1:j2])
    return tuple(out)


SIMILAR = 0.6
"""How alike (difflib's ratio) a parent's rule and a file's rule must be to be shown as one
rule changed rather than one removed and one added."""


def _pair(old: list[str], new: list[str]) -> list[Change]:
    """Rules that differ, each of ``old`` paired with the most alike of ``new`` (in the
    file's order), the rest removed or added."""
    taken: dict[int, str] = {}
    for before in old:
        ratios = [(difflib.SequenceMatcher(a=before, b=after).ratio(), j)
                  for j, after in enumerate(new) if j not in taken]
        best = max(ratios, default=(0.0, -1))
        if best[0] >= SIMILAR:
            taken[best[1]] = before
    out = [Change(before=before, after=None) for before in old if before not in taken.values()]
    return out + [Change(before=taken.get(j), after=after) for j, after in enumerate(new)]


def changes(parents: RuleBook, child: RuleBook) -> tuple[SectionChanges, ...]:
    """The sections of ``child`` whose rules differ from ``parents``', then the sections of
    ``parents`` that ``child`` no longer has."""
    theirs = {_key(s): s for s in parents.sections}
    ours = {_key(s) for s in child.sections}
    out = []
    for number, section in enumerate(child.sections, start=1):
        old = theirs.get(_key(section))
        found = _section_changes(old.rules if old else (), section.rules)
        if found:
            out.append(SectionChanges(number=number, section=section, changes=found))
    for number, section in enumerate(parents.sections, start=1):
        if _key(section) not in ours:
            out.append(SectionChanges(number=number, section=section,
                                      changes=_section_changes(section.rules, ())))
    return tuple(out)


def _wrap(text: str, first: str, rest: str) -> list[str]:
    return textwrap.wrap(printable(text), WIDTH, initial_indent=first, subsequent_indent=rest,
                         break_on_hyphens=False)  # file names stay whole


def render_diff(parents: RuleBook, child: RuleBook, *, files: tuple[str, ...] = ()) -> str:
    """The changes as plain text: each changed section's heading, then each rule the file
    changes (the parents' words, then the file's), adds or removes. ``files``: the parents'
    files, nearest first (default: the parents' book's path)."""
    title = f"What {printable(child.name)} changes from its parents"
    lines = [title, "=" * len(title)]
    merged = ", ".join(files or (parents.path,))
    lines += _wrap(f"{child.path} compared with the variant its parents make ({merged}); "
                   "sections it leaves as they are are not shown.", "", "")
    found = changes(parents, child)
    if not found:
        lines += ["", "It changes no rule of its parents' rule book."]
    for part in found:
        phase = f" (phase `{part.section.phase}`)" if part.section.phase else ""
        gone = "" if part.section in child.sections else " (no longer played)"
        lines += ["", f"{part.number}. {part.section.title}{phase}{gone}"]
        for change in part.changes:
            pad = _INDENT + "  "
            if change.before is not None and change.after is not None:
                lines += _wrap(f"Changed. The parents: {change.before}", _INDENT + "- ", pad)
                lines += _wrap(f"This file: {change.after}", pad, pad)
            elif change.after is not None:
                lines += _wrap(f"Added: {change.after}", _INDENT + "- ", pad)
            elif change.before is not None:
                lines += _wrap(f"Removed: {change.before}", _INDENT + "- ", pad)
    return "\n".join(lines) + "\n"
