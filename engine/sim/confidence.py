"""95% confidence intervals: Wilson for rates, normal for means.

>>> low, high = wilson(90, 100)
>>> round(low, 3), round(high, 3)
(0.826, 0.945)
>>> mean_ci(total=10, total_sq=30, n=5)
(2.0, 0.6141, 3.3859)
"""

from __future__ import annotations

import math

__all__ = ["Z95", "diff_ci", "mean_ci", "wilson"]

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate; (0, 1) when there are no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(*, total: float, total_sq: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Mean and normal-approximation interval from a sum and a sum of squares (rounded to 4)."""
    if n <= 0:
        return 0.0, 0.0, 0.0
    mean = total / n
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return round(mean, 4), round(mean - half, 4), round(mean + half, 4)


def diff_ci(
    a: tuple[float, float, int], b: tuple[float, float, int], z: float = Z95
) -> tuple[float, float, float]:
    """Difference of two independent means ``b - a``, each given as (mean, variance of the
    mean, n); returns (difference, low, high)."""
    diff = b[0] - a[0]
    half = z * math.sqrt(a[1] + b[1])
    return diff, diff - half, diff + half
