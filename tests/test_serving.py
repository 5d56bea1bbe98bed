"""``referee serve`` itself: pages are answered while writers wait for a locked database (issue 22, finding 13),
and while many phones hold their connections open (issue 23).

The server runs as a child process (``referee serve``, as ``make run`` starts it) on a temporary
instance; the test holds the database's write lock from outside, as a long write of another process
would, while six phones try to save a round.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.db import connect
from tests.hearts_examples import TABLE

WRITERS = 6


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def call(url: str, body: object = None, key: str | None = None) -> tuple[int, object]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
    request.add_header("Content-Type", "application/json")
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@contextlib.contextmanager
def serving(tmp_path: Path, *options: str) -> Iterator[str]:
    """``referee serve`` on a free port; writes wait up to a minute for the lock (longer than the test)."""
    port = free_port()
    env = {**os.environ, "REFEREE_INSTANCE_PATH": str(tmp_path), "REFEREE_WRITE_WAIT_SECONDS": "60"}
    command = [sys.executable, "-m", "referee.cli", "serve", "--port", str(port), *options]
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _attempt in range(200):
            try:
                urllib.request.urlopen(base + "/", timeout=5).close()
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        child.terminate()
        child.wait(timeout=30)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    with serving(tmp_path) as base:
        yield base


def held_connections(base: str, count: int) -> list[socket.socket]:
    """``count`` phones connected and idle between two polls, as a keep-alive connection is.

    The phones' ends are this process's sockets: its open-file limit is raised to hold them too (a CI
    runner's soft limit may be 1024), as ``referee serve`` raises its own.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = count + 256  # the test run's own files beside the phones
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(
            resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard)
        )
    port = int(base.rsplit(":", 1)[1])
    return [socket.create_connection(("127.0.0.1", port)) for _ in range(count)]


def answered(base: str) -> bool:
    """Whether a new phone's request is answered while the others hold their connections."""
    try:
        with urllib.request.urlopen(base + "/", timeout=3) as response:
            return response.status == 200
    except OSError:  # no answer in time: the server accepts no more connections
        return False


def test_readers_are_answered_while_six_writers_wait_for_the_lock(served: str, tmp_path: Path) -> None:
    status, made = call(f"{served}/api/v1/games", {"game": "hearts", "players": TABLE})
    assert status == 201 and isinstance(made, dict)
    game_id, key = made["id"], made["key"]
    hand = {"hearts": dict(zip(TABLE, [2, 4, 0, 7], strict=True)), "queen": "Bruno"}

    lock = connect(str(tmp_path / "referee.sqlite3"))
    lock.execute("BEGIN IMMEDIATE")  # another process's long write
    answers: list[int] = []

    def write() -> None:
        answers.append(call(f"{served}/api/v1/games/{game_id}/rounds", hand, key)[0])

    writers = [threading.Thread(target=write) for _ in range(WRITERS)]
    try:
        for writer in writers:
            writer.start()
        time.sleep(1)  # the writers reach the server and wait for the lock (each holding a serving thread)
        # Readers do not wait for the writers: they are answered while every writer still waits.
        assert call(f"{served}/g/{game_id}/version")[0] == 200
        assert call(f"{served}/api/v1/games/{game_id}")[0] == 200
        assert answers == []
    finally:
        lock.conn.rollback()
        lock.close()
    for writer in writers:
        writer.join()
    assert answers == [201] * WRITERS  # each stored once the lock is free


def test_a_phone_is_answered_while_a_thousand_others_hold_connections(served: str) -> None:
    # Waitress's own limit is 100; past 1,024 descriptors its select() loop failed and the server stopped.
    phones = held_connections(served, 1100)
    try:
        assert answered(served)
    finally:
        for phone in phones:
            phone.close()


def test_the_connection_limit_is_an_option(tmp_path: Path) -> None:
    with serving(tmp_path, "--connection-limit", "20", "--threads", "2") as base:
        phones = held_connections(base, 20)
        try:
            assert not answered(base)
        finally:
            for phone in phones:
                phone.close()
        assert answered(base)
