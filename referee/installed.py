"""The games the running app serves, looked up by name when a request (or a command) needs one.

The store, the state of the games and the web kit ask here instead of importing the registry:
a game's own web face imports the kit, and the registry imports the games, so importing the
registry from below the games would close a circle. :func:`referee.create_app` installs it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from flask import Flask, current_app

if TYPE_CHECKING:
    from .games.base import Game
    from .games.spec import GameSpec

EXTENSION = "referee.games"


def install(app: Flask, games: Mapping[str, GameSpec]) -> None:
    app.extensions[EXTENSION] = games


def games() -> Mapping[str, GameSpec]:
    """Every game the current app serves, by name."""
    served: Mapping[str, GameSpec] = current_app.extensions[EXTENSION]
    return served


def spec_of(game: str) -> GameSpec:
    """The spec of a game the current app serves (KeyError for another name)."""
    return games()[game]


def rules_of(game: str) -> Game:
    return spec_of(game).rules
