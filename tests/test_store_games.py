"""The store's games and rounds, directly against a fresh database: exact rows after each write."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlite_utils import Database

from referee import store
from referee.games.base import Invalid, RoundInvalid, Setup, make_setup
from referee.installed import rules_of
from tests.conftest import NOON, rows

FOUR = ("Alice", "Bruno", "Chloé", "Denis")
THREE_HANDS = {"hands": 3}


def hand(counts: list[int], queen: str) -> dict[str, Any]:
    return {"hearts": dict(zip(FOUR, counts, strict=True)), "queen": queen}


HAND_A = hand([4, 3, 3, 3], "Alice")  # Alice 17, the others 3
HAND_B = hand([0, 6, 7, 0], "Denis")  # Bruno 6, Chloé 7, Denis 13


def new_setup(options: dict[str, Any]) -> Setup:
    """A new Hearts game of :data:`FOUR`, every option filled in as for a game created."""
    return make_setup(rules_of("hearts"), list(FOUR), options)


@pytest.fixture
def game(db: Database, noon: str) -> str:
    game_id, _key = store.create_game(db, "hearts", new_setup(THREE_HANDS))
    return game_id


def audit(db: Database) -> list[tuple[Any, ...]]:
    """The audit rows: (number, action, before, after, book), the inputs as JSON values."""
    return [
        (
            row["number"],
            row["action"],
            None if row["before"] is None else json.loads(row["before"]),
            None if row["after"] is None else json.loads(row["after"]),
            row["book_id"],
        )
        for row in rows(db, "audit")
    ]


def test_a_new_game_is_its_row_its_players_and_no_round(db: Database, noon: str) -> None:
    setup = new_setup(THREE_HANDS)
    game_id, key = store.create_game(db, "hearts", setup)
    [row] = rows(db, "games")
    assert row == {
        "id": game_id,
        "game": "hearts",
        "options": json.dumps(dict(setup.options)),
        "dealer": 0,
        "key_hash": row["key_hash"],
        "created": NOON,
        "updated": NOON,
        "version": 0,
        "announced": None,
        "stop_after": None,
    }
    assert key not in json.dumps(rows(db, "games")) and len(row["key_hash"]) == 64
    assert store.key_matches(store.load_head(db, game_id), key)
    assert not store.key_matches(store.load_head(db, game_id), key + "x")
    assert rows(db, "players") == [{"game_id": game_id, "seat": seat, "name": name} for seat, name in enumerate(FOUR)]
    assert rows(db, "rounds") == [] and rows(db, "audit") == []


def test_a_round_added_is_its_row_an_audit_row_and_a_new_version(db: Database, game: str) -> None:
    after = store.add_round(db, game, HAND_A, 1, book="book-1")
    text = json.dumps(HAND_A, ensure_ascii=False)
    assert rows(db, "rounds") == [{"game_id": game, "number": 1, "input": text, "created": NOON, "updated": NOON}]
    assert audit(db) == [(1, "add", None, HAND_A, "book-1")]
    assert after.version == store.load_head(db, game).version == 1
    assert after.inputs == store.load_game(db, game).inputs == (HAND_A,)
    assert dict(after.standings().totals) == {"Alice": 17, "Bruno": 3, "Chloé": 3, "Denis": 3}


def test_a_round_for_the_wrong_number_or_a_finished_game_is_refused_and_writes_nothing(db: Database, game: str) -> None:
    store.add_round(db, game, HAND_A)
    with pytest.raises(store.Conflict, match="Hand 1 is already recorded"):
        store.add_round(db, game, HAND_B, 1)
    with pytest.raises(store.Conflict, match="The next hand is hand 2."):
        store.add_round(db, game, HAND_B, 3)
    store.add_round(db, game, HAND_B, 2)
    store.add_round(db, game, HAND_A, 3)
    before = rows(db, "rounds"), rows(db, "audit"), rows(db, "games")
    with pytest.raises(store.Conflict, match="The game is over"):
        store.add_round(db, game, HAND_B)
    with pytest.raises(store.NotFound):
        store.add_round(db, "no-such-game", HAND_B)
    assert (rows(db, "rounds"), rows(db, "audit"), rows(db, "games")) == before


def test_a_round_the_rules_refuse_writes_nothing(db: Database, game: str) -> None:
    with pytest.raises(Invalid) as refused:
        store.add_round(db, game, hand([4, 3, 3, 2], "Alice"))
    assert [problem.field for problem in refused.value.problems] == ["hearts"]
    assert rows(db, "rounds") == [] and rows(db, "audit") == [] and store.load_head(db, game).version == 0


def test_a_correction_updates_its_row_and_leaves_an_edit_row(db: Database, game: str) -> None:
    store.add_round(db, game, HAND_A)
    store.add_round(db, game, HAND_A)
    corrected = store.replace_round(db, game, 1, HAND_B, book="book-2", version=2)
    assert [json.loads(row["input"]) for row in rows(db, "rounds")] == [HAND_B, HAND_A]
    assert audit(db)[-1] == (1, "edit", HAND_A, HAND_B, "book-2")
    assert corrected.version == 3
    assert dict(corrected.standings().totals) == {"Alice": 17, "Bruno": 9, "Chloé": 10, "Denis": 16}


def test_a_correction_against_another_version_is_stale_and_writes_nothing(db: Database, game: str) -> None:
    store.add_round(db, game, HAND_A)
    with pytest.raises(store.Stale) as stale:
        store.replace_round(db, game, 1, HAND_B, version=0)
    assert stale.value.current.version == 1 and stale.value.problem.field == "version"
    with pytest.raises(store.NotFound):
        store.replace_round(db, game, 2, HAND_B)
    assert audit(db) == [(1, "add", None, HAND_A, None)]


def test_a_correction_that_makes_a_later_round_impossible_is_refused_whole(db: Database, noon: str) -> None:
    """To 30: three hands of Denis 13 end at hand 3; with hand 1 giving him 22, hand 2 ends the game, so
    hand 3 can only be undone (and hand 4 with it, when there is one)."""
    game_id, _key = store.create_game(db, "hearts", new_setup({"target": 30}))
    for _ in range(3):
        store.add_round(db, game_id, HAND_B)
    before = rows(db, "rounds"), rows(db, "audit")
    with pytest.raises(Invalid) as refused:
        store.replace_round(db, game_id, 1, hand([0, 0, 4, 9], "Denis"))
    assert [problem.render() for problem in refused.value.problems] == [
        "This change would end the game before hand 3, which is already recorded. Nothing was saved.",
        "Undo hand 3 first, then make this correction again.",
    ]
    assert isinstance(refused.value, store.EndsBefore) and refused.value.number == 3
    assert (rows(db, "rounds"), rows(db, "audit")) == before


def test_only_the_last_round_can_be_undone(db: Database, game: str) -> None:
    store.add_round(db, game, HAND_A)
    store.add_round(db, game, HAND_B)
    with pytest.raises(store.Conflict, match="Only the last hand can be undone"):
        store.undo_round(db, game, 1)
    after = store.undo_round(db, game, 2, book="book-3")
    assert [json.loads(row["input"]) for row in rows(db, "rounds")] == [HAND_A]
    assert audit(db)[-1] == (2, "undo", HAND_B, None, "book-3")
    assert after.version == 3 and after.inputs == (HAND_A,)
    assert dict(after.standings().totals) == {"Alice": 17, "Bruno": 3, "Chloé": 3, "Denis": 3}


def test_an_import_checks_every_round_first_and_audits_each(db: Database, noon: str) -> None:
    setup = new_setup(THREE_HANDS)
    with pytest.raises(RoundInvalid) as refused:
        store.import_game(db, "hearts", setup, [HAND_A, hand([1, 1, 1, 1], "Bruno")])
    assert refused.value.number == 2
    assert rows(db, "games") == []
    game_id, _key = store.import_game(db, "hearts", setup, [HAND_A, HAND_B])
    assert audit(db) == [(1, "import", None, HAND_A, None), (2, "import", None, HAND_B, None)]
    assert store.load_game(db, game_id).version == 2


def test_a_game_holds_at_most_max_rounds(db: Database, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store.games, "MAX_ROUNDS", 1)
    store.add_round(db, game, HAND_A)
    with pytest.raises(Invalid, match="A game holds at most 1 rounds."):
        store.add_round(db, game, HAND_A)
    with pytest.raises(Invalid, match="A game holds at most 1 rounds; this one has 2."):
        store.checked_rounds("hearts", new_setup(THREE_HANDS), [HAND_A, HAND_A])


def test_summaries_say_who_plays_and_how_many_rounds(db: Database, game: str) -> None:
    store.add_round(db, game, HAND_A)
    assert store.summaries(db, [game, "no-such-game"]) == [
        {"id": game, "game": "hearts", "updated": NOON, "players": "Alice, Bruno, Chloé, Denis", "rounds": 1}
    ]
    assert store.summaries(db, []) == []
