"""Events as the JSON API words them, for comparing with the worked examples."""

from __future__ import annotations

from collections.abc import Iterable

from referee.games.base import Event


def words(events: Iterable[Event]) -> tuple[str, ...]:
    return tuple(str(event) for event in events)
