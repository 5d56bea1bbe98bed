"""What the players' records count in Oh Hell: bids made, and the points per hand."""

from __future__ import annotations

from ..base import N_, Setup, Standings
from ..spec import Records, Stat, count_events
from .events import Made


def tally(setup: Setup, standings: Standings) -> dict[str, dict[str, int]]:
    counts = {player: {"bids_made": 0, "points": 0, "hands": 0} for player in setup.players}
    for result in standings.rounds:
        for player in setup.players:
            counts[player]["points"] += result.scores[player]
            counts[player]["hands"] += 1
    count_events(counts, standings, {Made: "bids_made"})
    return counts


RECORDS = Records(
    tally=tally,
    stats=(
        Stat("bids_made", N_("bids made")),
        Stat("average", N_("average per hand"), of="points", per="hands"),
    ),
)
