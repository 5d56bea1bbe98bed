"""Who may see and change a game: load it or 404, may edit or 403, and the keys this phone holds.

A game's public id lets anyone watch it; its secret edit key lets a phone change it. The
keys a phone holds are kept with its book (« carnet »), server side: the phone keeps only the
book's id and key, in a long-lived cookie. Keys an older version kept in the session still count.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import abort, after_this_request, current_app, g, request, session
from werkzeug.wrappers import Response

from .. import limits, store
from ..db import get_db, write_transaction


def session_keys() -> dict[str, str]:
    """The edit keys an older version kept in this phone's session cookie, by game id.

    Still honoured; :func:`adopt_session_keys` moves them to the phone's book on its next visit.
    """
    held = session.get("keys")
    if not isinstance(held, dict):
        return {}
    return {game_id: key for game_id, key in held.items() if isinstance(game_id, str) and isinstance(key, str)}


def key_for(game: store.GameHead | store.StoredGame) -> str | None:
    """The edit key of the game this phone holds, in its session or its book, if one fits."""
    key = session_keys().get(game.id)
    if store.key_matches(game, key):
        return key
    book = current_book()
    key = store.book_key_for(get_db(), book, game.id) if book is not None else None
    return key if store.key_matches(game, key) else None


def remember(game_id: str, key: str) -> None:
    """Keep a game's edit key in this phone's book (a book is made for a phone that has none yet).

    In one write: a write refused on the way (a busy database's 503) leaves no empty book behind.
    """
    with write_transaction(get_db()):
        store.file_game(get_db(), book_for_writing(), game_id, key)


def made_and_remembered(make: Callable[[], tuple[str, str]]) -> str:
    """The id of the game ``make`` stores, its key kept in this phone's book, in one write.

    A write refused on the way leaves neither the game (which this phone could not have scored) nor a
    book; the refusal's "nothing was saved" is true.
    """
    with write_transaction(get_db()):
        game_id, key = make()
        remember(game_id, key)
    return game_id


def can_edit(game: store.GameHead | store.StoredGame) -> bool:
    return key_for(game) is not None


def head_or_404(game_id: str) -> store.GameHead:
    """The game's id, version and key hash, without its rounds."""
    try:
        return store.load_head(get_db(), game_id)
    except store.NotFound:
        abort(404)


def game_or_404(game_id: str) -> store.StoredGame:
    try:
        return store.load_game(get_db(), game_id)
    except store.NotFound:
        abort(404)


def editable_or_403(game_id: str) -> store.StoredGame:
    """The game, if this phone holds its key."""
    stored = game_or_404(game_id)
    if not can_edit(stored):
        abort(403)
    return stored


# ---------------------------------------------------------------------------
# The phone's book: its id and key in a long-lived cookie, everything else server side.

BOOK_COOKIE = "book"
BOOK_COOKIE_SECONDS = 10 * 365 * 24 * 60 * 60  # ten years


def current_book() -> store.Book | None:
    """The book this phone's cookie opens, if any (checked once per request)."""
    if "referee_book" not in g:
        book_id, _, key = request.cookies.get(BOOK_COOKIE, "").partition(".")
        book = None
        if book_id and key and len(book_id) <= 64 and len(key) <= 64:
            try:
                book = store.open_book(get_db(), book_id, key)
            except (store.NotFound, store.WrongKey):
                book = None  # a cookie of a book that is gone, or forged: as if the phone had none
        g.referee_book = book
    book = g.referee_book
    return book if isinstance(book, store.Book) else None


def book_for_writing() -> store.Book:
    """The phone's book, made now (and put in its cookie) if it has none."""
    book = current_book()
    if book is None:
        book = store.create_book(get_db())
        limits.created()  # a book made counts as a game does (a phone without cookies makes one each time)
        use_book(book)
    return book


def use_book(book: store.Book) -> None:
    """From this answer on, this phone uses ``book``."""
    first = "referee_book_cookie" not in g
    g.referee_book = g.referee_book_cookie = book
    if first:
        after_this_request(_set_book_cookie)


def _set_book_cookie(response: Response) -> Response:
    book: store.Book = g.referee_book_cookie
    try:
        store.open_book(get_db(), book.id, book.key)
    except store.NotFound:  # made in a write that was then refused, and so rolled back: no cookie for it
        return response
    response.set_cookie(
        BOOK_COOKIE,
        f"{book.id}.{book.key}",
        max_age=BOOK_COOKIE_SECONDS,
        httponly=True,
        samesite="Lax",
        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")),
    )
    response.headers["Cache-Control"] = "no-store"
    return response


def acting_book_id() -> str | None:
    """The id of the book making a change, for the change log (None for a phone without one)."""
    book = current_book()
    return book.id if book is not None else None


def adopt_session_keys() -> None:
    """A phone that still holds edit keys in its session (from an older version) gets a book holding them.

    Done on its next visit (a GET of a page), then the keys leave the session: from then on its book
    holds them. A key that fits no stored game grants nothing and is not kept.
    """
    if request.method != "GET" or request.path.startswith(("/api/", "/static/")) or "keys" not in session:
        return
    held = session_keys()
    if held:
        with write_transaction(get_db()):
            store.file_games(get_db(), book_for_writing(), held)
    session.pop("keys", None)
