# euchrekit: `make play` and `make test` set up .venv on first use, then run.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-test

.PHONY: play test lint typecheck pytest bench clean

# The virtualenv is (re)built when pyproject.toml changes.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dask,plot]'
	$(BIN)/python -m pip install --quiet -e '.[openspiel]' || \
		echo "open-spiel cannot be installed here: the differential tests will say they are skipped"
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/euchre play standard

test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check engine tests tools

typecheck: $(STAMP)
	$(BIN)/mypy engine

pytest: $(STAMP)
	$(BIN)/pytest -q

bench: $(STAMP)
	$(BIN)/python tools/bench.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
