"""Hearts on paper: what the printed sheet shows and the blank sheet's hands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_, Next, Setup, Standings
from ..spec import Line, Paper, score_and_total
from . import rules

BLANK_HANDS = 20
PASS_CYCLE = next(option for option in rules.options if option.name == "pass_cycle")


def applies(name: str, options: Mapping[str, Any]) -> bool:
    """The target and its reset mean nothing in a game of a fixed number of hands."""
    if name in ("target", "exact_reset"):
        return options.get("hands") is None
    if name == "hands":
        return options.get("hands") is not None
    return True


def plans(setup: Setup, standings: Standings) -> list[Next]:
    """Each played hand's dealer and passing, for the sheet's first columns."""
    return [rules.next_hand(setup, result.number) for result in standings.rounds]


def blank(seats: tuple[str, ...], choices: Mapping[str, Any]) -> dict[str, Any]:
    cycle = choices["cycle"]
    setup = Setup(players=seats, dealer=0, options={"pass_cycle": cycle, "pass_count": 3})
    removed, cards_each, first_lead = rules.DECK_PREPARATION[len(seats)]
    return {
        "hands": [rules.next_hand(setup, number) for number in range(1, BLANK_HANDS + 1)],
        "removed": removed,
        "cards_each": cards_each,
        "first_lead": first_lead,
        "cycle": cycle,
    }


def target_line(setup: Setup) -> Line | None:
    if setup.options.get("hands") is not None:
        return None
    return Line(setup.options["target"], N_("target %(target)s"), {"target": setup.options["target"]})


PAPER = Paper(
    columns=score_and_total(N_("hand")),
    blank=blank,
    always_shown=("target", "hands", "moon"),
    applies=applies,
    plans=plans,
    blank_choices=(("cycle", PASS_CYCLE),),
)
