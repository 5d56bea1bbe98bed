"""The table: two teams of partners sitting opposite, who deals, who cuts and who is first.

Players are seated clockwise in the order named; the 1st and 3rd play together against the 2nd and 4th.
Play goes to the right (counter-clockwise) by default: the deal passes to the dealer's right-hand
neighbour, the previous player in the clockwise list, and that player is first to speak and to lead.
"""

from __future__ import annotations

from ..base import Setup

TEAMS = (0, 1)
ROLES = ("takers", "defenders")


def team_of_seat(seat: int) -> int:
    return seat % 2


def team_of(setup: Setup, player: str) -> int:
    return team_of_seat(setup.seat(player))


def team_players(setup: Setup, team: int) -> tuple[str, str]:
    return setup.players[team], setup.players[team + 2]


def team_name(setup: Setup, team: int) -> str:
    """The team's own name (option ``team_names``; a game stored before it had none), else its players':
    "Alice & Chloé"."""
    named = setup.options.get("team_names")
    if named:
        return str(named[team])
    first, second = team_players(setup, team)
    return f"{first} & {second}"


def step(setup: Setup) -> int:
    """One seat in the direction of play, in the clockwise list of players."""
    return -1 if setup.options["direction"] == "right" else 1


def seat_after(setup: Setup, seat: int, steps: int = 1) -> int:
    return (seat + steps * step(setup)) % len(setup.players)


def first_seat(setup: Setup, dealer: int) -> int:
    """The player after the dealer: first to speak and first to lead."""
    return seat_after(setup, dealer)


def cut_seat(setup: Setup, dealer: int) -> int:
    """The player on the dealer's other side cuts."""
    return seat_after(setup, dealer, -1)


def playing_order(setup: Setup, dealer: int) -> tuple[str, ...]:
    """The players in playing order, from the first player (the dealer last)."""
    return tuple(setup.players[seat_after(setup, dealer, count)] for count in range(1, len(setup.players) + 1))
