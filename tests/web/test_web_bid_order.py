"""The auction's bids in the bid table's rank order, in the browser and at the terminal
(issue 25, "Words for players everywhere"): the order a player reads is the order the bids beat
each other, not the engine's action ids (which put the misères first).

The expected order is read from ``variants/five-hundred.yaml`` itself, by the rule its
``auction.table`` is written in (the schema's words: a row of ``tricks: [6, 10]`` and
``denominations: [S, C, D, H, NT]`` makes one bid for each, tricks first; a row with a
``rank`` takes that place; the other bids fill the free places in the order written). By hand:
6S 6C 6D 6H 6NT 7S ... 7NT 8S, then misère (rank 12), 8C ... 10D, open misère (rank 25),
10H, 10NT.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from engine.testing.web_client import WebClient

VARIANTS = Path(__file__).resolve().parents[2] / "variants"


def _rank_order(path: Path) -> list[str]:
    """The bids of the file's ``auction.table`` as actions name them, lowest first."""
    rows = yaml.safe_load(path.read_text(encoding="utf-8"))["auction"]["table"]
    ranked: dict[int, str] = {}
    free: list[str] = []
    for row in rows:
        if "denominations" in row:  # a generator: each number of tricks, each denomination
            low, high = row["tricks"]
            free += [f"{n}{'N' if d == 'NT' else d}" for n in range(low, high + 1)
                     for d in row["denominations"]]
        else:  # one named bid (a misère) at its rank
            ranked[row["rank"]] = row["denomination"]
    places = iter(free)
    count = len(free) + len(ranked)
    return ["bid:" + (ranked[r] if r in ranked else next(places)) for r in range(1, count + 1)]


def test_the_rank_order_read_from_the_file_is_the_hand_computed_one() -> None:
    order = _rank_order(VARIANTS / "five-hundred.yaml")
    assert order[:6] == ["bid:6S", "bid:6C", "bid:6D", "bid:6H", "bid:6N", "bid:7S"]
    assert order[10:13] == ["bid:8S", "bid:misere", "bid:8C"]
    assert order[-3:] == ["bid:open_misere", "bid:10H", "bid:10N"] and len(order) == 27


def test_the_page_offers_five_hundreds_bids_in_the_tables_rank_order(
        client: WebClient, read: Callable[[str], Any]) -> None:
    # Seed 3: East deals, so South (the person at four players) bids first, over no bid.
    page = read(client.get("/play/five-hundred?seed=3").text)
    assert page.table["data-phase"] == "auction" and page.table["data-current"] == "2"
    bids = [a for a in page.actions if a.startswith("bid:")]
    assert bids == _rank_order(VARIANTS / "five-hundred.yaml")
    assert page.actions[0] == "pass"


def test_the_terminal_numbers_five_hundreds_bids_in_the_tables_rank_order(
        play: Callable[..., Any]) -> None:
    result = play("quit\n", "five-hundred", "--seed", "3")
    options = re.findall(r"^ +(\d+)\. (.+)$", result.out, re.M)
    said = [text for _, text in options]
    # The words of each bid as the rule book says them: "bid 6 in spades", "bid misère".
    words = {"S": "in spades", "C": "in clubs", "D": "in diamonds", "H": "in hearts",
             "N": "at no-trump"}
    expected = ["pass"] + [
        "bid misère" if name == "bid:misere" else "bid open misère"
        if name == "bid:open_misere" else f"bid {name[4:-1]} {words[name[-1]]}"
        for name in _rank_order(VARIANTS / "five-hundred.yaml")]
    assert said == expected


def test_with_trump_in_the_bid_the_special_bid_comes_after_every_number(
        client: WebClient, read: Callable[[str], Any]) -> None:
    # bid-euchre-trump-in-bid: each number names its trump (bid:4H), and shooting the moon
    # beats every number (`euchre rules bid-euchre-trump-in-bid`, "The auction"); its action
    # id is below those of the numbers that name trump, so the id order put it first.
    page = read(client.get("/play/bid-euchre-trump-in-bid?seed=3").text)
    bids = [a for a in page.actions if a.startswith("bid:")]
    assert bids[-1] == "bid:moon", bids
    numbers = [int(b[4:-1]) for b in bids[:-1]]
    assert numbers == sorted(numbers) and len(set(numbers)) > 1
