"""A lark LALR parser built once per grammar and kept on disk like Python's own bytecode.

Building the expression parser (reading ``grammar/expr.lark``, computing the LALR tables)
takes most of a tenth of a second, at every start of the ``euchre`` command that loads a
variant; loading the built parser back takes a few milliseconds. So the built parser is saved
(``Lark.save``) where Python keeps the bytecode of the grammar's folder, the ``__pycache__``
beside it, or the same place under ``PYTHONPYCACHEPREFIX`` (Python's
:func:`importlib.util.cache_from_source` says where), and read back from there (``Lark.load``)
on the next start:

- the file's name holds a digest of the grammar's text, the parser's options and the versions
  of lark and Python, so a changed grammar or an upgrade never reads a stale parser;
- it is written under a temporary name and renamed into place, so a process starting at the
  same moment (parallel tests, workers) reads the whole file or none;
- nothing is written when Python writes no bytecode (``PYTHONDONTWRITEBYTECODE``,
  ``python -B``) or where the folder cannot be written (an installation owned by root): the
  parser is then built in memory, as before;
- a file that cannot be read back (damaged, from an interrupted copy) is built again.

The saved parser is a pickle, so it is trusted exactly as far as the ``.pyc`` files beside
it: whoever can write there can change the package's code already. It is never read from
anywhere else (not the shared temporary folder ``Lark(cache=True)`` would use).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from lark import Lark
from lark import __version__ as lark_version

__all__ = ["cache_file", "cached_lark"]


def cache_file(grammar: Path, text: str, options: dict[str, Any]) -> Path:
    """Where the parser built from ``text`` (the contents of ``grammar``) with ``options``
    is kept: Python's bytecode folder for ``grammar``, a name that changes with the text,
    the options and the versions of lark and Python.

    >>> a = cache_file(Path("/g/expr.lark"), "x: 'a'", {"parser": "lalr"})
    >>> a.name.startswith("expr.lark.") and a.name.endswith(".lark-cache")
    True
    >>> a == cache_file(Path("/g/expr.lark"), "x: 'b'", {"parser": "lalr"})
    False
    """
    key = "\n".join([text, repr(sorted(options.items())), lark_version, sys.version])
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:20]
    folder = Path(importlib.util.cache_from_source(str(grammar))).parent
    return folder / f"{grammar.name}.{digest}.lark-cache"


def cached_lark(grammar: Path, **options: Any) -> Lark:
    """The parser of the grammar file ``grammar`` built with ``options`` (``parser="lalr"``:
    lark saves LALR parsers only), read from its cache file when there is one."""
    text = grammar.read_text(encoding="utf-8")
    path = cache_file(grammar, text, options)
    try:
        with path.open("rb") as stream:
            loaded: Lark = Lark.load(stream)
            return loaded
    except FileNotFoundError:
        pass
    except Exception:  # damaged or unreadable (an interrupted copy): built again below
        pass
    parser = Lark(text, **options)
    if not sys.dont_write_bytecode:
        _save(parser, path, mode=grammar.stat().st_mode & 0o666)
    return parser


def _save(parser: Lark, path: Path, *, mode: int) -> None:
    """Write ``parser`` to ``path`` whole or not at all (a temporary file, then a rename),
    readable by whoever may read the grammar (``mode``, as Python gives a ``.pyc`` the mode
    of its source)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError:  # a folder this user cannot write: no cache, as with bytecode
        return
    try:
        with os.fdopen(fd, "wb") as stream:
            parser.save(stream)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except Exception:  # a full disk, say: the parser works without its cache
        with contextlib.suppress(OSError):
            os.unlink(temporary)
