"""Who plays a Tarot deal and how it is dealt: the table's size, the dealer, the direction of play.

Players are seated clockwise in the list. By default everything passes to the right (the previous name):
the dealer's right speaks and leads first, and the deal passes to the right afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base import Setup


@dataclass(frozen=True)
class Deal:
    """How one deal is dealt at a table: cards each, the chien, the poignées' sizes (trumps shown)."""

    cards_each: int
    chien: int
    poignees: dict[str, int]


# players who play the deal -> the deal; five players with the called king deal 15 and a chien of 3
DEALS = {
    3: Deal(24, 6, {"simple": 13, "double": 15, "triple": 18}),
    4: Deal(18, 6, {"simple": 10, "double": 13, "triple": 15}),
    5: Deal(15, 3, {"simple": 8, "double": 10, "triple": 13}),
}
TRUMPS_AND_EXCUSE = 22  # what all the poignées shown in one deal may hold together


def sits_out(setup: Setup) -> bool:
    """Five players with the dealer sitting each deal out."""
    return setup.options["five_players"] == "dealer_sits_out"


def called_king(setup: Setup) -> bool:
    """Five players with the called king (the taker's secret partner)."""
    return setup.options["five_players"] == "called_king"


def step(setup: Setup) -> int:
    """Where the turn goes: -1 to the right (the previous name; the default), +1 to the left."""
    return 1 if setup.options["rotation"] == "clockwise" else -1


def neighbour(setup: Setup, seat: int) -> int:
    """The seat the deal, the bidding and the play pass to from ``seat``."""
    return (seat + step(setup)) % len(setup.players)


def playing(setup: Setup, dealer: int) -> tuple[str, ...]:
    """Who plays the deal dealt by ``dealer``: everyone, but the dealer when the dealer sits out."""
    return tuple(player for seat, player in enumerate(setup.players) if not (sits_out(setup) and seat == dealer))


def sitting_out(setup: Setup, dealer: int) -> str | None:
    return setup.players[dealer] if sits_out(setup) else None


def deal_of(setup: Setup) -> Deal:
    return DEALS[4 if sits_out(setup) else len(setup.players)]


def first(setup: Setup, dealer: int) -> str:
    """Who speaks first and leads: the dealer's right (left, clockwise)."""
    return setup.players[neighbour(setup, dealer)]
