"""Batch mode: a variant compiled into numpy kernels that play B games in lockstep.

Needs the ``batch`` extra (numpy). :func:`engine.batch.simulate.simulate_batch` plays a run;
:func:`engine.batch.forms.missing` says which mechanic of a variant has no batch form (the
scalar engine then plays it); :mod:`engine.batch.verify` replays batch games through the scalar
interpreter.
"""
