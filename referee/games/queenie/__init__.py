"""Queenie, the chip game of the four queens: its rules, deal form, paper and play-along."""

from __future__ import annotations

from pathlib import Path

from ..spec import DEAL, GameSpec
from . import events, examples, form, paper, records, rules

spec = GameSpec(
    rules=rules,
    round_form=form.QueenieRoundForm(),
    words=DEAL,
    events=events.EVENTS,
    paper=paper.PAPER,
    chart=paper.CHART,
    facts=lambda setup: {"chips_in_play": rules.chips_in_play(setup)},
    web=f"{__name__}.web",  # the play-along's pages and the table page's last deal
    records=records.RECORDS,
    folder=Path(__file__).parent,
    samples=examples.SAMPLES,
)
