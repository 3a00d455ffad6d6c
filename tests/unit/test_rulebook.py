"""The rule book (`euchre rules NAME`) and the document of ambiguities (docs/ambiguities.md).

The book of every shipped variant is rendered and checked for its order (each phase of the
variant's flow, in order) and its target; each phase's section states its own phase's rule
(a word for each mechanic, written by hand below; the words themselves live in the
mechanic's module, ``Words.title`` and ``Words.rules``, read through the registry). Then
facts of single variants are checked against the values written in the variant files (worked
out by hand, e.g. 24 cards - 4 hands of 5 = a kitty of 4). Every setting a shipped variant
uses must change the book when it changes. Last, every ambiguity id cited anywhere in the
repository must have a section in docs/ambiguities.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import load_variant, shipped_names
from engine.mechanics.base import BookPart, Mechanic, Phase, Rule, Words, book_lines
from engine.mechanics.play import PlayRules
from engine.mechanics.registry import mechanics, register
from engine.text.rulebook import phase_section, render_markdown, render_text, rule_book

ROOT = Path(__file__).resolve().parents[2]
Write = Callable[[str, str], Path]


def book_text(ref: str | Path) -> str:
    """The plain-text rule book, on one line (wrapping removed) to search sentences in it."""
    return " ".join(render_text(rule_book(load_variant(str(ref)))).split())


@pytest.fixture
def rules_cli(run_cli: Callable[..., Any]) -> Callable[..., Any]:
    """``euchre rules ...`` through the real entry point."""
    return run_cli


# -- every shipped variant ------------------------------------------------------------------------


@pytest.mark.parametrize("name", shipped_names())
def test_rule_book_describes_each_phase_of_the_flow_in_order(name: str) -> None:
    variant = load_variant(name)
    text = render_text(rule_book(variant))
    places = [text.find(f"(phase `{phase}`)") for phase in variant.flow]
    assert -1 not in places, f"{name}: a phase of {variant.flow} has no section"
    assert places == sorted(places), f"{name}: sections out of the order of {variant.flow}"
    assert text.count("(phase `") == len(variant.flow), f"{name}: a phase not in the flow"


@pytest.mark.parametrize("name", shipped_names())
def test_rule_book_states_the_target_and_ends_with_the_end_of_the_game(name: str) -> None:
    variant = load_variant(name)
    text = book_text(name)
    if variant.game.goal == "down":  # a countdown game (buck-euchre)
        assert f"The game counts down to {variant.game.target}" in text
    else:
        assert f"The game is played to {variant.game.target} points" in text
    assert text.index("(phase `score`)") < text.index("The end of the game")


@pytest.mark.parametrize("name", shipped_names())
def test_markdown_rule_book_has_a_heading_per_section(name: str) -> None:
    book = rule_book(load_variant(name))
    markdown = render_markdown(book)
    assert markdown.startswith(f"# The rules of `{name}`\n")
    headings = [line for line in markdown.splitlines() if line.startswith("## ")]
    match = load_variant(name).game.match is not None  # a section on the match (MATCH-A1)
    assert len(headings) == len(book.sections) == len(load_variant(name).flow) + 4 + match


# -- each phase's section is its mechanic's ----------------------------------------------------


def test_every_built_in_mechanic_declares_its_title_and_rule_book_lines() -> None:
    undeclared = [m.key for m in mechanics() if not (m.words.title and m.words.rules)]
    assert undeclared == []


SECTION_SPEAKS_OF = {
    "deal": "deals",
    "upcard_bidding": "upcard",
    "upcard_trump": "upcard",
    "auction": "bid",
    "name_trump": "names",
    "go_alone": "alone",
    "dealer_pickup": "dealer",
    "kitty_exchange": "kitty",
    "dummy_merge": "dummy",
    "redeal": "throw",
    "pass_cards": "partner's best",
    "declare": "declare",
    "stay_or_drop": "drops out",
    "call_partner": "calls",
    "play": "must follow the suit led",
    "score": "scored",
    "piles": "dealt",
}
"""Written by hand from the rules of each phase: a word its section cannot do without, in
every variant (the book used to be checked against the very lines its renderer had read)."""


@pytest.mark.parametrize("name", shipped_names())
def test_each_phase_section_states_the_rule_of_its_own_phase(name: str) -> None:
    variant = load_variant(name)
    sections = {section.phase: section for section in rule_book(variant).sections}
    for phase in variant.flow:
        text = " ".join(" ".join(rule.text.split()) for rule in sections[phase].rules).lower()
        assert SECTION_SPEAKS_OF[phase] in text, f"{name}: the {phase} section: {text!r}"


def test_every_mechanic_has_a_word_its_section_must_hold() -> None:
    assert {m.key for m in mechanics()} == SECTION_SPEAKS_OF.keys()


class _Quiet(Phase):
    """A phase with nothing to decide (the section test only renders its words)."""

    name = "quiet"


def test_a_mechanic_section_mixes_plain_lines_house_rules_and_the_books_own_parts() -> None:
    words = Words(rules=lambda v: ["Nothing is said.",
                                   Rule(text="Nothing is done.", alternative="`quiet: loud`."),
                                   BookPart(key="penalties.renege")])
    with register(Mechanic(key="quiet", phase=_Quiet, words=words)):
        section = phase_section(load_variant("renege"), "quiet")
    assert section.title == "Quiet" and section.phase == "quiet"  # the key, capitalised
    assert [rule.text for rule in section.rules[:2]] == ["Nothing is said.", "Nothing is done."]
    assert section.rules[1].alternative == "`quiet: loud`."
    assert section.rules[2].text.startswith("If a player reneged during the hand, the hand's "
                                            "own score is cancelled")  # STD-A8, renege.yaml


def test_book_lines_hand_the_mechanic_its_config_record() -> None:
    seen: list[object] = []
    lines = book_lines(PlayRules, lambda v, play: seen.append(play) or ["x"])
    variant = load_variant("standard")
    assert lines(variant) == ["x"] and seen == [variant.rules(PlayRules)]


# -- facts of single variants, from the variant files ------------------------------------------


def test_standard_book_plays_to_10_and_the_dealer_is_not_stuck() -> None:
    text = book_text("standard")
    assert "The game is played to 10 points" in text
    assert ("The dealer is not stuck: if everyone passes in round 2 too, the hand is thrown in "
            "and the deal passes to the left.") in text
    assert "`upcard_bidding.stick_the_dealer: true`) makes the dealer name trump" in text


def test_standard_book_states_partners_deck_kitty_and_draw() -> None:
    text = book_text("standard")
    assert "two fixed partnerships: North and South against East and West" in text
    assert "The pack has 24 cards: the 9, 10, jack, queen, king and ace of each suit." in text
    assert "The four cards left over form the kitty" in text  # 24 - 4 * 5
    assert "in rounds of packets: 3, 2, 3 and 2 cards; then 2, 3, 2 and 3 cards" in text
    assert "king, queen, jack, 10, 9 and ace" in text  # the draw, K high ... A low (STD-A4)
    assert "The player with the lowest card deals first." in text


def test_standard_book_renders_each_scoring_row_in_words() -> None:
    text = book_text("standard")
    assert "Made — the makers take 3 or 4 tricks: the makers score 1." in text
    assert ("March — the makers take all 5 tricks and the maker does not play alone: the makers "
            "score 2.") in text
    assert "Lone march — the makers take all 5 tricks and the maker plays alone: the makers " \
           "score 4." in text
    assert "Euchre — the makers take 2 tricks or fewer: the defenders score 2." in text


def test_stick_the_dealer_book_says_the_dealer_must_name_trump() -> None:
    text = book_text("stick-the-dealer")
    assert ("if the others all pass in round 2, the dealer may not pass; he must name a suit, "
            "though still not the turned-down one") in text
    assert "The dealer is not stuck" not in text


def test_cutthroat_book_deals_a_dummy_and_a_kitty_and_scores_each_defender() -> None:
    text = book_text("cutthroat")
    assert "Three players, each scoring for himself." in text
    assert "5 cards to each player and to the dummy" in text
    assert "The four cards left over form the kitty" in text  # 24 - 4 positions * 5
    assert "adds the dummy to his hand" in text and "chooses 5 of 11" in text
    assert "Lone march — the maker takes all 5 tricks and the maker plays alone: the maker " \
           "scores 4." in text
    assert "each defender scores 2" in text
    assert "the player at the left of a lone maker" in text  # CTD-A6


def test_two_handed_book_has_two_players_and_no_lone_hands() -> None:
    text = book_text("two-handed")
    assert "Two players, each playing and scoring for himself." in text
    assert "The 14 cards left over form the kitty" in text  # 24 - 2 * 5
    assert "Going alone" not in text
    assert "March — the maker takes all 5 tricks: the maker scores 2." in text
    assert "the other player scores 2" in text


def test_ghost_hand_book_has_the_auction_the_blind_swap_and_the_moon() -> None:
    text = book_text("ghost-hand")
    assert "The game is played to 32 points" in text
    assert "The whole pack is dealt: there is no kitty and no upcard." in text  # 4 * 6 = 24
    assert 'The bids are 3, 4, 5 or "shoot the moon" (all 6 tricks).' in text
    assert "The exchange is blind" in text
    assert 'Moon — the bid is "shoot the moon" and the maker takes all 6 tricks: the maker ' \
           "scores 24." in text
    assert "each other player scores 1 point for each trick he took" in text
    assert "Scores can go below zero." in text


def test_ghost_hand_overlays_change_their_own_rule() -> None:
    assert "the maker loses 24" in book_text("ghost-hand-moon-24")
    assert "the maker loses 24" not in book_text("ghost-hand")
    assert "may first look at the ghost hand" in book_text("ghost-hand-open-swap")
    assert "a player who passes is out of the auction" in book_text("ghost-hand-continuous")


def test_joker_book_puts_the_joker_above_the_bowers_and_says_who_names_trump() -> None:
    text = book_text("standard-joker")
    assert "and one joker (the Benny): 25 cards in all" in text
    assert "Trumps rank, high to low: the joker, the right bower" in text
    assert "the dealer names trump before he looks at his hand" in text


def test_a_trump_table_with_if_is_rendered_case_by_case() -> None:
    text = book_text("cutthroat-lone-defender-points")
    assert ("each defender scores 4 if he plays alone and the maker takes 0 tricks; scores 2 if "
            "he plays alone and the maker takes at least 1 trick; scores nothing if he does "
            "not play alone") in text


def test_openspiel_and_renege_books_state_their_own_choices() -> None:
    text = book_text("openspiel")
    assert "discard one card face down, but not the upcard itself" in text
    assert "the makers score 1 and the defenders lose 1" in text
    renege = book_text("renege")
    assert "the hand's own score is cancelled and the other side scores 2" in renege


def test_a_condition_without_plain_words_is_quoted(write: Write) -> None:
    path = write("odd.yaml", """
        extends: standard
        description: odd table
        scoring:
          table:
            - {label: made, when: "if(alone, 3, 3) <= makers.tricks and makers.tricks <= 4",
               makers: 1}
            - {label: march, when: "makers.tricks == 5", makers: 2}
            - {label: euchre, when: "makers.tricks <= 2", defenders: 2}
        """)
    text = book_text(path)
    assert "Made — when `if(alone, 3, 3) <= makers.tricks and makers.tricks <= 4`: the makers " \
           "score 1." in text


# -- every setting a shipped variant uses is rendered ---------------------------------------------

_SETTINGS = [
    ("standard", "deck: {size: 28}"),
    ("standard", "deck: {size: 32}"),
    ("standard", "deck: {jokers: 1}"),
    ("standard", "dealer: {first: random}"),
    ("standard", "dealer: {draw: {dealer: highest}}"),
    ("standard", "dealer: {draw: {partners: as_seated}}"),
    ("standard", "dealer: {draw: {ranking: [A, K, Q, J, T, '9']}}"),
    ("standard", "deal: {packets: one_at_a_time}"),
    ("standard", "deal: {packets: [[2, 3, 2, 3], [3, 2, 3, 2]]}"),
    ("standard", "upcard_bidding: {rounds: 1}"),
    ("standard", "upcard_bidding: {exclude_turned_down: false}"),
    ("stick-the-dealer", "upcard_bidding: {stuck_dealer_may_name_turned_down: true}"),
    ("standard-joker", "upcard_bidding: {joker_upcard: fixed_suit}"),
    ("standard-joker", "upcard_bidding: {joker_upcard: redeal}"),
    ("standard-joker", "upcard_bidding: {joker_upcard: fixed_suit, joker_upcard_suit: S}"),
    ("standard", "dealer_pickup: {mode: optional}"),
    ("standard", "dealer_pickup: {mode: discard_other}"),
    # Without going alone the lone rows of standard's table could never apply (a located
    # error), so the house rule writes its own table.
    ("standard", "go_alone: {maker: false}\nscoring: {table: ["
                 "{label: made, when: '3 <= makers.tricks <= 4', makers: 1}, "
                 "{label: march, when: 'makers.tricks == 5', makers: 2}, "
                 "{label: euchre, when: 'makers.tricks <= 2', defenders: 2}]}"),
    ("defend-alone", "go_alone: {defender_needs_lone_maker: false}"),
    ("defend-alone", "go_alone: {defender_order: eldest}"),
    ("standard", "play: {first_lead: maker}"),
    ("standard", "play: {first_lead: left_of_loner}"),
    ("standard", "game: {target: 11}"),
    ("standard", "game: {tie: shared}"),
    ("standard", "game: {max_hands: 50}"),
    ("renege", "penalties: {renege: {void_hand: false}}"),
    ("renege", "penalties: {renege: {offender: 'if(alone, -4, -2)'}}"),
    ("renege", "penalties: {renege: {opponents: 1}}"),
    ("cutthroat", "dummy_merge: {mode: optional}"),
    ("cutthroat", "deal: {packets: one_at_a_time}"),
    ("ghost-hand", "auction: {first: dealer}"),
    ("ghost-hand", "auction: {bids: [4, 5]}"),
    ("ghost-hand", "auction: {top_bid: {name: moon, label: go for broke}}"),
    ("ghost-hand", "name_trump: {no_trump: true}"),
]


@pytest.mark.parametrize(("base", "setting"), _SETTINGS)
def test_changing_a_setting_changes_the_rule_book(base: str, setting: str, write: Write
                                                  ) -> None:
    path = write("house.yaml", f"extends: {base}\ndescription: {base}\n{setting}\n")
    changed = book_text(path).split("docs/ambiguities.md.", 1)[1]
    original = book_text(base).split("docs/ambiguities.md.", 1)[1]
    assert changed != original




# -- the command -------------------------------------------------------------------------------


def test_rules_command_prints_the_book_and_markdown_on_request(rules_cli: Callable[..., Any]
                                                               ) -> None:
    code, out, err = rules_cli("rules", "standard")
    assert (code, err) == (0, "")
    assert out.startswith("The rules of standard\n")
    code, out, err = rules_cli("rules", "--markdown", "cutthroat")
    assert (code, err) == (0, "")
    assert "## 8. Taking up the dummy (phase `dummy_merge`)" in out


def test_rules_command_refuses_an_unknown_variant_in_one_line(rules_cli: Callable[..., Any]
                                                              ) -> None:
    code, out, err = rules_cli("rules", "standrd")
    assert code == 1 and out == ""
    assert err.startswith("euchre: ") and "Traceback" not in err


def test_rules_command_shows_a_hostile_description_escaped(
        rules_cli: Callable[..., Any], write: Write) -> None:
    path = write("evil.yaml", 'extends: standard\ndescription: "clear \\e[2J screen"\n')
    code, out, _ = rules_cli("rules", str(path))
    assert code == 0
    assert "\x1b" not in out and "clear \\x1b[2J screen" in out


# -- the ambiguities document ------------------------------------------------------------------

_ID = re.compile(r"\b(?:STD|TWO|CTD|GH|RAIL|BID|BRIT|PEP|BUCK|CALL)-A\d+\b")


def _cited_ids() -> set[str]:
    files = [ROOT / "README.md"]
    for folder in ("variants", "engine", "tests", "schema"):
        files += [p for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".yaml", ".json")]
    return {match for path in files for match in _ID.findall(path.read_text(encoding="utf-8",
                                                                          errors="replace"))}


def test_every_cited_ambiguity_id_has_a_section_in_the_document() -> None:
    document = (ROOT / "docs" / "ambiguities.md").read_text(encoding="utf-8")
    sections = set(re.findall(r"^### (\S+) — ", document, flags=re.MULTILINE))
    cited = _cited_ids()
    assert {"STD-A1", "CTD-A6", "GH-A9", "TWO-A3"} <= cited  # the scan finds the citations
    assert sorted(cited - sections) == []


def test_each_ambiguity_section_gives_question_choice_reason_and_files() -> None:
    document = (ROOT / "docs" / "ambiguities.md").read_text(encoding="utf-8")
    for section in document.split("\n### ")[1:]:
        title = section.splitlines()[0]
        for part in ("**Question.**", "**Choice.**", "**Why.**", "**Files.**"):
            assert part in section, f"{title}: no {part}"
