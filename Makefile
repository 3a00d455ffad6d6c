# euchrekit: `make play` and `make test` set up .venv on first use, then run.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-test
# open-spiel publishes wheels for Linux on x86_64 and aarch64: there it must install, and the
# tests that need it (and the other extras) must run, never skip.
HAS_OPENSPIEL_WHEELS := $(PYTHON) -c 'import platform, sys; sys.exit(not (sys.platform == "linux" and platform.machine() in ("x86_64", "aarch64")))'
REQUIRED_EXTRAS := $(shell $(HAS_OPENSPIEL_WHEELS) 2>/dev/null && echo pyspiel,dask.distributed,matplotlib,numpy)

.PHONY: play test lint typecheck pytest bench clean

# The virtualenv is (re)built when pyproject.toml changes.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dask,plot,batch]'
	@if $(HAS_OPENSPIEL_WHEELS); then \
		$(BIN)/python -m pip install --quiet -e '.[openspiel]'; \
	else \
		$(BIN)/python -m pip install --quiet -e '.[openspiel]' || \
		echo "open-spiel cannot be installed on this platform: the differential tests will say they are skipped"; \
	fi
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/euchre play standard

test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check engine tests tools

typecheck: $(STAMP)
	$(BIN)/mypy engine

pytest: $(STAMP)
	EUCHREKIT_REQUIRE=$(REQUIRED_EXTRAS) $(BIN)/pytest -q

bench: $(STAMP)
	$(BIN)/python tools/bench.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
