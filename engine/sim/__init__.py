"""Simulation: many seeded games over processes or Dask, statistics with intervals, and the
comparison of variants."""
