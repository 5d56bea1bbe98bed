"""Tarot on paper: each player's score and running total, the deal's dealer, taker, contract and result
before them; the blank sheet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_, Setup
from ..spec import Line, Paper, score_and_total
from . import table

BLANK_DEALS = 20


def blank(seats: tuple[str, ...], _choices: Mapping[str, Any]) -> dict[str, Any]:
    """Two turns of deals with their dealer's seat letter, the deal passing to the right; the table's deal."""
    five = "called_king" if len(seats) == 5 else None
    setup = Setup(players=seats, dealer=0, options={"rotation": "counter-clockwise", "five_players": five})
    dealer, deals = 0, []
    for number in range(1, max(BLANK_DEALS, 2 * len(seats)) + 1):
        deals.append({"number": number, "dealer": seats[dealer]})
        dealer = table.neighbour(setup, dealer)
    return {"deals": deals, "deal": table.deal_of(setup)}


def target_line(setup: Setup) -> Line | None:
    target = setup.options["target"]
    return None if target is None else Line(target, N_("target %(target)s"), {"target": target})


PAPER = Paper(
    blank=blank,
    columns=score_and_total(N_("deal"), signed=True),
    always_shown=("turns",),
)
