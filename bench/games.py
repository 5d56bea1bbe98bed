"""Long games of each kind for the benchmarks: valid rounds that never end a game before round 100.

``GAMES`` are the three the first benchmarks grew up with; ``EVERY_GAME`` adds every other registered
game and the variants issue 23 asks for (Points, five-player Queenie, Piquet by the cards), each with
the most rounds its rules let a game last (``LONGEST``): Oh Hell's hands are its sequence of hand sizes,
a Spades game sinks to its losing total, a Piquet partie by the cards reaches its target.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.games.ohhell.rules import hand_sizes

ROUNDS = 100
FOUR = ["Alice", "Bruno", "Chloé", "Denis"]
TWO = ["Ann", "Bob"]
FIVE = [*FOUR, "Émile"]
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


def queenie_five_round(number: int) -> dict[str, Any]:
    """Queenie's blocked deal at a table of five."""
    suit = "SHDC"[number % 4]
    return {**queenie_round(number), "stakes": dict.fromkeys(FIVE, suit)}


def points_round(number: int) -> dict[str, Any]:
    return {"points": {player: (number * (seat + 3)) % 17 for seat, player in enumerate(FOUR)}}


def ohhell_round(number: int) -> dict[str, Any]:
    """Every bid nil (the dealer's hook holds: they add up to no hand's size); one player takes every trick."""
    size = hand_sizes(13, "down_up")[number - 1]
    return {
        "bids": dict.fromkeys(FOUR, 0),
        "tricks": {player: size if seat == number % 4 else 0 for seat, player in enumerate(FOUR)},
    }


def spades_round(number: int) -> dict[str, Any]:
    """Both sides make their contract, then both fail the next: each side loses 10 every two hands."""
    bids, tricks = ((4, 3, 3, 3), (4, 3, 3, 3)) if number % 2 else ((4, 3, 4, 4), (4, 3, 3, 3))
    return {
        "bids": dict(zip(FOUR, bids, strict=True)),
        "blind_nil": [],
        "tricks": dict(zip(FOUR, tricks, strict=True)),
    }


# A deal by the cards (issue 23's "Piquet by cards"): the rule file's P1 hands, the tricks shared six and six.
P1_HANDS = {
    "elder": "AS KS QS 9S 8S 7S AH 9H KD 8D TC 9C",
    "younger": "JS TS KH QH JH TH 8H AD QD JD AC KC",
}


def piquet_cards_round(_number: int) -> dict[str, Any]:
    return {"hands": P1_HANDS, "trick_winners": "EEEEEEYYYYYY"}


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

EVERY_GAME: dict[str, tuple[str, list[str], dict[str, Any], Callable[[int], dict[str, Any]]]] = {
    # name -> (registered game, players, options, round maker)
    "hearts": ("hearts", FOUR, {"hands": 1000}, hearts_round),
    "queenie": ("queenie", FOUR, {"rounds": None, "start_chips": 1000}, queenie_round),
    "queenie, five players": ("queenie", FIVE, {"rounds": None, "start_chips": 1000}, queenie_five_round),
    "piquet": ("piquet", TWO, {"partie": "cent", "target": 1000}, piquet_round),
    "piquet, by the cards": ("piquet", TWO, {"partie": "cent", "target": 1000}, piquet_cards_round),
    "points": ("points", FOUR, {"target": None, "rounds": 1000}, points_round),
    "ohhell": ("ohhell", FOUR, {"max_cards": 13}, ohhell_round),
    "spades": ("spades", FOUR, {"partnerships": True, "target": 1000, "lose_at": -1000}, spades_round),
}
# The most rounds a game of these can hold (1,000 for a game the rules let go on).
LONGEST = {
    "queenie": 998,
    "queenie, five players": 500,
    "piquet": 140,
    "piquet, by the cards": 60,
    "ohhell": len(hand_sizes(13, "down_up")),
    "spades": 199,
}
