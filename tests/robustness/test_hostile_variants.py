"""Hostile variant files: `euchre validate` refuses each with a located error, exit 1, in
bounded time and memory, never a traceback.

``tests/test_cli_variants.py`` checks the committed corpus (tests/broken/) and a few generated
files for their error and location; this module adds the files an attacker would write (alias
bombs, 10,000-level nesting, a 50 MB file, 10,000-digit numbers in every notation, 10,000-deep
expressions, 1,000-file ``extends`` chains, symlink tricks, broken encodings, 100,000-item
lists) and holds *every* case, old and new, to the same bounds: under 2 s on the clock and
under 64 MB of peak allocation (measured with ``tracemalloc`` in a second, separate run, since
tracing slows the first). The limits relied on are the constants of ``engine.rules.yamlsource``,
``engine.rules.expressions`` and ``engine.rules.loader``; see README "Limits on hostile input".
"""

from __future__ import annotations

import os
import re
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from engine import load_variant
from engine.rules.expressions import MAX_DEPTH as MAX_EXPRESSION_DEPTH
from engine.rules.expressions import MAX_LENGTH as MAX_EXPRESSION_LENGTH
from engine.rules.loader import MAX_EXTENDS_DEPTH
from engine.rules.scoring import MAX_POINTS
from engine.rules.yamlsource import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_INT_DIGITS,
    MAX_LIST_ITEMS,
    MAX_VALUES,
)

REPO = Path(__file__).resolve().parents[2]
BROKEN = REPO / "tests" / "broken"
RunCli = Callable[..., Any]
"""The ``run_cli`` fixture (tests/conftest.py): ``run_cli("validate", "x.yaml")``."""

SECONDS = 5.0
"""Each hostile file is refused within this many seconds of this process's CPU time (a bound
against hangs and quadratic blow-ups, not a benchmark: the pathological inputs below took
20 s to minutes before their fixes, and CPU time does not grow when other processes load the
machine)."""
PEAK_BYTES = 64 * 2**20
"""... and with at most this much memory allocated at the peak."""
LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): error: ")


class Expect(NamedTuple):
    """What validating a hostile file must print first: ``FILE:LINE:COL: error: ...``."""

    line: int
    column: int
    text: str
    file: str = ""
    """The file the error is located in, when not the one validated (a parent)."""


Maker = Callable[[Path], str]
"""Writes a hostile file (or tree) under the directory given; returns the name to validate."""


# -- writing hostile files -----------------------------------------------------------------


def _write(name: str, text: str | bytes) -> Maker:
    def make(where: Path) -> str:
        path = where / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return name

    return make


def _billion_laughs(where: Path) -> str:
    """Ten levels of ten aliases each: 10**10 strings once expanded."""
    lines = ["description: laughs", "a0: &a0 [" + ", ".join(['"lol"'] * 10) + "]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 10)]
    (where / "laughs.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return "laughs.yaml"


def _block_mappings(levels: int) -> Maker:
    """``k0:`` / `` k1:`` / ``  k2:`` ...: one more space per level, written line by line (10,000
    levels take 50 MB of indentation)."""

    def make(where: Path) -> str:
        name = f"block-mappings-{levels}.yaml"
        with (where / name).open("w", encoding="utf-8") as out:
            out.write("description: deep\n")
            for i in range(levels):
                out.write(" " * i + f"k{i}:\n")
            out.write(" " * levels + "v: 1\n")
        return name

    return make


def _fifty_megabytes_sparse(where: Path) -> str:
    """A 50 MB file that takes no disk: a short head, then a hole."""
    with (where / "sparse.yaml").open("wb") as out:
        out.write(b"description: big\n")
        out.truncate(50 * 2**20)
    return "sparse.yaml"


def _fifty_megabytes_written(where: Path) -> str:
    """A 50 MB file of real YAML (comments), written a megabyte at a time."""
    chunk = "# padding\n" * (2**20 // 10)
    with (where / "written.yaml").open("w", encoding="utf-8") as out:
        out.write("description: big\n")
        for _ in range(50):
            out.write(chunk)
    return "written.yaml"


FLOW_MAPS = "x: " + "{a: " * 10_000 + "1" + "}" * 10_000
JSON_MAPS = '{"description": "deep", "x": ' + '{"a": ' * 10_000 + "1" + "}" * 10_001
MIXED = "x: " + "[{a: " * 5_000 + "1" + "}]" * 5_000


def _opener(line: str, n: int) -> int:
    """The column of the ``n``-th ``{`` or ``[`` on ``line``."""
    columns = [i + 1 for i, char in enumerate(line) if char in "{["]
    return columns[n - 1]


def _target(literal: str) -> str:
    return f"extends: standard\ndescription: d\ngame:\n  target: {literal}\n"


def _scoring_row(*, when: str = "alone", makers: str = "1") -> str:
    return (f'extends: standard\ndescription: d\nscoring:\n  table:\n    - when: "{when}"\n'
            f'      makers: "{makers}"\n')


HUGE = " * ".join(["999999999"] * 40)
"""An award of about 10**360: forty 9-digit literals multiplied (each literal is allowed)."""


def _awards(makers: str) -> str:
    """``standard`` with a table of two rows whose made row gives ``makers``."""
    return (f'extends: standard\ndescription: d\nscoring:\n  table:\n'
            f'    - {{when: "makers.tricks >= 3", makers: "{makers}"}}\n'
            f'    - {{when: "makers.tricks <= 2", defenders: 2}}\n')


def _renege(offender: str) -> str:
    return (f'extends: standard\ndescription: d\npenalties:\n  renege:\n'
            f'    offender: "{offender}"\n')


def _bid_awards(makers: str) -> str:
    """``bid-euchre`` (bids 3 to 6, a lone moon) with the made row giving ``makers``."""
    return (f'extends: bid-euchre\ndescription: d\nscoring:\n  table:\n'
            f'    - {{when: "not moon and makers.tricks >= bid", makers: "{makers}"}}\n'
            f'    - {{when: "not moon and makers.tricks < bid", makers: -bid}}\n'
            f'    - {{when: "moon", makers: 12}}\n')


def _extends_chain(where: Path) -> str:
    """f999 extends f998 ... extends f0 extends standard: 1,000 files."""
    chain = where / "chain"
    chain.mkdir()
    (chain / "f0.yaml").write_text("extends: standard\ndescription: f0\n", encoding="utf-8")
    for i in range(1, 1000):
        (chain / f"f{i}.yaml").write_text(f"extends: ./f{i - 1}.yaml\ndescription: f{i}\n",
                                          encoding="utf-8")
    return "chain/f999.yaml"


WIDE = "extends: [" + ", ".join(f"./p{i}.yaml" for i in range(1000)) + "]\ndescription: wide\n"
"""One file naming 1,000 parents (each extends `standard`, which counts as one file read)."""


def _extends_many_parents(where: Path) -> str:
    for i in range(1000):
        (where / f"p{i}.yaml").write_text(f"extends: standard\ndescription: p{i}\n",
                                          encoding="utf-8")
    (where / "wide.yaml").write_text(WIDE, encoding="utf-8")
    return "wide.yaml"


def _extends_itself_through_a_symlink(where: Path) -> str:
    (where / "self.yaml").write_text("extends: ./alias.yaml\ndescription: me\n",
                                     encoding="utf-8")
    (where / "alias.yaml").symlink_to("self.yaml")
    return "self.yaml"


def _symlink_loop(where: Path) -> str:
    (where / "x.yaml").symlink_to("y.yaml")
    (where / "y.yaml").symlink_to("x.yaml")
    return "x.yaml"


def _extends_a_symlink_loop(where: Path) -> str:
    _symlink_loop(where)
    (where / "child.yaml").write_text("extends: ./x.yaml\ndescription: d\n", encoding="utf-8")
    return "child.yaml"


def _directory(where: Path) -> str:
    (where / "folder.yaml").mkdir()
    return "folder.yaml"


def _device(where: Path) -> str:
    return os.path.relpath("/dev/zero", where)  # endless bytes: must not be read at all


HOSTILE: dict[str, tuple[Maker, Expect]] = {
    # aliases
    "billion laughs (10 levels of 10 aliases)": (
        _billion_laughs, Expect(5, 5, f"expands to more than {MAX_VALUES:,} values")),
    # nesting, block and flow
    "block mappings 10,000 deep (50 MB of indentation)": (
        _block_mappings(10_000), Expect(1, 1, f"larger than {MAX_FILE_BYTES // 1024} KiB")),
    "block mappings 600 deep (fits the size limit)": (
        _block_mappings(600), Expect(MAX_DEPTH + 2, MAX_DEPTH + 1, "nests deeper than")),
    "flow mappings 10,000 deep": (
        _write("flow-maps.yaml", "description: deep\n" + FLOW_MAPS + "\n"),
        Expect(2, _opener(FLOW_MAPS, MAX_DEPTH), f"nests deeper than {MAX_DEPTH} levels")),
    "JSON-ish flow mapping 10,000 deep": (
        _write("deep.json.yaml", JSON_MAPS + "\n"),
        Expect(1, _opener(JSON_MAPS, MAX_DEPTH + 1), f"nests deeper than {MAX_DEPTH} levels")),
    "lists and mappings alternating 10,000 deep": (
        _write("mixed.yaml", "description: deep\n" + MIXED + "\n"),
        Expect(2, _opener(MIXED, MAX_DEPTH), f"nests deeper than {MAX_DEPTH} levels")),
    # size
    "50 MB, sparse": (
        _fifty_megabytes_sparse, Expect(1, 1, f"larger than {MAX_FILE_BYTES // 1024} KiB")),
    "50 MB, written in chunks": (
        _fifty_megabytes_written, Expect(1, 1, f"larger than {MAX_FILE_BYTES // 1024} KiB")),
    # long documents
    "100,000-item flow list": (
        _write("flow-list.yaml", "description: long\nx: [" + "1," * 99_999 + "1]\n"),
        Expect(2, len("x: ["), f"the list has more than {MAX_LIST_ITEMS} items")),
    "100,000-item block list of nulls": (
        _write("dash-list.yaml", "description: long\nx:\n" + "-\n" * 100_000),
        Expect(3, 1, f"the list has more than {MAX_LIST_ITEMS} items")),
    "20,000 keys": (
        _write("many-keys.yaml", "description: wide\n" + "".join(f"k{i}: 1\n"
                                                               for i in range(20_000))),
        Expect(MAX_VALUES + 1, 1, f"holds more than {MAX_VALUES:,} values")),
    # integers of 10,000 digits, in every notation YAML 1.1 reads as an int
    "10,000-digit negative integer": (
        _write("negative.yaml", _target("-" + "7" * 10_000)),
        Expect(4, 11, f"10000 digits; at most {MAX_INT_DIGITS} are allowed")),
    "10,000-digit integer with underscores": (
        _write("underscores.yaml", _target("1_" + "000_" * 3_333 + "0")),
        Expect(4, 11, f"at most {MAX_INT_DIGITS} are allowed")),
    "10,000-digit hexadecimal integer": (
        _write("hex.yaml", _target("0x" + "f" * 10_000)),
        Expect(4, 11, f"at most {MAX_INT_DIGITS} are allowed")),
    "10,000-digit octal integer": (
        _write("octal.yaml", _target("0" + "7" * 10_000)),
        Expect(4, 11, f"at most {MAX_INT_DIGITS} are allowed")),
    "10,000-digit binary integer": (
        _write("binary.yaml", _target("0b" + "1" * 10_000)),
        Expect(4, 11, f"at most {MAX_INT_DIGITS} are allowed")),
    "sexagesimal integer of 5,000 places": (
        _write("sexagesimal.yaml", _target("1" + ":59" * 5_000)),
        Expect(4, 11, f"at most {MAX_INT_DIGITS} are allowed")),
    "10,000-digit integer inside a list": (
        _write("in-a-list.yaml", "extends: standard\ndescription: d\nx: [1, " + "9" * 10_000
               + "]\n"),
        Expect(3, 8, f"at most {MAX_INT_DIGITS} are allowed")),
    "10,000-digit decimal fraction (a float: infinite)": (
        _write("float.yaml", _target("9" * 10_000 + ".5")),
        Expect(4, 11, "expected a whole number, found a number Infinity")),
    # expressions
    "expression nested 10,000 deep in a scoring row": (
        _write("expr-10000.yaml", _scoring_row(when="(" * 10_000 + "alone" + ")" * 10_000)),
        Expect(5, 13, f"at most {MAX_EXPRESSION_LENGTH} characters")),
    "parentheses 60 deep in a scoring row": (
        _write("expr-parens.yaml", _scoring_row(when="(" * 60 + "alone" + ")" * 60)),
        Expect(5, 13 + MAX_EXPRESSION_DEPTH + 1,
               f"parentheses are nested more than {MAX_EXPRESSION_DEPTH} deep")),
    "240 `not`s in a row": (
        _write("expr-not.yaml", _scoring_row(when="not " * 240 + "alone")),
        Expect(5, 13 + 4 * MAX_EXPRESSION_DEPTH + 1,
               f"nested more than {MAX_EXPRESSION_DEPTH} levels deep")),
    "900 minus signs in an award": (
        _write("expr-minus.yaml", _scoring_row(makers="-" * 900 + "1")),
        Expect(6, 16 + MAX_EXPRESSION_DEPTH, f"nested more than {MAX_EXPRESSION_DEPTH} levels")),
    "240 additions in a row": (
        _write("expr-plus.yaml", _scoring_row(when="makers.tricks" + " + 1" * 240 + " >= 3")),
        Expect(5, 14, f"nested more than {MAX_EXPRESSION_DEPTH} levels deep")),
    # score values past what a game can keep exact (issue 22 item 20): the award is bounded
    # by every value its expression takes, from the outcomes of the hand
    "an award of about 10**360": (
        _write("huge-award.yaml", _awards(HUGE)),
        Expect(5, 44, f"can give the makers about 10**359 points; an award may give at most "
                      f"{MAX_POINTS:,} either way")),
    "an award of 1,000,001": (
        _write("award-past-the-bound.yaml", _awards(str(MAX_POINTS + 1))),
        Expect(5, 44, f"{MAX_POINTS + 1} points; an award may give at most {MAX_POINTS:,}")),
    "an award below minus a million": (
        _write("negative-award.yaml", _awards(f"-{MAX_POINTS} - tricks")),
        Expect(5, 44, f"-{MAX_POINTS + 5} points")),  # tricks reach 5 (a march)
    "an award computed from the bid: 200,000 * bid reaches 1,200,000 at a bid of 6": (
        _write("bid-times.yaml", _bid_awards("200000 * bid")),
        Expect(5, 59, "can give the makers 1200000 points")),
    "a renege penalty of about 10**24": (
        _write("huge-renege.yaml", _renege("-999999999 * 999999999 * 999999")),
        Expect(5, 15, "the penalty can give the offender about -10**23 points")),
    # extends
    "`extends` chain of 1,000 files": (
        _extends_chain,
        Expect(1, 10, f"chain is deeper than {MAX_EXTENDS_DEPTH} files",
               file=f"chain/f{1000 - MAX_EXTENDS_DEPTH}.yaml")),
    "1,000 parents named in one `extends`": (
        _extends_many_parents,
        Expect(1, len("extends: ["), f"the list has more than {MAX_LIST_ITEMS} items")),
    "a file extending itself through a symlink": (
        _extends_itself_through_a_symlink,
        Expect(1, 10, "`extends` goes round in a circle: self.yaml -> self.yaml")),
    "a symlink loop given as the file": (
        _symlink_loop, Expect(1, 1, "cannot read x.yaml: Too many levels of symbolic links")),
    "a symlink loop named in `extends`": (
        _extends_a_symlink_loop, Expect(1, 10, "cannot find the parent file './x.yaml'")),
    # encodings and bytes
    "a Latin-1 byte in a comment": (
        _write("latin1.yaml", b"extends: standard\ndescription: d\n# caf\xe9\n"),
        Expect(3, 6, "not UTF-8 text (byte 0xe9 cannot be decoded)")),
    "UTF-16 with its byte-order mark": (
        _write("utf16.yaml", "extends: standard\ndescription: d\n".encode("utf-16")),
        Expect(1, 1, "not UTF-8 text (byte 0xff")),
    "an overlong UTF-8 sequence": (
        _write("overlong.yaml", b"extends: standard\ndescription: \xc0\xaf\n"),
        Expect(2, 14, "not UTF-8 text (byte 0xc0")),
    "an encoded surrogate": (
        _write("surrogate.yaml", b"extends: standard\ndescription: \xed\xa0\x80\n"),
        Expect(2, 14, "not UTF-8 text (byte 0xed")),
    "a multi-byte character cut off at the end": (
        _write("cut.yaml", b"extends: standard\ndescription: \xe2\x82"),
        Expect(2, 14, "not UTF-8 text (byte 0xe2")),
    "a NUL byte": (
        _write("nul.yaml", b"extends: standard\ndescription: a\x00b\n"),
        Expect(2, 15, "the character U+0000, which YAML does not allow")),
    # not files
    "a directory given as a file": (_directory, Expect(1, 1, "is a directory")),
    "a device given as a file": (_device, Expect(1, 1, "is not a regular file")),
}


def _validate_within_bounds(run_cli: RunCli, name: str) -> tuple[Any, float, int]:
    """Validate ``name`` once on the clock and once under ``tracemalloc``: the result, the
    seconds the first run took, and the peak bytes the second allocated."""
    start = time.process_time()
    result = run_cli("validate", name)
    seconds = time.process_time() - start
    tracemalloc.start()
    try:
        again = run_cli("validate", name)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert again == result, "validating the same file twice gave different answers"
    return result, seconds, peak


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_file_is_refused_with_a_located_error_in_bounded_time_and_memory(
    case: str, run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    make, expect = HOSTILE[case]
    name = make(tmp_path)
    monkeypatch.chdir(tmp_path)
    result, seconds, peak = _validate_within_bounds(run_cli, name)
    assert result.code == 1, result
    assert result.out == ""
    assert "Traceback" not in result.err
    first = result.err.splitlines()[0]
    head = f"{expect.file or name}:{expect.line}:{expect.column}: error: "
    assert first.startswith(head), f"expected {head!r}..., got {first[:200]!r}"
    assert expect.text in first, first[:300]
    assert seconds < SECONDS, f"{case}: {seconds:.2f} s"
    assert peak < PEAK_BYTES, f"{case}: {peak / 2**20:.1f} MB"


def test_a_fifty_megabyte_file_is_refused_by_its_size_without_being_read(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    name = _fifty_megabytes_written(tmp_path)
    monkeypatch.chdir(tmp_path)
    result, _, peak = _validate_within_bounds(run_cli, name)
    assert "larger than" in result.err
    assert peak < 4 * MAX_FILE_BYTES, f"{peak / 2**20:.1f} MB: the file was read"


def _corpus_cases() -> list[str]:
    return sorted(p.name for p in BROKEN.glob("*.yaml"))


@pytest.mark.parametrize("name", _corpus_cases())
def test_every_committed_broken_file_is_refused_within_the_same_bounds(
    name: str, run_cli: RunCli, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The corpus of tests/test_cli_variants.py, held to the time and memory bounds."""
    monkeypatch.chdir(BROKEN)
    result, seconds, peak = _validate_within_bounds(run_cli, name)
    assert result.code == 1 and "Traceback" not in result.err
    assert LOCATED.match(result.err), result.err[:200]
    assert seconds < SECONDS and peak < PEAK_BYTES, (seconds, peak)


def test_a_file_just_inside_every_limit_is_read_in_bounded_time(
    tmp_path: Path, run_cli: RunCli, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The worst a file can do without breaking a limit: a few thousand values nested to the
    deepest level allowed. It is read (and then refused by the schema) within the bounds."""
    nested = "".join(" " * i + f"k{i}:\n" for i in range(MAX_DEPTH - 1)) + " " * (MAX_DEPTH - 1)
    text = ("description: big\n" + nested + "v: 1\n"
            + "x: [" + ", ".join("[" + ", ".join(["1"] * MAX_LIST_ITEMS) + "]"
                               for _ in range(MAX_LIST_ITEMS)) + "]\n")
    assert len(text.encode()) < MAX_FILE_BYTES
    (tmp_path / "edge.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result, seconds, peak = _validate_within_bounds(run_cli, "edge.yaml")
    assert result.code == 1 and "unknown key `k0`" in result.err
    assert seconds < SECONDS and peak < PEAK_BYTES, (seconds, peak)


def test_a_lattice_of_shared_parents_is_read_once_each(
    tmp_path: Path, run_cli: RunCli, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Twelve layers of two files, each extending both files of the layer below: 2**12 paths
    from the top to the bottom, but every file is merged once, so it loads at once."""
    for side in "ab":
        (tmp_path / f"l0{side}.yaml").write_text("extends: standard\ndescription: bottom\n",
                                                 encoding="utf-8")
    for layer in range(1, 12):
        for side in "ab":
            (tmp_path / f"l{layer}{side}.yaml").write_text(
                f"extends: [./l{layer - 1}a.yaml, ./l{layer - 1}b.yaml]\n"
                f"description: layer {layer}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result, seconds, peak = _validate_within_bounds(run_cli, "l11a.yaml")
    assert result.code == 0, result.err
    assert seconds < SECONDS and peak < PEAK_BYTES, (seconds, peak)


def test_a_child_overriding_thousands_of_inherited_keys_loads_in_bounded_time(
    tmp_path: Path, run_cli: RunCli, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Merging used to scan every recorded location for every key: quadratic, minutes for a
    file of a few thousand keys. Now each merge walks only the values it replaces. (Time
    alone: the files' memory is bounded by the tests above; 3000 keys would have taken about
    9 s before the fix, 2000 took 4 s.)"""
    keys = "".join(f"  k{i}: {i}\n" for i in range(3000))
    (tmp_path / "parent.yaml").write_text("description: p\nx:\n" + keys, encoding="utf-8")
    (tmp_path / "child.yaml").write_text("extends: ./parent.yaml\ndescription: c\nx:\n" + keys,
                                         encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    start = time.process_time()
    result = run_cli("validate", "child.yaml")
    seconds = time.process_time() - start
    assert result.code == 1 and "unknown key `x`" in result.err
    assert seconds < SECONDS, seconds


@pytest.mark.parametrize(("text", "points"), [
    (_awards(str(MAX_POINTS)), MAX_POINTS),
    (_awards(f"-{MAX_POINTS}"), -MAX_POINTS),
    (_bid_awards("100000 * bid + 400000"), 1_000_000),  # bid 6: 600,000 + 400,000
])
def test_awards_up_to_the_bound_load_and_a_whole_game_of_them_stays_exact(
    text: str, points: int, tmp_path: Path,
) -> None:
    """The bound is not too tight: an award of exactly 10**6 (or -10**6) loads, and a game
    of the most hands at the most points a hand stays exact in float64 and int64."""
    path = tmp_path / "edge.yaml"
    path.write_text(text, encoding="utf-8")
    variant = load_variant(path)
    assert max(abs(p) for p in variant.scoring.points.values()) == abs(points)
    worst_game = variant.game.max_hands * (MAX_POINTS * (1 + 12 * 6)) + 1000  # 72 reneges a hand
    assert float(worst_game) == worst_game and float(worst_game * 10_000) == worst_game * 10_000
    assert worst_game * 10_000 < 2**63
