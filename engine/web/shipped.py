"""The variants the server knows by name, how a game's variant is titled, and its seed.

Only shipped names are looked up (nothing a request names reaches the file system); each
shipped variant is compiled once per server. A seed the server draws comes from 2**63 values
and is kept secret until the game is over; a seed the player asks for is shown at once.
"""

from __future__ import annotations

import functools
import secrets

from starlette.exceptions import HTTPException

from engine.rules.loader import load_variant, shipped_names
from engine.rules.resources import variants_dir
from engine.rules.variant import Variant
from engine.rules.yamlsource import read_yaml

__all__ = ["MAX_SEED", "families", "names", "seed", "shipped", "title", "variant_named"]

MAX_SEED = 2**63 - 1
"""The largest seed: the server draws its seeds from 0 to this."""


def variant_named(name: str) -> Variant:
    """A shipped variant by name (404 for any other name: nothing else is looked up)."""
    if name not in names():
        raise HTTPException(404, f"there is no shipped variant named {name[:60]!r}")
    return shipped(name)


@functools.cache
def names() -> tuple[str, ...]:
    """The shipped names, listed once per server (restart it to see a new file)."""
    return tuple(shipped_names())


@functools.cache
def shipped(name: str) -> Variant:
    """A shipped variant, compiled once per server (a Variant is frozen: games share it)."""
    return load_variant(name)


def title(variant: Variant) -> tuple[str, bool]:
    """How a record's variant is shown, and whether it is the shipped one: a shipped name
    with other rules is the user's (``-yours``), as an uploaded file of that name is."""
    name = variant.name
    if name not in names():
        return name, False
    if shipped(name).rules_hash == variant.rules_hash:
        return name, True
    return f"{name}-yours", False


def seed(text: str | None) -> tuple[int, bool]:
    """The seed asked for (and True), or one drawn from 2**63 (and False: kept secret)."""
    if text is None or text == "":
        return secrets.randbelow(MAX_SEED + 1), False
    if text.isascii() and text.isdigit() and len(text) <= 19 and int(text) <= MAX_SEED:
        return int(text), True
    raise HTTPException(400, f"seed must be a whole number from 0 to {MAX_SEED}")


@functools.cache
def families() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The shipped variants by family: each family named by the variant its members build on
    through ``extends`` (followed to the end), that variant first and the others by name;
    ``standard``'s family first, the others by name.

    >>> dict(families())["standard"][:2], families()[0][0]
    (('standard', 'british'), 'standard')
    """
    parent: dict[str, str] = {}
    for name in names():
        data = read_yaml(variants_dir() / f"{name}.yaml").data
        ref = data.get("extends") if isinstance(data, dict) else None
        if isinstance(ref, str) and ref in names():
            parent[name] = ref
    groups: dict[str, list[str]] = {}
    for name in names():
        root, seen = name, {name}
        while root in parent and parent[root] not in seen:
            root = parent[root]
            seen.add(root)
        groups.setdefault(root, []).append(name)
    order = sorted(groups, key=lambda root: (root != "standard", root))
    return tuple((root, (root, *sorted(n for n in groups[root] if n != root)))
                 for root in order)
