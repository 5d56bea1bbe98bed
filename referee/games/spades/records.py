"""What the players' records count in Spades: nils and blind nils made, points per hand (each partner's
is their side's)."""

from __future__ import annotations

from ..base import N_, Setup, Standings
from ..spec import Records, Stat, count_events
from .events import BlindNilMade, NilMade


def tally(setup: Setup, standings: Standings) -> dict[str, dict[str, int]]:
    counts = {player: {"nils": 0, "blind_nils": 0, "points": 0, "hands": 0} for player in setup.players}
    for result in standings.rounds:
        for player in setup.players:
            counts[player]["points"] += result.scores[player]
            counts[player]["hands"] += 1
    count_events(counts, standings, {NilMade: "nils", BlindNilMade: "blind_nils"})
    return counts


RECORDS = Records(
    tally=tally,
    stats=(
        Stat("nils", N_("nils made")),
        Stat("blind_nils", N_("blind nils made")),
        Stat("average", N_("average per hand"), of="points", per="hands"),
    ),
)
