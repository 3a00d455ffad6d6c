"""Warnings: settings a variant file itself writes that cannot affect play.

Such a setting is not an error (the variant plays as its other settings say) but it is
almost always a misunderstanding, so ``euchre validate`` prints it, located, and still exits 0.
Only what the file being checked writes is warned about: a value inherited through
``extends`` belongs to the parent, where it may matter.
"""

from __future__ import annotations

from engine.core.errors import VariantWarning
from engine.rules.mechanic_rules import REGISTRY
from engine.rules.resolved import Resolved
from engine.rules.yamlsource import Path_

__all__ = ["idle_phases", "upcard_unused", "variant_warnings"]


def idle_phases(flow: tuple[str, ...] | list[str], *, makers: bool) -> tuple[str, ...]:
    """The phases of ``flow`` that can never run: those that need a maker
    (:attr:`~engine.rules.mechanic_rules.MechanicRules.needs_maker`) when no hand can have one
    (``makers`` false). The rule book leaves them out."""
    return () if makers else REGISTRY.select(flow, lambda m: m.needs_maker)


def upcard_unused(flow: tuple[str, ...] | list[str]) -> bool:
    """No phase of ``flow`` bids on the upcard or gives it to the dealer
    (:attr:`~engine.rules.mechanic_rules.MechanicRules.uses_upcard`): an upcard would be
    dealt for nothing (the deal still counts it, so it is warned about, and named in the
    error of a deal that does not fit)."""
    return not REGISTRY.select(flow, lambda m: m.uses_upcard)


def _unused_draw(resolved: Resolved) -> list[VariantWarning]:
    """``dealer.draw`` configures the draw for the first dealer, which ``first: random``
    skips."""
    where = resolved.written_here(("dealer", "draw"))
    if where is None or resolved.data["dealer"]["first"] != "random":
        return []
    return [VariantWarning(
        "`dealer.draw` has no effect: the first dealer is chosen at random "
        "(`dealer.first: random`)", location=where, path=("dealer", "draw"),
        hint="remove `draw:`, or set `first: draw`",
    )]


def _unused_partners(resolved: Resolved) -> list[VariantWarning]:
    """``partners: high_vs_low`` seats partners by the draw, in a game of two pairs only."""
    path: Path_ = ("dealer", "draw", "partners")
    where = resolved.written_here(path)
    data = resolved.data
    if where is None or data["dealer"]["first"] != "draw" or \
            data["dealer"]["draw"]["partners"] != "high_vs_low":
        return []
    teams = data["sides"].get("teams", [[0, 2], [1, 3]] if data["players"] == 4 else [])
    if data["sides"]["kind"] == "teams" and data["players"] == 4 and \
            [len(team) for team in teams] == [2, 2]:
        return []
    return [VariantWarning(
        "`partners: high_vs_low` has no effect: the draw seats partners only in a game of "
        "two pairs", location=where, path=path, hint="remove it, or use `as_seated`",
    )]


def variant_warnings(resolved: Resolved) -> list[VariantWarning]:
    """Warnings about a valid variant (defaults filled in), in file order: the core's, then
    each mechanic's of the flow (its ``warnings`` hook), in registry order."""
    found = [*_unused_draw(resolved), *_unused_partners(resolved)]
    flow = resolved.data["flow"]
    for mechanic in REGISTRY:
        if mechanic.warnings is not None and mechanic.key in flow:
            found.extend(mechanic.warnings(resolved))
    return sorted(found, key=lambda w: (w.location.line, w.location.column)
                  if w.location else (0, 0))
