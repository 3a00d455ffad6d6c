"""What the auction (:mod:`engine.mechanics.auction`) gives the rules layer beside its block:
its part of the scoring outcome space (the bids, the special bids, the bid table, the stuck
bid) and the bound on its decisions in a deal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.mechanics.auction_rules import AuctionRules, SwapPart

if TYPE_CHECKING:
    from engine.mechanics.table import Table
    from engine.rules.variant import Variant

__all__ = ["contract", "decisions", "fixed_by", "fixed_notes", "show_notes", "space"]


def space(config: AuctionRules) -> dict[str, Any]:
    """The auction's part of the scoring outcome space: the bids and the special bids."""
    if config.table:
        named = [row for row in config.table if row.named]
        return {"bids": tuple(sorted({row.tricks for row in config.table})),
                "specials": tuple((row.name, row.tricks, row.alone) for row in named),
                "table": tuple((row.name, row.tricks, row.value, row.code, row.alone)
                               for row in config.table), "forced": config.stuck_bid}
    out: dict[str, Any] = {"bids": config.bids, "specials": tuple(
        (b.name, b.tricks, b.alone) for b in config.special_bids)}
    return {**out, "forced": config.stuck_bid} if config.stuck_bid else out


def decisions(variant: Variant) -> int:
    """The auction's decisions in a deal beyond a few a seat: at most one round of passes per
    bid level (each bid must beat the last; a bid naming trump is a level per trump), and a
    swap and a look."""
    auction = variant.rules_of(AuctionRules)
    levels = len(auction.table) or len(auction.bids) + len(auction.special_bids)
    if auction.trump_in_bid:
        levels *= 6
    return variant.players * (levels + 2)


def contract(s: Table) -> dict[str, int | str]:
    """The settings the hand's winning bid of the table fixes (``pass_cards.cards``)."""
    part = SwapPart.find(s.hand)
    if part is None or part.contract < 0:
        return {}
    return dict(s.variant.rules_of(AuctionRules).table[part.contract].settings)


def fixed_by(variant: Variant, path: str) -> tuple[tuple[str, int | str], ...]:
    """The bids of the table that fix the setting ``path`` for the hand they win, as
    ``(label, value)`` in rank order (BID-A13): empty without a table or such a bid."""
    auction = variant.rules(AuctionRules)
    if auction is None:
        return ()
    return tuple((row.label, value) for row in auction.table
                 for name, value in row.settings if name == path)


def fixed_notes(variant: Variant, path: str) -> dict[str, str]:
    """``euchre show`` beside the setting ``path`` that bids of the table fix: ``{name:
    "on 5 no-trump: partner (a bid's settings)"}``; empty when no bid fixes it."""
    fixed = fixed_by(variant, path)
    if not fixed:
        return {}
    said = "; ".join(f"on {label}: {value}" for label, value in fixed)
    return {path.split(".", 1)[1]: f"{said} (auction.table[].settings)"}


def show_notes(variant: Variant) -> dict[str, str]:
    """``euchre show`` beside the auction's settings: the bid table's bids in rank order with
    their values, and the numeric bids it leaves unused.

    >>> from engine.testing.rules import variant
    >>> show_notes(variant("bid-euchre"))
    {}
    """
    auction = variant.rules_of(AuctionRules)
    if not auction.table:
        return {}
    bids = ", ".join(f"{row.rank}. bid:{row.name} {row.value}" for row in auction.table)
    return {"table": f"{len(auction.table)} bids, lowest first: {bids}",
            "bids": "not used: the bid table (`table`) ranks the bids"}
