"""Hearts worked examples of shared/rules/hearts.md, used by the rules, API and page tests."""

from __future__ import annotations

from typing import Any

import pytest

P3 = ["P1", "P2", "P3"]
P4 = ["P1", "P2", "P3", "P4"]
P5 = ["P1", "P2", "P3", "P4", "P5"]
TABLE = ["Alice", "Bruno", "Chloé", "Denis"]
NO_QUEEN = "Nobody took the queen of spades: someone must have 13 points or more."


def cards(players: list[str], taken: list[int], queen: str, **extra: Any) -> dict[str, Any]:
    """A hand entered as cards taken: hearts per player in seat order, who took the queen."""
    return {"hearts": dict(zip(players, taken, strict=True)), "queen": queen, **extra}


def points(players: list[str], values: list[int], **extra: Any) -> dict[str, Any]:
    """A hand copied from a paper sheet."""
    return {"points": dict(zip(players, values, strict=True)), **extra}


# H1..H10: players, options, input, hand scores in seat order or the refusals as (field, message).
H1_TO_H10 = [
    pytest.param(P4, {}, cards(P4, [3, 0, 9, 1], "P2"), [3, 13, 9, 1], id="H1"),
    pytest.param(P4, {}, cards(P4, [0, 0, 13, 0], "P3"), [26, 26, 0, 26], id="H2"),
    pytest.param(P4, {"moon": "subtract"}, cards(P4, [0, 0, 13, 0], "P3"), [0, 0, -26, 0], id="H3"),
    pytest.param(P3, {}, cards(P3, [5, 8, 0], "P3"), [5, 8, 13], id="H4"),
    pytest.param(P3, {}, cards(P3, [0, 13, 0], "P2"), [26, 0, 26], id="H5"),
    pytest.param(P5, {}, cards(P5, [2, 0, 11, 0, 0], "P4"), [2, 0, 11, 13, 0], id="H6"),
    pytest.param(P4, {"jack_of_diamonds": True}, cards(P4, [4, 6, 3, 0], "P1", jack="P4"), [17, 6, 3, -10], id="H7"),
    pytest.param(P4, {}, points(P4, [10, 10, 3, 3]), [("points", NO_QUEEN)], id="H8"),
    pytest.param(
        P4,
        {},
        points(P4, [3, 13, 9, 2]),
        [("points", "The points of one hand must add up to 26 (they add up to 27).")],
        id="H9",
    ),
    pytest.param(P4, {}, points(P4, [26, 0, 0, 0]), [0, 26, 26, 26], id="H10"),
]


# H11, seats Alice, Bruno, Chloé, Denis: dealer, pass, hearts, queen, hand scores, totals.
H11 = [
    ("Alice", "left", [2, 4, 0, 7], "Bruno", [2, 17, 0, 7], [2, 17, 0, 7]),
    ("Bruno", "right", [0, 5, 6, 2], "Alice", [13, 5, 6, 2], [15, 22, 6, 9]),
    ("Chloé", "across", [3, 0, 8, 2], "Denis", [3, 0, 8, 15], [18, 22, 14, 24]),
    ("Denis", "hold", [0, 13, 0, 0], "Bruno", [26, 0, 26, 26], [44, 22, 40, 50]),
    ("Alice", "left", [1, 0, 2, 10], "Chloé", [1, 0, 15, 10], [45, 22, 55, 60]),
    ("Bruno", "right", [4, 6, 0, 3], "Denis", [4, 6, 0, 16], [49, 28, 55, 76]),
    ("Chloé", "across", [0, 2, 9, 2], "Bruno", [0, 15, 9, 2], [49, 43, 64, 78]),
    ("Denis", "hold", [5, 0, 4, 4], "Alice", [18, 0, 4, 4], [67, 43, 68, 82]),
    ("Alice", "left", [2, 3, 1, 7], "Denis", [2, 3, 1, 20], [69, 46, 69, 102]),
]
H11_INPUTS = [cards(TABLE, taken, queen) for _dealer, _pass, taken, queen, _scores, _totals in H11]
# H11 as tapped on the round form: hearts taken per seat, and the seat that took the queen.
H11_BY_SEAT = [(taken, TABLE.index(queen)) for _dealer, _pass, taken, queen, _scores, _totals in H11]
H11_TOTALS = dict(zip(TABLE, H11[-1][5], strict=True))
