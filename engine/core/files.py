"""Where a command may write a file: the one rule every writer follows (``play --save``,
``simulate --plot``).

A write goes to the end of the path's symbolic links, so the links stay and the file they name
is replaced. A path whose links never end (a loop: ``a -> b -> a``) cannot be resolved and is
refused, and so is anything that is not a regular file (a directory, a device, a pipe), since
replacing it would destroy it. What may replace an existing regular file (a record of the same
game, a plot this project drew, or ``--force``) is each writer's own rule.

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     os.symlink("b.json", os.path.join(folder, "a.json"))
...     os.symlink("a.json", os.path.join(folder, "b.json"))
...     write_target(os.path.join(folder, "a.json"))
Traceback (most recent call last):
...
engine.core.files.UnsafeTarget: its symbolic links form a loop, so the path cannot be resolved
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from engine.core.errors import EuchreError

__all__ = ["UnsafeTarget", "write_target"]


class UnsafeTarget(EuchreError):
    """A path no file may be written to; the message says why, for the caller to prefix with
    what it was writing (``cannot save the game to PATH: ...``)."""


_LOOP = "its symbolic links form a loop, so the path cannot be resolved"


def write_target(path: str | Path) -> Path:
    """The file a write to ``path`` replaces or creates: ``path`` with its symbolic links
    followed. Raises :class:`UnsafeTarget` for a path that cannot be resolved or that names
    something other than a regular file. A path the write itself cannot reach (a missing
    folder) is returned for the write to report."""
    try:
        target = Path(os.path.realpath(path))
    except ValueError as exc:  # a NUL byte in the name
        raise UnsafeTarget(str(exc)) from None
    try:
        mode = os.lstat(target).st_mode
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # a folder on the way is a loop
            raise UnsafeTarget(_LOOP) from None
        return target  # no such file yet (or the write reports why not)
    except ValueError as exc:
        raise UnsafeTarget(str(exc)) from None
    if stat.S_ISLNK(mode):  # realpath stops at a link it cannot follow further: a loop
        raise UnsafeTarget(_LOOP)
    if not stat.S_ISREG(mode):
        raise UnsafeTarget("it is a directory, device or pipe, not a regular file")
    return target
