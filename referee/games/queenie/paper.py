"""Queenie on paper: the blank sheet's deals and packets, and where the chart starts."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..base import N_, Setup
from ..spec import Chart, Paper, score_and_total
from . import rules

BLANK_DEALS = 16


def blank(seats: tuple[str, ...], _choices: Mapping[str, Any]) -> dict[str, Any]:
    count = len(seats)
    deals = count * math.ceil(BLANK_DEALS / count)
    others, packet = rules.packet_sizes(count)
    return {
        "deals": [{"number": number, "dealer": seats[(number - 1) % count]} for number in range(1, deals + 1)],
        "hands": others,
        "packet": packet,
    }


def starting_chips(setup: Setup) -> int:
    return int(setup.options["start_chips"])


PAPER = Paper(
    blank=blank, always_shown=("start_chips", "rounds"), columns=score_and_total("±", N_("chips"), signed=True)
)
CHART = Chart(counted=N_("chips"), start=starting_chips)
