"""The history of a game's rounds: its audit rows (one per add, correction, undo or import, written
with the change by :mod:`.games`), and the change log made of them, each with the round's scores
before and after, by replaying."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..games.base import Event, Invalid
from ..installed import rules_of
from .games import load_game


def audit_log(db: Database, game_id: str) -> list[dict[str, Any]]:
    return [dict(row) for row in db.query("select * from audit where game_id = ? order by id", [game_id])]


@dataclass(frozen=True)
class Change:
    """One add, correction, undo or import of a round, as the audit row keeps it.

    ``before`` and ``after`` are the round's input; ``scores_*`` and ``events_*`` are what the rules
    made of the round just before and just after the change (None when the log cannot be replayed).
    """

    at: str
    action: str
    number: int
    before: Mapping[str, Any] | None
    after: Mapping[str, Any] | None
    scores_before: Mapping[str, int] | None
    scores_after: Mapping[str, int] | None
    events_before: tuple[Event, ...]
    events_after: tuple[Event, ...]
    book_id: str | None


def change_log(db: Database, game_id: str) -> list[Change]:
    """Every change to the game's rounds, oldest first, replayed from its audit rows (NotFound if no game)."""
    stored = load_game(db, game_id)
    rules = rules_of(stored.game)
    setup = stored.setup
    states = [rules.initial(setup)]
    inputs: list[Any] = []

    def refold(start: int) -> None:
        """The states after every round from round ``start + 1`` on, for the inputs as they now are."""
        del states[start + 1 :]
        for round_input in inputs[start:]:
            states.append(rules.play(setup, states[-1], rules.check_round(setup, states[-1], round_input)))

    def result(number: int) -> Any:
        return rules.standings(setup, states[number]).rounds[number - 1]

    changes = []
    replayable = True
    for row in audit_log(db, game_id):
        number, action = row["number"], row["action"]
        before = None if row["before"] is None else json.loads(row["before"])
        after = None if row["after"] is None else json.loads(row["after"])
        old = new = None
        if replayable:
            try:
                if action in ("add", "import") and number == len(inputs) + 1:
                    inputs.append(after)
                    refold(number - 1)
                    new = result(number)
                elif action == "edit":
                    old = result(number)
                    inputs[number - 1] = after
                    refold(number - 1)
                    new = result(number)
                elif action == "undo" and number == len(inputs):
                    old = result(number)
                    inputs.pop()
                    del states[number:]
                else:
                    raise IndexError(number)
            except (Invalid, IndexError, KeyError, ValueError):
                replayable = False  # a log that does not replay still lists its rows, without scores
                old = new = None
        changes.append(
            Change(
                at=row["at"],
                action=action,
                number=number,
                before=before,
                after=after,
                scores_before=None if old is None else dict(old.scores),
                scores_after=None if new is None else dict(new.scores),
                events_before=() if old is None else tuple(old.events),
                events_after=() if new is None else tuple(new.events),
                book_id=row.get("book_id"),
            )
        )
    return changes
