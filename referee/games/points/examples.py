"""Points as tables play it: the sample games every generic test runs (see :class:`~referee.games.spec.Sample`)."""

from __future__ import annotations

from typing import Any

from ..spec import Sample

TABLE = ("Alice", "Bruno", "Chloé", "Denis")
THREE = ("Ann", "Ben", "Cat")
FIVE = ("Ann", "Ben", "Cat", "Dan", "Eve")


def scored(players: tuple[str, ...], values: tuple[int, ...]) -> dict[str, Any]:
    """A round's input: each player's points, in seat order."""
    return {"points": dict(zip(players, values, strict=True))}


SAMPLES = (
    # 162 points dealt out each round, to 100: two rounds in.
    Sample(
        name="in-progress",
        players=TABLE,
        options={"round_total": 162},
        rounds=(scored(TABLE, (50, 62, 30, 20)), scored(TABLE, (20, 30, 60, 52))),
    ),
    # Three rounds and no target: the highest total wins, negative points too.
    Sample(
        name="finished",
        players=THREE,
        options={"target": None, "rounds": 3},
        rounds=(scored(THREE, (12, 30, -5)), scored(THREE, (40, 8, 15)), scored(THREE, (-3, 20, 7))),
        winners=("Ben",),
    ),
    # Lowest wins once someone reaches 50: Ann and Cat share it on 18.
    Sample(
        name="tie",
        players=FIVE,
        options={"target": 50, "low_wins": True},
        rounds=(scored(FIVE, (10, 20, 5, 30, 12)), scored(FIVE, (8, 15, 13, 25, 11))),
        winners=("Ann", "Cat"),
    ),
)
