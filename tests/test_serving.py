"""``referee serve`` itself: pages are answered while writers wait for a locked database (issue 22, finding 13),
and while many phones hold their connections open (issue 23); a crash in a view is a 500 page and a line in
the log; the server ends whole.

The server runs as a child process (``referee serve``, as ``make run`` starts it: granian's supervisor and
its serving process, in a process group of their own) on a temporary instance; the test holds the
database's write lock from outside, as a long write of another process would, while six phones try to
save a round.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee import cli, create_app
from referee.db import connect
from tests.hearts_examples import TABLE

WRITERS = 6


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


class Referee:
    """``referee serve --port 0`` on ``instance``, with ``settings`` as ``REFEREE_*`` variables (and none
    of the test run's own), started in a process group of its own; ready once it says where it serves.
    What it prints (its log) goes to a file of the instance folder."""

    def __init__(self, instance: Path, *options: str, **settings: str) -> None:
        env = {name: value for name, value in os.environ.items() if not name.startswith("REFEREE_")}
        env.update({"REFEREE_INSTANCE_PATH": str(instance), **{f"REFEREE_{k}": v for k, v in settings.items()}})
        command = [sys.executable, "-m", "referee.cli", "serve", "--port", "0", *options]
        with tempfile.NamedTemporaryFile(dir=instance, prefix="serve-", suffix=".log", delete=False) as log:
            self.log_path = Path(log.name)
            self.process = subprocess.Popen(
                command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + 60
        while not (found := re.search(r"Serving on (http://127\.0\.0\.1:(\d+))", self.log())):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"referee serve did not start:\n{self.log()}")
            time.sleep(0.05)
        self.base, self.port = found.group(1), int(found.group(2))

    def log(self) -> str:
        return self.log_path.read_text()

    def stop(self) -> int:
        """Its exit status once SIGTERM (as from a service manager) has ended it."""
        return self._end(signal.SIGTERM)

    def kill(self) -> int:
        """SIGKILL to the whole group, the serving process with its supervisor."""
        return self._end(signal.SIGKILL)

    def _end(self, how: signal.Signals) -> int:
        os.killpg(self.process.pid, how)
        return self.process.wait(timeout=30)


def refused(port: int) -> bool:
    """Whether nothing takes connections on ``port`` any more (within ten seconds: a process killed is
    gone once the kernel has closed its files)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except ConnectionRefusedError:
            return True
        time.sleep(0.05)
    return False


@contextlib.contextmanager
def serving(instance: Path, *options: str) -> Iterator[str]:
    """``referee serve``; writes wait up to a minute for the lock (longer than the test)."""
    server = Referee(instance, *options, WRITE_WAIT_SECONDS="60")
    try:
        yield server.base
    finally:
        server.stop()


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
    # Under waitress, its own limit was 100, and past 1,024 descriptors its select() loop failed.
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
            assert not answered(base)  # the 21st waits to be accepted…
        finally:
            for phone in phones:
                phone.close()
        assert answered(base)  # …and is answered once the others have gone


def test_a_crash_in_a_view_is_a_500_page_and_a_line_in_the_log(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "referee.sqlite3"), "SECRET_KEY": "serving-tests"})
    made = app.test_client().post("/api/v1/games", json={"game": "hearts", "players": TABLE}).json
    hand = {"hearts": dict(zip(TABLE, [2, 4, 0, 7], strict=True)), "queen": "Bruno"}
    client = app.test_client()
    assert client.post(f"/api/v1/games/{made['id']}/rounds", json=hand, headers=bearer(made["key"])).status_code == 201
    database = connect(str(tmp_path / "referee.sqlite3"))
    with database.conn:
        database.execute("update rounds set input = '[1]'")  # a round no rules can read: replaying it fails
    database.close()
    server = Referee(tmp_path)
    try:
        with pytest.raises(urllib.error.HTTPError) as failed:
            urllib.request.urlopen(f"{server.base}/g/{made['id']}", timeout=30)
        assert failed.value.code == 500
        assert "Something went wrong on our side. Nothing was changed." in failed.value.read().decode()
        assert answered(server.base)  # the next phone is served as usual
        assert "ERROR in errors: Unexpected error on GET /g/<game_id>" in server.log()
        assert "Traceback" in server.log()
    finally:
        assert server.stop() == 0


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def test_a_second_server_on_a_taken_port_fails_instead_of_sharing_it(tmp_path: Path) -> None:
    """granian's serving process binds with SO_REUSEPORT: a second one would take half the connections."""
    first = Referee(tmp_path)
    try:
        command = [sys.executable, "-m", "referee.cli", "serve", "--port", str(first.port)]
        env = {**os.environ, "REFEREE_INSTANCE_PATH": str(tmp_path)}
        second = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
        assert second.returncode != 0
        assert "Address already in use" in second.stderr
        assert answered(first.base)
    finally:
        first.stop()


@pytest.mark.parametrize(
    ("how", "whom", "status"),
    [
        (signal.SIGTERM, "supervisor", 0),  # a service manager stopping it
        (signal.SIGINT, "group", 0),  # Ctrl-C in its terminal
        (signal.SIGKILL, "supervisor", -signal.SIGKILL),  # the serving process must not outlive it
    ],
)
def test_the_server_ends_whole(tmp_path: Path, how: signal.Signals, whom: str, status: int) -> None:
    server = Referee(tmp_path)
    assert answered(server.base)
    (os.killpg if whom == "group" else os.kill)(server.process.pid, how)
    assert server.process.wait(timeout=30) == status
    assert refused(server.port)  # nothing left holding the port (nor the database)


def test_a_host_name_is_served_as_its_address(tmp_path: Path) -> None:
    """granian takes addresses only: ``--host localhost`` (as waitress took it) is looked up first."""
    server = subprocess.Popen(
        [sys.executable, "-m", "referee.cli", "serve", "--host", "localhost", "--port", "0"],
        env={**os.environ, "REFEREE_INSTANCE_PATH": str(tmp_path)},
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert server.stdout is not None
        found = re.fullmatch(r"Serving on http://localhost:(\d+)\n", server.stdout.readline())
        assert found, "referee serve did not say where it serves"
        assert answered(f"http://localhost:{found.group(1)}")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        assert server.wait(timeout=30) == 0
        assert server.stdout is not None
        server.stdout.close()


def test_the_serving_process_collects_its_oldest_garbage_less_often() -> None:
    """Its caches' objects walked by a full collection every 1,000 middle ones, not every 10: fewer long pauses."""
    thresholds = gc.get_threshold()
    try:
        cli.collect_fully_less_often()
        assert gc.get_threshold() == (thresholds[0], thresholds[1], cli.FULL_COLLECTION_AFTER)
        assert thresholds[2] < cli.FULL_COLLECTION_AFTER
    finally:
        gc.set_threshold(*thresholds)


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="one core: nowhere else to run")
def test_every_serving_thread_runs_the_app_on_one_core_and_only_its_own_thread_is_kept_there() -> None:
    allowed = os.sched_getaffinity(0)
    seen: list[set[int]] = []

    def app(environ: dict[str, object], start_response: object) -> list[bytes]:
        seen.append(os.sched_getaffinity(0))
        return [b"ok"]

    served = cli.on_one_core(app)
    threads = [threading.Thread(target=served, args=({}, None)) for _ in range(3)]
    for thread in threads:
        thread.start()
        thread.join()
    assert seen == [{max(allowed)}] * 3
    assert os.sched_getaffinity(0) == allowed  # the thread that made it, as before


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="one core: nowhere else to run")
def test_under_referee_serve_the_threads_that_answered_keep_to_one_core_and_the_process_runs_anywhere(
    tmp_path: Path,
) -> None:
    allowed = os.sched_getaffinity(0)
    server = Referee(tmp_path)
    try:
        assert answered(server.base)
        supervisor = server.process.pid
        (serving,) = map(int, Path(f"/proc/{supervisor}/task/{supervisor}/children").read_text().split())
        cores = {
            int(task.name): os.sched_getaffinity(int(task.name)) for task in Path(f"/proc/{serving}/task").iterdir()
        }
        assert {max(allowed)} in cores.values()  # the serving thread that answered
        assert cores[serving] == allowed  # the process's main thread, as it was
        assert os.sched_getaffinity(supervisor) == allowed
    finally:
        assert server.stop() == 0
