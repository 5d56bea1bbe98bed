"""What the players' records count in Belote and Coinche: deals taken and made, capots, points per deal
(each partner's is their team's)."""

from __future__ import annotations

from ..base import N_, Setup, Standings
from ..spec import Records, Stat
from .events import Capot
from .table import team_of


def tally(setup: Setup, standings: Standings) -> dict[str, dict[str, int]]:
    counts = {player: {"taken": 0, "made": 0, "capots": 0, "points": 0, "deals": 0} for player in setup.players}
    for result in standings.rounds:
        for player in setup.players:
            counts[player]["points"] += result.scores[player]
            counts[player]["deals"] += 1
        taker = result.details.taker  # type: ignore[attr-defined]
        if taker is None:
            continue
        counts[taker]["taken"] += 1
        counts[taker]["made"] += result.details.outcome == "made"  # type: ignore[attr-defined]
        for event in result.events:
            if isinstance(event, Capot):
                capot_team = team_of(setup, taker) if event.role == "takers" else 1 - team_of(setup, taker)
                for player in setup.players:
                    counts[player]["capots"] += team_of(setup, player) == capot_team
    return counts


RECORDS = Records(
    tally=tally,
    stats=(
        Stat("taken", N_("deals taken")),
        Stat("made", N_("contracts made")),
        Stat("capots", N_("capots")),
        Stat("average", N_("average per deal"), of="points", per="deals"),
    ),
)
