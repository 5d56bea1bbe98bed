"""What the players' records count in Queenie and its family: chips won or lost, pay cards collected (the
queens in Queenie), times gone out."""

from __future__ import annotations

from ..base import N_, Setup, Standings
from ..spec import Records, Stat, count_events
from .events import QueenPlayed, WentOut


def tally(setup: Setup, standings: Standings) -> dict[str, dict[str, int]]:
    start = int(setup.options["start_chips"])
    counts = {player: {"net": standings.totals[player] - start, "queens": 0, "out": 0} for player in setup.players}
    count_events(counts, standings, {QueenPlayed: "queens", WentOut: "out"})
    return counts


def _records(collected: str) -> Records:
    """The records with ``collected`` naming the pay cards' row (the key stays ``queens`` in every game's JSON)."""
    return Records(
        tally=tally,
        stats=(Stat("net", N_("net chips")), Stat("queens", collected), Stat("out", N_("times gone out"))),
    )


RECORDS = _records(N_("queens collected"))
FAMILY_RECORDS = _records(N_("pay cards collected"))
"""Newmarket, Michigan and Saratoga pay on other cards than the queens."""
