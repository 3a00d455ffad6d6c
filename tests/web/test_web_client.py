"""The HTTP tests' page reader (engine/testing/web_client.py ``start_tags``) reads what the
standard library's ``html.parser`` reads: the same start tags, in the same order, with the same
attributes, on the pages of whole games and on the awkward corners of HTML."""

from __future__ import annotations

import random
from html.parser import HTMLParser
from typing import Any

import pytest

from engine.testing.web_client import WebClient, start_tags
from engine.web.app import create_app


class _Reference(HTMLParser):
    """``html.parser``'s start tags (a bare attribute's value empty; a repeated one, the last)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))


CORNERS = [
    '<div id="a" data-action="play:JH">x</div>',
    "<p class='problem big' data-line=3>single quotes and a bare value</p>",
    '<input type="checkbox" checked disabled/><br/><img src="x.svg" alt="">',
    '<!-- <b data-action="hidden">a comment</b> --><i data-card="AS"></i>',
    '<script>const t = "<b data-action=\'in-script\'>";</script><em id="after"></em>',
    '<style>p > a { color: red }</style><a href="/x?a=1&amp;b=2" title="&quot;q&quot; &lt;&gt;">',
    '<DIV ID="upper" Data-Card="KD">upper case</DIV>',
    '<span data-x="1" data-x="2">repeated</span><option value="a b" selected>',
    '<button\n  data-action="order_up"\n  class="act">multi-line</button>',
]


@pytest.mark.parametrize("text", CORNERS)
def test_the_reader_reads_html_corners_as_html_parser_does(text: str) -> None:
    assert start_tags(text) == _Reference(text).tags


@pytest.mark.parametrize("name", ["standard", "five-hundred", "railroad"])
def test_the_reader_reads_the_pages_of_a_game_as_html_parser_does(name: str) -> None:
    with WebClient(create_app()) as client:
        pages: list[Any] = [client.get(f"/play/{name}?seed=4"), client.get("/"),
                            client.get(f"/rules/{name}")]
        rng = random.Random(name)
        for _ in range(40):
            text = pages[-1].text if len(pages) > 3 else pages[0].text
            tags = start_tags(text)
            assert tags == _Reference(text).tags
            actions = [a["data-action"] for _, a in tags if "data-action" in a]
            at = next((a["value"] for _, a in tags if a.get("name") == "at"), None)
            if not actions or at is None:
                break
            pages.append(client.post("/act", data={"action": rng.choice(actions), "at": at}))
        assert len(pages) > 20
        for page in pages[1:3]:
            assert start_tags(page.text) == _Reference(page.text).tags
