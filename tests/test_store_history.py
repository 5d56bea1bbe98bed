"""The store's history: the audit rows of a game, and the change log made of them, against a fresh database."""

from __future__ import annotations

from typing import Any

import pytest
from sqlite_utils import Database

from referee import store
from referee.games.base import make_setup
from referee.installed import rules_of
from tests.conftest import NOON
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


def test_the_change_log_replays_each_change_with_the_rounds_scores_before_and_after(db: Database, noon: str) -> None:
    game_id = new_game(db)
    store.add_round(db, game_id, HAND_A, book="mine")
    store.add_round(db, game_id, HAND_B)
    store.replace_round(db, game_id, 1, MOON, book="mine")
    store.replace_round(db, game_id, 1, HAND_B, book="mine")
    store.undo_round(db, game_id, 2, book="theirs")
    changes = store.change_log(db, game_id)
    assert [change.at for change in changes] == [NOON] * 5
    assert [summary(change) for change in changes] == [
        ("add", 1, None, HAND_A, None, SCORES_A, [], [], "mine"),
        ("add", 2, None, HAND_B, None, SCORES_B, [], [], None),
        ("edit", 1, HAND_A, MOON, SCORES_A, SCORES_MOON, [], ["moon:Alice"], "mine"),
        ("edit", 1, MOON, HAND_B, SCORES_MOON, SCORES_B, ["moon:Alice"], [], "mine"),
        ("undo", 2, HAND_B, None, SCORES_B, None, [], [], "theirs"),
    ]
    assert [row["action"] for row in store.audit_log(db, game_id)] == ["add", "add", "edit", "edit", "undo"]


def test_a_log_that_does_not_replay_still_lists_its_rows_without_scores(db: Database, noon: str) -> None:
    game_id = new_game(db)
    store.add_round(db, game_id, HAND_A)
    # A row no write makes (a correction of a round never added): from there on, no scores.
    db.execute("insert into audit (game_id, number, action, at, after) values (?, 5, 'edit', ?, '{}')", [game_id, NOON])
    store.add_round(db, game_id, HAND_B)
    changes = store.change_log(db, game_id)
    assert [(change.action, change.number, change.scores_after) for change in changes] == [
        ("add", 1, SCORES_A),
        ("edit", 5, None),
        ("add", 2, None),
    ]
    assert changes[1].after == {} and changes[2].after == HAND_B


def test_no_game_no_log(db: Database) -> None:
    with pytest.raises(store.NotFound):
        store.change_log(db, "no-such-game")
