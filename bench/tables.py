"""An open-loop load of whole tables, and a crowd of phones holding connections (asyncio on uvloop,
127.0.0.1 only).

    python bench/tables.py PORT PLAN.json

``tables`` mode: level after level (more tables each time), each table plays the table-minute of
issue 23 (a round a minute): the scorer's write (``POST /api/v1/games/<id>/rounds``), the scorer's
table page and next round form, and three watching phones polling the version every 5 s (with the
version they hold as ``If-None-Match``), each reloading the table page when it moved. Every event has
its own time, drawn once (uniform in the minute; the polls in phase): a request is sent at its time
whether or not the ones before it were answered (open loop), over a pool of keep-alive connections (a
pooling proxy's), and its latency runs from its time, so a server falling behind shows in the
latencies instead of slowing the load down. First, untimed, each table new to the level is joined by
its scorer and its pages read once (a club's tables are in the middle of their games: their pages are kept).
The scorer's phone keeps the cookies the server sets, as its browser does: its session after the page that
showed "This phone can now enter…" no longer holds that message.

``phones`` mode: that many phones each open their own connection, ask for the version, keep the
connection open, and ask again once every phone was answered: how many were answered both times.

Prints one JSON line: requests sent and answered, statuses, and latency percentiles in milliseconds
(a list of them, one a level, in ``tables`` mode, with the CPU time the serving process spent a table-minute
and how late the load itself was).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import random
import re
import resource
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import uvloop

MINUTE = 60.0
POLL_SECONDS = 5.0
WATCHERS = 3
TIMEOUT = 30.0
JOIN_ATTEMPTS = 10  # a phone tapping "Score this game" again after a busy server's 503


class Connection:
    """One keep-alive HTTP/1.1 connection, a request at a time."""

    def __init__(self, port: int):
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def ask(self, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> tuple[int, bytes, dict]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(body)}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        received: dict[str, Any] = {"cookies": {}}
        for line in header_lines:
            if ":" in line:
                name, value = line.split(":", 1)
                received[name.strip().lower()] = value.strip()
                if name.strip().lower() == "set-cookie":
                    cookie_name, _, cookie_value = value.strip().split(";", 1)[0].partition("=")
                    received["cookies"][cookie_name] = cookie_value
        if "content-length" in received:
            data = await self.reader.readexactly(int(received["content-length"]))
        elif received.get("transfer-encoding") == "chunked":
            data = b""
            while size := int((await self.reader.readuntil(b"\r\n")).strip(), 16):
                data += await self.reader.readexactly(size + 2)
            await self.reader.readuntil(b"\r\n")
        else:
            data = b""
        if received.get("connection") == "close":
            self.close()
        return int(status_line.split()[1]), data, received

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Load:
    def __init__(self, port: int, connections: int):
        self.port = port
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.latencies: list[float] = []
        # How late the load itself woke for each request it sends at a time of its own (its event loop's
        # lateness, before any wait for a free connection): if this grows, the load, not the server, falls behind.
        self.late: list[float] = []
        self.by_kind: dict[str, list[float]] = {}  # "POST", "GET /round", "GET /version", "GET": the slow ones seen
        self.statuses: dict[str, int] = {}
        self.sent = 0
        self.workers = [asyncio.create_task(self.work()) for _ in range(connections)]

    async def work(self) -> None:
        connection = Connection(self.port)
        while True:
            due, method, path, headers, body, answered = await self.queue.get()
            try:
                async with asyncio.timeout(TIMEOUT):  # not wait_for: no task made a request
                    status, data, received = await connection.ask(method, path, headers, body)
            except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
                connection.close()
                status, data, received = 0, b"", {}
            if due is not None:
                self.latencies.append(time.monotonic() - due)
                kind = f"{method} /{path.rsplit('/', 1)[-1]}" if path.endswith(("/round", "/version")) else method
                self.by_kind.setdefault(kind, []).append(self.latencies[-1])
                self.statuses[str(status)] = self.statuses.get(str(status), 0) + 1
            answered.set_result((status, data, received))

    async def ask(self, due: float | None, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> Any:
        """The answer to a request sent at ``due`` (None: untimed), through the pool."""
        answered = asyncio.get_running_loop().create_future()
        if due is not None:
            self.sent += 1
        self.queue.put_nowait((due, method, path, headers, body, answered))
        return await answered

    async def wake_at(self, moment: float) -> None:
        """Back at ``moment``, the time of a request of the table-minute, and how late (:attr:`late`)."""
        await at(moment)
        self.late.append(time.monotonic() - moment)

    def stop(self) -> None:
        for worker in self.workers:
            worker.cancel()


async def at(moment: float) -> None:
    await asyncio.sleep(max(0.0, moment - time.monotonic()))


async def table(load: Load, game: dict[str, Any], start: float, seconds: float, rng: random.Random) -> None:
    """One table for ``seconds``: the scorer's minute, and its watchers polling."""
    jar: dict[str, str] = game["cookies"]  # the scorer's phone's
    page, form = f"/g/{game['id']}", f"/g/{game['id']}/round"
    held = {"version": game["version"]}

    def phone() -> dict[str, str]:
        return {"Accept-Encoding": "gzip, br", "Cookie": cookie_header(jar)} if jar else {"Accept-Encoding": "gzip, br"}

    async def scorer() -> None:
        moment = start + rng.uniform(0, MINUTE)
        while moment < start + seconds:
            await load.wake_at(moment)
            body = json.dumps(game["rounds"].pop(0)).encode()
            auth = {"Authorization": f"Bearer {game['key']}", "Content-Type": "application/json"}
            status, _data, _received = await load.ask(moment, "POST", f"/api/v1/games/{game['id']}/rounds", auth, body)
            if status == 201:
                held["version"] += 1
            for path in (page, form):
                _status, _data, received = await load.ask(time.monotonic(), "GET", path, phone())
                keep_cookies(jar, received)
            moment += MINUTE

    async def watcher() -> None:
        version = held["version"]
        moment = start + rng.uniform(0, POLL_SECONDS)
        while moment < start + seconds:
            await load.wake_at(moment)
            status, data, _received = await load.ask(
                moment, "GET", f"{page}/version", {"If-None-Match": f'"{version}"', "Accept": "application/json"}
            )
            if status == 200:
                version = json.loads(data)["version"]
                await load.ask(time.monotonic(), "GET", page, {"Accept-Encoding": "gzip, br"})
            moment += POLL_SECONDS

    await asyncio.gather(scorer(), *(watcher() for _ in range(WATCHERS)))


async def warm(load: Load, games: list[dict[str, Any]]) -> None:
    """Every table joined by its scorer (a GET of its invitation), then its pages read once, untimed: the
    scorer's two and a watcher's."""

    async def read(game: dict[str, Any]) -> None:
        join = f"/g/{game['id']}/join/{game['key']}"
        _status, page, received = await load.ask(None, "GET", join, {})
        cookies: dict[str, str] = {}
        keep_cookies(cookies, received)
        token = re.search(rb'name="csrf_token" (?:type="hidden" )?value="([^"]*)"', page)
        if token is not None:  # the scorer's phone joins: the game's key goes into its book
            form = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie_header(cookies)}
            body = b"csrf_token=" + token.group(1)
            # Every table's phone joins at once: a join that waited past the server's write wait is
            # answered 503 with nothing saved, and the phone taps again, as a person would.
            for _attempt in range(JOIN_ATTEMPTS):
                status, _page, received = await load.ask(None, "POST", join, form, body)
                if status != 503:
                    break
            keep_cookies(cookies, received)
        game["cookies"] = cookies
        for path, scorer in ((f"/g/{game['id']}", True), (f"/g/{game['id']}/round", True), (f"/g/{game['id']}", False)):
            headers = {"Cookie": cookie_header(cookies)} if scorer and cookies else {}
            _status, _page, received = await load.ask(None, "GET", path, headers)
            if scorer:
                keep_cookies(cookies, received)

    await asyncio.gather(*(read(game) for game in games))


def cookie_header(cookies: dict[str, str]) -> str:
    return "; ".join(f"{name}={value}" for name, value in cookies.items())


def keep_cookies(jar: dict[str, str], received: dict[str, Any]) -> None:
    """The cookies an answer set, kept by the phone as its browser keeps them (an emptied one removed): the
    next request sends what the server last set (the session without the message its page has shown)."""
    for name, value in received.get("cookies", {}).items():
        if value:
            jar[name] = value
        else:
            jar.pop(name, None)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000 if ordered else 0.0


async def tables(port: int, plan: dict[str, Any]) -> list[dict[str, Any]]:
    """Each level of ``plan["levels"]`` tables in turn (the first that many of ``plan["games"]``), until one
    misses ``plan["p99_ms"]`` or has a failed request; with the server's resident memory after each."""
    results: list[dict[str, Any]] = []
    warmed = 0
    for count in plan["levels"]:
        load = Load(port, plan["connections"])
        await warm(load, plan["games"][warmed:count])
        warmed = count
        rng = random.Random(count)
        start = time.monotonic() + 1.0
        await at(start)
        cpu = cpu_seconds(plan["pid"])
        with collector_paused():
            await asyncio.gather(*(table(load, game, start, plan["seconds"], rng) for game in plan["games"][:count]))
        elapsed = time.monotonic() - start
        cpu = cpu_seconds(plan["pid"]) - cpu
        load.stop()
        result = summary(load.latencies, load.statuses, load.sent, elapsed)
        table_minutes = count * elapsed / MINUTE
        result.update(tables=count, rss_mb=resident_mb(plan["pid"]), cpu_ms_per_table_minute=cpu * 1000 / table_minutes)
        result["late_p99_ms"] = percentile(load.late, 0.99)
        result["p99_ms_by_kind"] = {kind: percentile(spent, 0.99) for kind, spent in load.by_kind.items()}
        results.append(result)
        failed = sum(n for status, n in result["statuses"].items() if not status.startswith(("2", "3")))
        if result["p99_ms"] >= plan["p99_ms"] or failed:
            break
    return results


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The load's own garbage collector paused while it is timed: a full collection of its some 100,000
    objects (12,000 waiting coroutines at 3,000 tables) stopped its clock for up to 74 ms, counted in the
    server's latencies. What the load has made so far is set aside (frozen) and a level's garbage waits
    for the end of the level."""
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()
        gc.collect()


def resident_mb(pid: int) -> float:
    """The resident memory of process ``pid`` (the server), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text(encoding="utf-8").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` (the server) has spent, its threads' (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def summary(latencies: list[float], statuses: dict[str, int], sent: int, seconds: float) -> dict[str, Any]:
    return {
        "sent": sent,
        "answered": len(latencies) - statuses.get("0", 0),
        "seconds": seconds,
        "statuses": statuses,
        "p50_ms": percentile(latencies, 0.50),
        "p99_ms": percentile(latencies, 0.99),
        "max_ms": percentile(latencies, 1.0),
    }


async def phones(port: int, plan: dict[str, Any]) -> dict[str, Any]:
    """``plan["phones"]`` connections held at once, each asking twice (the second time after all were answered)."""
    wanted = plan["phones"] + 64
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))
    connections = [Connection(port) for _ in range(plan["phones"])]
    latencies: list[float] = []
    statuses: dict[str, int] = {}

    async def poll(connection: Connection) -> None:
        began = time.monotonic()
        try:
            status, _data, _received = await asyncio.wait_for(connection.ask("GET", plan["path"], {}), TIMEOUT)
        except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
            status = 0
        latencies.append(time.monotonic() - began)
        statuses[str(status)] = statuses.get(str(status), 0) + 1

    start = time.monotonic()
    for _round in range(2):
        await asyncio.gather(*(poll(connection) for connection in connections))
    elapsed = time.monotonic() - start
    for connection in connections:
        connection.close()
    return summary(latencies, statuses, 2 * len(connections), elapsed)


def main() -> None:
    port, plan = int(sys.argv[1]), json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
    run = tables if plan["mode"] == "tables" else phones
    # uvloop: the load shares the machine's cores with the server it measures; its event loop costs the
    # load less CPU a request than asyncio's own, so less of the server's time goes to the load.
    print(json.dumps(uvloop.run(run(port, plan))))


if __name__ == "__main__":
    main()
