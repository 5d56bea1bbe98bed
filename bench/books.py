"""A big book's pages, timed: ``python bench/books.py``.

One book of 300 Hearts games of 500 hands each (one stored, the others copies of its rows). Timed
through the app (its test client), as a phone and a client ask: the players' records page
``/book/players`` (the book in the phone's cookie) and ``GET /api/v1/books/<id>`` (its key as a
bearer), each first as in a process just started (every cache of the app emptied), then again at
the same version of the book, then after one round is added to one of its games. The first answer's
peak of memory allocated (tracemalloc, in a run of its own, untimed) says what it holds at once.
Each time is also a ratio to a trivial route timed in the same run. It asks only the app's routes,
so the same script times an older checkout too.
"""

from __future__ import annotations

import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from flask.testing import FlaskClient  # noqa: E402

from bench.games import GAMES  # noqa: E402
from referee import create_app, gamestate, store  # noqa: E402
from referee.cache import VersionedCache  # noqa: E402
from referee.db import get_db  # noqa: E402
from referee.games.base import make_setup  # noqa: E402
from referee.installed import rules_of  # noqa: E402
from referee.store import games as stored_games  # noqa: E402
from referee.views import books as book_views  # noqa: E402
from referee.views.access import BOOK_COOKIE  # noqa: E402

GAMES_IN_BOOK = 300
HANDS = 500
REPEATS = 2  # cold answers, the best kept
AGAIN = 3  # answers at the same version, the best kept (one at a time: uncached, each is as slow as the first)
CALLS = 20  # the trivial route's, averaged
GOAL_RATIO = 100  # every answer after the first at most this many times the trivial route


def big_book() -> tuple[str, str, str]:
    """The book's id and key, and one of its games, in the current app's database: one game stored as
    an import, the others copies of its rows under their own ids and keys (in SQL: storing 150,000
    rounds through the store would take longer than the whole measure)."""
    players, options, make_round = GAMES["hearts"]
    setup = make_setup(rules_of("hearts"), players, options)
    db = get_db()
    first, first_key = store.create_game(db, "hearts", setup, [make_round(number) for number in range(1, HANDS + 1)])
    keys = {first: first_key}
    for copy in range(1, GAMES_IN_BOOK):
        game_id, key = f"bench-game-{copy}", f"bench-key-{copy}"
        keys[game_id] = key
        with db.conn:
            db.execute(
                "insert into games (id, game, options, dealer, key_hash, created, updated, version) "
                "select ?, game, options, dealer, ?, created, updated, version from games where id = ?",
                [game_id, stored_games.hash_key(key), first],
            )
            for table, columns in (("players", "seat, name"), ("rounds", "number, input, created, updated")):
                db.execute(
                    f"insert into {table} (game_id, {columns}) select ?, {columns} from {table} where game_id = ?",
                    [game_id, first],
                )
    book = store.create_book(db)
    assert store.file_games(db, book, keys) == GAMES_IN_BOOK
    return book.id, book.key, first


def cold() -> None:
    """Every cache the app keeps of games and books emptied: as in a process just started (the modules'
    caches, whichever this checkout has)."""
    for module in (gamestate, stored_games, book_views):
        for value in vars(module).values():
            if isinstance(value, VersionedCache):
                value.clear()


def timed(client: FlaskClient, path: str, headers: dict[str, str]) -> float:
    start = time.perf_counter()
    response = client.get(path, headers=headers)
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, path
    return elapsed


def peak_bytes(client: FlaskClient, path: str, headers: dict[str, str]) -> int:
    """The peak of memory allocated while answering cold (beyond what was allocated before)."""
    cold()
    tracemalloc.start()
    try:
        client.get(path, headers=headers)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def measure(client: FlaskClient, label: str, path: str, headers: dict[str, str], game: str, baseline: float) -> float:
    """Prints one route's figures; its slowest answer but the first, as a ratio to the trivial route."""
    first = float("inf")
    for _ in range(REPEATS):
        cold()
        first = min(first, timed(client, path, headers))
    again = min(timed(client, path, headers) for _ in range(AGAIN))
    store.add_round(get_db(), game, GAMES["hearts"][2](HANDS + 1))
    after_write = timed(client, path, headers)
    store.undo_round(get_db(), game, HANDS + 1)
    peak = peak_bytes(client, path, headers)
    print(f"{label}:")
    for what, seconds in (
        ("first, cold", first),
        ("again, same version", again),
        ("after a round added to one game", after_write),
    ):
        print(f"  {what}: {seconds * 1000:,.1f} ms, {seconds / baseline:,.0f}x trivial")
    print(f"  peak memory allocated, first answer: {peak / 2**20:.1f} MiB")
    return max(again, after_write) / baseline


def main() -> int:
    print(f"A book of {GAMES_IN_BOOK} Hearts games of {HANDS} hands:")
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": str(Path(folder) / "bench.sqlite3"), "SECRET_KEY": "bench"})

        @app.get("/_bench/trivial")
        def trivial() -> str:
            return "ok"

        client = app.test_client()
        baseline = min(sum(timed(client, "/_bench/trivial", {}) for _ in range(CALLS)) / CALLS for _ in range(7))
        print(f"trivial Flask route: {baseline * 1000:.3f} ms")
        with app.app_context():
            book_id, key, game = big_book()
            client.set_cookie(BOOK_COOKIE, f"{book_id}.{key}")
            routes: list[tuple[str, str, dict[str, Any]]] = [
                ("GET /book/players", "/book/players", {}),
                ("GET /api/v1/books/<id>", f"/api/v1/books/{book_id}", {"Authorization": f"Bearer {key}"}),
            ]
            slowest = max(measure(client, label, path, headers, game, baseline) for label, path, headers in routes)
    met = slowest <= GOAL_RATIO
    print(
        f"goal: every answer after the first at most {GOAL_RATIO}x the trivial route"
        f" -> {'met' if met else 'NOT met'} (worst {slowest:,.0f}x)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
