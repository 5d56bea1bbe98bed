"""Benchmarks, printed as tables (``make bench``; figures and their reading in docs/benchmarks.md).

1. Server time of each game's table page for a 100-round game (Hearts, Queenie, Piquet, built
   through the API) against a trivial Flask route measured in the same run: goal at most 3x.
   Both the cached page and the page just after a write (a real write: it bumps the version).
2. Page weight: the table page and the round form of each game, HTML + the CSS and JS they load,
   uncompressed (goal at most 20 KB), and any request to another site (goal: none).
3. Load: waitress (``--threads``, 6 by default) in its own process on 127.0.0.1, and a load
   generator (bench/load.py, http.client on threads) in another: rounds written per second
   (goal 300) and table pages read per second (goal 1000); watchers' version polls too.
4. Taps per round, as the browser tests assert them.
5. What one server holds: tables playing one round a minute.

Every loop is bounded in count and time; the load only ever goes to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402

from bench.games import GAMES, ROUNDS  # noqa: E402
from referee import create_app  # noqa: E402

REPEATS = 7
CALLS = 40
AFTER_WRITE_CALLS = 8  # each one is preceded by a real write, which replays the whole game
PAGE_GOAL_BYTES = 20 * 1024
# In the write load, each table plays games of this many rounds, then starts a new one.
WRITE_GAME_LENGTH = 20
RATIO_GOAL = 3.0
WRITES_GOAL = 300
READS_GOAL = 1000
# Typical lengths of a game: Hearts to 100 (about 10 hands), Queenie 2 turns of 4 dealers, a Rubicon partie.
TYPICAL = {"hearts": 10, "queenie": 8, "piquet": 6}
# Taps to enter one round, as the browser tests (real Chromium, counting every tap) assert them.
TAPS = [
    ("Hearts, a hand", "6", "tests/browser/test_hearts_phone.py", "assert max(taps_per_hand) + 1 <= 6"),
    ("Queenie, a typical deal", "6", "tests/browser/test_queenie_phone.py", "assert taps == 6"),
    ("Queenie, a busy deal", "8", "tests/browser/test_queenie_phone.py", "assert taps == 8"),
    ("Piquet, by the cards", "38", "tests/browser/test_piquet_phone.py", "assert card_taps == 1 + 24 + 12 + 1"),
    ("Piquet, by announcements", "10 + 5 numbers", "tests/browser/test_piquet_phone.py", "assert numbers == 5"),
]
# A table playing one round a minute (see docs/benchmarks.md): per minute, the scorer's write, the
# scorer's two page loads (the table after the redirect, the next round form), and three watching
# phones that poll the version every 5 s and reload the table page once per round.
PER_TABLE_PER_MINUTE = {"writes": 1, "pages": 2 + 3, "polls": 3 * 12}


# ---------------------------------------------------------------------------
# helpers


def machine() -> dict[str, str]:
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cores": str(os.cpu_count()),
        "cpu": model,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "load": " ".join(f"{value:.2f}" for value in load),
    }


def table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=True)]
    lines = ["| " + " | ".join(str(cell).ljust(width) for cell, width in zip(headers, widths, strict=True)) + " |"]
    lines.append("|" + "|".join("-" * (width + 2) for width in widths) + "|")
    for row in rows:
        lines.append("| " + " | ".join(str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)) + " |")
    return "\n".join(lines)


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def create(client: FlaskClient, kind: str, rounds: int) -> tuple[str, str]:
    players, options, make_round = GAMES[kind]
    created = client.post("/api/v1/games", json={"game": kind, "players": players, "options": options})
    assert created.status_code == 201, created.json
    game_id, key = created.json["id"], created.json["key"]
    for number in range(1, rounds + 1):
        response = client.post(
            f"/api/v1/games/{game_id}/rounds", json=make_round(number), headers={"Authorization": f"Bearer {key}"}
        )
        assert response.status_code == 201, response.json
    return game_id, key


def best_mean(timed: Callable[[], float], calls: int = CALLS) -> float:
    """Best of REPEATS runs of the mean seconds per call over ``calls`` calls."""
    return min(sum(timed() for _ in range(calls)) / calls for _ in range(REPEATS))


# ---------------------------------------------------------------------------
# 1. server time


def server_time(app: Flask, client: FlaskClient) -> tuple[str, bool, dict[str, float]]:
    def get(path: str) -> Callable[[], float]:
        def once() -> float:
            start = time.perf_counter()
            response = client.get(path)
            elapsed = time.perf_counter() - start
            assert response.status_code == 200
            return elapsed

        return once

    def after_write(game_id: str, key: str, kind: str) -> Callable[[], float]:
        _, _, make_round = GAMES[kind]
        path = f"/g/{game_id}"

        def once() -> float:
            # A real correction of the last round (same input): the version moves, every cache misses.
            put = client.put(
                f"/api/v1/games/{game_id}/rounds/{ROUNDS}",
                json=make_round(ROUNDS),
                headers={"Authorization": f"Bearer {key}"},
            )
            assert put.status_code == 200, put.json
            return get(path)()

        return once

    games = {kind: create(client, kind, ROUNDS) for kind in GAMES}
    baseline = best_mean(get("/_bench/trivial"))
    rows = [["trivial Flask route", f"{baseline * 1000:.3f}", "1.00", ""]]
    worst_cached = 0.0
    figures = {"trivial_ms": baseline * 1000}
    for kind, (game_id, key) in games.items():
        cached = best_mean(get(f"/g/{game_id}"))
        fresh = best_mean(after_write(game_id, key, kind), calls=AFTER_WRITE_CALLS)
        worst_cached = max(worst_cached, cached / baseline)
        rows.append([f"{kind} table, {ROUNDS} rounds", f"{cached * 1000:.3f}", f"{cached / baseline:.2f}", "cached"])
        rows.append(["  same, just after a write", f"{fresh * 1000:.3f}", f"{fresh / baseline:.2f}", "rendered anew"])
        figures[f"{kind}_cached_x"] = cached / baseline
        figures[f"{kind}_fresh_x"] = fresh / baseline
        figures[f"{kind}_fresh_ms"] = fresh * 1000
    text = table(["page (in-process, test client)", "ms/request", "x trivial", "note"], rows)
    met = worst_cached <= RATIO_GOAL
    text += f"\ngoal: table page at most {RATIO_GOAL:.0f}x the trivial route (cached) -> {verdict(met)} "
    text += f"(worst {worst_cached:.2f}x)"
    return text, met, figures


# ---------------------------------------------------------------------------
# 2. page weight


class Assets(HTMLParser):
    """The stylesheets and scripts a page loads, and every URL in it."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[str] = []

    def handle_starttag(self, tag: str, attributes: list[tuple[str, str | None]]) -> None:
        attrs = dict(attributes)
        if tag == "script" and attrs.get("src"):
            self.loads.append(attrs["src"] or "")
        if tag == "link" and "stylesheet" in (attrs.get("rel") or "") and attrs.get("href"):
            self.loads.append(attrs["href"] or "")


ABSOLUTE_URL = re.compile(r"""(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}[^\s"'()<>]*""", re.I)
# Not requests: XML namespaces written as URLs.
NAMESPACES = ("http://www.w3.org/",)


def elsewhere(text: str) -> list[str]:
    """Absolute URLs to other hosts in a page, stylesheet or script (namespaces aside)."""
    found = []
    for match in ABSOLUTE_URL.finditer(text):
        url = match.group(0)
        if url.startswith(NAMESPACES) or "//localhost" in url:
            continue
        found.append(url)
    return found


def weigh(client: FlaskClient, path: str) -> tuple[int, int, list[str]]:
    """(HTML bytes, HTML + CSS + JS bytes, URLs to other hosts) for one page."""
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    html = response.get_data(as_text=True)
    parser = Assets()
    parser.feed(html)
    total = len(response.data)
    third_party = elsewhere(html)
    for asset in dict.fromkeys(parser.loads):
        if asset.startswith(("http:", "https:", "//")):
            third_party.append(asset)
            continue
        with client.get(asset) as loaded:
            assert loaded.status_code == 200, asset
            total += len(loaded.data)
            third_party += elsewhere(loaded.get_data(as_text=True))
    return len(response.data), total, third_party


def page_weight(client: FlaskClient) -> tuple[str, bool, dict[str, int]]:
    rows = []
    worst = 0
    outside: list[str] = []
    figures: dict[str, int] = {}
    for kind in GAMES:
        for label, rounds in (("typical", TYPICAL[kind]), ("long", ROUNDS)):
            game_id, key = create(client, kind, rounds)
            with client.session_transaction() as session:
                session["keys"] = {game_id: key}  # as the scorer sees it (with the edit links)
            for page, path in (("table", f"/g/{game_id}"), ("round form", f"/g/{game_id}/round")):
                if page == "round form" and label != "typical":
                    continue
                html, total, third_party = weigh(client, path)
                outside += third_party
                if label == "typical":
                    worst = max(worst, total)
                    figures[f"{kind}_{page}"] = total
                rows.append(
                    [f"{kind} {page} ({label}, {rounds} rounds)", f"{html:,}", f"{total - html:,}", f"{total:,}"]
                )
    text = table(["page (uncompressed)", "HTML bytes", "CSS+JS bytes", "total bytes"], rows)
    met = worst <= PAGE_GOAL_BYTES
    text += f"\ngoal: a game page at most {PAGE_GOAL_BYTES:,} bytes (typical game) -> {verdict(met)} (worst {worst:,})"
    text += f"\nrequests to other sites: {len(set(outside))} -> {verdict(not outside)}"
    for url in sorted(set(outside)):
        text += f"\n  {url}"
    return text, met and not outside, figures


# ---------------------------------------------------------------------------
# 3. load


class Server:
    """bench/serve.py in its own process group (it may fork), stopped as a group."""

    def __init__(self, database: Path, threads: int, processes: int = 1):
        self.process = subprocess.Popen(
            [sys.executable, str(PROJECT / "bench" / "serve.py"), str(database), str(threads), str(processes)],
            cwd=PROJECT,
            stdout=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        assert self.process.stdout is not None
        self.port = int(self.process.stdout.readline())

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        if self.process.stdout is not None:
            self.process.stdout.close()


def http(port: int, method: str, path: str, body: Any = None, key: str | None = None) -> tuple[int, Any]:
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"Content-Type": "application/json"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = connection.getresponse()
        data = response.read()
        return response.status, json.loads(data) if response.getheader("Content-Type", "").startswith(
            "application/json"
        ) else data
    finally:
        connection.close()


def new_game(port: int, kind: str, rounds: int) -> dict[str, Any]:
    players, options, make_round = GAMES[kind]
    status, state = http(port, "POST", "/api/v1/games", {"game": kind, "players": players, "options": options})
    assert status == 201, state
    for number in range(1, rounds + 1):
        added, body = http(port, "POST", f"/api/v1/games/{state['id']}/rounds", make_round(number), state["key"])
        assert added == 201, body
    return {"id": state["id"], "key": state["key"], "kind": kind, "next": rounds + 1}


def load(port: int, plan: dict[str, Any], folder: Path) -> dict[str, Any]:
    plan_file = folder / "plan.json"
    plan_file.write_text(json.dumps(plan), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(PROJECT / "bench" / "load.py"), str(port), str(plan_file)],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=plan["seconds"] + 120,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure_server(
    threads: int, processes: int, connections: int, seconds: float, repeats: int
) -> dict[str, dict[str, Any]]:
    """Every load line against one server: the best of ``repeats`` runs of each (the machine is shared)."""
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "load.sqlite3", threads, processes)
        try:
            port = server.port
            # Tables to write to: 16 of each kind, each starting a new game after WRITE_GAME_LENGTH rounds.
            writing = [new_game(port, kind, 0) for kind in GAMES for _ in range(16)]
            reading = [new_game(port, kind, ROUNDS) for kind in GAMES]
            pages = [f"/g/{game['id']}" for game in reading]
            plans: dict[str, dict[str, Any]] = {
                "trivial route": {"mode": "read", "targets": ["/_bench/trivial"]},
                "writes": {"mode": "write", "targets": writing, "rounds_per_game": WRITE_GAME_LENGTH},
                "table pages": {"mode": "read", "targets": pages},
            }
            if http(port, "GET", f"{pages[0]}/version")[0] == 200:  # the watchers' poll, where the app has one
                plans["version polls"] = {"mode": "read", "targets": [f"{path}/version" for path in pages]}
            results: dict[str, dict[str, Any]] = {}
            for name, plan in plans.items():
                plan.update({"connections": connections, "seconds": seconds, "max_requests_per_connection": 50_000})
                for _ in range(repeats):
                    for path in pages:  # warm: each process caches the page of this version
                        http(port, "GET", path)
                    result = load(port, plan, Path(folder))
                    good = sum(count for status, count in result["statuses"].items() if status in ("200", "201"))
                    result["rate"] = good / result["seconds"]
                    result["good"] = good
                    if name == "writes":
                        # The next write run starts from fresh tables again.
                        plan["targets"] = [new_game(port, kind, 0) for kind in GAMES for _ in range(16)]
                    if name not in results or result["rate"] > results[name]["rate"]:
                        results[name] = result
        finally:
            server.stop()
    return results


def under_load(threads: int, connections: int, seconds: float, repeats: int) -> tuple[str, bool, dict[str, float]]:
    configurations = {"1 process": 1, "2 processes": 2}
    rows = []
    rates: dict[str, dict[str, float]] = {}
    created = 0
    for label, processes in configurations.items():
        results = measure_server(threads, processes, connections, seconds, repeats)
        created = max(created, results["writes"]["games_created"])
        rates[label] = {name: result["rate"] for name, result in results.items()}
        for name, result in results.items():
            others = {status: count for status, count in result["statuses"].items() if status not in ("200", "201")}
            rows.append(
                [
                    f"{label} x {threads} threads",
                    name,
                    f"{result['rate']:,.0f}",
                    f"{result['p50_ms']:.1f}",
                    f"{result['p95_ms']:.1f}",
                    f"{result['p99_ms']:.1f}",
                    f"{result['good']:,}",
                    json.dumps(others) if others else "",
                ]
            )
    text = table(
        ["waitress on 127.0.0.1", "requests", "per second", "p50 ms", "p95 ms", "p99 ms", "done", "refused"], rows
    )
    text += f"\nload: {connections} keep-alive connections from a second process (bench/load.py), {seconds:.0f} s"
    text += f" per line, best of {repeats}; writes go to 48 tables (16 per game) playing games of"
    text += f" {WRITE_GAME_LENGTH} rounds, then a new one ({created} new games in a run)"
    shipped = rates["1 process"]
    writes_met = shipped["writes"] >= WRITES_GOAL
    reads_met = shipped["table pages"] >= READS_GOAL
    text += f"\ngoal: at least {WRITES_GOAL} rounds written per second (1 process) -> {verdict(writes_met)}"
    text += f"\ngoal: at least {READS_GOAL} table pages read per second (1 process) -> {verdict(reads_met)}"
    if not reads_met:
        text += f" (2 processes: {verdict(rates['2 processes']['table pages'] >= READS_GOAL)})"
    return text, writes_met and reads_met, shipped


# ---------------------------------------------------------------------------
# 4. taps, 5. capacity


def taps() -> str:
    rows = []
    for what, count, test_file, assertion in TAPS:
        present = assertion in (PROJECT / test_file).read_text(encoding="utf-8")
        rows.append([what, count, f"{test_file} ({assertion})" + ("" if present else "  [ASSERTION NOT FOUND]")])
    return table(["taps to enter one round", "taps", "asserted by"], rows)


def capacity(rates: dict[str, float]) -> str:
    per_second = {name: count / 60 for name, count in PER_TABLE_PER_MINUTE.items()}
    # Each kind of request uses the server for 1/rate seconds; a table uses this share of one server.
    share = per_second["writes"] / rates["writes"] + per_second["pages"] / rates["table pages"]
    if "version polls" in rates:
        share += per_second["polls"] / rates["version polls"]
    tables = int(1 / share)
    text = (
        f"one table at one round a minute: {PER_TABLE_PER_MINUTE['writes']} write, "
        f"{PER_TABLE_PER_MINUTE['pages']} page loads and {PER_TABLE_PER_MINUTE['polls']} version polls a minute\n"
    )
    text += f"-> one server holds about {tables:,} such tables at full load "
    text += f"(writes alone: {int(rates['writes'] * 60):,} tables)"
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--threads", type=int, default=4, help="waitress threads per process (4 to 8)")
    parser.add_argument("--connections", type=int, default=8, help="load generator connections")
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds of load per measure")
    parser.add_argument("--repeats", type=int, default=2, help="runs of each load measure (the best is kept)")
    args = parser.parse_args()

    about = machine()
    print(f"referee benchmarks, {about['date']}")
    print(f"machine: {about['cores']} cores, {about['cpu']}, {about['python']}, load average {about['load']}")
    print()
    goals = []
    with tempfile.TemporaryDirectory() as folder:
        app: Flask = create_app({"DATABASE": str(Path(folder) / "bench.sqlite3"), "SECRET_KEY": "bench"})

        @app.get("/_bench/trivial")
        def trivial() -> str:
            return "ok"

        client = app.test_client()
        text, met, _ = server_time(app, client)
        goals.append(met)
        print(text, end="\n\n")
        text, met, _ = page_weight(client)
        goals.append(met)
        print(text, end="\n\n")
        db_slot = app.extensions["referee.connections"]
        if getattr(db_slot, "db", None) is not None:
            db_slot.db.close()
    text, met, rates = under_load(args.threads, args.connections, args.seconds, args.repeats)
    goals.append(met)
    print(text, end="\n\n")
    print(taps(), end="\n\n")
    print(capacity(rates))
    print()
    print(f"goals met: {sum(goals)} of {len(goals)} groups (see the lines starting with 'goal:')")
    return 0


if __name__ == "__main__":
    sys.exit(main())
