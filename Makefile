# euchrekit: `make play` and `make test` set up .venv on first use, then run.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-test
# `make play` needs the project and its browser table only (a few packages, seconds to install);
# a .venv that `make test` set up has them already.
PLAY_STAMP := $(VENV)/.installed-play
# open-spiel publishes wheels for Linux on x86_64 and aarch64: there it must install, and the
# tests that need it (and the other extras) must run, never skip.
HAS_OPENSPIEL_WHEELS := $(PYTHON) -c 'import platform, sys; sys.exit(not (sys.platform == "linux" and platform.machine() in ("x86_64", "aarch64")))'
# PettingZoo (pure Python) installs everywhere, so its tests never skip.
REQUIRED_EXTRAS := pettingzoo,gymnasium$(shell $(HAS_OPENSPIEL_WHEELS) 2>/dev/null && echo ,pyspiel,dask.distributed,matplotlib,numpy)
# The browser table's extra is pure Python: it installs everywhere, and its tests always run.
WEB_EXTRAS := starlette,uvicorn,jinja2,httpx,selenium
# The browser tests drive the OS's Chromium (Debian's chromium and chromium-driver); `browser`
# installs them where it can (as root with apt-get), and there they must run, not skip.
CAN_INSTALL_BROWSER := [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1
REQUIRED_BROWSER := $(shell $(CAN_INSTALL_BROWSER) && echo /usr/bin/chromium,/usr/bin/chromedriver)

.PHONY: play test lint typecheck pytest bench clean browser

# The virtualenv is (re)built when pyproject.toml changes.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dask,plot,web,pettingzoo,batch]'
	@if $(HAS_OPENSPIEL_WHEELS); then \
		$(BIN)/python -m pip install --quiet -e '.[openspiel]'; \
	else \
		$(BIN)/python -m pip install --quiet -e '.[openspiel]' || \
		echo "open-spiel cannot be installed on this platform: the differential tests will say they are skipped"; \
	fi
	touch $(STAMP)

$(PLAY_STAMP): pyproject.toml
	@if [ -f $(STAMP) ] && [ $(STAMP) -nt pyproject.toml ]; then touch $@; else \
		$(PYTHON) -m venv $(VENV) && \
		$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[web]' && \
		touch $@; fi

play: $(PLAY_STAMP)
	$(BIN)/euchre play standard

# The type check runs beside the tests (it uses one core for about 20 s while the tests start).
test: lint
	@$(MAKE) --no-print-directory -j2 typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check engine tests tools

typecheck: $(STAMP)
	$(BIN)/mypy engine

# The tests run in parallel, one worker per core (pytest-xdist); the tests marked
# `xdist_group` with the same name run in one worker, one after another (--dist loadgroup),
# in the order tests/conftest.py sets: the browser's group first (--no-loadscope-reorder).
# The slowest 15 are listed at the end (--durations), so a test that grows slow is seen.
# Python's bytecode is cached under .venv/pycache for the run (as on a user's machine, where
# the installed package is compiled once), even where the environment sets
# PYTHONDONTWRITEBYTECODE: else each `euchre` process a test starts compiles the package again.
PYTEST_WORKERS ?= auto
pytest: $(STAMP) browser
	env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX="$(abspath $(VENV))/pycache" \
		EUCHREKIT_REQUIRE=$(REQUIRED_EXTRAS),$(WEB_EXTRAS),$(REQUIRED_BROWSER) \
		$(BIN)/pytest -q --numprocesses $(PYTEST_WORKERS) --dist loadgroup --no-loadscope-reorder --durations 15

# Chromium for the browser tests, from the OS's packages (no browser is downloaded by a test).
browser:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then \
		if $(CAN_INSTALL_BROWSER); then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
				apt-get install -y -qq chromium chromium-driver; \
		else \
			echo "Chromium is missing (as root: apt-get install chromium chromium-driver):" \
				"the browser tests will say they are skipped"; \
		fi; \
	fi

bench: $(STAMP)
	$(BIN)/python tools/bench.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
