"""Games' replays kept in the database (:class:`referee.gamestate.Shelf`): the ``replays`` table, one row a game.

A row is a cache of what the rules make of the stored rounds, never a record: :mod:`referee.gamestate`
checks each against the rules' code and the game's setup and inputs before playing on from it, and
replays the game from its rounds whenever one does not match (or cannot be read). It is written only
inside a write to the game, so a read never waits for the write lock.
"""

from __future__ import annotations

from sqlite_utils import Database

from ..db import writing
from ..gamestate import Shelved


class Shelf:
    """The replays kept in one connection's database."""

    def __init__(self, db: Database):
        self.db = db

    def read(self, game_id: str) -> Shelved | None:
        row = self.db.execute("select code, rounds, inputs, state from replays where game_id = ?", [game_id]).fetchone()
        return None if row is None else Shelved(*row)

    @property
    def writing(self) -> bool:
        return writing(self.db)

    def write(self, game_id: str, shelved: Shelved) -> None:
        self.db.execute(
            "insert or replace into replays (game_id, code, rounds, inputs, state) values (?, ?, ?, ?, ?)",
            [game_id, shelved.code, shelved.rounds, shelved.inputs, shelved.state],
        )
