"""Oh Hell as tables play it: the sample games every generic test runs (see :class:`~referee.games.spec.Sample`)."""

from __future__ import annotations

from typing import Any

from ..spec import Sample

TABLE = ("Alice", "Bruno", "Chloé", "Denis")
THREE = ("Ann", "Ben", "Cat")
FIVE = ("Ann", "Ben", "Cat", "Dan", "Eve")


def hand(players: tuple[str, ...], bids: tuple[int, ...], tricks: tuple[int, ...]) -> dict[str, Any]:
    """A hand entered in one step: each player's bid and tricks taken, in seat order."""
    return {"bids": dict(zip(players, bids, strict=True)), "tricks": dict(zip(players, tricks, strict=True))}


SAMPLES = (
    # The default game, three hands in (10, 9 and 8 cards): the first hands of the rule file's full game (OH15).
    Sample(
        name="in-progress",
        players=TABLE,
        dealer="Alice",
        rounds=(
            hand(TABLE, (3, 2, 4, 2), (3, 2, 3, 2)),
            hand(TABLE, (2, 1, 3, 2), (2, 2, 3, 2)),
            hand(TABLE, (1, 3, 1, 2), (1, 3, 2, 2)),
        ),
    ),
    # Three players, 3 cards down to 1, squared scoring: Ben wins with 36.
    Sample(
        name="finished",
        players=THREE,
        options={"max_cards": 3, "sequence": "down", "scoring": "squared"},
        rounds=(
            hand(THREE, (1, 2, 1), (0, 2, 1)),
            hand(THREE, (0, 1, 0), (1, 1, 0)),
            hand(THREE, (0, 1, 1), (0, 1, 0)),
        ),
        winners=("Ben",),
    ),
    # Five players, 1 card, 2, then 1 again, no hook: Ann and Cat share it on 31.
    Sample(
        name="tie",
        players=FIVE,
        options={"max_cards": 2, "sequence": "up_down", "hook": False},
        rounds=(
            hand(FIVE, (1, 0, 0, 0, 0), (1, 0, 0, 0, 0)),
            hand(FIVE, (0, 1, 1, 0, 0), (0, 1, 1, 0, 0)),
            hand(FIVE, (0, 0, 0, 1, 1), (0, 1, 0, 0, 0)),
        ),
        winners=("Ann", "Cat"),
    ),
)
