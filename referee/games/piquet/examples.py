"""Piquet as tables play it: the sample games every generic test runs (see :class:`~referee.games.spec.Sample`).

Each deal is entered as what the players announced, then the play: the 12 trick winners (E for
elder, Y for younger) or the play's totals.
"""

from __future__ import annotations

from typing import Any

from ..spec import Sample

PLAYERS = ("Ann", "Bob")


def said(
    point: tuple[int, int] | None = None,
    sequences: tuple[tuple[int, str], ...] = (),
    sets: tuple[tuple[str, int], ...] = (),
    blanche: bool = False,
) -> dict[str, Any]:
    """What one player announced: the point (cards, value), sequences (length, top), sets (rank, count)."""
    return {
        "blanche": blanche,
        "point": None if point is None else {"cards": point[0], "value": point[1]},
        "sequences": [{"length": length, "top": top} for length, top in sequences],
        "sets": [{"rank": rank, "count": count} for rank, count in sets],
    }


def tricks(elder: dict[str, Any], younger: dict[str, Any], winners: str) -> dict[str, Any]:
    return {"declarations": {"elder": elder, "younger": younger}, "trick_winners": winners}


def totals(elder: dict[str, Any], younger: dict[str, Any], play: int, taken: int) -> dict[str, Any]:
    """A deal whose play is entered as each player's play points and tricks (the same for both here)."""
    return {
        "declarations": {"elder": elder, "younger": younger},
        "play": {"elder": play, "younger": play},
        "tricks": {"elder": taken, "younger": taken},
    }


RUBICON = (
    tricks(said((5, 48), ((4, "K"),)), said(sets=(("Q", 3),)), "EEEEEEEYYYYE"),
    totals(said((4, 39)), said((5, 47), ((3, "J"),), (("A", 3),)), 7, 6),
    tricks(said(sets=(("A", 4),)), said((6, 57)), "E" * 12),  # a capot
    tricks(said(), said((4, 40)), "EEEEYYYYYYYY"),
    tricks(said((5, 49), ((5, "Q"),)), said(), "EEEEEYYYYYYE"),
    tricks(said(sets=(("K", 3),)), said((4, 38)), "EEEEEEEEYYYE"),
)
# The same deal six times, Ann and Bob elder in turn: 96 all, so a seventh deal decides.
EVEN = tricks(said((5, 48)), said(sets=(("Q", 3),)), "EEEEEEEYYYYY")

SAMPLES = (
    # A Rubicon partie: Ann 173, Bob 57, under 100 and rubiconed.
    Sample(name="finished", players=PLAYERS, dealer="Bob", rounds=RUBICON, winners=("Ann",)),
    # Tied after the six deals of the partie: the seventh is to be played.
    Sample(name="tie", players=PLAYERS, dealer="Bob", rounds=(EVEN,) * 6),
    # Au cent to 150, two deals in.
    Sample(
        name="au-cent", players=PLAYERS, dealer="Ann", options={"partie": "cent", "target": 150}, rounds=RUBICON[:2]
    ),
)
