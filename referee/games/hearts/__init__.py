"""Hearts (Dame de Pique, Black Lady): its rules, round form and paper."""

from __future__ import annotations

from pathlib import Path

from ..spec import HAND, Chart, GameSpec
from . import events, examples, form, paper, records, rules

spec = GameSpec(
    rules=rules,
    round_form=form.HeartsRoundForm(),
    words=HAND,
    events=events.EVENTS,
    paper=paper.PAPER,
    chart=Chart(line=paper.target_line),
    facts=lambda setup: {"hearts": rules.HEARTS_PER_HAND, "hand_points": rules.hand_points(setup.options)},
    records=records.RECORDS,
    form_ahead=True,
    folder=Path(__file__).parent,
    samples=examples.SAMPLES,
)
