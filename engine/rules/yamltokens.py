"""Checks on a YAML file's token stream, run before the (recursive, slow) composer.

The token stream is read lazily, so a hostile file is refused after a fraction of a second,
at the first token that breaks a limit: nesting deeper than :data:`MAX_DEPTH`, a list of more
than :data:`MAX_LIST_ITEMS` items, a document of more than :data:`MAX_VALUES` values.
"""

from __future__ import annotations

from typing import Any

import yaml

from engine.core.errors import Location, VariantError

__all__ = ["MAX_DEPTH", "MAX_LIST_ITEMS", "MAX_VALUES", "check_tokens", "loc", "yaml_error"]

MAX_DEPTH = 40
"""Deepest nesting of mappings and lists (the schema needs about 6)."""
MAX_VALUES = 10_000
"""Most values a document may hold or expand to, aliases included (stops 'billion laughs');
the largest shipped file has under 100. It also bounds the time to read a file: the YAML
reader is pure Python, a few seconds for 20,000 values."""
MAX_LIST_ITEMS = 64
"""Longest list accepted anywhere in a variant (the longest the schema allows is 40 scoring
rows), in a file or in a record's rules. Bounding lists before the schema check matters:
jsonschema's ``uniqueItems`` compares every pair of a mixed-type list, 22 s for 10,000."""


def loc(file: str, mark: yaml.Mark | None) -> Location:
    """The location of a YAML mark (which counts from 0)."""
    if mark is None:
        return Location(file, 1, 1)
    return Location(file, mark.line + 1, mark.column + 1)


def yaml_error(display: str, exc: yaml.YAMLError, text: str) -> VariantError:
    """A located error for what the YAML reader refused."""
    if isinstance(exc, yaml.reader.ReaderError):  # located by offset, not by a mark
        before = text[: exc.position]
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        return VariantError(
            f"the file holds the character U+{code:04X}, which YAML does not allow",
            location=Location(display, before.count("\n") + 1,
                              len(before) - (before.rfind("\n") + 1) + 1),
            hint="remove it; inside double quotes write it as an escape such as \\t",
        )
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context", None)
    message = f"YAML syntax error: {problem}"
    if context:
        message += f" ({context})"
    return VariantError(
        message, location=loc(display, mark),
        hint="check indentation, colons and quotes near this place",
    )


class _Lists:
    """Counts the items of the lists open in the token stream, to refuse a long list after
    :data:`MAX_LIST_ITEMS` of its items rather than compose (and schema-check) it whole.

    A flow list's items are its commas plus one; a block list's are its ``-`` entries. An
    indentless block list (``key:`` then ``- item`` lines at the key's indentation) has no
    start token: its entries are counted on the mapping, from the last key on."""

    def __init__(self, display: str) -> None:
        self.display = display
        self.open: list[list[Any]] = [[None, 0, None]]  # [start token, items, first mark]

    def push(self, token: yaml.Token) -> None:
        self.open.append([token, 0, token.start_mark])

    def pop(self) -> None:
        if len(self.open) > 1:
            self.open.pop()

    def see(self, token: yaml.Token) -> None:
        """Count ``token`` if it starts an item of the innermost open list."""
        top = self.open[-1]
        flow = isinstance(top[0], yaml.FlowSequenceStartToken)
        if isinstance(token, yaml.KeyToken) and not flow:
            top[1] = 0  # a new key of a block mapping: a new indentless list may follow
            return
        if not isinstance(token, yaml.FlowEntryToken if flow else yaml.BlockEntryToken):
            return
        top[1] += 1
        if top[1] == 1 and isinstance(top[0], yaml.BlockMappingStartToken):
            top[2] = token.start_mark  # an indentless list is located at its first `-`
        if top[1] > MAX_LIST_ITEMS - (1 if flow else 0):  # a flow list: one comma fewer
            raise VariantError(
                f"the list has more than {MAX_LIST_ITEMS} items",
                location=loc(self.display, top[2] or token.start_mark),
                hint="variant lists are short: phases, bids, packets, scoring rows",
            )


def check_tokens(text: str, display: str) -> None:
    """Refuse deep nesting, long lists and documents of too many values, from the token
    stream, before the recursive (and slow) composer runs.

    Each value costs at most two of the tokens counted here (a key or ``-`` before it, and
    its own scalar, alias or opening token), so more than ``2 * MAX_VALUES + 1`` of them means
    more than :data:`MAX_VALUES` values: a long list is refused after a fraction of a second
    instead of being composed whole first."""
    depth = 0
    counted = 0
    openers = (
        yaml.BlockMappingStartToken, yaml.BlockSequenceStartToken,
        yaml.FlowMappingStartToken, yaml.FlowSequenceStartToken,
    )
    closers = (yaml.BlockEndToken, yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken)
    values = (*openers, yaml.ScalarToken, yaml.AliasToken, yaml.BlockEntryToken)
    lists = _Lists(display)
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            lists.see(token)
            if isinstance(token, values):
                counted += 1
                if counted > 2 * MAX_VALUES + 1:
                    raise VariantError(
                        f"the document holds more than {MAX_VALUES:,} values",
                        location=loc(display, token.start_mark),
                        hint="a variant file needs a few hundred values at most",
                    )
            if isinstance(token, openers):
                lists.push(token)
                depth += 1
                if depth > MAX_DEPTH:
                    raise VariantError(
                        f"the document nests deeper than {MAX_DEPTH} levels",
                        location=loc(display, token.start_mark),
                        hint="variant files need only a few levels of nesting",
                    )
            elif isinstance(token, closers):
                lists.pop()
                depth -= 1
    except yaml.YAMLError as exc:
        raise yaml_error(display, exc, text) from None
