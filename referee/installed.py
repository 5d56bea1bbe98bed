"""The games this process serves, looked up by name when a request (or a command) needs one.

The store, the state of the games and the web kit ask here instead of importing the registry:
a game's own web face imports the kit, and the registry imports the games, so importing the
registry from below the games would close a circle. :func:`referee.create_app` installs the
registry's games (every app of a process serves the same ones).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .games.base import Game
    from .games.spec import GameSpec

_served: dict[str, GameSpec] = {}


def install(games: Mapping[str, GameSpec]) -> None:
    _served.clear()
    _served.update(games)


def games() -> Mapping[str, GameSpec]:
    """Every game served, by name (none before an app is made)."""
    return _served


def spec_of(game: str) -> GameSpec:
    """The spec of a game served (KeyError for another name, or before an app is made)."""
    return _served[game]


def rules_of(game: str) -> Game:
    return spec_of(game).rules
