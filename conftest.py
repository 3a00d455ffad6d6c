"""Collection rules for the whole repository: doctests from every module under ``engine/``;
bytecode for the processes the tests start.

``pyproject.toml`` runs pytest with ``--doctest-modules`` over ``tests`` and ``engine``, so
each engine module is imported and its docstring examples run. A module that imports an
optional extra at its top (``pip install -e '.[openspiel]'``) cannot be imported without it:
it is left out of collection only when that extra is missing, and the run's header says so.
Where ``make test`` knows the extra can be installed (``EUCHREKIT_REQUIRE``), the missing
extra stops the run instead (tests/conftest.py), so nothing is skipped quietly.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from pathlib import Path

import pytest

# module file (relative to this directory) -> (the module it imports, the extra providing it)
NEEDS_EXTRA: dict[str, tuple[str, str]] = {
    "engine/testing/openspiel_differential.py": ("pyspiel", "openspiel"),
    "engine/web/app.py": ("starlette", "web"),
    "engine/adapters/openspiel.py": ("pyspiel", "openspiel"),
    "engine/adapters/pettingzoo.py": ("pettingzoo", "pettingzoo"),
    # numpy comes with either extra
    "engine/adapters/encoding.py": ("numpy", "pettingzoo"),
    "engine/adapters/chance.py": ("numpy", "pettingzoo"),
    "engine/adapters/resample.py": ("numpy", "pettingzoo"),
    # batch mode: every module of engine/batch/ imports numpy, or one that does
    **{f"engine/batch/{path.name}": ("numpy", "batch")
       for path in sorted((Path(__file__).parent / "engine" / "batch").glob("*.py"))},
}


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:
        return False


collect_ignore = [path for path, (module, _) in NEEDS_EXTRA.items() if not _importable(module)]


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Say which modules' doctests are not collected, and which extra would bring them in."""
    return [
        f"doctests not collected from {path}: `{NEEDS_EXTRA[path][0]}` is missing "
        f"(install the `{NEEDS_EXTRA[path][1]}` extra)"
        for path in collect_ignore
    ]


# -- bytecode for the processes the tests start -------------------------------------------------
# The tests start many Python processes (`euchre` commands, Dask's workers, the test workers of
# pytest-xdist). Where the environment says PYTHONDONTWRITEBYTECODE (this project's machine
# does), each would compile the whole package again, a large share of its time; a user's
# installed copy never does. So the run writes bytecode once into a folder of its own
# (PYTHONPYCACHEPREFIX: nothing is written into the repository or the virtualenv) that every
# process of the run reads, and removes the folder at the end. A run with a prefix of its
# own keeps it.

_PREFIX_OWNER = "EUCHREKIT_TEST_PYCACHE"


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("PYTHONPYCACHEPREFIX"):
        return  # chosen by the caller, or made by the run that started this worker
    prefix = tempfile.mkdtemp(prefix="euchrekit-test-pycache-")
    os.environ["PYTHONPYCACHEPREFIX"] = prefix
    os.environ[_PREFIX_OWNER] = str(os.getpid())
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def pytest_unconfigure(config: pytest.Config) -> None:
    if os.environ.get(_PREFIX_OWNER) == str(os.getpid()):
        shutil.rmtree(os.environ["PYTHONPYCACHEPREFIX"], ignore_errors=True)
