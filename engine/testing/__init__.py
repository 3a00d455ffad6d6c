"""Helpers that the tests and the tools share: golden playthroughs and count files, the
differential comparison with OpenSpiel. They live in the package so that ``tools/`` and
``tests/`` never import each other."""
