"""Benchmarks: server time of each game's table page for a 100-round game,
against a trivial Flask route measured in the same run.

Run with `make bench`. Prints a table; the goal is a ratio under 3x.
"""

from __future__ import annotations

import platform
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from referee import create_app, store
from referee.views import tables

ROUNDS = 100
REPEATS = 7
CALLS = 50


def hearts_rounds(players: list[str], rng: random.Random) -> list[dict[str, Any]]:
    rounds = []
    for _ in range(ROUNDS):
        cuts = sorted(rng.randint(0, 13) for _ in range(len(players) - 1))
        counts = [b - a for a, b in zip([0, *cuts], [*cuts, 13], strict=True)]
        rounds.append({"hearts": dict(zip(players, counts, strict=True)), "queen": rng.choice(players)})
    return rounds


GAMES: dict[str, tuple[list[str], dict[str, Any], Callable[[list[str], random.Random], list[dict[str, Any]]]]] = {
    "hearts": (["Alice", "Bruno", "Chloé", "Denis"], {"hands": ROUNDS}, hearts_rounds),
}


def build_game(client: FlaskClient, game: str) -> str:
    players, options, make_rounds = GAMES[game]
    created = client.post("/api/v1/games", json={"game": game, "players": players, "options": options})
    assert created.status_code == 201, created.json
    game_id, key = created.json["id"], created.json["key"]
    for round_input in make_rounds(players, random.Random(7)):
        response = client.post(
            f"/api/v1/games/{game_id}/rounds", json=round_input, headers={"Authorization": f"Bearer {key}"}
        )
        assert response.status_code == 201, response.json
    return f"/g/{game_id}"


def drop_caches() -> None:
    """Forget every cached replay and page, as right after a round is written."""
    store._standings_cache.clear()
    tables._table_pages.clear()


def per_call(client: FlaskClient, path: str, cold: bool = False) -> float:
    """Best-of-REPEATS mean seconds per request."""
    samples = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        for _ in range(CALLS):
            if cold:
                drop_caches()
            response = client.get(path)
            assert response.status_code == 200
        samples.append((time.perf_counter() - start) / CALLS)
    return min(samples)


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        app: Flask = create_app({"DATABASE": str(Path(folder) / "bench.sqlite3"), "SECRET_KEY": "bench"})

        @app.get("/_bench/trivial")
        def trivial() -> str:
            return "ok"

        client = app.test_client()
        pages = {game: build_game(client, game) for game in GAMES}
        baseline = per_call(client, "/_bench/trivial")
        print(f"machine: {platform.machine()}, {platform.python_implementation()} {platform.python_version()}")
        print(f"{'page':<28}{'ms/request':>12}{'x trivial':>12}{'bytes':>10}")
        print(f"{'trivial route':<28}{baseline * 1000:>12.3f}{1.0:>12.2f}{'':>10}")
        worst = 0.0
        for game, path in pages.items():
            seconds = per_call(client, path)
            size = len(client.get(path).data)
            ratio = seconds / baseline
            worst = max(worst, ratio)
            print(f"{game + ' table, ' + str(ROUNDS) + ' rounds':<28}{seconds * 1000:>12.3f}{ratio:>12.2f}{size:>10}")
            cold = per_call(client, path, cold=True)
            print(f"{'  same, just after a write':<28}{cold * 1000:>12.3f}{cold / baseline:>12.2f}{'':>10}")
        print("(the page is cached per game version; 'just after a write' replays and renders it anew)")
        print(
            f"goal: table page under 3x the trivial route -> {'met' if worst < 3 else 'NOT met'} (worst {worst:.2f}x)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
