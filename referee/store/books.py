"""Books (« carnets »): the record of every game a phone or a group created or joined, with their
keys (each sealed with the book's own key), and rematches (a finished game's next game, filed in a book)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..db import write_transaction
from ..games.base import N_, Setup
from ..installed import rules_of
from .games import (
    Conflict,
    NotFound,
    StoredGame,
    announced_of,
    hash_key,
    insert_game,
    key_matches,
    load_game,
    load_head,
    snapshot,
    timestamp,
)


class WrongKey(Exception):
    """A key that does not open this book, or does not fit this game."""


@dataclass(frozen=True)
class Book:
    """A book opened with its key, the key checked against the stored hash."""

    id: str
    key: str


def _pad(secret: str, game_id: str, length: int) -> bytes:
    stream = b""
    counter = 0
    while len(stream) < length:
        stream += hmac.new(secret.encode("utf-8"), f"{game_id}:{counter}".encode(), hashlib.sha256).digest()
        counter += 1
    return stream[:length]


def _seal(secret: str, game_id: str, key: str) -> str:
    """A game's key sealed with another secret (a book's key, a finished game's key): only its holders read it."""
    data = key.encode("utf-8")
    sealed = bytes(a ^ b for a, b in zip(data, _pad(secret, game_id, len(data)), strict=True))
    return base64.urlsafe_b64encode(sealed).decode("ascii")


def _unseal(secret: str, game_id: str, sealed: str) -> str:
    data = base64.urlsafe_b64decode(sealed.encode("ascii"))
    opened = bytes(a ^ b for a, b in zip(data, _pad(secret, game_id, len(data)), strict=True))
    return opened.decode("utf-8", errors="replace")


def create_book(db: Database) -> Book:
    """A new, empty book with its own id and secret key (only the key's hash is stored)."""
    book = Book(secrets.token_urlsafe(16), secrets.token_urlsafe(24))
    with write_transaction(db):
        db.execute(
            "insert into books (id, key_hash, created) values (?, ?, ?)", [book.id, hash_key(book.key), timestamp()]
        )
    return book


def open_book(db: Database, book_id: str, key: str | None) -> Book:
    """The book, if ``key`` is its key: :class:`NotFound` for no such book, :class:`WrongKey` for another key."""
    row = db.execute("select key_hash from books where id = ?", [book_id]).fetchone()
    if row is None:
        raise NotFound(book_id)
    if not key or not hmac.compare_digest(hash_key(key), row[0]):
        raise WrongKey(book_id)
    return Book(book_id, key)


def _file(db: Database, book: Book, game_id: str, key: str, now: str) -> bool:
    """Keep a game's key in the book, inside the caller's write transaction; False if it was there already."""
    cursor = db.execute(
        "insert or ignore into book_games (book_id, game_id, sealed_key, added) values (?, ?, ?, ?)",
        [book.id, game_id, _seal(book.key, game_id, key), now],
    )
    return cursor.rowcount > 0


def file_game(db: Database, book: Book, game_id: str, key: str) -> bool:
    """Keep ``game_id``'s edit key in the book; True if it is new there.

    The key is checked first: :class:`NotFound` for no such game, :class:`WrongKey` for a key that does not fit.
    """
    with write_transaction(db):
        if not key_matches(load_head(db, game_id), key):
            raise WrongKey(game_id)
        return _file(db, book, game_id, key, timestamp())


def file_games(db: Database, book: Book, keys: Mapping[str, str]) -> int:
    """Keep every fitting key of ``keys`` (game id -> key) in the book, in one write; how many are new there.

    A key for no stored game, or one that does not fit its game, grants nothing and is not kept.
    """
    now = timestamp()
    added = 0
    with write_transaction(db):
        for game_id, key in keys.items():
            row = db.execute("select key_hash from games where id = ?", [game_id]).fetchone()
            if row is not None and key and hmac.compare_digest(hash_key(key), row[0]):
                added += _file(db, book, game_id, key, now)
    return added


def book_key_for(db: Database, book: Book, game_id: str) -> str | None:
    """The edit key of ``game_id`` this book holds, if it holds one."""
    row = db.execute(
        "select sealed_key from book_games where book_id = ? and game_id = ?", [book.id, game_id]
    ).fetchone()
    return None if row is None else _unseal(book.key, game_id, row[0])


def book_keys(db: Database, book: Book) -> dict[str, str]:
    """Every edit key the book holds, by game id, in the order they were filed."""
    rows = db.execute(
        "select game_id, sealed_key from book_games where book_id = ? order by added, rowid", [book.id]
    ).fetchall()
    return {game_id: _unseal(book.key, game_id, sealed) for game_id, sealed in rows}


def merge_book(db: Database, source: Book, into: Book) -> int:
    """Keep every key of ``source`` in ``into`` too (``source`` keeps them as well); how many are new there."""
    keys = book_keys(db, source)
    now = timestamp()
    with write_transaction(db):
        return sum(_file(db, into, game_id, key, now) for game_id, key in keys.items())


def rotate_book_key(db: Database, book: Book) -> Book:
    """The book under a new key, its games' keys sealed again with it: every link and cookie of the old key
    stops opening it (the phones that held it keep only what they copied into their own books)."""
    turned = Book(book.id, secrets.token_urlsafe(24))
    with write_transaction(db):  # (the keys read inside it: a game filed meanwhile is sealed again too)
        keys = book_keys(db, book)
        cursor = db.execute(
            "update books set key_hash = ? where id = ? and key_hash = ?",
            [hash_key(turned.key), book.id, hash_key(book.key)],
        )
        if cursor.rowcount != 1:  # turned meanwhile by another phone: this one's key no longer opens it
            raise WrongKey(book.id)
        for game_id, key in keys.items():
            db.execute(
                "update book_games set sealed_key = ? where book_id = ? and game_id = ?",
                [_seal(turned.key, game_id, key), book.id, game_id],
            )
    return turned


def book_counts(db: Database, book_id: str) -> dict[str, int]:
    """How many games of each kind the book holds."""
    rows = db.execute(
        """select g.game, count(*) from book_games b join games g on g.id = b.game_id
           where b.book_id = ? group by g.game order by g.game""",
        [book_id],
    ).fetchall()
    return {game: count for game, count in rows}


# A book's games, most recently played first (of one kind if asked), a page of them if asked.
_BOOK_GAMES = """from games g join book_games b on b.game_id = g.id
                 where b.book_id = ? and (? is null or g.game = ?)
                 order by g.updated desc, g.created desc, g.id limit ? offset ?"""


def book_versions(
    db: Database, book_id: str, game: str | None = None, limit: int = -1, offset: int = 0
) -> tuple[tuple[str, int], ...]:
    """The book's games (of one kind if ``game``), most recently played first, each with its version:
    the book's own version (any write to one of its games, or a game filed in it, changes it).
    ``limit`` and ``offset`` choose a page of them. One query, whatever the games hold."""
    rows = db.execute(f"select g.id, g.version {_BOOK_GAMES}", [book_id, game, game, limit, offset]).fetchall()
    return tuple((game_id, version) for game_id, version in rows)


def load_games(db: Database, game_ids: Sequence[str]) -> list[StoredGame]:
    """The games of ``game_ids`` that are stored, in that order, with their rounds: three queries, in one
    read transaction (each game's version matches the rounds read with it), and none of them kept
    (a book's games are read to be summed up once per version, not to be played on)."""
    marks = ",".join("?" for _ in game_ids)
    players: dict[str, list[str]] = {}
    inputs: dict[str, list[Any]] = {}
    with snapshot(db):
        rows = {row["id"]: row for row in db.query(f"select * from games where id in ({marks})", game_ids)}
        for row in db.query(f"select game_id, name from players where game_id in ({marks}) order by seat", game_ids):
            players.setdefault(row["game_id"], []).append(row["name"])
        query = f"select game_id, input from rounds where game_id in ({marks}) order by game_id, number"
        for row in db.query(query, game_ids):
            inputs.setdefault(row["game_id"], []).append(json.loads(row["input"]))
    return [
        StoredGame(
            row["id"],
            row["game"],
            Setup(tuple(players.get(row["id"], ())), row["dealer"], json.loads(row["options"])),
            tuple(inputs.get(row["id"], ())),
            row["created"],
            row["updated"],
            row["key_hash"],
            row["version"],
            announced_of(row["announced"]),
            row["stop_after"],
        )
        for row in (rows[game_id] for game_id in game_ids if game_id in rows)
    ]


def rematch(db: Database, game_id: str, key: str, book: Book) -> tuple[str, bool]:
    """The rematch of a finished game, filed in ``book``: its id, and whether it was made now.

    Same players, same options, and the deal moves on: the seat after the finished game's first dealer
    deals first. Made once: asked again (a double tap, another scorer of the game), it is the same game,
    whose key was kept sealed with the finished game's ``key``. :class:`WrongKey` if ``key`` does not fit,
    :class:`Conflict` if the game is not finished.
    """
    with write_transaction(db):
        stored = load_game(db, game_id)
        if not key_matches(stored, key):
            raise WrongKey(game_id)
        now = timestamp()
        made = db.execute("select next_id, sealed_key from rematches where game_id = ?", [game_id]).fetchone()
        if made is not None:
            next_id, sealed = made
            _file(db, book, next_id, _unseal(key, next_id, sealed), now)
            return next_id, False
        if not stored.standings().finished:
            raise Conflict(N_("Only a finished game can have a rematch."))
        players = stored.setup.players
        setup = Setup(players, (stored.setup.dealer + 1) % len(players), dict(stored.setup.options))
        rules_of(stored.game).check_setup(setup)
        next_id, next_key = secrets.token_urlsafe(16), secrets.token_urlsafe(24)
        insert_game(db, next_id, next_key, stored.game, setup, 0, now)
        db.execute(
            "insert into rematches (game_id, next_id, sealed_key) values (?, ?, ?)",
            [game_id, next_id, _seal(key, next_id, next_key)],
        )
        _file(db, book, next_id, next_key, now)
    return next_id, True


def book_game_ids(db: Database, book_id: str, limit: int = -1) -> list[str]:
    """The ids of the book's games, most recently played first (the first ``limit`` of them)."""
    return [game_id for game_id, _version in book_versions(db, book_id, limit=limit)]
