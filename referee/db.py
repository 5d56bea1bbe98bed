"""The SQLite connection: one per request, schema as sqlite-utils migrations."""

from __future__ import annotations

import sqlite3
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


def connect(path: str) -> Database:
    """A connection with foreign keys on and explicit transactions only."""
    conn = sqlite3.connect(path, timeout=15, isolation_level=None, check_same_thread=False)
    db = Database(conn)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 15000")
    db.execute("PRAGMA synchronous = NORMAL")
    return db


def migrate(db: Database) -> None:
    """Bring the schema up to date; WAL is a property of the file, set once."""
    if db.journal_mode != "wal":
        db.enable_wal()
    migrations.apply(db)


@contextmanager
def write_transaction(db: Database) -> Iterator[Database]:
    """``BEGIN IMMEDIATE`` so a read-then-write never races another writer.

    The inner ``db.atomic()`` is a savepoint: any error rolls everything back.
    """
    db.execute("BEGIN IMMEDIATE")
    try:
        with db.atomic():
            yield db
    except BaseException:
        db.rollback()
        raise
    db.commit()


def get_db() -> Database:
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the database or apply any pending migrations."""
    db = connect(current_app.config["DATABASE"])
    try:
        migrate(db)
    finally:
        db.close()
    click.echo(f"Database ready: {current_app.config['DATABASE']}")


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
