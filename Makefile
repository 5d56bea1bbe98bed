# Quick start: `make run` serves the app, `make test` runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
CATALOGS := referee/translations

.PHONY: run test test-slow lint bench setup translations extract-messages clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

setup: $(VENV)/.installed translations

translations: $(VENV)/.installed
	$(BIN)/pybabel compile -d $(CATALOGS)

extract-messages: $(VENV)/.installed
	$(BIN)/pybabel extract -F babel.cfg -k N_ -k _l --no-location --sort-output -o $(CATALOGS)/messages.pot .
	$(BIN)/pybabel update -N --ignore-obsolete -i $(CATALOGS)/messages.pot -d $(CATALOGS)

run: setup
	$(BIN)/flask --app referee init-db
	$(BIN)/waitress-serve --host $(HOST) --port $(PORT) --call referee:create_app

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy referee

test: lint
	$(BIN)/python -m pytest -m "not slow" --cov=referee --cov-report=term:skip-covered

test-slow: setup
	$(BIN)/python -m pytest -m slow

bench: setup
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
