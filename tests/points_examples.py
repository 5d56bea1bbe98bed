"""Points worked examples T1–T4 of shared/rules/points.md, written once for the rules, API and page tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

TABLE = ("Alice", "Bruno", "Chloé", "Denis")
ADD_UP_162 = "The points of one round must add up to 162 (they add up to 160)."
OVER_RULES = "The game was already over before round %(number)s."  # the rules' word on a round after the end
OVER_API = "The game is over: no more rounds can be added."  # the store's, answered 409


def points(players: tuple[str, ...], values: tuple[int, ...]) -> dict[str, Any]:
    """A round's input: each player's points, in seat order."""
    return {"points": dict(zip(players, values, strict=True))}


@dataclass(frozen=True)
class Step:
    """One round offered to the game: accepted (totals after it, status, tied leaders next) or refused."""

    values: tuple[int, ...]
    totals: tuple[int, ...] | None = None  # None: refused with ``errors``
    status: str = "playing"
    tied: tuple[str, ...] = ()  # the leaders the next round is played to part (play on)
    errors: tuple[tuple[str, str], ...] = ()

    @property
    def accepted(self) -> bool:
        return self.totals is not None


@dataclass(frozen=True)
class Example:
    players: tuple[str, ...]
    options: dict[str, Any]
    steps: tuple[Step, ...]
    dealers: tuple[str, ...]  # the dealer of each accepted round, then of the next one while the game goes on
    winners: tuple[str, ...] = ()  # once finished
    after_end: tuple[int, ...] | None = None  # a round offered after the end, refused: the game is over

    def input(self, step: Step) -> dict[str, Any]:
        return points(self.players, step.values)

    def by_seat(self, values: tuple[int, ...]) -> dict[str, int]:
        return dict(zip(self.players, values, strict=True))

    @property
    def accepted(self) -> list[Step]:
        return [step for step in self.steps if step.accepted]

    @property
    def finished(self) -> bool:
        return bool(self.accepted) and self.accepted[-1].status == "finished"


T1 = Example(
    players=("Ann", "Ben", "Cat"),
    options={"target": 60},
    steps=(
        Step((25, 12, -8), totals=(25, 12, -8)),
        Step((30, 50, 4), totals=(55, 62, -4), status="finished"),
    ),
    dealers=("Ann", "Ben"),
    winners=("Ben",),
    after_end=(1, 1, 1),
)
T2 = Example(
    players=TABLE,
    options={"target": 40, "low_wins": True},
    steps=(
        Step((12, 6, 6, 25), totals=(12, 6, 6, 25)),
        Step((4, 1, 1, 20), totals=(16, 7, 7, 45), status="finished"),
    ),
    dealers=("Alice", "Bruno"),
    winners=("Bruno", "Chloé"),
    after_end=(0, 0, 0, 0),
)
T3 = Example(
    players=("Ann", "Bob"),
    options={"target": None, "rounds": 3, "tie": "play_on"},
    steps=(
        Step((4, 1), totals=(4, 1)),
        Step((0, 2), totals=(4, 3)),
        Step((1, 2), totals=(5, 5), tied=("Ann", "Bob")),
        Step((0, 3), totals=(5, 8), status="finished"),
    ),
    dealers=("Ann", "Bob", "Ann", "Bob"),
    winners=("Bob",),
    after_end=(1, 0),
)
T4 = Example(
    players=TABLE,
    options={"round_total": 162},
    steps=(
        Step((90, 70, 0, 0), errors=(("points", ADD_UP_162),)),
        Step((92, 70, 0, 0), totals=(92, 70, 0, 0)),
    ),
    dealers=("Alice", "Bruno"),
)

EXAMPLES = [pytest.param(example, id=name) for name, example in (("T1", T1), ("T2", T2), ("T3", T3), ("T4", T4))]
