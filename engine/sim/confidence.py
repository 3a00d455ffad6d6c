"""95% confidence intervals: Wilson for rates, normal for means.

Means of whole numbers (points, hands, scores: sums a :class:`~engine.sim.stats.Tally`
keeps as Python ints) are computed exactly, with fractions, however large the sums grow: a
mean is reported as a float rounded to 4 decimals below :data:`FLOAT_LIMIT`, and as the
nearest whole number (an exact Python int) above it, so that no figure overflows a float or
loses its digits to one.

>>> low, high = wilson(90, 100)
>>> round(low, 3), round(high, 3)
(0.826, 0.945)
>>> mean_ci(total=10, total_sq=30, n=5)
(2.0, 0.6141, 3.3859)
>>> mean_ci(total=3 * 10**400, total_sq=3 * 10**800, n=3) == (10**400,) * 3
True
>>> shown(10**400 // 3, 3), shown(2.5, 3, sign=True)
('3.3333e+399', '+2.500')
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

__all__ = ["FLOAT_LIMIT", "Z95", "Number", "diff_ci", "mean_ci", "reported", "root",
           "sample_var", "shown", "wilson"]

Z95 = 1.959963984540054

FLOAT_LIMIT = 10**11
"""Below this a reported figure is a float with 4 meaningful decimals; from it on, a whole
number (a float would round it, and past about 1.8e308 not hold it at all)."""

Number = float | int
"""A reported figure: a float below :data:`FLOAT_LIMIT`, else an exact int."""

_FLOAT_ROOT = 10**300
"""Below this a square root is taken in floats (exact enough); above, in whole numbers."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate; (0, 1) when there are no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def sample_var(total: int, total_sq: int, n: int) -> Fraction:
    """The sample variance of ``n`` whole numbers from their sum and sum of squares, exactly
    (0 for fewer than two)."""
    if n <= 1:
        return Fraction(0)
    return max(Fraction(0), Fraction(n * total_sq - total * total, n * (n - 1)))


def root(x: Fraction) -> Fraction:
    """The square root of ``x >= 0``: to a float's precision when ``x`` is float-sized, else to
    the whole number below (far finer than any figure shown)."""
    if x < _FLOAT_ROOT:
        return Fraction(math.sqrt(float(x)))
    return Fraction(math.isqrt(int(x)))


def reported(x: Fraction) -> Number:
    """``x`` as a report shows it: rounded to 4 decimals as a float below
    :data:`FLOAT_LIMIT`, else the nearest whole number."""
    if abs(x) < FLOAT_LIMIT:
        return round(float(x), 4)
    return round(x)


def shown(x: Number, digits: int, *, sign: bool = False) -> str:
    """A reported figure as text: ``digits`` decimals, or 5 significant digits for the whole
    numbers past :data:`FLOAT_LIMIT` (however many digits they have)."""
    plus = "+" if sign else ""
    if isinstance(x, int) and abs(x) >= FLOAT_LIMIT:
        return format(Decimal(x), f"{plus}.4e")
    return format(x, f"{plus}.{digits}f")


def mean_ci(*, total: float, total_sq: float, n: int, z: float = Z95) -> tuple[Number, Number,
                                                                             Number]:
    """Mean and normal-approximation interval from a sum and a sum of squares (rounded to 4).
    Whole-number sums are computed exactly (:func:`reported`); float sums in floats."""
    if n <= 0:
        return 0.0, 0.0, 0.0
    if isinstance(total, int) and isinstance(total_sq, int):
        exact = Fraction(total, n)
        half = Fraction(z) * root(sample_var(total, total_sq, n) / n)
        return reported(exact), reported(exact - half), reported(exact + half)
    mean = total / n
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    half_f = z * math.sqrt(var / n)
    return round(mean, 4), round(mean - half_f, 4), round(mean + half_f, 4)


def diff_ci(
    a: tuple[float, float, int], b: tuple[float, float, int], z: float = Z95
) -> tuple[float, float, float]:
    """Difference of two independent means ``b - a``, each given as (mean, variance of the
    mean, n); returns (difference, low, high)."""
    diff = b[0] - a[0]
    half = z * math.sqrt(a[1] + b[1])
    return diff, diff - half, diff + half
