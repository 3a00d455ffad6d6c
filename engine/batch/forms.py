"""Which mechanics have a batch form, and whether a whole variant does.

A mechanic's batch form sits beside its scalar module (``engine/mechanics/NAME_batch.py``
beside ``NAME.py``), and its ``Mechanic`` value names it (``batch``); :func:`batch_form` finds
it through the registry: a kernel class with ``check(variant)`` (why this configuration has
none, or None) and ``run(batch_hand)`` (:class:`~engine.mechanics.batch.hand.BatchForm`).
The one exception is ``score``, whose batch form vectorises the scoring expressions with
:mod:`engine.batch.scoring` and so stays in this package (:data:`DRIVER_FORMS`).

:func:`missing` names the first mechanic of a variant's flow, or the first game rule, that the
batch engine cannot play: ``simulate --engine batch`` then says so and plays the scalar
engine instead. So it does for a variant whose scores could pass what batch mode's 64-bit
integers hold (:func:`headroom`): the scalar engine counts in Python ints, which never wrap.

>>> from engine import load_variant
>>> missing(load_variant("standard")) is None
True
>>> from engine.testing.rules import overlay
>>> print(missing(overlay("extends: standard-joker\\ndescription: two jokers\\n"
...                       "deck: {size: 24, jokers: 2}\\n")))
overlay: mechanic `deal` as configured: two jokers have no batch form yet
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from decimal import Decimal

from engine.batch.match import check as match_check
from engine.batch.score import Score
from engine.batch.scoring import peak
from engine.core.bot_spec import BotSpec
from engine.mechanics.batch.hand import BatchForm, Kernel
from engine.mechanics.registry import mechanic
from engine.rules.game_end import Goal
from engine.rules.variant import Variant

__all__ = ["BATCH_BOTS", "DRIVER_FORMS", "INT64_HEADROOM", "BatchForm", "Kernel", "batch_form",
           "headroom", "missing", "missing_bot", "score_bound"]

INT64_HEADROOM = 2**62
"""The largest score batch mode plays: half of ``int64``'s range, so that a score plus a
hand's points, or a few scores added, cannot wrap."""


DRIVER_FORMS: dict[str, BatchForm] = {"score": Score}
"""The batch forms kept here rather than beside their mechanic: ``score``'s needs the
expression vectors of :mod:`engine.batch.scoring`, a layer above the mechanics."""


def batch_form(key: str) -> BatchForm | None:
    """The batch form of the registered mechanic ``key`` (its ``batch`` hook, imported now),
    or None: it has none (or no mechanic has that key)."""
    if key in DRIVER_FORMS:
        return DRIVER_FORMS[key]
    try:
        where = mechanic(key).batch
    except KeyError:
        return None
    if where is None:
        return None
    module, _, name = where.partition(":")
    form: BatchForm = getattr(importlib.import_module(module), name)
    return form


BATCH_BOTS = ("random", "greedy", "heuristic")
"""The bots that have a batch form."""


def missing(variant: Variant) -> str | None:
    """Why the batch engine cannot play ``variant`` (naming the mechanic), or None."""
    for name in variant.flow:
        form = batch_form(name)
        if form is None:
            return f"{variant.name}: mechanic `{name}` has no batch form"
        reason = form.check(variant)
        if reason is not None:
            return f"{variant.name}: mechanic `{name}` as configured: {reason}"
    game = variant.game
    if game.goal is not Goal.UP and game.lose_at is not None:
        return f"{variant.name}: a countdown with `game.lose_at` has no batch form"
    if (reason := match_check(variant)) is not None:
        return f"{variant.name}: {reason}"
    return headroom(variant)


def _peaks(variant: Variant) -> tuple[int, int]:
    """(the largest magnitude an award can reach, the largest any scoring expression computes
    on the way, conditions included): :func:`engine.batch.scoring.peak` of every row."""
    rows = variant.scoring.rows
    table = variant.scoring.space.table  # a bid table's values (C500-A1)
    bounds = {"value": max(value for _, _, value, _, _ in table)} if table else None
    awards = max((peak(e, bounds) for row in rows for e in (row.makers, row.defenders)),
                 default=0)
    inner = max((peak(row.when, bounds) for row in rows), default=0)
    return awards, max(awards, inner)


def _sci(number: int) -> str:
    """A whole number of any size in scientific notation (``1.000e+360``)."""
    return format(Decimal(number), ".3e")


def score_bound(variant: Variant) -> int:
    """The largest magnitude a score can reach in batch mode: the start, then the largest
    award in every hand up to the hand limit (``game.max_hands``)."""
    return abs(variant.game.start) + _peaks(variant)[0] * variant.game.max_hands


def headroom(variant: Variant) -> str | None:
    """Why batch mode's 64-bit integers could wrap for ``variant`` (they do so silently), or
    None: its scores stay within :data:`INT64_HEADROOM` and every value its scoring
    expressions compute within ``int64``.

    >>> from engine import load_variant
    >>> print(headroom(load_variant("standard")))
    None
    """
    awards, inner = _peaks(variant)
    bound = score_bound(variant)
    if inner >= 2**63:
        return (f"{variant.name}: a scoring expression computes values up to {_sci(inner)}, past "
                "the 64-bit integers of batch mode")
    if bound > INT64_HEADROOM:
        return (f"{variant.name}: scores could reach {_sci(bound)} (awards up to {_sci(awards)} "
                f"over {variant.game.max_hands:,} hands), past the 64-bit integers of batch "
                "mode")
    return None


def missing_bot(bots: Sequence[BotSpec], variant: Variant | None = None) -> str | None:
    """Why the batch engine cannot play these bots (naming one), or None. With ``variant``,
    also where the ``heuristic`` bot's batch form does not cover one of its mechanics as
    configured (a form's ``check_heuristic``).

    >>> from engine import load_variant
    >>> from engine.core.bot_spec import BotSpec
    >>> missing_bot([BotSpec.parse("heuristic")] * 3, load_variant("ghost-hand")) is None
    True
    """
    for spec in bots:
        if spec.name not in BATCH_BOTS or spec.simulations is not None:
            return (f"bot `{spec}` has no batch form (batch bots: "
                    f"{', '.join(BATCH_BOTS)})")
    if variant is None or all(spec.name != "heuristic" for spec in bots):
        return None
    for name in variant.flow:
        check = getattr(batch_form(name), "check_heuristic", None)
        if check is not None and (reason := check(variant)) is not None:
            return f"bot `heuristic`: mechanic `{name}` as configured: {reason}"
    return None
