"""The names scoring expressions read (:mod:`engine.rules.scoring`), by what the variant has:
every hand, an auction, a bid table, a stuck bid, awards, exposed and partner lone hands, hands
without a maker; each with its type and the words the documentation gives it."""

from __future__ import annotations

from engine.rules.expressions import Type

__all__ = ["AUCTION_NAMES", "AWARD_NAMES", "CONTRACT_NAMES", "DENOMINATION_NAMES",
           "EXPOSED_NAMES", "FORCED_NAMES", "NO_MAKER_NAMES", "PARTNER_NAMES", "WHEN_NAMES"]

WHEN_NAMES: dict[str, tuple[Type, str]] = {
    "makers.tricks": (Type.INT, "tricks taken by the makers' side this hand"),
    "defenders.tricks": (Type.INT, "tricks taken by all the defenders together"),
    "alone": (Type.BOOL, "the makers' side played alone: the maker, or his partner in his "
                         "place (`partner_alone`)"),
    "defender_alone": (Type.BOOL, "a defender played alone"),
}
AUCTION_NAMES: dict[str, tuple[Type, str]] = {
    "bid": (Type.INT, "tricks the winning bid contracts for (a special bid counts its tricks)"),
    "bidder.tricks": (Type.INT, "tricks taken by the high bidder's side (= makers.tricks)"),
}
AWARD_NAMES: dict[str, tuple[Type, str]] = {
    "tricks": (Type.INT, "tricks taken by the side receiving the points"),
    "is_alone": (Type.BOOL, "the seat receiving the points played alone"),
    "out": (Type.BOOL, "the seat receiving the points sat this hand out (dropped out, or "
                       "beside a lone partner)"),
}
EXPOSED_NAMES: dict[str, tuple[Type, str]] = {
    "exposed": (Type.BOOL, "the maker played alone with his hand face up, its cards chosen by "
                           "an opponent (`go_alone.exposed`, STD-A17)"),
}
PARTNER_NAMES: dict[str, tuple[Type, str]] = {
    "partner_alone": (Type.BOOL, "the maker's partner took the hand over and played alone in "
                                 "the maker's place (`go_alone.partner`, ALONE-A1); `alone` is "
                                 "true too"),
}
CONTRACT_NAMES: dict[str, tuple[Type, str]] = {
    "value": (Type.INT, "the value of the winning bid in the bid table (`auction.table`)"),
    "denomination": (Type.INT, "what the winning bid of the bid table is played at, compared "
                     "with `spades`, `clubs`, `diamonds`, `hearts`, `no_trump`, `low_no_trump`, "
                     "`misere` or `open_misere` (-1: trump named after the auction)"),
}
DENOMINATION_NAMES: dict[str, int] = {
    "clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3, "no_trump": 4, "low_no_trump": 5,
    "misere": 6, "open_misere": 7}
"""The names ``denomination`` is compared with (``denomination == misere``)."""
FORCED_NAMES: dict[str, tuple[Type, str]] = {
    "forced": (Type.BOOL, "all passed and the dealer was held to the stuck bid "
                          "(`auction.stuck_bid`)"),
}
NO_MAKER_NAMES: dict[str, tuple[Type, str]] = {
    "no_maker": (Type.BOOL, "nobody made trump (a dirty-clubs upcard, or all passed and the "
                            "hand is played at no-trump): every seat scores as a defender"),
}
