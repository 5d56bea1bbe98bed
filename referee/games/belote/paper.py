"""Belote and Coinche on paper: a column pair per team (the deal's score, then the running total), like the
"Nous | Eux" sheet, with the litige points held between them, after the deal's dealer, taker, trumps
(contract and coinche) and result; the blank sheet."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..base import N_, RoundResult, Setup
from ..spec import BetweenSides, Column, Line, Paper
from .events import Award
from .table import TEAMS, seat_after, team_players

BLANK_DEALS = 24


def side_figure(counted: str) -> Any:
    """A team's figure of one deal ("score" or "total"), by the team's name."""

    def figure(result: RoundResult, side_name: str) -> int:
        side = next(side for side in result.sides if side.name == side_name)
        return int(getattr(side, counted))

    return figure


def litige_cell(result: RoundResult) -> str:
    """Between the teams' columns: the litige points held after the deal, while they wait (a passed deal
    too); on the deal that pays them out, the points with an arrow to the team that won them ("← 81")."""
    award = next((event for event in result.events if isinstance(event, Award)), None)
    if award is not None:
        return f"←\u00a0{award.points}" if award.side == result.sides[0].name else f"{award.points}\u00a0→"
    held = int(result.details.held)
    return str(held) if held else ""


def blank(seats: tuple[str, ...], _choices: Mapping[str, Any]) -> dict[str, Any]:
    """The deals with their dealer's seat letter (the deal going to the right), and the two teams."""
    setup = Setup(players=seats, dealer=0, options={"direction": "right"})
    dealers = [seats[seat_after(setup, 0, number)] for number in range(BLANK_DEALS)]
    return {
        "deals": [{"number": number, "dealer": dealer} for number, dealer in enumerate(dealers, start=1)],
        "teams": [team_players(setup, team) for team in TEAMS],
    }


def target_line(setup: Setup) -> Line | None:
    if setup.options["deals"] is not None:
        return None
    return Line(setup.options["target"], N_("target %(target)s"), {"target": setup.options["target"]})


PAPER = Paper(
    columns=(),
    side_columns=(
        Column("score", N_("deal"), side_figure("score")),
        Column("total", N_("total"), side_figure("total")),
    ),
    between_sides=BetweenSides(N_("litige"), litige_cell),
    blank=blank,
    always_shown=("target",),
)
# Coinche has no litige (the rule file): nothing is held between its teams' columns.
COINCHE_PAPER = replace(PAPER, between_sides=None)
