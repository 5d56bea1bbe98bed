"""Piquet on paper: the partie's options, the blank sheet's deals, and the chart's line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_, Setup
from ..spec import Chart, Line, Paper, score_and_total
from . import rules


def applies(name: str, options: Mapping[str, Any]) -> bool:
    """The target means something only in a partie au cent."""
    return name != "target" or options.get("partie") == "cent"


def blank(_seats: tuple[str, ...], _choices: Mapping[str, Any]) -> dict[str, Any]:
    setup = Setup(players=("A", "B"), dealer=0, options={})
    return {
        "deals": [
            dict(rules.roles_for_deal(setup, number), number=number)
            for number in range(1, rules.RUBICON_MOST_DEALS + 1)
        ],
        "regular": rules.RUBICON_DEALS,
    }


def line(setup: Setup) -> Line:
    """The target au cent; the rubicon line in a Rubicon partie."""
    if setup.options["partie"] == "cent":
        return Line(setup.options["target"], N_("target %(target)s"), {"target": setup.options["target"]})
    return Line(rules.RUBICON_LINE, N_("rubicon line %(line)s"), {"line": rules.RUBICON_LINE})


PAPER = Paper(blank=blank, always_shown=("partie",), applies=applies, columns=score_and_total(N_("deal")))
CHART = Chart(line=line)
