"""Fixtures in the flaskr manner: a fresh app and database per test."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from sqlite_utils import Database

from referee import create_app
from referee.db import connect, get_db
from referee.games.hearts import rules as hearts_rules
from referee.store import books as store_books
from referee.store import games as store_games


class CompiledTemplates(BytecodeCache):
    """Each template compiled once for the whole run, not once per test's app (a bucket is checked
    against its template's source, so an edited template is compiled again)."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


# Every app this process makes (a test's, a live server's) shares the compiled templates: compiling
# them again for each of some two thousand tests' apps was a third of the suite's time.
Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": CompiledTemplates()}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "referee.sqlite3"),
            "SECRET_KEY": "test-secret",
            "WTF_CSRF_ENABLED": False,
        }
    )
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask):
    return app.test_cli_runner()


def dump_database(app: Flask) -> list[tuple[str, list[dict[str, Any]]]]:
    """Every row of every table, to prove a refused request changed nothing."""
    db = connect(app.config["DATABASE"])
    try:
        return [(name, [dict(row) for row in db.query(f'select * from "{name}"')]) for name in sorted(db.table_names())]
    finally:
        db.close()


class Api:
    """A small client for the JSON API that remembers each game's key."""

    def __init__(self, client: FlaskClient):
        self.client = client
        self.keys: dict[str, str] = {}

    def create(self, game: str, players: list[str], options: dict[str, Any] | None = None, **extra: Any):
        body: dict[str, Any] = {"game": game, "players": players, **extra}
        if options is not None:
            body["options"] = options
        response = self.client.post("/api/v1/games", json=body)
        if response.status_code == 201:
            self.keys[response.json["id"]] = response.json["key"]
        return response

    def auth(self, game_id: str, key: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {key or self.keys[game_id]}"}

    def add(self, game_id: str, round_input: Any, key: str | None = None):
        data = json.dumps(round_input)
        return self.client.post(
            f"/api/v1/games/{game_id}/rounds",
            data=data,
            headers=self.auth(game_id, key),
            content_type="application/json",
        )

    def put(self, game_id: str, number: int, round_input: Any):
        return self.client.put(f"/api/v1/games/{game_id}/rounds/{number}", json=round_input, headers=self.auth(game_id))

    def delete(self, game_id: str, number: int):
        return self.client.delete(f"/api/v1/games/{game_id}/rounds/{number}", headers=self.auth(game_id))

    def get(self, game_id: str):
        return self.client.get(f"/api/v1/games/{game_id}")


@pytest.fixture
def api(client: FlaskClient) -> Api:
    return Api(client)


def held_key(client: FlaskClient, game_id: str) -> str | None:
    """The edit key of ``game_id`` that the phone ``client`` holds: the one its book keeps, server side."""
    from referee import store
    from referee.views.access import BOOK_COOKIE

    cookie = client.get_cookie(BOOK_COOKIE)
    if cookie is None:
        return None
    book_id, _, key = cookie.value.partition(".")
    db = connect(client.application.config["DATABASE"])
    try:
        return store.book_key_for(db, store.open_book(db, book_id, key), game_id)
    finally:
        db.close()


# ---------------------------------------------------------------------------
# The store, tested directly against a fresh database (tests/test_store_*.py)

NOON = "2026-01-02T12:00:00+00:00"


@pytest.fixture
def db(app: Flask) -> Iterator[Database]:
    """The app's fresh database, inside its context, for the store's functions."""
    with app.app_context():
        yield get_db()


@pytest.fixture
def noon(monkeypatch: pytest.MonkeyPatch) -> str:
    """Every write of the store stamped at :data:`NOON`, so tests assert whole rows."""
    for module in (store_games, store_books):
        monkeypatch.setattr(module, "timestamp", lambda: NOON)
    return NOON


def rows(db: Database, table: str) -> list[dict[str, Any]]:
    """Every row of ``table``, in the order they were written."""
    return [dict(row) for row in db.query(f'select * from "{table}" order by rowid')]


COUNTED = ("play", "check_round", "standings")


def count_calls(monkeypatch: pytest.MonkeyPatch, *modules: Any) -> Counter[str]:
    """The calls from now on to the COUNTED functions of these rules ``modules``, by name, all together."""
    counted: Counter[str] = Counter()

    def counting(name: str, call: Callable[..., Any]) -> Callable[..., Any]:
        def counted_call(*args: Any) -> Any:
            counted[name] += 1
            return call(*args)

        return counted_call

    for module in modules:
        for name in COUNTED:
            monkeypatch.setattr(module, name, counting(name, getattr(module, name)))
    return counted


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """The calls to Hearts' rules from now on, by name (what a page or a write costs, counted, not timed)."""
    return count_calls(monkeypatch, hearts_rules)
