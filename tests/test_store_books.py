"""The store's books (« carnets ») and rematches, directly against a fresh database: exact rows."""

from __future__ import annotations

import pytest
from sqlite_utils import Database

from referee import store
from referee.games.base import make_setup
from referee.installed import rules_of
from tests.conftest import NOON, rows
from tests.test_store_games import FOUR, HAND_A, HAND_B


def new_game(db: Database, hands: int = 2, dealer: str = "Alice") -> tuple[str, str]:
    return store.create_game(db, "hearts", make_setup(rules_of("hearts"), list(FOUR), {"hands": hands}, dealer))


def test_a_new_book_keeps_only_the_hash_of_its_key(db: Database, noon: str) -> None:
    book = store.create_book(db)
    [row] = rows(db, "books")
    assert row == {"id": book.id, "key_hash": row["key_hash"], "created": NOON}
    assert book.key not in row["key_hash"] and len(row["key_hash"]) == 64
    assert store.open_book(db, book.id, book.key) == book
    with pytest.raises(store.WrongKey):
        store.open_book(db, book.id, book.key + "x")
    with pytest.raises(store.WrongKey):
        store.open_book(db, book.id, None)
    with pytest.raises(store.NotFound):
        store.open_book(db, "no-such-book", book.key)


def test_a_game_filed_in_a_book_keeps_its_key_sealed(db: Database, noon: str) -> None:
    book = store.create_book(db)
    game_id, key = new_game(db)
    assert store.file_game(db, book, game_id, key) is True
    assert store.file_game(db, book, game_id, key) is False  # already there
    [row] = rows(db, "book_games")
    assert row == {"book_id": book.id, "game_id": game_id, "sealed_key": row["sealed_key"], "added": NOON}
    assert key not in row["sealed_key"]
    assert store.book_key_for(db, book, game_id) == key
    assert store.book_key_for(db, store.create_book(db), game_id) is None
    with pytest.raises(store.WrongKey):
        store.file_game(db, book, game_id, "not-its-key")
    with pytest.raises(store.NotFound):
        store.file_game(db, book, "no-such-game", key)


def test_keys_are_filed_only_where_they_fit(db: Database, noon: str) -> None:
    book = store.create_book(db)
    first, first_key = new_game(db)
    second, second_key = new_game(db)
    filed = store.file_games(db, book, {first: first_key, second: "wrong", "no-such-game": second_key})
    assert filed == 1
    assert store.book_keys(db, book) == {first: first_key}


def test_a_merge_copies_keys_one_way(db: Database, noon: str) -> None:
    source, into = store.create_book(db), store.create_book(db)
    first, first_key = new_game(db)
    second, second_key = new_game(db)
    store.file_game(db, source, first, first_key)
    store.file_game(db, source, second, second_key)
    store.file_game(db, into, second, second_key)
    assert store.merge_book(db, source, into) == 1
    assert store.book_keys(db, into) == {second: second_key, first: first_key}
    assert store.book_keys(db, source) == {first: first_key, second: second_key}


@pytest.fixture
def ticking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write of the store a second after the one before."""
    seconds = iter(range(60))
    for module in (store.games, store.books):
        monkeypatch.setattr(module, "timestamp", lambda: f"2026-01-02T12:00:{next(seconds):02d}+00:00")


def test_a_books_games_most_recently_played_first(db: Database, ticking: None) -> None:
    book = store.create_book(db)
    older, older_key = new_game(db)
    newer, newer_key = new_game(db)
    store.file_game(db, book, older, older_key)
    store.file_game(db, book, newer, newer_key)
    store.add_round(db, older, HAND_A)  # played last
    assert store.book_game_ids(db, book.id) == [older, newer]
    assert store.book_game_ids(db, book.id, 1) == [older]
    assert store.book_versions(db, book.id) == ((older, 1), (newer, 0))
    assert store.book_versions(db, book.id, "hearts", limit=1, offset=1) == ((newer, 0),)
    assert store.book_versions(db, book.id, "piquet") == ()
    loaded = store.load_games(db, [newer, "no-such-game", older])
    assert [(stored.id, stored.inputs, stored.version) for stored in loaded] == [(newer, (), 0), (older, (HAND_A,), 1)]
    assert store.book_counts(db, book.id) == {"hearts": 2}


def test_a_books_version_changes_with_any_write_to_its_games_and_with_a_game_filed(db: Database) -> None:
    book = store.create_book(db)
    game_id, key = new_game(db)
    store.file_game(db, book, game_id, key)
    versions = [store.book_versions(db, book.id)]
    store.add_round(db, game_id, HAND_A)
    versions.append(store.book_versions(db, book.id))
    store.replace_round(db, game_id, 1, HAND_B)
    versions.append(store.book_versions(db, book.id))
    other, other_key = new_game(db)
    store.file_game(db, book, other, other_key)
    versions.append(store.book_versions(db, book.id))
    store.undo_round(db, game_id, 1)
    versions.append(store.book_versions(db, book.id))
    assert len(set(versions)) == len(versions)
    store.file_game(db, book, other, other_key)  # filed again: nothing changes
    assert store.book_versions(db, book.id) == versions[-1]


def test_a_rematch_is_made_once_with_the_deal_moved_on(db: Database, noon: str) -> None:
    book, other = store.create_book(db), store.create_book(db)
    game_id, key = new_game(db, hands=2, dealer="Denis")
    with pytest.raises(store.Conflict, match="Only a finished game can have a rematch."):
        store.rematch(db, game_id, key, book)
    store.add_round(db, game_id, HAND_A)
    store.add_round(db, game_id, HAND_B)
    with pytest.raises(store.WrongKey):
        store.rematch(db, game_id, "not-its-key", book)
    next_id, made = store.rematch(db, game_id, key, book)
    assert made is True
    rematched = store.load_game(db, next_id)
    assert (rematched.setup.players, rematched.setup.dealer, rematched.inputs) == (FOUR, 0, ())
    assert rematched.setup.options == store.load_game(db, game_id).setup.options
    [row] = rows(db, "rematches")
    assert row == {"game_id": game_id, "next_id": next_id, "sealed_key": row["sealed_key"]}
    # Asked again from another book: the same game, its key filed there too.
    assert store.rematch(db, game_id, key, other) == (next_id, False)
    assert store.book_keys(db, other) == store.book_keys(db, book)
    assert len(rows(db, "games")) == 2
