"""Queenie and its family on paper: the blank sheet's deals and packets, and where the chart starts."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from ..base import N_, Setup
from ..spec import Chart, Paper, score_and_total
from . import rules

BLANK_DEALS = 16


def blank_of(defaults: Mapping[str, Any]) -> Callable[[tuple[str, ...], Mapping[str, Any]], dict[str, Any]]:
    """The blank sheet of a game of the family, played with its default options."""

    def blank(seats: tuple[str, ...], _choices: Mapping[str, Any]) -> dict[str, Any]:
        count = len(seats)
        deals = count * math.ceil(BLANK_DEALS / count)
        others, packet = rules.packet_sizes(count)
        hands, spare = rules.deal_plan(count, defaults["spare_deal"])
        setup = Setup(seats, 0, defaults)
        return {
            "deals": [{"number": number, "dealer": seats[(number - 1) % count]} for number in range(1, deals + 1)],
            "hands": others,
            "packet": packet,
            "dealt": hands,
            "spare": spare,
            **rules.facts(setup),
        }

    return blank


def starting_chips(setup: Setup) -> int:
    return int(setup.options["start_chips"])


def paper_of(defaults: Mapping[str, Any]) -> Paper:
    return Paper(
        blank=blank_of(defaults),
        always_shown=("start_chips", "rounds"),
        columns=score_and_total("±", N_("chips"), signed=True),
    )


PAPER = paper_of(rules.QUEENIE_VALUES)
CHART = Chart(counted=N_("chips"), start=starting_chips)
