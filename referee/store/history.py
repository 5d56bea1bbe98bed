"""The history of a game's rounds: its audit rows (one per add, correction, undo or import, written
with the change by :mod:`.games`), and the change log made of them (by :mod:`referee.gamestate`)."""

from __future__ import annotations

from typing import Any

from sqlite_utils import Database

from .. import gamestate
from ..gamestate import Change
from .games import load_game, snapshot


def audit_log(db: Database, game_id: str, skip: int = 0) -> list[dict[str, Any]]:
    """The game's audit rows, oldest first, after the first ``skip``."""
    query = "select * from audit where game_id = ? order by id limit -1 offset ?"
    return [dict(row) for row in db.query(query, [game_id, skip])]


def change_log(db: Database, game_id: str) -> list[Change]:
    """Every change to the game's rounds, oldest first (:class:`NotFound` if no game): its audit rows,
    each with the round's scores before and after (:func:`referee.gamestate.change_log`)."""
    with snapshot(db):  # the audit rows of the version read (only those the log kept does not hold yet)
        stored = load_game(db, game_id)
        return list(gamestate.change_log(stored, lambda skip: audit_log(db, game_id, skip)))
