"""A wheel built from the repository works when installed on its own (not editable).

The shipped variants, the schema and the grammar live at the top of the repository and are
copied into the wheel under ``engine/_data/`` (pyproject.toml); this test proves the installed
``euchre`` finds them from any directory. It builds a wheel once and installs it with its
dependencies into a fresh virtual environment (one without pip: this environment's pip
installs into it), so it takes some seconds, most of them fetching the dependencies.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _run(*argv: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600, check=False)


def test_installed_wheel_lists_and_validates_the_shipped_variants(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    built = _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", dist, REPO,
                 cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    (wheel,) = dist.glob("euchrekit-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "engine/_data/schema/variant.schema.json" in names
    assert "engine/_data/grammar/expr.lark" in names
    # The browser table's static files are package data under engine/web/ (`euchre serve`).
    assert {"engine/web/static/table.css", "engine/web/static/table.js"} <= set(names)
    shipped = sorted(p.name for p in (REPO / "variants").glob("*.yaml"))
    assert sorted(Path(n).name for n in names if n.startswith("engine/_data/variants/")) == shipped

    # A fresh environment without pip of its own (ensurepip costs more than the rest): this
    # environment's pip installs the wheel and its dependencies into it (`pip --python`).
    venv = tmp_path / "venv"
    made = _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    python, euchre = venv / "bin" / "python", venv / "bin" / "euchre"
    installed = _run(sys.executable, "-m", "pip", "--python", python, "install", "-q", wheel,
                     cwd=tmp_path)
    assert installed.returncode == 0, installed.stderr

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = _run(python, "-c", "import engine.rules.resources as r; print(r.variants_dir())",
                 cwd=elsewhere)
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).is_relative_to(venv)  # not the repository's copy

    listed = _run(euchre, "list", cwd=elsewhere)
    assert listed.returncode == 0, listed.stderr
    assert [line.split()[0] for line in listed.stdout.splitlines()] == sorted(
        Path(name).stem for name in shipped
    )
    assert "standard" in listed.stdout.split()

    validated = _run(euchre, "validate", "standard", cwd=elsewhere)
    assert validated.returncode == 0, validated.stderr
    assert validated.stdout.strip() == "standard: ok"
