"""The game state as the API and the pages' scripts see it, and its JSON, made once per version."""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any

from flask import current_app
from flask.json.provider import DefaultJSONProvider

from ..cache import VersionedCache
from ..games.base import RoundResult, Standings
from ..store import CACHED_ROUNDS, StoredGame


def round_state(result: RoundResult) -> dict[str, Any]:
    """One round as the API shows it."""
    return {
        "number": result.number,
        "input": result.input,
        "scores": result.scores,
        "totals": result.totals,
        "events": [str(event) for event in result.events],
    }


def game_state(stored: StoredGame, standings: Standings) -> dict[str, Any]:
    return _state(stored, standings, [round_state(result) for result in standings.rounds])


def _state(stored: StoredGame, standings: Standings, rounds: list[dict[str, Any]] | None) -> dict[str, Any]:
    """The game state, with ``rounds`` (None: without the key, for :func:`game_json`)."""
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
    state.update(standings.extra)
    if rounds is None:
        del state["rounds"]
    return state


@dataclass(frozen=True)
class _Answer:
    """The JSON of a game at one version, and of each of its rounds (reused by the next version)."""

    results: tuple[RoundResult, ...]
    rounds: tuple[bytes, ...]
    body: bytes


# Bounded in rounds, like the derived state: the rounds' JSON is shared between the versions of a game.
_answers: VersionedCache[_Answer] = VersionedCache(CACHED_ROUNDS, weigh=lambda answer: len(answer.rounds) + 1)


def _compact_sorted() -> bool:
    """Whether the app writes JSON as :func:`game_json` assembles it (Flask's default, outside debug)."""
    provider = current_app.json
    return (
        isinstance(provider, DefaultJSONProvider)
        and bool(provider.sort_keys)
        and not (provider.compact is False or (provider.compact is None and current_app.debug))
    )


def game_json(stored: StoredGame) -> bytes | None:
    """``jsonify(game_state(...))``'s body, byte for byte, made once per (game, version).

    Each round's JSON is made once: a version that only adds or removes rounds at the end (a
    round added, the last one undone) reuses the previous version's JSON of the rounds it shares
    with it (the very same derived results, as the state one play away keeps them), so the
    answer to a write costs the same at round 10 and at round 1,000. None when the app's JSON
    is not Flask's compact, sorted default (debug mode): the caller uses ``jsonify``.
    """
    if not _compact_sorted():
        return None
    key = (stored.id, stored.version)
    found = _answers.get(key)
    if found is None:
        found = _answers.get_or_make(key, lambda: _answer(stored))
    return found.body


def _answer(stored: StoredGame) -> _Answer:
    standings = stored.standings()
    results = standings.rounds
    dumps = current_app.json.dumps
    previous = _answers.get((stored.id, stored.version - 1))
    shared = 0
    if previous is not None:
        # Only the same objects count: equal values may still differ in JSON (1 and True).
        length = min(len(previous.results), len(results))
        if all(map(operator.is_, previous.results[:length], results)):
            shared = length
        else:
            while previous.results[shared] is results[shared]:
                shared += 1
    reused = previous.rounds[:shared] if previous is not None else ()
    made = (dumps(round_state(result), separators=(",", ":")).encode("utf-8") for result in results[shared:])
    rounds = reused + tuple(made)
    state = _state(stored, standings, None)
    # Sorted keys (as jsonify writes them): the rounds go between the keys before and after "rounds".
    before = {name: value for name, value in state.items() if name < "rounds"}
    after = {name: value for name, value in state.items() if name > "rounds"}
    head = b"{" + (dumps(before, separators=(",", ":"))[1:-1].encode("utf-8") + b"," if before else b"")
    tail = (b"," + dumps(after, separators=(",", ":"))[1:-1].encode("utf-8") if after else b"") + b"}\n"
    # One join, so the rounds' bytes (some 200 KB at 1,000 rounds) are copied once.
    if not rounds:
        body = head + b'"rounds":[]' + tail
    elif len(rounds) == 1:
        body = head + b'"rounds":[' + rounds[0] + b"]" + tail
    else:
        body = b",".join([head + b'"rounds":[' + rounds[0], *rounds[1:-1], rounds[-1] + b"]" + tail])
    return _Answer(results, rounds, body)
