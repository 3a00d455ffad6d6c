"""``--plot FILE.png``: score over hands and win rates (``simulate``), each difference with its
95% interval (``compare``); needs the ``plot`` extra: matplotlib.

The path and the extra are checked before any game is played (:func:`check_plot_path`): the
name must end in ``.png`` (so matplotlib never adds a suffix of its own), and it must be, or
be creatable as, a regular file in an existing directory, by the rule every writer follows
(:func:`engine.core.files.write_target`: links are kept, a loop is refused). As ``play --save``
does, it replaces an existing file only when this project wrote it (a PNG whose ``Software``
text is :data:`SOFTWARE`), or with ``--force``. The picture is written to a temporary file
beside it and moved into place, so a failed write leaves no partial file.
"""

from __future__ import annotations

import contextlib
import os
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from engine.core.errors import EuchreError
from engine.core.files import UnsafeTarget, write_target
from engine.core.printable import printable
from engine.core.seats import side_words
from engine.sim.confidence import root
from engine.sim.stats import Count, SumKey, Tally, Total, side_name

if TYPE_CHECKING:
    from engine.sim.compare import Comparison

__all__ = ["SOFTWARE", "check_plot_path", "comparison_figure", "is_own_plot", "plot_comparison",
           "plot_report", "score_curves"]

SOFTWARE = "euchrekit simulate --plot"
"""The ``Software`` text every plot carries (``compare``'s too): the mark that lets a later
run replace it."""

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_MAX_CHUNK = 1 << 16  # text chunks before the image data are small; a larger one is not ours


def check_plot_path(path: str, *, force: bool = False) -> Path:
    """The file the plot goes to (``path``, its links followed) if a PNG can be written there
    without destroying a file (an existing one is replaced only when it is a plot of this
    project, or with ``force``) and matplotlib is installed, else a :class:`EuchreError`
    saying why."""
    given = Path(path)
    shown = printable(path)
    if given.is_dir():
        raise EuchreError(f"--plot {shown} is a directory; give a file name ending in .png")
    if given.suffix.lower() != ".png":
        raise EuchreError(f"--plot {shown}: the plot is a PNG image; give a file name ending "
                          "in .png")
    try:
        target = write_target(path)
    except UnsafeTarget as exc:
        raise EuchreError(f"--plot {shown}: {exc}") from None
    folder = target.parent
    if not folder.is_dir():
        raise EuchreError(f"--plot {shown}: there is no directory {printable(str(folder))}")
    if not os.access(folder, os.W_OK):
        raise EuchreError(f"--plot {shown}: cannot write in {printable(str(folder))}")
    if target.exists() and not force and not is_own_plot(target):
        raise EuchreError(f"--plot {shown}: it already exists and is not a plot euchrekit "
                          "drew; choose another file, or add --force to replace it")
    _pyplot()
    return target


def is_own_plot(path: Path) -> bool:
    """Whether ``path`` is a PNG this project drew: a ``tEXt`` chunk ``Software`` holding
    :data:`SOFTWARE` before the image data. Reads only the chunks before the image.

    >>> import io
    >>> chunk = b"Software\\x00" + SOFTWARE.encode()
    >>> _marked(io.BytesIO(_SIGNATURE + len(chunk).to_bytes(4, "big") + b"tEXt" + chunk
    ...                    + bytes(4)))
    True
    >>> _marked(io.BytesIO(b"my notes"))
    False
    """
    try:
        with path.open("rb") as handle:
            return _marked(handle)
    except OSError:
        return False


def _marked(handle: BinaryIO) -> bool:
    if handle.read(len(_SIGNATURE)) != _SIGNATURE:
        return False
    mark = b"Software\x00" + SOFTWARE.encode()
    while True:
        head = handle.read(8)
        if len(head) < 8:
            return False
        size, kind = int.from_bytes(head[:4], "big"), head[4:]
        if kind in (b"IDAT", b"IEND") or size > _MAX_CHUNK:
            return False
        data = handle.read(size)
        if kind == b"tEXt" and data == mark:
            return True
        handle.read(4)  # the chunk's CRC


def _pyplot() -> Any:
    try:
        import matplotlib  # noqa: PLC0415 - optional dependency

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: PLC0415
    except ImportError:
        raise EuchreError("--plot needs matplotlib: pip install 'euchrekit[plot]'") from None
    return plt


def score_curves(tally: Tally) -> dict[str, list[tuple[int, float, float]]]:
    """Per side: (hand number, mean score, standard deviation) over the games still going
    at that hand, from the tally's exact sums; scores past a float cannot be drawn
    (:class:`EuchreError` saying so, after the report was printed)."""
    curves: dict[str, list[tuple[int, float, float]]] = {}
    last = max((k for what, k in tally.n if what is Count.AT_HAND and isinstance(k, int)),
               default=0)
    for side in tally.sides:
        points = []
        for k in range(1, last + 1):
            count = tally.n[Count.AT_HAND, k]
            key: SumKey = (Total.SCORE, (k, side))
            total, squares = tally.s[key], tally.sq[key]
            spread = root(max(Fraction(0), Fraction(squares * count - total * total,
                                                    count * count)))
            points.append((k, _plotted(Fraction(total, count)), _plotted(spread)))
        curves[side_name(side)] = points
    return curves


def _plotted(x: Fraction) -> float:
    """A mean score as a float for a plot; scores past a float's range cannot be drawn."""
    try:
        return float(x)
    except OverflowError:
        raise EuchreError("the scores are too large to plot (past 1.8e308); the report above "
                          "gives them exactly") from None


def plot_report(tally: Tally, report: dict[str, Any], path: str | Path, title: str) -> None:
    """Draw the mean score (with a one-standard-deviation band) against the hand number, and
    each side's game-win rate with its 95% interval, into a PNG file."""
    plt = _pyplot()
    players = len(report["per_seat"])
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    for side, points in score_curves(tally).items():
        hands = [p[0] for p in points]
        mean = [p[1] for p in points]
        low = [p[1] - p[2] for p in points]
        high = [p[1] + p[2] for p in points]
        left.plot(hands, mean, label=_side(side, players))
        left.fill_between(hands, low, high, alpha=0.2)
    left.set_xlabel("hand")
    left.set_ylabel("score (mean, ±1 sd, games still running)")
    left.set_title("score over hands")
    left.legend()
    rates = report["win_rate"]
    names = list(rates)
    values = [rates[n]["rate"] for n in names]
    errors = [[v - rates[n]["ci95"][0] for n, v in zip(names, values, strict=True)],
              [rates[n]["ci95"][1] - v for n, v in zip(names, values, strict=True)]]
    right.bar([_side(n, players) for n in names], values, yerr=errors, capsize=6,
              color="#4c72b0")
    right.set_ylim(0, 1)
    right.set_xlabel("side")
    right.set_ylabel("game-win rate (95% CI)")
    right.set_title("wins")
    fig.suptitle(title)
    fig.tight_layout()
    _save(plt, fig, path)


def _side(side: str, players: int) -> str:
    """A side of the report (``"0+2"``) as players name it (``North-South``)."""
    return side_words(tuple(int(seat) for seat in side.split("+")), players)


def comparison_figure(report: Comparison, title: str) -> Any:
    """A matplotlib figure of ``compare``'s figures: one row each, its own scale, the
    difference ``b - a`` as a point with its 95% interval as an error bar (red when the
    interval excludes zero), and a line at zero."""
    plt = _pyplot()
    rows = report.figures
    fig, axes = plt.subplots(len(rows), 1, figsize=(9, 0.62 * len(rows) + 1.3), squeeze=False)
    for ax, f in zip(axes[:, 0], rows, strict=True):
        diff = _plotted(Fraction(f.difference))
        low, high = (_plotted(Fraction(x)) for x in f.ci95)
        colour = "#c44e52" if f.significant else "#4c72b0"
        ax.errorbar([diff], [0], xerr=[[diff - low], [high - diff]], fmt="o", capsize=5,
                    color=colour)
        ax.axvline(0, color="#888888", linewidth=0.8)
        reach = max(abs(low), abs(high)) or 1.0
        ax.set_xlim(-1.15 * reach, 1.15 * reach)
        ax.set_yticks([])
        ax.set_ylabel(f.said, rotation=0, ha="right", va="center", fontsize=9)
        ax.tick_params(axis="x", labelsize=8)
    axes[-1, 0].set_xlabel(f"difference {report.b} - {report.a} (95% CI; red: excludes zero)")
    fig.suptitle(title)
    fig.tight_layout()
    return fig


def plot_comparison(report: Comparison, path: str | Path, title: str) -> None:
    """Draw :func:`comparison_figure` into a PNG file (replaced as ``simulate --plot`` does)."""
    _save(_pyplot(), comparison_figure(report, title), path)


def _save(plt: Any, fig: Any, path: str | Path) -> None:
    """Write ``fig`` to ``path`` through a temporary file beside it, then close it."""
    try:
        target = write_target(path)
    except UnsafeTarget as exc:
        plt.close(fig)
        raise EuchreError(f"cannot write {printable(str(path))}: {exc}") from None
    temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o666)
        with os.fdopen(fd, "wb") as handle:
            fig.savefig(handle, dpi=100, format="png", metadata={"Software": SOFTWARE})
        os.replace(temp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            if temp.is_file() and not temp.is_symlink():
                temp.unlink()
        raise EuchreError(f"cannot write {printable(str(path))}: {exc.strerror or exc}"
                          ) from None
    finally:
        plt.close(fig)
