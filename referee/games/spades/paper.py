"""Spades on paper: each player's bid and tricks, each side's score, bags and total; the blank sheet."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..base import N_, RoundResult, Setup
from ..spec import Column, Line, Paper
from . import rules

BLANK_HANDS = 16


def bid(result: RoundResult, player: str) -> int:
    return int(result.input["bids"][player])


def tricks(result: RoundResult, player: str) -> int:
    return int(result.input["tricks"][player])


def side_figure(counted: str) -> Callable[[RoundResult, str], int]:
    """A side's figure of one hand ("score", "total" or one of its counts, "bags"), by the side's name."""

    def figure(result: RoundResult, side_name: str) -> int:
        side = next(side for side in result.sides if side.name == side_name)
        return int(side.counts[counted]) if counted in side.counts else int(getattr(side, counted))

    return figure


def applies(name: str, options: Mapping[str, Any]) -> bool:
    """An option is printed when it applies and differs from the rules' default: a value left empty
    when the game was made shows the default it took (blind nil follows nil)."""
    value = options.get(name)
    if value is None:
        return False
    if name == "blind_nil":
        return value != options.get("nil")
    return value != rules.FILLED_IN.get(name)


def blank(seats: tuple[str, ...], _choices: Mapping[str, Any]) -> dict[str, Any]:
    """The hands with their dealer's seat letter, and the sides: partners opposite with four seats."""
    setup = Setup(players=seats, dealer=0, options={"partnerships": len(seats) == 4 or None})
    removed, cards_each = rules.DEAL[len(seats)]
    return {
        "hands": [
            {"number": number, "dealer": seats[rules.dealer_seat(setup, number)]}
            for number in range(1, BLANK_HANDS + 1)
        ],
        "sides": rules.teams(setup),
        "removed": removed,
        "cards_each": cards_each,
    }


def target_line(setup: Setup) -> Line | None:
    return Line(setup.options["target"], N_("target %(target)s"), {"target": setup.options["target"]})


PAPER = Paper(
    columns=(Column("bid", N_("bid"), bid), Column("tricks", N_("tricks"), tricks)),
    side_columns=(
        Column("score", N_("hand"), side_figure("score"), signed=True),
        Column("bags", N_("bags"), side_figure("bags")),
        Column("total", N_("total"), side_figure("total")),
    ),
    blank=blank,
    always_shown=("target", "partnerships"),
    applies=applies,
)
