"""The rules of every game referee keeps, by name. Pure Python: no Flask, no database."""

from __future__ import annotations

from . import hearts, piquet, queenie
from .base import Game

GAMES: dict[str, Game] = {"hearts": hearts, "queenie": queenie, "piquet": piquet}
