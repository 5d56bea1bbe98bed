"""The players' records of a book: games played and won, and what each game's rules count.

Pure: stored games in, plain data out (no Flask, no database). Everything is derived from the
games' inputs replayed through the registry (their standings and typed events), never from
counters kept on the side, so a corrected or undone round changes the records with it.
The generic layer names no game: each game's :class:`~referee.games.spec.Records` says what it counts.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .games.base import Setup, Standings
from .games.spec import GameSpec


def same_player(name: str) -> str:
    """What makes two names the same player across games: Unicode NFC, trimmed, without case."""
    return unicodedata.normalize("NFC", name).strip().casefold()


@dataclass
class KindRecord:
    """One player's record in one kind of game: games played and won, and the game's own tallies summed."""

    played: int = 0
    won: int = 0
    tallies: dict[str, int] = field(default_factory=dict)


@dataclass
class PlayerRecord:
    name: str
    played: int = 0
    won: int = 0
    by_game: dict[str, KindRecord] = field(default_factory=dict)


def figures(spec: GameSpec, record: KindRecord) -> dict[str, int | float | None]:
    """The game's figures (:class:`~referee.games.spec.Stat`) for one record: sums, or averages to 2 places.

    An average with nothing to divide by (no hand played yet) is None.
    """
    values: dict[str, int | float | None] = {}
    for stat in spec.records.stats if spec.records else ():
        total = record.tallies.get(stat.counted, 0)
        if stat.per is None:
            values[stat.name] = total
        else:
            count = record.tallies.get(stat.per, 0)
            values[stat.name] = round(total / count, 2) if count else None
    return values


@dataclass(frozen=True)
class GameRecord:
    """What one game adds to its players' records: small, so it is kept per game version while the
    game's rounds are not (:func:`game_record`). ``winners`` is empty while the game goes on."""

    kind: str
    players: tuple[str, ...]
    played: bool
    winners: tuple[str, ...]
    tallies: Mapping[str, Mapping[str, int]]


def game_record(kind: str, setup: Setup, standings: Standings, spec: GameSpec) -> GameRecord:
    """A game's part of its players' records. It counts as played once it has a round, finished or
    not (a rematch waiting for its first round does not); it is won by each of its winners once finished."""
    tallies = spec.records.tally(setup, standings) if spec.records and standings.rounds else {}
    winners = standings.winners if standings.finished else ()
    return GameRecord(kind, tuple(setup.players), bool(standings.rounds), tuple(winners), tallies)


def player_records(games: Iterable[GameRecord]) -> list[PlayerRecord]:
    """Every player of the games, best record first.

    Names are compared with :func:`same_player`; a player is shown by the spelling of the first game
    given (give the newest first); a shared victory is won by each.
    """
    records: dict[str, PlayerRecord] = {}
    for game in games:
        if not game.played:
            continue
        winners = {same_player(winner) for winner in game.winners}
        seen: set[str] = set()
        for name in game.players:
            key = same_player(name)
            record = records.setdefault(key, PlayerRecord(name))
            kind_record = record.by_game.setdefault(game.kind, KindRecord())
            if key not in seen:  # two seats whose names differ only in case are one player, counted once
                seen.add(key)
                won = key in winners
                record.played += 1
                kind_record.played += 1
                record.won += won
                kind_record.won += won
            for stat, value in game.tallies.get(name, {}).items():
                kind_record.tallies[stat] = kind_record.tallies.get(stat, 0) + value
    return sorted(records.values(), key=lambda record: (-record.won, -record.played, same_player(record.name)))
