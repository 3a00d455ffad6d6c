"""`euchre play --save FILE` never destroys a file it did not write (issue 9, item 1).

An existing file is replaced only when it is a record of this same game (which the save then
continues) or when ``--force`` is given; a file that is not a regular file (a device, a pipe,
a directory) is never written over; temporary files left by an interrupted save are cleaned.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import load_variant, new_game
from engine.core.errors import RecordError
from engine.play.records import read_record, remove_stale_temporaries, write_record

Result = Any  # conftest.CliResult
Play = Callable[..., Result]


def test_save_refuses_to_overwrite_a_file_that_is_not_a_record(play: Play,
                                                               tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    result = play("1\nquit\n", "standard", "--seed", "4", "--save", str(notes))
    assert result.code == 1
    assert (f"cannot save the game to {notes}: it already exists and is not a record of this "
            "game") in result.err
    assert "--force" in result.err
    assert notes.read_text() == "my notes\n"


def test_save_refuses_to_overwrite_the_variant_file_being_played(play: Play, write: Any) -> None:
    house = write("house.yaml", "extends: standard\ndescription: House rules.\n")
    before = house.read_bytes()
    result = play("1\nquit\n", str(house), "--seed", "4", "--save", str(house))
    assert result.code == 1 and "is not a record of this game" in result.err
    assert house.read_bytes() == before


def test_save_refuses_a_record_of_another_game(play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    play("1\n" * 3, "standard", "--seed", "4", "--save", str(saved))
    before = saved.read_bytes()
    result = play("1\nquit\n", "standard", "--seed", "5", "--save", str(saved))
    assert result.code == 1 and "is not a record of this game" in result.err
    assert saved.read_bytes() == before


def test_save_refuses_to_restart_a_game_saved_further_on_and_suggests_resume(
    play: Play, tmp_path: Path,
) -> None:
    saved = tmp_path / "g.json"
    play("1\n" * 3, "standard", "--seed", "4", "--save", str(saved))
    before = saved.read_bytes()
    result = play("quit\n", "standard", "--seed", "4", "--save", str(saved))
    assert result.code == 1 and f"--resume {saved}" in result.err
    assert saved.read_bytes() == before


def test_force_replaces_an_existing_regular_file(play: Play, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    result = play("1\nquit\n", "standard", "--seed", "4", "--save", str(notes), "--force")
    assert result.code == 0, result.err
    assert read_record(notes).seed == 4


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_save_never_writes_over_a_device_even_with_force(play: Play, tmp_path: Path,
                                                         force: list[str]) -> None:
    # Run as root, os.replace would swap /dev/null for a regular file. The test reaches the
    # device through a link of its own, so that code without the check replaces only the link.
    device = tmp_path / "null"
    device.symlink_to("/dev/null")
    result = play("1\nquit\n", "standard", "--seed", "4", "--save", str(device), *force)
    assert result.code == 1 and f"cannot save the game to {device}: " in result.err
    assert device.is_char_device() and Path("/dev/null").is_char_device()


def test_save_refuses_a_directory_and_a_pipe(play: Play, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for target in (tmp_path, fifo):
        result = play("quit\n", "standard", "--seed", "4", "--save", str(target), "--force")
        assert result.code == 1 and "not a regular file" in result.err, result.err
    assert fifo.is_fifo()


def test_write_record_itself_refuses_a_file_that_is_not_regular(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(RecordError, match="not a regular file"):
        write_record(fifo, new_game(load_variant("standard"), seed=1))
    assert fifo.is_fifo()


def test_saving_through_a_symlink_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_record(link, new_game(load_variant("standard"), seed=1))
    assert link.is_symlink() and read_record(real).seed == 1


def _stray(tmp_path: Path, pid: int, content: str) -> Path:
    path = tmp_path / f".g.json.{pid}.tmp"
    path.write_text(content)
    return path


def _dead_pid() -> int:
    pid = 2**22 - 1  # above the usual pid_max; checked to be free
    while pid > 1:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return pid
        except PermissionError:
            pass
        pid -= 1
    raise AssertionError("no free pid")


def test_stray_temporary_files_of_interrupted_saves_are_removed(play: Play,
                                                                tmp_path: Path) -> None:
    dead = _dead_pid()
    half = _stray(tmp_path, dead, '{\n "format": "euchrekit-record",\n "vers')
    empty = _stray(tmp_path, dead - 1 if dead > 2 else 2, "")
    result = play("1\nquit\n", "standard", "--seed", "4", "--save", str(tmp_path / "g.json"))
    assert result.code == 0, result.err
    assert not half.exists() and not empty.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


def test_a_temporary_name_holding_someone_elses_data_or_a_live_save_is_kept(
    tmp_path: Path,
) -> None:
    mine = _stray(tmp_path, _dead_pid(), "not a record: the user's own file\n")
    live = _stray(tmp_path, os.getppid(), '{\n "format": "euchrekit-record"')
    remove_stale_temporaries(tmp_path / "g.json")
    assert mine.exists() and live.exists()


def test_resume_continues_saving_into_its_own_record(play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    play("1\n" * 3, "standard", "--seed", "4", "--save", str(saved))
    count = len(json.loads(saved.read_text())["actions"])
    result = play("1\n" * 3, "--resume", str(saved))
    assert result.code == 0, result.err
    assert len(read_record(saved).actions) > count


# --- issue 22, item 8: a path that cannot be resolved --------------------------------------------


def _loop(tmp_path: Path) -> tuple[Path, Path]:
    """Two links naming each other: ``a.json -> b.json -> a.json``."""
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.symlink_to(second.name)
    second.symlink_to(first.name)
    return first, second


def _links_unchanged(tmp_path: Path, first: Path, second: Path) -> None:
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.json"]
    assert first.is_symlink() and os.readlink(first) == "b.json"
    assert second.is_symlink() and os.readlink(second) == "a.json"


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_save_onto_a_symlink_loop_is_refused_and_keeps_both_links(
        play: Play, tmp_path: Path, force: list[str]) -> None:
    first, second = _loop(tmp_path)
    result = play("1\nquit\n", "standard", "--seed", "4", "--save", str(first), *force)
    assert result.code == 1
    assert f"cannot save the game to {first}: " in result.err
    assert "cannot be resolved" in result.err and "Traceback" not in result.err
    _links_unchanged(tmp_path, first, second)


def test_save_into_a_directory_that_is_a_symlink_loop_is_refused(play: Play,
                                                                  tmp_path: Path) -> None:
    (tmp_path / "d1").symlink_to("d2")
    (tmp_path / "d2").symlink_to("d1")
    result = play("1\nquit\n", "standard", "--seed", "4", "--save", str(tmp_path / "d1" / "g.json"))
    assert result.code == 1 and "cannot save the game to " in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d1", "d2"]
    assert (tmp_path / "d1").is_symlink() and (tmp_path / "d2").is_symlink()


def test_write_record_itself_refuses_a_symlink_loop(tmp_path: Path) -> None:
    first, second = _loop(tmp_path)
    with pytest.raises(RecordError, match="cannot be resolved"):
        write_record(first, new_game(load_variant("standard"), seed=1))
    _links_unchanged(tmp_path, first, second)


def test_save_through_a_chain_of_links_writes_the_file_at_its_end(play: Play,
                                                                  tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    (tmp_path / "middle.json").symlink_to(real.name)
    (tmp_path / "link.json").symlink_to("middle.json")
    result = play("1\nquit\n", "standard", "--seed", "4", "--save", str(tmp_path / "link.json"))
    assert result.code == 0, result.err
    assert (tmp_path / "link.json").is_symlink() and (tmp_path / "middle.json").is_symlink()
    assert read_record(real).seed == 4
