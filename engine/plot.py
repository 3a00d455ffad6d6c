"""``--plot FILE.png``: score over hands and win rates (needs the ``plot`` extra: matplotlib)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.errors import EuchreError
from engine.stats import Tally

__all__ = ["plot_report"]


def plot_report(tally: Tally, report: dict[str, Any], path: str | Path, title: str) -> None:
    """Draw the mean score (with a one-standard-deviation band) against the hand number, and
    each side's game-win rate with its 95% interval, into a PNG file."""
    try:
        import matplotlib  # noqa: PLC0415 - optional dependency

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: PLC0415
    except ImportError:
        raise EuchreError("--plot needs matplotlib: pip install 'euchrekit[plot]'") from None
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    for side, points in tally.score_curves().items():
        hands = [p[0] for p in points]
        mean = [p[1] for p in points]
        low = [p[1] - p[2] for p in points]
        high = [p[1] + p[2] for p in points]
        label = f"seat{'s' * ('+' in side)} {side}"
        left.plot(hands, mean, label=label)
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
    right.bar(names, values, yerr=errors, capsize=6, color="#4c72b0")
    right.set_ylim(0, 1)
    right.set_xlabel("seat / side")
    right.set_ylabel("game-win rate (95% CI)")
    right.set_title("wins")
    fig.suptitle(title)
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=100)
    except OSError as exc:
        raise EuchreError(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)
