"""Settings that meet across files and blocks (issue 22): a child's change that breaks what it
inherits is an error at the child's line naming where the inherited setting was written;
a deck is described one way (`size` or `ranks`) and counted with every copy; a block that
needs cards the deal does not leave, or a lone hand nobody can play, is refused at load time.

Expected messages and positions are written out by hand from the files below.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine import check_variant, load_variant, new_game
from engine.core import cards as C
from engine.core.errors import VariantError
from engine.rules.loader import diagnose_variant, resolved_variant
from engine.rules.schema_check import schema
from engine.text.rulebook import rule_book

Write = Callable[[str, str], Path]


def _where(error: VariantError) -> tuple[str, int, int]:
    assert error.location is not None
    return (Path(error.location.file).name, error.location.line, error.location.column)


AUCTION_ON_STANDARD = """
    extends: standard
    description: Bid tricks on standard's deal, which has an upcard.
    flow: [deal, auction, name_trump, play, score]
    auction: {bids: [3, 4, 5]}
    scoring:
      table:
        - {when: "makers.tricks >= bid", makers: tricks}
        - {when: "makers.tricks < bid", defenders: 2}
"""


# -- item 13 (a): an upcard no phase uses is counted, and so it is warned about and named ---


def test_an_inherited_upcard_made_useless_by_the_childs_auction_is_warned_at_the_flow(
    write: Write,
) -> None:
    path = write("auction.yaml", AUCTION_ON_STANDARD)
    checked = diagnose_variant(path)
    assert checked.errors == []
    (warning,) = checked.warnings
    assert _where(warning) == ("auction.yaml", 3, 7)  # the child's `flow:`
    assert warning.message.startswith(
        "`deal.upcard: true` (inherited from variants/standard.yaml:44:11) has no use in an "
        "auction flow")
    assert "deal.upcard: false" in warning.hint


def test_an_upcard_no_phase_uses_is_named_in_the_error_of_a_deal_that_does_not_fit(
    write: Write,
) -> None:
    write("auction.yaml", AUCTION_ON_STANDARD)
    path = write("six.yaml", """
        extends: ./auction.yaml
        description: Six cards each, 4 x 6 + the upcard = 25 of 24 cards.
        deal: {hand_size: 6, packets: one_at_a_time}
    """)
    (error,) = check_variant(path)
    assert _where(error) == ("six.yaml", 3, 19)
    assert error.message.startswith(
        "the deal needs 25 cards (4 hands of 6 and 1 upcard, which no phase of this flow uses)"
        " but the deck has 24")
    assert error.hint.startswith("set `deal.upcard: false`")


# -- item 13 (b): `size` and `ranks` say the same thing; the nearer file's one counts --------


def test_a_childs_ranks_replace_the_inherited_size(write: Write) -> None:
    path = write("ranks.yaml", """
        extends: standard
        description: The 28-card deck given by its ranks.
        deck:
          ranks: ["9", T, J, Q, K, A, "8"]
    """)
    deck = resolved_variant(path).data["deck"]
    assert "size" not in deck  # neither standard's 24 nor a default 24 beside 28 cards
    assert load_variant(path).deck.size == 28


def test_a_childs_size_replaces_the_inherited_ranks(write: Write) -> None:
    write("ranks.yaml", """
        extends: standard
        description: The 28-card deck given by its ranks.
        deck:
          ranks: ["9", T, J, Q, K, A, "8"]
    """)
    path = write("size.yaml", """
        extends: ./ranks.yaml
        description: Back to 24 cards.
        deck: {size: 24}
    """)
    assert "ranks" not in resolved_variant(path).data["deck"]
    assert load_variant(path).deck.size == 24


def test_size_and_ranks_in_one_file_must_still_agree(write: Write) -> None:
    path = write("both.yaml", """
        extends: standard
        description: Both, disagreeing.
        deck:
          size: 24
          ranks: ["9", T, J, Q, K, A, "8"]
    """)
    (error,) = check_variant(path)
    assert _where(error) == ("both.yaml", 4, 9)
    assert error.message.startswith("`deck.size` is 24 but `deck.ranks` gives 28 cards")


def test_the_schema_says_which_of_size_and_ranks_wins() -> None:
    deck = schema()["properties"]["deck"]["properties"]
    assert "replaces the `size` it inherits" in deck["ranks"]["description"]
    assert "replaces the `ranks` it inherits" in deck["size"]["description"]


# -- item 13 (c, d): a double deck takes ranks among 9 to A, and counts both copies ----------


def test_a_jack_to_ace_double_deck_is_what_the_schema_allows_and_it_loads(
    write: Write,
) -> None:
    copies = schema()["properties"]["deck"]["properties"]["copies"]["description"]
    assert "any `ranks` among 9 T J Q K A" in copies
    path = write("ja.yaml", """
        extends: bid-euchre-double
        description: Two packs of J to A, 32 cards, eight each.
        deck: {ranks: [J, Q, K, A]}
        deal: {hand_size: 8, packets: one_at_a_time}
        auction:
          bids: [4, 5, 6, 7]
          special_bids:
            - {name: moon, tricks: 8, label: shoot the moon, said: shoots the moon, alone: true}
        scoring:
          table:
            - {when: "not moon and makers.tricks >= bid", makers: tricks, defenders: tricks}
            - {when: "not moon and makers.tricks < bid", makers: -bid, defenders: tricks}
            - {when: "moon and makers.tricks == 8", makers: 16}
            - {when: "moon and makers.tricks < 8", makers: -bid, defenders: tricks}
    """)
    variant = load_variant(path)
    assert (variant.deck.size, len(variant.deck.cards)) == (32, 32)  # 4 ranks x 4 suits x 2


def test_a_refused_double_deck_is_still_counted_with_both_copies(write: Write) -> None:
    path = write("sevens.yaml", """
        extends: bid-euchre-double
        description: Two packs of 7 to A (64 cards), which the engine cannot hold.
        deck: {size: 32}
    """)
    errors = check_variant(path)
    assert [e.message.split(" (")[0] for e in errors] == [
        "a double deck holds only ranks from 9 to A, not 7, 8"]  # no "the deck has 32"
    assert _where(errors[0]) == ("sevens.yaml", 3, 14)


# -- item 14: `pass_cards` needs a lone hand from any source, and partners of two ---------


MOON_CALLS_FOR_BEST = """
    extends: bid-euchre
    description: Bid Euchre where the lone moon calls for his partner's best card.
    flow: [deal, auction, name_trump, pass_cards, play, score]
    pass_cards: {cards: 1}
"""


def test_pass_cards_is_accepted_when_the_lone_hand_comes_from_a_special_bid(
    write: Write,
) -> None:
    variant = load_variant(write("moon.yaml", MOON_CALLS_FOR_BEST))
    state = new_game(variant, seed=5)
    state.apply("bid:moon")  # eldest shoots the moon; the others must pass or bid higher
    while state.phase != "name_trump":
        state.apply("pass")
    state.apply("call:H")
    assert state.phase == "pass_cards"
    loner = state.current_player
    assert state.legal_actions()[0].startswith("discard:")
    state.apply(state.legal_actions()[0])
    partner = state.current_player
    assert variant.sides.side_of(partner) == variant.sides.side_of(loner) and partner != loner
    gift = state.legal_actions()[0]
    assert gift.startswith("give:")
    state.apply(gift)
    assert state.phase == "play"
    assert 1 << C.card(gift.split(":")[1]) & state.hand.hands[loner]


def test_pass_cards_without_any_lone_hand_is_a_located_error(write: Write) -> None:
    path = write("none.yaml", """
        extends: bid-euchre
        description: Nobody plays alone, yet cards are called for.
        flow: [deal, auction, name_trump, pass_cards, play, score]
        auction:
          special_bids: !delete
        scoring:
          table:
            - {when: "makers.tricks >= bid", makers: tricks, defenders: tricks}
            - {when: "makers.tricks < bid", makers: -bid, defenders: tricks}
    """)
    (error,) = check_variant(path)
    assert _where(error) == ("none.yaml", 3, 35)  # `pass_cards` in the flow
    assert error.message == "`pass_cards` needs a lone hand, but nobody can play alone before it"
    assert "alone: true" in error.hint


def test_pass_cards_says_it_needs_teams_of_two_in_the_schema_and_the_error(
    write: Write,
) -> None:
    described = schema()["properties"]["pass_cards"]["description"]
    assert "fixed teams of two" in described and "`alone: true`" in described
    path = write("six.yaml", """
        extends: standard-six
        description: Teams of three call for a partner's best.
        flow: [deal, upcard_bidding, go_alone, dealer_pickup, pass_cards, play, score]
    """)
    (error,) = check_variant(path)
    assert error.message.startswith("`pass_cards` needs partners: fixed teams of two, so that "
                                    "a lone player has the one partner who sits out")
    assert _where(error) == ("six.yaml", 3, 55)


# -- item 16 (the scoring table): a child's table replaces the inherited rows -------------


def test_a_gap_in_an_inherited_table_is_at_the_childs_setting_that_opened_it(
    write: Write,
) -> None:
    path = write("six.yaml", """
        extends: standard-28
        description: Six cards each, one trick more than standard's table knows.
        deal:
          hand_size: 6
          packets: one_at_a_time
    """)
    (error,) = check_variant(path)
    assert _where(error) == ("six.yaml", 4, 14)  # `hand_size: 6`, not standard's table
    assert error.message.startswith(
        "no row of the scoring table applies when makers.tricks = 6, alone = false "
        "(`scoring.table` is inherited from variants/standard.yaml:")
    assert "repeat the inherited rows" in error.hint


# -- item 29: when every upcard fixes trump, nothing that needs a maker is demanded ---------


EVERY_SUIT_DIRTY = """
    extends: buck-euchre
    description: Every upcard is dirty, so trump is never bid.
    upcard_trump: {suits: [C, D, H, S]}
    scoring:
      table:
        - {label: no_maker, when: "no_maker", defenders: "if(tricks >= 1, -tricks, 5)"}
"""


def test_every_suit_fixing_trump_needs_no_bidding_and_no_row_for_a_maker(write: Write) -> None:
    path = write("dirty.yaml", EVERY_SUIT_DIRTY + """
    flow: [deal, upcard_trump, dealer_pickup, play, score]
    """)
    variant = load_variant(path)  # before: "the flow needs exactly one of ...", a gap, ...
    state = new_game(variant, seed=3)
    while len(state.hands_played) < 10 and not state.is_terminal():
        state.apply(state.legal_actions()[0])  # a hand without a maker is played through
    assert len(state.hands_played) == 10
    assert all(result.maker < 0 for result in state.hands_played)


def test_bidding_kept_where_every_upcard_fixes_trump_is_a_warning_and_left_out_of_the_book(
    write: Write,
) -> None:
    path = write("dirty.yaml", EVERY_SUIT_DIRTY)  # buck-euchre's flow: bidding, stay or drop
    checked = diagnose_variant(path)
    assert checked.errors == []
    assert [(w.message.split(":")[0], _where(w)) for w in checked.warnings] == [
        ("`upcard_bidding` never runs", ("dirty.yaml", 3, 23)),
        ("`stay_or_drop` never runs", ("dirty.yaml", 3, 23)),
    ]
    book = rule_book(load_variant(path))
    phases = [section.phase for section in book.sections]
    assert "upcard_bidding" not in phases and "stay_or_drop" not in phases
    assert "upcard_trump" in phases


def test_with_a_joker_an_upcard_can_still_be_bid_on(write: Write) -> None:
    path = write("joker.yaml", EVERY_SUIT_DIRTY + """
    deck: {jokers: 1}
    flow: [deal, upcard_trump, dealer_pickup, play, score]
    """)
    messages = [e.message for e in check_variant(path)]
    assert "the flow needs exactly one of `upcard_bidding` and `auction`" in messages


def test_inherited_rows_for_a_maker_are_dead_at_the_childs_suits(write: Write) -> None:
    path = write("rows.yaml", """
        extends: buck-euchre
        description: Every upcard is dirty; buck-euchre's rows for a maker are kept.
        upcard_trump: {suits: [C, D, H, S]}
    """)
    errors = check_variant(path)
    assert [(_where(e), e.message.split(" (")[0]) for e in errors] == [
        (("rows.yaml", 3, 23), "row 1 of the scoring table"),
        (("rows.yaml", 3, 23), "row 2 of the scoring table"),
    ]
