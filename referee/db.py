"""SQLite connections (one per serving thread, kept open between requests), migrations, ``init-db``."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from . import gamestate, installed
from .games.base import Setup

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


@migrations()
def m003_books(db: Database) -> None:
    # A book (« carnet »): a phone's or a group's record of its games. Its key is stored hashed; the
    # edit keys of its games are stored sealed with the book's key, so only its holders can read them.
    db.table("books").create({"id": str, "key_hash": str, "created": str}, pk="id", not_null={"key_hash", "created"})
    db.table("book_games").create(
        {"book_id": str, "game_id": str, "sealed_key": str, "added": str},
        pk=("book_id", "game_id"),
        foreign_keys=[("book_id", "books", "id"), ("game_id", "games", "id")],
        not_null={"sealed_key", "added"},
    )
    db.table("book_games").create_index(["game_id"])
    # A finished game's rematch, made once: its key sealed with the finished game's key.
    db.table("rematches").create(
        {"game_id": str, "next_id": str, "sealed_key": str},
        pk="game_id",
        foreign_keys=[("game_id", "games", "id"), ("next_id", "games", "id")],
        not_null={"next_id", "sealed_key"},
    )
    # Which book made each change from now on (empty before, and for the API's writes).
    db.table("audit").add_column("book_id", str)


@migrations()
def m004_submissions(db: Database) -> None:
    # The id a phone gave each round it sent (its idempotency key), kept on the change's audit row:
    # a resend of a known id is answered with what became of it, and is never stored twice.
    db.table("audit").add_column("submission", str)
    db.execute("create unique index audit_submission on audit (game_id, submission) where submission is not null")


@migrations()
def m005_announced(db: Database) -> None:
    # What the table announced for the next round before its play (bids, a contract), as JSON: kept with
    # the game until a round is added, corrected or undone. Null: nothing announced.
    db.table("games").add_column("announced", str)


@migrations()
def m006_change_results(db: Database) -> None:
    # What the change log shows of each change (the round's scores and events before and after it), kept
    # on its audit row when it is written, so the log is read and never replayed (issue 22, finding 11).
    # The rows written before are filled in here, once, by replaying each game's log; a game this
    # process does not serve keeps its rows without results (its log shows no scores).
    db.table("audit").add_column("results", str)
    served = installed.games()
    for game_id, game, options, dealer in db.execute("select id, game, options, dealer from games").fetchall():
        if game not in served:
            continue
        players = tuple(
            name
            for (name,) in db.execute("select name from players where game_id = ? order by seat", [game_id]).fetchall()
        )
        rows = [dict(row) for row in db.query("select * from audit where game_id = ? order by id", [game_id])]
        setup = Setup(players, dealer, json.loads(options))
        for row, results in zip(rows, gamestate.replayed_log(game, setup, rows), strict=True):
            db.execute("update audit set results = ? where id = ?", [results, row["id"]])


@migrations()
def m007_stop_after(db: Database) -> None:
    # The round after which the table agreed to end the game early (a game whose rules let a table stop,
    # referee.games.base.Stoppable). Null: no agreed end.
    db.table("games").add_column("stop_after", int)


@migrations()
def m008_replays(db: Database) -> None:
    # What the rules made of each game's rounds, kept so that a game no cache holds is read back instead
    # of replayed (referee.store.replays): a cache, checked against the rules' code and the rounds before use.
    db.execute(
        "create table replays (game_id text primary key references games(id) on delete cascade, "
        "code text not null, rounds integer not null, inputs text not null, state blob not null)"
    )


# How long a write waits for another writer (of this process or another) before it gives up with
# Unavailable("busy"), which the app answers with a 503: app setting WRITE_WAIT_SECONDS.
WRITE_WAIT_SECONDS = 3.0


class Unavailable(Exception):
    """The database cannot take this write now, and nothing of it was written.

    ``reason``: ``busy`` (another writer held the lock past the wait), ``readonly``, ``full`` (the
    disk or the database is full) or ``broken`` (the file cannot be opened, an I/O error).
    """

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


_FAULTS = {
    sqlite3.SQLITE_BUSY: "busy",
    sqlite3.SQLITE_LOCKED: "busy",
    sqlite3.SQLITE_READONLY: "readonly",
    sqlite3.SQLITE_FULL: "full",
    sqlite3.SQLITE_IOERR: "broken",
    sqlite3.SQLITE_CANTOPEN: "broken",
}


def fault(error: BaseException) -> str | None:
    """The reason (as :class:`Unavailable` names it) of a database fault that is no bug of ours, else None."""
    if isinstance(error, Unavailable):
        return error.reason
    code = getattr(error, "sqlite_errorcode", None) if isinstance(error, sqlite3.Error) else None
    return None if code is None else _FAULTS.get(code & 0xFF)


class Connection(Database):
    """A connection as :func:`connect` opens it, which knows its busy timeout (``wait_ms``): a write need not
    ask SQLite for it (each statement lets go of the GIL, and a serving thread waits to take it back)."""

    def __init__(self, conn: sqlite3.Connection, wait_ms: int):
        super().__init__(conn, recursive_triggers=False, execute_plugins=False)
        self.wait_ms = wait_ms


def connect(path: str, wait: float = WRITE_WAIT_SECONDS) -> Database:
    """A connection with foreign keys on and explicit transactions only.

    ``wait`` is SQLite's busy timeout, in seconds: how long a write waits for another writer.
    Reads never wait for it: in WAL mode a reader reads the last committed version.
    """
    conn = sqlite3.connect(path, timeout=wait, isolation_level=None, check_same_thread=False)
    db = Connection(conn, int(wait * 1000))
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

# The connections (one a serving thread) inside a write transaction of their own.
_writing: set[int] = set()


@contextmanager
def write_transaction(db: Database) -> Iterator[Database]:
    """``BEGIN IMMEDIATE`` so a read-then-write never races another writer.

    Any error rolls everything back. The whole wait for the lock (this process's writers, then SQLite's)
    lasts at most the connection's busy timeout; past it, or when the file is read-only or full,
    :class:`Unavailable` says why nothing was written. A write that found no other of this process
    writing leaves the busy timeout as it is; one that waited gives SQLite only what is left of it.

    Opened inside another on the same connection, it is a savepoint of that one: what a request
    writes in steps (a game made, then filed in the book made for the phone) is written whole or not at all.
    """
    if id(db.conn) in _writing:
        with db.atomic():
            yield db
        return
    wait_ms = db.wait_ms if isinstance(db, Connection) else db.conn.execute("PRAGMA busy_timeout").fetchone()[0]
    left_ms = wait_ms
    if not _writers.acquire(blocking=False):
        deadline = time.monotonic() + wait_ms / 1000
        if not _writers.acquire(timeout=wait_ms / 1000):
            raise Unavailable("busy")
        left_ms = max(0, int((deadline - time.monotonic()) * 1000))
    try:
        try:
            if left_ms < wait_ms:
                db.conn.execute(f"PRAGMA busy_timeout = {left_ms}")
            db.execute("BEGIN IMMEDIATE")
            _writing.add(id(db.conn))
            try:
                yield db
                db.commit()
            except BaseException:
                db.rollback()
                raise
            finally:
                _writing.discard(id(db.conn))
        except sqlite3.Error as error:
            reason = fault(error)
            if reason is None:
                raise
            raise Unavailable(reason) from error
        finally:
            if left_ms < wait_ms:
                db.conn.execute(f"PRAGMA busy_timeout = {wait_ms}")
    finally:
        _writers.release()


def writing(db: Database) -> bool:
    """Whether the connection is inside a write transaction of its own (:func:`write_transaction`)."""
    return id(db.conn) in _writing


def get_db() -> Database:
    """The serving thread's connection, opened on its first request and kept open after it.

    Opening a WAL database and reading its schema costs more than a whole cached page; a
    thread serves one request at a time, so its connection is never shared.
    """
    if "db" not in g:
        g.db = thread_connection(current_app)
    return g.db


def thread_connection(app: Flask) -> Database:
    """The serving thread's connection to the app's database, opened on its first use and kept open
    (also for what answers before the app: :mod:`referee.views.polls`)."""
    slot = app.extensions["referee.connections"]
    if getattr(slot, "db", None) is None:
        slot.db = connect(app.config["DATABASE"], app.config.get("WRITE_WAIT_SECONDS", WRITE_WAIT_SECONDS))
    return slot.db


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
