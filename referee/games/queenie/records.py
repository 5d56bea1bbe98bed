"""What the players' records count in Queenie: chips won or lost, queens collected, times gone out."""

from __future__ import annotations

from ..base import N_, Setup, Standings
from ..spec import Records, Stat, count_events
from .events import QueenPlayed, WentOut


def tally(setup: Setup, standings: Standings) -> dict[str, dict[str, int]]:
    start = int(setup.options["start_chips"])
    counts = {player: {"net": standings.totals[player] - start, "queens": 0, "out": 0} for player in setup.players}
    count_events(counts, standings, {QueenPlayed: "queens", WentOut: "out"})
    return counts


RECORDS = Records(
    tally=tally,
    stats=(
        Stat("net", N_("net chips")),
        Stat("queens", N_("queens collected")),
        Stat("out", N_("times gone out")),
    ),
)
