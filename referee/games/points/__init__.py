"""Points: the score sheet of any other game (a whole number per player and round)."""

from __future__ import annotations

from pathlib import Path

from ..spec import ROUND, GameSpec
from . import examples, form, paper, records, rules

spec = GameSpec(
    rules=rules,
    round_form=form.PointsRoundForm(),
    words=ROUND,
    events=(),
    paper=paper.PAPER,
    chart=paper.CHART,
    records=records.RECORDS,
    form_ahead=True,
    folder=Path(__file__).parent,
    samples=examples.SAMPLES,
)
