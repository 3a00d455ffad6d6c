"""Words several mechanics share at the prompt (naming suits).

>>> naming(["C", "D", "S"])
'name a suit other than hearts'
>>> naming(["H", "N"])
'name hearts or no-trump'
"""

from __future__ import annotations

from engine.core import cards as C

__all__ = ["naming"]


def naming(suits: list[str]) -> str:
    """``name a suit``, ``name a suit other than hearts``, ``name clubs or no-trump``."""
    words = [C.SUIT_WORDS[C.SUIT_NAMES.index(s)] for s in suits if s != "N"]
    no_trump = " or no-trump" if "N" in suits else ""
    if len(words) == 4:
        return f"name a suit{no_trump}"
    if len(words) == 3:
        missing = next(w for w in C.SUIT_WORDS if w not in words)
        return f"name a suit other than {missing}{no_trump}"
    return f"name {' or '.join(words) or 'no-trump'}{no_trump if words else ''}"
