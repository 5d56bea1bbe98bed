"""Piquet (Rubicon or au cent): its rules, deal form, paper and the stand-alone referee route."""

from __future__ import annotations

from pathlib import Path

from ..spec import DEAL, GameSpec
from . import events, examples, form, paper, records, rules

spec = GameSpec(
    rules=rules,
    round_form=form.PiquetRoundForm(),
    words=DEAL,
    events=events.EVENTS,
    paper=paper.PAPER,
    chart=paper.CHART,
    web=f"{__name__}.web",  # the stand-alone referee: two hands in, the combinations out
    records=records.RECORDS,
    folder=Path(__file__).parent,
    samples=examples.SAMPLES,
)
