"""Every game referee keeps, registered by one line each: the package holding its spec.

A game lives in one place: ``referee/games/<game>/`` (rules, round form, paper, its own
routes) and ``templates/<game>/``. See :mod:`referee.games.spec` for what it provides.
"""

from __future__ import annotations

from importlib import import_module

from .spec import GameSpec, registry

GAMES: dict[str, GameSpec] = registry(
    [
        import_module(f"{__name__}.{package}").spec
        for package in (
            "hearts",
            "queenie",
            "piquet",
            "points",
        )
    ]
)
