# Quick start: `make run` serves the app, `make test` runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
THREADS ?= 16
CONNECTIONS ?= 2000
.PHONY: run test coverage test-slow lint bench lighthouse icons setup system-packages translations extract-messages clean

# The virtual environment without a pip of its own when the Python making it has a pip that installs
# into another environment (22.3 and later: `pip --python`): ensurepip copying pip in is most of
# `python -m venv`'s time.
$(BIN)/python:
	if $(PYTHON) -c 'import sys, pip; sys.exit(tuple(map(int, pip.__version__.split(".")[:2])) < (22, 3))' 2>/dev/null; \
	then $(PYTHON) -m venv --without-pip $(VENV); else $(PYTHON) -m venv $(VENV); fi

# pip installing into the venv: the venv's own, else the one of the Python that made it.
PIP = $(if $(wildcard $(BIN)/pip),$(BIN)/python -m pip,$(PYTHON) -m pip --python $(BIN)/python) install --quiet --disable-pip-version-check

# uv installs what serving needs in a quarter of pip's time (it fetches the index's pages and the wheels
# side by side, where pip asks for some 30 pages one after the other): the one on the PATH, else one
# pip puts in the venv. uv reads its own settings (UV_INDEX_URL…), not pip's: where it cannot install,
# pip does it.
UV = $(or $(shell command -v uv 2>/dev/null),$(BIN)/uv)
$(BIN)/uv: | $(BIN)/python
	$(PIP) --no-compile uv

# What serving needs, and no more: the runtime dependencies as pyproject.toml lists them, and not the
# package itself (building it, even editable, needs a build environment of its own): `make run` serves
# the checkout (`python -m referee.cli`), and a fresh clone does not wait for the test tools either.
# No bytecode at install time (uv's default, pip's --no-compile): Python compiles the modules serving
# imports when it first imports them, not every module of every package (a sixth of pip's time here).
$(VENV)/.served: pyproject.toml | $(BIN)/python $(UV)
	$(BIN)/python -c 'import tomllib; print(*tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"], sep="\n")' > $(VENV)/served.txt
	$(UV) pip install --quiet --python $(BIN)/python -r $(VENV)/served.txt \
		|| $(PIP) --prefer-binary --no-compile -r $(VENV)/served.txt
	touch $@

# The package (editable) with everything `make test`, `make lint` and `make bench` use (pyproject's dev
# extras), and pip itself: tests/test_install.py builds and installs a wheel with this venv's pip.
$(VENV)/.installed: $(VENV)/.served
	$(PIP) pip -e '.[dev]'
	touch $@

setup: $(VENV)/.installed translations

# The .mo files Flask-Babel reads, from every catalog (the app's and each game's: tools/catalogs.py).
translations: $(VENV)/.served
	PYTHONPATH=. $(BIN)/python tools/catalogs.py compile

# Every catalog brought up to date with the code (then translate what it adds; tests/test_translations.py checks).
extract-messages: $(VENV)/.installed
	$(BIN)/python tools/catalogs.py update

# `serve` creates the database or migrates it as the app starts: no `init-db` process before it.
run: translations
	$(BIN)/python -m referee.cli serve --host $(HOST) --port $(PORT) --threads $(THREADS) --connection-limit $(CONNECTIONS)

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy referee
	$(BIN)/lint-imports
	@too_complex="$$($(BIN)/radon cc --min D referee)"; \
	if [ -n "$$too_complex" ]; then echo "Above complexity grade C (split them):"; echo "$$too_complex"; exit 1; fi

# Chromium and poppler-utils, installed with apt-get when missing and root (else it says what to install).
system-packages:
	@bash .ci/system-packages

# One worker per core (at most 4: more would only crowd the browser and server tests).
SUITE = $(BIN)/python -m pytest -m "not slow" -n auto --maxprocesses 4 --dist loadgroup
test: system-packages lint
	$(SUITE)

# The same suite, measuring which lines of referee/ it runs: apart, as tracing every line doubles the
# time of the Python-bound tests and `make test` must stay well under ten minutes.
coverage: system-packages setup
	$(SUITE) --cov=referee --cov-report=term:skip-covered

test-slow: system-packages setup
	$(BIN)/python -m pytest -m slow

# Also writes docs/css-usage.md: which rules of style.css each page uses; then the change log of a long
# game, a big book's records, and a club (every game's round form at any length, cache misses, many
# tables and phones under `referee serve`, cold start: bench/club.py).
bench: setup
	$(BIN)/python bench/run.py --css-usage docs/css-usage.md
	$(BIN)/python bench/change_log.py
	$(BIN)/python bench/books.py
	$(BIN)/python bench/club.py

# Lighthouse (mobile) on each game's table page and round form, as the scorer; needs Node and npm.
lighthouse: system-packages setup
	$(BIN)/python bench/lighthouse.py

# Redraws the app's PNG icons (referee/static/icon-*.png, committed) from referee/static/icon.svg.
icons: system-packages setup
	$(BIN)/python tools/make_icons.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
