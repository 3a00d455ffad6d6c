"""`euchre rules`, `show` and `play` for the settings a bid fixes (BID-A13, BID-A14, PILE-A7) on
the overlays tests/data/table-first-lead.yaml, table-alone.yaml and table-kitty-partner.yaml:
the rule book says each bid's rule in words, `show` notes it beside the variant's own setting,
and a game typed at the terminal ends by its rules."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.play.records import read_record, replay

DATA = Path(__file__).resolve().parents[1] / "data"
FIRST_LEAD = str(DATA / "table-first-lead.yaml")
ALONE = str(DATA / "table-alone.yaml")
KITTY = str(DATA / "table-kitty-partner.yaml")

Run = Callable[..., Any]


def _said(run_cli: Run, *argv: str) -> str:
    result = run_cli(*argv)
    assert result.code == 0, result.err
    return " ".join(result.out.split())


def test_the_rule_book_says_who_leads_on_each_bid(run_cli: Run) -> None:
    text = _said(run_cli, "rules", FIRST_LEAD)
    assert ("The maker leads the first trick. On 4 no-trump (BID-A14): the first trick is led "
            "by eldest;") in text
    assert "On 6 hearts (BID-A14): the first trick is led by the player at the left of a lone " \
           "maker;" in text
    assert "The bidder who wins 6 hearts plays alone: his partner lays his cards down and " \
           "sits out (BID-A13)." in text


def test_the_rule_book_says_the_misere_is_played_with_the_partner(run_cli: Run) -> None:
    text = _said(run_cli, "rules", ALONE)
    assert ('"misère" is a contract to take no trick; its bidder plays it at no-trump with his '
            "partner, who must take no trick either (C500-A2).") in text


def test_the_rule_book_says_the_partner_takes_the_kitty_on_five_no_trump(run_cli: Run) -> None:
    text = _said(run_cli, "rules", KITTY)
    assert ("The maker takes the kitty into his hand and discards as many cards face down. "
            "Nobody else sees the cards taken or discarded. On 5 no-trump, the maker's partner "
            "takes it instead (PILE-A7).") in text


def test_show_notes_the_bids_settings_beside_the_variants_own(run_cli: Run) -> None:
    shown = run_cli("show", KITTY).out
    assert "  seat: maker  # on 5 no-trump: partner (auction.table[].settings)" in shown
    shown = run_cli("show", FIRST_LEAD).out
    assert ("  first_lead: maker  # on 4 no-trump: eldest; on 6 hearts: left_of_loner "
            "(auction.table[].settings)") in shown


def test_a_game_typed_at_the_terminal_ends_by_its_rules(play: Run, tmp_path: Path) -> None:
    for path in (FIRST_LEAD, ALONE, KITTY):
        saved = tmp_path / f"{Path(path).stem}.json"
        result = play("1\n" * 3000, path, "--seed", "3", "--save", str(saved))
        assert result.code == 0, result.err
        final = replay(read_record(saved))
        assert final.is_terminal()
        assert max(final.scores) >= 30 or min(final.scores) <= -30, final.scores
