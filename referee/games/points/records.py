"""What the players' records count in Points: the average score per round."""

from __future__ import annotations

from ..base import N_, Setup, Standings
from ..spec import Records, Stat


def tally(setup: Setup, standings: Standings) -> dict[str, dict[str, int]]:
    rounds = len(standings.rounds)
    return {
        player: {"points": sum(result.scores[player] for result in standings.rounds), "rounds": rounds}
        for player in setup.players
    }


RECORDS = Records(tally=tally, stats=(Stat("average", N_("average per round"), of="points", per="rounds"),))
