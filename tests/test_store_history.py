"""The store's history: the audit rows of a game, and the change log made of them, against a fresh database."""

from __future__ import annotations

from typing import Any

import pytest
from sqlite_utils import Database

from referee import store
from referee.db import migrate
from referee.games.base import make_setup
from referee.installed import rules_of
from tests.conftest import NOON, rows
from tests.test_store_games import FOUR, HAND_A, HAND_B

SCORES_A = {"Alice": 17, "Bruno": 3, "Chloé": 3, "Denis": 3}
SCORES_B = {"Alice": 0, "Bruno": 6, "Chloé": 7, "Denis": 13}
MOON = {"hearts": {"Alice": 13, "Bruno": 0, "Chloé": 0, "Denis": 0}, "queen": "Alice"}
SCORES_MOON = {"Alice": 0, "Bruno": 26, "Chloé": 26, "Denis": 26}


def new_game(db: Database) -> str:
    return store.create_game(db, "hearts", make_setup(rules_of("hearts"), list(FOUR), {"hands": 5}))[0]


def summary(change: store.Change) -> tuple[Any, ...]:
    return (
        change.action,
        change.number,
        change.before,
        change.after,
        change.scores_before,
        change.scores_after,
        [str(event) for event in change.events_before],
        [str(event) for event in change.events_after],
        change.book_id,
    )


def test_the_change_log_keeps_each_change_with_the_rounds_scores_before_and_after(db: Database, noon: str) -> None:
    game_id = new_game(db)
    store.add_round(db, game_id, HAND_A, book="mine")
    store.add_round(db, game_id, HAND_B)
    store.replace_round(db, game_id, 1, MOON, book="mine")
    store.replace_round(db, game_id, 1, HAND_B, book="theirs")
    store.undo_round(db, game_id, 2, book="theirs")
    page = store.change_log(db, game_id)
    assert [change.at for change in page.changes] == [NOON] * 5
    assert [summary(change) for change in page.changes] == [
        ("add", 1, None, HAND_A, None, SCORES_A, [], [], "mine"),
        ("add", 2, None, HAND_B, None, SCORES_B, [], [], None),
        ("edit", 1, HAND_A, MOON, SCORES_A, SCORES_MOON, [], ["moon:Alice"], "mine"),
        ("edit", 1, MOON, HAND_B, SCORES_MOON, SCORES_B, ["moon:Alice"], [], "theirs"),
        ("undo", 2, HAND_B, None, SCORES_B, None, [], [], "theirs"),
    ]
    assert (page.older, page.books) == (None, ("mine", "theirs"))
    assert [row["action"] for row in store.audit_log(db, game_id)] == ["add", "add", "edit", "edit", "undo"]


def test_the_change_log_is_read_a_page_at_a_time_newest_page_first(db: Database, noon: str) -> None:
    game_id = new_game(db)
    for number, book in enumerate(["a", "b", "a", "c", "b"], start=1):
        store.add_round(db, game_id, HAND_A if number % 2 else HAND_B, book=book)
    latest = store.change_log(db, game_id, size=2)
    assert [change.number for change in latest.changes] == [4, 5]
    assert latest.older == 4
    middle = store.change_log(db, game_id, latest.older, size=2)
    assert [change.number for change in middle.changes] == [2, 3]
    first = store.change_log(db, game_id, middle.older, size=2)
    assert [change.number for change in first.changes] == [1] and first.older is None
    # Every page names the books of the whole log in the order of their first change (the same letters).
    assert latest.books == middle.books == first.books == ("a", "b", "c")
    assert store.change_log(db, game_id, 1).changes == () and store.change_log(db, game_id, 1).older is None
    assert store.change_log(db, game_id, 99, size=2) == latest


def without_results(db: Database) -> None:
    """The audit table as before migration 5: no results kept; then the migrations applied again."""
    db.execute("alter table audit drop column results")
    db.execute("delete from _sqlite_migrations where name = 'm006_change_results'")
    migrate(db)


def test_rows_written_before_the_results_were_kept_are_filled_in_once_by_replaying(db: Database, noon: str) -> None:
    game_id = new_game(db)
    store.add_round(db, game_id, HAND_A, book="mine")
    store.add_round(db, game_id, HAND_B)
    store.replace_round(db, game_id, 1, MOON)
    store.replace_round(db, game_id, 2, HAND_A)
    store.undo_round(db, game_id, 2)
    imported, _key = store.import_game(db, "hearts", make_setup(rules_of("hearts"), list(FOUR), {}), [MOON, HAND_B])
    written = rows(db, "audit")
    without_results(db)
    assert rows(db, "audit") == written
    assert [summary(change) for change in store.change_log(db, imported).changes] == [
        ("import", 1, None, MOON, None, SCORES_MOON, [], ["moon:Alice"], None),
        ("import", 2, None, HAND_B, None, SCORES_B, [], [], None),
    ]


def test_a_log_that_does_not_replay_keeps_its_rows_without_scores_from_there_on(db: Database, noon: str) -> None:
    game_id = new_game(db)
    store.add_round(db, game_id, HAND_A)
    # A row no write makes (a correction of a round never added): from there on, no scores.
    db.execute("insert into audit (game_id, number, action, at, after) values (?, 5, 'edit', ?, '{}')", [game_id, NOON])
    store.add_round(db, game_id, HAND_B)
    without_results(db)
    changes = store.change_log(db, game_id).changes
    assert [(change.action, change.number, change.scores_after) for change in changes] == [
        ("add", 1, SCORES_A),
        ("edit", 5, None),
        ("add", 2, None),
    ]
    assert changes[1].after == {} and changes[2].after == HAND_B


def test_no_game_no_log(db: Database) -> None:
    with pytest.raises(store.NotFound):
        store.change_log(db, "no-such-game")
