"""Long games of each kind for the benchmarks: valid rounds that never end a game before round 100."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

ROUNDS = 100
FOUR = ["Alice", "Bruno", "Chloé", "Denis"]
TWO = ["Ann", "Bob"]
NOTHING = {"blanche": False, "point": None, "sequences": [], "sets": []}


def hearts_round(number: int) -> dict[str, Any]:
    """13 hearts spread 4/3/3/3 and the queen going round the table."""
    shift = number % 4
    counts = [4, 3, 3, 3][shift:] + [4, 3, 3, 3][:shift]
    return {"hearts": dict(zip(FOUR, counts, strict=True)), "queen": FOUR[(number * 3) % 4]}


def queenie_round(number: int) -> dict[str, Any]:
    """Everybody on a queen, that queen played, nobody out (a blocked deal): chips move each time."""
    suit = "SHDC"[number % 4]
    return {
        "stakes": {player: suit for player in FOUR},
        "dealer_choice": "keep",
        "buyer": None,
        "queens": {"S": None, "H": None, "D": None, "C": None, suit: FOUR[number % 4]},
        "out": None,
    }


def piquet_round(number: int) -> dict[str, Any]:
    """A quiet deal as announced at the table: nothing declared, the play shared 7 and 7."""
    return {
        "declarations": {"elder": NOTHING, "younger": NOTHING},
        "play": {"elder": 7, "younger": 7},
        "tricks": {"elder": 6, "younger": 6},
    }


# kind -> (players, options for a game that lasts at least ROUNDS rounds, round maker)
GAMES: dict[str, tuple[list[str], dict[str, Any], Callable[[int], dict[str, Any]]]] = {
    "hearts": (FOUR, {"hands": 1000}, hearts_round),
    "queenie": (FOUR, {"rounds": None, "start_chips": 1000}, queenie_round),
    "piquet": (TWO, {"partie": "cent", "target": 1000}, piquet_round),
}
