"""Points on paper: the blank sheet's rounds and dealers, and the target on the chart."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..base import N_, Setup
from ..spec import Chart, Line, Paper

BLANK_ROUNDS = 20


def blank(seats: tuple[str, ...], _choices: Mapping[str, Any]) -> dict[str, Any]:
    """Whole turns of the deal (at least 20 rounds), each round with its dealer's seat letter."""
    count = len(seats)
    rounds = count * math.ceil(BLANK_ROUNDS / count)
    return {"rounds": [{"number": number, "dealer": seats[(number - 1) % count]} for number in range(1, rounds + 1)]}


def target_line(setup: Setup) -> Line | None:
    target = setup.options["target"]
    return None if target is None else Line(target, N_("target %(target)s"), {"target": target})


PAPER = Paper(blank=blank, always_shown=("target",))
CHART = Chart(line=target_line)
