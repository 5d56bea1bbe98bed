"""Spades as tables play it: the sample games every generic test runs (see :class:`~referee.games.spec.Sample`)."""

from __future__ import annotations

from typing import Any

from ..spec import Sample

TABLE = ("Alice", "Bruno", "Chloé", "Denis")
TWO = ("Ann", "Ben")


def hand(players: tuple[str, ...], bids: tuple[int, ...], tricks: tuple[int, ...], *blind: str) -> dict[str, Any]:
    """A hand's input: bids and tricks in seat order, then the blind nil bidders."""
    return {
        "bids": dict(zip(players, bids, strict=True)),
        "blind_nil": list(blind),
        "tricks": dict(zip(players, tricks, strict=True)),
    }


# The rule file's whole game (SP17): Alice & Chloé reach 500 on hand 9, with nils, a blind nil and a bag penalty.
WHOLE_GAME = (
    hand(TABLE, (3, 4, 3, 2), (3, 4, 4, 2)),
    hand(TABLE, (4, 3, 2, 3), (4, 2, 3, 4)),
    hand(TABLE, (0, 4, 5, 3), (0, 4, 6, 3)),
    hand(TABLE, (2, 5, 2, 4), (3, 4, 2, 4)),
    hand(TABLE, (3, 3, 3, 2), (4, 3, 3, 3)),
    hand(TABLE, (2, 0, 3, 4), (3, 1, 3, 6)),
    hand(TABLE, (3, 6, 3, 0), (3, 7, 3, 0), "Denis"),
    hand(TABLE, (3, 2, 2, 3), (5, 2, 4, 2)),
    hand(TABLE, (4, 3, 3, 2), (4, 3, 4, 2)),
)

SAMPLES = (
    # Three hands in, Alice's nil made in the third.
    Sample(name="in-progress", players=TABLE, rounds=WHOLE_GAME[:3]),
    Sample(name="finished", players=TABLE, dealer="Alice", rounds=WHOLE_GAME, winners=("Alice", "Chloé")),
    # Two players to 100, sharing a tie: both reach 112.
    Sample(
        name="tie",
        players=TWO,
        options={"target": 100, "tie": "share"},
        rounds=(hand(TWO, (5, 6), (6, 7)), hand(TWO, (6, 5), (7, 6))),
        winners=("Ann", "Ben"),
    ),
)
