"""SQLite connections (one per serving thread, kept open between requests), migrations, ``init-db``."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("referee")


@migrations()
def m001_games_players_rounds_audit(db: Database) -> None:
    db.table("games").create(
        {"id": str, "game": str, "options": str, "dealer": int, "key_hash": str, "created": str, "updated": str},
        pk="id",
        not_null={"game", "options", "dealer", "key_hash", "created", "updated"},
    )
    db.table("players").create(
        {"game_id": str, "seat": int, "name": str},
        pk=("game_id", "seat"),
        foreign_keys=[("game_id", "games", "id")],
        not_null={"name"},
    )
    db.table("players").create_index(["game_id", "name"], unique=True)
    # The primary key (game_id, number) is what makes a double tap harmless.
    db.table("rounds").create(
        {"game_id": str, "number": int, "input": str, "created": str, "updated": str},
        pk=("game_id", "number"),
        foreign_keys=[("game_id", "games", "id")],
        not_null={"input", "created", "updated"},
    )
    db.table("audit").create(
        {"id": int, "game_id": str, "number": int, "action": str, "at": str, "before": str, "after": str},
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "number", "action", "at"},
    )
    db.table("audit").create_index(["game_id"])


@migrations()
def m002_game_version(db: Database) -> None:
    # Bumped on every write, so a cached replay is known fresh from one small read.
    db.table("games").add_column("version", int, not_null_default=0)


def connect(path: str) -> Database:
    """A connection with foreign keys on and explicit transactions only."""
    # timeout= is SQLite's busy timeout: a writer waits for another instead of failing.
    conn = sqlite3.connect(path, timeout=15, isolation_level=None, check_same_thread=False)
    db = Database(conn, recursive_triggers=False, execute_plugins=False)
    conn.execute("PRAGMA foreign_keys = ON")
    return db


def migrate(db: Database) -> None:
    """Bring the schema up to date; WAL is a property of the file, set once."""
    if db.journal_mode != "wal":
        db.enable_wal()
    migrations.apply(db)


# Writers of one process queue here rather than in SQLite's busy handler, which sleeps in steps of
# up to 100 ms and so leaves the database idle while threads wait (across processes it still applies).
_writers = threading.RLock()


@contextmanager
def write_transaction(db: Database) -> Iterator[Database]:
    """``BEGIN IMMEDIATE`` so a read-then-write never races another writer.

    The inner ``db.atomic()`` is a savepoint: any error rolls everything back.
    """
    with _writers:
        db.execute("BEGIN IMMEDIATE")
        try:
            with db.atomic():
                yield db
        except BaseException:
            db.rollback()
            raise
        db.commit()


def get_db() -> Database:
    """The serving thread's connection, opened on its first request and kept open after it.

    Opening a WAL database and reading its schema costs more than a whole cached page; a
    thread serves one request at a time, so its connection is never shared.
    """
    if "db" not in g:
        slot = current_app.extensions["referee.connections"]
        if getattr(slot, "db", None) is None:
            slot.db = connect(current_app.config["DATABASE"])
        g.db = slot.db
    return g.db


def close_db(_error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


def init_db() -> str:
    """Create the current app's database or apply any pending migrations; its path."""
    path: str = current_app.config["DATABASE"]
    db = connect(path)
    try:
        migrate(db)
    finally:
        db.close()
    return path


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the database or apply any pending migrations."""
    click.echo(f"Database ready: {init_db()}")


def init_app(app: Flask) -> None:
    app.extensions["referee.connections"] = threading.local()
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
