"""The history of a game's rounds: its audit rows (one per add, correction, undo or import, written
with the change by :mod:`.games`, with what the change log shows of it), and the change log made of
them (by :mod:`referee.gamestate`), a page at a time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from .. import gamestate
from ..gamestate import Change
from .games import load_game, snapshot

# The changes one page of a game's log holds: a long evening's whole log (rounds and their corrections),
# while a game of 1000 rounds corrected 500 times is read in 15 pages, never in one answer.
CHANGES_PER_PAGE = 200


@dataclass(frozen=True)
class ChangePage:
    """The changes of a game's log before a position (all: the latest page), oldest first.

    A change's position counts the game's changes from 1, oldest first; ``older`` is the ``before``
    that asks for the page before this one (its first change's position), None if this page starts the log.
    ``books`` lists the books that made the game's changes (the whole log's), in the order of their first.
    """

    changes: tuple[Change, ...]
    older: int | None
    books: tuple[str, ...]


def audit_log(db: Database, game_id: str, skip: int = 0, limit: int = -1) -> list[dict[str, Any]]:
    """The game's audit rows, oldest first, after the first ``skip`` (``limit`` of them; -1: all)."""
    query = "select * from audit where game_id = ? order by id limit ? offset ?"
    return [dict(row) for row in db.query(query, [game_id, limit, skip])]


def change_log(db: Database, game_id: str, before: int | None = None, size: int | None = None) -> ChangePage:
    """The last ``size`` changes (:data:`CHANGES_PER_PAGE`) of the game before position ``before`` (None: its
    latest changes), each with the round's scores before and after as its audit row keeps them
    (:class:`NotFound` if no game)."""
    size = CHANGES_PER_PAGE if size is None else size
    with snapshot(db):  # the audit rows of the version read
        stored = load_game(db, game_id)
        (count,) = db.execute("select count(*) from audit where game_id = ?", [game_id]).fetchone()
        last = count if before is None else min(before - 1, count)
        first = max(last - size + 1, 1)
        changes = gamestate.change_log(
            stored, first, last, lambda: audit_log(db, game_id, first - 1, max(last - first + 1, 0))
        )
        books = db.execute(
            "select book_id from audit where game_id = ? and book_id is not null group by book_id order by min(id)",
            [game_id],
        ).fetchall()
    return ChangePage(changes, first if first > 1 else None, tuple(book for (book,) in books))
