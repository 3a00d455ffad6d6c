"""Hostile input against `play` and `replay`, one compact case per class fixed in issue 9:
a save over an existing file, a device as --save, stray temporary files, escape sequences in a
record, starting scores of thousands of digits. Each exits cleanly with a one-line reason and
leaves the user's files as they were.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import load_variant, new_game
from engine.core import cards as C
from engine.core.bot_spec import BotSpec
from engine.play.records import Seating, digest_of, record_of

Result = Any  # conftest.CliResult
Run = Callable[..., Result]


def _one_line_error(result: Result) -> None:
    assert result.code == 1
    assert result.err.count("\n") == 1 and result.err.startswith("euchre: ")
    assert "Traceback" not in result.err


def test_save_over_an_existing_file_is_refused(play: Run, tmp_path: Path) -> None:
    mine = tmp_path / "unfinished.txt"
    mine.write_bytes(b"precious")
    result = play("1\n", "standard", "--seed", "1", "--save", str(mine))
    _one_line_error(result)
    assert mine.read_bytes() == b"precious"


def test_a_device_as_save_is_refused(play: Run, tmp_path: Path) -> None:
    device = tmp_path / "zero"  # a link of the test's own: unfixed code replaces only the link
    device.symlink_to("/dev/zero")
    _one_line_error(play("1\n", "standard", "--seed", "1", "--save", str(device), "--force"))
    assert device.is_char_device()


def test_a_stray_temporary_file_is_cleaned(play: Run, tmp_path: Path) -> None:
    stray = tmp_path / ".g.json.4194000.tmp"
    stray.write_text('{\n "format": "euchrekit-record", "ver')
    result = play("quit\n", "standard", "--seed", "1", "--save", str(tmp_path / "g.json"))
    assert result.code == 0 and not stray.exists()


def _edited(path: Path, change: Callable[[dict[str, Any]], None], hands: int = 0) -> Path:
    state = new_game(load_variant("standard"), seed=3)
    rng = random.Random(3)
    while len(state.hands_played) < hands:
        state.apply(rng.choice(state.legal_action_ids()))
    record = record_of(state).to_json()
    change(record)
    record["digest"] = digest_of(record)
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_escape_sequences_in_a_record_never_reach_the_terminal(run_cli: Run, play: Run,
                                                               tmp_path: Path) -> None:
    def rename(record: dict[str, Any]) -> None:
        record["variant"]["name"] = "\x1b[2Jgone\u202e\x00"

    saved = _edited(tmp_path / "esc.json", rename)
    for result in (run_cli("replay", str(saved)), play("quit\n", "--resume", str(saved))):
        assert result.code == 0, result.err
        shown = result.out + result.err
        assert "\\x1b[2Jgone\\u202e\\x00" in shown
        assert not {"\x1b", "\u202e", "\x00"} & set(shown)


def test_starting_scores_of_thousands_of_digits_are_refused(run_cli: Run,
                                                            tmp_path: Path) -> None:
    def inflate(record: dict[str, Any]) -> None:
        record["scores"] = [10**4299 * 9] * 4
        del record["result"]

    saved = _edited(tmp_path / "huge.json", inflate, hands=1)
    result = run_cli("replay", str(saved))
    _one_line_error(result)
    assert "starting scores must be whole numbers from -" in result.err


def test_escape_sequences_in_a_variant_file_never_reach_the_table(play: Run, write: Any) -> None:
    house = write("house.yaml", 'extends: standard\ndescription: "Evil \\e[2J\\u202e\\0 rules"\n')
    result = play("quit\n", str(house), "--seed", "1")
    assert result.code == 0, result.err
    assert "Evil \\x1b[2J\\u202e\\x00 rules" in result.out
    assert not {"\x1b", "\u202e", "\x00"} & set(result.out)


# -- issue 22: the browser table, attacked over HTTP (in-process, engine/testing/web_client.py)
#
# The attacker here is another site the player visits (forged Origin, image tags, links), a
# client on the same machine without cookies, and the player himself looking for the bots'
# hidden cards (the seed, the record, its re-upload).


@pytest.fixture
def web() -> Any:
    """``(make_client, store)``: clients (each its own cookie jar) of one fresh app."""
    pytest.importorskip("starlette", reason="the browser table needs the web extra")
    pytest.importorskip("httpx", reason="the HTTP tests' client is httpx's (the test extra)")
    from engine.testing.web_client import WebClient  # noqa: PLC0415
    from engine.web.app import create_app  # noqa: PLC0415
    from engine.web.sessions import SessionStore  # noqa: PLC0415

    store = SessionStore(limit=8)
    app = create_app(store)
    made: list[Any] = []

    def make() -> Any:
        client = WebClient(app)
        made.append(client)
        return client

    yield make, store
    for client in made:
        client.close()


def _actions(text: str) -> list[str]:
    return re.findall(r'data-action="([^"]+)"', text)


def _at(text: str) -> str:
    found = re.search(r'name="at" value="(\d+)"', text)
    assert found, text[:500]
    return found[1]


def _variant_of(text: str) -> str:
    found = re.search(r'id="table" data-variant="([^"]*)"', text)
    return found[1] if found else ""


def _play_out(client: Any, text: str, rng: random.Random) -> str:
    """Click seeded random legal actions until the game is over; the last page."""
    for _ in range(3000):
        if 'data-over="true"' in text:
            return text
        response = client.post("/act", data={"action": rng.choice(_actions(text)),
                                              "at": _at(text)})
        assert response.status_code == 200, response.text[:500]
        text = response.text
    raise AssertionError("the game did not end")


def _to_one_point(name: str) -> Any:
    """Standard's rules played to 1 point (a game of one hand), under ``name``."""
    from engine.rules.loader import variant_from_data  # noqa: PLC0415

    rules = json.loads(load_variant("standard").rules_json)
    rules["game"]["target"] = 1
    return variant_from_data(rules, name=name, file="<test>")


def _signed_record(name: str, seed: int = 3) -> str:
    state = new_game(_to_one_point(name), seed=seed)
    table = Seating.from_json({"human": 0, "bots": [None, "heuristic", "heuristic", "heuristic"]})
    return json.dumps(record_of(state, table=table).to_json())


@pytest.mark.parametrize("name", ["x\r\nSet-Cookie: a=b", 'x"; filename="evil.sh',
                                  "Ставка ♥ 東", "..\\..\\boot.ini"])
def test_a_hostile_variant_name_never_reaches_the_download_header(web: Any, name: str) -> None:
    """Issue 22, item 1: the record's file name is a safe ASCII slug, plus RFC 6266's
    ``filename*`` (UTF-8, percent-encoded) for the name as written; no 500."""
    make, _ = web
    client = make()
    resumed = client.post("/record", data={"text": _signed_record(name), "mode": "resume"})
    assert resumed.status_code == 200, resumed.text[:500]
    _play_out(client, resumed.text, random.Random(1))
    download = client.get("/record")
    assert download.status_code == 200
    assert "set-cookie" not in download.headers
    header = download.headers["content-disposition"]
    assert "\r" not in header and "\n" not in header and header.isascii()
    plain = re.fullmatch(r'attachment; filename="([A-Za-z0-9_.-]+)"'
                         r"(?:; filename\*=UTF-8''([A-Za-z0-9%._~-]+))?", header)
    assert plain, header
    assert plain[1].endswith("-seed3.json") and ".." not in plain[1]
    if not name.isascii():
        from urllib.parse import unquote  # noqa: PLC0415

        assert unquote(plain[2]) == f"{name}-seed3.json"
    assert download.json()["variant"]["name"] == name  # the record itself is unchanged


def _start(client: Any, name: str = "standard", seed: int | None = 3) -> str:
    response = client.get(f"/play/{name}" + ("" if seed is None else f"?seed={seed}"))
    assert response.status_code == 200, response.text[:500]
    return str(response.text)


@pytest.mark.parametrize("forged", [{"origin": "http://evil.example"}, {"origin": "null"},
                                    {"origin": "http://testserver:9999"},
                                    {"sec-fetch-site": "cross-site"},
                                    {"sec-fetch-site": "same-site",
                                     "origin": "http://sub.testserver"}])
def test_a_cross_site_form_post_is_refused_with_403(web: Any, forged: dict[str, str]) -> None:
    """Issue 22, item 2: a page of another site posting the table's forms changes nothing. (A
    server on another port of this machine is the same *site* to the browser, so the cookie,
    SameSite=Lax, rides along with its posts: only the Origin tells them apart.)"""
    make, _ = web
    client = make()
    page = _start(client)
    before = client.get("/table").text
    for path, data in [("/act", {"action": _actions(page)[0], "at": _at(page)}),
                       ("/hint", {"at": _at(page)}), ("/play/cutthroat", {}),
                       ("/record", {"text": _signed_record("standard"), "mode": "resume"}),
                       ("/variant", {"text": "extends: standard\ndescription: x\n"})]:
        response = client.post(path, data=data, headers=forged)
        assert response.status_code == 403, (path, response.status_code)
        assert "another site" in response.text and "Traceback" not in response.text
    assert client.get("/table").text == before  # not a card moved, no hint stored
    assert client.post("/act", data={"action": _actions(page)[0], "at": _at(page)},
                       headers={"origin": "http://testserver",
                                "sec-fetch-site": "same-origin"}).status_code == 200


def test_a_cross_site_link_to_play_asks_before_replacing_the_game_in_progress(web: Any) -> None:
    """Issue 22, item 2: ``GET /play/NAME`` over a game in progress only asks (a form that
    posts); the game is replaced by that post, from the table's own page."""
    make, _ = web
    client = make()
    page = _start(client)
    page = client.post("/act", data={"action": _actions(page)[0], "at": _at(page)}).text
    asked = client.get("/play/cutthroat", headers={"sec-fetch-site": "cross-site",
                                                   "sec-fetch-mode": "navigate",
                                                   "sec-fetch-dest": "document"})
    assert asked.status_code == 200
    assert 'method="post" action="/play/cutthroat"' in asked.text
    assert 'id="table"' not in asked.text
    assert _variant_of(client.get("/table").text) == "standard"  # still the game in progress
    started = client.post("/play/cutthroat", data={"seed": ""},
                          headers={"origin": "http://testserver"})
    assert _variant_of(started.text) == "cutthroat"
    # With no game in progress (a fresh browser) the link plays at once, as the contract says.
    assert _variant_of(make().get("/play/cutthroat").text) == "cutthroat"


def test_cookieless_floods_make_no_session_and_push_out_no_game(web: Any) -> None:
    """Issue 22, item 3: 300 requests without a cookie (pages, 404s, static files, image tags
    of another site on /play) make no session; game starts beyond the store's room are
    refused while the games in it are in play, never pushing one out."""
    make, store = web
    player = make()
    page = _start(player)
    stranger = make()
    for k in range(100):
        for path in ("/no-such-page", "/", "/table", f"/rules/standard?{k}"):
            stranger.cookies.clear()
            assert stranger.get(path).status_code in (200, 404)
    stranger.cookies.clear()
    image = stranger.get("/play/standard", headers={"sec-fetch-site": "cross-site",
                                                    "sec-fetch-mode": "no-cors",
                                                    "sec-fetch-dest": "image"})
    assert image.status_code == 403
    assert len(store) == 1
    refused = 0
    for _ in range(12):  # the store holds 8: seven more games fit
        stranger.cookies.clear()
        response = stranger.get("/play/standard")
        refused += response.status_code == 503
    assert refused == 12 - 7 and len(store) == 8
    again = player.post("/act", data={"action": _actions(page)[0], "at": _at(page)})
    assert again.status_code == 200 and _variant_of(again.text) == "standard"


def _bot_hands(state: Any, seat: int) -> set[frozenset[str]]:
    return {frozenset(C.names(state.hand.hands[s])) for s in range(state.variant.players)
            if s != seat}


def test_nothing_on_the_table_deals_the_bots_hands(web: Any) -> None:
    """Issue 22, item 4, as the player would cheat: every number on the page, and a sample of
    the million seeds the server used to draw from, tried as the seed of a new game; none may
    deal the bots' hidden hands. The seed is told once the game is over."""
    from engine.web.sessions import COOKIE  # noqa: PLC0415

    make, store = web
    client = make()
    page = _start(client, seed=None)
    game = store.find(client.cookies.get(COOKIE)).game
    hidden = _bot_hands(game.state, game.seat)
    standard = load_variant("standard")
    numbers = {int(n) for n in re.findall(r"\d+", page)}
    for n in sorted(numbers | set(range(0, 10**6, 997))):
        if n < 2**63:
            assert _bot_hands(new_game(standard, seed=n), 0) != hidden, n
    assert game.state.seed >= 2**20  # drawn from 2**63 seeds: below 2**20 one time in 2**43
    assert client.get("/record").status_code == 409  # the record holds the seed: not yet
    end = _play_out(client, client.get("/table").text, random.Random(2))
    assert f"The seed was {game.state.seed}" in end


def test_a_game_in_progress_cannot_be_downloaded_and_replayed_to_see_its_cards(
        web: Any) -> None:
    """Issue 22, item 4: the attacker's round trip (download the game in progress, upload it
    for replay) is closed at the download; a record of an unfinished game from elsewhere
    replays its finished hands only, the hand in progress stays face down."""
    make, _ = web
    client = make()
    page = _start(client, seed=8)
    page = client.post("/act", data={"action": _actions(page)[0], "at": _at(page)}).text
    refused = client.get("/record")
    assert refused.status_code == 409 and "in progress" in refused.text
    assert 'href="/record"' not in page  # no Save link while the game is on
    # A record saved at the terminal mid-hand (its owner knows its seed; the server does
    # not show more than his seat saw): hand 1 done, hand 2 under way.
    state = new_game(load_variant("standard"), seed=4)
    first_deal = {c for s in range(4) for c in C.names(state.hand.hands[s])}
    rng = random.Random(4)
    while len(state.hands_played) < 1:
        state.apply(rng.choice(state.legal_action_ids()))
    second_hand_starts = len(state.history)
    for _ in range(6):
        state.apply(rng.choice(state.legal_action_ids()))
    hidden = {c for s in (1, 2, 3) for c in C.names(state.hand.hands[s])}  # the bots' cards
    if state.hand.upcard >= 0:
        hidden.discard(C.card_name(state.hand.upcard))
    seating = Seating(human=0, bots=(None, *[BotSpec.parse("heuristic")] * 3))
    record = json.dumps(record_of(state, table=seating).to_json())
    shown = client.post("/record", data={"text": record, "mode": "replay"})
    assert shown.status_code == 200
    # The finished hand replays with every card; from the hand in progress on, none of the
    # bots' cards is on the page (steps past the end show the last step).
    assert first_deal <= set(re.findall(r'data-card="([^"]+)"', shown.text))
    for step in range(second_hand_starts, len(state.history) + 2):
        text = client.get(f"/replay?step={step}").text
        assert not hidden & set(re.findall(r'data-card="([^"]+)"', text)), step


def test_a_resumed_record_with_other_rules_is_marked_as_yours(web: Any) -> None:
    """Issue 22, item 5: a record named `standard` whose rules play to 1 point is the user's
    variant, not the shipped one: marked so, and no New game link to the shipped game."""
    make, _ = web
    client = make()
    resumed = client.post("/record", data={"text": _signed_record("standard"), "mode": "resume"})
    assert resumed.status_code == 200
    assert _variant_of(resumed.text) == "standard-yours"
    assert 'href="/play/standard"' not in resumed.text
    assert "<h1>standard-yours</h1>" in resumed.text
    # The shipped rules under their own name stay the shipped game.
    state = new_game(load_variant("standard"), seed=3)
    same = client.post("/record", data={"text": json.dumps(record_of(state).to_json()),
                                        "mode": "resume"})
    assert _variant_of(same.text) == "standard" and 'href="/play/standard"' in same.text


def _megabyte_record(where: str) -> str:
    """A valid record with 340,000 empty objects under a key of its own (about 1 MiB), its
    digest removed or recomputed, as issue 22 sent them."""
    state = new_game(load_variant("standard"), seed=3)
    table = Seating.from_json({"human": 0, "bots": [None, *["heuristic"] * 3]})
    record = record_of(state, table=table).to_json()
    place = record if where == "top" else record[where]
    place["x"] = [{}] * 340_000
    if where == "top":
        del record["digest"]
    else:
        record["digest"] = digest_of(record)
    text = json.dumps(record, separators=(",", ":"))
    assert 1_000_000 < len(text) <= 1024 * 1024
    return text


def test_hostile_megabyte_uploads_keep_nothing(web: Any) -> None:
    """Issue 22, item 6: uploads of a 1 MiB record padded with a key of its own, in each of
    the four places and for both modes, are refused, and what the server keeps (the bytes
    every session holds, as the store counts them against its bound) does not grow. (It once
    sent 20: the same four place-and-mode pairs five times over, half of the eight.)"""
    make, store = web
    client = make()
    _start(client)
    kept = store.kept_bytes()
    for where in ("top", "variant", "result", "table"):
        text = _megabyte_record(where)
        for mode in ("replay", "resume"):
            response = client.post("/record", data={"text": text, "mode": mode})
            assert response.status_code == 400 and "unknown key `x`" in response.text
            assert store.kept_bytes() == kept and len(store) == 1


def test_a_session_keeps_no_more_bytes_than_its_bound(web: Any) -> None:
    """Issue 22, item 6: a valid record is kept in its compact form (a megabyte of blanks
    is not kept), and what one session keeps never passes MAX_SESSION_BYTES."""
    from engine.web.sessions import COOKIE, MAX_SESSION_BYTES  # noqa: PLC0415

    make, store = web
    client = make()
    state = new_game(load_variant("standard"), seed=3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_action_ids()))
    compact = json.dumps(record_of(state).to_json(), separators=(",", ":"))
    padded = compact[:-1] + " " * (1000 * 1024 - len(compact)) + "}"
    assert client.post("/record", data={"text": padded, "mode": "replay"}).status_code == 200
    session = store.find(client.cookies.get(COOKIE))
    assert len(compact.encode()) - 10 <= session.kept_bytes() <= len(compact.encode()) + 1000
    assert store.kept_bytes() <= len(store) * MAX_SESSION_BYTES
    # A store whose sessions may keep less refuses the record with 413, keeping nothing.
    from engine.testing.web_client import WebClient  # noqa: PLC0415 - the fixture imported it
    from engine.web.app import create_app  # noqa: PLC0415
    from engine.web.sessions import SessionStore  # noqa: PLC0415

    small = SessionStore(session_bytes=len(compact) // 2)
    with WebClient(create_app(small)) as other:
        refused = other.post("/record", data={"text": padded, "mode": "replay"})
        assert refused.status_code == 413 and "keeps at most" in refused.text
        assert small.kept_bytes() == 0


def test_a_record_whose_digest_was_cut_off_is_refused_by_the_upload(web: Any) -> None:
    """Issue 22, item 7: the browser, like `euchre replay`, refuses a record without its
    digest (its actions could have been cut and its result rewritten)."""
    make, store = web
    client = make()
    record = json.loads(_signed_record("standard"))
    del record["digest"]
    for mode in ("resume", "replay"):
        response = client.post("/record", data={"text": json.dumps(record), "mode": mode})
        assert response.status_code == 400 and "has no `digest`" in response.text
    assert len(store) == 0
