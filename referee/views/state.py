"""The game state as the API and the pages' scripts see it."""

from __future__ import annotations

from typing import Any

from ..games.base import Standings
from ..store import StoredGame


def game_state(stored: StoredGame, standings: Standings) -> dict[str, Any]:
    state: dict[str, Any] = {
        "id": stored.id,
        "game": stored.game,
        "players": list(stored.setup.players),
        "dealer": stored.setup.players[stored.setup.dealer],
        "options": dict(stored.setup.options),
        "rounds": [
            {
                "number": result.number,
                "input": result.input,
                "scores": result.scores,
                "totals": result.totals,
                "events": [str(event) for event in result.events],
            }
            for result in standings.rounds
        ],
        "totals": standings.totals,
        "status": standings.status,
        "winners": list(standings.winners),
    }
    if standings.next is not None:
        state["next"] = standings.next
    state.update(standings.extra)
    return state
