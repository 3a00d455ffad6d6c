"""Warnings: settings a variant file itself writes that cannot affect play.

Such a setting is not an error (the variant plays as its other settings say) but it is
almost always a misunderstanding, so ``euchre validate`` prints it, located, and still exits 0.
Only what the file being checked writes is warned about: a value inherited through
``extends`` belongs to the parent, where it may matter.
"""

from __future__ import annotations

from engine.core.errors import VariantWarning
from engine.rules.resolved import Resolved
from engine.rules.yamlsource import Path_

__all__ = ["MAKER_PHASES", "UPCARD_PHASES", "idle_phases", "upcard_unused", "variant_warnings"]

MAKER_PHASES = ("upcard_bidding", "go_alone", "call_partner", "stay_or_drop", "pass_cards")
"""The phases that run only in a hand with a maker (bidding, and what the maker's side does):
they never run when every upcard fixes trump (``upcard_trump`` with all four suits)."""


def idle_phases(flow: tuple[str, ...] | list[str], *, makers: bool) -> tuple[str, ...]:
    """The phases of ``flow`` that can never run: those of :data:`MAKER_PHASES` when no
    hand can have a maker (``makers`` false). The rule book leaves them out."""
    return () if makers else tuple(phase for phase in flow if phase in MAKER_PHASES)

UPCARD_PHASES = ("upcard_trump", "upcard_bidding", "dealer_pickup")
"""The phases that use the upcard; in a flow without them (an auction) it has no use."""


def upcard_unused(flow: tuple[str, ...] | list[str]) -> bool:
    """No phase of ``flow`` bids on the upcard or gives it to the dealer: an upcard would be
    dealt for nothing (the deal still counts it, so it is warned about, and named in the
    error of a deal that does not fit)."""
    return not any(phase in flow for phase in UPCARD_PHASES)


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


def _unused_upcard(resolved: Resolved) -> list[VariantWarning]:
    """In an auction flow no phase bids on the upcard or gives it to the dealer. Warned at
    the file's own `deal.upcard`, or else at its own flow when that is what made an
    inherited (or default) upcard useless."""
    data = resolved.data
    if not data["deal"]["upcard"] or not upcard_unused(data["flow"]):
        return []
    path: Path_ = ("deal", "upcard")
    where = resolved.written_here(path)
    origin = ""
    if where is None:
        where = resolved.written_here(("flow",))
        if where is None:
            return []
        inherited = resolved.values.get(path)
        origin = f" (inherited from {inherited})" if inherited else " (the default)"
        path = ("flow",)
    return [VariantWarning(
        f"`deal.upcard: true`{origin} has no use in an auction flow: no phase bids on the "
        "upcard or gives it to the dealer", location=where, path=path,
        hint="set `deal.upcard: false`, or use `upcard_bidding` instead of `auction`",
    )]


def _never_run(resolved: Resolved) -> list[VariantWarning]:
    """Every upcard fixes trump (all four suits, no joker): the phases that need a maker never
    run. Warned at the file's own `upcard_trump.suits`, or else at its own flow entry."""
    data = resolved.data
    flow = data["flow"]
    if ("upcard_trump" not in flow or len(data["upcard_trump"]["suits"]) != 4
            or data["deck"]["jokers"]):
        return []
    out = []
    for phase in idle_phases(flow, makers=False):
        path: Path_ = ("flow", flow.index(phase))
        where = resolved.written_here(("upcard_trump", "suits")) or resolved.written_here(path)
        if where is not None:
            out.append(VariantWarning(
                f"`{phase}` never runs: `upcard_trump.suits` lists every suit, so every upcard "
                "fixes trump and no hand has a maker", location=where, path=path,
                hint=f"remove `{phase}` from the flow, or list fewer suits in "
                     "`upcard_trump.suits`"))
    return out


def variant_warnings(resolved: Resolved) -> list[VariantWarning]:
    """Warnings about a valid variant (defaults filled in), in file order."""
    found = [*_unused_draw(resolved), *_unused_partners(resolved), *_unused_upcard(resolved),
             *_never_run(resolved)]
    return sorted(found, key=lambda w: (w.location.line, w.location.column)
                  if w.location else (0, 0))
