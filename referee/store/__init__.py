"""Games, rounds and books on disk, by concern: :mod:`.games` (games and rounds, each write checked
by the rules and audited), :mod:`.deliveries` (what became of a round a phone sent), :mod:`.books`
(books and the game keys they keep, rematches) and :mod:`.history` (the audit rows as a change log).
Functions take a ``sqlite_utils.Database``."""

from __future__ import annotations

from .books import (
    Book,
    WrongKey,
    book_counts,
    book_game_ids,
    book_key_for,
    book_keys,
    create_book,
    file_game,
    file_games,
    load_book_games,
    merge_book,
    open_book,
    rematch,
    rotate_book_key,
)
from .deliveries import Delivered, Delivery, checked_submission, delivery_of
from .games import (
    MAX_ROUNDS,
    Conflict,
    GameHead,
    NotFound,
    Stale,
    StoredGame,
    add_round,
    checked_rounds,
    create_game,
    import_game,
    key_matches,
    load_game,
    load_head,
    replace_round,
    summaries,
    undo_round,
)
from .history import Change, audit_log, change_log

__all__ = [
    "MAX_ROUNDS",
    "Book",
    "Change",
    "Conflict",
    "Delivered",
    "Delivery",
    "GameHead",
    "NotFound",
    "Stale",
    "StoredGame",
    "WrongKey",
    "add_round",
    "audit_log",
    "book_counts",
    "book_game_ids",
    "book_key_for",
    "book_keys",
    "change_log",
    "checked_rounds",
    "checked_submission",
    "create_book",
    "create_game",
    "delivery_of",
    "file_game",
    "file_games",
    "import_game",
    "key_matches",
    "load_book_games",
    "load_game",
    "load_head",
    "merge_book",
    "open_book",
    "rematch",
    "rotate_book_key",
    "replace_round",
    "summaries",
    "undo_round",
]
