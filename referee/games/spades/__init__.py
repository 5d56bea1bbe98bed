"""Spades, in two partnerships or each for themselves: its rules, round form, paper and records."""

from __future__ import annotations

from pathlib import Path

from ..spec import HAND, Chart, GameSpec
from . import events, examples, form, paper, records, rules

spec = GameSpec(
    rules=rules,
    round_form=form.SpadesRoundForm(),
    announce_form=form.SpadesAnnounceForm(),
    words=HAND,
    events=events.EVENTS,
    paper=paper.PAPER,
    chart=Chart(line=paper.target_line),
    facts=lambda setup: {"tricks": rules.tricks_per_hand(setup)},
    records=records.RECORDS,
    folder=Path(__file__).parent,
    samples=examples.SAMPLES,
)
