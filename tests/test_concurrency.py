"""Two phones at once, against a real waitress server on 127.0.0.1 (threads, one connection each).

- The same round fired from two phones at the same moment, 100 times per game: exactly one is
  stored each time, and the other is told so (409 with the message on the API; a warning on the page).
- Concurrent corrections of one round: every one is applied in some order, the audit trail has an
  entry for each and chains (each "before" is the previous "after"), and the game replays.
- A correction racing an undo of the same round: either order is fine, never a mix.
"""

from __future__ import annotations

import functools
import http.client
import json
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from flask import Flask

# waitress (a dev extra), not granian: these test the app object, served in a thread here (granian cannot).
from waitress import wasyncore
from waitress.server import create_server

from referee import create_app
from referee.db import connect
from tests.test_hostile import assert_same_as_a_fresh_replay

RACES = 100
FOUR = ["Alice", "Bruno", "Chloé", "Denis"]
TWO = ["Ann", "Bob"]
P8 = {"elder": "AS KS QS JS TS AH 9H 7H AD 8D 7D 8C", "younger": "KH QH JH TH 8H KD QD JD TD 9D KC QC"}


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Server:
    app: Flask
    port: int

    def connection(self) -> http.client.HTTPConnection:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        connection.connect()
        return connection

    def send(
        self,
        connection: http.client.HTTPConnection,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        data = None if body is None else json.dumps(body).encode("utf-8")
        sent = {"Content-Type": "application/json"} if data is not None else {}
        connection.request(method, path, body=data, headers={**sent, **(headers or {})})
        response = connection.getresponse()
        return Reply(response.status, {name.lower(): value for name, value in response.getheaders()}, response.read())

    def request(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> Reply:
        connection = self.connection()
        try:
            return self.send(connection, method, path, body, headers)
        finally:
            connection.close()


class LiveServer:
    """waitress in a thread of the test process, stopped from its own loop so nothing races the shutdown.

    (Closing a waitress server from another thread while a worker still answers can make that worker
    write to a closed trigger: a stray error in a thread.)
    """

    def __init__(self, app: Flask, threads: int):
        self.served = create_server(app, host="127.0.0.1", port=0, threads=threads)
        self.port = self.served.effective_port
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        served = self.served
        while not self.stopping.is_set():
            served.asyncore.loop(timeout=0.05, map=served._map, count=1, use_poll=served.adj.asyncore_use_poll)
        served.task_dispatcher.shutdown()  # every answer under way is finished first
        wasyncore.close_all(served._map)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=30)
        assert not self.thread.is_alive()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    app = create_app(
        {"DATABASE": str(tmp_path / "phones.sqlite3"), "SECRET_KEY": "two-phones", "WTF_CSRF_ENABLED": False}
    )
    live = LiveServer(app, threads=8)
    try:
        yield Server(app, live.port)
    finally:
        live.stop()


def at_once(*calls: Callable[[http.client.HTTPConnection], Reply], server: Server) -> list[Reply]:
    """Each call on its own thread and connection, released together by a barrier."""
    barrier = threading.Barrier(len(calls))
    replies: list[Reply | BaseException | None] = [None] * len(calls)

    def run(index: int, call: Callable[[http.client.HTTPConnection], Reply]) -> None:
        connection = server.connection()
        try:
            barrier.wait(timeout=30)
            replies[index] = call(connection)
        except BaseException as error:  # reported below, in the test's thread
            replies[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(index, call)) for index, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    for reply in replies:
        if not isinstance(reply, Reply):
            raise AssertionError(f"a phone got no answer: {reply!r}")
    return replies  # type: ignore[return-value]


def send(
    server: Server, method: str, path: str, body: Any, headers: dict[str, str], connection: http.client.HTTPConnection
) -> Reply:
    """One JSON request on a phone's connection (bind everything but the connection with partial)."""
    return server.send(connection, method, path, body, headers)


def post_form(path: str, data: str, cookie: str, connection: http.client.HTTPConnection) -> Reply:
    """A form post from the phone whose session cookie is ``cookie``."""
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie}
    connection.request("POST", path, body=data, headers=headers)
    response = connection.getresponse()
    return Reply(response.status, {name.lower(): value for name, value in response.getheaders()}, response.read())


# ---------------------------------------------------------------------------
# Valid rounds for long games of each kind


def hearts_round(number: int) -> dict[str, Any]:
    shift = number % 4
    counts = [4, 3, 3, 3][shift:] + [4, 3, 3, 3][:shift]
    return {"hearts": dict(zip(FOUR, counts, strict=True)), "queen": FOUR[number % 4]}


def queenie_round(number: int) -> dict[str, Any]:
    return {
        "stakes": {player: "C" for player in FOUR},
        "dealer_choice": "keep",
        "buyer": None,
        "queens": {"S": None, "H": None, "D": None, "C": FOUR[number % 4]},
        "out": None,
    }


def piquet_round(number: int) -> dict[str, Any]:
    return {"hands": dict(P8), "trick_winners": "EEEEEEEYYYYY" if number % 2 else "EEEEEEYYYYYY"}


KINDS: dict[str, tuple[dict[str, Any], Callable[[int], dict[str, Any]]]] = {
    "hearts": ({"players": FOUR, "options": {"hands": 1000}}, hearts_round),
    "queenie": ({"players": FOUR, "options": {"rounds": None, "start_chips": 1000}}, queenie_round),
    "piquet": ({"players": TWO}, piquet_round),
}


def new_game(server: Server, kind: str) -> tuple[str, dict[str, str]]:
    body, _ = KINDS[kind]
    created = server.request("POST", "/api/v1/games", {"game": kind, **body})
    assert created.status == 201, created.body
    return created.json()["id"], {"Authorization": f"Bearer {created.json()['key']}"}


def stored_rounds(app: Flask, game_id: str) -> list[dict[str, Any]]:
    db = connect(app.config["DATABASE"])
    try:
        return [dict(row) for row in db.query("select * from rounds where game_id = ? order by number", [game_id])]
    finally:
        db.close()


def audit_rows(app: Flask, game_id: str) -> list[dict[str, Any]]:
    db = connect(app.config["DATABASE"])
    try:
        return [dict(row) for row in db.query("select * from audit where game_id = ? order by id", [game_id])]
    finally:
        db.close()


# ---------------------------------------------------------------------------
# The same round from two phones


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_same_round_from_two_phones_is_stored_once(server: Server, kind: str) -> None:
    _, make_round = KINDS[kind]
    game_id, auth = new_game(server, kind)
    played = 0  # rounds in the current game
    games = [game_id]
    for race in range(RACES):
        number = played + 1
        body = {**make_round(number), "round": number}
        path = f"/api/v1/games/{game_id}/rounds"

        phone = functools.partial(send, server, "POST", path, body, auth)
        first, second = at_once(phone, phone, server=server)
        statuses = sorted([first.status, second.status])
        assert statuses == [201, 409], (race, first.body, second.body)
        loser = first if first.status == 409 else second
        (error,) = loser.json()["errors"]
        word = "Hand" if kind == "hearts" else "Deal"
        assert error["message"] == (
            f"{word} {number} is already recorded (from another phone or a second tap). Nothing was added."
        )
        rows = stored_rounds(server.app, game_id)
        assert [row["number"] for row in rows] == list(range(1, number + 1)), race
        played = number
        state = server.request("GET", f"/api/v1/games/{game_id}").json()
        assert len(state["rounds"]) == number
        assert_same_as_a_fresh_replay(server.app, game_id, state)
        if state["status"] == "finished":
            game_id, auth = new_game(server, kind)
            games.append(game_id)
            played = 0
    # Every game's audit trail has one "add" per stored round, and nothing else.
    for each in games:
        actions = [(row["action"], row["number"]) for row in audit_rows(server.app, each)]
        assert actions == [("add", row["number"]) for row in stored_rounds(server.app, each)]


def session_cookie(app: Flask, game_id: str, key: str) -> str:
    """A phone's session cookie holding the game's edit key, as the app itself would sign it."""
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    return f"{app.config['SESSION_COOKIE_NAME']}={serializer.dumps({'keys': {game_id: key}})}"


def flashes_in(app: Flask, reply: Reply) -> list[Any]:
    cookie = reply.headers.get("set-cookie", "")
    name = app.config["SESSION_COOKIE_NAME"] + "="
    if not cookie.startswith(name):
        return []
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    return list(serializer.loads(cookie[len(name) :].split(";", 1)[0]).get("_flashes", []))


def test_the_same_round_form_from_two_phones_is_stored_once(server: Server) -> None:
    """The pages: both phones post round n of the round form; one is stored, the other is warned."""
    created = server.request("POST", "/api/v1/games", {"game": "hearts", **KINDS["hearts"][0]})
    game_id, key = created.json()["id"], created.json()["key"]
    phones = [session_cookie(server.app, game_id, key) for _ in range(2)]
    path = f"/g/{game_id}/round"
    for number in range(1, RACES + 1):
        counts = hearts_round(number)["hearts"]
        form = {"number": str(number), "queen": str(number % 4), "save": "1"}
        form.update({f"hearts-{seat}": str(counts[player]) for seat, player in enumerate(FOUR)})
        data = urlencode(form)

        replies = at_once(*(functools.partial(post_form, path, data, cookie) for cookie in phones), server=server)
        assert [reply.status for reply in replies] == [303, 303], [reply.body[:300] for reply in replies]
        assert [row["number"] for row in stored_rounds(server.app, game_id)] == list(range(1, number + 1))
        warned = [flashes_in(server.app, reply) for reply in replies]
        assert sorted(len(flashes) for flashes in warned) == [0, 1], warned
        ((category, message),) = next(flashes for flashes in warned if flashes)
        assert category == "warning"
        assert message == f"Hand {number} is already recorded (from another phone or a second tap). Nothing was added."


# ---------------------------------------------------------------------------
# Corrections at the same time


def test_concurrent_corrections_are_all_applied_in_some_order(server: Server) -> None:
    game_id, auth = new_game(server, "hearts")
    for number in range(1, 4):
        assert server.request("POST", f"/api/v1/games/{game_id}/rounds", hearts_round(number), auth).status == 201
    phones = 6
    edits = 0
    for wave in range(15):
        # Each phone corrects round 2 to a different (valid) input.
        inputs = [hearts_round(wave * phones + index) for index in range(phones)]
        calls = [
            lambda connection, body=body: server.send(
                connection, "PUT", f"/api/v1/games/{game_id}/rounds/2", body, auth
            )
            for body in inputs
        ]
        replies = at_once(*calls, server=server)
        assert [reply.status for reply in replies] == [200] * phones, [reply.body[:300] for reply in replies]
        edits += phones
    audit = [row for row in audit_rows(server.app, game_id) if row["action"] == "edit"]
    assert len(audit) == edits
    # The edits form one chain: each saw the result of the one before it (no lost update).
    stored = json.loads(stored_rounds(server.app, game_id)[1]["input"])
    assert json.loads(audit[-1]["after"]) == stored
    for earlier, later in zip(audit, audit[1:], strict=False):
        assert json.loads(later["before"]) == json.loads(earlier["after"])
    state = server.request("GET", f"/api/v1/games/{game_id}").json()
    assert state["rounds"][1]["input"] == stored
    assert_same_as_a_fresh_replay(server.app, game_id, state)
    assert [result["number"] for result in state["rounds"]] == [1, 2, 3]
    assert server.request("GET", f"/g/{game_id}").status == 200


def test_a_correction_racing_an_undo_never_mixes(server: Server) -> None:
    game_id, auth = new_game(server, "hearts")
    for race in range(40):
        assert server.request("POST", f"/api/v1/games/{game_id}/rounds", hearts_round(race), auth).status == 201
        last = len(server.request("GET", f"/api/v1/games/{game_id}").json()["rounds"])
        path = f"/api/v1/games/{game_id}/rounds/{last}"
        correction = hearts_round(race + 1)
        put, delete = at_once(
            functools.partial(send, server, "PUT", path, correction, auth),
            functools.partial(send, server, "DELETE", path, None, auth),
            server=server,
        )
        assert delete.status == 200, delete.body
        # The correction came first (200, then undone) or found the round gone (404, with a message).
        assert put.status in (200, 404), put.body
        if put.status == 404:
            assert put.json()["errors"][0]["message"]
        assert [row["number"] for row in stored_rounds(server.app, game_id)] == list(range(1, last))
        actions = [row["action"] for row in audit_rows(server.app, game_id) if row["number"] == last]
        assert actions[-2:] == (["edit", "undo"] if put.status == 200 else ["add", "undo"])
        # Put the round back for the next race.
        assert server.request("POST", f"/api/v1/games/{game_id}/rounds", hearts_round(race), auth).status == 201
    assert server.request("GET", f"/g/{game_id}").status == 200


# ---------------------------------------------------------------------------
# A correction or undo made against a version: the check is inside the write transaction


def test_two_phones_correcting_from_the_same_version_never_both_win(server: Server) -> None:
    game_id, auth = new_game(server, "hearts")
    for number in range(1, 3):
        assert server.request("POST", f"/api/v1/games/{game_id}/rounds", hearts_round(number), auth).status == 201
    path = f"/api/v1/games/{game_id}/rounds/2"
    for race in range(30):
        version = server.request("GET", f"/api/v1/games/{game_id}").headers["etag"]
        guarded = {**auth, "If-Match": version}
        calls = [
            functools.partial(send, server, "PUT", path, hearts_round(race * 2 + phone), guarded) for phone in range(2)
        ]
        replies = at_once(*calls, server=server)
        assert sorted(reply.status for reply in replies) == [200, 409], [reply.body[:300] for reply in replies]
        loser = next(reply for reply in replies if reply.status == 409)
        winner = next(reply for reply in replies if reply.status == 200)
        assert loser.json()["state"] == winner.json()  # the loser is shown what the winner stored
        assert loser.headers["etag"] == winner.headers["etag"] == f'"{int(version.strip(chr(34))) + 1}"'
    # The same for two undos of the last round from one version: one undoes it, the other changes nothing.
    for _race in range(10):
        assert server.request("POST", f"/api/v1/games/{game_id}/rounds", hearts_round(3), auth).status == 201
        state = server.request("GET", f"/api/v1/games/{game_id}")
        last = len(state.json()["rounds"])
        guarded = {**auth, "If-Match": state.headers["etag"]}
        undo = functools.partial(send, server, "DELETE", f"/api/v1/games/{game_id}/rounds/{last}", None, guarded)
        replies = at_once(undo, undo, server=server)
        assert sorted(reply.status for reply in replies) == [200, 409]
        assert [row["number"] for row in stored_rounds(server.app, game_id)] == list(range(1, last))


# ---------------------------------------------------------------------------
# Another process holds the write lock: readers are served, writers get a 503 within seconds

HOLD_THE_WRITE_LOCK = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.readline()
connection.rollback()
"""


@pytest.fixture
def few_threads(tmp_path: Path) -> Iterator[Server]:
    """A server with 4 threads (waitress's default) whose writes wait 1 s at most for the write lock."""
    app = create_app(
        {
            "DATABASE": str(tmp_path / "locked.sqlite3"),
            "SECRET_KEY": "locked",
            "WTF_CSRF_ENABLED": False,
            "WRITE_WAIT_SECONDS": 1,
        }
    )
    live = LiveServer(app, threads=4)
    try:
        yield Server(app, live.port)
    finally:
        live.stop()


def test_readers_are_served_while_another_process_holds_the_write_lock(few_threads: Server) -> None:
    server = few_threads
    game_id, auth = new_game(server, "hearts")
    assert server.request("POST", f"/api/v1/games/{game_id}/rounds", hearts_round(1), auth).status == 201
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_THE_WRITE_LOCK, server.app.config["DATABASE"]],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdin is not None and holder.stdout is not None
    try:
        assert holder.stdout.readline().strip() == "locked"
        write = functools.partial(send, server, "POST", f"/api/v1/games/{game_id}/rounds", hearts_round(2), auth)
        replies: list[Reply | BaseException] = []

        def phone(call: Callable[[http.client.HTTPConnection], Reply]) -> None:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)  # a hang guard only
            try:
                replies.append(call(connection))
            except BaseException as error:
                replies.append(error)
            finally:
                connection.close()

        # Six writes first (more than the server's threads), then what watchers ask.
        writers = [threading.Thread(target=phone, args=(write,)) for _ in range(6)]
        for thread in writers:
            thread.start()
        reads = [
            functools.partial(send, server, "GET", path, None, {})
            for path in (f"/g/{game_id}", f"/api/v1/games/{game_id}", f"/g/{game_id}/version")
        ]
        readers = [threading.Thread(target=phone, args=(read,)) for read in reads]
        for thread in readers:
            thread.start()
        for thread in writers + readers:
            thread.join(timeout=60)
        assert holder.poll() is None  # every answer came while the lock was still held
    finally:
        holder.communicate("release\n", timeout=30)
    answers = [reply for reply in replies if isinstance(reply, Reply)]
    assert len(answers) == 9, [reply for reply in replies if not isinstance(reply, Reply)]
    statuses = sorted(reply.status for reply in answers)
    assert statuses == [200, 200, 200] + [503] * 6, statuses
    for reply in answers:
        if reply.status == 503:
            assert reply.headers["retry-after"] == "3"
            assert "Nothing was saved" in reply.json()["errors"][0]["message"]
    state = server.request("GET", f"/api/v1/games/{game_id}").json()
    assert len(state["rounds"]) == 1
    # Once the lock is released, the same write goes through.
    assert server.request("POST", f"/api/v1/games/{game_id}/rounds", hearts_round(2), auth).status == 201
