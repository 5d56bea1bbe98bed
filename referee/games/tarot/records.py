"""What the players' records count in Tarot: deals taken, contracts made, and the points per deal."""

from __future__ import annotations

from ..base import N_, Setup, Standings
from ..spec import Records, Stat, count_events
from .events import Failed, Made


def tally(setup: Setup, standings: Standings) -> dict[str, dict[str, int]]:
    counts = {player: {"taken": 0, "made": 0, "points": 0, "deals": 0} for player in setup.players}
    for result in standings.rounds:
        for player in setup.players:
            counts[player]["points"] += result.scores[player]
            counts[player]["deals"] += 1
    count_events(counts, standings, {Made: "made"})
    count_events(counts, standings, {Made: "taken", Failed: "taken"})
    return counts


RECORDS = Records(
    tally=tally,
    stats=(
        Stat("taken", N_("deals taken")),
        Stat("made", N_("contracts made")),
        Stat("average", N_("average per deal"), of="points", per="deals"),
    ),
)
