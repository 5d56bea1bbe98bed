"""Hearts as tables play it: the sample games every generic test runs (see :class:`~referee.games.spec.Sample`)."""

from __future__ import annotations

from typing import Any

from ..spec import Sample

TABLE = ("Alice", "Bruno", "Chloé", "Denis")
FIVE = ("Ann", "Ben", "Cat", "Dan", "Eve")


def taken(players: tuple[str, ...], hearts: tuple[int, ...], queen: str, **extra: str) -> dict[str, Any]:
    """A hand entered as the cards taken: the hearts of each player in seat order, who took the queen."""
    return {"hearts": dict(zip(players, hearts, strict=True)), "queen": queen, **extra}


SAMPLES = (
    # Three hands in: one copied from a paper sheet (Bruno's moon), then one with cards taken.
    Sample(
        name="in-progress",
        players=TABLE,
        rounds=(
            taken(TABLE, (3, 1, 5, 4), "Chloé"),
            {"points": {"Alice": 0, "Bruno": 26, "Chloé": 0, "Denis": 0}},  # 26 alone: the moon
            taken(TABLE, (0, 4, 6, 3), "Alice"),
        ),
    ),
    # To 100: Bruno and Denis reach it on hand 9 and Alice, lowest with 60, wins; Chloé and Alice shoot the moon.
    Sample(
        name="finished",
        players=TABLE,
        dealer="Bruno",
        rounds=(
            taken(TABLE, (4, 3, 2, 4), "Denis"),
            taken(TABLE, (0, 0, 13, 0), "Chloé"),
            taken(TABLE, (6, 2, 1, 4), "Alice"),
            taken(TABLE, (2, 7, 0, 4), "Bruno"),
            taken(TABLE, (1, 0, 9, 3), "Denis"),
            taken(TABLE, (5, 5, 3, 0), "Chloé"),
            taken(TABLE, (13, 0, 0, 0), "Alice"),
            taken(TABLE, (0, 4, 6, 3), "Bruno"),
            taken(TABLE, (3, 2, 4, 4), "Chloé"),
        ),
        winners=("Alice",),
    ),
    # Five players, two hands, the jack of diamonds and the moon subtracted: Ben and Eve share it on −10.
    Sample(
        name="tie",
        players=FIVE,
        options={"hands": 2, "jack_of_diamonds": True, "moon": "subtract", "pass_cycle": "extended"},
        rounds=(
            taken(FIVE, (2, 0, 5, 6, 0), "Dan", jack="Ben"),
            taken(FIVE, (0, 0, 0, 13, 0), "Dan", jack="Eve"),
        ),
        winners=("Ben", "Eve"),
    ),
)
