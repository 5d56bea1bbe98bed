"""Games and rounds on disk. Every write validates through the rules first.

A round is stored as the canonical input the rules accepted; every score is
derived by replaying the inputs, so an edit is a single row update.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from .cache import VersionedCache
from .db import write_transaction
from .games import GAMES
from .games.base import N_, Invalid, Problem, RoundInvalid, Setup, Standings, replay_checked, replay_state


class NotFound(Exception):
    """No such game or round."""


class Conflict(Exception):
    """The write does not fit the game as it stands (finished, not the last round, already recorded)."""

    def __init__(self, message: str, **params: Any):
        self.problem = Problem("round", message, params)
        super().__init__(self.problem.render())


@dataclass(frozen=True)
class StoredGame:
    id: str
    game: str
    setup: Setup
    inputs: tuple[Mapping[str, Any], ...]
    created: str
    updated: str
    key_hash: str
    version: int

    def standings(self) -> Standings:
        return _cached_standings(self)


_standings_cache: VersionedCache[Standings] = VersionedCache(512)
_state_cache: VersionedCache[Any] = VersionedCache(512)


def _cached_state(stored: StoredGame) -> Any:
    """The rules' state after every stored round; replays are pure, so it is kept per (id, version)."""
    return _state_cache.get_or_make(
        (stored.id, stored.version), lambda: replay_state(GAMES[stored.game].rules, stored.setup, stored.inputs)
    )


def _cached_standings(stored: StoredGame) -> Standings:
    """Replays are pure, so a game's standings are kept per (id, version)."""
    return _standings_cache.get_or_make(
        (stored.id, stored.version), lambda: GAMES[stored.game].rules.standings(stored.setup, _cached_state(stored))
    )


@dataclass(frozen=True)
class GameHead:
    """The one row that says whether a cached page of the game is still fresh."""

    id: str
    version: int
    key_hash: str


def load_head(db: Database, game_id: str) -> GameHead:
    row = db.execute("select id, version, key_hash from games where id = ?", [game_id]).fetchone()
    if row is None:
        raise NotFound(game_id)
    return GameHead(*row)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def key_matches(stored: StoredGame | GameHead, key: str | None) -> bool:
    """Constant-time comparison of a presented edit key with the stored one."""
    if not key:
        return False
    return hmac.compare_digest(_hash_key(key), stored.key_hash)


def create_game(db: Database, game: str, setup: Setup, rounds: Sequence[Mapping[str, Any]] = ()) -> tuple[str, str]:
    """Store a new game (with already checked rounds, for an import); return its public id and secret key."""
    game_id = secrets.token_urlsafe(16)
    key = secrets.token_urlsafe(24)
    now = _now()
    with write_transaction(db):
        db.table("games").insert(
            {
                "id": game_id,
                "game": game,
                "options": json.dumps(dict(setup.options)),
                "dealer": setup.dealer,
                "key_hash": _hash_key(key),
                "created": now,
                "updated": now,
                "version": len(rounds),
            }
        )
        db.table("players").insert_all(
            {"game_id": game_id, "seat": seat, "name": name} for seat, name in enumerate(setup.players)
        )
        for number, round_input in enumerate(rounds, start=1):
            db.table("rounds").insert(
                {
                    "game_id": game_id,
                    "number": number,
                    "input": json.dumps(round_input, ensure_ascii=False),
                    "created": now,
                    "updated": now,
                }
            )
            _audit(db, game_id, number, "import", None, round_input, now)
    return game_id, key


def load_game(db: Database, game_id: str) -> StoredGame:
    rows = list(db.query("select * from games where id = ?", [game_id]))
    if not rows:
        raise NotFound(game_id)
    row = rows[0]
    players = tuple(
        player["name"] for player in db.query("select name from players where game_id = ? order by seat", [game_id])
    )
    inputs = tuple(
        json.loads(round_row["input"])
        for round_row in db.query("select input from rounds where game_id = ? order by number", [game_id])
    )
    setup = Setup(players=players, dealer=row["dealer"], options=json.loads(row["options"]))
    return StoredGame(
        row["id"], row["game"], setup, inputs, row["created"], row["updated"], row["key_hash"], row["version"]
    )


def _audit(db: Database, game_id: str, number: int, action: str, before: Any, after: Any, at: str) -> None:
    # Plain SQL: Table.insert() reads the table's schema again on every call, a cost on every write.
    db.execute(
        'insert into audit (game_id, number, action, at, "before", "after") values (?, ?, ?, ?, ?, ?)',
        [
            game_id,
            number,
            action,
            at,
            None if before is None else json.dumps(before, ensure_ascii=False),
            None if after is None else json.dumps(after, ensure_ascii=False),
        ],
    )


def _touch(db: Database, game_id: str, now: str) -> None:
    db.execute("update games set updated = ?, version = version + 1 where id = ?", [now, game_id])


def add_round(db: Database, game_id: str, raw: Any, expected_number: int | None = None) -> StoredGame:
    """Append the next round. ``expected_number`` guards against a double tap or a second phone."""
    with write_transaction(db):
        stored = load_game(db, game_id)
        rules = GAMES[stored.game].rules
        number = len(stored.inputs) + 1
        if expected_number is not None and expected_number != number:
            if expected_number < number:
                raise Conflict(
                    N_("Round %(number)s is already recorded (from another phone or a second tap). Nothing was added."),
                    number=expected_number,
                )
            raise Conflict(N_("The next round is round %(number)s."), number=number)
        # The state at this version (read inside the write lock): cached, or one replay of the stored rounds.
        state = _cached_state(stored)
        if rules.is_over(stored.setup, state):
            raise Conflict(N_("The game is over: no more rounds can be added."))
        round_input = rules.check_round(stored.setup, state, raw)
        now = _now()
        db.execute(
            "insert into rounds (game_id, number, input, created, updated) values (?, ?, ?, ?, ?)",
            [game_id, number, json.dumps(round_input, ensure_ascii=False), now, now],
        )
        _audit(db, game_id, number, "add", None, round_input, now)
        _touch(db, game_id, now)
    # This write made version + 1 (whatever another writer does next): its state is one play away,
    # so neither the answer nor the next round needs a replay of the whole game.
    _state_cache.get_or_make(
        (game_id, stored.version + 1), lambda: rules.play(stored.setup, state, json.loads(json.dumps(round_input)))
    )
    return load_game(db, game_id)


def replace_round(db: Database, game_id: str, number: int, raw: Any) -> StoredGame:
    """Correct round ``number``; refused whole if any later round no longer fits."""
    with write_transaction(db):
        stored = load_game(db, game_id)
        if not 1 <= number <= len(stored.inputs):
            raise NotFound(f"{game_id}/{number}")
        rules = GAMES[stored.game].rules
        state = replay_state(rules, stored.setup, stored.inputs[: number - 1])
        round_input = rules.check_round(stored.setup, state, raw)
        inputs = list(stored.inputs)
        before = inputs[number - 1]
        inputs[number - 1] = round_input
        try:
            new_state = replay_state(rules, stored.setup, inputs)
        except RoundInvalid as error:
            raise _later_round_refusal(error) from error
        now = _now()
        db.table("rounds").update(
            (game_id, number), {"input": json.dumps(round_input, ensure_ascii=False), "updated": now}
        )
        _audit(db, game_id, number, "edit", before, round_input, now)
        _touch(db, game_id, now)
    # The replay above is the state of the version this write made: keep it for the answer and the pages.
    _state_cache.get_or_make((game_id, stored.version + 1), lambda: new_state)
    return load_game(db, game_id)


def _later_round_refusal(error: RoundInvalid) -> Invalid:
    """The later round's own problems, after one saying which round they are about."""
    heading = Problem(
        "round",
        N_("This change would make round %(number)s impossible. Fix that round first:"),
        {"number": error.number},
    )
    return Invalid([heading, *(Problem("round", problem.message, problem.params) for problem in error.problems)])


def undo_round(db: Database, game_id: str, number: int) -> StoredGame:
    """Delete the last round (only the last one can be undone)."""
    with write_transaction(db):
        stored = load_game(db, game_id)
        if not 1 <= number <= len(stored.inputs):
            raise NotFound(f"{game_id}/{number}")
        if number != len(stored.inputs):
            raise Conflict(N_("Only the last round can be undone; correct round %(number)s instead."), number=number)
        now = _now()
        db.execute("delete from rounds where game_id = ? and number = ?", [game_id, number])
        _audit(db, game_id, number, "undo", stored.inputs[-1], None, now)
        _touch(db, game_id, now)
    return load_game(db, game_id)


def summaries(db: Database, game_ids: Iterable[str]) -> list[dict[str, Any]]:
    """Short descriptions of the given games, most recently played first."""
    ids = list(game_ids)
    if not ids:
        return []
    marks = ",".join("?" for _ in ids)
    rows = db.query(
        f"""select g.id, g.game, g.updated,
                   (select group_concat(name, ', ') from (select name from players where game_id = g.id order by seat))
                       as players,
                   (select count(*) from rounds where game_id = g.id) as rounds
            from games g where g.id in ({marks}) order by g.updated desc""",
        ids,
    )
    return [dict(row) for row in rows]


def audit_log(db: Database, game_id: str) -> list[dict[str, Any]]:
    return [dict(row) for row in db.query("select * from audit where game_id = ? order by id", [game_id])]


def checked_rounds(game: str, setup: Setup, inputs: Sequence[Any]) -> list[dict[str, Any]]:
    """Every round's input in canonical form, each checked against the game before it.

    Raises :class:`RoundInvalid` naming the first round that does not fit.
    """
    rules = GAMES[game].rules
    rules.check_setup(setup)
    return replay_checked(rules, setup, inputs)[1]


def import_game(db: Database, game: str, setup: Setup, inputs: Sequence[Any]) -> tuple[str, str]:
    """Store a new game with all its rounds in one transaction (an import); return its id and key.

    Every round is checked first (:class:`RoundInvalid` on the first that does not fit), so a
    refused import writes nothing. Each round leaves an ``import`` audit row.
    """
    return create_game(db, game, setup, checked_rounds(game, setup, inputs))
