"""The game state as the API and the pages' scripts see it (its JSON is made once per version in
:mod:`.rendering`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import gamestate
from ..games.base import RoundResult, Side, Standings, stoppable
from ..installed import rules_of
from ..store import StoredGame


def round_state(result: RoundResult) -> dict[str, Any]:
    """One round as the API shows it (with its ``sides`` in a game played in sides)."""
    state = {
        "number": result.number,
        "input": result.input,
        "scores": result.scores,
        "totals": result.totals,
        "events": [str(event) for event in result.events],
    }
    return {**state, "sides": _sides(result.sides)} if result.sides else state


def _sides(sides: Sequence[Side]) -> list[dict[str, Any]]:
    return [side.as_json() for side in sides]


def game_state(stored: StoredGame, standings: Standings) -> dict[str, Any]:
    return _state(stored, standings, [round_state(result) for result in standings.rounds])


def state_without_rounds(stored: StoredGame, standings: Standings) -> dict[str, Any]:
    """The game state but its "rounds" (:func:`referee.views.rendering.game_json` writes them)."""
    return _state(stored, standings, None)


def _state(stored: StoredGame, standings: Standings, rounds: list[dict[str, Any]] | None) -> dict[str, Any]:
    """The game state, with ``rounds`` (None: without the key)."""
    state: dict[str, Any] = {
        "id": stored.id,
        "game": stored.game,
        "players": list(stored.setup.players),
        "dealer": stored.setup.players[stored.setup.dealer],
        "options": dict(stored.setup.options),
        "rounds": rounds,
        "totals": standings.totals,
        "status": standings.status,
        "winners": list(standings.winners),
    }
    if standings.next is not None:
        state["next"] = standings.next.as_json()
    if standings.sides:
        state["sides"] = _sides(standings.sides)
    state.update(standings.extra)
    stop = stop_state(stored)
    if stop is not None:
        state["stop"] = stop
    if rounds is None:
        del state["rounds"]
    return state


def stop_state(stored: StoredGame) -> dict[str, Any] | None:
    """For a game whose rules let a table end it early: the round it ends after as agreed (``after``,
    null for none) and where it may end (``choices``: the rounds played now, then the end of this turn
    of the deal; empty before the first round and once the game is over by its own rules)."""
    if stoppable(rules_of(stored.game)) is None:
        return None
    return {"after": stored.stop_after, "choices": [choice.after for choice in gamestate.stop_choices(stored)]}
