"""The change log of a long, much corrected game, timed: ``python bench/change_log.py``.

A Hearts game of 1,000 hands with 500 corrections (each swaps two players' counts, so every
later hand's totals change), played two ways: the corrections made as a table makes them, each
of one of the last three hands, while the game goes on; and all at the end, of hands chosen at
random (the worst case for a log derived by replaying it: each correction leaves the hands after
it to be played again).

Timed through the app (its test client), as a phone or a client asks: ``GET /api/v1/games/<id>/changes``
and the page ``/g/<id>/changes``, cold (every cache emptied, as in a process just started; best of a
few), then again at the same version, and once more after one more write; and the whole log read
cold, page after page (by each answer's ``older``, where the app has pages). Each figure is also a
ratio to a trivial route timed in the same run, so runs on a busy machine compare. The calls to the
rules of a cold answer are counted. It times the API, so the same script times an older checkout too.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from flask.testing import FlaskClient  # noqa: E402

from bench.games import GAMES, hearts_round  # noqa: E402
from referee import create_app, gamestate, store  # noqa: E402
from referee.db import get_db  # noqa: E402
from referee.games.base import make_setup  # noqa: E402
from referee.installed import rules_of  # noqa: E402
from referee.store import games as stored_games  # noqa: E402

HANDS = 1000
CORRECTIONS = 500
REPEATS = 3
CALLS = 20  # answers at the same version, averaged
GOAL_SECONDS = 1.0


def corrected(number: int) -> dict[str, Any]:
    """Hand ``number`` with the first two players' hearts swapped."""
    hand = hearts_round(number)
    first, second, *_ = hand["hearts"]
    hand["hearts"][first], hand["hearts"][second] = hand["hearts"][second], hand["hearts"][first]
    return hand


def swapped(db: Any, game_id: str, number: int) -> None:
    """Correct hand ``number``: swapped if it is as first played, else back as first played."""
    fresh = store.load_game(db, game_id).inputs[number - 1] == hearts_round(number)
    store.replace_round(db, game_id, number, corrected(number) if fresh else hearts_round(number))


def long_game(at_the_end: bool) -> str:
    """The game's id, in the current app's database."""
    players, options, make_round = GAMES["hearts"]
    game_id, _key = store.create_game(get_db(), "hearts", make_setup(rules_of("hearts"), players, options))
    chooser = random.Random(21)
    for number in range(1, HANDS + 1):
        store.add_round(get_db(), game_id, make_round(number))
        if not at_the_end and number % 2 == 0:
            swapped(get_db(), game_id, number - chooser.randint(0, 2))
    if at_the_end:
        for _ in range(CORRECTIONS):
            swapped(get_db(), game_id, chooser.randint(1, HANDS))
    return game_id


def cold() -> None:
    """Every cache of a game's derived state and of its rows emptied: as in a process just started."""
    gamestate.forget()
    stored_games._bodies.clear()


def timed(client: FlaskClient, path: str) -> tuple[float, Any]:
    start = time.perf_counter()
    response = client.get(path)
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, path
    return elapsed, response


def best_cold(client: FlaskClient, path: str) -> float:
    """The best of REPEATS cold answers."""
    best = float("inf")
    for _ in range(REPEATS):
        cold()
        best = min(best, timed(client, path)[0])
    return best


def whole_log(client: FlaskClient, game_id: str) -> tuple[float, int, int]:
    """Seconds to read the whole log cold (every page, by ``older``), its changes and the pages read."""
    cold()
    path: str | None = f"/api/v1/games/{game_id}/changes"
    seconds, changes, pages = 0.0, 0, 0
    while path is not None:
        elapsed, response = timed(client, path)
        seconds, changes, pages = seconds + elapsed, changes + len(response.json["changes"]), pages + 1
        path = response.json.get("older")
    return seconds, changes, pages


def counted_calls(client: FlaskClient, path: str) -> dict[str, int]:
    """The calls to the rules one cold answer makes."""
    rules = rules_of("hearts")
    calls = {"check_round": 0, "play": 0, "standings": 0}
    originals = {name: getattr(rules, name) for name in calls}

    def counting(name: str) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            calls[name] += 1
            return originals[name](*args)

        return call

    try:
        for name in calls:
            setattr(rules, name, counting(name))
        cold()
        timed(client, path)
    finally:
        for name, original in originals.items():
            setattr(rules, name, original)
    return calls


def measure(client: FlaskClient, at_the_end: bool, baseline: float) -> float:
    """Prints the figures of one way of playing; the slowest cold answer (seconds)."""
    game_id = long_game(at_the_end)
    api, page = f"/api/v1/games/{game_id}/changes", f"/g/{game_id}/changes"
    first = best_cold(client, api)
    first_page = best_cold(client, page)
    again = min(sum(timed(client, api)[0] for _ in range(CALLS)) / CALLS for _ in range(REPEATS))
    store.undo_round(get_db(), game_id, HANDS)  # one more write
    after_write = timed(client, api)[0]
    whole, changes, pages = whole_log(client, game_id)
    calls = counted_calls(client, api)
    how = "all at the end, of random hands" if at_the_end else "as the game goes, of the last three hands"
    print(f"Corrections {how} ({changes} changes, {pages} page{'s' if pages > 1 else ''}):")
    for label, seconds in (
        ("GET /api/v1/games/<id>/changes, cold", first),
        ("GET /g/<id>/changes, cold", first_page),
        ("same API answer again, same version", again),
        ("same API answer after one more write", after_write),
        ("the whole log, cold, every page", whole),
    ):
        print(f"  {label}: {seconds * 1000:.1f} ms, {seconds / baseline:,.0f}x trivial")
    print("  calls to the rules (cold API answer): " + ", ".join(f"{name} {count}" for name, count in calls.items()))
    return max(first, first_page)


def main() -> int:
    print(f"The change log of a {HANDS}-hand Hearts game with {CORRECTIONS} corrections:")
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": str(Path(folder) / "bench.sqlite3"), "SECRET_KEY": "bench"})

        @app.get("/_bench/trivial")
        def trivial() -> str:
            return "ok"

        client = app.test_client()
        baseline = min(sum(timed(client, "/_bench/trivial")[0] for _ in range(CALLS)) / CALLS for _ in range(7))
        print(f"trivial Flask route: {baseline * 1000:.3f} ms")
        with app.app_context():
            slowest = max(measure(client, at_the_end, baseline) for at_the_end in (False, True))
    met = slowest < GOAL_SECONDS
    print(f"goal: every answer under {GOAL_SECONDS:.0f} s, cold, both ways -> {'met' if met else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
