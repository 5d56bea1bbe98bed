"""Oh Hell on paper: each player's bid, tricks and total on the sheet, and the blank sheet's hands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_, RoundResult, Setup, Standings
from ..spec import Column, Paper, running_total
from . import rules

SPARE_HANDS = 3  # rows for the hands played on while the leaders are tied (tie: play on)
SEQUENCE = next(option for option in rules.options if option.name == "sequence")


def bid(result: RoundResult, player: str) -> int:
    return int(result.input["bids"][player])


def tricks(result: RoundResult, player: str) -> int:
    return int(result.input["tricks"][player])


def applies(name: str, options: Mapping[str, Any]) -> bool:
    """The penalty per trick means something only with the penalty scoring."""
    return name != "penalty_per_trick" or options.get("scoring") == "penalty"


def plans(setup: Setup, standings: Standings) -> list[Any]:
    """Each played hand's dealer, size and trumps, for the sheet's first columns."""
    return [rules.next_hand(setup, result.number) for result in standings.rounds]


def blank(seats: tuple[str, ...], choices: Mapping[str, Any]) -> dict[str, Any]:
    """Every hand of the chosen sequence with the default largest hand, each with its dealer's seat letter;
    then spare hands of the largest size, for a table that plays on while the leaders are tied."""
    setup = Setup(players=seats, dealer=0, options={"max_cards": None, "sequence": choices["sequence"]})
    largest = rules.largest_hand(setup)
    sizes = rules.hand_sizes(largest, choices["sequence"])
    numbered = enumerate([*sizes, *[largest] * SPARE_HANDS], start=1)
    hands = [{"number": number, "dealer": seats[(number - 1) % len(seats)], "size": size} for number, size in numbered]
    return {"largest": largest, "hands": hands[: len(sizes)], "spare": hands[len(sizes) :]}


PAPER = Paper(
    blank=blank,
    columns=(
        Column("bid", N_("bid"), bid),
        Column("tricks", N_("tricks"), tricks),
        Column("total", N_("total"), running_total),
    ),
    always_shown=("max_cards", "sequence", "hook", "scoring"),
    applies=applies,
    plans=plans,
    blank_choices=(("sequence", SEQUENCE),),
)
