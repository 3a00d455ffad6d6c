"""Two-sample statistics by which the batch tests hold the batch engine to the scalar one
(each test names its critical value, at the 0.1% level, beside its degrees of freedom)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.sim.stats import Count, Tally

__all__ = ["label_chi_square", "z_rate"]


def label_chi_square(a: Tally, b: Tally, labels: Sequence[str]) -> float:
    """Pearson's chi-square of homogeneity of the scoring rows' shares of hands: the 2 x k
    table of how many hands of each tally each row of ``labels`` scored (k - 1 degrees of
    freedom).

    >>> from engine import load_variant
    >>> t = Tally.for_variant(load_variant("standard"))
    >>> t.n[Count.LABEL, "made"], t.n[Count.LABEL, "euchre"] = 30, 10
    >>> u = Tally.for_variant(load_variant("standard"))
    >>> u.n[Count.LABEL, "made"], u.n[Count.LABEL, "euchre"] = 10, 30
    >>> label_chi_square(t, u, ("made", "euchre"))  # (30-20)**2/20, four times
    20.0
    """
    rows = [[float(t.n[Count.LABEL, label]) for label in labels] for t in (a, b)]
    total = sum(map(sum, rows))
    columns = [sum(column) for column in zip(*rows, strict=True)]
    chi = 0.0
    for row in rows:
        for seen, column in zip(row, columns, strict=True):
            expected = sum(row) * column / total
            chi += (seen - expected) ** 2 / expected
    return chi


def z_rate(a: tuple[int, int], b: tuple[int, int]) -> float:
    """Two-proportion z statistic of ``count / of`` pairs.

    >>> round(z_rate((60, 100), (40, 100)), 3)  # 0.2 / sqrt(0.5 * 0.5 * 0.02)
    2.828
    """
    pooled = (a[0] + b[0]) / (a[1] + b[1])
    se = math.sqrt(pooled * (1 - pooled) * (1 / a[1] + 1 / b[1]))
    return (a[0] / a[1] - b[0] / b[1]) / se
