"""What the players' records count in Piquet: parties won outright, repiques, piques, capots, rubicons suffered."""

from __future__ import annotations

from ..base import N_, Event, Setup, Standings
from ..spec import Records, Stat, count_events
from .events import Capot, Pique, Repique

COUNTED: dict[type[Event], str] = {Repique: "repiques", Pique: "piques", Capot: "capots"}


def tally(setup: Setup, standings: Standings) -> dict[str, dict[str, int]]:
    counts = {
        player: {"parties": 0, "repiques": 0, "piques": 0, "capots": 0, "rubicons": 0} for player in setup.players
    }
    count_events(counts, standings, COUNTED)  # an equal (nobody's) event names nobody
    outcome = standings.extra.get("result", {}) if standings.finished else {}
    winner = outcome.get("winner")
    if winner is not None:
        counts[winner]["parties"] += 1  # a drawn partie is won by nobody
        if outcome.get("rubicon"):
            for player in setup.players:
                if player != winner:
                    counts[player]["rubicons"] += 1
    return counts


RECORDS = Records(
    tally=tally,
    stats=(
        Stat("parties", N_("parties won")),
        Stat("repiques", N_("repiques")),
        Stat("piques", N_("piques")),
        Stat("capots", N_("capots")),
        Stat("rubicons", N_("rubicons suffered")),
    ),
)
