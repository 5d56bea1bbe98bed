"""Who may see and change a game: load it or 404, may edit or 403, and the keys this phone holds.

A game's public id lets anyone watch it; its secret edit key lets a phone change it. The
keys this phone holds live in its session.
"""

from __future__ import annotations

from flask import abort, session

from .. import store
from ..db import get_db

KEYS_IN_SESSION = 30


def keys() -> dict[str, str]:
    """The edit keys this phone holds, by game id, oldest first."""
    return dict(session.get("keys", {}))


def remember(game_id: str, key: str) -> None:
    held = keys()
    held.pop(game_id, None)
    held[game_id] = key
    session["keys"] = dict(list(held.items())[-KEYS_IN_SESSION:])
    session.permanent = True


def can_edit(game: store.GameHead | store.StoredGame) -> bool:
    return store.key_matches(game, keys().get(game.id))


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
