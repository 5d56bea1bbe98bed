"""Crash safety: the server is killed (SIGKILL) in the middle of writes, 50 times.

The server runs as child processes (``referee serve``: granian's supervisor and its serving process, 4 threads)
on a temporary database. Phones write
rounds and corrections to a game of each kind from several threads; the child is killed at a
random moment while those requests are in flight, then started again on the same file. After
every kill:

- ``PRAGMA integrity_check`` is ``ok``;
- every stored round is complete: numbered 1..n without a gap, valid JSON that the rules accept
  when the game is replayed, with its audit row (written in the same transaction) and the game's
  version bumped exactly once per audit row;
- every round the server acknowledged (201) is still there.
"""

from __future__ import annotations

import http.client
import json
import random
import signal
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee import store
from referee.db import connect
from referee.games.base import replay
from referee.registry import GAMES
from tests.test_concurrency import KINDS
from tests.test_serving import Referee, refused

pytestmark = pytest.mark.slow

KILLS = 50
WRITERS = 4
MAX_REQUESTS_PER_LIFE = 400  # a bound on each writer, whatever happens


class Child:
    """``referee serve`` on the database's folder (4 threads), granian's supervisor and its serving process."""

    def __init__(self, database: Path):
        self.server = Referee(database.parent, "--threads", "4", DATABASE=str(database), CREATE_LIMIT='"off"')
        self.port = self.server.port

    def kill(self) -> None:
        """Both processes at once, as a power cut would; nothing of them left holding the port or the file."""
        assert self.server.kill() == -signal.SIGKILL
        assert refused(self.port)

    def request(self, method: str, path: str, body: Any = None, key: str | None = None) -> tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            headers = {"Content-Type": "application/json"}
            if key:
                headers["Authorization"] = f"Bearer {key}"
            connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
            response = connection.getresponse()
            return response.status, json.loads(response.read() or b"null")
        finally:
            connection.close()


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "crash.sqlite3"


def new_game(child: Child, kind: str) -> tuple[str, str]:
    body, _ = KINDS[kind]
    status, state = child.request("POST", "/api/v1/games", {"game": kind, **body})
    assert status == 201, state
    return state["id"], state["key"]


def write_until_stopped(
    child: Child,
    game_id: str,
    key: str,
    kind: str,
    seed: int,
    stop: threading.Event,
    acknowledged: list[Any],
    failures: list[Any],
) -> None:
    """Add rounds and correct earlier ones until the server dies (or the bound is reached)."""
    rng = random.Random(seed)
    _, make_round = KINDS[kind]
    for _ in range(MAX_REQUESTS_PER_LIFE):
        if stop.is_set():
            return
        number = rng.randint(1, 1000)
        try:
            if rng.random() < 0.75:
                status, state = child.request("POST", f"/api/v1/games/{game_id}/rounds", make_round(number), key)
                if status == 201:
                    acknowledged.append((game_id, len(state["rounds"])))
            else:
                status, state = child.request("PUT", f"/api/v1/games/{game_id}/rounds/1", make_round(number), key)
            # Refusals the game explains are fine: a finished game (409), no round 1 yet (404), a correction
            # that would end the game before a later round (422). A 5xx, or anything else, is not.
            if status not in (200, 201, 404, 409, 422):
                failures.append((status, state))
        except (OSError, http.client.HTTPException, json.JSONDecodeError):
            return  # the server is gone: the kill came


def check_database(path: Path, acknowledged: list[tuple[str, int]]) -> dict[str, int]:
    """Integrity, completeness, replay and durability of what was acknowledged; rounds per game."""
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert raw.execute("PRAGMA foreign_key_check").fetchall() == []
    finally:
        raw.close()
    db = connect(str(path))
    try:
        counts: dict[str, int] = {}
        for game_id, version in db.execute("select id, version from games").fetchall():
            numbers = [
                row[0] for row in db.execute("select number from rounds where game_id = ? order by number", [game_id])
            ]
            assert numbers == list(range(1, len(numbers) + 1)), (game_id, numbers)
            for (text,) in db.execute("select input from rounds where game_id = ?", [game_id]).fetchall():
                assert isinstance(json.loads(text), dict)
            stored = store.load_game(db, game_id)
            # Every round through the rules again, each checked (raises if one is refused).
            standings = replay(GAMES[stored.game].rules, stored.setup, stored.inputs)
            assert len(standings.rounds) == len(numbers)
            audit = db.execute("select action, number from audit where game_id = ? order by id", [game_id]).fetchall()
            # One audit row and one version step per write, all or nothing.
            assert len(audit) == version, (game_id, len(audit), version)
            assert sorted({number for action, number in audit if action == "add"}) == numbers
            counts[game_id] = len(numbers)
        for game_id, number in acknowledged:
            assert counts.get(game_id, 0) >= number, ("an acknowledged round was lost", game_id, number)
        return counts
    finally:
        db.close()


def test_killing_the_server_mid_write_loses_nothing_it_acknowledged(database: Path) -> None:
    rng = random.Random(20261122)
    acknowledged: list[tuple[str, int]] = []
    failures: list[Any] = []
    child = Child(database)
    games = {kind: new_game(child, kind) for kind in KINDS}
    kills_mid_write = 0
    for life in range(KILLS):
        stop = threading.Event()
        before = len(acknowledged)
        writers = [
            threading.Thread(
                target=write_until_stopped,
                args=(child, *games[kind], kind, life * 100 + index, stop, acknowledged, failures),
                daemon=True,
            )
            for index, kind in enumerate([*KINDS, "hearts"][:WRITERS])
        ]
        for writer in writers:
            writer.start()
        # Let some writes through, then kill while others are in flight.
        deadline = time.monotonic() + 10
        while len(acknowledged) - before < 3 and time.monotonic() < deadline:
            time.sleep(0.005)
        time.sleep(rng.uniform(0, 0.05))
        in_flight = any(writer.is_alive() for writer in writers)
        child.kill()
        stop.set()
        for writer in writers:
            writer.join(timeout=30)
            assert not writer.is_alive()
        kills_mid_write += in_flight
        assert failures == []
        counts = check_database(database, acknowledged)
        child = Child(database)
        # A finished game is replaced by a new one, so every life writes to games in play.
        for kind, (game_id, _key) in list(games.items()):
            status, state = child.request("GET", f"/api/v1/games/{game_id}")
            assert status == 200 and len(state["rounds"]) == counts[game_id]
            if state["status"] == "finished":
                games[kind] = new_game(child, kind)
    # The restarted server serves every game's table page.
    for game_id in check_database(database, acknowledged):
        status, _ = child.request("GET", f"/api/v1/games/{game_id}")
        assert status == 200
    child.kill()
    assert kills_mid_write >= KILLS * 0.8, kills_mid_write
    assert len(acknowledged) >= KILLS * 3
