"""The change log of a long, much corrected game, timed: ``python bench/change_log.py``.

A Hearts game of 1,000 hands with 500 corrections (each swaps two players' counts, so every
later hand's totals change), played two ways: the corrections made as a table makes them, each
of one of the last three hands, while the game goes on; and all at the end, of hands chosen at
random (the worst case: each correction leaves the hands after it to be played again when a
later change needs them). The change log is derived once per version of the game and carried
on by the next writes: the first derivation is timed (best of a few, the caches emptied between),
then the answer at the same version and the one after one more write; the calls to the rules of
the first derivation are counted.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from bench.games import GAMES, hearts_round  # noqa: E402
from referee import create_app, gamestate, store  # noqa: E402
from referee.db import get_db  # noqa: E402
from referee.games.base import make_setup  # noqa: E402
from referee.installed import rules_of  # noqa: E402

HANDS = 1000
CORRECTIONS = 500
REPEATS = 3
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


def counted_calls(game_id: str) -> dict[str, int]:
    """The calls to the rules one derivation of the change log makes."""
    rules = rules_of("hearts")
    calls = {"check_round": 0, "play": 0, "standings": 0}
    originals = {name: getattr(rules, name) for name in calls}

    def counting(name: str) -> Any:
        def call(*args: Any) -> Any:
            calls[name] += 1
            return originals[name](*args)

        return call

    try:
        for name in calls:
            setattr(rules, name, counting(name))
        gamestate.forget()
        store.change_log(get_db(), game_id)
    finally:
        for name, original in originals.items():
            setattr(rules, name, original)
    return calls


def measure(at_the_end: bool) -> tuple[float, float]:
    """Prints the figures of one way of playing; the seconds of the first derivation, and of the
    slowest answer after it (at the same version, or after one more write)."""
    game_id = long_game(at_the_end)
    best = float("inf")
    for _ in range(REPEATS):
        gamestate.forget()
        start = time.perf_counter()
        changes = store.change_log(get_db(), game_id)
        best = min(best, time.perf_counter() - start)
    start = time.perf_counter()
    store.change_log(get_db(), game_id)
    again = time.perf_counter() - start
    store.undo_round(get_db(), game_id, HANDS)  # one more write: the log goes on by its row
    start = time.perf_counter()
    store.change_log(get_db(), game_id)
    after_write = time.perf_counter() - start
    calls = counted_calls(game_id)
    how = "all at the end, of random hands" if at_the_end else "as the game goes, of the last three hands"
    print(f"Corrections {how} ({len(changes)} changes):")
    print(f"  first derivation: {best * 1000:.0f} ms (best of {REPEATS})")
    print(f"  asked again at the same version: {again * 1000:.1f} ms")
    print(f"  after one more write: {after_write * 1000:.1f} ms")
    print("  calls to the rules (first derivation): " + ", ".join(f"{name} {count}" for name, count in calls.items()))
    return best, max(again, after_write)


def main() -> int:
    print(f"The change log of a {HANDS}-hand Hearts game with {CORRECTIONS} corrections:")
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": str(Path(folder) / "bench.sqlite3"), "SECRET_KEY": "bench"})
        with app.app_context():
            as_played = measure(at_the_end=False)
            at_the_end = measure(at_the_end=True)
    met = as_played[0] < GOAL_SECONDS and as_played[1] < GOAL_SECONDS and at_the_end[1] < GOAL_SECONDS
    print(
        f"goal: under {GOAL_SECONDS:.0f} s, the log of a game corrected as played, and every answer once derived"
        f" -> {'met' if met else 'NOT met'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
