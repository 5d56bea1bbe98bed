"""What the players' records count in Hearts: moons shot, queens of spades taken, points per hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_, Setup, Standings
from ..spec import Records, Stat, count_events
from .events import Moon, MoonSubtracted
from .rules import HEARTS_PER_HAND, JACK_POINTS, QUEEN_POINTS


def queen_taker(setup: Setup, round_input: Mapping[str, Any]) -> str | None:
    """Who took the queen of spades in one hand, when its input says so.

    Entered as cards, the input names her taker. Copied from paper as points, she is the one
    player for whom the row splits into 0 to 13 hearts each (and the jack, if it counts); a row
    that more than one player could explain (13 and 13) names nobody.
    """
    if "queen" in round_input:
        return str(round_input["queen"])
    points: Mapping[str, int] = round_input["points"]
    jack_holders: list[str | None] = list(points) if setup.options["jack_of_diamonds"] else [None]

    def explains(queen: str) -> bool:
        return any(
            all(
                0
                <= value - (QUEEN_POINTS if player == queen else 0) - (JACK_POINTS if player == jack else 0)
                <= HEARTS_PER_HAND
                for player, value in points.items()
            )
            for jack in jack_holders
        )

    takers = [player for player in points if explains(player)]
    return takers[0] if len(takers) == 1 else None


def tally(setup: Setup, standings: Standings) -> dict[str, dict[str, int]]:
    counts = {player: {"moons": 0, "queens": 0, "points": 0, "hands": 0} for player in setup.players}
    for result in standings.rounds:
        for player in setup.players:
            counts[player]["points"] += result.scores[player]
            counts[player]["hands"] += 1
        taker = queen_taker(setup, result.input)
        if taker is not None:
            counts[taker]["queens"] += 1
    count_events(counts, standings, {Moon: "moons", MoonSubtracted: "moons"})
    return counts


RECORDS = Records(
    tally=tally,
    stats=(
        Stat("moons", N_("moons shot")),
        Stat("queens", N_("queens of spades taken")),
        Stat("average", N_("average per hand"), of="points", per="hands"),
    ),
)
