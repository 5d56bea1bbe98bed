"""Every game referee keeps, registered by one line each: the package holding its spec.

A game lives in one place: ``referee/games/<game>/`` (rules, round form, paper, its own web
face) and ``templates/<game>/``. See :mod:`referee.games.spec` for what it provides. The
registry is its own module, imported by the layers that loop over the games (storage, views,
exports): importing a game's part, or the shared helpers of :mod:`referee.games`, loads no other game.
"""

from __future__ import annotations

from .games import belote, hearts, ohhell, piquet, points, queenie, spades, tarot
from .games.spec import GameSpec, registry

GAMES: dict[str, GameSpec] = registry(
    [hearts.spec, queenie.spec, piquet.spec, points.spec, ohhell.spec, spades.spec, tarot.spec, *belote.specs]
    + [queenie.newmarket, queenie.michigan, queenie.saratoga]
)
