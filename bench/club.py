"""Fast at any length and for a whole club (issue 23), measured: ``make bench`` runs it after bench/run.py.

1. The round form of every game (Points, five-player Queenie and Piquet by the cards included) at 10,
   100 and 1,000 rounds (or the longest game its rules allow), against the trivial route: goal 3x.
2. A write (a round added through the API) to a game no cache holds, against the same write to a game
   kept (300 rounds; Piquet 120; fewer where the rules end the game sooner): goal 5x.
3. The first render of the table page just after a write (100 rounds; goal 4x the trivial route) and of
   the printed sheet (goal 10x).
4. An unchanged poll (``GET /g/<id>/version`` with the version held), straight through the WSGI app,
   against a bare Flask route: goal 1.2x.
5. Many tables under ``referee serve`` (bench/tables.py: the table-minute, open loop), the most tables
   with a p99 under 100 ms, beside a bare Flask app under the same granian (bench/bare.py): goal 3,000.
6. Phones holding their own connections to ``referee serve``: goal 1,000, every one answered.
7. Cold start: a fresh clone to the first page of ``make run`` (goal 10 s), beside a fresh virtual
   environment with Flask and granian serving the bare app.

In-process figures are the best of REPEATS means, each taken in turns with its baseline (the trivial
route, or the same write kept), so that a change in the machine's load meets both; the served ones are
medians of nothing: one open-loop run per level, the load's own latencies.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import math
import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402
from werkzeug.test import EnvironBuilder  # noqa: E402

from bench.games import EVERY_GAME, LONGEST  # noqa: E402
from bench.run import machine, planned, scorer_client, table, verdict  # noqa: E402
from referee import create_app, store  # noqa: E402
from referee.cache import forget_everything  # noqa: E402
from referee.db import get_db  # noqa: E402
from referee.games.base import make_setup, replay_checked  # noqa: E402
from referee.registry import GAMES as SPECS  # noqa: E402

REPEATS = 5
CALLS = 20
LENGTHS = (10, 100, 1000)
ROUND_FORM_GOAL = 3.0
MISS_GOAL = 5.0
MISS_ROUNDS = {"piquet": 120}  # by registered game; 300 for the others
FIRST_RENDER_GOAL = 4.0
# Rounds of six first renders each (a write before each, untimed): short timings, more rounds than REPEATS
# so that one busy moment of the machine weighs on none of the best means.
FIRST_RENDER_REPEATS = 15
SHEET_GOAL = 10.0
POLL_GOAL = 1.2
TABLES_GOAL = 3000
P99_GOAL_MS = 100.0
PHONES_GOAL = 1000
COLD_START_GOAL = 10.0
TABLES_TIMEOUT = 1800  # seconds for a many-tables or phones run (bench/tables.py)
# The tables of the many-tables run play these (their next rounds fit any round number).
TABLE_GAMES = ("hearts", "queenie", "piquet", "points", "spades")


def playable(name: str) -> int:
    """The most rounds a game of this kind holds while still going on."""
    return LONGEST.get(name, 1000) - 1


def best_mean(timed: Callable[[], float], calls: int = CALLS) -> float:
    return in_turns([timed], calls)[0]


def in_turns(timings: Sequence[Callable[[], float]], calls: int = CALLS, repeats: int = REPEATS) -> list[float]:
    """The best mean of each timing, taken in turns (``repeats`` rounds of ``calls`` each): the machine's load
    moves within a run, and so weighs on a figure and its baseline alike."""
    best = [math.inf] * len(timings)
    for _ in range(repeats):
        for index, timed in enumerate(timings):
            best[index] = min(best[index], sum(timed() for _ in range(calls)) / calls)
    return best


def stored_game(app: Flask, name: str, rounds: int) -> tuple[str, str]:
    """A game of ``rounds`` rounds, stored at once as an import stores them: checked, in canonical form."""
    kind, players, options, make_round = EVERY_GAME[name]
    rules = SPECS[kind].rules
    with app.app_context():
        setup = make_setup(rules, players, options)
        _state, checked = replay_checked(rules, setup, [make_round(number) for number in range(1, rounds + 1)])
        return store.create_game(get_db(), kind, setup, checked)


def timed_get(client: FlaskClient, path: str, status: int = 200) -> Callable[[], float]:
    def once() -> float:
        began = time.perf_counter()
        response = client.get(path)
        elapsed = time.perf_counter() - began
        assert response.status_code == status, (path, response.status_code)
        return elapsed

    return once


class Writer:
    """Round ``n + 1`` added to a game of ``n`` rounds (timed), then undone (untimed): the same length each time."""

    def __init__(self, client: FlaskClient, name: str, game_id: str, key: str, rounds: int):
        self.client, self.game_id, self.rounds = client, game_id, rounds
        self.auth = {"Authorization": f"Bearer {key}"}
        self.next_round = EVERY_GAME[name][3](rounds + 1)
        self.written = False

    def add(self) -> float:
        began = time.perf_counter()
        added = self.client.post(f"/api/v1/games/{self.game_id}/rounds", json=self.next_round, headers=self.auth)
        elapsed = time.perf_counter() - began
        assert added.status_code == 201, added.json
        return elapsed

    def added(self, missed: bool = False) -> float:
        """One write timed, then undone (``missed``: to a game no cache holds)."""
        if missed:
            forget_everything()
        spent = self.add()
        self.undo()
        return spent

    def moved(self) -> None:
        """The version moved on, untimed: the round added, or (the next time) undone."""
        if self.written:
            self.undo()
        else:
            self.add()
        self.written = not self.written

    def undo(self) -> None:
        undone = self.client.delete(f"/api/v1/games/{self.game_id}/rounds/{self.rounds + 1}", headers=self.auth)
        assert undone.status_code == 200, undone.json


# ---------------------------------------------------------------------------
# 1 to 4: in-process


def round_forms(app: Flask, trivial: Callable[[], float]) -> tuple[str, bool]:
    rows, worst = [], 0.0
    for name in EVERY_GAME:
        for length in sorted({min(length, playable(name)) for length in LENGTHS}):
            game_id, key = stored_game(app, name, length)
            phone = scorer_client(app, game_id, key)
            phone.get(f"/g/{game_id}")  # the game as a table playing it has it: kept since its last write
            spent, base = in_turns([timed_get(phone, f"/g/{game_id}/round"), trivial])
            if length >= 100 or length == playable(name):
                worst = max(worst, spent / base)
            rows.append([name, f"{length:,}", f"{spent * 1000:.3f}", f"{base * 1000:.3f}", f"{spent / base:.2f}"])
    text = table(["round form (the scorer's GET)", "rounds", "ms", "trivial ms", "x trivial"], rows)
    met = worst <= ROUND_FORM_GOAL
    text += f"\ngoal: the round form at 100 and 1,000 rounds (or the longest game) at most {ROUND_FORM_GOAL:.0f}x"
    text += f" the trivial route, every game -> {verdict(met)} (worst {worst:.2f}x)"
    return text, met


def cache_misses(app: Flask, client: FlaskClient) -> tuple[str, bool]:
    rows, worst = [], 0.0
    for name, (kind, *_rest) in EVERY_GAME.items():
        length = min(MISS_ROUNDS.get(kind, 300), playable(name))
        writer = Writer(client, name, *stored_game(app, name, length), length)

        writer.added(), writer.added(missed=True)  # warm: the first of each
        hit, miss = in_turns([writer.added, functools.partial(writer.added, missed=True)], 5)
        worst = max(worst, miss / hit)
        rows.append([name, f"{length:,}", f"{hit * 1000:.3f}", f"{miss * 1000:.3f}", f"{miss / hit:.2f}"])
    text = table(["a write (POST a round)", "rounds", "kept ms", "no cache ms", "x kept"], rows)
    met = worst <= MISS_GOAL
    text += f"\ngoal: a write to a game no cache holds at most {MISS_GOAL:.0f}x the same write kept, every game"
    text += f" -> {verdict(met)} (worst {worst:.2f}x)"
    return text, met


def after_write(writer: Writer, client: FlaskClient, path: str) -> Callable[[], float]:
    """A GET of ``path`` just after the game's version moved (the write untimed)."""
    read = timed_get(client, path)

    def once() -> float:
        writer.moved()
        return read()

    return once


def first_renders(app: Flask, client: FlaskClient, trivial: Callable[[], float]) -> tuple[str, bool]:
    rows, worst_page, worst_sheet = [], 0.0, 0.0
    for name in EVERY_GAME:
        length = min(100, playable(name) - 1)
        game_id, key = stored_game(app, name, length)
        writer = Writer(client, name, game_id, key, length)
        client.get(f"/g/{game_id}")
        client.get(f"/g/{game_id}/sheet")
        page, base, sheet, sheet_base = in_turns(
            [
                after_write(writer, client, f"/g/{game_id}"),
                trivial,
                after_write(writer, client, f"/g/{game_id}/sheet"),
                trivial,
            ],
            6,
            FIRST_RENDER_REPEATS,
        )
        page, sheet = page / base, sheet / sheet_base
        worst_page, worst_sheet = max(worst_page, page), max(worst_sheet, sheet)
        rows.append([name, f"{length:,}", f"{page:.2f}", f"{sheet:.2f}"])
    text = table(["first render after a write", "rounds", "table page x trivial", "printed sheet x trivial"], rows)
    met = worst_page <= FIRST_RENDER_GOAL and worst_sheet <= SHEET_GOAL
    text += f"\ngoal: the table page at most {FIRST_RENDER_GOAL:.0f}x, the sheet at most {SHEET_GOAL:.0f}x, every game"
    text += f" -> {verdict(met)} (worst {worst_page:.2f}x and {worst_sheet:.2f}x)"
    return text, met


def wsgi_call(wsgi_app: Callable[..., Any], environ: dict[str, Any]) -> Callable[[], float]:
    def start_response(status: str, headers: list[Any], exc_info: Any = None) -> None:
        pass

    def once() -> float:
        began = time.perf_counter()
        body = wsgi_app(dict(environ), start_response)
        for _chunk in body:
            pass
        if hasattr(body, "close"):
            body.close()
        return time.perf_counter() - began

    return once


def unchanged_poll(app: Flask, client: FlaskClient) -> tuple[str, bool]:
    game_id, _key = stored_game(app, "hearts", 10)
    version = client.get(f"/g/{game_id}/version").json["version"]
    held = {"If-None-Match": f'"{version}"'}
    poll = EnvironBuilder(path=f"/g/{game_id}/version", headers=held).get_environ()
    bare = Flask("bare")
    bare.add_url_rule("/trivial", "trivial", lambda: "ok")
    trivial = EnvironBuilder(path="/trivial").get_environ()
    app_trivial = EnvironBuilder(path="/_bench/trivial").get_environ()
    figures = {
        "bare Flask route": best_mean(wsgi_call(bare.wsgi_app, trivial), 200),
        "unchanged poll (304)": best_mean(wsgi_call(app.wsgi_app, poll), 200),
        "  the same poll through the app (without the middleware)": best_mean(
            wsgi_call(app.wsgi_app.wsgi_app, poll),  # type: ignore[attr-defined]
            200,
        ),
        "  the app's trivial route": best_mean(wsgi_call(app.wsgi_app, app_trivial), 200),
    }
    base = figures["bare Flask route"]
    rows = [[what, f"{spent * 1e6:.1f}", f"{spent / base:.2f}"] for what, spent in figures.items()]
    text = table(["WSGI call, in-process", "µs", "x bare Flask"], rows)
    ratio = figures["unchanged poll (304)"] / base
    met = ratio <= POLL_GOAL
    text += f"\ngoal: an unchanged poll at most {POLL_GOAL}x a bare Flask route -> {verdict(met)} ({ratio:.2f}x)"
    return text, met


# ---------------------------------------------------------------------------
# 5 and 6: served


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def served(command: list[str], port: int, env: dict[str, str] | None = None) -> Iterator[subprocess.Popen[bytes]]:
    process = subprocess.Popen(
        command,
        cwd=PROJECT,
        env={**os.environ, **(env or {})},
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            time.sleep(0.1)
        yield process
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def serving_pid(process: subprocess.Popen[bytes]) -> int:
    """The process serving the app, whose memory is the server's: granian's serving process, the one
    child of its supervisor (``process``), started by the time the port answers."""
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()
    return int(children[0]) if children else process.pid


def referee_serve(folder: Path, port: int) -> contextlib.AbstractContextManager[subprocess.Popen[bytes]]:
    command = [sys.executable, "-m", "referee.cli", "serve", "--port", str(port)]
    return served(command, port, {"REFEREE_INSTANCE_PATH": str(folder), "REFEREE_CREATE_LIMIT": "off"})


def bare_serve(port: int) -> contextlib.AbstractContextManager[subprocess.Popen[bytes]]:
    from referee.cli import CONNECTION_LIMIT, SERVING_THREADS

    command = [sys.executable, str(PROJECT / "bench" / "bare.py"), str(port), str(SERVING_THREADS)]
    return served([*command, str(CONNECTION_LIMIT)], port)


def club_tables(folder: Path, count: int) -> list[dict[str, Any]]:
    """``count`` tables stored in the served app's database, each three rounds into its game."""
    app = create_app({"DATABASE": str(folder / "referee.sqlite3"), "SECRET_KEY": "bench", "CREATE_LIMIT": "off"})
    tables = []
    for number in range(count):
        name = TABLE_GAMES[number % len(TABLE_GAMES)]
        game_id, key = stored_game(app, name, 3)
        with app.app_context():
            version = store.load_head(get_db(), game_id).version
        tables.append({"id": game_id, "key": key, "name": name, "version": version})
    return tables


def many_tables(levels: list[int], seconds: float) -> tuple[str, bool, dict[str, int]]:
    rows, most = [], {}
    with tempfile.TemporaryDirectory() as folder:
        every = club_tables(Path(folder), max(levels))
        games = [
            {**game, "rounds": [EVERY_GAME[game["name"]][3](number) for number in range(4, 4 + len(levels))]}
            for game in every
        ]
        for server in ("referee serve", "bare Flask"):
            port = free_port()
            most[server] = 0
            with referee_serve(Path(folder), port) if server == "referee serve" else bare_serve(port) as process:
                plan = {
                    "mode": "tables",
                    "games": games,
                    "levels": levels,
                    "seconds": seconds,
                    "connections": 100,
                    "p99_ms": P99_GOAL_MS,
                    "pid": serving_pid(process),
                }
                results = planned("tables.py", port, plan, Path(folder), TABLES_TIMEOUT)
            for result in results:
                failed = sum(n for status, n in result["statuses"].items() if not status.startswith(("2", "3")))
                if result["p99_ms"] < P99_GOAL_MS and not failed:
                    most[server] = result["tables"]
                rows.append(
                    [
                        server,
                        f"{result['tables']:,}",
                        f"{result['sent'] / result['seconds']:,.0f}",
                        f"{result['p50_ms']:.1f}",
                        f"{result['p99_ms']:.1f}",
                        str(failed),
                        f"{result['rss_mb']:.0f}",
                        f"{result['cpu_ms_per_table_minute']:.1f}",
                        f"{result['late_p99_ms']:.1f}",
                        " ".join(f"{kind} {p99:.0f}" for kind, p99 in sorted(result["p99_ms_by_kind"].items())),
                    ]
                )
    headers = ["server", "tables", "requests/s", "p50 ms", "p99 ms", "failed", "RSS MB", "CPU ms a table-minute"]
    text = table([*headers, "load late p99 ms", "p99 ms by request"], rows)
    text += f"\n(open loop, {seconds:.0f} s a level; a table-minute: 1 write, the scorer's page and form, 3 watchers"
    text += " polling every 5 s and reloading the page when it moved; 100 pooled keep-alive connections; the CPU"
    text += " the serving process spent, its threads', over the level, a table-minute; load late: how late the load"
    text += " itself asked, its own event loop behind its clock, before any wait for a connection)"
    ratio = most["referee serve"] / most["bare Flask"] if most["bare Flask"] else 0.0
    met = most["referee serve"] >= TABLES_GOAL
    text += f"\ngoal: at least {TABLES_GOAL:,} tables with a p99 under {P99_GOAL_MS:.0f} ms -> {verdict(met)}"
    text += f" ({most['referee serve']:,} tables; the bare Flask app {most['bare Flask']:,}: {ratio:.2f}x)"
    return text, met, most


def many_phones(phones: int) -> tuple[str, bool]:
    rows, all_answered = [], {}
    with tempfile.TemporaryDirectory() as folder:
        (game,) = club_tables(Path(folder), 1)
        for server in ("referee serve", "bare Flask"):
            port = free_port()
            with referee_serve(Path(folder), port) if server == "referee serve" else bare_serve(port):
                plan = {"mode": "phones", "phones": phones, "path": f"/g/{game['id']}/version"}
                result = planned("tables.py", port, plan, Path(folder), TABLES_TIMEOUT)
            all_answered[server] = result["statuses"].get("200", 0) == 2 * phones
            rows.append(
                [
                    server,
                    f"{phones:,}",
                    f"{result['statuses'].get('200', 0):,} of {2 * phones:,}",
                    f"{result['p99_ms']:.1f}",
                    f"{result['seconds']:.2f}",
                ]
            )
    text = table(["server", "phones, each its connection", "answered", "p99 ms", "seconds"], rows)
    met = all_answered["referee serve"]
    text += (
        f"\ngoal: {PHONES_GOAL:,} phones holding connections all answered -> {verdict(met and phones >= PHONES_GOAL)}"
    )
    return text, met and phones >= PHONES_GOAL


# ---------------------------------------------------------------------------
# 7: cold start


def first_page(port: int, command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Seconds from ``command``'s start to the first 200 on / (at most 120), and the CPU seconds its
    processes spent (those that ended and were waited for: the installs, not the server killed after)."""
    import http.client

    spent = _children_cpu()
    elapsed = float("inf")
    began = time.monotonic()
    process = subprocess.Popen(
        command,
        cwd=cwd,
        env={**os.environ, **env},
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while time.monotonic() - began < 120:
            with contextlib.suppress(OSError, http.client.HTTPException):
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                connection.request("GET", "/")
                if connection.getresponse().status == 200:
                    elapsed = time.monotonic() - began
                    break
            time.sleep(0.05)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
    return elapsed, _children_cpu() - spent  # counted once the command has ended and been waited for


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def cold_start() -> tuple[str, bool]:
    with tempfile.TemporaryDirectory() as folder:
        clone = Path(folder) / "referee"
        began = time.monotonic()
        subprocess.run(["git", "clone", "--quiet", str(PROJECT), str(clone)], check=True)
        cloned = time.monotonic() - began
        port = free_port()
        served, make_cpu = first_page(port, ["make", "run", f"PORT={port}"], clone, {"PYTHON": sys.executable})
        make_run = cloned + served
        bare = Path(folder) / "bare"
        bare.mkdir()
        script = (
            f"{sys.executable} -m venv v && v/bin/pip install --quiet --disable-pip-version-check flask granian"
            f" && exec v/bin/python {PROJECT / 'bench' / 'bare.py'} {port} 4 100"
        )
        baseline, bare_cpu = first_page(port, ["sh", "-c", script], bare, {})
    rows = [
        ["fresh clone -> first page of make run", f"{make_run:.1f}", f"{make_run / baseline:.2f}", f"{make_cpu:.1f}"],
        [
            "fresh venv + pip install flask granian -> a bare Flask app's page",
            f"{baseline:.1f}",
            "1.00",
            f"{bare_cpu:.1f}",
        ],
    ]
    text = table(["cold start", "seconds", "x bare", "CPU s (ended processes)"], rows)
    met = make_run <= COLD_START_GOAL
    text += f"\ngoal: a fresh clone to the first page of make run within {COLD_START_GOAL:.0f} s -> {verdict(met)}"
    return text, met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default="250,500,1000,2000,3000,4000", help="tables in the many-tables run")
    parser.add_argument("--seconds", type=float, default=15.0, help="seconds of load per level")
    parser.add_argument("--phones", type=int, default=1000, help="phones holding their own connection")
    parser.add_argument("--skip", default="", help="parts to skip, by number (e.g. 5,7)")
    args = parser.parse_args()
    skip = set(args.skip.split(","))
    about = machine()
    print(f"referee benchmarks for a club (issue 23), {about['date']}")
    print(f"machine: {about['cores']} cores, {about['cpu']}, {about['python']}, load average {about['load']}\n")
    started = time.monotonic()
    goals = []
    with tempfile.TemporaryDirectory() as folder:
        config = {"DATABASE": str(Path(folder) / "bench.sqlite3"), "SECRET_KEY": "bench", "CREATE_LIMIT": "off"}
        app = create_app(config)
        app.add_url_rule("/_bench/trivial", "bench_trivial", lambda: "ok")
        client = app.test_client()
        trivial = timed_get(client, "/_bench/trivial")
        print(f"trivial route (in-process, the test client): {best_mean(trivial, 200) * 1000:.3f} ms")
        print("(each ratio below to the trivial route is taken in turns with it: bench/club.py, in_turns)\n")
        parts: list[tuple[str, Callable[[], tuple[str, bool]]]] = [
            ("1", lambda: round_forms(app, trivial)),
            ("2", lambda: cache_misses(app, client)),
            ("3", lambda: first_renders(app, client, trivial)),
            ("4", lambda: unchanged_poll(app, client)),
        ]
        for number, part in parts:
            if number not in skip:
                text, met = part()
                goals.append(met)
                print(text, end="\n\n", flush=True)
    if "5" not in skip:
        text, met, _most = many_tables([int(level) for level in args.levels.split(",")], args.seconds)
        goals.append(met)
        print(text, end="\n\n", flush=True)
    if "6" not in skip:
        text, met = many_phones(args.phones)
        goals.append(met)
        print(text, end="\n\n", flush=True)
    if "7" not in skip:
        text, met = cold_start()
        goals.append(met)
        print(text, end="\n\n", flush=True)
    print(f"goals met: {sum(goals)} of {len(goals)} (see the lines starting with 'goal:');", end=" ")
    print(f"this run took {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
