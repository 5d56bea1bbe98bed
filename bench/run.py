"""Benchmarks, printed as tables (``make bench``; figures and their reading in docs/benchmarks.md).

1. Server time of each game's table page for a 100-round game (Hearts, Queenie, Piquet, built
   through the API) against a trivial Flask route measured in the same run: the cached page (goal
   at most 3x), the first render just after a write (a round added or undone: goal at most 5x) or
   a correction, and ``GET /api/v1/games/<id>`` (goal at most 2x).
   1b. A write's cost (CPU and wall) at 10, 100 and 1,000 rounds: goal at most 1.5x from 10 to 1,000.
2. Page weight: the table page and the round form of each game, HTML + the CSS and JS they load,
   uncompressed (goal at most 20 KB) and compressed as a browser gets them (goal at most 8 KB), the
   requests of a second visit, and any request to another site (goal: none).
   2b. Which rules of the stylesheets it loads each page uses (``--css-usage FILE`` writes the detail).
3. Load: granian (``--threads``, 4 by default) in its own processes on 127.0.0.1, and a load
   generator (bench/load.py, http.client on threads) in another: rounds written per second
   (goal 300) and table pages read per second (goal 1000), plain and compressed, with the trivial
   route of the same run; watchers' version polls too.
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

from bench.games import EVERY_GAME, FIVE, FOUR, GAMES, ROUNDS, TWO  # noqa: E402
from bench.serve import serving_port  # noqa: E402
from referee import create_app  # noqa: E402

REPEATS = 7
CALLS = 40
AFTER_WRITE_CALLS = 8  # each one is preceded by a real write (untimed)
PAGE_GOAL_BYTES = 20 * 1024
COMPRESSED_GOAL_BYTES = 8 * 1024
FRESH_GOAL = 5.0  # the first render of a table page after a write, against the trivial route
API_GOAL = 2.0  # GET /api/v1/games/<id>, against the trivial route
WRITE_GROWTH_GOAL = 1.5  # a write at 1,000 rounds against one at 10
WRITE_CALLS = 10  # writes per mean in the write-cost measure (each undone, untimed, to keep the length)
# What a phone's browser sends: the server answers with brotli.
BROWSER_ENCODINGS = "gzip, deflate, br, zstd"
# In the write load, each table plays games of this many rounds, then starts a new one.
WRITE_GAME_LENGTH = 20
RATIO_GOAL = 3.0
WRITES_GOAL = 300
READS_GOAL = 1000
# Typical lengths of a game: Hearts to 100 (about 10 hands), Queenie 2 turns of 4 dealers, a Rubicon partie.
TYPICAL = {"hearts": 10, "queenie": 8, "piquet": 6}
# The other games and variants of bench/games.py's EVERY_GAME at a typical length (a game of ten rounds).
TYPICAL_OTHERS = {"queenie, five players": 8, "piquet, by the cards": 6, "points": 10, "ohhell": 10, "spades": 10}
# Games whose rounds bench/games.py does not make: a new game's first deal, at each size of table that
# changes the form (Tarot's fifth player: a called king, a bigger dog).
NEW_GAMES = {
    "tarot at five": ("tarot", FIVE),
    "tarot at four": ("tarot", FOUR),
    "belote": ("belote", FOUR),
    "coinche": ("coinche", FOUR),
}
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
        path, rounds = f"/g/{game_id}", f"/api/v1/games/{game_id}/rounds"
        auth = {"Authorization": f"Bearer {key}"}
        added = [False]

        def once() -> float:
            # A real write, untimed: round 101 added, then (the next time) undone: the version moves.
            if added[0]:
                written = client.delete(f"{rounds}/{ROUNDS + 1}", headers=auth)
            else:
                written = client.post(rounds, json=make_round(ROUNDS + 1), headers=auth)
            assert written.status_code in (200, 201), written.json
            added[0] = not added[0]
            return get(path)()

        return once

    def after_correction(game_id: str, key: str, kind: str) -> Callable[[], float]:
        _, _, make_round = GAMES[kind]
        path = f"/g/{game_id}"

        def once() -> float:
            # A real correction of the last round (same input), untimed: every round is replayed anew.
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
    worst = {"cached": 0.0, "fresh": 0.0, "api": 0.0}
    figures = {"trivial_ms": baseline * 1000}
    for kind, (game_id, key) in games.items():
        cached = best_mean(get(f"/g/{game_id}"))
        fresh = best_mean(after_write(game_id, key, kind), calls=AFTER_WRITE_CALLS)
        corrected = best_mean(after_correction(game_id, key, kind), calls=AFTER_WRITE_CALLS)
        api = best_mean(get(f"/api/v1/games/{game_id}"))
        for name, value in (("cached", cached), ("fresh", fresh), ("api", api)):
            worst[name] = max(worst[name], value / baseline)
            figures[f"{kind}_{name}_x"] = value / baseline
        figures[f"{kind}_fresh_ms"] = fresh * 1000
        figures[f"{kind}_corrected_x"] = corrected / baseline
        rows.append([f"{kind} table, {ROUNDS} rounds", f"{cached * 1000:.3f}", f"{cached / baseline:.2f}", "cached"])
        rows.append(
            ["  same, just after a write", f"{fresh * 1000:.3f}", f"{fresh / baseline:.2f}", "a round added or undone"]
        )
        rows.append(
            [
                "  same, just after a correction",
                f"{corrected * 1000:.3f}",
                f"{corrected / baseline:.2f}",
                "every round replayed",
            ]
        )
        rows.append(["  GET /api/v1/games/<id>", f"{api * 1000:.3f}", f"{api / baseline:.2f}", "JSON, per version"])
    text = table(["page (in-process, test client)", "ms/request", "x trivial", "note"], rows)
    met = {
        "cached": worst["cached"] <= RATIO_GOAL,
        "fresh": worst["fresh"] <= FRESH_GOAL,
        "api": worst["api"] <= API_GOAL,
    }
    text += f"\ngoal: table page at most {RATIO_GOAL:.0f}x the trivial route (cached) -> {verdict(met['cached'])} "
    text += f"(worst {worst['cached']:.2f}x)"
    text += f"\ngoal: first render after a write at most {FRESH_GOAL:.0f}x the trivial route, every game"
    text += f" -> {verdict(met['fresh'])} (worst {worst['fresh']:.2f}x)"
    text += f"\ngoal: GET /api/v1/games/<id> at most {API_GOAL:.0f}x the trivial route, every game"
    text += f" -> {verdict(met['api'])} (worst {worst['api']:.2f}x)"
    return text, all(met.values()), figures


# ---------------------------------------------------------------------------
# 1b. a write's cost against the length of the game


def imported(app: Flask, kind: str, rounds: int) -> tuple[str, str]:
    """A game of ``rounds`` rounds stored at once (an import: every round checked), its id and key."""
    from referee import store
    from referee.db import get_db
    from referee.games.base import make_setup
    from referee.registry import GAMES as SPECS

    players, options, make_round = GAMES[kind]
    with app.app_context():
        setup = make_setup(SPECS[kind].rules, players, options)
        return store.import_game(get_db(), kind, setup, [make_round(number) for number in range(1, rounds + 1)])


def write_cost(app: Flask, client: FlaskClient) -> tuple[str, bool, dict[str, float]]:
    """Server time of one write (a round added through the API) against the game's length.

    Each timed write adds round n + 1 to a game of n rounds and is then undone (untimed), so every
    write meets the same length: a table playing, whose state is kept one play away. CPU time of
    this process (what the server spends), and wall time (which adds the wait for the disk's
    commit). Lengths are measured in turn, best of REPEATS.
    """
    lengths = {"hearts": (10, 100, 999), "queenie": (10, 100), "piquet": (10, 100)}
    games = {(kind, length): imported(app, kind, length) for kind in lengths for length in lengths[kind]}

    def writes(kind: str, length: int) -> tuple[float, float]:
        game_id, key = games[(kind, length)]
        _, _, make_round = GAMES[kind]
        auth = {"Authorization": f"Bearer {key}"}
        # First, untimed, a write and its undo: a game the other measures pushed out of the caches
        # (bounded in rounds) is replayed once, as a table coming back after a long pause would be.
        client.post(f"/api/v1/games/{game_id}/rounds", json=make_round(length + 1), headers=auth)
        client.delete(f"/api/v1/games/{game_id}/rounds/{length + 1}", headers=auth)
        cpu = wall = 0.0
        for _ in range(WRITE_CALLS):
            began_cpu, began_wall = time.process_time(), time.perf_counter()
            added = client.post(f"/api/v1/games/{game_id}/rounds", json=make_round(length + 1), headers=auth)
            cpu += time.process_time() - began_cpu
            wall += time.perf_counter() - began_wall
            assert added.status_code == 201, added.json
            undone = client.delete(f"/api/v1/games/{game_id}/rounds/{length + 1}", headers=auth)
            assert undone.status_code == 200, undone.json
        return cpu / WRITE_CALLS, wall / WRITE_CALLS

    best: dict[tuple[str, int], tuple[float, float]] = {}
    for _ in range(REPEATS):
        for game in games:
            cpu, wall = writes(*game)
            old_cpu, old_wall = best.get(game, (cpu, wall))
            best[game] = (min(cpu, old_cpu), min(wall, old_wall))
    rows = []
    figures: dict[str, float] = {}
    for (kind, length), (cpu, wall) in best.items():
        shortest_cpu, shortest_wall = best[(kind, lengths[kind][0])]
        rows.append(
            [
                f"{kind}, round {length + 1:,} added",
                f"{cpu * 1000:.3f}",
                f"{cpu / shortest_cpu:.2f}",
                f"{wall * 1000:.3f}",
                f"{wall / shortest_wall:.2f}",
            ]
        )
        figures[f"{kind}_{length + 1}_cpu_ms"] = cpu * 1000
        figures[f"{kind}_{length + 1}_wall_ms"] = wall * 1000
    growth = best[("hearts", 999)][0] / best[("hearts", 10)][0]
    figures["growth"] = growth
    text = table(["a write (POST a round, in-process)", "CPU ms", "x shortest", "wall ms", "x shortest"], rows)
    text += "\n(CPU: this process's time, what the server spends; wall adds the wait for the disk's commit)"
    met = growth <= WRITE_GROWTH_GOAL
    text += f"\ngoal: a write at 1,000 rounds at most {WRITE_GROWTH_GOAL}x one at 10 (Hearts, CPU) -> {verdict(met)}"
    text += f" ({growth:.2f}x)"
    return text, met, figures


# ---------------------------------------------------------------------------
# 2. page weight


# Links whose file the browser asks for as the page loads, beside the stylesheets.
LOADED_LINKS = {"stylesheet", "preload", "modulepreload", "prefetch"}


class Assets(HTMLParser):
    """The stylesheets and scripts a page loads (and any file it has the browser preload), and the static
    files its script may ask for later, named in its data attributes (Piquet's file of ways)."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[str] = []
        self.later: list[str] = []

    def handle_starttag(self, tag: str, attributes: list[tuple[str, str | None]]) -> None:
        attrs = dict(attributes)
        if tag == "script" and attrs.get("src"):
            self.loads.append(attrs["src"] or "")
        if tag == "link" and LOADED_LINKS & set((attrs.get("rel") or "").split()) and attrs.get("href"):
            self.loads.append(attrs["href"] or "")
        for name, value in attributes:
            if name.startswith("data-") and value and value.startswith("/static/"):
                self.later.append(value)


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


class Weight:
    """One page as a phone loads it: bytes uncompressed and on the wire, requests, other sites."""

    def __init__(self, client: FlaskClient, path: str):
        response = client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        self.html = response.get_data(as_text=True)
        self.html_bytes = len(response.data)
        packed = client.get(path, headers={"Accept-Encoding": BROWSER_ENCODINGS})
        self.wire = len(packed.data)
        parser = Assets()
        parser.feed(self.html)
        self.total = self.html_bytes
        self.third_party = elsewhere(self.html)
        self.assets: dict[str, str] = {}  # URL -> text
        self.second_visit = 1  # the page itself; each asset not cached for good is asked again
        for asset in dict.fromkeys(parser.loads):
            if asset.startswith(("http:", "https:", "//")):
                self.third_party.append(asset)
                continue
            with client.get(asset) as loaded:
                assert loaded.status_code == 200, asset
                self.total += len(loaded.data)
                self.assets[asset] = loaded.get_data(as_text=True)
                self.third_party += elsewhere(self.assets[asset])
                if "immutable" not in loaded.headers.get("Cache-Control", ""):
                    self.second_visit += 1
            with client.get(asset, headers={"Accept-Encoding": BROWSER_ENCODINGS}) as loaded:
                self.wire += len(loaded.data)
        # Not in the counts: the page's script asks for these only when needed (a way of entering chosen, a
        # round waiting on the phone), never as a page loads (tests/browser/test_piquet_phone.py holds
        # Piquet's round form to that).
        self.later: dict[str, int] = {}  # URL -> bytes on the wire
        for asset in dict.fromkeys(parser.later):
            with client.get(asset, headers={"Accept-Encoding": BROWSER_ENCODINGS}) as loaded:
                assert loaded.status_code == 200, asset
                self.later[asset] = len(loaded.data)


def scorer_client(app: Flask, game_id: str, key: str) -> FlaskClient:
    """A phone that scores the game: it opened the invitation and joined (its form posted with the token)."""
    phone = app.test_client()
    invitation = phone.get(f"/g/{game_id}/join/{key}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" (?:type="hidden" )?value="([^"]*)"', invitation)
    assert token is not None, invitation[:200]
    joined = phone.post(f"/g/{game_id}/join/{key}", data={"csrf_token": token.group(1)})
    assert joined.status_code == 303, joined.status_code
    phone.get(f"/g/{game_id}")  # the page that shows the flashed message
    return phone


def page_weight(app: Flask, client: FlaskClient) -> tuple[str, bool, dict[str, Any]]:
    rows = []
    worst = worst_wire = 0
    outside: list[str] = []
    figures: dict[str, Any] = {"pages": {}}
    for kind in GAMES:
        for label, rounds in (("typical", TYPICAL[kind]), ("long", ROUNDS)):
            game_id, key = create(client, kind, rounds)
            phone = scorer_client(app, game_id, key)
            for page, path in (("table", f"/g/{game_id}"), ("round form", f"/g/{game_id}/round")):
                if page == "round form" and label != "typical":
                    continue
                weight = Weight(phone, path)
                outside += weight.third_party
                if label == "typical":
                    worst = max(worst, weight.total)
                    worst_wire = max(worst_wire, weight.wire)
                    figures[f"{kind}_{page}"] = weight.total
                    figures["pages"][f"{kind} {page}"] = weight
                rows.append(
                    [
                        f"{kind} {page} ({label}, {rounds} rounds)",
                        f"{weight.html_bytes:,}",
                        f"{weight.total - weight.html_bytes:,}",
                        f"{weight.total:,}",
                        f"{weight.wire:,}",
                        str(weight.second_visit),
                    ]
                )
    for name, path, asker in every_other_page(app, client):
        weight = Weight(asker, path)
        outside += weight.third_party
        worst_wire = max(worst_wire, weight.wire)
        rows.append(
            [
                name,
                f"{weight.html_bytes:,}",
                f"{weight.total - weight.html_bytes:,}",
                f"{weight.total:,}",
                f"{weight.wire:,}",
                str(weight.second_visit),
            ]
        )
    headers = ["page, as the scorer sees it", "HTML bytes", "CSS+JS bytes", "total bytes", "compressed", "2nd visit"]
    text = table(headers, rows)
    text += "\n(compressed: what a browser sending 'Accept-Encoding: " + BROWSER_ENCODINGS + "' receives;"
    text += " 2nd visit: requests for the page again, the static files being cached for good)"
    later: dict[tuple[str, int], list[str]] = {}  # (file, bytes compressed) -> the pages naming it
    for name, weight in figures["pages"].items():
        for url, size in weight.later.items():
            later.setdefault((url.split("?")[0], size), []).append(name)
    text += "\nasked for by a page's script only when needed, not as it loads (not counted):"
    for (url, size), names in later.items():
        text += f"\n  {url}, {size:,} bytes compressed ({', '.join(names)})"
    met = worst <= PAGE_GOAL_BYTES
    met_wire = worst_wire <= COMPRESSED_GOAL_BYTES
    text += f"\ngoal: a game page at most {PAGE_GOAL_BYTES:,} bytes uncompressed (typical game) -> {verdict(met)}"
    text += f" (worst {worst:,})"
    text += (
        f"\ngoal: every page at most {COMPRESSED_GOAL_BYTES:,} bytes compressed (typical game) -> {verdict(met_wire)}"
    )
    text += f" (worst {worst_wire:,})"
    text += f"\nrequests to other sites: {len(set(outside))} -> {verdict(not outside)}"
    for url in sorted(set(outside)):
        text += f"\n  {url}"
    return text, met and met_wire and not outside, figures


def every_other_page(app: Flask, client: FlaskClient) -> list[tuple[str, str, FlaskClient]]:
    """(name, path, the phone that asks) of every other page, for its weight: each other game's table and
    round form (or its announce step) at a typical length, a new game's first deal where the bench makes
    no rounds, and the pages around a game (watching, TV, sheet, join, undo, invite, changes, new game,
    home, book, import, blank sheets)."""
    pages: list[tuple[str, str, FlaskClient]] = []

    def round_page(name: str, phone: FlaskClient, game_id: str) -> None:
        form = phone.get(f"/g/{game_id}/round")
        if form.status_code in (302, 303):  # a game whose round starts with its announce step
            pages.append((f"{name} announce step", form.headers["Location"], phone))
        else:
            pages.append((f"{name} round form", f"/g/{game_id}/round", phone))

    made_games: dict[str, dict[str, str]] = {}
    for name, (game, players, options, make_round) in EVERY_GAME.items():
        if name not in TYPICAL_OTHERS:
            continue
        made = client.post("/api/v1/games", json={"game": game, "players": players, "options": options}).json
        made_games[name] = made
        for number in range(1, TYPICAL_OTHERS[name] + 1):
            added = client.post(
                f"/api/v1/games/{made['id']}/rounds",
                json=make_round(number),
                headers={"Authorization": f"Bearer {made['key']}"},
            )
            assert added.status_code == 201, added.json
        phone = scorer_client(app, made["id"], made["key"])
        pages.append((f"{name} table ({TYPICAL_OTHERS[name]} rounds)", f"/g/{made['id']}", phone))
        round_page(name, phone, made["id"])
        if name == "piquet, by the cards":  # Piquet's form with the cards and the tricks entered (the other ways
            # with what was said aloud: "piquet correction of round 1")
            pages.append((f"{name} correction of round 1", f"/g/{made['id']}/round/1", phone))
    pages += piquet_ways(app, client, made_games["piquet, by the cards"])
    for name, (game, players) in NEW_GAMES.items():
        made = client.post("/api/v1/games", json={"game": game, "players": players}).json
        phone = scorer_client(app, made["id"], made["key"])
        pages.append((f"{name} table (new game)", f"/g/{made['id']}", phone))
        round_page(f"{name} (new game)", phone, made["id"])
    for kind in GAMES:
        game_id, key = create(client, kind, TYPICAL[kind])
        phone = scorer_client(app, game_id, key)
        watcher = app.test_client()
        pages += [
            (f"{kind} table, watching", f"/g/{game_id}", watcher),
            (f"{kind} TV", f"/g/{game_id}/tv", watcher),
            (f"{kind} joining", f"/g/{game_id}/join/{key}", app.test_client()),
            (f"{kind} correction of round 1", f"/g/{game_id}/round/1", phone),
            (f"{kind} sheet", f"/g/{game_id}/sheet", phone),
            (f"{kind} undo", f"/g/{game_id}/undo", phone),
            (f"{kind} invite", f"/g/{game_id}/invite", phone),
            (f"{kind} changes", f"/g/{game_id}/changes", phone),
        ]
        if kind == "queenie":
            pages.append(("queenie play-along", f"/g/{game_id}/playalong", phone))
    pages += [
        ("home", "/", phone),
        *[
            (f"new {game} game", f"/new/{game}", phone)
            for game in sorted({game for game, *_ in EVERY_GAME.values()} | {"tarot", "belote", "coinche"})
        ],
        ("book", "/book", phone),
        ("book, players", "/book/players", phone),
        ("book, share", "/book/share", phone),
        ("import", "/import", phone),
        ("blank sheets", "/sheets", phone),
    ]
    return pages


def piquet_ways(app: Flask, client: FlaskClient, by_cards: dict[str, str]) -> list[tuple[str, str, FlaskClient]]:
    """Piquet's round form in each way it opens with (a page carries only the ways it shows), in French too: the
    cards and the tricks (a new deal; the correction of a deal so entered, ``by_cards``' id and key), the
    announcements and the totals (the correction of a deal so entered), the cards and the totals (a game where
    only tens and higher score in play; in English too, the other three being measured above)."""
    counting = client.post(
        "/api/v1/games", json={"game": "piquet", "players": TWO, "options": {"counting_cards_only": True}}
    ).json
    announced = create(client, "piquet", TYPICAL["piquet"])
    ways = [
        ("piquet round form", announced, "round"),
        ("piquet correction of round 1", announced, "round/1"),
        ("piquet, by the cards correction of round 1", (by_cards["id"], by_cards["key"]), "round/1"),
        ("piquet, counting only tens and up, round form", (counting["id"], counting["key"]), "round"),
    ]
    pages = []
    for language in ("en", "fr"):
        for name, (game_id, key), path in ways[3:] if language == "en" else ways:
            phone = scorer_client(app, game_id, key)
            phone.set_cookie("lang", language)
            pages.append((name if language == "en" else f"{name}, in French", f"/g/{game_id}/{path}", phone))
    return pages


# ---------------------------------------------------------------------------
# 2b. which rules of the stylesheets it loads each page uses


def css_rules(text: str) -> list[tuple[str, str | None, str]]:
    """Each rule of a stylesheet as (its @media or @supports condition or "", selectors, whole text).

    At-rules other than @media and @supports (@keyframes, @font-face, @page) have no selectors (None).
    """
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    rules: list[tuple[str, str | None, str]] = []

    def walk(body: str, condition: str) -> None:
        start = 0
        while (brace := body.find("{", start)) >= 0:
            depth, end = 1, brace + 1
            while depth:
                depth += {"{": 1, "}": -1}.get(body[end], 0)
                end += 1
            prelude = body[start:brace].strip()
            if prelude.startswith(("@media", "@supports")):
                walk(body[brace + 1 : end - 1], prelude)
            elif prelude.startswith("@"):
                rules.append((condition, None, body[start:end].strip()))
            else:
                rules.append((condition, prelude, body[start:end].strip()))
            start = end

    walk(text, "")
    return rules


# States a page reaches only when someone uses it: a selector is matched without them.
DYNAMIC = re.compile(
    r"::?(?:before|after|placeholder|marker|selection|backdrop|first-line|first-letter|-webkit-[a-z-]+|-moz-[a-z-]+)"
    r"|:(?:hover|focus-visible|focus-within|focus|active|visited|target)\b"
)


def split_selectors(prelude: str) -> list[str]:
    """The selectors of a rule, split at the commas outside parentheses."""
    parts, depth, current = [], 0, ""
    for char in prelude:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    return [*parts, current.strip()]


def rule_matches(soup: Any, prelude: str) -> bool:
    """Whether any of the rule's selectors matches an element of the page (as served, before any script)."""
    import soupsieve

    for selector in split_selectors(prelude):
        bare = DYNAMIC.sub("", selector).strip()
        if not bare or bare[-1] in ">+~":
            bare = (bare + " *").strip()
        try:
            if soupsieve.select_one(bare, soup) is not None:
                return True
        except (soupsieve.SelectorSyntaxError, NotImplementedError, ValueError):
            return True  # a selector we cannot try is counted as used
    return False


def stylesheets_of(html: str) -> list[str]:
    """The names of the static stylesheets a page links to ("style.css", "hearts/round.css"…), in order."""
    parser = Assets()
    parser.feed(html)
    # A page's stylesheets come as one file, their names joined by "+" (referee/delivery.py).
    names = [
        name
        for url in parser.loads
        if url.startswith("/static/")
        for name in url.split("?")[0].removeprefix("/static/").split("+")
    ]
    return [name for name in names if name.endswith(".css")]


def css_usage(app: Flask, weights: dict[str, Any], other_pages: dict[str, str]) -> tuple[str, str]:
    """(a summary table, the detail in Markdown): of the stylesheets each page loads, the rules it uses."""
    from bs4 import BeautifulSoup

    files: dict[str, Path] = app.extensions["referee.static_paths"]  # the app's and the games' ("hearts/round.css")
    sheets = {
        name: css_rules(path.read_text(encoding="utf-8")) for name, path in files.items() if name.endswith(".css")
    }
    scripts = " ".join(path.read_text(encoding="utf-8") for name, path in files.items() if name.endswith(".js"))
    pages = {name: weight.html for name, weight in weights.items()} | other_pages
    loads = {name: [sheet for sheet in stylesheets_of(html) if sheet in sheets] for name, html in pages.items()}
    # used[page][sheet]: the indexes of that sheet's rules the page uses
    used: dict[str, dict[str, list[int]]] = {}
    for name, html in pages.items():
        soup = BeautifulSoup(html, "html.parser")
        used[name] = {
            sheet: [i for i, rule in enumerate(sheets[sheet]) if rule[1] is None or rule_matches(soup, rule[1])]
            for sheet in loads[name]
        }

    def size(sheet: str, indexes: list[int]) -> int:
        return sum(len(sheets[sheet][index][2]) for index in indexes)

    def page_row(name: str) -> list[str]:
        rules = sum(len(sheets[sheet]) for sheet in loads[name])
        rules_used = sum(len(indexes) for indexes in used[name].values())
        total = sum(size(sheet, list(range(len(sheets[sheet])))) for sheet in loads[name])
        kept = sum(size(sheet, indexes) for sheet, indexes in used[name].items())
        return [name, ", ".join(loads[name]), f"{rules_used} of {rules}", f"{kept:,} of {total:,}", f"{total - kept:,}"]

    def named_in_scripts(prelude: str | None) -> bool:
        names = re.findall(r"[.#]([A-Za-z][\w-]*)", prelude or "")
        return any(re.search(rf"\b{re.escape(name)}\b", scripts) for name in names)

    # Per stylesheet: the pages that load it, and its rules none of them uses.
    nowhere: dict[str, list[int]] = {}
    loaded_by: dict[str, list[str]] = {}
    for sheet, rules in sheets.items():
        loaded_by[sheet] = [name for name in pages if sheet in loads[name]]
        anywhere = set().union(*(used[name][sheet] for name in loaded_by[sheet]))
        nowhere[sheet] = [index for index in range(len(rules)) if index not in anywhere]
    columns = ["page (the stylesheets it loads)", "stylesheets", "rules used", "bytes of rules used", "unused bytes"]
    summary = table(columns, [page_row(name) for name in weights])
    unused = [(sheet, index) for sheet, indexes in nowhere.items() if loaded_by[sheet] for index in indexes]
    in_scripts = [(sheet, index) for sheet, index in unused if named_in_scripts(sheets[sheet][index][1])]
    summary += f"\nrules used on none of the {len(pages)} pages tried that load their stylesheet: {len(unused)}"
    summary += f" ({sum(len(sheets[sheet][index][2]) for sheet, index in unused):,} bytes), of which {len(in_scripts)}"
    summary += " name a class or id the scripts use (states they set); the lists: docs/css-usage.md (--css-usage)"
    never = [sheet for sheet in sheets if not loaded_by[sheet]]
    if never:
        summary += f"\nstylesheets no page tried loads: {', '.join(never)}"

    def selectors(sheet: str, indexes: list[int]) -> str:
        rules = sheets[sheet]
        return (
            "\n".join(
                f"- `{(rules[index][1] or rules[index][2].split('{')[0]).strip()}`"
                + (f" (in `{rules[index][0]}`)" if rules[index][0] else "")
                for index in indexes
            )
            or "(none)"
        )

    detail = ["# Which stylesheet rules each page uses", ""]
    detail.append(
        "Made by `bench/run.py --css-usage docs/css-usage.md`: each page loads `style.css` and the stylesheets"
        " of its kind, as one file (`{% block assets %}` in `templates/base.html`; a game's own from"
        " `templates/<game>/styles.html`). Each rule of the stylesheets a page loads is matched against the HTML"
        " the page is served with (soupsieve), before any script runs; states reached by use (:hover, :focus,"
        " ::before…) are matched without them. A rule may still be needed by a state a script sets (see the"
        " lists) or by a page not tried here. Sizes are of the source; the files are served minified."
    )
    detail += ["", "| page | stylesheets | rules used | bytes of rules used | unused bytes |", "|---|---|---|---|---|"]
    for name in pages:
        detail.append("| " + " | ".join(page_row(name)) + " |")
    detail += ["", "| stylesheet | rules | bytes | loaded by | rules used by none of them |", "|---|---|---|---|---|"]
    for sheet, rules in sheets.items():
        whole = size(sheet, list(range(len(rules))))
        by = ", ".join(loaded_by[sheet]) or "none of the pages tried"
        detail.append(f"| {sheet} | {len(rules)} | {whole:,} | {by} | {len(nowhere[sheet])} |")
    for sheet, rules in sheets.items():
        if not loaded_by[sheet]:
            continue
        detail += ["", f"## {sheet}", ""]
        for name in loaded_by[sheet]:
            detail.append(f"- {name}: {len(used[name][sheet])} of {len(rules)} rules")
        scripted = [index for index in nowhere[sheet] if named_in_scripts(rules[index][1])]
        others = [index for index in nowhere[sheet] if index not in scripted]
        detail += ["", f"Used by none of these pages, naming a class or id the scripts use ({len(scripted)}):", ""]
        detail.append(selectors(sheet, scripted))
        detail += ["", f"Used by none of these pages, otherwise ({len(others)}):", "", selectors(sheet, others)]
    return summary, "\n".join(detail) + "\n"


def other_pages(app: Flask, client: FlaskClient) -> dict[str, str]:
    """The HTML of the pages that are not a game's table or round form, for the stylesheets' use."""
    game_id, key = create(client, "hearts", TYPICAL["hearts"])
    phone = scorer_client(app, game_id, key)
    paths = {
        "home": "/",
        **{f"new {kind} game": f"/new/{kind}" for kind in GAMES},
        "hearts table, watching": f"/g/{game_id}",
        "undo": f"/g/{game_id}/undo",
        "invite": f"/g/{game_id}/invite",
        "correction": f"/g/{game_id}/round/1",
    }
    queenie_id, queenie_key = create(client, "queenie", TYPICAL["queenie"])
    queenie_phone = scorer_client(app, queenie_id, queenie_key)
    players, _options, make_round = GAMES["hearts"]
    finished = client.post(
        "/api/v1/games",
        json={"game": "hearts", "players": players, "options": {"hands": 2}},
    ).json
    finished_id, finished_key = finished["id"], finished["key"]
    for number in (1, 2):
        added = client.post(
            f"/api/v1/games/{finished_id}/rounds",
            json=make_round(number),
            headers={"Authorization": f"Bearer {finished_key}"},
        )
        assert added.status_code == 201, added.json
    finished_phone = scorer_client(app, finished_id, finished_key)
    pages = {}
    for name, path in paths.items():
        response = (client if "watching" in name else phone).get(path)
        assert response.status_code == 200, (path, response.status_code)
        pages[name] = response.get_data(as_text=True)
    for name, (asker, path) in {
        "hearts table, finished": (finished_phone, f"/g/{finished_id}"),
        "queenie play-along": (queenie_phone, f"/g/{queenie_id}/playalong"),
        "import": (phone, "/import"),
        "book": (phone, "/book"),
        "blank sheets": (phone, "/sheets"),
    }.items():
        response = asker.get(path)
        if response.status_code == 200:  # a page another change may have moved or removed is left out
            pages[name] = response.get_data(as_text=True)
    pages["not found"] = client.get("/g/no-such-game").get_data(as_text=True)
    return pages


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
        self.port = serving_port(self.process.stdout)

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


def planned(script: str, port: int, plan: dict[str, Any], folder: Path, timeout: float) -> Any:
    """What ``bench/<script>`` reports (the last line it prints, JSON) once it has run ``plan`` against the
    server on ``port``, in a process of its own: the plan goes to it as a file in ``folder``."""
    plan_file = folder / "plan.json"
    plan_file.write_text(json.dumps(plan), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(PROJECT / "bench" / script), str(port), str(plan_file)],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=timeout,
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
                # As a phone's browser asks: the page comes compressed (once, then kept per version).
                "table pages, compressed": {
                    "mode": "read",
                    "targets": pages,
                    "headers": {"Accept-Encoding": BROWSER_ENCODINGS},
                },
            }
            if http(port, "GET", f"{pages[0]}/version")[0] == 200:  # the watchers' poll, where the app has one
                plans["version polls"] = {"mode": "read", "targets": [f"{path}/version" for path in pages]}
            results: dict[str, dict[str, Any]] = {}
            for name, plan in plans.items():
                plan.update({"connections": connections, "seconds": seconds, "max_requests_per_connection": 50_000})
                for _ in range(repeats):
                    for path in pages:  # warm: each process caches the page of this version
                        http(port, "GET", path)
                    result = planned("load.py", port, plan, Path(folder), plan["seconds"] + 120)
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
        ["granian on 127.0.0.1", "requests", "per second", "p50 ms", "p95 ms", "p99 ms", "done", "refused"], rows
    )
    text += f"\nload: {connections} keep-alive connections from a second process (bench/load.py), {seconds:.0f} s"
    text += f" per line, best of {repeats}; writes go to 48 tables (16 per game) playing games of"
    text += f" {WRITE_GAME_LENGTH} rounds, then a new one ({created} new games in a run)"
    shipped = rates["1 process"]
    writes_met = shipped["writes"] >= WRITES_GOAL
    reads_met = shipped["table pages"] >= READS_GOAL
    trivial = shipped["trivial route"]
    text += f"\ngoal: at least {WRITES_GOAL} rounds written per second (1 process) -> {verdict(writes_met)}"
    text += f" ({shipped['writes']:,.0f}/s; the trivial route, same run: {trivial:,.0f}/s)"
    text += f"\ngoal: at least {READS_GOAL} table pages read per second (1 process) -> {verdict(reads_met)}"
    text += f" ({shipped['table pages']:,.0f}/s, compressed {shipped['table pages, compressed']:,.0f}/s;"
    text += f" the trivial route, same run: {trivial:,.0f}/s)"
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
    parser.add_argument("--threads", type=int, default=4, help="granian's blocking threads per process (4 to 8)")
    parser.add_argument("--connections", type=int, default=8, help="load generator connections")
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds of load per measure")
    parser.add_argument("--repeats", type=int, default=2, help="runs of each load measure (the best is kept)")
    parser.add_argument("--css-usage", type=Path, help="also write which stylesheet rules each page uses to this file")
    parser.add_argument("--no-load", action="store_true", help="skip the load measures (granian)")
    parser.add_argument(
        "--only",
        choices=["weight", "render"],
        help="run only this part: weight = page weight and stylesheet use (2 and 2b; some 20 s);"
        " render = the server time of the table pages (1, without 1b; some 10 s)",
    )
    args = parser.parse_args()
    only_weight = args.only == "weight"

    about = machine()
    print(f"referee benchmarks, {about['date']}")
    print(f"machine: {about['cores']} cores, {about['cpu']}, {about['python']}, load average {about['load']}")
    print()
    goals = []
    with tempfile.TemporaryDirectory() as folder:
        config = {"DATABASE": str(Path(folder) / "bench.sqlite3"), "SECRET_KEY": "bench", "CREATE_LIMIT": "off"}
        app: Flask = create_app(config)

        @app.get("/_bench/trivial")
        def trivial() -> str:
            return "ok"

        client = app.test_client()
        if not only_weight:
            text, met, _ = server_time(app, client)
            goals.append(met)
            print(text, end="\n\n")
            if args.only == "render":
                print(f"goals met: {sum(goals)} of {len(goals)} groups (see the lines starting with 'goal:')")
                return 0
            text, met, _ = write_cost(app, client)
            goals.append(met)
            print(text, end="\n\n")
        text, met, weights = page_weight(app, client)
        goals.append(met)
        print(text, end="\n\n")
        summary, detail = css_usage(app, weights["pages"], other_pages(app, client))
        print(summary, end="\n\n")
        if args.css_usage is not None:
            args.css_usage.write_text(detail, encoding="utf-8")
        db_slot = app.extensions["referee.connections"]
        if getattr(db_slot, "db", None) is not None:
            db_slot.db.close()
    if only_weight:
        print(f"goals met: {sum(goals)} of {len(goals)} groups (see the lines starting with 'goal:')")
        return 0
    if not args.no_load:
        text, met, rates = under_load(args.threads, args.connections, args.seconds, args.repeats)
        goals.append(met)
        print(text, end="\n\n")
    print(taps(), end="\n\n")
    if not args.no_load:
        print(capacity(rates))
        print()
    print(f"goals met: {sum(goals)} of {len(goals)} groups (see the lines starting with 'goal:')")
    return 0


if __name__ == "__main__":
    sys.exit(main())
